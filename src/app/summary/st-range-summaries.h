/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-range-summaries.h: the summaries of what the Summary page shows — one
 * range of a trace, or up to three compared — computed on a thread in two
 * steps: the cards' numbers (st_summary_compute_parts with
 * ST_SUMMARY_CARDS) with the diagnosis of each range (docs/metrics.md 16),
 * then the operations tables of the same ranges and, comparing, the
 * operations of each range after the first against it (docs/metrics.md
 * 8.9). "numbers-ready" says when the first step is in, "operations-ready"
 * the second, "failed" why neither will be. A new computation cancels the
 * one under way, whose results are dropped. */
#pragma once

#include <gio/gio.h>

#include "st-diagnosis.h"

G_BEGIN_DECLS

#define ST_TYPE_RANGE_SUMMARIES (st_range_summaries_get_type ())

G_DECLARE_FINAL_TYPE (StRangeSummaries, st_range_summaries, ST, RANGE_SUMMARIES, GObject)

/* At most this many ranges. */
#define ST_RANGE_SUMMARIES_MAX 3

StRangeSummaries *st_range_summaries_new (void);
/* Computes the summaries of @n ranges [@starts[i], @ends[i]) of @trace,
 * forgetting those computed; with @compare, the operations between them. */
void st_range_summaries_compute (StRangeSummaries *self,
                                 StTrace          *trace,
                                 const gint64     *starts,
                                 const gint64     *ends,
                                 guint             n,
                                 gboolean          compare);
/* Stops the computation under way, keeping what is in. */
void st_range_summaries_cancel (StRangeSummaries *self);
/* Forgets the summaries and stops the computation under way. */
void st_range_summaries_clear (StRangeSummaries *self);
/* Whether a step is still to come. */
gboolean st_range_summaries_is_computing (StRangeSummaries *self);

/* StSummary of each range, in order; empty before the numbers are in. */
GPtrArray *st_range_summaries_get_summaries (StRangeSummaries *self);
/* StDiagnosis of each range, with the numbers. */
GPtrArray *st_range_summaries_get_diagnoses (StRangeSummaries *self);
/* StOperationDiff: the i-th of range i + 1 against the first; empty until
 * the operations are in, and unless they were compared. */
GPtrArray *st_range_summaries_get_diffs (StRangeSummaries *self);
/* The first summary, or NULL. */
StSummary *st_range_summaries_get_first (StRangeSummaries *self);

G_END_DECLS
