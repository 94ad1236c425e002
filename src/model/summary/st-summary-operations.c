/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-operations.c: the operations tables (docs/metrics.md 4).
 * Kernels holds the device events of StDeviceWork; Host ops every other
 * slice of a slice track, but Neuron's active_time rows (engine states,
 * not operations). Per name, and per name and track: count, total, self,
 * min and max of the slices overlapping the range, clipped to it, and the
 * share of the table's self time; largest total first, then by name.
 *
 * A slice's self time is its clipped duration minus the clipped durations
 * of its children: the slices it is the innermost container of on its
 * track. That nesting is found here from the slices' bounds, not from the
 * track's drawn rows: a partial overlap puts a slice on an extra lane of
 * the drawing, yet what it contains is still its children. Every slice of
 * the track nests, whatever its table: an annotation on a GPU stream has
 * the kernels it encloses as children.
 *
 * The tables of the whole profile are made once, by the same walk, and
 * kept with the trace: the Summary page opens on them, and a range walks
 * only the slices it holds. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-summary-private.h"
#include "st-format.h"
#include "st-slice-nest.h"
#include "st-time.h"

#include <string.h>

/* A map from string ids to a row, 0 for none, that costs memory only for
 * the parts of the id space in use. A table per id was cleared whole for
 * every range: a comparison of a hundred thousand steps in a profile of a
 * hundred thousand names cleared ten billion bytes to touch a few names
 * per step. Pages of SLOT_PAGE ids are made when an id in them is first
 * set. */
#define SLOT_PAGE_BITS 10
#define SLOT_PAGE      (1u << SLOT_PAGE_BITS)

typedef struct
{
  guint **pages;
  guint   n_pages;
} SlotMap;

static void
slot_map_init (SlotMap *map, guint n_ids)
{
  map->n_pages = (MAX (1, n_ids) + SLOT_PAGE - 1) >> SLOT_PAGE_BITS;
  map->pages = g_new0 (guint *, map->n_pages);
}

static void
slot_map_clear (SlotMap *map)
{
  for (guint i = 0; i < map->n_pages; i++)
    g_free (map->pages[i]);
  g_clear_pointer (&map->pages, g_free);
  map->n_pages = 0;
}

static inline guint
slot_map_get (const SlotMap *map, guint id)
{
  const guint *page = map->pages[id >> SLOT_PAGE_BITS];

  return page != NULL ? page[id & (SLOT_PAGE - 1)] : 0;
}

static inline void
slot_map_set (SlotMap *map, guint id, guint value)
{
  guint **page = &map->pages[id >> SLOT_PAGE_BITS];

  if (*page == NULL)
    *page = g_new0 (guint, SLOT_PAGE);
  (*page)[id & (SLOT_PAGE - 1)] = value;
}

/* The rows of one table being filled. */
typedef struct
{
  GArray *rows;       /* per name */
  GArray *track_rows; /* per name and track */
  SlotMap name_slot;  /* per string id: index + 1 in rows */
  SlotMap track_slot; /* per string id: index + 1 in track_rows, on the current track */
  GArray *touched;    /* string ids with a slot in track_slot */
} Table;

typedef struct
{
  StSummaryJob    *job;
  Table            tables[ST_N_OPERATIONS_TABLES];
  const StWorkTag *tags; /* of the current track, NULL when it holds no device event */
  guint            track;
  StStringId       state_cat; /* Neuron's "active_time" */
  /* of one track, reused from track to track: a block the size of each
   * large track, made and freed, costs its pages' faults every time */
  GArray *nests;    /* StSliceNest */
  GArray *children; /* gint64, per nest */
  GArray *stack;    /* guint */
} OpJob;

static void
account (StOperationRow *row, gint64 dur, gint64 self)
{
  if (row->count == 0 || dur < row->min_ns)
    row->min_ns = dur;
  if (row->count == 0 || dur > row->max_ns)
    row->max_ns = dur;
  row->count++;
  row->total_ns = st_time_add_sat (row->total_ns, dur);
  row->self_ns = st_time_add_sat (row->self_ns, self);
}

/* The row of @name in @rows, through @slots; a new one when it has none. */
static StOperationRow *
row_of (GArray *rows, SlotMap *slots, StStringId name, guint track, GArray *touched)
{
  guint slot = slot_map_get (slots, name);

  if (slot == 0)
    {
      StOperationRow row = { 0 };

      row.name = name;
      row.track = track;
      g_array_append_val (rows, row);
      slot = rows->len;
      slot_map_set (slots, name, slot);
      if (touched != NULL)
        g_array_append_val (touched, name);
    }
  return &g_array_index (rows, StOperationRow, slot - 1);
}

static void
add_slice (OpJob *op, const StSlice *slice, guint index, gint64 dur, gint64 children)
{
  gboolean device = op->tags != NULL && op->tags[index].klass != ST_CLASS_NONE;
  Table   *table = &op->tables[device ? ST_OPERATIONS_KERNELS : ST_OPERATIONS_HOST];
  /* a device event has no children (docs/metrics.md 4) */
  gint64 self = device ? dur : dur - children;

  if (!device && (slice->cat == op->state_cat || slice->name == op->state_cat))
    return;
  account (row_of (table->rows, &table->name_slot, slice->name, G_MAXUINT, NULL), dur, self);
  if (!op->job->by_name_only)
    account (row_of (table->track_rows, &table->track_slot, slice->name, op->track, table->touched),
             dur, self);
}

/* Each slice's parent is the innermost slice before it (outer first) that
 * still holds its end: the one on top of the stack once every slice ending
 * before it is off. A slice that only partly overlaps another is not
 * nested in it. */
static void
walk_track (OpJob *op, const StTrack *t)
{
  GArray *nests = op->nests;
  gint64 *children;
  guint  *stack;
  guint   depth = 0;

  if (t->kind != ST_TRACK_SLICES || t->n_slices == 0 || t->row_offsets == NULL)
    return;
  st_slice_nests_fill (t, op->job->start, op->job->end, ST_STRING_NONE, nests);
  if (nests->len == 0)
    return;
  g_array_set_size (op->children, nests->len);
  g_array_set_size (op->stack, nests->len);
  children = (gint64 *)(void *)op->children->data;
  stack = (guint *)(void *)op->stack->data;
  memset (children, 0, nests->len * sizeof (gint64));
  for (guint i = 0; i < nests->len; i++)
    {
      const StSliceNest *n = &g_array_index (nests, StSliceNest, i);

      while (depth > 0 && g_array_index (nests, StSliceNest, stack[depth - 1]).end < n->end)
        depth--;
      if (depth > 0)
        children[stack[depth - 1]]
            += st_summary_clipped (&t->slices[n->index], op->job->start, op->job->end);
      stack[depth++] = i;
    }
  for (guint i = 0; i < nests->len; i++)
    {
      const StSlice *s = &t->slices[g_array_index (nests, StSliceNest, i).index];

      add_slice (op, s, g_array_index (nests, StSliceNest, i).index,
                 st_summary_clipped (s, op->job->start, op->job->end), children[i]);
    }
}

static int
compare_rows (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const StOperationRow *a = pa, *b = pb;
  int                   by_name;

  if (a->self_ns != b->self_ns)
    return a->self_ns > b->self_ns ? -1 : 1;
  if (a->total_ns != b->total_ns)
    return a->total_ns > b->total_ns ? -1 : 1;
  by_name = st_natural_compare (st_trace_get_string (data, a->name),
                                st_trace_get_string (data, b->name));
  if (by_name != 0)
    return by_name;
  return a->track < b->track ? -1 : a->track > b->track;
}

/* Each row's share of @total, then the order of docs/metrics.md 4. */
static void
finish (GArray *rows, gint64 total, StTrace *trace)
{
  for (guint i = 0; i < rows->len; i++)
    {
      StOperationRow *row = &g_array_index (rows, StOperationRow, i);

      row->share_percent = total != 0 ? 100.0 * row->self_ns / total : 0;
    }
  g_array_sort_with_data (rows, compare_rows, trace);
}

static void
finish_table (Table *table, StTrace *trace)
{
  gint64 total = 0;

  for (guint i = 0; i < table->rows->len; i++)
    total = st_time_add_sat (total, g_array_index (table->rows, StOperationRow, i).self_ns);
  finish (table->rows, total, trace);
  finish (table->track_rows, total, trace);
  slot_map_clear (&table->name_slot);
  slot_map_clear (&table->track_slot);
  g_array_unref (table->touched);
}

static void
op_job_init (OpJob *op, StSummaryJob *job, GArray **rows, GArray **track_rows)
{
  guint n_strings = MAX (1, st_trace_get_n_strings (job->trace));

  op->job = job;
  op->state_cat = st_trace_lookup_string (job->trace, "active_time");
  op->nests = g_array_new (FALSE, FALSE, sizeof (StSliceNest));
  op->children = g_array_new (FALSE, FALSE, sizeof (gint64));
  op->stack = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
    {
      op->tables[k].rows = rows[k];
      op->tables[k].track_rows = track_rows[k];
      slot_map_init (&op->tables[k].name_slot, n_strings);
      slot_map_init (&op->tables[k].track_slot, n_strings);
      op->tables[k].touched = g_array_new (FALSE, FALSE, sizeof (StStringId));
    }
}

/* Walks tracks [from, to) of the trace: an OpJob and its range. */
typedef struct
{
  OpJob op;
  guint from;
  guint to;
} Walk;

static gpointer
walk_tracks (gpointer data)
{
  Walk         *w = data;
  StSummaryJob *job = w->op.job;

  for (guint t = w->from; t < w->to && !g_cancellable_is_cancelled (job->cancellable); t++)
    {
      w->op.track = t;
      w->op.tags = st_device_work_get_tags (job->work, t);
      walk_track (&w->op, st_trace_get_track (job->trace, t));
      for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
        {
          Table *table = &w->op.tables[k];

          for (guint i = 0; i < table->touched->len; i++)
            slot_map_set (&table->track_slot, g_array_index (table->touched, StStringId, i), 0);
          g_array_set_size (table->touched, 0);
        }
    }
  g_clear_pointer (&w->op.nests, g_array_unref);
  g_clear_pointer (&w->op.children, g_array_unref);
  g_clear_pointer (&w->op.stack, g_array_unref);
  return NULL;
}

/* @from's rows added to @into's: the per-name rows by name, the per-track
 * ones (of other tracks) as they are. Sums and extremes, so the rows are
 * those of one walk of every track. */
static void
merge_table (Table *into, Table *from)
{
  for (guint i = 0; i < from->rows->len; i++)
    {
      const StOperationRow *r = &g_array_index (from->rows, StOperationRow, i);
      StOperationRow       *row = row_of (into->rows, &into->name_slot, r->name, G_MAXUINT, NULL);

      row->min_ns = row->count == 0 ? r->min_ns : MIN (row->min_ns, r->min_ns);
      row->max_ns = row->count == 0 ? r->max_ns : MAX (row->max_ns, r->max_ns);
      row->count += r->count;
      row->total_ns = st_time_add_sat (row->total_ns, r->total_ns);
      row->self_ns = st_time_add_sat (row->self_ns, r->self_ns);
    }
  g_array_append_vals (into->track_rows, from->track_rows->data, from->track_rows->len);
  slot_map_clear (&from->name_slot);
  slot_map_clear (&from->track_slot);
  g_array_unref (from->touched);
}

/* Where to split the tracks in two of about as many slices, or 0 when
 * there are too few to be worth a thread. */
#define SPLIT_MIN_SLICES 65536

static guint
split_tracks (StTrace *trace)
{
  guint   n_tracks = st_trace_get_n_tracks (trace), t = 0;
  guint64 total = 0, half = 0;

  for (guint i = 0; i < n_tracks; i++)
    total += st_trace_get_track (trace, i)->n_slices;
  if (total < SPLIT_MIN_SLICES || n_tracks < 2)
    return 0;
  for (; t + 1 < n_tracks && 2 * half < total; t++)
    half += st_trace_get_track (trace, t)->n_slices;
  return t;
}

/* Fills @rows and @track_rows, per table, for the job's range: the
 * tracks in two halves on two threads when there are many slices. */
static void
fill_tables (StSummaryJob *job, GArray **rows, GArray **track_rows)
{
  guint    n_tracks = st_trace_get_n_tracks (job->trace);
  guint    mid = split_tracks (job->trace);
  Walk     first = { { 0 }, 0, mid }, second = { { 0 }, mid, n_tracks };
  GArray  *second_rows[ST_N_OPERATIONS_TABLES];
  GArray  *second_track_rows[ST_N_OPERATIONS_TABLES];
  GThread *thread = NULL;

  for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
    {
      second_rows[k] = g_array_new (FALSE, FALSE, sizeof (StOperationRow));
      second_track_rows[k] = g_array_new (FALSE, FALSE, sizeof (StOperationRow));
    }
  op_job_init (&first.op, job, rows, track_rows);
  op_job_init (&second.op, job, second_rows, second_track_rows);
  if (mid > 0)
    thread = g_thread_new ("strata-operations", walk_tracks, &first);
  walk_tracks (&second);
  if (thread != NULL)
    g_thread_join (thread);
  for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
    {
      merge_table (&first.op.tables[k], &second.op.tables[k]);
      finish_table (&first.op.tables[k], job->trace);
      g_array_unref (second_rows[k]);
      g_array_unref (second_track_rows[k]);
    }
}

/* The tables of the whole profile, kept with the trace. */
typedef struct
{
  GArray *rows[ST_N_OPERATIONS_TABLES];
  GArray *track_rows[ST_N_OPERATIONS_TABLES];
} WholeTables;

static void
whole_tables_free (gpointer data)
{
  WholeTables *w = data;

  for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
    {
      g_clear_pointer (&w->rows[k], g_array_unref);
      g_clear_pointer (&w->track_rows[k], g_array_unref);
    }
  g_free (w);
}

static gpointer
whole_tables_new (StTrace *trace, GCancellable *cancellable)
{
  WholeTables *w = g_new0 (WholeTables, 1);
  StSummaryJob job = { 0 };

  job.trace = trace;
  job.work = st_device_work_ensure (trace, cancellable);
  job.cancellable = cancellable;
  job.start = 0;
  job.end = st_trace_get_end_ns (trace);
  for (guint k = 0; k < ST_N_OPERATIONS_TABLES; k++)
    {
      w->rows[k] = g_array_new (FALSE, FALSE, sizeof (StOperationRow));
      w->track_rows[k] = g_array_new (FALSE, FALSE, sizeof (StOperationRow));
    }
  if (job.work != NULL)
    fill_tables (&job, w->rows, w->track_rows);
  if (g_cancellable_is_cancelled (cancellable))
    {
      whole_tables_free (w);
      return NULL;
    }
  return w;
}

void
st_summary_operations (StSummaryJob *job)
{
  WholeTables *w;

  /* the kept tables of the whole profile have both kinds of rows */
  if (job->start != 0 || job->end != st_trace_get_end_ns (job->trace) || job->by_name_only)
    {
      fill_tables (job, job->summary->operations, job->summary->track_operations);
      return;
    }
  w = st_trace_ensure_data (job->trace, "summary-whole-operations", whole_tables_new,
                            whole_tables_free, job->cancellable);
  for (guint k = 0; k < ST_N_OPERATIONS_TABLES && w != NULL; k++)
    {
      g_array_append_vals (job->summary->operations[k], w->rows[k]->data, w->rows[k]->len);
      g_array_append_vals (job->summary->track_operations[k], w->track_rows[k]->data,
                           w->track_rows[k]->len);
    }
}

GListModel *
st_summary_list_operations (StTrace *trace, GArray *rows)
{
  GListStore           *store = g_list_store_new (ST_TYPE_OPERATION);
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const StOperationRow *row = &g_array_index (rows, StOperationRow, i);

      g_ptr_array_add (objects, st_operation_new (trace, row->name, row->track, row->count,
                                                  row->total_ns, row->self_ns, row->min_ns,
                                                  row->max_ns, row->share_percent));
    }
  g_list_store_splice (store, 0, 0, objects->pdata, objects->len);
  return G_LIST_MODEL (store);
}
