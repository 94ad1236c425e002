/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-application.h: Strata's application: one window per profile. */
#pragma once

#include <adwaita.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_APPLICATION (st_application_get_type ())

/* st-window.h declares it (C11 allows the typedef twice) */
typedef struct _StWindow StWindow;

G_DECLARE_FINAL_TYPE (StApplication, st_application, ST, APPLICATION, AdwApplication)

StApplication *st_application_new (void);
void           st_application_open_files (StApplication *self, GFile **files, guint n_files);
void           st_application_open_fleet (StApplication *self, GFile **files, guint n_files);
void           st_application_open_at (StApplication *self,
                                       GFile        **files,
                                       guint          n_files,
                                       gint64         start,
                                       gint64         end);
void           st_application_open_profile (StApplication *self,
                                            GFile        **files,
                                            guint          n_files,
                                            StAlignment    alignment);
void           st_application_open_from (StApplication *self,
                                         StWindow      *window,
                                         GFile        **files,
                                         guint          n_files,
                                         gboolean       as_one,
                                         StAlignment    alignment);
GFile         *st_application_get_sample (void);
StWindow      *st_application_get_window_for_file (StApplication *self, GFile *file);
GSettings     *st_application_new_settings (void);

G_END_DECLS
