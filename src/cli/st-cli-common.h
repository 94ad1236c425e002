/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-common.h: what the commands of strata-cli share: loading the
 * files of a command line, printing JSON, reading a time range, and the two
 * kinds of failure with their exit statuses (1: a file could not be read;
 * 2: a usage error). */
#pragma once

#include <json-glib/json-glib.h>

#include "st-summary.h"
#include "st-trace.h"

G_BEGIN_DECLS

/* --threads beyond this is a typing error, not a machine. */
#define ST_CLI_MAX_THREADS 1024

/* Loads @arg (a path or URI as typed), naming it as typed in errors. */
StTrace *st_cli_load_trace (const char *arg, guint n_threads, GError **error);
/* One file as st_cli_load_trace(); several (one per rank) as one profile. */
StTrace *st_cli_load_profile (char **args, StAlignment alignment, guint n_threads, GError **error);

/* The --align option of the commands that read several FILEs as one
 * profile, into the string *@text (parsed by st_cli_parse_alignment()). */
GOptionEntry st_cli_align_entry (char **text);
/* "clock" or "collective" for --align; NULL leaves @alignment as it is. */
gboolean st_cli_parse_alignment (const char *text, StAlignment *alignment);
/* "START_NS:END_NS", two integers with START_NS < END_NS. */
gboolean st_cli_parse_range (const char *text, gint64 *start, gint64 *end);

/* A metric's unit as --json names it: "ns", "percent", "count", … */
const char *st_cli_unit_to_string (StMetricUnit unit);

void st_cli_add_int (JsonBuilder *b, const char *name, gint64 value);
void st_cli_add_string (JsonBuilder *b, const char *name, const char *value);
/* @name: @value, or null when @value is NULL. */
void st_cli_add_string_or_null (JsonBuilder *b, const char *name, const char *value);
/* @name: @value when @present, else null. */
void st_cli_add_int_or_null (JsonBuilder *b, const char *name, gboolean present, gint64 value);
void st_cli_add_double_or_null (JsonBuilder *b, const char *name, gboolean present, double value);
void
st_cli_add_boolean_or_null (JsonBuilder *b, const char *name, gboolean present, gboolean value);
/* @name: an array of the strings of @strings, in order. */
void st_cli_add_strings (JsonBuilder *b, const char *name, GPtrArray *strings);
/* Prints @root, pretty, and a newline on standard output. */
void st_cli_print_json (JsonNode *root);
/* A JSON array printed one element at a time, as st_cli_print_json()
 * would print it whole, for lists too long to hold as a tree: zero it,
 * add each element, end it. */
typedef struct
{
  guint n;
} StCliJsonList;
void st_cli_json_list_add (StCliJsonList *list, JsonNode *element);
void st_cli_json_list_end (StCliJsonList *list);

/* 0 when the file @output (as typed after -o) may be written: not empty,
 * and none of @inputs (NULL-terminated) under any name; else says why as
 * a usage error and returns 2. */
int st_cli_check_output (const char *command, const char *output, char *const *inputs);
/* An argument meant as text (a pattern, a name) in UTF-8, as typed: bytes
 * already UTF-8 are taken as they are whatever the locale (a name typed
 * under LC_ALL=C), others are converted from the locale's encoding; NULL
 * when they are neither. Options are parsed as bytes for that reason. */
char *st_cli_text_arg (const char *raw);
/* Says that @raw, the argument called @what, is not text; returns 2. */
int st_cli_text_arg_error (const char *command, const char *what, const char *raw);
/* "strata-cli COMMAND: MESSAGE" on stderr; returns 2. */
int st_cli_usage_error (const char *command, const char *message);
/* "strata-cli: MESSAGE" (the message names the file and the place) on
 * stderr; returns 1. */
int st_cli_file_error (const GError *error);

/* The printf field width ("%-*s") that holds @text in @width characters:
 * printf pads bytes, so @width and the bytes beyond one per character. */
int st_cli_field_width (const char *text, int width);

G_END_DECLS
