/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-distribution-pane.h: one operation's distribution beside the details
 * pane (docs/metrics.md 14): its name, its statistics, the histogram of its
 * durations, grouped by track or by parent, over the whole profile or the
 * visible range. Selecting bins selects their instances on the timeline.
 * The distribution is computed on a thread; the pane's "distribution"
 * actions: close (Escape in the pane). */
#pragma once

#include <gtk/gtk.h>

#include "st-name-distribution.h"
#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_DISTRIBUTION_PANE (st_distribution_pane_get_type ())

G_DECLARE_FINAL_TYPE (StDistributionPane, st_distribution_pane, ST, DISTRIBUTION_PANE, GtkWidget)

GtkWidget *st_distribution_pane_new (void);
void       st_distribution_pane_set_session (StDistributionPane *self, StSession *session);
/* Shows the pane with the distribution of the slices named @name. */
void        st_distribution_pane_show_name (StDistributionPane *self, const char *name);
const char *st_distribution_pane_get_name (StDistributionPane *self);
/* The distribution shown, or NULL; it belongs to the pane. */
const StNameDistribution *st_distribution_pane_get_distribution (StDistributionPane *self);
/* Whether a distribution is being computed. */
gboolean st_distribution_pane_is_busy (StDistributionPane *self);

G_END_DECLS
