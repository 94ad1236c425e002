/* st-bench-util.h: what every benchmark does around its measurements:
 * bring the file into the page cache, sort the times it took. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gsize  st_bench_file_size (const char *path);
void   st_bench_warm (const char *path);
void   st_bench_sort (GArray *times);
double st_bench_quantile (GArray *sorted, double q);
double st_bench_median (GArray *times);

G_END_DECLS
