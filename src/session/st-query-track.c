/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-session"

#include "config.h"

#include "st-query-track.h"

struct _StQueryTrack
{
  GObject parent_instance;

  StSpanTrack *spans;
  GArray      *slices;
  guint64      n_rows;
  gint         selected;
};

G_DEFINE_FINAL_TYPE (StQueryTrack, st_query_track, G_TYPE_OBJECT)

enum
{
  CHANGED,
  DESCRIBE,
  ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
st_query_track_set_spans (StQueryTrack *self, StSpanTrack *spans, guint64 n_rows, GArray *slices)
{
  g_return_if_fail (ST_IS_QUERY_TRACK (self));
  if (spans == NULL && self->spans == NULL)
    return;
  g_clear_pointer (&self->spans, st_span_track_unref);
  g_clear_pointer (&self->slices, g_array_unref);
  self->spans = spans != NULL ? st_span_track_ref (spans) : NULL;
  self->slices = spans != NULL && slices != NULL ? g_array_ref (slices) : NULL;
  self->n_rows = spans != NULL ? n_rows : 0;
  self->selected = -1;
  g_signal_emit (self, signals[CHANGED], 0);
}

StSpanTrack *
st_query_track_get_spans (StQueryTrack *self)
{
  g_return_val_if_fail (ST_IS_QUERY_TRACK (self), NULL);
  return self->spans;
}

GArray *
st_query_track_get_slices (StQueryTrack *self)
{
  g_return_val_if_fail (ST_IS_QUERY_TRACK (self), NULL);
  return self->slices;
}

guint64
st_query_track_get_n_rows (StQueryTrack *self)
{
  g_return_val_if_fail (ST_IS_QUERY_TRACK (self), 0);
  return self->n_rows;
}

void
st_query_track_set_selected (StQueryTrack *self, gint item)
{
  g_return_if_fail (ST_IS_QUERY_TRACK (self));
  if (self->selected == item)
    return;
  self->selected = item;
  g_signal_emit (self, signals[CHANGED], 0);
}

gint
st_query_track_get_selected (StQueryTrack *self)
{
  g_return_val_if_fail (ST_IS_QUERY_TRACK (self), -1);
  return self->selected;
}

char *
st_query_track_dup_description (StQueryTrack *self, guint item)
{
  char *text = NULL;

  g_return_val_if_fail (ST_IS_QUERY_TRACK (self), NULL);
  g_signal_emit (self, signals[DESCRIBE], 0, item, &text);
  return text;
}

void
st_query_track_activate (StQueryTrack *self, guint item)
{
  g_return_if_fail (ST_IS_QUERY_TRACK (self));
  g_signal_emit (self, signals[ACTIVATED], 0, item);
}

static void
st_query_track_finalize (GObject *object)
{
  g_clear_pointer (&ST_QUERY_TRACK (object)->spans, st_span_track_unref);
  g_clear_pointer (&ST_QUERY_TRACK (object)->slices, g_array_unref);
  G_OBJECT_CLASS (st_query_track_parent_class)->finalize (object);
}

static void
st_query_track_class_init (StQueryTrackClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_query_track_finalize;

  /* The spans or the selected row changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
  /* (guint row) → the row's values as text, a line per column. */
  signals[DESCRIBE]
      = g_signal_new ("describe", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                      g_signal_accumulator_first_wins, NULL, NULL, G_TYPE_STRING, 1, G_TYPE_UINT);
  /* (guint row): its span was clicked on the timeline. */
  signals[ACTIVATED] = g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
st_query_track_init (StQueryTrack *self)
{
  self->selected = -1;
}

StQueryTrack *
st_query_track_new (void)
{
  return g_object_new (ST_TYPE_QUERY_TRACK, NULL);
}
