/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-column-layout-child.h: what StColumnLayout knows of one child: the
 * column it takes when the layout shows all its columns, or "span": the
 * whole width, below the columns (a wide table). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_COLUMN_LAYOUT_CHILD (st_column_layout_child_get_type ())

G_DECLARE_FINAL_TYPE (StColumnLayoutChild,
                      st_column_layout_child,
                      ST,
                      COLUMN_LAYOUT_CHILD,
                      GtkLayoutChild)

guint    st_column_layout_child_get_column (StColumnLayoutChild *self);
void     st_column_layout_child_set_column (StColumnLayoutChild *self, guint column);
gboolean st_column_layout_child_get_span (StColumnLayoutChild *self);
void     st_column_layout_child_set_span (StColumnLayoutChild *self, gboolean span);

G_END_DECLS
