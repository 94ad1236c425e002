/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-event-list.h"

#include "st-event-item.h"
#include "st-sort.h"
#include "st-trace-query.h"

typedef struct
{
  gint64     dur;
  StEventRef ref;
} Entry;

/* longest first; on a tie by track, then by index */
ST_DEFINE_SORT (sort_entries,
                Entry,
                a->dur > b->dur
                    || (a->dur == b->dur
                        && (a->ref.track < b->ref.track
                            || (a->ref.track == b->ref.track && a->ref.index < b->ref.index))))

struct _StEventList
{
  GObject parent_instance;

  StTrace *trace;
  Entry   *entries;
  guint    n;
};

static void st_event_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (StEventList,
                               st_event_list,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, st_event_list_model_init))

static GType
get_item_type (GListModel *model)
{
  return ST_TYPE_EVENT_ITEM;
}

static guint
get_n_items (GListModel *model)
{
  return ST_EVENT_LIST (model)->n;
}

static gpointer
get_item (GListModel *model, guint position)
{
  StEventList *self = ST_EVENT_LIST (model);

  if (position >= self->n)
    return NULL;
  return st_event_item_new (self->trace, self->entries[position].ref);
}

static void
st_event_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
st_event_list_finalize (GObject *object)
{
  StEventList *self = ST_EVENT_LIST (object);

  g_clear_object (&self->trace);
  g_free (self->entries);
  G_OBJECT_CLASS (st_event_list_parent_class)->finalize (object);
}

static void
st_event_list_class_init (StEventListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_event_list_finalize;
}

static void
st_event_list_init (StEventList *self)
{
}

StEventList *
st_event_list_new (StTrace *trace, GArray *refs)
{
  StEventList *self = g_object_new (ST_TYPE_EVENT_LIST, NULL);

  self->trace = g_object_ref (trace);
  self->n = refs->len;
  self->entries = g_new (Entry, MAX (1, refs->len));
  for (guint i = 0; i < refs->len; i++)
    {
      StEventRef ref = g_array_index (refs, StEventRef, i);
      self->entries[i] = (Entry){ st_event_get_duration (trace, ref), ref };
    }
  sort_entries (self->entries, self->n, NULL);
  return self;
}
