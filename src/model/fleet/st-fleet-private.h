/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-private.h: the fleet's fields and the parts of its reduce, each
 * in its own file: the collectives (st-fleet-collectives.c), the steps,
 * the medians and what stands out (st-fleet-stats.c), the findings
 * (st-fleet-findings.c). For src/model/fleet only. */
#pragma once

#include "st-fleet.h"

G_BEGIN_DECLS

/* Where a row's step lies in its digest: the matrix's cells, by step. */
typedef struct
{
  guint step;     /* in the fleet's steps */
  guint position; /* in the digest's steps */
} StFleetCell;

/* Per row, the collectives that say most about it, for the findings. */
typedef struct
{
  guint  worst_late;        /* the operation it was latest at, or G_MAXUINT */
  guint  worst_link;        /* the operation of its largest transfer excess, or G_MAXUINT */
  gint64 worst_link_excess; /* that excess */
  guint  link_count;        /* operations where its transfer exceeded the median */
  guint  launched_late;     /* of those it was the straggler of, launched late on its host */
  guint  launch_known;      /* and of those, with a launch known */
} StFleetRankDetail;

struct _StFleet
{
  GPtrArray         *digests; /* StDigest, in the order given */
  StAlignment        alignment;
  gint64             span_ns;
  GArray            *ranks;       /* StFleetRank, in rank order */
  StFleetRankDetail *details;     /* per row */
  GArray            *collectives; /* StFleetCollective, by start */
  GArray            *steps;       /* StFleetStep, by number */
  GArray            *cells;       /* StFleetCell of every row, row by row, each row's by step */
  guint             *row_cells;   /* per row, where its cells begin; n_rows + 1 */
  GArray            *outliers;    /* StFleetOutlier */
  GArray            *findings;    /* StFleetFinding */
  GPtrArray         *notes;
  gboolean           mixed; /* its digests say different world sizes (docs/metrics.md 17.2) */
};

/* The collectives matched across ranks, their stragglers and waits, and
 * each row's numbers of 17.3; FALSE when cancelled. */
gboolean _st_fleet_match_collectives (StFleet *self, GCancellable *cancellable);
/* The steps matched by number, the matrix's cells, each step's and each
 * row's medians. */
void _st_fleet_match_steps (StFleet *self);
/* The outlier ranks and steps of every metric. */
void _st_fleet_find_outliers (StFleet *self);
/* The findings of 17.5, by time at stake. */
void _st_fleet_find_findings (StFleet *self);

/* docs/metrics.md 17.4: an outlier lies more than this many spreads from
 * the median of at least so many values. */
#define ST_FLEET_OUTLIER_SPREADS 3.0
#define ST_FLEET_MIN_VALUES      5

/* The median of @n values (docs/metrics.md 17.2), reordering them; NAN
 * when @n is 0. */
double _st_fleet_median (double *values, guint n);
/* The median and the robust spread (17.4) of @n values, the spread no
 * smaller than @floor; FALSE when there are fewer than ST_FLEET_MIN_VALUES. */
gboolean
_st_fleet_robust (const double *values, guint n, double floor, double *median, double *spread);
/* The spread's floor for @metric's values: the least difference that is
 * not noise. */
double _st_fleet_metric_floor (StStepMetric metric);

G_END_DECLS
