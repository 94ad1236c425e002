/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-flow-resolver.h"
#include "st-sort.h"

#define NO_SLICE G_MAXUINT32

typedef struct
{
  gint64  ts;
  guint32 track;
  guint32 flow;
} Query;

ST_DEFINE_SORT (sort_queries_by_ts, Query, a->ts < b->ts)

static inline gboolean
is_v2 (const StRawFlow *f)
{
  return f->phase == ST_FLOW_V2_OUT || f->phase == ST_FLOW_V2_IN;
}

/* At equal times, a v2 event's incoming end comes before its outgoing one. */
static inline int
phase_rank (const StRawFlow *f)
{
  return f->phase == ST_FLOW_V2_IN ? 0 : 1;
}

ST_DEFINE_SORT (sort_chain,
                StRawFlow,
                a->ts != b->ts           ? a->ts < b->ts
                : a->offset != b->offset ? a->offset < b->offset
                                         : phase_rank (a) < phase_rank (b))

typedef struct
{
  const StTrack *track;
  guint         *le; /* per row: how many slices start at or before the query */
} Cursor;

static inline const StSlice *
row_at (const Cursor *c, guint d, guint i)
{
  return &c->track->slices[c->track->row_offsets[d] + i];
}

static inline guint
row_len (const Cursor *c, guint d)
{
  return c->track->row_offsets[d + 1] - c->track->row_offsets[d];
}

static void
cursor_advance (Cursor *c, gint64 ts)
{
  for (guint d = 0; d < c->track->n_rows; d++)
    while (c->le[d] < row_len (c, d) && row_at (c, d, c->le[d])->start <= ts)
      c->le[d]++;
}

/* Index in row @d of the first slice starting at or after @ts. */
static guint
first_at_or_after (const Cursor *c, guint d, gint64 ts)
{
  guint i = c->le[d];

  while (i > 0 && row_at (c, d, i - 1)->start == ts)
    i--;
  return i;
}

/* The innermost slice of lane @l containing @ts, or NO_SLICE. */
static guint32
find_enclosing_in_lane (const Cursor *c, guint l, gint64 ts)
{
  for (guint d = c->track->lane_rows[l + 1]; d-- > c->track->lane_rows[l];)
    {
      guint i = c->le[d];
      if (i > 0 && row_at (c, d, i - 1)->start + row_at (c, d, i - 1)->dur >= ts)
        return c->track->row_offsets[d] + i - 1;
    }
  return NO_SLICE;
}

/* The innermost slice containing @ts. Extra lanes hold slices that overlap
 * without nesting; their rows come after the first lane's, yet the
 * innermost slice is the one that starts last (the shortest at a tie),
 * whichever lane it is in. */
static guint32
find_enclosing (const Cursor *c, gint64 ts)
{
  guint32 best = NO_SLICE;

  for (guint l = 0; l < c->track->n_lanes; l++)
    {
      guint32        s = find_enclosing_in_lane (c, l, ts);
      const StSlice *a, *b;

      if (s == NO_SLICE)
        continue;
      a = &c->track->slices[s];
      b = best != NO_SLICE ? &c->track->slices[best] : NULL;
      if (b == NULL || a->start > b->start || (a->start == b->start && a->dur < b->dur))
        best = s;
    }
  return best;
}

static guint32
find_next (const Cursor *c, gint64 ts)
{
  guint32 best = NO_SLICE;
  gint64  best_start = G_MAXINT64;

  for (guint d = 0; d < c->track->n_rows; d++)
    {
      guint i = first_at_or_after (c, d, ts);
      if (i < row_len (c, d) && row_at (c, d, i)->start < best_start)
        {
          best_start = row_at (c, d, i)->start;
          best = c->track->row_offsets[d] + i;
        }
    }
  return best;
}

static guint32
find_exact (const Cursor *c, gint64 ts, guint64 offset)
{
  for (guint d = 0; d < c->track->n_rows; d++)
    for (guint i = first_at_or_after (c, d, ts);
         i < row_len (c, d) && row_at (c, d, i)->start == ts; i++)
      if (row_at (c, d, i)->offset == offset)
        return c->track->row_offsets[d] + i;
  return NO_SLICE;
}

static guint32
bind_one (const Cursor *c, const StRawFlow *f, gint64 ts)
{
  guint32 s;

  switch (f->phase)
    {
    case ST_FLOW_V2_OUT:
    case ST_FLOW_V2_IN: return find_exact (c, ts, f->offset);
    case ST_FLOW_START: return find_enclosing (c, ts);
    default:
      if (f->enclosing)
        return find_enclosing (c, ts);
      s = find_next (c, ts);
      return s != NO_SLICE ? s : find_enclosing (c, ts);
    }
}

struct _StFlowQueries
{
  Query *q;     /* grouped by raw track, in file order within a track */
  guint *start; /* n_tracks + 1: track t's queries are q[start[t], start[t + 1]) */
};

/* How many flows raw track @track holds. */
guint
st_flow_queries_count (const StFlowQueries *queries, guint track)
{
  return queries->start[track + 1] - queries->start[track];
}

/* Groups the flows by their raw track (a stable counting sort), each
 * track's in time order: flows come mostly in time order per thread, so
 * this is near linear. */
StFlowQueries *
st_flow_queries_new (const StRawFlow *flows, gsize n, guint n_tracks, gint64 origin)
{
  StFlowQueries    *queries = g_new0 (StFlowQueries, 1);
  g_autofree guint *pos = NULL;

  queries->start = g_new0 (guint, n_tracks + 1);
  queries->q = g_new (Query, MAX (1, n));
  for (gsize k = 0; k < n; k++)
    queries->start[flows[k].track + 1]++;
  for (guint t = 0; t < n_tracks; t++)
    queries->start[t + 1] += queries->start[t];
  pos = g_memdup2 (queries->start, (n_tracks + 1) * sizeof (guint));
  for (gsize k = 0; k < n; k++)
    queries->q[pos[flows[k].track]++] = (Query){ flows[k].ts - origin, flows[k].track, (guint32)k };
  for (guint t = 0; t < n_tracks; t++)
    sort_queries_by_ts (queries->q + queries->start[t], st_flow_queries_count (queries, t), NULL);
  return queries;
}

void
st_flow_queries_free (StFlowQueries *queries)
{
  g_free (queries->q);
  g_free (queries->start);
  g_free (queries);
}

/* Binds each flow of raw track @track to a slice of @track_slices (the
 * track's slices as laid out, times from the origin). Tracks are bound
 * independently, so two threads may bind two tracks at once. */
void
st_flow_bind_track (StFlowQueries *queries,
                    StRawFlow     *flows,
                    guint          track,
                    const StTrack *track_slices)
{
  Query *q = queries->q + queries->start[track];
  guint  n = st_flow_queries_count (queries, track);
  Cursor c = { track_slices, NULL };

  if (n == 0)
    return;
  c.le = g_new0 (guint, MAX (1, track_slices->n_rows));
  for (guint i = 0; i < n; i++)
    {
      cursor_advance (&c, q[i].ts);
      flows[q[i].flow].slice = bind_one (&c, &flows[q[i].flow], q[i].ts);
    }
  g_free (c.le);
}

static void
note_flow (StLayoutIssue *issue, const StRawFlow *f)
{
  StSlice s = { .offset = f->offset, .name = f->name };
  st_layout_issue_note (issue, &s);
}

/* Where linking writes its arrows: room for as many as it can make. */
typedef struct
{
  StFlow *flows;
  gsize   n;
} Arrows;

static void
emit (Arrows *out, const StRawFlow *from, const StRawFlow *to)
{
  StFlow flow;

  if (from->track == to->track && from->slice == to->slice)
    return; /* a flow from a slice to itself draws nothing */
  flow.from = (StSliceRef){ from->track, from->slice };
  flow.to = (StSliceRef){ to->track, to->slice };
  flow.name = is_v2 (from) ? ST_STRING_EMPTY : from->name;
  flow.cat = from->cat;
  out->flows[out->n++] = flow;
}

/* One start and one end whose clocks disagree (a GPU kernel stamped before
 * its launch): the ids still pair them. */
static gboolean
link_skewed_pair (StRawFlow *f, gsize n, Arrows *out)
{
  if (n != 2 || f[0].phase != ST_FLOW_END || f[1].phase != ST_FLOW_START || f[0].slice == NO_SLICE
      || f[1].slice == NO_SLICE)
    return FALSE;
  emit (out, &f[1], &f[0]);
  return TRUE;
}

/* Walks one chain (same key) in time order and emits its arrows. */
static void
link_chain (StRawFlow *f, gsize n, Arrows *out, StFlowIssues *issues)
{
  const StRawFlow *prev = NULL;

  if (link_skewed_pair (f, n, out))
    return;

  for (gsize i = 0; i < n; i++)
    {
      gboolean starts = f[i].phase == ST_FLOW_START || f[i].phase == ST_FLOW_V2_OUT;
      gboolean bound = f[i].slice != NO_SLICE;

      if (!bound)
        note_flow (&issues->unbound, &f[i]);
      if (starts)
        {
          prev = bound ? &f[i] : NULL;
          continue;
        }
      if (prev == NULL)
        note_flow (&issues->unmatched, &f[i]);
      else if (bound)
        emit (out, prev, &f[i]);
      if (f[i].phase == ST_FLOW_STEP && bound)
        prev = &f[i];
      else if (f[i].phase != ST_FLOW_STEP)
        prev = NULL;
    }
}

#define PREFETCH_AHEAD 8
/* Flows from which linking takes two threads. */
#define LINK_THREADED 16384

static inline gsize
slot_of (guint64 key, gsize size)
{
  return (key * 0x9e3779b97f4a7c15ULL) >> 20 & (size - 1);
}

/* Numbers the chains in order of their first flow: a hash table of chain
 * numbers, the keys kept once per chain (a table of keys would be twice the
 * size, and it is bigger than the caches already). Returns the number of
 * chains; chain_of[k] is the chain of flow k. */
static guint32
number_chains (const StRawFlow *flows, gsize n, guint32 *chain_of)
{
  gsize               size = 1;
  g_autofree guint64 *chain_key = g_new (guint64, n);
  g_autofree guint32 *slot_chain = NULL;
  guint32             n_chains = 0;

  while (size < 2 * n)
    size *= 2;
  slot_chain = g_new0 (guint32, size);
  for (gsize k = 0; k < n; k++)
    {
      gsize h = slot_of (flows[k].key, size);

      /* Keys land anywhere in the table, and the table and the keys are
       * bigger than the caches: ask for a later flow's slot while this one's
       * is looked at, and for the key of the chain in the slot of a nearer
       * one, already there. */
      if (k + 2 * PREFETCH_AHEAD < n)
        __builtin_prefetch (&slot_chain[slot_of (flows[k + 2 * PREFETCH_AHEAD].key, size)]);
      if (k + PREFETCH_AHEAD < n)
        {
          guint32 c = slot_chain[slot_of (flows[k + PREFETCH_AHEAD].key, size)];
          if (c != 0)
            __builtin_prefetch (&chain_key[c - 1]);
        }
      while (slot_chain[h] != 0 && chain_key[slot_chain[h] - 1] != flows[k].key)
        h = (h + 1) & (size - 1);
      if (slot_chain[h] == 0)
        {
          chain_key[n_chains] = flows[k].key;
          slot_chain[h] = ++n_chains;
        }
      chain_of[k] = slot_chain[h] - 1;
    }
  return n_chains;
}

/* Groups the flows by key without sorting them all: the chains numbered,
 * a counting sort gathers each chain (in file order). Returns the flow
 * indices by chain; *bounds the n_chains + 1 chain starts. */
static guint32 *
group_chains (const StRawFlow *flows, gsize n, GArray *bounds)
{
  g_autofree guint32 *chain_of = g_new (guint32, n);
  g_autofree guint32 *pos = NULL;
  guint32             n_chains = number_chains (flows, n, chain_of);
  guint32            *order = g_new (guint32, n);
  guint32            *b;

  g_array_set_size (bounds, n_chains + 1);
  b = (guint32 *)(void *)bounds->data;
  memset (b, 0, (n_chains + 1) * sizeof (guint32));
  for (gsize k = 0; k < n; k++)
    b[chain_of[k] + 1]++;
  for (guint32 c = 0; c < n_chains; c++)
    b[c + 1] += b[c];
  pos = g_memdup2 (b, n_chains * sizeof (guint32));
  for (gsize k = 0; k < n; k++)
    order[pos[chain_of[k]]++] = (guint32)k;
  return order;
}

/* Linking a range of chains, on its own thread or this one. */
typedef struct
{
  const StRawFlow *flows;
  gsize            longest; /* flows in the longest chain */
  const guint32   *order;
  const guint32   *bounds; /* chain starts */
  guint32          first;  /* chains [first, last) */
  guint32          last;
  StRawFlow       *chain; /* scratch: room for the longest chain, twice */
  Arrows           out;
  StFlowIssues     issues;
} LinkJob;

static gpointer
link_job_run (gpointer data)
{
  LinkJob   *job = data;
  StRawFlow *tmp = job->chain + job->longest;

  for (guint32 c = job->first; c < job->last; c++)
    {
      guint32 lo = job->bounds[c], hi = job->bounds[c + 1];

      for (guint32 k = lo; k < hi; k++)
        {
          if (k + PREFETCH_AHEAD < job->bounds[job->last])
            __builtin_prefetch (&job->flows[job->order[k + PREFETCH_AHEAD]]);
          job->chain[k - lo] = job->flows[job->order[k]];
        }
      sort_chain (job->chain, hi - lo, tmp);
      link_chain (job->chain, hi - lo, &job->out, &job->issues);
    }
  return NULL;
}

static void
merge_flow_issue (StLayoutIssue *dst, const StLayoutIssue *src)
{
  if (src->count == 0)
    return;
  if (dst->count == 0 || src->first_offset < dst->first_offset)
    {
      dst->first_offset = src->first_offset;
      dst->first_name = src->first_name;
    }
  dst->count += src->count;
}

/* Splits the chains in two at about half the flows: each part links on its
 * own thread into its own end of @arrows, which has room for n - n_chains
 * (a chain of k flows makes at most k - 1 arrows). */
static void
plan_link_jobs (LinkJob *jobs, const guint32 *bounds, guint32 n_chains, StFlow *arrows)
{
  guint32 mid = n_chains / 2;
  gsize   n = bounds[n_chains];

  while (mid < n_chains && bounds[mid] < n / 2)
    mid++;
  jobs[0].first = 0;
  jobs[0].last = jobs[1].first = mid;
  jobs[1].last = n_chains;
  jobs[0].out = (Arrows){ arrows, 0 };
  jobs[1].out = (Arrows){ arrows + (bounds[mid] - mid), 0 };
}

/* The length of the longest chain. */
static guint32
longest_chain (const guint32 *bounds, guint32 n_chains)
{
  guint32 most = 1;

  for (guint32 c = 0; c < n_chains; c++)
    most = MAX (most, bounds[c + 1] - bounds[c]);
  return most;
}

/* Returns the resolved arrows (StFlow, *n_arrows of them) of flows already
 * bound (st_flow_bind_track()). @track_map maps the raw track of each flow
 * record to its final track. With many flows the chains link on two
 * threads, the second's arrows after the first's: the arrows are those of
 * one thread, in the same order. */
StFlow *
st_flow_link (StRawFlow    *flows,
              gsize         n,
              const guint  *track_map,
              StFlowIssues *issues,
              gsize        *n_arrows)
{
  g_autoptr (GArray)  bounds = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *order = NULL;
  guint32             n_chains, most;
  StFlow             *arrows;
  LinkJob             jobs[2];
  GThread            *thread = NULL;

  *n_arrows = 0;
  if (n == 0)
    return NULL;
  for (gsize k = 0; k < n; k++)
    flows[k].track = track_map[flows[k].track];
  order = group_chains (flows, n, bounds);
  n_chains = bounds->len - 1;
  most = longest_chain ((guint32 *)(void *)bounds->data, n_chains);
  arrows = g_new (StFlow, MAX (1, n - n_chains));
  for (int i = 0; i < 2; i++)
    jobs[i] = (LinkJob){ flows,
                         most,
                         order,
                         (guint32 *)(void *)bounds->data,
                         0,
                         0,
                         g_new (StRawFlow, 2 * most),
                         { NULL, 0 },
                         { { 0 } } };
  plan_link_jobs (jobs, (guint32 *)(void *)bounds->data, n_chains, arrows);
  if (n >= LINK_THREADED)
    thread = g_thread_new ("strata-flows", link_job_run, &jobs[1]);
  link_job_run (&jobs[0]);
  if (thread != NULL)
    g_thread_join (thread);
  else
    link_job_run (&jobs[1]);
  memmove (arrows + jobs[0].out.n, jobs[1].out.flows, jobs[1].out.n * sizeof (StFlow));
  *n_arrows = jobs[0].out.n + jobs[1].out.n;
  for (int i = 0; i < 2; i++)
    {
      merge_flow_issue (&issues->unmatched, &jobs[i].issues.unmatched);
      merge_flow_issue (&issues->unbound, &jobs[i].issues.unbound);
      g_free (jobs[i].chain);
    }
  return g_renew (StFlow, arrows, MAX (1, *n_arrows));
}
