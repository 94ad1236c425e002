/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-arg-item.h: one key of an event's args, with its nested keys as
 * children: the rows of the details pane's args tree. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ST_TYPE_ARG_ITEM (st_arg_item_get_type ())

G_DECLARE_FINAL_TYPE (StArgItem, st_arg_item, ST, ARG_ITEM, GObject)

GListModel *st_arg_item_new_model (JsonNode *args);
const char *st_arg_item_get_key (StArgItem *self);
const char *st_arg_item_get_value (StArgItem *self);
GListModel *st_arg_item_get_children (StArgItem *self);

G_END_DECLS
