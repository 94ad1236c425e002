/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-timeline-layout.h"

#include <glib/gi18n.h>

struct _StTimelineLayout
{
  GArray                       *bands;      /* StBand, by y */
  gint                         *track_band; /* per track: its band, or -1 when collapsed */
  guint                         n_tracks;
  int                           height;
  const StCounterSeries *const *queues; /* the plan's */
  gint                          query_band;
};

int
st_timeline_track_height (const StTrack *track)
{
  switch (track->kind)
    {
    case ST_TRACK_COUNTER: return ST_LAYOUT_COUNTER_HEIGHT;
    case ST_TRACK_INSTANTS: return ST_LAYOUT_INSTANT_HEIGHT;
    default:
      return MAX (1, track->n_rows) * ST_LAYOUT_ROW_HEIGHT
             + (track->n_instants > 0 ? ST_LAYOUT_INSTANT_HEIGHT : 0);
    }
}

static void
add_band (StTimelineLayout *self, StBand band)
{
  band.y = self->height;
  self->height += band.height;
  g_array_append_val (self->bands, band);
}

/* @collapsed holds the sections (process index + 1; 0 for the global
 * section) whose tracks are hidden; NULL for none. Every track, in the
 * trace's order. */
StTimelineLayout *
st_timeline_layout_new (StTrace *trace, GHashTable *collapsed)
{
  guint             n = st_trace_get_n_tracks (trace);
  g_autofree guint *all = g_new (guint, MAX (1, n));
  StTrackPlan       plan = { all, NULL, n, 0, NULL, 0 };

  for (guint i = 0; i < n; i++)
    all[i] = i;
  return st_timeline_layout_new_planned (trace, collapsed, &plan);
}

/* The tracks of @plan, in its order. */
StTimelineLayout *
st_timeline_layout_new_planned (StTrace *trace, GHashTable *collapsed, const StTrackPlan *plan)
{
  StTimelineLayout *self = g_new0 (StTimelineLayout, 1);
  gboolean          first = TRUE;
  guint             current = 0;
  gboolean          hidden = FALSE;

  self->bands = g_array_new (FALSE, FALSE, sizeof (StBand));
  self->n_tracks = st_trace_get_n_tracks (trace);
  self->queues = plan->queues;
  self->track_band = g_new (gint, MAX (1, self->n_tracks));
  for (guint i = 0; i < self->n_tracks; i++)
    self->track_band[i] = -1;
  self->query_band = -1;
  if (plan->query_rows > 0)
    {
      first = FALSE;
      current = ST_LAYOUT_PINNED;
      hidden = collapsed != NULL
               && g_hash_table_contains (collapsed, GUINT_TO_POINTER (ST_LAYOUT_PINNED + 1));
      add_band (self, (StBand){ ST_BAND_SECTION, ST_LAYOUT_PINNED, 0, 0, ST_LAYOUT_HEADER_HEIGHT,
                                hidden });
      if (!hidden)
        {
          self->query_band = (gint)self->bands->len;
          add_band (self, (StBand){ ST_BAND_QUERY, ST_LAYOUT_PINNED, 0, 0,
                                    plan->query_rows * ST_LAYOUT_ROW_HEIGHT + ST_LAYOUT_TRACK_GAP,
                                    FALSE });
        }
    }
  for (guint k = 0; k < plan->n_tracks; k++)
    {
      guint          i = plan->tracks[k];
      const StTrack *t = st_trace_get_track (trace, i);
      guint          section = k < plan->n_pinned ? ST_LAYOUT_PINNED
                               : plan->sections   ? plan->sections[k]
                                                  : t->process;
      guint          key = section == ST_NO_PROCESS ? 0 : section + 1;

      if (first || section != current)
        {
          first = FALSE;
          current = section;
          hidden = collapsed != NULL && g_hash_table_contains (collapsed, GUINT_TO_POINTER (key));
          add_band (self,
                    (StBand){ ST_BAND_SECTION, section, i, 0, ST_LAYOUT_HEADER_HEIGHT, hidden });
        }
      if (!hidden)
        {
          self->track_band[i] = (gint)self->bands->len;
          add_band (self, (StBand){ ST_BAND_TRACK, section, i, 0,
                                    st_timeline_track_height (t) + ST_LAYOUT_TRACK_GAP, FALSE });
          if (plan->queues != NULL && plan->queues[i] != NULL)
            add_band (self, (StBand){ ST_BAND_QUEUE, section, i, 0,
                                      ST_LAYOUT_COUNTER_HEIGHT + ST_LAYOUT_TRACK_GAP, FALSE });
        }
    }
  return self;
}

/* What a section's header says: "Pinned", "Global", a stream's role, or
 * the process's name, labels and pid. */
char *
st_timeline_layout_dup_section_title (StTrace *trace, const StBand *band)
{
  g_autofree char *title = NULL;
  const StProcess *p;
  GString         *s;

  switch (band->process)
    {
    case ST_NO_PROCESS: return g_strdup (_ ("Global"));
    case ST_LAYOUT_PINNED: return g_strdup (_ ("Pinned"));
    case ST_LAYOUT_COMPUTE: return g_strdup (_ ("Compute Streams"));
    case ST_LAYOUT_COMMUNICATION: return g_strdup (_ ("Communication Streams"));
    case ST_LAYOUT_DEVICE: return g_strdup (_ ("Other Device Tracks"));
    default: break;
    }
  p = st_trace_get_process (trace, band->process);
  title = st_trace_dup_process_title (trace, band->process);
  s = g_string_new (title);
  /* without a name, the title is the labels already */
  if (p->labels != ST_STRING_EMPTY && p->name != ST_STRING_EMPTY)
    g_string_append_printf (s, " · %s", st_trace_get_string (trace, p->labels));
  g_string_append_printf (s, " · pid %s", st_trace_get_string (trace, p->pid));
  return g_string_free (s, FALSE);
}

/* A track's name with its rank and device before it ("rank 1 · GPU 0 ·
 * stream 7"), for the sections that gather tracks of several processes;
 * NULL where the section's header names the process. *@tail is where the
 * device begins: what a narrow header keeps whole. */
char *
st_timeline_layout_dup_track_title (StTrace *trace, const StBand *band, gsize *tail)
{
  const StTrack   *t = st_trace_get_track (trace, band->track);
  const StProcess *p;
  GString         *s;

  if ((band->process != ST_LAYOUT_PINNED && band->process != ST_LAYOUT_COMPUTE
       && band->process != ST_LAYOUT_COMMUNICATION && band->process != ST_LAYOUT_DEVICE)
      || t->process == ST_NO_PROCESS)
    return NULL;
  p = st_trace_get_process (trace, t->process);
  s = g_string_new (NULL);
  if (st_trace_get_n_files (trace) > 1)
    g_string_append_printf (s, "%s · ", st_trace_get_file (trace, p->file)->label);
  *tail = s->len;
  if (p->labels != ST_STRING_EMPTY)
    g_string_append_printf (s, "%s · ", st_trace_get_string (trace, p->labels));
  else if (st_trace_get_n_files (trace) < 2)
    {
      g_autofree char *title = st_trace_dup_process_title (trace, t->process);
      g_string_append_printf (s, "%s · ", title);
    }
  g_string_append (s, st_trace_get_string (trace, t->name));
  return g_string_free (s, FALSE);
}

void
st_timeline_layout_free (StTimelineLayout *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->bands);
  g_free (self->track_band);
  g_free (self);
}

guint
st_timeline_layout_get_n_bands (StTimelineLayout *self)
{
  return self->bands->len;
}

const StBand *
st_timeline_layout_get_band (StTimelineLayout *self, guint index)
{
  g_return_val_if_fail (index < self->bands->len, NULL);
  return &g_array_index (self->bands, StBand, index);
}

int
st_timeline_layout_get_height (StTimelineLayout *self)
{
  return self->height;
}

/* The band at content height @y, or -1 below the last. */
gint
st_timeline_layout_band_at (StTimelineLayout *self, int y)
{
  guint a = 0, b = self->bands->len;

  if (y < 0)
    return -1;
  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (g_array_index (self->bands, StBand, mid).y <= y)
        a = mid + 1;
      else
        b = mid;
    }
  if (a == 0)
    return -1;
  if (y >= g_array_index (self->bands, StBand, a - 1).y
               + g_array_index (self->bands, StBand, a - 1).height)
    return -1;
  return a - 1;
}

gint
st_timeline_layout_query_band (StTimelineLayout *self)
{
  return self->query_band;
}

/* The queue length drawn in an ST_BAND_QUEUE band of @track. */
const StCounterSeries *
st_timeline_layout_get_queue (StTimelineLayout *self, guint track)
{
  g_return_val_if_fail (track < self->n_tracks, NULL);
  return self->queues != NULL ? self->queues[track] : NULL;
}

/* The band of @track, or -1 when its section is collapsed or it is
 * hidden. */
gint
st_timeline_layout_track_band (StTimelineLayout *self, guint track)
{
  g_return_val_if_fail (track < self->n_tracks, -1);
  return self->track_band[track];
}

/* The track and row (depth) at @y; FALSE on a header, a gap or the instant
 * strip of a slice track. */
gboolean
st_timeline_layout_row_at (StTimelineLayout *self, int y, guint *track, guint *row)
{
  gint          index = st_timeline_layout_band_at (self, y);
  const StBand *band;

  if (index < 0)
    return FALSE;
  band = st_timeline_layout_get_band (self, index);
  if (band->kind != ST_BAND_TRACK)
    return FALSE;
  *track = band->track;
  *row = (y - band->y) / ST_LAYOUT_ROW_HEIGHT;
  return TRUE;
}

/* Top of a row of a visible track, in content coordinates; -1 if hidden. */
int
st_timeline_layout_row_y (StTimelineLayout *self, guint track, guint row)
{
  gint index = st_timeline_layout_track_band (self, track);

  if (index < 0)
    return -1;
  return g_array_index (self->bands, StBand, index).y + row * ST_LAYOUT_ROW_HEIGHT;
}
