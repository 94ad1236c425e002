/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-collectives.c: the ranks' collectives matched across the fleet
 * (docs/metrics.md 17.3) as 3.2 matches the files of a merged profile:
 * each rank's k-th collective of a combination of types is one operation,
 * its straggler the rank that started it last. Then, per operation, how
 * long the others waited and each rank's transfer time once all had
 * arrived, against the median transfer: a rank whose transfers run long
 * has a slow link.
 *
 * A thousand ranks of a thousand collectives are a million entries: the
 * operations are found by an array per combination of types indexed by k,
 * not a hash, and the entries are grouped by operation in one counting
 * pass. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-fleet-private.h"
#include "st-select.h"
#include "st-sort.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>

/* docs/metrics.md 3.2: a rank that starts within 1 µs of the earliest
 * made nobody wait. */
#define STRAGGLER_MIN_LATE_NS 1000
#define NO_LAUNCH             G_MININT64

/* One rank's collective, in fleet time. */
typedef struct
{
  guint  op;
  guint  row;
  gint64 start;
  gint64 end;
  gint64 launch; /* NO_LAUNCH when unknown */
} Member;

/* An operation as its members are found, rows in order. */
typedef struct
{
  guint  types;
  guint  sequence;
  guint  n;
  gint64 first_start;
  gint64 last_end;
  gint64 slow_start; /* the straggler's so far */
  gint64 slow_end;
  guint  slow_row;
  guint  listed; /* its index among the listed operations, or G_MAXUINT */
} Op;

typedef struct
{
  GArray *ops;                         /* Op */
  GArray *members;                     /* Member */
  GArray *by_k[ST_COLLECTIVE_ALL + 1]; /* per types: guint op of each k - 1 */
} Matcher;

static guint
find_op (Matcher *m, guint types, guint sequence)
{
  GArray *by_k = m->by_k[types];
  guint   none = G_MAXUINT;

  if (by_k == NULL)
    by_k = m->by_k[types] = g_array_new (FALSE, FALSE, sizeof (guint));
  while (by_k->len < sequence)
    g_array_append_val (by_k, none);
  if (g_array_index (by_k, guint, sequence - 1) == G_MAXUINT)
    {
      Op op = { types, sequence, 0, G_MAXINT64, G_MININT64, G_MININT64, G_MININT64, 0, G_MAXUINT };

      g_array_index (by_k, guint, sequence - 1) = m->ops->len;
      g_array_append_val (m->ops, op);
    }
  return g_array_index (by_k, guint, sequence - 1);
}

/* Rows come in order, so on a tie of start and end the first row stays
 * the straggler (docs/metrics.md 3.2). */
static void
join (Op *op, const Member *member)
{
  if (op->n == 0 || member->start > op->slow_start
      || (member->start == op->slow_start && member->end > op->slow_end))
    {
      op->slow_start = member->start;
      op->slow_end = member->end;
      op->slow_row = member->row;
    }
  op->first_start = MIN (op->first_start, member->start);
  op->last_end = MAX (op->last_end, member->end);
  op->n++;
}

static gboolean
gather (StFleet *self, Matcher *m, GCancellable *cancellable)
{
  for (guint row = 0; row < self->ranks->len; row++)
    {
      StDigest *d = st_fleet_get_digest (self, row);
      gint64    shift = g_array_index (self->ranks, StFleetRank, row).shift_ns;

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      for (guint i = 0; i < d->collectives->len; i++)
        {
          const StDigestCollective *c = &g_array_index (d->collectives, StDigestCollective, i);
          Member                    member
              = { find_op (m, c->types, c->sequence), row, st_time_add_sat (c->start_ns, shift),
                  st_time_add_sat (c->end_ns, shift),
                  c->has_launch ? st_time_add_sat (c->launch_ns, shift) : NO_LAUNCH };

          join (&g_array_index (m->ops, Op, member.op), &member);
          g_array_append_val (m->members, member);
        }
    }
  return TRUE;
}

typedef struct
{
  StFleetCollective c;
  guint             op;
} Listed;

ST_DEFINE_SORT (sort_listed,
                Listed,
                a->c.start_ns != b->c.start_ns ? a->c.start_ns < b->c.start_ns
                                               : a->c.end_ns < b->c.end_ns)

/* The operations found on two ranks or more, by earliest start; each Op
 * learns its place among them. */
static void
list_ops (StFleet *self, Matcher *m)
{
  g_autoptr (GArray) listed = g_array_new (FALSE, TRUE, sizeof (Listed));

  for (guint i = 0; i < m->ops->len; i++)
    {
      const Op *op = &g_array_index (m->ops, Op, i);
      Listed    l = { { 0 }, i };

      if (op->n < 2)
        continue;
      l.c.types = op->types;
      l.c.sequence = op->sequence;
      l.c.n_ranks = op->n;
      l.c.start_ns = op->first_start;
      l.c.end_ns = op->last_end;
      l.c.straggler = op->slow_row;
      l.c.late_ns = st_time_sub_sat (op->slow_start, op->first_start);
      l.c.has_straggler = l.c.late_ns >= STRAGGLER_MIN_LATE_NS;
      g_array_append_val (listed, l);
    }
  sort_listed ((Listed *)(void *)listed->data, listed->len, NULL);
  for (guint i = 0; i < listed->len; i++)
    {
      Listed *l = &g_array_index (listed, Listed, i);

      g_array_index (m->ops, Op, l->op).listed = i;
      l->c.label = st_collective_dup_label (l->c.types, l->c.sequence);
      g_array_append_val (self->collectives, l->c);
    }
}

/* The members of each listed operation together: @offsets[i] is where
 * operation i's begin, in @grouped. */
static Member *
group_members (Matcher *m, guint n_listed, guint **offsets)
{
  Member *grouped = g_new (Member, MAX (m->members->len, 1));
  guint  *at = g_new0 (guint, n_listed + 1);

  for (guint i = 0; i < m->members->len; i++)
    {
      guint listed = g_array_index (m->ops, Op, g_array_index (m->members, Member, i).op).listed;

      if (listed != G_MAXUINT)
        at[listed + 1]++;
    }
  for (guint i = 0; i < n_listed; i++)
    at[i + 1] += at[i];
  *offsets = g_memdup2 (at, (n_listed + 1) * sizeof (guint));
  for (guint i = 0; i < m->members->len; i++)
    {
      const Member *member = &g_array_index (m->members, Member, i);
      guint         listed = g_array_index (m->ops, Op, member->op).listed;

      if (listed != G_MAXUINT)
        grouped[at[listed]++] = *member;
    }
  g_free (at);
  return grouped;
}

/* The median of @n times (docs/metrics.md 17.2), reordering them. */
static gint64
median_time (gint64 *v, guint n)
{
  gint64 high = st_select_kth (v, n, n / 2), low;

  if (n % 2 == 1)
    return high;
  low = st_select_kth (v, n, n / 2 - 1);
  return low + (high - low) / 2;
}

/* Whether the straggler of @c launched late (17.3), from its members. */
static StFleetLaunch
launch_of (const StFleetCollective *c, const Member *members, guint n)
{
  gint64 own = NO_LAUNCH, others = G_MAXINT64;

  for (guint i = 0; i < n; i++)
    {
      if (members[i].row == c->straggler)
        own = members[i].launch;
      else if (members[i].launch != NO_LAUNCH)
        others = MIN (others, members[i].launch);
    }
  if (!c->has_straggler || own == NO_LAUNCH || others == G_MAXINT64)
    return ST_FLEET_LAUNCH_UNKNOWN;
  return st_time_sub_sat (own, others) >= c->late_ns / 2 ? ST_FLEET_LAUNCH_LATE
                                                         : ST_FLEET_LAUNCH_IN_TIME;
}

static void
add_straggler (StFleet *self, guint index)
{
  const StFleetCollective *c = &g_array_index (self->collectives, StFleetCollective, index);
  StFleetRank             *row = &g_array_index (self->ranks, StFleetRank, c->straggler);
  StFleetRankDetail       *detail = &self->details[c->straggler];

  if (!c->has_straggler)
    return;
  row->slowest_count++;
  row->slowest_late_ns = st_time_add_sat (row->slowest_late_ns, c->late_ns);
  row->caused_wait_ns = st_time_add_sat (row->caused_wait_ns, c->waited_ns / (c->n_ranks - 1));
  if (detail->worst_late == G_MAXUINT
      || c->late_ns
             > g_array_index (self->collectives, StFleetCollective, detail->worst_late).late_ns)
    detail->worst_late = index;
  detail->launch_known += c->launch != ST_FLEET_LAUNCH_UNKNOWN;
  detail->launched_late += c->launch == ST_FLEET_LAUNCH_LATE;
}

/* One operation's waits, transfers and link excesses (17.3). */
static void
weigh (StFleet *self, guint index, Member *members, guint n, gint64 *scratch)
{
  StFleetCollective *c = &g_array_index (self->collectives, StFleetCollective, index);
  gint64             latest = st_time_add_sat (c->start_ns, c->late_ns);

  for (guint i = 0; i < n; i++)
    {
      c->waited_ns = st_time_add_sat (c->waited_ns, st_time_sub_sat (latest, members[i].start));
      scratch[i] = MAX (0, st_time_sub_sat (members[i].end, latest));
    }
  c->launch = launch_of (c, members, n);
  c->median_transfer_ns = median_time (scratch, n);
  for (guint i = 0; i < n; i++)
    {
      gint64             excess = MAX (0, st_time_sub_sat (members[i].end, latest));
      StFleetRankDetail *detail = &self->details[members[i].row];
      StFleetRank       *row = &g_array_index (self->ranks, StFleetRank, members[i].row);

      excess = st_time_sub_sat (excess, c->median_transfer_ns);
      if (excess <= 0)
        continue;
      row->link_excess_ns = st_time_add_sat (row->link_excess_ns, excess);
      detail->link_count++;
      if (excess > detail->worst_link_excess)
        {
          detail->worst_link_excess = excess;
          detail->worst_link = index;
        }
    }
  add_straggler (self, index);
}

gboolean
_st_fleet_match_collectives (StFleet *self, GCancellable *cancellable)
{
  Matcher            m = { g_array_new (FALSE, FALSE, sizeof (Op)),
                           g_array_new (FALSE, FALSE, sizeof (Member)),
                           { NULL } };
  g_autofree Member *grouped = NULL;
  g_autofree guint  *offsets = NULL;
  g_autofree gint64 *scratch = NULL;
  gboolean           ok;

  for (guint row = 0; row < self->ranks->len; row++)
    self->details[row].worst_late = self->details[row].worst_link = G_MAXUINT;
  ok = gather (self, &m, cancellable);
  if (ok)
    {
      list_ops (self, &m);
      grouped = group_members (&m, self->collectives->len, &offsets);
      scratch = g_new (gint64, MAX (self->ranks->len, 1));
      for (guint i = 0; i < self->collectives->len; i++)
        weigh (self, i, grouped + offsets[i], offsets[i + 1] - offsets[i], scratch);
    }
  for (guint t = 0; t <= ST_COLLECTIVE_ALL; t++)
    g_clear_pointer (&m.by_k[t], g_array_unref);
  g_array_unref (m.ops);
  g_array_unref (m.members);
  return ok;
}
