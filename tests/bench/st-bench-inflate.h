/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-bench-inflate.h: inflating a whole .gz file alone, with each gzip
 * library this build found, to weigh Strata's gzip load against. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Inflates @n bytes of gzip at @in (members one after another) and returns
 * the bytes of text it made. */
typedef gsize (*StBenchInflateFunc) (const guchar *in, gsize n);

typedef struct
{
  const char        *name;
  StBenchInflateFunc inflate;
} StBenchInflater;

/* The inflaters of this build, zlib first; ends with a NULL name. */
extern const StBenchInflater st_bench_inflaters[];

const StBenchInflater *st_bench_inflater_find (const char *name);
double                 st_bench_time_inflate (const StBenchInflater *inflater,
                                              const char            *path,
                                              guint                  runs,
                                              gsize                 *text_bytes);

G_END_DECLS
