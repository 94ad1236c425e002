/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-page.h: the Call Tree page of a window (docs/metrics.md 15):
 * the call tree of the host slices of a scope — the whole profile, the
 * region chosen, or the timeline's selection, taken when chosen — top-down
 * or bottom-up, threads merged or apart, as a table with expanders and as
 * a flame graph. Built on a thread, with progress and a cancel button,
 * when the page shows and its scope or options changed; it opens with the
 * costliest path expanded. Selecting a node, in the table or the flame
 * graph, selects its instances on the timeline; activating it shows them
 * there. */
#pragma once

#include <adwaita.h>

#include "st-call-tree.h"
#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_CALL_TREE_PAGE (st_call_tree_page_get_type ())

G_DECLARE_FINAL_TYPE (StCallTreePage, st_call_tree_page, ST, CALL_TREE_PAGE, GtkWidget)

GtkWidget *st_call_tree_page_new (void);
StSession *st_call_tree_page_get_session (StCallTreePage *self);
void       st_call_tree_page_set_session (StCallTreePage *self, StSession *session);
/* Takes the timeline's selection as the scope ("Call Tree of the
 * Selection"); FALSE when nothing is selected. */
gboolean st_call_tree_page_take_selection (StCallTreePage *self);
/* Whether a tree is being built. */
gboolean st_call_tree_page_is_computing (StCallTreePage *self);
/* The tree shown (in the direction shown), or NULL. */
StCallTree *st_call_tree_page_get_tree (StCallTreePage *self);

G_END_DECLS
