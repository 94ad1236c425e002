/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-finding-row.h: one finding of a fleet (docs/metrics.md 17.5) in
 * the Fleet page's list, as the Summary shows its findings: its number,
 * its kind and what it says in numbers, and a link that opens the rank's
 * trace at its place. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_FLEET_FINDING_ROW (st_fleet_finding_row_get_type ())

G_DECLARE_FINAL_TYPE (StFleetFindingRow, st_fleet_finding_row, ST, FLEET_FINDING_ROW, GtkWidget)

/* Finding @index (shown as number @index + 1): @kind in bold before @text;
 * @link the text of the link ("Open rank 5 at step 6"). */
GtkWidget       *
st_fleet_finding_row_new (guint index, const char *kind, const char *text, const char *link);
guint st_fleet_finding_row_get_index (StFleetFindingRow *self);
const char *st_fleet_finding_row_get_text (StFleetFindingRow *self);

G_END_DECLS
