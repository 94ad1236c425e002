/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-format.h: numbers, times and names as people read them, shared by
 * the command line and the window. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char *st_format_duration (gint64 ns);
/* A difference of durations, signed: "+2.214 ms", "−38.95 ms" (a minus
 * sign, U+2212), "0 ns". */
char *st_format_duration_delta (gint64 delta_ns);
char *st_format_count (guint64 n);
char *st_format_quantity (double value);
/* A double's shortest text that reads back as the same double (18.486486,
 * not 18.486485999999999), in the C locale, into @buf. */
#define ST_FORMAT_DOUBLE_SIZE G_ASCII_DTOSTR_BUF_SIZE
const char *st_format_double (char buf[ST_FORMAT_DOUBLE_SIZE], double value);
char       *st_format_json_scalar (JsonNode *node);

/* Names in the order people read them (docs/metrics.md, "Names in
 * order"): runs of digits compare as numbers, so "E2" comes before "E10"
 * and "rank 2" before "rank 10"; the rest byte by byte. A total order:
 * names equal as numbers ("E01", "E1") fall back to strcmp (). */
int st_natural_compare (const char *a, const char *b);

G_END_DECLS
