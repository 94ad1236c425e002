#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-set.h"
#include "st-atomic-file.h"
#include "st-region-private.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Region files are small (a region is ~100 bytes of JSON); anything larger
 * is not one, and parsing it into a tree would take a lot of memory. */
#define MAX_FILE_SIZE ((gsize)64 << 20)

/* A region in the set, with the order it came in: regions with the same
 * bounds stay in the order they were added, and undo puts a region back
 * exactly where it was. */
typedef struct
{
  StRegion *region;
  guint64   seq;
} Entry;

typedef enum
{
  OP_ADD,
  OP_REMOVE,
  OP_RENAME,
  OP_REPLACE,
} OpKind;

/* One undo step. */
typedef struct
{
  OpKind  kind;
  Entry   entry;    /* OP_ADD, OP_REMOVE; OP_RENAME uses entry.region */
  char   *old_name; /* OP_RENAME */
  char   *new_name;
  GArray *old_entries; /* OP_REPLACE */
  GArray *new_entries;
} Op;

struct _StRegionSet
{
  GObject parent_instance;

  GArray    *entries; /* of Entry, in (start, end, seq) order */
  guint64    next_seq;
  GPtrArray *undo; /* of Op, the last is undone first */
  GPtrArray *redo;
  gboolean   modified;
};

static void st_region_set_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (StRegionSet,
                               st_region_set,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      st_region_set_list_model_init))

enum
{
  PROP_0,
  PROP_N_ITEMS,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
entry_clear (gpointer data)
{
  Entry *e = data;

  g_clear_object (&e->region);
}

static GArray *
entries_new (guint reserved)
{
  GArray *entries = g_array_sized_new (FALSE, FALSE, sizeof (Entry), reserved);

  g_array_set_clear_func (entries, entry_clear);
  return entries;
}

static GArray *
entries_copy (GArray *entries)
{
  GArray *copy = entries_new (entries->len);

  for (guint i = 0; i < entries->len; i++)
    {
      Entry e = g_array_index (entries, Entry, i);

      g_object_ref (e.region);
      g_array_append_val (copy, e);
    }
  return copy;
}

static int
compare_entries (const Entry *a, const Entry *b)
{
  gint64 as = st_region_get_start (a->region), bs = st_region_get_start (b->region);
  gint64 ae = st_region_get_end (a->region), be = st_region_get_end (b->region);

  if (as != bs)
    return as < bs ? -1 : 1;
  if (ae != be)
    return ae < be ? -1 : 1;
  if (a->seq != b->seq)
    return a->seq < b->seq ? -1 : 1;
  return 0;
}

/* The first position whose entry sorts after @e (or equal to it). */
static guint
lower_bound (GArray *entries, const Entry *e)
{
  guint lo = 0, hi = entries->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (compare_entries (&g_array_index (entries, Entry, mid), e) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static void
op_free (gpointer data)
{
  Op *op = data;

  g_clear_object (&op->entry.region);
  g_free (op->old_name);
  g_free (op->new_name);
  g_clear_pointer (&op->old_entries, g_array_unref);
  g_clear_pointer (&op->new_entries, g_array_unref);
  g_free (op);
}

/* What the properties were before a change, to notify only what changed. */
typedef struct
{
  guint    n_items;
  gboolean can_undo;
  gboolean can_redo;
} State;

static State
get_state (StRegionSet *self)
{
  return (State){ self->entries->len, self->undo->len > 0, self->redo->len > 0 };
}

static void
finish_change (StRegionSet *self, State before, gboolean modified)
{
  State after = get_state (self);

  if (after.n_items != before.n_items)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  if (after.can_undo != before.can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (after.can_redo != before.can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  st_region_set_set_modified (self, modified);
  g_signal_emit (self, signals[EDITED], 0);
}

static void
insert_entry (StRegionSet *self, const Entry *e)
{
  guint position = lower_bound (self->entries, e);
  Entry copy = { g_object_ref (e->region), e->seq };

  g_array_insert_val (self->entries, position, copy);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
}

static void
remove_entry (StRegionSet *self, const Entry *e)
{
  guint position = lower_bound (self->entries, e);

  g_assert (position < self->entries->len);
  g_assert (g_array_index (self->entries, Entry, position).region == e->region);
  g_array_remove_index (self->entries, position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
}

static void
set_entries (StRegionSet *self, GArray *entries)
{
  guint removed = self->entries->len;

  g_array_unref (self->entries);
  self->entries = entries_copy (entries);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->entries->len);
}

/* Does @op, or with @backward undoes it. */
static void
apply (StRegionSet *self, Op *op, gboolean backward)
{
  switch (op->kind)
    {
    case OP_ADD:
    case OP_REMOVE:
      if ((op->kind == OP_ADD) != backward)
        insert_entry (self, &op->entry);
      else
        remove_entry (self, &op->entry);
      break;
    case OP_RENAME:
      st_region_set_name (op->entry.region, backward ? op->old_name : op->new_name);
      break;
    case OP_REPLACE: set_entries (self, backward ? op->old_entries : op->new_entries); break;
    default: g_assert_not_reached ();
    }
}

/* Does a new edit: it becomes the step to undo, and what was undone
 * before can no longer be redone. */
static void
edit (StRegionSet *self, Op *op, gboolean modified)
{
  State before = get_state (self);

  g_ptr_array_set_size (self->redo, 0);
  g_ptr_array_add (self->undo, op);
  apply (self, op, FALSE);
  finish_change (self, before, modified);
}

static GType
st_region_set_get_item_type (GListModel *model)
{
  return ST_TYPE_REGION;
}

static guint
st_region_set_get_n_items (GListModel *model)
{
  return ST_REGION_SET (model)->entries->len;
}

static gpointer
st_region_set_get_item (GListModel *model, guint position)
{
  StRegionSet *self = ST_REGION_SET (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (g_array_index (self->entries, Entry, position).region);
}

static void
st_region_set_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = st_region_set_get_item_type;
  iface->get_n_items = st_region_set_get_n_items;
  iface->get_item = st_region_set_get_item;
}

static void
st_region_set_finalize (GObject *object)
{
  StRegionSet *self = ST_REGION_SET (object);

  g_clear_pointer (&self->entries, g_array_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  G_OBJECT_CLASS (st_region_set_parent_class)->finalize (object);
}

static void
st_region_set_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRegionSet *self = ST_REGION_SET (object);

  switch (prop_id)
    {
    case PROP_N_ITEMS: g_value_set_uint (value, self->entries->len); break;
    case PROP_CAN_UNDO: g_value_set_boolean (value, st_region_set_can_undo (self)); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, st_region_set_can_redo (self)); break;
    case PROP_MODIFIED: g_value_set_boolean (value, self->modified); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_set_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StRegionSet *self = ST_REGION_SET (object);

  switch (prop_id)
    {
    case PROP_MODIFIED: st_region_set_set_modified (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_set_class_init (StRegionSetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_region_set_finalize;
  object_class->get_property = st_region_set_get_property;
  object_class->set_property = st_region_set_set_property;

  properties[PROP_N_ITEMS]
      = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO]
      = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO]
      = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED]
      = g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After every change of the contents, undo and redo included; a rename
   * changes no position, so it shows only as the region's "name". */
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_region_set_init (StRegionSet *self)
{
  self->entries = entries_new (0);
  self->undo = g_ptr_array_new_with_free_func (op_free);
  self->redo = g_ptr_array_new_with_free_func (op_free);
}

StRegionSet *
st_region_set_new (void)
{
  return g_object_new (ST_TYPE_REGION_SET, NULL);
}

guint
st_region_set_get_n_regions (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), 0);

  return self->entries->len;
}

/* Transfer none. */
StRegion *
st_region_set_get_region (StRegionSet *self, guint position)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), NULL);
  g_return_val_if_fail (position < self->entries->len, NULL);

  return g_array_index (self->entries, Entry, position).region;
}

/* The position of @region, or G_MAXUINT when it is not in the set. */
guint
st_region_set_find (StRegionSet *self, StRegion *region)
{
  Entry key = { region, 0 };

  g_return_val_if_fail (ST_IS_REGION_SET (self), G_MAXUINT);
  g_return_val_if_fail (ST_IS_REGION (region), G_MAXUINT);

  /* seq 0 sorts before every region with the same bounds. */
  for (guint i = lower_bound (self->entries, &key); i < self->entries->len; i++)
    {
      StRegion *r = g_array_index (self->entries, Entry, i).region;

      if (r == region)
        return i;
      if (st_region_get_start (r) != st_region_get_start (region)
          || st_region_get_end (r) != st_region_get_end (region))
        break;
    }
  return G_MAXUINT;
}

/* Adds @region after those with the same bounds; returns its position. */
guint
st_region_set_add (StRegionSet *self, StRegion *region)
{
  Op *op;

  g_return_val_if_fail (ST_IS_REGION_SET (self), G_MAXUINT);
  g_return_val_if_fail (ST_IS_REGION (region), G_MAXUINT);
  g_return_val_if_fail (st_region_set_find (self, region) == G_MAXUINT, G_MAXUINT);

  op = g_new0 (Op, 1);
  op->kind = OP_ADD;
  op->entry.region = g_object_ref (region);
  op->entry.seq = ++self->next_seq;
  edit (self, op, TRUE);
  return st_region_set_find (self, region);
}

void
st_region_set_remove (StRegionSet *self, guint position)
{
  Op *op;

  g_return_if_fail (ST_IS_REGION_SET (self));
  g_return_if_fail (position < self->entries->len);

  op = g_new0 (Op, 1);
  op->kind = OP_REMOVE;
  op->entry = g_array_index (self->entries, Entry, position);
  g_object_ref (op->entry.region);
  edit (self, op, TRUE);
}

void
st_region_set_rename (StRegionSet *self, guint position, const char *name)
{
  StRegion *region;
  Op       *op;

  g_return_if_fail (ST_IS_REGION_SET (self));
  g_return_if_fail (position < self->entries->len);
  g_return_if_fail (name != NULL);
  g_return_if_fail (g_utf8_validate (name, -1, NULL));

  region = g_array_index (self->entries, Entry, position).region;
  if (g_str_equal (st_region_get_name (region), name))
    return;

  op = g_new0 (Op, 1);
  op->kind = OP_RENAME;
  op->entry.region = g_object_ref (region);
  op->old_name = g_strdup (st_region_get_name (region));
  op->new_name = g_strdup (name);
  edit (self, op, TRUE);
}

static int
compare_entries_qsort (gconstpointer a, gconstpointer b)
{
  return compare_entries (a, b);
}

static void
replace (StRegionSet *self, GPtrArray *regions, gboolean modified)
{
  guint n = regions != NULL ? regions->len : 0;
  Op   *op;

  op = g_new0 (Op, 1);
  op->kind = OP_REPLACE;
  op->old_entries = entries_copy (self->entries);
  op->new_entries = entries_new (n);
  for (guint i = 0; i < n; i++)
    {
      Entry e = { g_object_ref (g_ptr_array_index (regions, i)), ++self->next_seq };

      g_array_append_val (op->new_entries, e);
    }
  g_array_sort (op->new_entries, compare_entries_qsort);
  edit (self, op, modified);
}

/* Replaces every region by @regions (StRegion, in any order; NULL for
 * none), as one step. */
void
st_region_set_replace_all (StRegionSet *self, GPtrArray *regions)
{
  g_return_if_fail (ST_IS_REGION_SET (self));

  if (regions != NULL)
    for (guint i = 0; i < regions->len; i++)
      g_return_if_fail (ST_IS_REGION (g_ptr_array_index (regions, i)));
  if (self->entries->len == 0 && (regions == NULL || regions->len == 0))
    return;

  replace (self, regions, TRUE);
}

gboolean
st_region_set_can_undo (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);

  return self->undo->len > 0;
}

gboolean
st_region_set_can_redo (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);

  return self->redo->len > 0;
}

/* Moves the last step of @from to @to, undoing or redoing it. */
static gboolean
replay (StRegionSet *self, GPtrArray *from, GPtrArray *to, gboolean backward)
{
  State before = get_state (self);
  Op   *op;

  if (from->len == 0)
    return FALSE;
  op = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, op);
  apply (self, op, backward);
  finish_change (self, before, TRUE);
  return TRUE;
}

/* FALSE when there is nothing to undo. */
gboolean
st_region_set_undo (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);

  return replay (self, self->undo, self->redo, TRUE);
}

gboolean
st_region_set_redo (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);

  return replay (self, self->redo, self->undo, FALSE);
}

gboolean
st_region_set_get_modified (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);

  return self->modified;
}

void
st_region_set_set_modified (StRegionSet *self, gboolean modified)
{
  g_return_if_fail (ST_IS_REGION_SET (self));

  modified = !!modified;
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* The file's text (pretty JSON); with @sidecar, "unsaved" says whether the
 * edits were saved to a file. @profile may be NULL. */
/* A JSON string literal of @s (valid UTF-8). */
static void
append_json_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s; *p; p++)
    {
      guchar c = *p;

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, '"');
}

static void
append_profile (GString *out, const StProfileIdentity *profile)
{
  g_string_append (out, "  \"profile\" : {\"name\" : ");
  if (profile->name != NULL)
    append_json_string (out, profile->name);
  else
    g_string_append (out, "null");
  g_string_append_printf (
      out, ", \"size\" : %" G_GINT64_FORMAT ", \"digest\" : ", (gint64)profile->size);
  append_json_string (out, profile->digest);
  g_string_append (out, "},\n");
}

/* Written by hand, not through JsonBuilder: a set of 100 000 regions (the
 * stack method on a large profile) is autosaved after every edit, and this
 * is ten times faster. */
char *
st_region_set_to_json (StRegionSet *self, const StProfileIdentity *profile, gboolean sidecar)
{
  GString *out;

  g_return_val_if_fail (ST_IS_REGION_SET (self), NULL);

  out = g_string_sized_new (128 + 96 * self->entries->len);
  g_string_append_printf (out, "{\n  \"version\" : %d,\n", ST_REGION_FILE_VERSION);
  if (profile != NULL)
    append_profile (out, profile);
  if (sidecar)
    g_string_append_printf (out, "  \"unsaved\" : %s,\n", self->modified ? "true" : "false");
  g_string_append (out, "  \"regions\" : [");
  for (guint i = 0; i < self->entries->len; i++)
    {
      StRegion *r = g_array_index (self->entries, Entry, i).region;

      g_string_append (out, i > 0 ? ",\n    {\"name\" : " : "\n    {\"name\" : ");
      append_json_string (out, st_region_get_name (r));
      g_string_append_printf (out,
                              ", \"start_ns\" : %" G_GINT64_FORMAT
                              ", \"end_ns\" : %" G_GINT64_FORMAT ", \"method\" : \"%s\"}",
                              st_region_get_start (r), st_region_get_end (r),
                              st_region_method_to_string (st_region_get_method (r)));
    }
  g_string_append (out, self->entries->len > 0 ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (out, FALSE);
}

static char *
dup_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename != NULL ? g_filename_display_name (basename) : g_file_get_parse_name (file);
}

gboolean
st_region_set_save (StRegionSet             *self,
                    GFile                   *file,
                    const StProfileIdentity *profile,
                    GError                 **error)
{
  g_autofree char   *text = NULL;
  g_autoptr (GError) local_error = NULL;
  gboolean           ok;

  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = st_region_set_to_json (self, profile, FALSE);
  ok = st_atomic_file_replace (file, text, strlen (text), 0666, &local_error);
  if (!ok)
    {
      g_autofree char *name = dup_display_name (file);

      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _ ("Could not save the regions to “%s”: "), name);
      return FALSE;
    }

  st_region_set_set_modified (self, FALSE);
  return TRUE;
}

/* A whole number: an integer, or a double without a fraction (1e9). */
static gboolean
get_whole_number (JsonNode *node, gint64 *out)
{
  GType  type;
  double d;

  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  if (type != G_TYPE_DOUBLE)
    return FALSE;
  d = json_node_get_double (node);
  /* -2^63 ≤ d < 2^63 (so false for NaN), then no fraction. */
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || (double)(gint64)d != d)
    return FALSE;
  *out = (gint64)d;
  return TRUE;
}

static gboolean
holds_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* A JSON syntax error as "“name”, line 3, column 7: …". json-glib says
 * "<data>:3:7: Parse error: …". */
static void
set_syntax_error (GError **error, const char *display_name, const char *message)
{
  unsigned    line, column;
  int         consumed = 0;
  const char *detail;

  if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
    {
      detail = message + consumed;
      if (g_str_has_prefix (detail, "Parse error: "))
        detail += strlen ("Parse error: ");
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”, line %u, column %u: this is not valid JSON (%s)."), display_name, line,
                   column, detail);
    }
  else
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not valid JSON (%s)."), display_name, message);
    }
}

/* @index counts from 1, as a person reading the file would. */
static StRegion *
read_region (JsonNode *node, guint index, const char *display_name, GError **error)
{
  static const char *const keys[] = { "name", "start_ns", "end_ns", "method" };
  JsonObject              *object;
  gint64                   start, end;
  const char              *method_string;
  StRegionMethod           method;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”, region %u: this is not an object with “name”, “start_ns”, “end_ns” "
                      "and “method”."),
                   display_name, index);
      return NULL;
    }
  object = json_node_get_object (node);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (!json_object_has_member (object, keys[i]))
      {
        g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                     _ ("“%s”, region %u: “%s” is missing."), display_name, index, keys[i]);
        return NULL;
      }

  if (!holds_string (json_object_get_member (object, "name")))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “name” is not a string."), display_name, index);
      return NULL;
    }
  if (!get_whole_number (json_object_get_member (object, "start_ns"), &start))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “start_ns” is not a whole number of nanoseconds."),
                   display_name, index);
      return NULL;
    }
  if (!get_whole_number (json_object_get_member (object, "end_ns"), &end))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “end_ns” is not a whole number of nanoseconds."),
                   display_name, index);
      return NULL;
    }
  if (end < start)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “end_ns” (%" G_GINT64_FORMAT
                      ") is before “start_ns” (%" G_GINT64_FORMAT ")."),
                   display_name, index, end, start);
      return NULL;
    }
  if (!holds_string (json_object_get_member (object, "method")))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “method” is not a string."), display_name, index);
      return NULL;
    }
  method_string = json_object_get_string_member (object, "method");
  if (!st_region_method_from_string (method_string, &method))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “method” is “%s”; Strata knows “manual”, “collectives”, "
                      "“hierarchy” and “stack”."),
                   display_name, index, method_string);
      return NULL;
    }

  return st_region_new (json_object_get_string_member (object, "name"), start, end, method);
}

static int
compare_regions (gconstpointer a, gconstpointer b)
{
  StRegion *ra = *(StRegion **)a, *rb = *(StRegion **)b;
  gint64    as = st_region_get_start (ra), bs = st_region_get_start (rb);
  gint64    ae = st_region_get_end (ra), be = st_region_get_end (rb);

  if (as != bs)
    return as < bs ? -1 : 1;
  if (ae != be)
    return ae < be ? -1 : 1;
  return 0;
}

/* Reads the text of a region file (or a sidecar); @display_name names it
 * in messages. @profile and @unsaved may be NULL. */
static JsonObject *
parse_root (JsonParser *parser,
            const char *data,
            gsize       length,
            const char *display_name,
            GError    **error)
{
  g_autoptr (GError) local_error = NULL;
  JsonNode          *root;

  if (length > MAX_FILE_SIZE)
    {
      g_set_error (
          error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
          _ ("“%s” is larger than 64 MiB, far too large for a region file; it is not one."),
          display_name);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data != NULL ? data : "", length, &local_error))
    {
      set_syntax_error (error, display_name, local_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is empty; it is not a region file."), display_name);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (
          error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
          _ ("“%s” is not a region file: it is not a JSON object with “version” and “regions”."),
          display_name);
      return NULL;
    }
  return json_node_get_object (root);
}

static gboolean
check_version (JsonObject *object, const char *display_name, GError **error)
{
  JsonNode *node = json_object_get_member (object, "version");
  gint64    version;

  if (node == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not a region file: it has no “version”."), display_name);
      return FALSE;
    }
  if (!get_whole_number (node, &version) || version < 1)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”: “version” is not a whole number from 1 up."), display_name);
      return FALSE;
    }
  if (version > ST_REGION_FILE_VERSION)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_NEWER,
                   _ ("“%s” was written by a newer Strata (version %" G_GINT64_FORMAT
                      "); this one reads version %d. Update Strata to open it."),
                   display_name, version, ST_REGION_FILE_VERSION);
      return FALSE;
    }
  return TRUE;
}

/* The optional "profile" and "unsaved" members. */
static gboolean
read_profile_and_unsaved (JsonObject         *object,
                          const char         *display_name,
                          StProfileIdentity **identity,
                          gboolean           *unsaved,
                          GError            **error)
{
  JsonNode          *node = json_object_get_member (object, "profile");
  g_autoptr (GError) local_error = NULL;

  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      *identity = st_profile_identity_from_json (node, &local_error);
      if (*identity == NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                      "“%s”: ", display_name);
          return FALSE;
        }
    }
  node = json_object_get_member (object, "unsaved");
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”: “unsaved” is not true or false."), display_name);
      return FALSE;
    }
  *unsaved = json_node_get_boolean (node);
  return TRUE;
}

/* The "regions" array, sorted (stable: regions with the same bounds keep
 * the file's order). */
static GPtrArray *
read_regions (JsonObject *object, const char *display_name, GError **error)
{
  JsonNode             *node = json_object_get_member (object, "regions");
  g_autoptr (GPtrArray) regions = NULL;
  JsonArray            *array;

  if (node == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not a region file: it has no “regions”."), display_name);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”: “regions” is not an array."), display_name);
      return NULL;
    }
  array = json_node_get_array (node);
  regions = g_ptr_array_new_full (json_array_get_length (array), g_object_unref);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      StRegion *region
          = read_region (json_array_get_element (array, i), i + 1, display_name, error);

      if (region == NULL)
        return NULL;
      g_ptr_array_add (regions, region);
    }
  g_ptr_array_sort (regions, compare_regions);
  return g_steal_pointer (&regions);
}

GPtrArray *
st_region_set_read_data (const char         *data,
                         gsize               length,
                         const char         *display_name,
                         StProfileIdentity **profile,
                         gboolean           *unsaved,
                         GError            **error)
{
  g_autoptr (JsonParser)        parser = NULL;
  g_autoptr (StProfileIdentity) identity = NULL;
  GPtrArray                    *regions;
  JsonObject                   *object;
  gboolean                      is_unsaved = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  parser = json_parser_new_immutable ();
  object = parse_root (parser, data, length, display_name, error);
  if (object == NULL || !check_version (object, display_name, error)
      || !read_profile_and_unsaved (object, display_name, &identity, &is_unsaved, error))
    return NULL;
  regions = read_regions (object, display_name, error);
  if (regions == NULL)
    return NULL;
  if (profile != NULL)
    *profile = g_steal_pointer (&identity);
  if (unsaved != NULL)
    *unsaved = is_unsaved;
  return regions;
}

GPtrArray *
st_region_set_read_file (GFile *file, StProfileIdentity **profile, GError **error)
{
  g_autofree char      *name = NULL;
  g_autofree char      *data = NULL;
  g_autoptr (GFileInfo) info = NULL;
  gsize                 length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = dup_display_name (file);
  /* Refuse a huge file before reading it all into memory. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL,
                            error);
  if (info == NULL)
    return NULL;
  if ((guint64)g_file_info_get_size (info) > MAX_FILE_SIZE)
    {
      g_set_error (
          error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
          _ ("“%s” is larger than 64 MiB, far too large for a region file; it is not one."), name);
      return NULL;
    }
  if (!g_file_load_contents (file, NULL, &data, &length, NULL, error))
    return NULL;
  return st_region_set_read_data (data, length, name, profile, NULL, error);
}

gboolean
st_region_set_autosave (StRegionSet *self, const StProfileIdentity *profile, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);
  g_return_val_if_fail (profile != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = st_profile_identity_dup_sidecar_path (profile);

  /* Nothing to keep: no file, rather than one that restores nothing. */
  if (self->entries->len == 0 && !self->modified)
    {
      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int              saved_errno = errno;
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _ ("Could not remove the autosaved regions “%s”: %s"), display,
                       g_strerror (saved_errno));
          return FALSE;
        }
      return TRUE;
    }

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int              saved_errno = errno;
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _ ("Could not create the folder “%s” for autosaved regions: %s"), display,
                   g_strerror (saved_errno));
      return FALSE;
    }

  text = st_region_set_to_json (self, profile, TRUE);
  /* Survives a kill and a power cut: the old sidecar or the new one. */
  st_atomic_file_remove_stale (path, ST_ATOMIC_FILE_STALE_SECONDS);
  return g_file_set_contents_full (path, text, strlen (text),
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0600, error);
}

gboolean
st_region_set_restore (StRegionSet *self, const StProfileIdentity *profile, GError **error)
{
  g_autofree char              *path = NULL;
  g_autofree char              *display = NULL;
  g_autofree char              *data = NULL;
  g_autoptr (GError)            local_error = NULL;
  g_autoptr (GPtrArray)         regions = NULL;
  g_autoptr (StProfileIdentity) saved_for = NULL;
  gboolean                      unsaved = FALSE;
  gsize                         length;

  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);
  g_return_val_if_fail (profile != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = st_profile_identity_dup_sidecar_path (profile);
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return FALSE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  /* The full path, so that a person can find a damaged sidecar. */
  display = g_filename_display_name (path);
  regions = st_region_set_read_data (data, length, display, &saved_for, &unsaved, error);
  if (regions == NULL)
    return FALSE;
  if (saved_for != NULL && !st_profile_identity_equal (saved_for, profile))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s” holds the regions of another profile (“%s”); it was not restored."),
                   display, saved_for->name != NULL ? saved_for->name : "");
      return FALSE;
    }

  if (self->entries->len > 0 || regions->len > 0)
    replace (self, regions, unsaved);
  else
    st_region_set_set_modified (self, unsaved);
  return TRUE;
}
