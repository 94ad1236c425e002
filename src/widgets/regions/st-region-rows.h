/* st-region-rows.h: the rows of the region list: a list model over a
 * session's region set with one StRegionRow per region, made only when the
 * list asks for that position (a list that shows 30 of a million regions
 * makes about 30), and the same object while it is held.
 *
 * Property: "session" (NULL: no rows).
 */
#pragma once

#include <gio/gio.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_ROWS (st_region_rows_get_type ())

G_DECLARE_FINAL_TYPE (StRegionRows, st_region_rows, ST, REGION_ROWS, GObject)

StRegionRows *st_region_rows_new (void);
StSession    *st_region_rows_get_session (StRegionRows *self);
void          st_region_rows_set_session (StRegionRows *self, StSession *session);

G_END_DECLS
