/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-session-private.h"
#include "st-baseline.h"
#include "st-small-file.h"
#include "st-time.h"
#include "st-track-arrangement.h"
#include "st-trace-query.h"

G_DEFINE_FINAL_TYPE (StSession, st_session, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TRACE,
  PROP_START,
  PROP_END,
  PROP_TOOL,
  PROP_SHOW_FLOWS,
  PROP_N_SELECTED,
  PROP_N_FOUND,
  PROP_FIND_CURRENT,
  PROP_REGIONS,
  PROP_SELECTED_REGION,
  PROP_N_COMPARE,
  PROP_BASELINE,
  N_PROPS
};

enum
{
  SELECTION_CHANGED,
  MARKS_CHANGED,
  LAYOUT_CHANGED,
  REVEAL,
  COMPARE_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
st_session_finalize (GObject *object)
{
  StSession *self = ST_SESSION (object);

  g_clear_object (&self->trace);
  g_clear_object (&self->tracks);
  g_clear_object (&self->query_track);
  g_clear_object (&self->saved_queries);
  g_clear_object (&self->baseline);
  g_array_unref (self->selection);
  g_array_unref (self->box_counters);
  g_hash_table_unref (self->collapsed);
  g_clear_pointer (&self->found, g_array_unref);
  g_signal_handlers_disconnect_by_data (self->regions, self);
  g_clear_object (&self->regions);
  g_clear_object (&self->selected_region);
  g_clear_pointer (&self->compare, g_ptr_array_unref);
  g_clear_pointer (&self->identity, st_profile_identity_free);
  g_clear_pointer (&self->inputs, g_ptr_array_unref);
  G_OBJECT_CLASS (st_session_parent_class)->finalize (object);
}

static void
st_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StSession *self = ST_SESSION (object);

  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, self->trace); break;
    case PROP_START: g_value_set_int64 (value, self->start); break;
    case PROP_END: g_value_set_int64 (value, self->end); break;
    case PROP_TOOL: g_value_set_int (value, self->tool); break;
    case PROP_SHOW_FLOWS: g_value_set_boolean (value, self->show_flows); break;
    case PROP_N_SELECTED: g_value_set_uint (value, self->selection->len); break;
    case PROP_N_FOUND: g_value_set_uint (value, self->found ? self->found->len : 0); break;
    case PROP_FIND_CURRENT: g_value_set_int (value, self->found_current); break;
    case PROP_REGIONS: g_value_set_object (value, self->regions); break;
    case PROP_SELECTED_REGION: g_value_set_object (value, self->selected_region); break;
    case PROP_N_COMPARE: g_value_set_uint (value, self->compare->len); break;
    case PROP_BASELINE: g_value_set_object (value, self->baseline); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StSession *self = ST_SESSION (object);

  switch (prop_id)
    {
    case PROP_TRACE:
      self->trace = g_value_dup_object (value);
      self->tracks = st_track_arrangement_new (self->trace);
      self->extent_end = st_trace_get_end_ns (self->trace);
      st_session_fit_all (self);
      break;
    case PROP_TOOL: st_session_set_tool (self, g_value_get_int (value)); break;
    case PROP_SHOW_FLOWS: st_session_set_show_flows (self, g_value_get_boolean (value)); break;
    case PROP_SELECTED_REGION:
      st_session_set_selected_region (self, g_value_get_object (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_session_class_init (StSessionClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_session_finalize;
  object_class->get_property = st_session_get_property;
  object_class->set_property = st_session_set_property;

  properties[PROP_TRACE]
      = g_param_spec_object ("trace", NULL, NULL, ST_TYPE_TRACE,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_START] = g_param_spec_int64 ("start", NULL, NULL, G_MININT64, G_MAXINT64, 0, ro);
  properties[PROP_END] = g_param_spec_int64 ("end", NULL, NULL, G_MININT64, G_MAXINT64, 0, ro);
  properties[PROP_TOOL]
      = g_param_spec_int ("tool", NULL, NULL, ST_TOOL_SELECT, ST_TOOL_TIMING, ST_TOOL_SELECT, rw);
  properties[PROP_SHOW_FLOWS] = g_param_spec_boolean ("show-flows", NULL, NULL, FALSE, rw);
  properties[PROP_N_SELECTED] = g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_FOUND] = g_param_spec_uint ("n-found", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_FIND_CURRENT]
      = g_param_spec_int ("find-current", NULL, NULL, -1, G_MAXINT, -1, ro);
  properties[PROP_REGIONS] = g_param_spec_object ("regions", NULL, NULL, ST_TYPE_REGION_SET, ro);
  properties[PROP_SELECTED_REGION]
      = g_param_spec_object ("selected-region", NULL, NULL, ST_TYPE_REGION, rw);
  properties[PROP_N_COMPARE]
      = g_param_spec_uint ("n-compare", NULL, NULL, 0, ST_SESSION_MAX_COMPARE, 0, ro);
  properties[PROP_BASELINE] = g_param_spec_object ("baseline", NULL, NULL, ST_TYPE_BASELINE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SELECTION_CHANGED]
      = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 0);
  signals[MARKS_CHANGED] = g_signal_new ("marks-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[LAYOUT_CHANGED] = g_signal_new ("layout-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* track, index, kind of the event to bring into view vertically */
  signals[REVEAL]
      = g_signal_new ("reveal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
  /* the regions picked for comparison changed */
  signals[COMPARE_CHANGED] = g_signal_new ("compare-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_session_init (StSession *self)
{
  self->selection = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  self->box_counters = g_array_new (FALSE, FALSE, sizeof (StCounterRef));
  self->collapsed = g_hash_table_new (NULL, NULL);
  self->found_current = -1;
  self->regions = st_region_set_new ();
  self->query_track = st_query_track_new ();
  self->saved_queries = st_saved_queries_new ();
  self->compare = g_ptr_array_new_with_free_func (g_object_unref);
  /* after the views of the set (sorters, selections) have caught up */
  g_signal_connect_after (self->regions, "items-changed",
                          G_CALLBACK (st_session_on_regions_changed), self);
}

StSession *
st_session_new (StTrace *trace)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return g_object_new (ST_TYPE_SESSION, "trace", trace, NULL);
}

/* How the tracks are arranged on the timeline: pinned, hidden, order. */
StTrackArrangement *
st_session_get_track_arrangement (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->tracks;
}

/* The Query page's result track on the timeline. */
StQueryTrack *
st_session_get_query_track (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->query_track;
}

/* The Query page's text and saved queries, kept with the regions. */
StSavedQueries *
st_session_get_saved_queries (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->saved_queries;
}

StTrace *
st_session_get_trace (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->trace;
}

/* The visible time range. */

void
st_session_get_range (StSession *self, gint64 *start, gint64 *end)
{
  *start = self->start;
  *end = self->end;
}

gint64
st_session_get_min_span (StSession *self)
{
  return MIN_SPAN;
}

static gint64
extent_length (StSession *self)
{
  return st_time_span (self->extent_start, self->extent_end);
}

static gint64
max_span (StSession *self)
{
  gint64 length = MAX (MIN_SPAN, extent_length (self));

  return st_time_add_sat (length, length / 10);
}

/* Sets the range, keeping it no narrower than MIN_SPAN, no wider than the
 * extent (the trace, unless widened) with a margin, and not far off either
 * end. A trace spans at most ST_TIME_SPAN_MAX, so the view and its margins
 * fit in 64 bits; the range asked for may be anything. */
void
st_session_set_range (StSession *self, gint64 start, gint64 end)
{
  gint64 span = CLAMP (st_time_span (start, end), MIN_SPAN, max_span (self));
  gint64 margin = span / 20, length = extent_length (self);

  /* no further past the extent's ends than a margin; a view wider than
   * the extent is centred on it */
  if (st_time_add_sat (length, 2 * margin) >= span)
    start = CLAMP (start, st_time_sub_sat (self->extent_start, margin),
                   st_time_sub_sat (st_time_add_sat (self->extent_end, margin), span));
  else
    start = st_time_add_sat (self->extent_start, (length - span) / 2);
  end = st_time_add_sat (start, span);
  if (start == self->start && end == self->end)
    return;
  self->start = start;
  self->end = end;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END]);
}

/* Lets the view go over [@start, @end] as well as over the trace: a
 * baseline's view linked to this one shows the same span, shifted, and
 * either may reach past the other's trace. The range is kept to the new
 * extent. */
void
st_session_set_extent (StSession *self, gint64 start, gint64 end)
{
  g_return_if_fail (ST_IS_SESSION (self));

  self->extent_start = MIN (0, start);
  self->extent_end = MAX (st_trace_get_end_ns (self->trace), end);
  st_session_set_range (self, self->start, self->end);
}

/* Zooms by @factor (< 1 in, > 1 out) keeping @anchor where it is. */
void
st_session_zoom (StSession *self, double factor, gint64 anchor)
{
  gint64 span = self->end - self->start;
  gint64 new_span = CLAMP (st_time_from_double (span * factor), MIN_SPAN, max_span (self));
  double at = span > 0 ? st_time_diff (anchor, self->start) / span : 0.5;
  gint64 start = st_time_sub_sat (anchor, st_time_from_double (at * new_span));

  st_session_set_range (self, start, st_time_add_sat (start, new_span));
}

void
st_session_pan (StSession *self, gint64 delta)
{
  st_session_set_range (self, st_time_add_sat (self->start, delta),
                        st_time_add_sat (self->end, delta));
}

/* The whole trace, with a little room at both ends. */
void
st_session_fit_all (StSession *self)
{
  gint64 end = MAX (MIN_SPAN, st_trace_get_end_ns (self->trace));

  st_session_set_range (self, -end / 100, end + end / 100);
}

gboolean
st_session_fit_selection (StSession *self)
{
  gint64 start, end, margin;

  if (!st_session_get_selection_span (self, &start, &end))
    return FALSE;
  margin = MAX (st_time_span (start, end) / 20, MIN_SPAN);
  st_session_set_range (self, st_time_sub_sat (start, margin), st_time_add_sat (end, margin));
  return TRUE;
}

StTool
st_session_get_tool (StSession *self)
{
  return self->tool;
}

void
st_session_set_tool (StSession *self, StTool tool)
{
  if (self->tool == tool)
    return;
  self->tool = tool;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/* The selection. */

GArray *
st_session_get_selection (StSession *self)
{
  return self->selection;
}

static gint
selection_index (StSession *self, StEventRef ref)
{
  for (guint i = 0; i < self->selection->len; i++)
    if (st_event_equal (g_array_index (self->selection, StEventRef, i), ref))
      return i;
  return -1;
}

gboolean
st_session_is_selected (StSession *self, StEventRef ref)
{
  return selection_index (self, ref) >= 0;
}

static void
selection_changed (StSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
apply (StSession *self, StEventRef ref, StSelectMode mode)
{
  gint at = selection_index (self, ref);

  if (mode == ST_SELECT_TOGGLE && at >= 0)
    g_array_remove_index (self->selection, at);
  else if (at < 0)
    g_array_append_val (self->selection, ref);
}

static void
forget_box (StSession *self)
{
  self->has_box = FALSE;
  g_array_set_size (self->box_counters, 0);
}

void
st_session_select (StSession *self, StEventRef ref, StSelectMode mode)
{
  if (mode == ST_SELECT_REPLACE)
    g_array_set_size (self->selection, 0);
  apply (self, ref, mode);
  forget_box (self);
  selection_changed (self);
}

static void
apply_many (StSession *self, GArray *refs, StSelectMode mode)
{
  if (mode == ST_SELECT_REPLACE)
    {
      g_array_set_size (self->selection, 0);
      g_array_append_vals (self->selection, refs->data, refs->len);
    }
  else
    for (guint i = 0; i < refs->len; i++)
      apply (self, g_array_index (refs, StEventRef, i), mode);
}

/* Selects @refs in one go (every event of a name, a node's instances). */
void
st_session_select_many (StSession *self, GArray *refs, StSelectMode mode)
{
  apply_many (self, refs, mode);
  forget_box (self);
  selection_changed (self);
}

/* Adds the StCounterRef of @counters that the box does not have yet. */
static void
add_box_counters (StSession *self, GArray *counters)
{
  for (guint i = 0; counters != NULL && i < counters->len; i++)
    {
      StCounterRef c = g_array_index (counters, StCounterRef, i);
      gboolean     known = FALSE;

      for (guint j = 0; j < self->box_counters->len && !known; j++)
        {
          StCounterRef *k = &g_array_index (self->box_counters, StCounterRef, j);
          known = k->track == c.track && k->queue == c.queue;
        }
      if (!known)
        g_array_append_val (self->box_counters, c);
    }
}

/* Selects @refs, the events of a box dragged over [@start, @end], and
 * keeps its range (docs/metrics.md 15.2) and the counter bands it touched,
 * @counters (StCounterRef, or NULL), which the details read over it
 * (19.3): added to a selection, the range reaches over the boxes, or the
 * events, selected before. */
void
st_session_select_box (StSession   *self,
                       GArray      *refs,
                       GArray      *counters,
                       gint64       start,
                       gint64       end,
                       StSelectMode mode)
{
  gint64 before_start = start, before_end = end;

  g_return_if_fail (ST_IS_SESSION (self));
  if (mode == ST_SELECT_REPLACE || !self->has_box)
    g_array_set_size (self->box_counters, 0);
  add_box_counters (self, counters);
  if (mode != ST_SELECT_REPLACE && self->has_box)
    before_start = self->box_start, before_end = self->box_end;
  else if (mode != ST_SELECT_REPLACE)
    st_session_get_selection_span (self, &before_start, &before_end);
  apply_many (self, refs, mode);
  self->has_box = TRUE;
  self->box_start = MIN (start, before_start);
  self->box_end = MAX (end, before_end);
  selection_changed (self);
}

/* The time range of the box the selection was made with; FALSE when it
 * was made otherwise. */
gboolean
st_session_get_selection_box (StSession *self, gint64 *start, gint64 *end)
{
  g_return_val_if_fail (ST_IS_SESSION (self), FALSE);
  *start = self->box_start;
  *end = self->box_end;
  return self->has_box;
}

/* The counter bands (StCounterRef) the selection's box touched: empty
 * when it has no box or touched none. */
GArray *
st_session_get_box_counters (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->box_counters;
}

/* Every event named like @ref, on every track. */
void
st_session_select_same_name (StSession *self, StEventRef ref)
{
  StStringId         name = st_event_get_name (self->trace, ref);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));

  for (guint t = 0; t < st_trace_get_n_tracks (self->trace); t++)
    {
      const StTrack *track = st_trace_get_track (self->trace, t);
      for (guint i = 0; i < track->n_slices; i++)
        if (track->slices[i].name == name)
          g_array_append_val (refs, ((StEventRef){ t, i, ST_EVENT_SLICE }));
      for (guint i = 0; i < track->n_instants; i++)
        if (track->instants[i].name == name)
          g_array_append_val (refs, ((StEventRef){ t, i, ST_EVENT_INSTANT }));
    }
  st_session_select_many (self, refs, ST_SELECT_REPLACE);
}

void
st_session_clear_selection (StSession *self)
{
  if (self->selection->len == 0 && self->box_counters->len == 0)
    return;
  g_array_set_size (self->selection, 0);
  forget_box (self);
  selection_changed (self);
}

/* From the earliest start to the latest end of the selected events. */
gboolean
st_session_get_selection_span (StSession *self, gint64 *start, gint64 *end)
{
  if (self->selection->len == 0)
    return FALSE;
  *start = G_MAXINT64;
  *end = G_MININT64;
  for (guint i = 0; i < self->selection->len; i++)
    {
      StEventRef ref = g_array_index (self->selection, StEventRef, i);
      gint64     s = st_event_get_start (self->trace, ref);
      *start = MIN (*start, s);
      *end = MAX (*end, s + st_event_get_duration (self->trace, ref));
    }
  return TRUE;
}

/* The marked range and the timing measurement. */

gboolean
st_session_get_marked (StSession *self, gint64 *start, gint64 *end)
{
  *start = self->marked_start;
  *end = self->marked_end;
  return self->has_marked;
}

/* Marks the selection's time range, or else the timing measurement. */
gboolean
st_session_mark_selection (StSession *self)
{
  gint64 start, end;

  if (!st_session_get_selection_span (self, &start, &end)
      && !st_session_get_timing (self, &start, &end))
    return FALSE;
  self->has_marked = TRUE;
  self->marked_start = start;
  self->marked_end = end;
  g_signal_emit (self, signals[MARKS_CHANGED], 0);
  return TRUE;
}

void
st_session_clear_marked (StSession *self)
{
  if (!self->has_marked)
    return;
  self->has_marked = FALSE;
  g_signal_emit (self, signals[MARKS_CHANGED], 0);
}

gboolean
st_session_get_timing (StSession *self, gint64 *start, gint64 *end)
{
  *start = self->timing_start;
  *end = self->timing_end;
  return self->has_timing;
}

/* The measurement stays until the next one. */
void
st_session_set_timing (StSession *self, gint64 start, gint64 end)
{
  self->has_timing = TRUE;
  self->timing_start = MIN (start, end);
  self->timing_end = MAX (start, end);
  g_signal_emit (self, signals[MARKS_CHANGED], 0);
}

gboolean
st_session_get_show_flows (StSession *self)
{
  return self->show_flows;
}

void
st_session_set_show_flows (StSession *self, gboolean show)
{
  if (self->show_flows == show)
    return;
  self->show_flows = show;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_FLOWS]);
}

/* Collapsed sections, keyed by process index + 1 (0: the global section). */

GHashTable *
st_session_get_collapsed (StSession *self)
{
  return self->collapsed;
}

static guint
section_key (guint process)
{
  return process == ST_NO_PROCESS ? 0 : process + 1;
}

void
st_session_toggle_section (StSession *self, guint process)
{
  gpointer key = GUINT_TO_POINTER (section_key (process));

  if (!g_hash_table_remove (self->collapsed, key))
    g_hash_table_add (self->collapsed, key);
  g_signal_emit (self, signals[LAYOUT_CHANGED], 0);
}

void
st_session_expand_section (StSession *self, guint process)
{
  if (g_hash_table_remove (self->collapsed, GUINT_TO_POINTER (section_key (process))))
    g_signal_emit (self, signals[LAYOUT_CHANGED], 0);
}

/* Find. */

/* Takes the results (StEventRef in time order); the first is current. */
void
st_session_set_find_results (StSession *self, GArray *results)
{
  g_clear_pointer (&self->found, g_array_unref);
  self->found = results ? g_array_ref (results) : NULL;
  self->found_current = -1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_FOUND]);
  if (self->found != NULL && self->found->len > 0)
    st_session_find_step (self, 1);
  else
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIND_CURRENT]);
}

GArray *
st_session_get_find_results (StSession *self)
{
  return self->found;
}

gint
st_session_get_find_current (StSession *self)
{
  return self->found_current;
}

/* Moves to the next (1) or previous (-1) result, wrapping around, selects
 * it and brings it into view. */
gboolean
st_session_find_step (StSession *self, int direction)
{
  gint       n = self->found ? (gint)self->found->len : 0;
  StEventRef ref;

  if (n == 0)
    return FALSE;
  if (self->found_current < 0)
    self->found_current = direction > 0 ? 0 : n - 1;
  else
    self->found_current = (self->found_current + (direction > 0 ? 1 : -1) + n) % n;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIND_CURRENT]);
  ref = g_array_index (self->found, StEventRef, self->found_current);
  st_session_select (self, ref, ST_SELECT_REPLACE);
  st_session_reveal (self, ref);
  return TRUE;
}

/* Centres @ref in time (zooming out if it is wider than most of the view),
 * opens its section and asks the views to scroll to it. */
void
st_session_reveal (StSession *self, StEventRef ref)
{
  gint64 start = st_event_get_start (self->trace, ref);
  gint64 dur = st_event_get_duration (self->trace, ref);
  gint64 span = self->end - self->start;

  if (dur > span * 8 / 10)
    span = dur * 5 / 4;
  st_session_set_range (self, start + dur / 2 - span / 2, start + dur / 2 - span / 2 + span);
  st_session_reveal_row (self, ref);
}

/* Opens @ref's section and asks the views to scroll to its row; the time
 * range stays. */
void
st_session_reveal_row (StSession *self, StEventRef ref)
{
  guint process = st_trace_get_track (self->trace, ref.track)->process;

  st_session_expand_section (self, process);
  g_signal_emit (self, signals[REVEAL], 0, ref.track, ref.index, (guint)ref.kind);
}

/* The profile file the regions belong to (it names their sidecar and is
 * written in saved region files), or NULL before the window knows it. */
const StProfileIdentity *
st_session_get_profile_identity (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->identity;
}

void
st_session_set_profile_identity (StSession *self, const StProfileIdentity *identity)
{
  g_return_if_fail (ST_IS_SESSION (self));

  g_clear_pointer (&self->identity, st_profile_identity_free);
  if (identity != NULL)
    self->identity = st_profile_identity_copy (identity);
}

/* The files the profile was read from (one per rank): a save or an export
 * never writes over them, nor over the baseline's file. */
void
st_session_set_input_files (StSession *self, GFile *const *files, guint n_files)
{
  g_return_if_fail (ST_IS_SESSION (self));

  g_clear_pointer (&self->inputs, g_ptr_array_unref);
  self->inputs = g_ptr_array_new_full (n_files + 1, g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->inputs, g_object_ref (files[i]));
}

/* FALSE, with a sentence naming @output, when writing @output would
 * replace a file this session shows: one of the profile's files or the
 * baseline's. */
gboolean
st_session_check_output (StSession *self, GFile *output, GError **error)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();

  g_return_val_if_fail (ST_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (output), FALSE);

  for (guint i = 0; self->inputs != NULL && i < self->inputs->len; i++)
    g_ptr_array_add (inputs, g_ptr_array_index (self->inputs, i));
  if (self->baseline != NULL && st_baseline_get_file (self->baseline) != NULL)
    g_ptr_array_add (inputs, st_baseline_get_file (self->baseline));
  return st_small_file_check_output (output, (GFile *const *)inputs->pdata, inputs->len, error);
}

StBaseline *
st_session_get_baseline (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->baseline;
}

/* Opens (or with NULL, closes) the profile this one is compared against. */
void
st_session_set_baseline (StSession *self, StBaseline *baseline)
{
  g_return_if_fail (ST_IS_SESSION (self));
  g_return_if_fail (baseline == NULL || ST_IS_BASELINE (baseline));

  if (g_set_object (&self->baseline, baseline))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASELINE]);
}

void
st_session_notify_selected_region (StSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_REGION]);
}

void
st_session_notify_compare (StSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_COMPARE]);
  g_signal_emit (self, signals[COMPARE_CHANGED], 0);
}
