/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-rank-table.h: the Fleet page's table of ranks (docs/metrics.md
 * 17.2, 17.3), a row per rank, sorted by any column. Activating a row, or
 * Open, asks for its rank's trace; with two rows selected (Ctrl), Open
 * Merged asks for both as one profile. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_FLEET_RANK_TABLE (st_fleet_rank_table_get_type ())

G_DECLARE_FINAL_TYPE (StFleetRankTable, st_fleet_rank_table, ST, FLEET_RANK_TABLE, GtkWidget)

/* @ranks: StFleetRankItem; NULL empties the table. */
void st_fleet_rank_table_set_ranks (StFleetRankTable *self, GListModel *ranks);
/* TRUE while its rows are still being made, a few at a frame. */
gboolean st_fleet_rank_table_is_filling (StFleetRankTable *self);
/* Selects the row showing fleet row @row, and scrolls to it. */
void st_fleet_rank_table_select_row (StFleetRankTable *self, guint row, gboolean extend);

G_END_DECLS
