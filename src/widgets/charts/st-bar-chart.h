/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-bar-chart.h: horizontal stacked bars with a legend of the segments:
 * the Summary page's engine / stream utilisation and memory bandwidth
 * breakdown. Hovering a segment says what it is and how much. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

G_BEGIN_DECLS

#define ST_TYPE_BAR_CHART (st_bar_chart_get_type ())

G_DECLARE_FINAL_TYPE (StBarChart, st_bar_chart, ST, BAR_CHART, StChart)

typedef enum
{
  ST_BAR_CHART_DURATION, /* values in ns */
  ST_BAR_CHART_BYTES,
  ST_BAR_CHART_PERCENT,
  ST_BAR_CHART_FLOP_RATE, /* FLOP/s */
} StBarChartUnit;

GtkWidget *st_bar_chart_new (void);
/* @values: n_bars × n_segments, row by row; @max: the value of a full
 * bar; @value_texts: what to write right of each bar (or NULL). A chart
 * with no bars shows @empty_text. */
void st_bar_chart_set_data (StBarChart        *self,
                            guint              n_bars,
                            const char *const *labels,
                            const char *const *value_texts,
                            guint              n_segments,
                            const char *const *segment_names,
                            const double      *values,
                            double             max,
                            StBarChartUnit     unit,
                            gboolean           show_legend);
/* The style colour index (chart_series_N) of each segment; by default
 * the segment's own index. */
void st_bar_chart_set_colors (StBarChart *self, const guint *colors);
void st_bar_chart_set_empty_text (StBarChart *self, const char *text);
/* @text says what a bar is, so that a segment's tooltip gives its share of
 * its bar ("of its idle time"); NULL (the default): of the range. */
void  st_bar_chart_set_share_text (StBarChart *self, const char *text);
guint st_bar_chart_get_n_bars (StBarChart *self);
/* What is written right of @bar, or NULL. */
const char *st_bar_chart_get_value_text (StBarChart *self, guint bar);
/* The segment under (@x, @y), for tests and tooltips. */
gboolean st_bar_chart_segment_at (StBarChart *self, double x, double y, guint *bar, guint *segment);
/* The middle of @bar's @segment; FALSE when it is not drawn (no width). */
gboolean
st_bar_chart_segment_center (StBarChart *self, guint bar, guint segment, double *x, double *y);
/* The tooltip's markup at (@x, @y); NULL where no segment is. */
char *st_bar_chart_dup_tooltip (StBarChart *self, double x, double y);

G_END_DECLS
