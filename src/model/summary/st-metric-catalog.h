/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-metric-catalog.h: what the Summary makes of each metric beyond its
 * value, shared by the window and strata-cli: which way is better (a
 * comparison of regions marks the best and the worst only where one is),
 * which table of the Summary it is a row of, what a percentage is a
 * share of, and how many engines or streams the utilisation chart draws.
 *
 * A derived metric is a row of the table its group names ("compute",
 * "memory", "communication"); a metric carried by the profile stays in the
 * profile's own groups unless the catalogue puts it in one of the three
 * main tables, as the Neuron summary viewer does with MFU, HFU, MBU and a
 * few others. */
#pragma once

#include <glib-object.h>

#include "st-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ST_METRIC_BETTER_NONE, /* not judged: times and counts grow with the range */
  ST_METRIC_BETTER_HIGHER,
  ST_METRIC_BETTER_LOWER,
} StMetricBetter;

typedef enum
{
  ST_SUMMARY_TABLE_COMPUTE,
  ST_SUMMARY_TABLE_MEMORY,
  ST_SUMMARY_TABLE_COMMUNICATION,
  ST_SUMMARY_TABLE_PROFILE, /* the profile's own groups */
} StSummaryTable;

#define ST_TYPE_SUMMARY_TABLE (st_summary_table_get_type ())
GType st_summary_table_get_type (void);

/* What a percentage is a share of (docs/metrics.md 2.2). */
typedef enum
{
  ST_DENOMINATOR_NONE, /* not a percentage, or one the catalogue does not know */
  ST_DENOMINATOR_DEVICE_TIME,
  ST_DENOMINATOR_KNOWN_GAPS,
  ST_DENOMINATOR_STREAM_IDLE,
  ST_DENOMINATOR_STREAM_BUSY,
  ST_DENOMINATOR_COMMUNICATION,
  ST_DENOMINATOR_RANGE,
  ST_DENOMINATOR_PEAK_FLOPS,
  ST_DENOMINATOR_PEAK_BANDWIDTH,
  ST_DENOMINATOR_HBM_READ,
  ST_DENOMINATOR_TOTAL_TIME,
  ST_DENOMINATOR_ENGINE_ACTIVE,
  ST_DENOMINATOR_ENGINE_IDLE,
  ST_N_DENOMINATORS
} StDenominator;

/* Engines or streams beyond these are summed in the chart's title, not drawn. */
#define ST_METRIC_CATALOG_MAX_ENGINE_BARS 8

StMetricBetter st_metric_catalog_get_better (const char *id);
/* Words for a metric the profile carries: "Arithmetic intensity" for
 * mm_arithmetic_intensity; an id the catalogue does not know is written
 * in words as it is ("Psum read bytes"). */
char *st_metric_catalog_dup_title (const char *id);
/* A sentence on what the metric means, for a profile that does not say;
 * NULL when the catalogue does not know it. */
const char    *st_metric_catalog_get_description (const char *id);
StSummaryTable st_metric_catalog_get_table (const StMetric *metric);
/* What the percentage @id is a share of; ST_DENOMINATOR_NONE for an id
 * that is no percentage or that the catalogue does not know. */
StDenominator st_metric_catalog_get_denominator (const char *id);
/* The words written after a value: "of device time"; NULL for none. */
const char *st_denominator_get_label (StDenominator denominator);
/* A sentence for a tooltip: "Percent of device time: from …". For none,
 * that the profile does not say. */
const char *st_denominator_get_description (StDenominator denominator);
/* A card's heading over percentages that all share @denominator:
 * "Idle Time (% of the range)". */
char *st_denominator_dup_heading (StDenominator denominator, const char *title);
/* The ids of the rows of @table over @summaries (regions compared side by
 * side may differ in what they have), in row order: the derived metrics as
 * the summaries order them, then those carried by the profile. The strings
 * are the summaries' own. */
GPtrArray *st_metric_catalog_get_table_ids (StSummaryTable    table,
                                            StSummary *const *summaries,
                                            guint             n_summaries);

G_END_DECLS
