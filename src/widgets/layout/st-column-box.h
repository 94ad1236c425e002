/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-column-box.h: a container that lays its children out with an
 * StColumnLayout (set its spacing and column width on the layout, and
 * each child's column on its layout child). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_COLUMN_BOX (st_column_box_get_type ())

G_DECLARE_FINAL_TYPE (StColumnBox, st_column_box, ST, COLUMN_BOX, GtkWidget)

GtkWidget *st_column_box_new (void);

G_END_DECLS
