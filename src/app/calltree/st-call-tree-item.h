/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-item.h: a node of a call tree as a row of the Call Tree
 * page's table: its name, total and self time, count and share, as numbers
 * for the columns' sorters and as the text the cells show, and the list of
 * its children, made when its row is first expanded. */
#pragma once

#include <gio/gio.h>

#include "st-call-tree.h"

G_BEGIN_DECLS

#define ST_TYPE_CALL_TREE_ITEM (st_call_tree_item_get_type ())

G_DECLARE_FINAL_TYPE (StCallTreeItem, st_call_tree_item, ST, CALL_TREE_ITEM, GObject)

StCallTreeItem *st_call_tree_item_new (StCallTree *tree, guint node);
StCallTree     *st_call_tree_item_get_tree (StCallTreeItem *self);
guint           st_call_tree_item_get_node (StCallTreeItem *self);
/* The items of @node's children, in the tree's order (a new list). */
GListModel *st_call_tree_item_list_children (StCallTree *tree, guint node);

G_END_DECLS
