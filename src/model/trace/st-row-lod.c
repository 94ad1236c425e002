#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-row-lod.h"

#define BASE_GAP ((gint64)256)

/* Merges the runs of @in separated by less than @gap into @out (which has
 * room for in->n runs) as long as the merged run stays shorter than @gap:
 * it is then thinner than a pixel wherever this level is drawn, and a slice
 * wide enough to see keeps its own edges and colour. The merged run keeps
 * the longest slice. */
static void
merge_runs (const StLodLevel *in, StLodLevel *out, gint64 gap, const StSlice *slices)
{
  guint n = 0;

  for (guint i = 0; i < in->n; i++)
    {
      if (n > 0 && in->start[i] - out->end[n - 1] < gap
          && MAX (out->end[n - 1], in->end[i]) - out->start[n - 1] < gap)
        {
          out->end[n - 1] = MAX (out->end[n - 1], in->end[i]);
          if (slices[in->rep[i]].dur > slices[out->rep[n - 1]].dur)
            {
              out->rep[n - 1] = in->rep[i];
              out->name[n - 1] = in->name[i];
            }
          continue;
        }
      out->start[n] = in->start[i];
      out->end[n] = in->end[i];
      out->rep[n] = in->rep[i];
      out->name[n] = in->name[i];
      n++;
    }
  out->n = n;
  out->gap = gap;
}

static void
level_alloc (StLodLevel *level, guint n)
{
  level->start = g_new (gint64, MAX (1, n));
  level->end = g_new (gint64, MAX (1, n));
  level->rep = g_new (guint32, MAX (1, n));
  level->name = g_new (guint32, MAX (1, n));
  level->n = n;
}

static void
level_free (StLodLevel *level)
{
  g_free (level->start);
  g_free (level->end);
  g_free (level->rep);
  g_free (level->name);
}

/* A copy of @src with room for @capacity runs. */
static void
level_copy (StLodLevel *dst, const StLodLevel *src, guint capacity)
{
  level_alloc (dst, capacity);
  dst->n = src->n;
  dst->gap = src->gap;
  memcpy (dst->start, src->start, src->n * sizeof (gint64));
  memcpy (dst->end, src->end, src->n * sizeof (gint64));
  memcpy (dst->rep, src->rep, src->n * sizeof (guint32));
  memcpy (dst->name, src->name, src->n * sizeof (guint32));
}

/* Gives back the room a kept level does not use. */
static void
level_trim (StLodLevel *level)
{
  level->start = g_renew (gint64, level->start, MAX (1, level->n));
  level->end = g_renew (gint64, level->end, MAX (1, level->n));
  level->rep = g_renew (guint32, level->rep, MAX (1, level->n));
  level->name = g_renew (guint32, level->name, MAX (1, level->n));
}

/* Builds the pyramid of slices[first, first + n), one row sorted by start. */
void
st_row_lod_build (StRowLod *lod, const StSlice *slices, guint first, guint n)
{
  g_autoptr (GArray) levels = g_array_new (FALSE, FALSE, sizeof (StLodLevel));
  StLodLevel         current, merged;
  guint              kept = n;

  memset (lod, 0, sizeof *lod);
  if (n < 64)
    return; /* a short row is drawn from its slices */
  level_alloc (&current, n);
  for (guint i = 0; i < n; i++)
    {
      current.start[i] = slices[first + i].start;
      current.end[i] = slices[first + i].start + slices[first + i].dur;
      current.rep[i] = first + i;
      current.name[i] = slices[first + i].name;
    }
  level_alloc (&merged, n);
  for (gint64 gap = BASE_GAP; current.n > 1 && gap < G_MAXINT64 / 8; gap *= 4)
    {
      StLodLevel swap;

      merge_runs (&current, &merged, gap, slices);
      swap = current;
      current = merged;
      merged = swap;
      if (current.n * 2 > kept)
        continue;
      kept = current.n;
      level_trim (&current);
      g_array_append_val (levels, current);
      /* the kept runs stay; go on merging from an exact copy of them */
      level_copy (&current, &g_array_index (levels, StLodLevel, levels->len - 1), n);
    }
  level_free (&current);
  level_free (&merged);
  lod->n_levels = levels->len;
  lod->levels = (StLodLevel *)(void *)g_array_free (g_steal_pointer (&levels), FALSE);
}

void
st_row_lod_clear (StRowLod *lod)
{
  for (guint i = 0; i < lod->n_levels; i++)
    {
      g_free (lod->levels[i].start);
      g_free (lod->levels[i].end);
      g_free (lod->levels[i].rep);
      g_free (lod->levels[i].name);
    }
  g_clear_pointer (&lod->levels, g_free);
  lod->n_levels = 0;
}

/* The pyramids of every row of a track. */
StRowLod *
st_row_lods_new (const StSlice *slices, guint n_rows, const guint *row_offsets)
{
  StRowLod *lods = g_new0 (StRowLod, MAX (1, n_rows));

  for (guint d = 0; d < n_rows; d++)
    st_row_lod_build (&lods[d], slices, row_offsets[d], row_offsets[d + 1] - row_offsets[d]);
  return lods;
}

void
st_row_lods_free (StRowLod *lods, guint n_rows)
{
  if (lods == NULL)
    return;
  for (guint d = 0; d < n_rows; d++)
    st_row_lod_clear (&lods[d]);
  g_free (lods);
}

/* The coarsest level that hides no gap wider than a pixel, or NULL when the
 * row's own slices are the right level. */
const StLodLevel *
st_row_lod_pick (const StRowLod *lod, double ns_per_pixel)
{
  const StLodLevel *best = NULL;

  for (guint i = 0; i < lod->n_levels && lod->levels[i].gap <= ns_per_pixel; i++)
    best = &lod->levels[i];
  return best;
}

gsize
st_row_lod_get_memory (const StRowLod *lod)
{
  gsize bytes = 0;

  for (guint i = 0; i < lod->n_levels; i++)
    bytes += lod->levels[i].n * (2 * sizeof (gint64) + 2 * sizeof (guint32));
  return bytes;
}
