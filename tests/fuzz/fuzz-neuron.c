/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-neuron: the Neuron device-profile importer, given any bytes (the
 * loader only hands it files that sniff as Neuron profiles; here it gets
 * everything, so its own checks are what stands between bytes and memory). */
#include "config.h"

#include "st-fuzz-util.h"
#include "st-neuron-importer.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)   error = NULL;
  g_autoptr (StTrace)  trace = NULL;
  g_autoptr (StSource) source = NULL;
  g_autofree char     *copy = st_fuzz_copy (data, size);
  StTraceBuilder      *builder;

  st_fuzz_init ();
  st_neuron_sniff (copy, size);
  source = st_source_new_for_data ("fuzz.json", copy, size);
  builder = st_trace_builder_new (source, "neuron-json");
  if (st_neuron_import (builder, source, 0, NULL, NULL, NULL, &error))
    trace = st_trace_builder_finish (builder, NULL, NULL, NULL, &error);
  st_trace_builder_free (builder);
  g_assert ((trace == NULL) == (error != NULL));
  if (trace != NULL)
    st_fuzz_walk_args (trace, 8);
  return 0;
}
