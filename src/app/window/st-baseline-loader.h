/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-baseline-loader.h: "Compare with…": a second profile loaded on a
 * thread as the baseline of the one a window shows (st-baseline.h), the
 * profile untouched meanwhile. Its "loading", "title", "fraction" and
 * "progress-text" are what the window's bar above the pages shows, with a
 * Cancel button; "failed" says which file could not be loaded and why,
 * and leaves the profile as it was. Once the baseline is open, both
 * profiles' steps are found on a thread, for lining up their timelines.
 * Nothing is written: the baseline is only read. */
#pragma once

#include <gio/gio.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_BASELINE_LOADER (st_baseline_loader_get_type ())

G_DECLARE_FINAL_TYPE (StBaselineLoader, st_baseline_loader, ST, BASELINE_LOADER, GObject)

StBaselineLoader *st_baseline_loader_new (void);
/* The session of the profile shown, or NULL while there is none; a file
 * asked for meanwhile loads once there is one. */
void st_baseline_loader_set_session (StBaselineLoader *self, StSession *session);
/* Loads @file as the baseline of the session's profile; before there is
 * a session, once there is one. "loaded" says when it is open. */
void st_baseline_loader_load (StBaselineLoader *self, GFile *file);
/* Stops the baseline's load, or closes the baseline. */
void     st_baseline_loader_stop (StBaselineLoader *self);
gboolean st_baseline_loader_is_loading (StBaselineLoader *self);
/* Whether a baseline is open or loading: stopping has something to do. */
gboolean st_baseline_loader_is_comparing (StBaselineLoader *self);

G_END_DECLS
