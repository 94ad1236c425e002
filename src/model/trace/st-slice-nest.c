/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-slice-nest.c: see st-slice-nest.h. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-slice-nest.h"
#include "st-sort.h"

ST_DEFINE_SORT (sort_nest,
                StSliceNest,
                a->start != b->start ? a->start < b->start
                : a->end != b->end   ? a->end > b->end
                                     : a->offset < b->offset)

/* Written straight into an array sized for the slices between each row's
 * bounds, since there are millions of them. */
void
st_slice_nests_fill (const StTrack *track,
                     gint64         start,
                     gint64         end,
                     StStringId     skip,
                     GArray        *nests,
                     GArray        *scratch)
{
  const StSlice *slices = track->slices;
  gsize          bound = 0, n = 0;
  StSliceNest   *out;

  for (guint row = 0; track->row_offsets != NULL && row < track->n_rows; row++)
    {
      guint lo = track->row_offsets[row], hi = track->row_offsets[row + 1];

      bound += st_row_first_starting (slices, lo, hi, end)
               - st_row_first_ending (slices, lo, hi, start);
    }
  g_array_set_size (nests, bound);
  out = (StSliceNest *)(void *)nests->data;
  for (guint row = 0; track->row_offsets != NULL && row < track->n_rows; row++)
    {
      guint lo = track->row_offsets[row], hi = track->row_offsets[row + 1];
      guint past = st_row_first_starting (slices, lo, hi, end);

      for (guint i = st_row_first_ending (slices, lo, hi, start); i < past; i++)
        {
          const StSlice *s = &slices[i];

          if ((s->start + s->dur > start || (s->dur == 0 && s->start >= start)) && s->cat != skip
              && s->name != skip)
            out[n++] = (StSliceNest){ s->start, s->start + s->dur, s->offset, i };
        }
    }
  g_array_set_size (nests, n);
  if (scratch != NULL)
    g_array_set_size (scratch, n);
  sort_nest (out, n, scratch != NULL ? (StSliceNest *)(void *)scratch->data : NULL);
}

GArray *
st_slice_nests_in_range (const StTrack *track, gint64 start, gint64 end, StStringId skip)
{
  GArray *nests = g_array_new (FALSE, FALSE, sizeof (StSliceNest));

  st_slice_nests_fill (track, start, end, skip, nests, NULL);
  return nests;
}
