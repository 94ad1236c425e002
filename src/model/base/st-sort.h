/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sort.h: a stable natural merge sort, generated per element type.
 *
 * Trace events are mostly in order already (per thread, by time), so the
 * sort finds the ascending runs and merges them: linear on sorted input,
 * n log n at worst. The comparison is an inlined expression, not a function
 * pointer: these sorts run over millions of slices on the load path.
 *
 *   ST_DEFINE_SORT (sort_slices_by_start, StSlice, a->start < b->start)
 *
 * defines `static void sort_slices_by_start (StSlice *v, gsize n, StSlice *tmp)`
 * where BEFORE(a, b) says that *a must come strictly before *b, and @tmp is
 * scratch space for n elements (or NULL to allocate it).
 */
#pragma once

#include <glib.h>
#include <string.h>

#define ST_SORT_MIN_RUN 32

/* The place of the first of the @n sorted values @v at or above @value:
 * where @value is, or would go. */
static inline guint
st_sorted_find_int64 (const gint64 *v, guint n, gint64 value)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (v[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* A search of sorted @v on from a place, for searches whose values come
 * in order (each from the last one's answer):
 *
 *   ST_DEFINE_SEARCH_FROM (ops_up_to, HostOp, gint64, e->start <= value)
 *
 * defines `static guint ops_up_to (const HostOp *v, guint n, guint from,
 * gint64 value)`, the first place whose element *e is not BEFORE @value,
 * where BEFORE holds of a prefix of @v. It gallops on from @from, so a
 * walk of searches costs about a step each rather than a binary search
 * each; from the start when the element before @from is not BEFORE, so
 * any @from gives the answer. */
#define ST_DEFINE_SEARCH_FROM(fn, type, value_type, before)                     \
  static inline gboolean fn##_before (const type *e, value_type value)          \
  {                                                                             \
    return (before);                                                            \
  }                                                                             \
                                                                                \
  static inline guint fn (const type *v, guint n, guint from, value_type value) \
  {                                                                             \
    guint lo = MIN (from, n), hi, step = 1;                                     \
                                                                                \
    if (lo > 0 && !fn##_before (&v[lo - 1], value))                             \
      lo = 0;                                                                   \
    for (hi = lo; hi < n && fn##_before (&v[hi], value); step *= 2)             \
      {                                                                         \
        lo = hi + 1;                                                            \
        hi = (guint)MIN ((guint64)n, (guint64)hi + step);                       \
      }                                                                         \
    while (lo < hi)                                                             \
      {                                                                         \
        guint mid = lo + (hi - lo) / 2;                                         \
                                                                                \
        if (fn##_before (&v[mid], value))                                       \
          lo = mid + 1;                                                         \
        else                                                                    \
          hi = mid;                                                             \
      }                                                                         \
    return lo;                                                                  \
  }

#define ST_DEFINE_SORT(fn, type, before)                                     \
  static inline gboolean fn##_before (const type *a, const type *b)          \
  {                                                                          \
    return (before);                                                         \
  }                                                                          \
                                                                             \
  static void fn##_insertion (type *v, gsize lo, gsize start, gsize hi)      \
  {                                                                          \
    for (gsize i = MAX (start, lo + 1); i < hi; i++)                         \
      {                                                                      \
        type  x = v[i];                                                      \
        gsize j = i;                                                         \
        while (j > lo && fn##_before (&x, &v[j - 1]))                        \
          {                                                                  \
            v[j] = v[j - 1];                                                 \
            j--;                                                             \
          }                                                                  \
        v[j] = x;                                                            \
      }                                                                      \
  }                                                                          \
                                                                             \
  static void fn##_merge (type *v, gsize lo, gsize mid, gsize hi, type *tmp) \
  {                                                                          \
    gsize i = lo, j = mid, k = lo;                                           \
    if (!fn##_before (&v[mid], &v[mid - 1]))                                 \
      return; /* already in order across the boundary */                     \
    while (i < mid && j < hi)                                                \
      tmp[k++] = fn##_before (&v[j], &v[i]) ? v[j++] : v[i++];               \
    while (i < mid)                                                          \
      tmp[k++] = v[i++];                                                     \
    memcpy (&v[lo], &tmp[lo], (j - lo) * sizeof (type));                     \
  }                                                                          \
                                                                             \
  static gsize fn##_runs (type *v, gsize n, GArray *bounds)                  \
  {                                                                          \
    gsize i = 0;                                                             \
    while (i < n)                                                            \
      {                                                                      \
        gsize start = i++;                                                   \
        while (i < n && !fn##_before (&v[i], &v[i - 1]))                     \
          i++;                                                               \
        if (i - start < ST_SORT_MIN_RUN && i < n)                            \
          {                                                                  \
            gsize end = MIN (n, start + ST_SORT_MIN_RUN);                    \
            fn##_insertion (v, start, i, end);                               \
            i = end;                                                         \
          }                                                                  \
        g_array_append_val (bounds, i);                                      \
      }                                                                      \
    return bounds->len;                                                      \
  }                                                                          \
                                                                             \
  G_GNUC_UNUSED static void fn (type *v, gsize n, type *scratch)             \
  {                                                                          \
    g_autoptr (GArray) bounds = NULL;                                        \
    type              *tmp = scratch;                                        \
    gsize              i;                                                    \
    for (i = 1; i < n && !fn##_before (&v[i], &v[i - 1]); i++)               \
      ;                                                                      \
    if (i >= n)                                                              \
      return;                                                                \
    bounds = g_array_new (FALSE, FALSE, sizeof (gsize));                     \
    fn##_runs (v, n, bounds);                                                \
    if (tmp == NULL)                                                         \
      tmp = g_new (type, n);                                                 \
    while (bounds->len > 1)                                                  \
      {                                                                      \
        gsize *b = (gsize *)(void *)bounds->data, out = 0, lo = 0;           \
        for (i = 0; i + 1 < bounds->len; i += 2)                             \
          {                                                                  \
            fn##_merge (v, lo, b[i], b[i + 1], tmp);                         \
            lo = b[out++] = b[i + 1];                                        \
          }                                                                  \
        if (i < bounds->len)                                                 \
          b[out++] = b[i];                                                   \
        g_array_set_size (bounds, out);                                      \
      }                                                                      \
    if (scratch == NULL)                                                     \
      g_free (tmp);                                                          \
  }
