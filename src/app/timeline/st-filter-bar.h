/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-filter-bar.h: the bar over the timeline while a filter on the tracks'
 * names leaves some out: how many tracks it shows (the pinned ones too) of
 * all the profile's, by which filter, and Clear Filter
 * (timeline.clear-track-filter). Hidden without a filter. */
#pragma once

#include <gtk/gtk.h>

#include "st-track-arrangement.h"

G_BEGIN_DECLS

#define ST_TYPE_FILTER_BAR (st_filter_bar_get_type ())

G_DECLARE_FINAL_TYPE (StFilterBar, st_filter_bar, ST, FILTER_BAR, GtkWidget)

GtkWidget *st_filter_bar_new (void);
/* The tracks of the timeline, or NULL. */
void st_filter_bar_set_tracks (StFilterBar *self, StTrackArrangement *tracks);

G_END_DECLS
