/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-bench-util.h: what every benchmark does around its measurements:
 * bring the file into the page cache, read the clock and the memory kept,
 * sort the times it took. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gsize  st_bench_file_size (const char *path);
void   st_bench_warm (const char *path);
void   st_bench_sort (GArray *times);
double st_bench_quantile (GArray *sorted, double q);
double st_bench_median (GArray *times);
/* The monotonic clock, in ms. */
double st_bench_now_ms (void);
/* The process's anonymous resident memory in bytes (Linux), after giving
 * the allocator's free memory back; 0 if unknown. */
guint64 st_bench_anonymous_bytes (void);

G_END_DECLS
