/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-examples.h: the queries the Query page's Examples menu puts in
 * the editor (docs/sql.md, "The Query page"), by the menu's targets. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The query of example @name, or NULL when there is none. */
const char *st_query_example_get (const char *name);

G_END_DECLS
