/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-slice-layout.h"
#include "st-sort.h"

/* Raw phases after matching: a closed B becomes ST_CLOSED. */
#define ST_CLOSED 'x'

/* How many lanes a slice may try before it is put on the least bad one: keeps
 * a pathological staircase of overlapping events linear. */
#define MAX_LANES 64

ST_DEFINE_SORT (sort_by_start, StSlice, a->start < b->start)
ST_DEFINE_SORT (sort_for_nesting,
                StSlice,
                a->start < b->start || (a->start == b->start && a->dur > b->dur))

void
st_layout_issue_note (StLayoutIssue *issue, const StSlice *slice)
{
  if (issue->count == 0 || slice->offset < issue->first_offset)
    {
      issue->first_offset = slice->offset;
      issue->first_name = slice->name;
    }
  issue->count++;
}

static void
close_slice (StSlice *begin, const StSlice *end)
{
  begin->dur = end->start - begin->start;
  begin->flags |= ST_SLICE_BEGIN_END;
  begin->depth = ST_CLOSED;
}

static void
stack_remove (GArray *stack, guint index)
{
  g_array_remove_index (stack, index);
}

/* A zero-length slice written E before B: the B at the same time, later in
 * the file, is what this E closes. */
static gboolean
close_pending_begin (StSlice *s, gsize n, gsize i)
{
  for (gsize j = i + 1; j < n && s[j].start == s[i].start; j++)
    if (s[j].depth == ST_RAW_BEGIN && s[j].name == s[i].name)
      {
        close_slice (&s[j], &s[i]);
        return TRUE;
      }
  return FALSE;
}

/* An E closes the top slice; when it names another open slice, that one; when
 * it names none, a B of its name at the same time, else the top slice. */
static void
match_end (StSlice *s, gsize n, gsize i, GArray *stack, StLayoutIssues *issues)
{
  const StSlice *e = &s[i];
  guint          top;

  if (stack->len == 0)
    {
      if (e->name == ST_STRING_EMPTY || !close_pending_begin (s, n, i))
        st_layout_issue_note (&issues->unmatched_end, e);
      return;
    }
  top = stack->len - 1;
  if (e->name != ST_STRING_EMPTY && s[g_array_index (stack, gsize, top)].name != e->name)
    {
      for (guint k = top; k-- > 0;)
        if (s[g_array_index (stack, gsize, k)].name == e->name)
          {
            close_slice (&s[g_array_index (stack, gsize, k)], e);
            stack_remove (stack, k);
            return;
          }
      if (close_pending_begin (s, n, i))
        return;
      st_layout_issue_note (&issues->mismatched_end, e);
    }
  close_slice (&s[g_array_index (stack, gsize, top)], e);
  g_array_set_size (stack, top);
}

static gboolean
has_begin_end (const StSlice *s, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (s[i].depth != ST_RAW_COMPLETE)
      return TRUE;
  return FALSE;
}

/* Matches B/E records in time order (file order at equal times) and drops
 * the E records. Returns the number of slices left. */
gsize
st_slice_match_begin_end (StSlice *s, gsize n, gint64 trace_end, StLayoutIssues *issues)
{
  g_autoptr (GArray) stack = NULL;
  gsize              out = 0;

  if (!has_begin_end (s, n))
    return n;
  sort_by_start (s, n, NULL);
  stack = g_array_new (FALSE, FALSE, sizeof (gsize));
  for (gsize i = 0; i < n; i++)
    {
      if (s[i].depth == ST_RAW_BEGIN)
        g_array_append_val (stack, i);
      else if (s[i].depth == ST_RAW_END)
        match_end (s, n, i, stack, issues);
    }
  for (guint k = 0; k < stack->len; k++)
    {
      StSlice *b = &s[g_array_index (stack, gsize, k)];
      b->dur = MAX (0, trace_end - b->start);
      b->flags |= ST_SLICE_DID_NOT_END | ST_SLICE_BEGIN_END;
      b->depth = ST_CLOSED;
      st_layout_issue_note (&issues->unclosed_begin, b);
    }
  for (gsize i = 0; i < n; i++)
    if (s[i].depth != ST_RAW_END)
      s[out++] = s[i];
  return out;
}

typedef struct
{
  gint64 *ends;
  gsize   n;
  gsize   cap;
  guint32 max_depth;
} Lane;

static guint32
lane_push (Lane *lane, gint64 end)
{
  if (lane->n == lane->cap)
    {
      lane->cap = MAX (16, lane->cap * 2);
      lane->ends = g_renew (gint64, lane->ends, lane->cap);
    }
  lane->ends[lane->n++] = end;
  lane->max_depth = MAX (lane->max_depth, (guint32)(lane->n - 1));
  return (guint32)(lane->n - 1);
}

static void
lane_pop_finished (Lane *lane, gint64 start)
{
  while (lane->n > 0 && lane->ends[lane->n - 1] <= start)
    lane->n--;
}

/* Places @sl on the first lane where it nests or stands alone; sets its depth
 * within the lane and returns the lane. */
static guint
place_slice (GArray *lanes, StSlice *sl)
{
  gint64 end = sl->start + sl->dur;
  gint64 best_end = G_MAXINT64;
  guint  best = 0;

  for (guint l = 0; l < lanes->len; l++)
    {
      Lane *lane = &g_array_index (lanes, Lane, l);

      lane_pop_finished (lane, sl->start);
      if (lane->n == 0 || end <= lane->ends[lane->n - 1])
        {
          sl->depth = lane_push (lane, end);
          return l;
        }
      if (lane->ends[lane->n - 1] < best_end)
        {
          best_end = lane->ends[lane->n - 1];
          best = l;
        }
    }
  if (lanes->len < MAX_LANES)
    {
      Lane fresh = { 0 };
      g_array_append_val (lanes, fresh);
      best = lanes->len - 1;
    }
  sl->depth = lane_push (&g_array_index (lanes, Lane, best), end);
  return best;
}

/* Returns the lanes' first rows (n_lanes + 1 entries, the last one the
 * number of rows). */
static guint *
assign_depths (StSlice *s, gsize n, gint64 origin, guint *n_lanes, StLayoutIssues *issues)
{
  g_autoptr (GArray) lanes = g_array_new (FALSE, TRUE, sizeof (Lane));
  g_autofree guint8 *lane_of = g_new (guint8, MAX (1, n));
  guint             *base;

  G_STATIC_ASSERT (MAX_LANES <= G_MAXUINT8 + 1);

  for (gsize i = 0; i < n; i++)
    {
      guint lane;

      s[i].start -= origin;
      lane = place_slice (lanes, &s[i]);
      lane_of[i] = (guint8)lane;
      if (lane > 0)
        {
          s[i].flags |= ST_SLICE_OVERLAPPING;
          st_layout_issue_note (&issues->overlapping, &s[i]);
        }
    }
  base = g_new (guint, lanes->len + 1);
  base[0] = 0;
  for (guint l = 0; l < lanes->len; l++)
    {
      Lane *lane = &g_array_index (lanes, Lane, l);
      base[l + 1] = base[l] + lane->max_depth + 1;
      g_free (lane->ends);
    }
  for (gsize i = 0; i < n; i++)
    s[i].depth += base[lane_of[i]];
  *n_lanes = lanes->len;
  return base;
}

/* Orders by depth, keeping the order by start within a depth (a stable
 * counting sort), and returns the row offsets. */
guint *
st_slice_order_by_depth (StSlice *s, gsize n, guint n_rows, StSlice *tmp)
{
  guint            *offsets = g_new0 (guint, n_rows + 1);
  g_autofree guint *pos = g_new (guint, n_rows);

  for (gsize i = 0; i < n; i++)
    offsets[s[i].depth + 1]++;
  for (guint d = 0; d < n_rows; d++)
    offsets[d + 1] += offsets[d];
  memcpy (pos, offsets, n_rows * sizeof (guint));
  for (gsize i = 0; i < n; i++)
    tmp[pos[s[i].depth]++] = s[i];
  memcpy (s, tmp, n * sizeof (StSlice));
  return offsets;
}

/* Lays out matched slices (absolute times) into rows, making their times
 * relative to @origin. @scratch has room for @n slices, or is NULL to make
 * some. Returns the number of rows. */
guint
st_slice_layout (StSlice        *s,
                 gsize           n,
                 gint64          origin,
                 guint         **row_offsets,
                 guint         **lane_rows,
                 guint          *n_lanes,
                 StLayoutIssues *issues,
                 StSlice        *scratch)
{
  g_autofree StSlice *own = NULL;
  StSlice            *tmp = scratch;
  guint               n_rows;

  if (n == 0)
    {
      *row_offsets = g_new0 (guint, 1);
      *lane_rows = g_new0 (guint, 1);
      *n_lanes = 0;
      return 0;
    }
  if (tmp == NULL)
    tmp = own = g_new (StSlice, n);
  sort_for_nesting (s, n, tmp);
  *lane_rows = assign_depths (s, n, origin, n_lanes, issues);
  n_rows = (*lane_rows)[*n_lanes];
  *row_offsets = st_slice_order_by_depth (s, n, n_rows, tmp);
  return n_rows;
}
