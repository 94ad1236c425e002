/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-select.h"

/* Wirth's selection (Hoare's partition, one side followed): after it,
 * v[k] is the @k-th smallest of @v[0, n) (from 0), the values before it
 * no larger and those after no smaller. */
gint64
st_select_kth (gint64 *v, gsize n, gsize k)
{
  gssize l = 0, m = (gssize)n - 1, s = (gssize)k;

  while (l < m)
    {
      gint64 x = v[s];
      gssize i = l, j = m;

      do
        {
          while (v[i] < x)
            i++;
          while (x < v[j])
            j--;
          if (i <= j)
            {
              gint64 t = v[i];

              v[i] = v[j];
              v[j] = t;
              i++;
              j--;
            }
        }
      while (i <= j);
      if (j < s)
        l = i;
      if (s < i)
        m = j;
    }
  return v[s];
}
