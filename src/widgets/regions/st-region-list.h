/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-list.h: the regions of a session as a list with Name, Start and
 * Duration columns, each sortable. The list's selection is the session's
 * selected region, both ways; a double click (or Enter) zooms to a region,
 * a right click opens its menu, and a name is renamed in place. What it
 * does to the regions goes through the "regions" actions (regions.rename,
 * .zoom, .edit-name, .toggle-compare, .delete) of an ancestor.
 *
 * Property: "session".
 */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_LIST (st_region_list_get_type ())

G_DECLARE_FINAL_TYPE (StRegionList, st_region_list, ST, REGION_LIST, GtkWidget)

GtkWidget *st_region_list_new (void);
StSession *st_region_list_get_session (StRegionList *self);
void       st_region_list_set_session (StRegionList *self, StSession *session);
gboolean   st_region_list_start_editing (StRegionList *self, StRegion *region);

G_END_DECLS
