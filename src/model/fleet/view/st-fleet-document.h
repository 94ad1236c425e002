/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-document.h: a fleet as a window opens it (docs/metrics.md 17):
 * the digests of a folder, or digest files, read off the main thread with
 * progress and reduced into an StFleet; the digests that could not be read
 * are left out and named in one line. It lists its ranks as
 * StFleetRankItem objects, and holds each rank's lateness at each matched
 * collective (17.3) and each rank's strip (17.2). Immutable once read; any thread. No GTK. */
#pragma once

#include <gio/gio.h>

#include "st-fleet.h"

G_BEGIN_DECLS

#define ST_TYPE_FLEET_DOCUMENT (st_fleet_document_get_type ())

G_DECLARE_FINAL_TYPE (StFleetDocument, st_fleet_document, ST, FLEET_DOCUMENT, GObject)

typedef void (*StFleetProgress) (double fraction, gpointer user_data);

/* TRUE when @files are a fleet: digest files (named *.stdg), or one folder
 * holding digests. */
gboolean st_fleet_document_accepts (GFile *const *files, guint n_files);

/* Reads @files (digests, or one folder of them) and reduces them on the
 * clock's time axis; NULL with @error when cancelled or when no digest
 * could be read. */
StFleetDocument *st_fleet_document_read (GFile *const   *files,
                                         guint           n_files,
                                         StFleetProgress progress,
                                         gpointer        user_data,
                                         GCancellable   *cancellable,
                                         GError        **error);

StFleet *st_fleet_document_get_fleet (StFleetDocument *self);
/* StFleetRankItem, a row each, in row order. */
GListModel *st_fleet_document_get_ranks (StFleetDocument *self);
/* "2 digests could not be read: a.stdg, b.stdg", or NULL. */
const char *st_fleet_document_get_problem (StFleetDocument *self);
/* The first reason a digest could not be read, or NULL. */
const char *st_fleet_document_get_problem_detail (StFleetDocument *self);

/* The digest file of row @row. */
GFile *st_fleet_document_get_digest_file (StFleetDocument *self, guint row);

/* Row @row's lateness at collective @index (17.3): its start − the
 * collective's earliest start, ns; NAN where it has no such instance. */
double st_fleet_document_get_lateness (StFleetDocument *self, guint index, guint row);

/* Bin @bin of row @row's strip (17.2): its device tracks' mean busy share
 * in that 512th of its span, a percentage; NAN without device tracks. */
double st_fleet_document_get_strip (StFleetDocument *self, guint row, guint bin);

G_END_DECLS
