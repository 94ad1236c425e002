/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-warning-list.h: the import warnings of a trace: what, how many, where
 * the first one is. */
#pragma once

#include <gtk/gtk.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_WARNING_LIST (st_warning_list_get_type ())

G_DECLARE_FINAL_TYPE (StWarningList, st_warning_list, ST, WARNING_LIST, GtkWidget)

GtkWidget  *st_warning_list_new (void);
void        st_warning_list_set_trace (StWarningList *self, StTrace *trace);
GListModel *st_warning_list_get_model (StWarningList *self);

G_END_DECLS
