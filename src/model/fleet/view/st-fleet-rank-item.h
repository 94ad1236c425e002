/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-rank-item.h: one row of a fleet (docs/metrics.md 17.2, 17.3) as
 * an object a list model holds, its numbers as properties a table sorts
 * by. It keeps its fleet's document alive. No GTK. */
#pragma once

#include <gio/gio.h>

#include "st-fleet.h"

G_BEGIN_DECLS

#define ST_TYPE_FLEET_RANK_ITEM (st_fleet_rank_item_get_type ())

G_DECLARE_FINAL_TYPE (StFleetRankItem, st_fleet_rank_item, ST, FLEET_RANK_ITEM, GObject)

/* Row @row of @fleet; @owner (a GObject holding @fleet) is kept alive. */
StFleetRankItem   *st_fleet_rank_item_new (GObject *owner, StFleet *fleet, guint row);
guint              st_fleet_rank_item_get_row (StFleetRankItem *self);
const StFleetRank *st_fleet_rank_item_get_rank (StFleetRankItem *self);
/* The path of the rank's trace, as its digest says. */
const char *st_fleet_rank_item_get_path (StFleetRankItem *self);

G_END_DECLS
