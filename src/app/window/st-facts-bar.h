/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-facts-bar.h: the facts bar over a profile: its duration, counts, size
 * and format, each a value over its label. A narrow bar leaves the least
 * telling facts out; the popover of the button beside it lists them all. */
#pragma once

#include <gtk/gtk.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_FACTS_BAR (st_facts_bar_get_type ())

G_DECLARE_FINAL_TYPE (StFactsBar, st_facts_bar, ST, FACTS_BAR, GtkWidget)

GtkWidget *st_facts_bar_new (void);
/* The facts of @trace, in place of those shown. */
void st_facts_bar_set_trace (StFactsBar *self, StTrace *trace);

G_END_DECLS
