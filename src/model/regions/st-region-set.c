#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-set.h"
#include "st-region-private.h"
#include "st-region-set-private.h"

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

/* Replaces every region by @regions (NULL for none) as one step, and sets
 * "modified" to @modified. */
void
st_region_set_replace (StRegionSet *self, GPtrArray *regions, gboolean modified)
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

  st_region_set_replace (self, regions, TRUE);
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
