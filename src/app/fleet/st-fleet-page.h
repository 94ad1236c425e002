/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-page.h: the Fleet page (docs/metrics.md 17): a job's ranks
 * from their digests. It reads them through its StJob with progress and
 * a cancel, then shows the fleet's findings first, the ranks × steps
 * heatmap of a metric (step time, device busy, exposed communication)
 * with the outliers of 17.4 marked, the straggler matrix (each rank's
 * lateness at each collective, 17.3), a strip per rank of its devices'
 * busy share over its span (17.2), and the table of ranks. Activating
 * a finding, a cell or a row asks for that rank's trace at that step
 * ("open-trace"), from the path in its digest, beside its digest, or
 * where the person says it is; two rows open merged. */
#pragma once

#include <gtk/gtk.h>

#include "st-fleet-document.h"

G_BEGIN_DECLS

#define ST_TYPE_FLEET_PAGE (st_fleet_page_get_type ())

G_DECLARE_FINAL_TYPE (StFleetPage, st_fleet_page, ST, FLEET_PAGE, GtkWidget)

/* Reads @files (digests, or one folder of them), showing the progress. */
void st_fleet_page_open (StFleetPage *self, GFile *const *files, guint n_files);
/* TRUE while it reads a fleet or shows one (or why it could not). */
gboolean st_fleet_page_is_open (StFleetPage *self);
gboolean st_fleet_page_is_loading (StFleetPage *self);
/* The fleet shown, or NULL. */
StFleetDocument *st_fleet_page_get_document (StFleetPage *self);
/* The folder's or the digest's name; NULL when nothing is open. */
const char *st_fleet_page_get_title (StFleetPage *self);
/* Asks for row @row's trace at step index @step of the fleet (G_MAXUINT:
 * the rank's whole trace), as activating that cell does. */
void st_fleet_page_open_rank (StFleetPage *self, guint row, guint step);

G_END_DECLS
