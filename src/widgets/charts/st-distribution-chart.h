/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-distribution-chart.h: the histogram of one operation's durations
 * (st-histogram-plot.h) as a widget: a click selects a bin, Shift+click
 * extends the selection to the bins between; on the keyboard Left, Right,
 * Home and End move from one bin that holds instances to the next and
 * select it, with Shift they extend the selection. "bins-selected" says
 * which bins a person selected. The tooltip names a bin's range, its count
 * and its groups. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

#include "st-name-distribution.h"

G_BEGIN_DECLS

#define ST_TYPE_DISTRIBUTION_CHART (st_distribution_chart_get_type ())

G_DECLARE_FINAL_TYPE (StDistributionChart, st_distribution_chart, ST, DISTRIBUTION_CHART, StChart)

GtkWidget *st_distribution_chart_new (void);
/* Shows @distribution (not owned: it must outlive its showing), no bin
 * selected. NULL shows nothing. */
void st_distribution_chart_set_distribution (StDistributionChart      *self,
                                             const StNameDistribution *distribution);
/* The bins selected, FALSE when none is. */
gboolean st_distribution_chart_get_selection (StDistributionChart *self, guint *first, guint *last);
/* Selects bins @first to @last as a person would: "bins-selected"
 * follows. */
void st_distribution_chart_select (StDistributionChart *self, guint first, guint last);
/* Forgets the selection without a signal (the timeline's selection
 * changed elsewhere). */
void st_distribution_chart_clear_selection (StDistributionChart *self);

G_END_DECLS
