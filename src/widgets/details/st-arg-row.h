/* st-arg-row.h: one key of an event's args, with its nested keys as
 * children: the rows of the details pane's args tree. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ST_TYPE_ARG_ROW (st_arg_row_get_type ())

G_DECLARE_FINAL_TYPE (StArgRow, st_arg_row, ST, ARG_ROW, GObject)

GListModel *st_arg_row_new_model (JsonNode *args);
const char *st_arg_row_get_key (StArgRow *self);
const char *st_arg_row_get_value (StArgRow *self);
GListModel *st_arg_row_get_children (StArgRow *self);

G_END_DECLS
