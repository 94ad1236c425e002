/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli query: SQL over a profile (docs/sql.md), its rows as an
 * aligned table, JSON objects or CSV (RFC 4180), written as they come.
 */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-region-set.h"
#include "st-small-file.h"
#include "st-sql-session.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The table's columns are as wide as their widest value among this many
 * first rows; the rows after them are written as they come. */
#define TABLE_SAMPLE_ROWS 100

typedef enum
{
  FORMAT_TABLE,
  FORMAT_JSON,
  FORMAT_CSV,
} Format;

/* The shortest text that reads back as the same double. */
static char *
format_real (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isinf (value))
    return g_strdup (value > 0 ? "inf" : "-inf");
  for (int digits = 15; digits <= 17; digits++)
    {
      g_autofree char *format = g_strdup_printf ("%%.%dg", digits);

      g_ascii_formatd (buf, sizeof buf, format, value);
      if (digits == 17 || g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup (buf);
}

/* A column's value as text: null as NULL. */
static char *
value_text (StSqlQuery *query, guint column)
{
  gconstpointer blob;
  gsize         size;

  switch (st_sql_query_get_value_type (query, column))
    {
    case ST_SQL_INTEGER:
      return g_strdup_printf ("%" G_GINT64_FORMAT, st_sql_query_get_int (query, column));
    case ST_SQL_REAL: return format_real (st_sql_query_get_double (query, column));
    case ST_SQL_TEXT: return g_strdup (st_sql_query_get_text (query, column, NULL));
    case ST_SQL_BLOB:
      {
        GString *hex = g_string_new (NULL);

        blob = st_sql_query_get_blob (query, column, &size);
        for (gsize i = 0; i < size; i++)
          g_string_append_printf (hex, "%02x", ((const guint8 *)blob)[i]);
        return g_string_free (hex, FALSE);
      }
    default: return NULL;
    }
}

/* --- JSON ------------------------------------------------------------------------- */

/* The column names as members: a name seen before gets ":2", ":3"… */
static GStrv
member_names (StSqlQuery *query)
{
  guint                    n = st_sql_query_get_n_columns (query);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr (GHashTable)   seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto (GStrv)           plain = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    plain[i] = g_strdup (st_sql_query_get_column_name (query, i));
  for (guint i = 0; i < n; i++)
    {
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (seen, plain[i])) + 1;

      g_hash_table_insert (seen, plain[i], GUINT_TO_POINTER (count));
      g_autofree char *numbered = count > 1 ? g_strdup_printf ("%s:%u", plain[i], count) : NULL;

      g_strv_builder_add (names, count > 1 ? numbered : plain[i]);
    }
  return g_strv_builder_end (names);
}

static void
json_value (JsonBuilder *b, StSqlQuery *query, guint column)
{
  g_autofree char *text = NULL;

  switch (st_sql_query_get_value_type (query, column))
    {
    case ST_SQL_INTEGER:
      json_builder_add_int_value (b, st_sql_query_get_int (query, column));
      break;
    case ST_SQL_REAL:
      json_builder_add_double_value (b, st_sql_query_get_double (query, column));
      break;
    case ST_SQL_NULL: json_builder_add_null_value (b); break;
    default:
      text = value_text (query, column);
      json_builder_add_string_value (b, text);
      break;
    }
}

static gboolean
print_json (StSqlQuery *query, guint64 *n_rows, GError **error)
{
  g_auto (GStrv) names = member_names (query);
  StCliJsonList  list = { 0 };

  while (st_sql_query_next (query, NULL, error))
    {
      g_autoptr (JsonBuilder) b = json_builder_new_immutable ();
      g_autoptr (JsonNode)    row = NULL;

      json_builder_begin_object (b);
      for (guint i = 0; names[i] != NULL; i++)
        {
          json_builder_set_member_name (b, names[i]);
          json_value (b, query, i);
        }
      json_builder_end_object (b);
      row = json_builder_get_root (b);
      st_cli_json_list_add (&list, row);
      (*n_rows)++;
    }
  if (error != NULL && *error != NULL)
    return FALSE;
  st_cli_json_list_end (&list);
  return TRUE;
}

/* --- CSV -------------------------------------------------------------------------- */

/* RFC 4180: quoted when it holds a comma, a quote, a CR or a LF. */
static void
csv_field (GString *line, const char *text)
{
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (line, text);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *p);
    }
  g_string_append_c (line, '"');
}

static gboolean
print_csv (StSqlQuery *query, guint64 *n_rows, GError **error)
{
  guint               n = st_sql_query_get_n_columns (query);
  g_autoptr (GString) line = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (line, ',');
      csv_field (line, st_sql_query_get_column_name (query, i));
    }
  g_string_append (line, "\r\n");
  fwrite (line->str, 1, line->len, stdout);
  while (st_sql_query_next (query, NULL, error))
    {
      g_string_truncate (line, 0);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *text = value_text (query, i);

          if (i > 0)
            g_string_append_c (line, ',');
          csv_field (line, text);
        }
      g_string_append (line, "\r\n");
      fwrite (line->str, 1, line->len, stdout);
      (*n_rows)++;
    }
  return error == NULL || *error == NULL;
}

/* --- the table -------------------------------------------------------------------- */

typedef struct
{
  guint      n;
  gboolean  *numeric; /* per column: right-aligned */
  guint     *widths;
  GPtrArray *rows; /* the first rows, each a GStrv of n cells */
} Table;

/* A value as a cell: null empty, line breaks and tabs as spaces. */
static char *
cell_text (StSqlQuery *query, guint column)
{
  char *text = value_text (query, column);

  if (text == NULL)
    return g_strdup ("");
  g_strdelimit (text, "\r\n\t", ' ');
  return text;
}

static void
print_cells (Table *t, char **cells)
{
  g_autoptr (GString) line = g_string_new (NULL);

  for (guint i = 0; i < t->n; i++)
    {
      glong pad = (glong)t->widths[i] - g_utf8_strlen (cells[i], -1);

      if (i > 0)
        g_string_append (line, "  ");
      if (t->numeric[i])
        for (glong k = 0; k < pad; k++)
          g_string_append_c (line, ' ');
      g_string_append (line, cells[i]);
      if (!t->numeric[i] && i + 1 < t->n)
        for (glong k = 0; k < pad; k++)
          g_string_append_c (line, ' ');
    }
  g_string_append_c (line, '\n');
  fwrite (line->str, 1, line->len, stdout);
}

static char **
read_cells (Table *t, StSqlQuery *query)
{
  char **cells = g_new0 (char *, t->n + 1);

  for (guint i = 0; i < t->n; i++)
    {
      StSqlType type = st_sql_query_get_value_type (query, i);

      cells[i] = cell_text (query, i);
      if (type == ST_SQL_INTEGER || type == ST_SQL_REAL)
        t->numeric[i] = TRUE;
      t->widths[i] = MAX (t->widths[i], (guint)g_utf8_strlen (cells[i], -1));
    }
  return cells;
}

static void
print_head (Table *t, StSqlQuery *query)
{
  g_auto (GStrv)      names = g_new0 (char *, t->n + 1);
  g_autoptr (GString) rule = g_string_new (NULL);

  for (guint i = 0; i < t->n; i++)
    names[i] = g_strdup (st_sql_query_get_column_name (query, i));
  print_cells (t, names);
  for (guint i = 0; i < t->n; i++)
    {
      if (i > 0)
        g_string_append (rule, "  ");
      for (guint k = 0; k < t->widths[i]; k++)
        g_string_append_c (rule, '-');
    }
  g_string_append_c (rule, '\n');
  fwrite (rule->str, 1, rule->len, stdout);
}

static gboolean
print_table (StSqlQuery *query, guint64 *n_rows, GError **error)
{
  Table t = { st_sql_query_get_n_columns (query) };

  t.numeric = g_new0 (gboolean, t.n);
  t.widths = g_new0 (guint, t.n);
  t.rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  for (guint i = 0; i < t.n; i++)
    t.widths[i] = g_utf8_strlen (st_sql_query_get_column_name (query, i), -1);
  while (t.rows->len < TABLE_SAMPLE_ROWS && st_sql_query_next (query, NULL, error))
    g_ptr_array_add (t.rows, read_cells (&t, query));
  if (error == NULL || *error == NULL)
    {
      print_head (&t, query);
      for (guint r = 0; r < t.rows->len; r++)
        print_cells (&t, g_ptr_array_index (t.rows, r));
      *n_rows = t.rows->len;
      while (t.rows->len == TABLE_SAMPLE_ROWS && st_sql_query_next (query, NULL, error))
        {
          g_auto (GStrv) cells = read_cells (&t, query);

          print_cells (&t, cells);
          (*n_rows)++;
        }
    }
  g_ptr_array_unref (t.rows);
  g_free (t.numeric);
  g_free (t.widths);
  return error == NULL || *error == NULL;
}

/* --- the command ------------------------------------------------------------------ */

static int
query_error (const GError *error)
{
  fprintf (stderr, "strata-cli query: %s\n", error->message);
  return 1;
}

static int
run (char **files, const char *sql, Format format, const char *regions_path, StAlignment alignment)
{
  g_autoptr (GError)        error = NULL;
  g_autoptr (StTrace)       trace = st_cli_load_profile (files, alignment, 0, &error);
  g_autoptr (StSqlSession)  session = NULL;
  g_autoptr (StSqlQuery)    query = NULL;
  g_autoptr (StRegionArray) regions = NULL;
  guint64                   n_rows = 0;
  gboolean                  ok;

  if (trace == NULL)
    return st_cli_file_error (error);
  if (regions_path != NULL)
    {
      g_autoptr (GFile) file = st_file_new_for_arg (regions_path);

      if ((regions = st_region_set_read_file (file, NULL, &error)) == NULL)
        return st_cli_file_error (error);
    }
  if ((session = st_sql_session_new (trace, &error)) == NULL)
    return query_error (error);
  st_sql_session_set_regions (session, regions);
  if ((query = st_sql_session_prepare (session, sql, &error)) == NULL)
    return query_error (error);
  if (format == FORMAT_JSON)
    ok = print_json (query, &n_rows, &error);
  else if (format == FORMAT_CSV)
    ok = print_csv (query, &n_rows, &error);
  else
    ok = print_table (query, &n_rows, &error);
  fflush (stdout);
  if (!ok)
    return query_error (error);
  if (format == FORMAT_TABLE)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, n_rows);

      fprintf (stderr, ngettext ("%s row\n", "%s rows\n", (gulong)n_rows), count);
    }
  return 0;
}

#define QUERY_HELP                                                                                \
  N_ ("Runs one SQL statement (SQLite's dialect) over the tables of the profile — slice, "      \
      "instant, "                                                                                 \
      "track, thread, process, counter, flow, args, device_work, region, collective, as "         \
      "docs/sql.md defines them — and prints its rows. Times are ns from the profile's start. " \
      "Several FILEs are one profile (one per rank). The tables cannot be written: a statement "  \
      "that would write is refused.")

int
st_cli_query (int argc, char **argv)
{
  gboolean           as_json = FALSE, as_csv = FALSE;
  g_autofree char   *regions_path = NULL, *align = NULL, *sql = NULL;
  g_auto (GStrv)     rest = NULL;
  StAlignment        alignment = ST_ALIGN_CLOCK;
  const GOptionEntry entries[]
      = { { "json", 0, 0, G_OPTION_ARG_NONE, &as_json,
            N_ ("Print a JSON array with an object per row"), NULL },
          { "csv", 0, 0, G_OPTION_ARG_NONE, &as_csv, N_ ("Print CSV (RFC 4180) with a header line"),
            NULL },
          { "regions", 0, 0, G_OPTION_ARG_FILENAME, &regions_path,
            N_ ("A region file whose regions the region table holds"), N_ ("REGIONS.json") },
          st_cli_align_entry (&align),
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("FILE… SQL — SQL over a profile"));
  g_autoptr (GError)         error = NULL;
  guint                      n;

  g_set_prgname ("strata-cli query");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _ (QUERY_HELP));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || (n = g_strv_length (rest)) < 2)
    return st_cli_usage_error ("query", error ? error->message : _ ("give FILE… and SQL"));
  if (as_json && as_csv)
    return st_cli_usage_error ("query", _ ("give --json or --csv, not both"));
  if (!st_cli_parse_alignment (align, &alignment))
    return st_cli_usage_error ("query", _ ("--align takes clock or collective"));
  sql = st_cli_text_arg (rest[n - 1]);
  if (sql == NULL)
    return st_cli_text_arg_error ("query", _ ("SQL"), rest[n - 1]);
  g_clear_pointer (&rest[n - 1], g_free);
  return run (rest, sql,
              as_json  ? FORMAT_JSON
              : as_csv ? FORMAT_CSV
                       : FORMAT_TABLE,
              regions_path, alignment);
}
