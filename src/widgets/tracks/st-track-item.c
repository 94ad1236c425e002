/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-track-item.h"
#include "st-format.h"

#include <glib/gi18n.h>

struct _StTrackItem
{
  GObject parent_instance;

  char       *title;
  char       *details;
  char       *kind;
  guint64     events;
  guint       rows;
  guint       track;    /* the trace's index, G_MAXUINT for a process */
  gboolean    pinned;   /* as the arrangement has it */
  gboolean    shown;    /* not hidden */
  GListStore *children; /* StTrackItem, for a process */
};

G_DEFINE_FINAL_TYPE (StTrackItem, st_track_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_DETAILS,
  PROP_KIND,
  PROP_EVENTS,
  PROP_EVENTS_TEXT,
  PROP_ROWS_TEXT,
  PROP_IS_PROCESS,
  PROP_IS_TRACK,
  PROP_TARGET,
  PROP_PINNED,
  PROP_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_track_item_finalize (GObject *object)
{
  StTrackItem *self = ST_TRACK_ITEM (object);

  g_free (self->title);
  g_free (self->details);
  g_free (self->kind);
  g_clear_object (&self->children);
  G_OBJECT_CLASS (st_track_item_parent_class)->finalize (object);
}

static void
st_track_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StTrackItem *self = ST_TRACK_ITEM (object);

  switch (prop_id)
    {
    case PROP_TITLE: g_value_set_string (value, self->title); break;
    case PROP_DETAILS: g_value_set_string (value, self->details); break;
    case PROP_KIND: g_value_set_string (value, self->kind); break;
    case PROP_EVENTS: g_value_set_uint64 (value, self->events); break;
    case PROP_EVENTS_TEXT: g_value_take_string (value, st_format_count (self->events)); break;
    case PROP_ROWS_TEXT:
      g_value_take_string (value, self->rows ? g_strdup_printf ("%u", self->rows) : g_strdup (""));
      break;
    case PROP_IS_PROCESS: g_value_set_boolean (value, self->children != NULL); break;
    case PROP_IS_TRACK: g_value_set_boolean (value, self->children == NULL); break;
    case PROP_TARGET:
      g_value_set_variant (value, g_variant_new_uint32 (self->children ? 0 : self->track));
      break;
    case PROP_PINNED: g_value_set_boolean (value, self->pinned); break;
    case PROP_SHOWN: g_value_set_boolean (value, self->shown); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_item_class_init (StTrackItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_track_item_finalize;
  object_class->get_property = st_track_item_get_property;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_DETAILS] = g_param_spec_string ("details", NULL, NULL, NULL, flags);
  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL, flags);
  properties[PROP_EVENTS] = g_param_spec_uint64 ("events", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  properties[PROP_EVENTS_TEXT] = g_param_spec_string ("events-text", NULL, NULL, NULL, flags);
  properties[PROP_ROWS_TEXT] = g_param_spec_string ("rows-text", NULL, NULL, NULL, flags);
  properties[PROP_IS_PROCESS] = g_param_spec_boolean ("is-process", NULL, NULL, FALSE, flags);
  properties[PROP_IS_TRACK] = g_param_spec_boolean ("is-track", NULL, NULL, FALSE, flags);
  /* the track's index, as the target of the list's per-track actions */
  properties[PROP_TARGET]
      = g_param_spec_variant ("target", NULL, NULL, G_VARIANT_TYPE_UINT32, NULL, flags);
  properties[PROP_PINNED]
      = g_param_spec_boolean ("pinned", NULL, NULL, FALSE, flags | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOWN]
      = g_param_spec_boolean ("shown", NULL, NULL, TRUE, flags | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_track_item_init (StTrackItem *self)
{
  self->track = G_MAXUINT;
  self->shown = TRUE;
}

const char *
st_track_item_get_title (StTrackItem *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ITEM (self), NULL);
  return self->title;
}

guint64
st_track_item_get_events (StTrackItem *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ITEM (self), 0);
  return self->events;
}

/* The trace's index of a track row's track, G_MAXUINT for a process. */
guint
st_track_item_get_track (StTrackItem *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ITEM (self), G_MAXUINT);
  return self->track;
}

/* Takes whether @tracks has the track of a track row pinned and shown. */
void
st_track_item_update (StTrackItem *self, StTrackArrangement *tracks)
{
  gboolean pinned, shown;

  g_return_if_fail (ST_IS_TRACK_ITEM (self));
  if (self->children != NULL)
    return;
  pinned = st_track_arrangement_get_pinned (tracks, self->track);
  shown = !st_track_arrangement_get_hidden (tracks, self->track);
  if (pinned != self->pinned)
    {
      self->pinned = pinned;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PINNED]);
    }
  if (shown != self->shown)
    {
      self->shown = shown;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
    }
}

/* The tracks of a process row, NULL for a track row. */
GListModel *
st_track_item_get_children (StTrackItem *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ITEM (self), NULL);
  return self->children ? G_LIST_MODEL (self->children) : NULL;
}

static const char *
kind_label (StTrackKind kind)
{
  switch (kind)
    {
    case ST_TRACK_SLICES: return _ ("Slices");
    case ST_TRACK_INSTANTS: return _ ("Instants");
    case ST_TRACK_COUNTER: return _ ("Counter");
    case ST_TRACK_ASYNC: return _ ("Async");
    default: return "";
    }
}

static StTrackItem *
track_row_new (StTrace *trace, guint index)
{
  const StTrack *t = st_trace_get_track (trace, index);
  StTrackItem   *self = g_object_new (ST_TYPE_TRACK_ITEM, NULL);

  self->track = index;
  self->title = g_strdup (st_trace_get_string (trace, t->name));
  self->kind = g_strdup (kind_label (t->kind));
  self->events = t->n_events;
  self->rows = t->n_rows;
  if (t->kind == ST_TRACK_COUNTER)
    self->details = g_strdup_printf (ngettext ("%u series", "%u series", t->n_series), t->n_series);
  else if (t->tid != ST_STRING_EMPTY)
    self->details = g_strdup_printf (_ ("tid %s"), st_trace_get_string (trace, t->tid));
  else
    self->details = g_strdup ("");
  return self;
}

static StTrackItem *
process_row_new (StTrace *trace, guint process)
{
  StTrackItem *self = g_object_new (ST_TYPE_TRACK_ITEM, NULL);
  GString     *details = g_string_new (NULL);

  self->children = g_list_store_new (ST_TYPE_TRACK_ITEM);
  self->kind = g_strdup (_ ("Process"));
  if (process == ST_NO_PROCESS)
    self->title = g_strdup (_ ("Global"));
  else
    {
      const StProcess *p = st_trace_get_process (trace, process);
      self->title = st_trace_dup_process_title (trace, process);
      g_string_append_printf (details, _ ("pid %s"), st_trace_get_string (trace, p->pid));
      if (p->labels != ST_STRING_EMPTY)
        g_string_append_printf (details, " · %s", st_trace_get_string (trace, p->labels));
    }
  self->details = g_string_free (details, FALSE);
  return self;
}

/* The processes of @trace that have tracks, in the trace's order, each with
 * its tracks as children. */
GListModel *
st_track_item_new_model (StTrace *trace)
{
  GListStore  *roots = g_list_store_new (ST_TYPE_TRACK_ITEM);
  StTrackItem *current = NULL;
  guint        current_process = G_MAXUINT - 1;

  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack          *t = st_trace_get_track (trace, i);
      g_autoptr (StTrackItem) row = track_row_new (trace, i);

      if (t->process != current_process)
        {
          g_autoptr (StTrackItem) process = process_row_new (trace, t->process);
          current_process = t->process;
          current = process;
          g_list_store_append (roots, process);
        }
      current->events += row->events;
      g_list_store_append (current->children, row);
    }
  return G_LIST_MODEL (roots);
}
