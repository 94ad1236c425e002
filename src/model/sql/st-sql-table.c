/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-table.c: the virtual-table module of the tables in parts
 * (st-sql-private.h): the planner's questions answered from the store's
 * order, and a cursor that walks the rows a plan selects.
 *
 * A plan either walks the parts — every part, or those of one key, each
 * from the first row at or after a time to the last at or before one, by
 * binary search — or walks runs of numbers a lookup found (one id, the
 * slices of some names, a slice's flows), keeping only the rows that meet
 * the other bounds. SQLite checks every constraint again (none is
 * omitted), so a plan only has to select at least the rows that match.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sql-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

enum
{
  PLAN_ID = 1 << 0,     /* argv: the id */
  PLAN_LOOKUP = 1 << 1, /* argv: the value; PLAN_COLUMN, PLAN_MATCH */
  PLAN_ORDER = 1 << 2,  /* every row in PLAN_COLUMN's order */
  PLAN_KEY = 1 << 3,    /* argv: the key */
  PLAN_TS_EQ = 1 << 4,  /* argv: the time */
  PLAN_LO = 1 << 5,     /* argv: the lowest time */
  PLAN_LO_STRICT = 1 << 6,
  PLAN_HI = 1 << 7, /* argv: the highest time */
  PLAN_HI_STRICT = 1 << 8,
  PLAN_DESC = 1 << 9,
};

#define PLAN_COLUMN(plan)     (((plan) >> 16) & 0xff)
#define PLAN_MATCH(plan)      (((plan) >> 24) & 0x3)
#define PLAN_WITH(column, m)  ((int)((guint)(column) << 16 | (guint)(m) << 24))
#define CHECK_CANCELLED_EVERY 4096
#define PREFETCH_AHEAD        16

typedef struct
{
  StSqlContext        *ctx;
  const StSqlTableDef *def;
} TableAux;

typedef struct
{
  sqlite3_vtab         base;
  StSqlContext        *ctx;
  const StSqlTableDef *def;
} Table;

typedef struct
{
  sqlite3_vtab_cursor base;
  StSqlScan           scan;
  gboolean            has_key;
  guint32             key;
  gboolean            has_ts;
  gint64              lo, hi; /* both included */
  gboolean            by_runs;
  gboolean            entering; /* the part's range is still to find */
  guint               p, i, end;
  guint               r, k;
  guint               ahead; /* the part of the row asked for ahead */
  guint32             number;
  gboolean            eof;
  guint               steps;
} Cursor;

/* --- the planner ------------------------------------------------------------ */

typedef struct
{
  int id, key, ts_eq, lo, hi, lookup, pattern;
} Usable;

static gboolean
is_binary (sqlite3_index_info *info, int c)
{
  const char *collation = sqlite3_vtab_collation (info, c);

  return collation == NULL || sqlite3_stricmp (collation, "BINARY") == 0;
}

static void
find_usable (const StSqlTableDef *def, sqlite3_index_info *info, Usable *u)
{
  *u = (Usable){ -1, -1, -1, -1, -1, -1, -1 };
  for (int c = 0; c < info->nConstraint; c++)
    {
      const struct sqlite3_index_constraint *k = &info->aConstraint[c];
      int                                    col = k->iColumn < 0 ? 0 : k->iColumn;
      guint                                  bit = col < 32 ? 1u << col : 0;

      if (!k->usable)
        continue;
      if (col == 0 && k->op == SQLITE_INDEX_CONSTRAINT_EQ && u->id < 0)
        u->id = c;
      else if (col == def->key_column && k->op == SQLITE_INDEX_CONSTRAINT_EQ && u->key < 0)
        u->key = c;
      else if (col == def->ts_column && k->op == SQLITE_INDEX_CONSTRAINT_EQ && u->ts_eq < 0)
        u->ts_eq = c;
      else if (col == def->ts_column && u->lo < 0
               && (k->op == SQLITE_INDEX_CONSTRAINT_GT || k->op == SQLITE_INDEX_CONSTRAINT_GE))
        u->lo = c;
      else if (col == def->ts_column && u->hi < 0
               && (k->op == SQLITE_INDEX_CONSTRAINT_LT || k->op == SQLITE_INDEX_CONSTRAINT_LE))
        u->hi = c;
      else if ((def->lookup_columns & bit) && k->op == SQLITE_INDEX_CONSTRAINT_EQ && u->lookup < 0
               && is_binary (info, c))
        u->lookup = c;
      else if ((def->pattern_columns & bit) && u->pattern < 0
               && (k->op == SQLITE_INDEX_CONSTRAINT_LIKE || k->op == SQLITE_INDEX_CONSTRAINT_GLOB))
        u->pattern = c;
    }
}

static void
use (sqlite3_index_info *info, int c, int *argv_index)
{
  info->aConstraintUsage[c].argvIndex = ++*argv_index;
  info->aConstraintUsage[c].omit = 0;
}

/* An ORDER BY (or GROUP BY) of one column the plan gives in order. */
static int
order_plan (const StSqlTableDef *def, sqlite3_index_info *info, int plan)
{
  const struct sqlite3_index_orderby *o;
  int                                 col;

  if (info->nOrderBy != 1)
    return plan;
  o = &info->aOrderBy[0];
  col = o->iColumn < 0 ? 0 : o->iColumn;
  if (col == 0 && !o->desc && !(plan & (PLAN_LOOKUP | PLAN_ORDER)))
    {
      info->orderByConsumed = 1;
      return plan;
    }
  if (col >= 32 || !(def->order_columns & (1u << col)))
    return plan;
  if ((plan & PLAN_LOOKUP) && PLAN_COLUMN (plan) == col)
    plan |= o->desc ? PLAN_DESC : 0;
  else if ((plan & ~PLAN_WITH (0xff, 0x3)) == 0)
    plan = PLAN_ORDER | PLAN_WITH (col, 0) | (o->desc ? PLAN_DESC : 0);
  else
    return plan;
  info->orderByConsumed = 1;
  return plan;
}

/* The bounds of the time column a plan uses. */
static int
time_plan (sqlite3_index_info *info, const Usable *u, int *argv_index, double *rows)
{
  int plan = 0;

  if (u->ts_eq >= 0)
    {
      plan |= PLAN_TS_EQ;
      use (info, u->ts_eq, argv_index);
      *rows = *rows / 1000 + 1;
    }
  else
    {
      if (u->lo >= 0)
        {
          plan
              |= PLAN_LO
                 | (info->aConstraint[u->lo].op == SQLITE_INDEX_CONSTRAINT_GT ? PLAN_LO_STRICT : 0);
          use (info, u->lo, argv_index);
          *rows = *rows / 2 + 1;
        }
      if (u->hi >= 0)
        {
          plan
              |= PLAN_HI
                 | (info->aConstraint[u->hi].op == SQLITE_INDEX_CONSTRAINT_LT ? PLAN_HI_STRICT : 0);
          use (info, u->hi, argv_index);
          *rows = *rows / (u->lo >= 0 ? 16 : 2) + 1;
        }
    }
  return plan;
}

static int
table_best_index (sqlite3_vtab *vtab, sqlite3_index_info *info)
{
  Table *table = (Table *)vtab;
  Usable u;
  int    plan = 0, argv_index = 0;
  double rows = MAX (1, table->def->count (table->ctx));

  find_usable (table->def, info, &u);
  if (u.id >= 0)
    {
      plan |= PLAN_ID;
      use (info, u.id, &argv_index);
      rows = 1;
      info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
    }
  else if (u.lookup >= 0 || u.pattern >= 0)
    {
      int c = u.lookup >= 0 ? u.lookup : u.pattern;
      int op = info->aConstraint[c].op;

      plan |= PLAN_LOOKUP
              | PLAN_WITH (info->aConstraint[c].iColumn,
                           op == SQLITE_INDEX_CONSTRAINT_LIKE   ? ST_SQL_MATCH_LIKE
                           : op == SQLITE_INDEX_CONSTRAINT_GLOB ? ST_SQL_MATCH_GLOB
                                                                : ST_SQL_MATCH_EQ);
      use (info, c, &argv_index);
      rows = u.lookup >= 0 ? rows / 64 + 1 : rows / 8 + 1;
    }
  if (u.key >= 0)
    {
      plan |= PLAN_KEY;
      use (info, u.key, &argv_index);
      rows = rows / 8 + 1;
    }
  plan |= time_plan (info, &u, &argv_index, &rows);
  info->idxNum = order_plan (table->def, info, plan);
  info->estimatedRows = (sqlite3_int64)rows;
  info->estimatedCost = rows + 10;
  return SQLITE_OK;
}

/* --- values of constraints --------------------------------------------------- */

/* The integer @value equals, or FALSE when it equals none. */
static gboolean
value_to_int (sqlite3_value *value, gint64 *out)
{
  double d;

  switch (sqlite3_value_numeric_type (value))
    {
    case SQLITE_INTEGER: *out = sqlite3_value_int64 (value); return TRUE;
    case SQLITE_FLOAT:
      d = sqlite3_value_double (value);
      if (d != floor (d) || !(d >= -9.2e18 && d <= 9.2e18))
        return FALSE;
      *out = (gint64)d;
      return TRUE;
    default: return FALSE;
    }
}

/* The least integer a time must reach to be above (@strict) or at @value:
 * FALSE when none can be (a null, a text). */
static gboolean
value_to_lower (sqlite3_value *value, gboolean strict, gint64 *out)
{
  double d;

  switch (sqlite3_value_numeric_type (value))
    {
    case SQLITE_INTEGER:
      *out = sqlite3_value_int64 (value);
      if (strict)
        *out = *out == G_MAXINT64 ? G_MAXINT64 : *out + 1;
      return !(strict && sqlite3_value_int64 (value) == G_MAXINT64);
    case SQLITE_FLOAT:
      d = sqlite3_value_double (value);
      if (isnan (d))
        return FALSE;
      d = strict && d == floor (d) ? d + 1 : ceil (d);
      *out = d <= -9.2e18 ? G_MININT64 : d >= 9.2e18 ? G_MAXINT64 : (gint64)d;
      return d < 9.3e18;
    default: return FALSE;
    }
}

/* The greatest integer a time may reach to be below (@strict) or at
 * @value; G_MAXINT64 for a text, which every number is below. */
static gboolean
value_to_upper (sqlite3_value *value, gboolean strict, gint64 *out)
{
  double d;

  switch (sqlite3_value_numeric_type (value))
    {
    case SQLITE_INTEGER:
      *out = sqlite3_value_int64 (value);
      if (strict)
        *out = *out == G_MININT64 ? G_MININT64 : *out - 1;
      return !(strict && sqlite3_value_int64 (value) == G_MININT64);
    case SQLITE_FLOAT:
      d = sqlite3_value_double (value);
      if (isnan (d))
        return FALSE;
      d = strict && d == floor (d) ? d - 1 : floor (d);
      *out = d <= -9.2e18 ? G_MININT64 : d >= 9.2e18 ? G_MAXINT64 : (gint64)d;
      return d > -9.3e18;
    case SQLITE_NULL: return FALSE;
    default: *out = G_MAXINT64; return TRUE;
    }
}

/* --- the scan ---------------------------------------------------------------- */

static void
scan_clear (StSqlScan *scan)
{
  g_clear_pointer (&scan->own_parts, g_array_unref);
  if (scan->data_free != NULL)
    g_clear_pointer (&scan->data, scan->data_free);
  scan->data = NULL;
  scan->data_free = NULL;
  g_clear_pointer (&scan->runs, g_array_unref);
  g_clear_pointer (&scan->own_ids, g_array_unref);
  scan->parts = NULL;
  scan->n_parts = 0;
  scan->unsorted = FALSE;
  scan->base = 0;
}

void
_st_sql_scan_add_run (StSqlScan *scan, const guint32 *numbers, guint n)
{
  StSqlRun run = { numbers, 0, n };

  if (n == 0)
    return;
  if (scan->runs == NULL)
    scan->runs = g_array_new (FALSE, FALSE, sizeof (StSqlRun));
  g_array_append_val (scan->runs, run);
}

void
_st_sql_scan_add_numbers (StSqlScan *scan, const guint32 *numbers, guint n)
{
  StSqlRun run;

  if (n == 0)
    return;
  if (scan->own_ids == NULL)
    scan->own_ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  run = (StSqlRun){ NULL, scan->own_ids->len, n };
  g_array_append_vals (scan->own_ids, numbers, n);
  if (scan->runs == NULL)
    scan->runs = g_array_new (FALSE, FALSE, sizeof (StSqlRun));
  g_array_append_val (scan->runs, run);
}

static guint32
run_number (const StSqlScan *scan, const StSqlRun *run, guint k)
{
  if (run->numbers != NULL)
    return run->numbers[k];
  return g_array_index (scan->own_ids, guint32, run->offset + k);
}

/* The first part whose key is @key or after it. */
static guint
first_part_of_key (const StSqlScan *scan, guint32 key)
{
  guint lo = 0, hi = scan->n_parts;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (scan->parts[mid].key < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The part that holds @number into *@at: the part at *@at or the next as
 * numbers mostly come in order, else by binary search. */
static gboolean
locate (const StSqlScan *s, guint32 number, guint *at)
{
  guint lo = 0, hi = s->n_parts;

  for (guint p = *at; p < s->n_parts && p < *at + 2; p++)
    if (number >= s->parts[p].first && number - s->parts[p].first < s->parts[p].n)
      {
        *at = p;
        return TRUE;
      }
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->parts[mid].first <= number)
        lo = mid;
      else
        hi = mid;
    }
  if (lo >= s->n_parts || number < s->parts[lo].first
      || number - s->parts[lo].first >= s->parts[lo].n)
    return FALSE;
  *at = lo;
  return TRUE;
}

/* Asks for the row @PREFETCH_AHEAD numbers on in the run: a run of a name
 * index jumps about the store, and the row is then in the cache when its
 * turn comes. */
static void
prefetch (Cursor *c, const StSqlRun *run)
{
  const StSqlTableDef *def = ((Table *)c->base.pVtab)->def;
  guint32              number;

  if (def->prefetch == NULL || c->k + PREFETCH_AHEAD >= run->n)
    return;
  number = run_number (&c->scan, run, c->k + PREFETCH_AHEAD);
  if (locate (&c->scan, number, &c->ahead))
    def->prefetch (&c->scan, &c->scan.parts[c->ahead], number - c->scan.parts[c->ahead].first);
}

static gboolean
in_time (Cursor *c, const StSqlPart *part, guint index)
{
  gint64 ts;

  if (!c->has_ts)
    return TRUE;
  ts = ((Table *)c->base.pVtab)->def->get_ts (&c->scan, part, index);
  return ts >= c->lo && ts <= c->hi;
}

static gboolean
skipped (Cursor *c, const StSqlPart *part, guint index)
{
  const StSqlTableDef *def = ((Table *)c->base.pVtab)->def;

  return def->skip != NULL && def->skip (&c->scan, part, index);
}

/* The places of @part whose time is in the bounds: [*from, *to). */
static void
part_range (Cursor *c, const StSqlPart *part, guint *from, guint *to)
{
  const StSqlTableDef *def = ((Table *)c->base.pVtab)->def;
  guint                lo = 0, hi = part->n;

  *from = 0;
  *to = part->n;
  if (!c->has_ts || c->scan.unsorted)
    return;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (def->get_ts (&c->scan, part, mid) < c->lo)
        lo = mid + 1;
      else
        hi = mid;
    }
  *from = lo;
  hi = part->n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (def->get_ts (&c->scan, part, mid) <= c->hi)
        lo = mid + 1;
      else
        hi = mid;
    }
  *to = lo;
}

static int
cancelled (Cursor *c)
{
  if (++c->steps % CHECK_CANCELLED_EVERY != 0
      || !g_cancellable_is_cancelled (c->scan.ctx->cancellable))
    return SQLITE_OK;
  sqlite3_free (c->base.pVtab->zErrMsg);
  c->base.pVtab->zErrMsg = sqlite3_mprintf ("%s", _ ("Cancelled"));
  return SQLITE_INTERRUPT;
}

/* From the current place on, the first row of the parts in the bounds. */
static int
seek_parts (Cursor *c)
{
  const StSqlScan *s = &c->scan;
  int              rc;

  for (; c->p < s->n_parts; c->p++, c->entering = TRUE)
    {
      const StSqlPart *part = &s->parts[c->p];

      if (c->has_key && part->key != c->key)
        break;
      if (c->entering)
        part_range (c, part, &c->i, &c->end);
      c->entering = FALSE;
      for (; c->i < c->end; c->i++)
        {
          if ((rc = cancelled (c)) != SQLITE_OK)
            return rc;
          if (!skipped (c, part, c->i) && (!s->unsorted || in_time (c, part, c->i)))
            {
              c->number = part->first + c->i;
              return SQLITE_OK;
            }
        }
    }
  c->eof = TRUE;
  return SQLITE_OK;
}

/* From the current place on, the first number of the runs that is a row
 * in the bounds. */
static int
seek_runs (Cursor *c)
{
  const StSqlScan *s = &c->scan;
  int              rc;

  for (; s->runs != NULL && c->r < s->runs->len; c->r++, c->k = 0)
    {
      const StSqlRun *run = &g_array_index (s->runs, StSqlRun, c->r);

      for (; c->k < run->n; c->k++)
        {
          guint32          number = run_number (s, run, c->k);
          const StSqlPart *part;

          if ((rc = cancelled (c)) != SQLITE_OK)
            return rc;
          prefetch (c, run);
          if (!locate (s, number, &c->p))
            continue;
          part = &s->parts[c->p];
          c->i = number - part->first;
          if ((!c->has_key || part->key == c->key) && in_time (c, part, c->i)
              && !skipped (c, part, c->i))
            {
              c->number = number;
              return SQLITE_OK;
            }
        }
    }
  c->eof = TRUE;
  return SQLITE_OK;
}

static int
fail (sqlite3_vtab *vtab, const GError *error)
{
  sqlite3_free (vtab->zErrMsg);
  vtab->zErrMsg = sqlite3_mprintf ("%s", error->message);
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? SQLITE_INTERRUPT
                                                                   : SQLITE_ERROR;
}

/* Reads the bounds of @plan from @argv, from @a on; FALSE when no row can
 * meet them. */
static gboolean
read_bounds (Cursor *c, int plan, sqlite3_value **argv, int a)
{
  gint64 key;

  c->lo = G_MININT64;
  c->hi = G_MAXINT64;
  if (plan & PLAN_KEY)
    {
      if (!value_to_int (argv[a++], &key) || key < 0 || key > G_MAXUINT32)
        return FALSE;
      c->has_key = TRUE;
      c->key = (guint32)key;
    }
  c->has_ts = (plan & (PLAN_TS_EQ | PLAN_LO | PLAN_HI)) != 0;
  if (plan & PLAN_TS_EQ)
    {
      if (!value_to_int (argv[a++], &c->lo))
        return FALSE;
      c->hi = c->lo;
    }
  if ((plan & PLAN_LO) && !value_to_lower (argv[a++], (plan & PLAN_LO_STRICT) != 0, &c->lo))
    return FALSE;
  if ((plan & PLAN_HI) && !value_to_upper (argv[a++], (plan & PLAN_HI_STRICT) != 0, &c->hi))
    return FALSE;
  return c->lo <= c->hi;
}

/* The runs of @plan's id or lookup; FALSE with @error when a lookup
 * failed. */
static gboolean
find_runs (Cursor *c, int plan, sqlite3_value **argv, GError **error)
{
  const StSqlTableDef *def = ((Table *)c->base.pVtab)->def;
  gint64               id;

  if (plan & PLAN_ID)
    {
      if (value_to_int (argv[0], &id) && id >= c->scan.base && id - c->scan.base <= G_MAXUINT32)
        {
          guint32 number = (guint32)(id - c->scan.base);

          _st_sql_scan_add_numbers (&c->scan, &number, 1);
        }
      return TRUE;
    }
  return def->lookup (&c->scan, PLAN_COLUMN (plan), PLAN_MATCH (plan),
                      (plan & PLAN_LOOKUP) ? argv[0] : NULL, (plan & PLAN_DESC) != 0, error);
}

static int
cursor_filter (sqlite3_vtab_cursor *cur,
               int                  plan,
               const char          *idx_str,
               int                  argc,
               sqlite3_value      **argv)
{
  Cursor            *c = (Cursor *)cur;
  Table             *table = (Table *)cur->pVtab;
  g_autoptr (GError) error = NULL;
  int                a = (plan & (PLAN_ID | PLAN_LOOKUP)) ? 1 : 0;

  scan_clear (&c->scan);
  c->scan.ctx = table->ctx;
  c->has_key = c->has_ts = c->eof = FALSE;
  c->p = c->i = c->end = c->r = c->k = c->ahead = 0;
  c->entering = TRUE;
  c->by_runs = (plan & (PLAN_ID | PLAN_LOOKUP | PLAN_ORDER)) != 0;
  if (!table->def->prepare (&c->scan, &error))
    return fail (cur->pVtab, error);
  if (!read_bounds (c, plan, argv, a))
    {
      c->eof = TRUE;
      return SQLITE_OK;
    }
  if (c->by_runs && !find_runs (c, plan, argv, &error))
    return fail (cur->pVtab, error);
  if (c->by_runs)
    return seek_runs (c);
  if (c->has_key)
    c->p = first_part_of_key (&c->scan, c->key);
  return seek_parts (c);
}

static int
cursor_next (sqlite3_vtab_cursor *cur)
{
  Cursor *c = (Cursor *)cur;

  if (c->by_runs)
    {
      c->k++;
      return seek_runs (c);
    }
  c->i++;
  return seek_parts (c);
}

static int
cursor_eof (sqlite3_vtab_cursor *cur)
{
  return ((Cursor *)cur)->eof;
}

static int
cursor_column (sqlite3_vtab_cursor *cur, sqlite3_context *out, int column)
{
  Cursor *c = (Cursor *)cur;
  Table  *table = (Table *)cur->pVtab;

  if (column == 0)
    sqlite3_result_int64 (out, c->scan.base + c->number);
  else
    table->def->column (&c->scan, &c->scan.parts[c->p], c->i, column, out);
  return SQLITE_OK;
}

static int
cursor_rowid (sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
  Cursor *c = (Cursor *)cur;

  *rowid = c->scan.base + c->number;
  return SQLITE_OK;
}

/* --- the module ---------------------------------------------------------------- */

static int
table_connect (sqlite3           *db,
               void              *aux,
               int                argc,
               const char *const *argv,
               sqlite3_vtab     **out,
               char             **error)
{
  TableAux *a = aux;
  Table    *table;
  int       rc = sqlite3_declare_vtab (db, a->def->schema);

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_vtab_config (db, SQLITE_VTAB_INNOCUOUS);
  table = sqlite3_malloc (sizeof *table);
  if (table == NULL)
    return SQLITE_NOMEM;
  memset (table, 0, sizeof *table);
  table->ctx = a->ctx;
  table->def = a->def;
  *out = &table->base;
  return SQLITE_OK;
}

static int
table_disconnect (sqlite3_vtab *vtab)
{
  sqlite3_free (vtab);
  return SQLITE_OK;
}

static int
cursor_open (sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
  Cursor *c = g_new0 (Cursor, 1);

  *out = &c->base;
  return SQLITE_OK;
}

static int
cursor_close (sqlite3_vtab_cursor *cur)
{
  Cursor *c = (Cursor *)cur;

  scan_clear (&c->scan);
  g_free (c);
  return SQLITE_OK;
}

/* Eponymous only (no xCreate): the table exists as soon as the module
 * does, and no statement can create or drop one. */
static const sqlite3_module table_module = {
  .xConnect = table_connect,
  .xBestIndex = table_best_index,
  .xDisconnect = table_disconnect,
  .xDestroy = table_disconnect,
  .xOpen = cursor_open,
  .xClose = cursor_close,
  .xFilter = cursor_filter,
  .xNext = cursor_next,
  .xEof = cursor_eof,
  .xColumn = cursor_column,
  .xRowid = cursor_rowid,
};

gboolean
_st_sql_table_register (sqlite3 *db, StSqlContext *ctx, const StSqlTableDef *def)
{
  TableAux *aux = g_new (TableAux, 1);

  aux->ctx = ctx;
  aux->def = def;
  return sqlite3_create_module_v2 (db, def->name, &table_module, aux, g_free) == SQLITE_OK;
}
