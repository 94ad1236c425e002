/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-nsys: the Nsight Systems importer, given any bytes as the database
 * (the loader hands it only files with SQLite's header; here anything, so
 * SQLite's checks and the importer's own stand between bytes and memory).
 * The seeds are small exports: libFuzzer's mutations of them are damaged
 * pages, odd schemas and odd rows. Two readers, so that the texts are
 * joined and the launches linked across shards. */
#include "config.h"

#include "st-fuzz-util.h"
#include "st-nsys-importer.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)         error = NULL;
  g_autoptr (StTrace)        trace = NULL;
  g_autoptr (StSource)       source = NULL;
  g_autoptr (StNsysDatabase) db = NULL;
  g_autofree char           *copy = st_fuzz_copy (data, size);
  StTraceBuilder            *builder;

  st_fuzz_init ();
  st_nsys_sniff (copy, size);
  source = st_source_new_for_data ("fuzz.sqlite", copy, size);
  db = st_nsys_database_open (source, NULL, &error);
  if (db == NULL || !st_nsys_database_is_export (db))
    return 0;
  builder = st_trace_builder_new (source, "nsys-sqlite");
  if (st_nsys_import (builder, db, 2, NULL, NULL, NULL, &error))
    trace = st_trace_builder_finish (builder, NULL, NULL, NULL, &error);
  st_trace_builder_free (builder);
  g_assert ((trace == NULL) == (error != NULL));
  if (trace != NULL)
    st_fuzz_walk_args (trace, 8);
  return 0;
}
