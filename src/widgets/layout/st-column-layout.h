/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-column-layout.h: lays its widget's children out in columns, as many
 * as fit the width it is given, up to max-columns, each column a vertical
 * stack. A column is at least column-width wide, and at least as wide as
 * the widest child's minimum, so nothing is clipped.
 *
 * With all its columns, each child takes the column its layout child says
 * (StColumnLayoutChild:column). With fewer, the children keep their order
 * as the widget holds them (the reading order) and fill the columns one
 * after the other, each about as tall as the others; in one column they
 * are that order, top to bottom.
 *
 * In a column, each child gets its natural height when there is room;
 * what is left goes to the children that expand vertically.
 *
 * A child whose layout child says "span" takes the whole width below the
 * columns, whatever their number (a table of long names), and the height
 * left over when it expands. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_COLUMN_LAYOUT (st_column_layout_get_type ())

G_DECLARE_FINAL_TYPE (StColumnLayout, st_column_layout, ST, COLUMN_LAYOUT, GtkLayoutManager)

GtkLayoutManager *st_column_layout_new (void);
int               st_column_layout_get_spacing (StColumnLayout *self);
void              st_column_layout_set_spacing (StColumnLayout *self, int spacing);
int               st_column_layout_get_column_width (StColumnLayout *self);
void              st_column_layout_set_column_width (StColumnLayout *self, int column_width);
guint             st_column_layout_get_max_columns (StColumnLayout *self);
void              st_column_layout_set_max_columns (StColumnLayout *self, guint max_columns);

G_END_DECLS
