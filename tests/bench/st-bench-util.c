/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include <malloc.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

gsize
st_bench_file_size (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0 ? (gsize)st.st_size : 0;
}

/* Reads the file once so that the measurements find it in the page cache. */
void
st_bench_warm (const char *path)
{
  g_autoptr (GMappedFile) mapped = g_mapped_file_new (path, FALSE, NULL);
  const char             *p;
  volatile char           sink = 0;

  if (mapped == NULL)
    return;
  p = g_mapped_file_get_contents (mapped);
  for (gsize i = 0; i < g_mapped_file_get_length (mapped); i += 4096)
    sink ^= p[i];
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Sorts an array of doubles, smallest first. */
void
st_bench_sort (GArray *times)
{
  g_array_sort (times, compare_doubles);
}

/* The value below which @q of the (sorted) times fall: 0.5 is the median. */
double
st_bench_quantile (GArray *sorted, double q)
{
  guint i = MIN (sorted->len - 1, (guint)(q * sorted->len));
  return g_array_index (sorted, double, i);
}

/* Sorts @times and gives their median. */
double
st_bench_median (GArray *times)
{
  st_bench_sort (times);
  return st_bench_quantile (times, 0.5);
}

double
st_bench_now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

guint64
st_bench_anonymous_bytes (void)
{
  g_autofree char *status = NULL;
  const char      *line;

  malloc_trim (0);
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "RssAnon:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("RssAnon:"), NULL, 10) * 1024;
}
