/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-greeter.h: the page of a window that shows no profile: how to open
 * one (Open, the sample profile, a drop, Ctrl+O) and the profiles Strata
 * opened last, which "recent-activated" opens again. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_GREETER (st_greeter_get_type ())

G_DECLARE_FINAL_TYPE (StGreeter, st_greeter, ST, GREETER, GtkWidget)

GtkWidget *st_greeter_new (void);

G_END_DECLS
