/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-args.c: the `args` table and extract_arg() (docs/sql.md): an
 * event's args read from the profile's text when asked, without a DOM:
 * the members of its "args" object (a Neuron row's own fields), nested
 * objects and arrays flattened into keys as the details pane shows them,
 * each scalar with its type and its text as written.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-scan.h"
#include "st-sql-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Deeper values are one arg, their JSON text as written: a hostile file
 * nests brackets a hundred thousand deep. */
#define MAX_DEPTH 32

typedef enum
{
  ARG_INT,
  ARG_REAL,
  ARG_STRING,
  ARG_BOOL,
  ARG_NULL,
  ARG_JSON,
} ArgType;

static const char *const type_names[] = { "int", "real", "string", "bool", "null", "json" };

typedef struct
{
  char   *key;
  char   *flat_key;
  ArgType type;
  gint64  int_value;
  double  real_value;
  char   *text; /* a string's value, else the value as written */
} Arg;

static void
arg_clear (gpointer data)
{
  Arg *a = data;

  g_free (a->key);
  g_free (a->flat_key);
  g_free (a->text);
}

/* A JSON string's content (or a key's) as valid UTF-8. */
static char *
string_text (const StJsonTok *tok)
{
  g_autoptr (GString) s = g_string_sized_new (tok->e - tok->p);

  if (tok->flags & ST_JSON_STRING_ESCAPES)
    st_json_unescape (tok->p, tok->e, s);
  else
    g_string_append_len (s, tok->p, tok->e - tok->p);
  return g_utf8_make_valid (s->str, s->len);
}

static void
scalar (Arg *arg, const StJsonTok *tok)
{
  gsize len = tok->e - tok->p;
  char  buf[64];

  arg->text = g_utf8_make_valid (tok->p, len);
  if (strcmp (arg->text, "true") == 0 || strcmp (arg->text, "false") == 0)
    {
      arg->type = ARG_BOOL;
      arg->int_value = arg->text[0] == 't';
    }
  else if (strcmp (arg->text, "null") == 0)
    arg->type = ARG_NULL;
  else if (len < sizeof buf && strpbrk (arg->text, ".eE") == NULL
           && g_ascii_string_to_signed (arg->text, 10, G_MININT64, G_MAXINT64, &arg->int_value,
                                        NULL))
    arg->type = ARG_INT;
  else if (st_json_parse_double (tok->p, tok->e, &arg->real_value))
    arg->type = ARG_REAL;
  else
    arg->type = ARG_STRING;
}

static void flatten (GArray *out, GString *key, GString *flat, const StJsonTok *value, guint depth);

static void
add_leaf (GArray *out, GString *key, GString *flat, const StJsonTok *value)
{
  Arg arg = { g_strdup (key->str), g_strdup (flat->str), ARG_STRING, 0, 0, NULL };

  if (value->type == 's')
    arg.text = string_text (value);
  else if (value->type == 'n')
    scalar (&arg, value);
  else
    {
      arg.type = ARG_JSON;
      arg.text = g_utf8_make_valid (value->p, value->e - value->p);
    }
  g_array_append_val (out, arg);
}

static void
flatten_object (GArray *out, GString *key, GString *flat, const StJsonTok *value, guint depth)
{
  const char *p = value->p + 1;
  gsize       key_len = key->len, flat_len = flat->len;
  StJsonTok   k, v;

  while (st_json_next_member (&p, value->e - 1, &k, &v))
    {
      g_autofree char *name = string_text (&k);

      g_string_append_printf (key, ".%s", name);
      g_string_append_printf (flat, ".%s", name);
      flatten (out, key, flat, &v, depth + 1);
      g_string_truncate (key, key_len);
      g_string_truncate (flat, flat_len);
    }
}

static void
flatten (GArray *out, GString *key, GString *flat, const StJsonTok *value, guint depth)
{
  const char *p = value->p + 1;
  gsize       key_len = key->len;
  StJsonTok   v;

  if ((value->type != '{' && value->type != '[') || depth >= MAX_DEPTH)
    {
      add_leaf (out, key, flat, value);
      return;
    }
  if (value->type == '{')
    {
      flatten_object (out, key, flat, value, depth);
      return;
    }
  for (guint i = 0; st_json_next_element (&p, value->e - 1, &v); i++)
    {
      g_string_append_printf (key, "[%u]", i);
      flatten (out, key, flat, &v, depth + 1);
      g_string_truncate (key, key_len);
    }
}

/* The text offset of event @id: a slice's, or an instant's after them. */
static gboolean
event_offset (StSqlContext *ctx, gint64 id, guint64 *offset)
{
  StSliceRef ref;
  guint      a = 0, b = ctx->n_tracks;
  gint64     n_slices = ctx->track_first[ctx->n_tracks];

  if (_st_sql_slice_ref (ctx, id, &ref))
    {
      *offset = ctx->tracks[ref.track]->slices[ref.index].offset;
      return TRUE;
    }
  id -= n_slices;
  if (id < 0 || id >= ctx->instant_first[ctx->n_tracks])
    return FALSE;
  while (b - a > 1)
    {
      guint mid = a + (b - a) / 2;

      if (ctx->instant_first[mid] <= id)
        a = mid;
      else
        b = mid;
    }
  *offset = ctx->tracks[a]->instants[id - ctx->instant_first[a]].offset;
  return TRUE;
}

/* The args of event @id into @out (cleared first); none when it has none
 * or its text cannot be read. */
static void
read_args (StSqlContext *ctx, gint64 id, GArray *out)
{
  guint64             offset, bytes;
  gsize               size;
  const char         *data;
  const StTraceFile  *file;
  StJsonTok           event, args;
  g_autoptr (GString) key = g_string_new ("args");
  g_autoptr (GString) flat = g_string_new ("args");

  g_array_set_size (out, 0);
  if (!event_offset (ctx, id, &offset)
      || (data = st_trace_get_event_text (ctx->trace, offset, &size, &bytes)) == NULL
      || bytes >= size || data[bytes] != '{')
    return;
  event.p = data + bytes;
  event.e = st_json_skip_value (event.p, data + size);
  event.type = '{';
  if (event.e == NULL)
    return;
  file = st_trace_get_file (ctx->trace, st_offset_get_file (offset));
  if (g_strcmp0 (file->format, "neuron-json") == 0)
    args = event;
  else if (!st_json_find_member (&event, "args", &args))
    return;
  if (args.type == '{')
    flatten_object (out, key, flat, &args, 0);
  else
    flatten (out, key, flat, &args, 0);
}

static void
result_arg (sqlite3_context *out, const Arg *arg)
{
  switch (arg->type)
    {
    case ARG_INT:
    case ARG_BOOL: sqlite3_result_int64 (out, arg->int_value); break;
    case ARG_REAL: sqlite3_result_double (out, arg->real_value); break;
    case ARG_STRING: sqlite3_result_text (out, arg->text, -1, SQLITE_TRANSIENT); break;
    default: sqlite3_result_null (out); break;
    }
}

/* --- the table ---------------------------------------------------------------------- */

enum
{
  ARGS_ARG_SET_ID,
  ARGS_FLAT_KEY,
  ARGS_KEY,
  ARGS_INT_VALUE,
  ARGS_STRING_VALUE,
  ARGS_REAL_VALUE,
  ARGS_VALUE_TYPE,
  ARGS_DISPLAY_VALUE,
};

typedef struct
{
  sqlite3_vtab  base;
  StSqlContext *ctx;
} ArgsTable;

typedef struct
{
  sqlite3_vtab_cursor base;
  StSqlContext       *ctx;
  GArray             *args; /* Arg of the current event */
  guint               i;
  gint64              event, last; /* the current event, the last one to read */
} ArgsCursor;

static int
args_connect (sqlite3           *db,
              void              *aux,
              int                argc,
              const char *const *argv,
              sqlite3_vtab     **out,
              char             **error)
{
  ArgsTable *table;
  int        rc = sqlite3_declare_vtab (
             db, "CREATE TABLE x(arg_set_id INTEGER, flat_key TEXT, key TEXT, int_value INTEGER, "
                        "string_value TEXT, real_value REAL, value_type TEXT, display_value TEXT)");

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_vtab_config (db, SQLITE_VTAB_INNOCUOUS);
  table = sqlite3_malloc (sizeof *table);
  if (table == NULL)
    return SQLITE_NOMEM;
  memset (table, 0, sizeof *table);
  table->ctx = aux;
  *out = &table->base;
  return SQLITE_OK;
}

static gint64
n_events (StSqlContext *ctx)
{
  return (gint64)ctx->track_first[ctx->n_tracks] + ctx->instant_first[ctx->n_tracks];
}

/* One event by its arg_set_id, or every event's text. */
static int
args_best_index (sqlite3_vtab *vtab, sqlite3_index_info *info)
{
  ArgsTable *table = (ArgsTable *)vtab;

  info->idxNum = 0;
  info->estimatedCost = 1e3 * MAX (1, n_events (table->ctx));
  for (int c = 0; c < info->nConstraint; c++)
    if (info->aConstraint[c].usable && info->aConstraint[c].iColumn == ARGS_ARG_SET_ID
        && info->aConstraint[c].op == SQLITE_INDEX_CONSTRAINT_EQ)
      {
        info->aConstraintUsage[c].argvIndex = 1;
        info->idxNum = 1;
        info->estimatedCost = 10;
        info->estimatedRows = 10;
        break;
      }
  return SQLITE_OK;
}

static int
args_disconnect (sqlite3_vtab *vtab)
{
  sqlite3_free (vtab);
  return SQLITE_OK;
}

static int
args_open (sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
  ArgsCursor *c = g_new0 (ArgsCursor, 1);

  c->ctx = ((ArgsTable *)vtab)->ctx;
  c->args = g_array_new (FALSE, FALSE, sizeof (Arg));
  g_array_set_clear_func (c->args, arg_clear);
  *out = &c->base;
  return SQLITE_OK;
}

static int
args_close (sqlite3_vtab_cursor *cur)
{
  ArgsCursor *c = (ArgsCursor *)cur;

  g_array_unref (c->args);
  g_free (c);
  return SQLITE_OK;
}

/* From the current event on, the first that has args; checks for a
 * cancel every few thousand events. */
static int
args_seek (ArgsCursor *c)
{
  for (guint steps = 1; c->event <= c->last; c->event++, steps++)
    {
      if (steps % 1024 == 0 && g_cancellable_is_cancelled (c->ctx->cancellable))
        {
          sqlite3_free (c->base.pVtab->zErrMsg);
          c->base.pVtab->zErrMsg = sqlite3_mprintf ("%s", _ ("Cancelled"));
          return SQLITE_INTERRUPT;
        }
      read_args (c->ctx, c->event, c->args);
      c->i = 0;
      if (c->args->len > 0)
        return SQLITE_OK;
    }
  return SQLITE_OK;
}

static int
args_filter (sqlite3_vtab_cursor *cur,
             int                  plan,
             const char          *idx_str,
             int                  argc,
             sqlite3_value      **argv)
{
  ArgsCursor *c = (ArgsCursor *)cur;

  g_array_set_size (c->args, 0);
  c->event = 0;
  c->last = n_events (c->ctx) - 1;
  if (plan == 1)
    {
      if (sqlite3_value_numeric_type (argv[0]) != SQLITE_INTEGER)
        c->last = -1;
      else
        c->event = c->last = sqlite3_value_int64 (argv[0]);
    }
  return args_seek (c);
}

static int
args_next (sqlite3_vtab_cursor *cur)
{
  ArgsCursor *c = (ArgsCursor *)cur;

  if (++c->i < c->args->len)
    return SQLITE_OK;
  c->event++;
  return args_seek (c);
}

static int
args_eof (sqlite3_vtab_cursor *cur)
{
  ArgsCursor *c = (ArgsCursor *)cur;

  return c->event > c->last;
}

static int
args_column (sqlite3_vtab_cursor *cur, sqlite3_context *out, int column)
{
  ArgsCursor *c = (ArgsCursor *)cur;
  const Arg  *arg = &g_array_index (c->args, Arg, c->i);

  switch (column)
    {
    case ARGS_ARG_SET_ID: sqlite3_result_int64 (out, c->event); break;
    case ARGS_FLAT_KEY: sqlite3_result_text (out, arg->flat_key, -1, SQLITE_TRANSIENT); break;
    case ARGS_KEY: sqlite3_result_text (out, arg->key, -1, SQLITE_TRANSIENT); break;
    case ARGS_INT_VALUE:
      if (arg->type == ARG_INT || arg->type == ARG_BOOL)
        sqlite3_result_int64 (out, arg->int_value);
      else
        sqlite3_result_null (out);
      break;
    case ARGS_STRING_VALUE:
      if (arg->type == ARG_STRING || arg->type == ARG_JSON)
        sqlite3_result_text (out, arg->text, -1, SQLITE_TRANSIENT);
      else
        sqlite3_result_null (out);
      break;
    case ARGS_REAL_VALUE:
      if (arg->type == ARG_REAL)
        sqlite3_result_double (out, arg->real_value);
      else
        sqlite3_result_null (out);
      break;
    case ARGS_VALUE_TYPE:
      sqlite3_result_text (out, type_names[arg->type], -1, SQLITE_STATIC);
      break;
    case ARGS_DISPLAY_VALUE: sqlite3_result_text (out, arg->text, -1, SQLITE_TRANSIENT); break;
    default: sqlite3_result_null (out); break;
    }
  return SQLITE_OK;
}

static int
args_rowid (sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
  ArgsCursor *c = (ArgsCursor *)cur;

  *rowid = c->event << 20 | c->i;
  return SQLITE_OK;
}

static const sqlite3_module args_module = {
  .xConnect = args_connect,
  .xBestIndex = args_best_index,
  .xDisconnect = args_disconnect,
  .xDestroy = args_disconnect,
  .xOpen = args_open,
  .xClose = args_close,
  .xFilter = args_filter,
  .xNext = args_next,
  .xEof = args_eof,
  .xColumn = args_column,
  .xRowid = args_rowid,
};

/* extract_arg(arg_set_id, key): the value of one arg, null when the event
 * has none of that key. */
static void
extract_arg (sqlite3_context *out, int argc, sqlite3_value **argv)
{
  StSqlContext      *ctx = sqlite3_user_data (out);
  const char        *key = (const char *)sqlite3_value_text (argv[1]);
  g_autoptr (GArray) args = g_array_new (FALSE, FALSE, sizeof (Arg));

  g_array_set_clear_func (args, arg_clear);
  sqlite3_result_null (out);
  if (sqlite3_value_numeric_type (argv[0]) != SQLITE_INTEGER || key == NULL)
    return;
  read_args (ctx, sqlite3_value_int64 (argv[0]), args);
  for (guint i = 0; i < args->len; i++)
    if (strcmp (g_array_index (args, Arg, i).key, key) == 0)
      {
        result_arg (out, &g_array_index (args, Arg, i));
        return;
      }
}

gboolean
_st_sql_args_register (sqlite3 *db, StSqlContext *ctx)
{
  return sqlite3_create_module (db, "args", &args_module, ctx) == SQLITE_OK
         && sqlite3_create_function (db, "extract_arg", 2,
                                     SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, ctx,
                                     extract_arg, NULL, NULL)
                == SQLITE_OK;
}
