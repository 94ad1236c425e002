/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-row-lod.h"

#define BASE_GAP ((gint64)256)

/* Merges the runs of @level separated by less than @gap, in place, as long
 * as the merged run stays shorter than @gap: it is then thinner than a
 * pixel wherever this level is drawn, and a slice wide enough to see keeps
 * its own edges and colour. The merged run keeps the longest slice. Run n
 * is written only once run i >= n is read, so one buffer serves. */
static void
merge_runs (StLodLevel *level, gint64 gap, const StSlice *slices)
{
  guint n = 0;

  for (guint i = 0; i < level->n; i++)
    {
      gint64 start = level->start[i], end = level->end[i];

      if (n > 0 && start - level->end[n - 1] < gap
          && MAX (level->end[n - 1], end) - level->start[n - 1] < gap)
        {
          level->end[n - 1] = MAX (level->end[n - 1], end);
          if (slices[level->rep[i]].dur > slices[level->rep[n - 1]].dur)
            {
              level->rep[n - 1] = level->rep[i];
              level->name[n - 1] = level->name[i];
            }
          continue;
        }
      level->start[n] = start;
      level->end[n] = end;
      level->rep[n] = level->rep[i];
      level->name[n] = level->name[i];
      n++;
    }
  level->n = n;
  level->gap = gap;
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

/* A copy of @src, of its size. */
static void
level_copy (StLodLevel *dst, const StLodLevel *src)
{
  level_alloc (dst, src->n);
  dst->gap = src->gap;
  memcpy (dst->start, src->start, src->n * sizeof (gint64));
  memcpy (dst->end, src->end, src->n * sizeof (gint64));
  memcpy (dst->rep, src->rep, src->n * sizeof (guint32));
  memcpy (dst->name, src->name, src->n * sizeof (guint32));
}

/* The work level of a row of @n slices: in @scratch when it has room (24
 * bytes a slice), else memory of its own (*own, to free). */
static void
work_level (StLodLevel *work, guint n, gpointer scratch, gsize scratch_size, gboolean *own)
{
  *own = scratch == NULL || scratch_size < (gsize)n * (2 * sizeof (gint64) + 2 * sizeof (guint32));
  if (*own)
    {
      level_alloc (work, n);
      return;
    }
  work->start = scratch;
  work->end = work->start + n;
  work->rep = (guint32 *)(void *)(work->end + n);
  work->name = work->rep + n;
  work->n = n;
}

/* Builds the pyramid of slices[first, first + n), one row sorted by start:
 * its runs merged in one work level, a copy of them kept each time they
 * are half as many as the level kept before. */
static void
build (StRowLod      *lod,
       const StSlice *slices,
       guint          first,
       guint          n,
       gpointer       scratch,
       gsize          scratch_size)
{
  g_autoptr (GArray) levels = g_array_new (FALSE, FALSE, sizeof (StLodLevel));
  StLodLevel         work;
  guint              kept = n;
  gboolean           own;

  memset (lod, 0, sizeof *lod);
  if (n < 64)
    return; /* a short row is drawn from its slices */
  work_level (&work, n, scratch, scratch_size, &own);
  for (guint i = 0; i < n; i++)
    {
      work.start[i] = slices[first + i].start;
      work.end[i] = slices[first + i].start + slices[first + i].dur;
      work.rep[i] = first + i;
      work.name[i] = slices[first + i].name;
    }
  for (gint64 gap = BASE_GAP; work.n > 1 && gap < G_MAXINT64 / 8; gap *= 4)
    {
      StLodLevel level;

      merge_runs (&work, gap, slices);
      if (work.n * 2 > kept)
        continue;
      kept = work.n;
      level_copy (&level, &work);
      g_array_append_val (levels, level);
    }
  if (own)
    level_free (&work);
  lod->n_levels = levels->len;
  lod->levels = (StLodLevel *)(void *)g_array_free (g_steal_pointer (&levels), FALSE);
}

void
st_row_lod_build (StRowLod *lod, const StSlice *slices, guint first, guint n)
{
  build (lod, slices, first, n, NULL, 0);
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
  return st_row_lods_new_in (slices, n_rows, row_offsets, NULL, 0);
}

/* The same, merging in @scratch (@scratch_size bytes: 24 a slice of the
 * longest row) rather than in memory made and freed for each row: a track
 * laid out has scratch memory to spare, and the levels it keeps are then
 * the only memory its pyramids take. */
StRowLod *
st_row_lods_new_in (const StSlice *slices,
                    guint          n_rows,
                    const guint   *row_offsets,
                    gpointer       scratch,
                    gsize          scratch_size)
{
  StRowLod *lods = g_new0 (StRowLod, MAX (1, n_rows));

  for (guint d = 0; d < n_rows; d++)
    build (&lods[d], slices, row_offsets[d], row_offsets[d + 1] - row_offsets[d], scratch,
           scratch_size);
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
