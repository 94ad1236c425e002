/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet.h: the digests of a job's ranks reduced into one fleet
 * (docs/metrics.md 17.2–17.5): a row per rank on one time axis, the
 * collectives matched across ranks with their stragglers, the step × rank
 * matrix of each per-step metric, the ranks and steps that stand out, and
 * the fleet's findings ranked by time at stake.
 *
 * The fleet keeps its digests: a row's strips and findings are its
 * digest's (st_fleet_get_digest). Immutable once made; any thread. No GTK.
 */
#pragma once

#include "st-digest.h"

G_BEGIN_DECLS

/* One rank (docs/metrics.md 17.2, 17.3). */
typedef struct
{
  guint  digest;                   /* its digest's place in the order given */
  gint64 rank;                     /* -1 when its digest does not say */
  char  *label;                    /* "rank 3", or the trace's file name */
  gint64 shift_ns;                 /* where its time 0 lies in fleet time */
  gint64 end_ns;                   /* its trace's span */
  double device_busy_percent;      /* of its whole trace; NAN when absent */
  double compute_time_ns;          /* NAN when absent */
  double exposed_communication_ns; /* NAN when absent */
  guint  n_steps;
  double median_step_ns; /* NAN without steps */
  guint  n_collectives;
  guint  slowest_count;   /* matched collectives it was the straggler of */
  gint64 slowest_late_ns; /* the sum of their late_ns */
  gint64 caused_wait_ns;  /* the mean wait of the ranks it kept waiting, summed */
  gint64 link_excess_ns;  /* its transfer times beyond the median transfers */
} StFleetRank;

typedef enum
{
  ST_FLEET_LAUNCH_UNKNOWN, /* no straggler, or a launch is not known */
  ST_FLEET_LAUNCH_IN_TIME, /* its host launched it in time; its device started it late */
  ST_FLEET_LAUNCH_LATE,    /* its host launched it late */
} StFleetLaunch;

/* One collective matched across ranks (docs/metrics.md 17.3). */
typedef struct
{
  guint         types;
  guint         sequence; /* k */
  char         *label;    /* "AllReduce #3" */
  guint         n_ranks;  /* ≥ 2 */
  gint64        start_ns; /* the earliest start, fleet time */
  gint64        end_ns;   /* the latest end */
  gboolean      has_straggler;
  guint         straggler; /* its row, when has_straggler */
  gint64        late_ns;
  gint64        waited_ns;
  gint64        median_transfer_ns;
  StFleetLaunch launch;
} StFleetCollective;

/* One step matched across ranks by its number (docs/metrics.md 17.4). */
typedef struct
{
  gint64 number;
  guint  n_ranks;
  gint64 start_ns;                  /* its earliest start over the ranks, fleet time */
  gint64 end_ns;                    /* its latest end */
  double values[ST_N_STEP_METRICS]; /* each the median over the ranks; NAN when absent */
} StFleetStep;

typedef struct
{
  StStepMetric metric;
  gboolean     of_step; /* a step's value among the steps'; else a rank's among the ranks' */
  guint        index;   /* the step, or the row */
  double       value;
  double       median;
  double       spread; /* σ of docs/metrics.md 17.4 */
  double       score;  /* (value − median) / spread: > 0 high, < 0 low */
} StFleetOutlier;

typedef enum
{
  ST_FLEET_FINDING_STRAGGLER,
  ST_FLEET_FINDING_SLOW_LINK,
  ST_FLEET_FINDING_SLOW_STEP,
} StFleetFindingKind;

typedef struct
{
  StFleetFindingKind kind;
  guint              index; /* the row (straggler, slow link) or the step (slow step) */
  char              *text;
  gint64             time_at_stake_ns;
  gint64             start_ns; /* its place, fleet time */
  gint64             end_ns;
} StFleetFinding;

typedef struct _StFleet StFleet;

/* Reduces @digests (StDigest *, a reference is taken) on the time axis of
 * @alignment; NULL when @cancellable was cancelled. */
StFleet *st_fleet_new (GPtrArray *digests, StAlignment alignment, GCancellable *cancellable);
void     st_fleet_free (StFleet *self);

/* Reads each of @files (named @names in errors) on every core, into
 * @digests[i], or else @errors[i] (arrays of @n_files, NULL on entry);
 * FALSE when @cancellable was cancelled. */
gboolean st_fleet_read_each_digest (GFile *const      *files,
                                    const char *const *names,
                                    guint              n_files,
                                    StDigest         **digests,
                                    GError           **errors,
                                    GCancellable      *cancellable);
/* The digests in @folder: its files named *.stdg, by name. */
GPtrArray *st_fleet_list_digests (GFile *folder, GError **error);

StAlignment st_fleet_get_alignment (StFleet *self);
/* The median over the ranks of their spans: what a finding weighs against. */
gint64 st_fleet_get_span_ns (StFleet *self);

guint              st_fleet_get_n_ranks (StFleet *self);
const StFleetRank *st_fleet_get_rank (StFleet *self, guint row);
StDigest          *st_fleet_get_digest (StFleet *self, guint row);

guint                    st_fleet_get_n_collectives (StFleet *self);
const StFleetCollective *st_fleet_get_collective (StFleet *self, guint index);

/* The steps by number. */
guint              st_fleet_get_n_steps (StFleet *self);
const StFleetStep *st_fleet_get_step (StFleet *self, guint index);
/* The matrix: @row's value of @metric in step @step; NAN when absent. */
double st_fleet_get_value (StFleet *self, StStepMetric metric, guint step, guint row);

/* Per metric, the outlier ranks, then the outlier steps, each by score,
 * the farthest first. */
guint                 st_fleet_get_n_outliers (StFleet *self);
const StFleetOutlier *st_fleet_get_outlier (StFleet *self, guint index);

/* The findings shown (docs/metrics.md 17.5), by time at stake. */
guint                 st_fleet_get_n_findings (StFleet *self);
const StFleetFinding *st_fleet_get_finding (StFleet *self, guint index);
/* "straggler", "slow-link", "slow-step". */
const char *st_fleet_finding_kind_to_string (StFleetFindingKind kind);

/* FALSE when its digests are of more than one job (docs/metrics.md 17.2):
 * then nothing is compared across ranks, and the first note says so. */
gboolean st_fleet_is_of_one_job (StFleet *self);
/* Whether its ranks are compared with one another for outliers and the
 * findings of a rank (docs/metrics.md 17.4, 17.5): of one job, with 5
 * ranks or more. When not, a note says why. */
gboolean st_fleet_compares_ranks (StFleet *self);
/* Sentences about the fleet as a whole: ranks given twice, ranks missing. */
GPtrArray *st_fleet_get_notes (StFleet *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StFleet, st_fleet_free)

G_END_DECLS
