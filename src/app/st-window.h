/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-window.h: a window showing one profile (one file, or several files
 * as one profile): the greeter, the loading progress, the error, or the
 * profile's summary, timeline, tracks and import warnings. */
#pragma once

#include <adwaita.h>

#include "st-application.h"
#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_WINDOW (st_window_get_type ())

G_DECLARE_FINAL_TYPE (StWindow, st_window, ST, WINDOW, AdwApplicationWindow)

StWindow *st_window_new (StApplication *app);
void      st_window_open (StWindow *self, GFile *file);
void   st_window_open_profile (StWindow *self, GFile **files, guint n_files, StAlignment alignment);
void   st_window_open_files (StWindow   *self,
                             GFile     **files,
                             guint       n_files,
                             gboolean    as_one,
                             StAlignment alignment);
GFile *st_window_get_file (StWindow *self);
gboolean st_window_shows_files (StWindow *self, GFile **files, guint n_files);
gboolean st_window_is_empty (StWindow *self);
void     st_window_compare_with (StWindow *self, GFile *file);
void     st_window_open_fleet (StWindow *self, GFile **files, guint n_files);
void     st_window_show_range (StWindow *self, gint64 start, gint64 end);

G_END_DECLS
