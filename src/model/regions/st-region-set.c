/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-set.h"
#include "st-region-private.h"

typedef enum
{
  OP_ADD,
  OP_REMOVE,
  OP_RENAME,
  OP_REPLACE,
} OpKind;

/* One undo step. Names are kept as text: the array an undo or redo
 * applies to may be a copy with its own name ids. */
typedef struct
{
  OpKind         kind;
  StRegionEntry  entry; /* OP_ADD, OP_REMOVE; OP_RENAME: where the region is */
  char          *name;  /* OP_ADD, OP_REMOVE; OP_RENAME: the old name */
  char          *new_name;
  StRegionArray *old_regions; /* OP_REPLACE */
  StRegionArray *new_regions;
} Op;

struct _StRegionSet
{
  GObject parent_instance;

  StRegionArray *regions; /* in (start, end, id) order; shared with undo steps */
  GHashTable    *objects; /* id → the StRegion made for it while one lives */
  GPtrArray     *undo;    /* of Op, the last is undone first */
  GPtrArray     *redo;
  gboolean       modified;
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
op_free (gpointer data)
{
  Op *op = data;

  g_free (op->name);
  g_free (op->new_name);
  g_clear_pointer (&op->old_regions, st_region_array_unref);
  g_clear_pointer (&op->new_regions, st_region_array_unref);
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
  return (State){ st_region_array_get_length (self->regions), self->undo->len > 0,
                  self->redo->len > 0 };
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

/* The regions, to edit: copied first when an undo step or a caller holds
 * them too. */
static StRegionArray *
own_regions (StRegionSet *self)
{
  if (st_region_array_is_shared (self->regions))
    {
      StRegionArray *copy = st_region_array_copy (self->regions);

      st_region_array_unref (self->regions);
      self->regions = copy;
    }
  return self->regions;
}

static guint
position_of (StRegionSet *self, const StRegionEntry *e)
{
  guint position = st_region_array_lower_bound (self->regions, e->start, e->end, e->id);

  g_assert (position < st_region_array_get_length (self->regions));
  g_assert (st_region_array_get_entry (self->regions, position)->id == e->id);
  return position;
}

static void
insert_entry (StRegionSet *self, const Op *op)
{
  StRegionArray *regions = own_regions (self);
  StRegionEntry  e = op->entry;
  guint          position = st_region_array_lower_bound (regions, e.start, e.end, e.id);

  e.name = st_region_array_intern (regions, op->name);
  e.number = 0;
  st_region_array_insert (regions, position, &e);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
}

static void
remove_entry (StRegionSet *self, const StRegionEntry *e)
{
  guint position = position_of (self, e);

  st_region_array_remove (own_regions (self), position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
}

/* A rename changes no position: it shows as the region object's "name". */
static void
rename_entry (StRegionSet *self, const StRegionEntry *e, const char *name)
{
  StRegion *object = g_hash_table_lookup (self->objects, &e->id);

  st_region_array_rename (own_regions (self), position_of (self, e), name);
  if (object != NULL)
    st_region_set_name (object, name);
}

static void
set_regions (StRegionSet *self, StRegionArray *regions)
{
  guint removed = st_region_array_get_length (self->regions);

  st_region_array_unref (self->regions);
  self->regions = st_region_array_ref (regions);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              st_region_array_get_length (regions));
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
        insert_entry (self, op);
      else
        remove_entry (self, &op->entry);
      break;
    case OP_RENAME: rename_entry (self, &op->entry, backward ? op->name : op->new_name); break;
    case OP_REPLACE: set_regions (self, backward ? op->old_regions : op->new_regions); break;
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

/* The objects made for regions: one per region while someone holds it,
 * so that a region is the same object wherever it is asked for. */

static void
on_object_finalized (gpointer data, GObject *where_the_object_was)
{
  StRegionSet *self = data;
  guint64      id = st_region_ensure_id ((StRegion *)where_the_object_was);

  g_hash_table_remove (self->objects, &id);
}

static void
keep_object (StRegionSet *self, StRegion *region, guint64 id)
{
  g_hash_table_insert (self->objects, g_memdup2 (&id, sizeof id), region);
  g_object_weak_ref (G_OBJECT (region), on_object_finalized, self);
}

static void
forget_objects (StRegionSet *self)
{
  GHashTableIter iter;
  gpointer       region;

  g_hash_table_iter_init (&iter, self->objects);
  while (g_hash_table_iter_next (&iter, NULL, &region))
    g_object_weak_unref (region, on_object_finalized, self);
  g_hash_table_remove_all (self->objects);
}

static GType
st_region_set_get_item_type (GListModel *model)
{
  return ST_TYPE_REGION;
}

static guint
st_region_set_get_n_items (GListModel *model)
{
  return st_region_array_get_length (ST_REGION_SET (model)->regions);
}

/* Makes the region's object when nobody holds one: a list that shows 30
 * of a million regions makes about 30. */
static gpointer
st_region_set_get_item (GListModel *model, guint position)
{
  StRegionSet         *self = ST_REGION_SET (model);
  const StRegionEntry *e;
  StRegion            *region;
  g_autofree char     *name = NULL;

  if (position >= st_region_array_get_length (self->regions))
    return NULL;
  e = st_region_array_get_entry (self->regions, position);
  region = g_hash_table_lookup (self->objects, &e->id);
  if (region != NULL)
    return g_object_ref (region);
  name = st_region_array_dup_name (self->regions, position);
  region = st_region_new_with_id (name, e->start, e->end, e->method, e->id);
  keep_object (self, region, e->id);
  return region;
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

  forget_objects (self);
  g_clear_pointer (&self->objects, g_hash_table_unref);
  g_clear_pointer (&self->regions, st_region_array_unref);
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
    case PROP_N_ITEMS: g_value_set_uint (value, st_region_array_get_length (self->regions)); break;
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
  self->regions = st_region_array_new ();
  self->objects = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
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

  return st_region_array_get_length (self->regions);
}

/* The regions as they are now, to read (transfer none): valid until the
 * next change of the set. */
StRegionArray *
st_region_set_get_array (StRegionSet *self)
{
  g_return_val_if_fail (ST_IS_REGION_SET (self), NULL);

  return self->regions;
}

/* The position of @region, or G_MAXUINT when it is not in the set. */
guint
st_region_set_find (StRegionSet *self, StRegion *region)
{
  guint64 id;
  guint   position;

  g_return_val_if_fail (ST_IS_REGION_SET (self), G_MAXUINT);
  g_return_val_if_fail (ST_IS_REGION (region), G_MAXUINT);

  id = st_region_ensure_id (region);
  position = st_region_array_lower_bound (self->regions, st_region_get_start (region),
                                          st_region_get_end (region), id);
  if (position < st_region_array_get_length (self->regions)
      && st_region_array_get_entry (self->regions, position)->id == id)
    return position;
  return G_MAXUINT;
}

/* Adds @region after those with the same bounds; returns its position.
 * The set's item at that position is @region itself while it lives. */
guint
st_region_set_add (StRegionSet *self, StRegion *region)
{
  Op     *op;
  guint64 id;

  g_return_val_if_fail (ST_IS_REGION_SET (self), G_MAXUINT);
  g_return_val_if_fail (ST_IS_REGION (region), G_MAXUINT);
  g_return_val_if_fail (st_region_set_find (self, region) == G_MAXUINT, G_MAXUINT);

  id = st_region_ensure_id (region);
  if (g_hash_table_lookup (self->objects, &id) == NULL)
    keep_object (self, region, id);
  op = g_new0 (Op, 1);
  op->kind = OP_ADD;
  op->entry = (StRegionEntry){ st_region_get_start (region), st_region_get_end (region), id, 0, 0,
                               st_region_get_method (region) };
  op->name = g_strdup (st_region_get_name (region));
  edit (self, op, TRUE);
  return st_region_set_find (self, region);
}

void
st_region_set_remove (StRegionSet *self, guint position)
{
  Op *op;

  g_return_if_fail (ST_IS_REGION_SET (self));
  g_return_if_fail (position < st_region_array_get_length (self->regions));

  op = g_new0 (Op, 1);
  op->kind = OP_REMOVE;
  op->entry = *st_region_array_get_entry (self->regions, position);
  op->name = st_region_array_dup_name (self->regions, position);
  edit (self, op, TRUE);
}

void
st_region_set_rename (StRegionSet *self, guint position, const char *name)
{
  g_autofree char *old_name = NULL;
  Op              *op;

  g_return_if_fail (ST_IS_REGION_SET (self));
  g_return_if_fail (position < st_region_array_get_length (self->regions));
  g_return_if_fail (name != NULL);
  g_return_if_fail (g_utf8_validate (name, -1, NULL));

  old_name = st_region_array_dup_name (self->regions, position);
  if (g_str_equal (old_name, name))
    return;

  op = g_new0 (Op, 1);
  op->kind = OP_RENAME;
  op->entry = *st_region_array_get_entry (self->regions, position);
  op->name = g_steal_pointer (&old_name);
  op->new_name = g_strdup (name);
  edit (self, op, TRUE);
}

/* Replaces every region by @regions (NULL for none) as one step, and sets
 * "modified" to @modified. The set keeps @regions, not a copy, unless they
 * are out of order. */
void
st_region_set_replace (StRegionSet *self, StRegionArray *regions, gboolean modified)
{
  Op *op;

  op = g_new0 (Op, 1);
  op->kind = OP_REPLACE;
  op->old_regions = st_region_array_ref (self->regions);
  if (regions == NULL)
    op->new_regions = st_region_array_new ();
  else if (st_region_array_is_ordered (regions))
    op->new_regions = st_region_array_ref (regions);
  else
    {
      op->new_regions = st_region_array_copy (regions);
      st_region_array_sort (op->new_regions);
    }
  st_region_array_freeze (op->new_regions);
  edit (self, op, modified);
}

/* Replaces every region by @regions (in any order; NULL for none), as one
 * step. @regions no longer changes once the set holds it. */
void
st_region_set_replace_all (StRegionSet *self, StRegionArray *regions)
{
  g_return_if_fail (ST_IS_REGION_SET (self));

  if (st_region_array_get_length (self->regions) == 0
      && (regions == NULL || st_region_array_get_length (regions) == 0))
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
