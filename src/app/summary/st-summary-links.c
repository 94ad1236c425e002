/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-links.h"

#include "st-trace-query.h"

struct _StSummaryLinks
{
  GObject parent_instance;

  StSession *session;
};

G_DEFINE_FINAL_TYPE (StSummaryLinks, st_summary_links, G_TYPE_OBJECT)

static void
show_range (StSummaryLinks *self, GtkWidget *widget, GVariant *parameter)
{
  gint64 start, end;

  g_variant_get (parameter, "(xx)", &start, &end);
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
  st_session_set_range (self->session, start, end);
}

/* One event, selected and shown. */
static void
show_event (StSummaryLinks *self, GtkWidget *widget, GVariant *parameter, StEventKind kind)
{
  StEventRef ref = { 0, 0, kind };

  g_variant_get (parameter, "(uu)", &ref.track, &ref.index);
  st_session_select (self->session, ref, ST_SELECT_REPLACE);
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
  st_session_reveal (self->session, ref);
}

/* Slices selected together, the timeline shown at the longest, as the
 * Call Tree shows a node's instances. */
static void
show_slices (StSummaryLinks *self, GtkWidget *widget, GVariant *parameter)
{
  StTrace           *trace = st_session_get_trace (self->session);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  GVariantIter       iter;
  StEventRef         ref = { 0, 0, ST_EVENT_SLICE };
  guint              longest = 0;

  g_variant_iter_init (&iter, parameter);
  while (g_variant_iter_next (&iter, "(uu)", &ref.track, &ref.index))
    if (ref.track < st_trace_get_n_tracks (trace)
        && ref.index < st_trace_get_track (trace, ref.track)->n_slices)
      g_array_append_val (refs, ref);
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
  for (guint i = 1; i < refs->len; i++)
    if (st_event_get_duration (trace, g_array_index (refs, StEventRef, i))
        > st_event_get_duration (trace, g_array_index (refs, StEventRef, longest)))
      longest = i;
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
  if (refs->len > 0)
    st_session_reveal (self->session, g_array_index (refs, StEventRef, longest));
}

void
st_summary_links_follow (StSummaryLinks *self,
                         GtkWidget      *widget,
                         const char     *name,
                         GVariant       *parameter)
{
  g_return_if_fail (ST_IS_SUMMARY_LINKS (self));

  if (self->session == NULL)
    return;
  if (g_str_equal (name, "summary.show-range"))
    show_range (self, widget, parameter);
  else if (g_str_equal (name, "summary.show-slice"))
    show_event (self, widget, parameter, ST_EVENT_SLICE);
  else if (g_str_equal (name, "summary.show-instant"))
    show_event (self, widget, parameter, ST_EVENT_INSTANT);
  else if (g_str_equal (name, "summary.show-slices"))
    show_slices (self, widget, parameter);
}

void
st_summary_links_set_session (StSummaryLinks *self, StSession *session)
{
  g_return_if_fail (ST_IS_SUMMARY_LINKS (self));
  g_set_object (&self->session, session);
}

static void
st_summary_links_dispose (GObject *object)
{
  g_clear_object (&ST_SUMMARY_LINKS (object)->session);
  G_OBJECT_CLASS (st_summary_links_parent_class)->dispose (object);
}

static void
st_summary_links_class_init (StSummaryLinksClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = st_summary_links_dispose;
}

static void
st_summary_links_init (StSummaryLinks *self)
{
}

StSummaryLinks *
st_summary_links_new (void)
{
  return g_object_new (ST_TYPE_SUMMARY_LINKS, NULL);
}
