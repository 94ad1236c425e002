/* st-format.h: numbers and times as people read them, shared by the
 * command line and the window. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *st_format_duration (gint64 ns);
char *st_format_count (guint64 n);
char *st_format_quantity (double value);
char *st_format_json_scalar (JsonNode *node);

G_END_DECLS
