/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-json-doc.h: the one gate for a JSON document read from a person's file
 * with json-glib (region files, sidecars, highlighter configurations, the
 * Neuron sections, args shown on demand).
 *
 * json-glib's parser recurses once per level of nesting, so a document
 * nested 100 000 deep overflows the stack; its getters assert the type of
 * what they are given, and a critical is a crash under fatal-criticals. The
 * gate checks the nesting without recursing before json-glib sees the text,
 * repairs raw control characters that writers leave in strings, and gives
 * every failure the same shape: "line L, column C: what is wrong". The
 * caller puts the file (and the key) in front. The getters below return
 * NULL or FALSE for a value of the wrong type, never a critical.
 *
 * A table of millions of numbers would cost a node each: its arrays are
 * read from the text instead (st_json_scan_columns ()), as the gate would
 * read them, when they are well formed and hold numbers and nulls alone.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Deeper nesting is refused: no real document comes near it, and
 * json-glib's recursion takes it easily. */
#define ST_JSON_DEPTH_MAX 512

#define ST_JSON_DOC_ERROR (st_json_doc_error_quark ())

typedef enum
{
  ST_JSON_DOC_ERROR_TOO_DEEP,
  ST_JSON_DOC_ERROR_SYNTAX,
} StJsonDocError;

GQuark    st_json_doc_error_quark (void);
JsonNode *st_json_doc_parse (const char *data, gsize length, GError **error);
JsonNode *st_json_doc_parse_span (const char *base, gsize offset, gsize length, GError **error);

const char *st_json_object_get_string (JsonObject *object, const char *key);
JsonObject *st_json_object_get_object (JsonObject *object, const char *key);
JsonArray  *st_json_object_get_array (JsonObject *object, const char *key);
gboolean    st_json_object_get_number (JsonObject *object, const char *key, double *out);
gboolean    st_json_object_get_int (JsonObject *object, const char *key, gint64 *out);
/* The member @key when it is a string (a number: when it is one), else
 * @fallback: what a file writes in a member's place is never trusted. */
const char        *
st_json_object_get_string_or (JsonObject *object, const char *key, const char *fallback);
gint64 st_json_object_get_int_or (JsonObject *object, const char *key, gint64 fallback);
const char *st_json_node_get_string (JsonNode *node);
gboolean    st_json_node_get_number (JsonNode *node, double *out);
/* An integer, or a double without a fraction (1e9, 1.0) within int64. */
gboolean st_json_node_get_whole_number (JsonNode *node, gint64 *out);
/* @d as a whole number within int64, as st_json_node_get_whole_number () reads one. */
gboolean    st_json_double_get_whole (double d, gint64 *out);
const char *st_json_array_get_string (JsonArray *array, guint index);

/* A number of an array read from the text (st_json_scan_numbers ()), as
 * the gate would make a JSON node of it: an integer of 64 bits,
 * another number, null, or an integer beyond 64 bits (which the gate makes
 * a string of its digits: no number). */
typedef enum
{
  ST_JSON_NUMBER_INT,
  ST_JSON_NUMBER_DOUBLE,
  ST_JSON_NUMBER_NULL,
  ST_JSON_NUMBER_BEYOND,
} StJsonNumberKind;

typedef struct
{
  gint64 whole;  /* ST_JSON_NUMBER_INT */
  double number; /* ST_JSON_NUMBER_DOUBLE */
  guint8 kind;   /* StJsonNumberKind */
} StJsonNumber;

/* The array at *p of numbers and nulls (RFC 8259's grammar, strictly: no
 * trailing comma, no leading zero), *p past it, as StJsonNumbers; NULL for
 * an array that holds anything else or is not well formed. Millions of
 * numbers read this way cost no JSON node each. */
GArray *st_json_scan_numbers (const char **p, const char *end);

/* One member of a table read by st_json_scan_columns (). */
typedef struct
{
  char   *key;
  GArray *cells; /* StJsonNumber */
} StJsonColumn;

void st_json_column_free (gpointer column);
/* The object from @p to exactly @stop whose members (names of printable
 * ASCII without escapes, each once) are all arrays of numbers and nulls,
 * as StJsonColumns (freed with st_json_column_free ()); NULL for anything
 * else. */
GPtrArray *st_json_scan_columns (const char *p, const char *stop);

G_END_DECLS
