/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-baseline.h"
#include "st-time.h"
#include "st-trace-query.h"

struct _StBaseline
{
  GObject parent_instance;

  GWeakRef   current; /* the window's session owns the baseline, not the other way */
  StSession *session;
  GFile     *file;
  gint64     offset;
  gboolean   linked;
  gboolean   shown;
  gboolean   syncing;  /* a range being copied: its echo is not copied back */
  gboolean   chosen;   /* the offset was set: the steps, when found, leave it */
  gint       step;     /* the step the offset lines up, or -1 */
  GArray    *steps[2]; /* StTimeSpan: base, current */
  gulong     current_handler;
  GBinding  *bindings[2]; /* tool, show-flows: weak pointers */
};

G_DEFINE_FINAL_TYPE (StBaseline, st_baseline, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_OFFSET,
  PROP_LINKED,
  PROP_SHOWN,
  PROP_STEP,
  PROP_N_STEPS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Copies the range of @from to @to, shifted by @shift. */
static void
copy_range (StBaseline *self, StSession *from, StSession *to, gint64 shift)
{
  gint64 start, end;

  if (!self->linked || self->syncing)
    return;
  st_session_get_range (from, &start, &end);
  self->syncing = TRUE;
  st_session_set_range (to, st_time_add_sat (start, shift), st_time_add_sat (end, shift));
  self->syncing = FALSE;
}

static void
on_current_range (StSession *current, GParamSpec *pspec, StBaseline *self)
{
  copy_range (self, current, self->session, -self->offset);
}

static void
on_base_range (StSession *base, GParamSpec *pspec, StBaseline *self)
{
  g_autoptr (StSession) current = g_weak_ref_get (&self->current);

  if (current != NULL)
    copy_range (self, base, current, self->offset);
}

/* Each view may go over both profiles, the other shifted by the offset:
 * the two extents are one interval on the two axes, so a range copied
 * from one view fits the other exactly and is not clamped differently. */
static void
update_extents (StBaseline *self, StSession *current)
{
  gint64 base_end = st_trace_get_end_ns (st_session_get_trace (self->session));
  gint64 current_end = st_trace_get_end_ns (st_session_get_trace (current));

  self->syncing = TRUE;
  st_session_set_extent (current, MIN (0, self->offset), st_time_add_sat (base_end, self->offset));
  st_session_set_extent (self->session, MIN (0, -self->offset),
                         st_time_sub_sat (current_end, self->offset));
  self->syncing = FALSE;
  on_current_range (current, NULL, self);
}

static void
st_baseline_dispose (GObject *object)
{
  StBaseline           *self = ST_BASELINE (object);
  g_autoptr (StSession) current = g_weak_ref_get (&self->current);

  for (guint i = 0; i < G_N_ELEMENTS (self->bindings); i++)
    if (self->bindings[i] != NULL)
      g_binding_unbind (self->bindings[i]);
  if (current != NULL)
    g_clear_signal_handler (&self->current_handler, current);
  /* the current view goes no further than its own profile again */
  if (current != NULL && self->session != NULL)
    st_session_set_extent (current, 0, 0);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_baseline_parent_class)->dispose (object);
}

static void
st_baseline_finalize (GObject *object)
{
  StBaseline *self = ST_BASELINE (object);

  g_weak_ref_clear (&self->current);
  g_clear_object (&self->file);
  g_clear_pointer (&self->steps[0], g_array_unref);
  g_clear_pointer (&self->steps[1], g_array_unref);
  G_OBJECT_CLASS (st_baseline_parent_class)->finalize (object);
}

static void
st_baseline_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StBaseline *self = ST_BASELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    case PROP_OFFSET: g_value_set_int64 (value, self->offset); break;
    case PROP_LINKED: g_value_set_boolean (value, self->linked); break;
    case PROP_SHOWN: g_value_set_boolean (value, self->shown); break;
    case PROP_STEP: g_value_set_int (value, self->step); break;
    case PROP_N_STEPS: g_value_set_uint (value, st_baseline_get_n_steps (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_baseline_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StBaseline *self = ST_BASELINE (object);

  switch (prop_id)
    {
    case PROP_OFFSET: st_baseline_set_offset (self, g_value_get_int64 (value)); break;
    case PROP_LINKED: st_baseline_set_linked (self, g_value_get_boolean (value)); break;
    case PROP_SHOWN: st_baseline_set_shown (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_baseline_class_init (StBaselineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags   ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags   rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_baseline_dispose;
  object_class->finalize = st_baseline_finalize;
  object_class->get_property = st_baseline_get_property;
  object_class->set_property = st_baseline_set_property;

  properties[PROP_SESSION] = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION, ro);
  properties[PROP_OFFSET]
      = g_param_spec_int64 ("offset", NULL, NULL, G_MININT64, G_MAXINT64, 0, rw);
  properties[PROP_LINKED] = g_param_spec_boolean ("linked", NULL, NULL, TRUE, rw);
  properties[PROP_SHOWN] = g_param_spec_boolean ("shown", NULL, NULL, FALSE, rw);
  properties[PROP_STEP] = g_param_spec_int ("step", NULL, NULL, -1, G_MAXINT, -1, ro);
  properties[PROP_N_STEPS] = g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_baseline_init (StBaseline *self)
{
  self->linked = TRUE;
  self->step = -1;
}

/* The tool and the flows are the page's, for both views. */
static void
bind_to (StBaseline *self, guint i, StSession *current, const char *property)
{
  self->bindings[i] = g_object_bind_property (current, property, self->session, property,
                                              G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_add_weak_pointer (G_OBJECT (self->bindings[i]), (gpointer *)&self->bindings[i]);
}

/* Both profiles start at 0 on their own axes, so the offset starts at 0
 * and the base view starts at the current one's range. */
StBaseline *
st_baseline_new (StSession *current, StTrace *base, GFile *file)
{
  StBaseline *self;

  g_return_val_if_fail (ST_IS_SESSION (current), NULL);
  g_return_val_if_fail (ST_IS_TRACE (base), NULL);

  self = g_object_new (ST_TYPE_BASELINE, NULL);
  g_weak_ref_init (&self->current, current);
  self->session = st_session_new (base);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  bind_to (self, 0, current, "tool");
  bind_to (self, 1, current, "show-flows");
  self->current_handler
      = g_signal_connect (current, "notify::end", G_CALLBACK (on_current_range), self);
  g_signal_connect (self->session, "notify::end", G_CALLBACK (on_base_range), self);
  update_extents (self, current);
  return self;
}

StSession *
st_baseline_get_session (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), NULL);
  return self->session;
}

GFile *
st_baseline_get_file (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), NULL);
  return self->file;
}

gint64
st_baseline_get_offset (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), 0);
  return self->offset;
}

/* Sets the offset; @step is the step it lines up, or -1. */
static void
apply_offset (StBaseline *self, gint64 offset, gint step)
{
  g_autoptr (StSession) current = g_weak_ref_get (&self->current);
  gboolean              moved = self->offset != offset;
  gboolean              restep = self->step != step;

  self->chosen = TRUE;
  self->offset = offset;
  self->step = step;
  if (moved && current != NULL)
    update_extents (self, current);
  if (moved)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OFFSET]);
  if (restep)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

void
st_baseline_set_offset (StBaseline *self, gint64 offset)
{
  g_return_if_fail (ST_IS_BASELINE (self));
  apply_offset (self, offset, -1);
}

/* Lines up @base_time of the base with @current_time of the current
 * profile. */
void
st_baseline_align (StBaseline *self, gint64 base_time, gint64 current_time)
{
  st_baseline_set_offset (self, st_time_sub_sat (current_time, base_time));
}

gboolean
st_baseline_get_linked (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), FALSE);
  return self->linked;
}

void
st_baseline_set_linked (StBaseline *self, gboolean linked)
{
  g_autoptr (StSession) current = NULL;

  g_return_if_fail (ST_IS_BASELINE (self));
  linked = !!linked;
  if (self->linked == linked)
    return;
  self->linked = linked;
  current = g_weak_ref_get (&self->current);
  if (linked && current != NULL)
    on_current_range (current, NULL, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINKED]);
}

/* Whether the window shows the base's timeline over the current one. */
gboolean
st_baseline_get_shown (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), FALSE);
  return self->shown;
}

void
st_baseline_set_shown (StBaseline *self, gboolean shown)
{
  g_return_if_fail (ST_IS_BASELINE (self));
  shown = !!shown;
  if (self->shown == shown)
    return;
  self->shown = shown;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

/* Takes each profile's steps, found on a thread once the baseline has
 * loaded. Unless an offset was chosen meanwhile, the first steps line up. */
void
st_baseline_set_steps (StBaseline *self, GArray *base_steps, GArray *current_steps)
{
  g_return_if_fail (ST_IS_BASELINE (self));
  g_return_if_fail (base_steps != NULL && current_steps != NULL);

  g_clear_pointer (&self->steps[0], g_array_unref);
  g_clear_pointer (&self->steps[1], g_array_unref);
  self->steps[0] = g_array_ref (base_steps);
  self->steps[1] = g_array_ref (current_steps);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_STEPS]);
  if (!self->chosen && st_baseline_get_n_steps (self) > 0)
    st_baseline_align_step (self, 0);
}

/* The steps that can be lined up: as many as the profile with fewer. */
guint
st_baseline_get_n_steps (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), 0);
  return self->steps[0] != NULL ? MIN (self->steps[0]->len, self->steps[1]->len) : 0;
}

/* The step (from 0) whose starts the offset lines up, or -1. */
gint
st_baseline_get_step (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), -1);
  return self->step;
}

static const StTimeSpan *
step_of (StBaseline *self, guint side, guint step)
{
  return &g_array_index (self->steps[side], StTimeSpan, step);
}

/* Lines up the start of the base's @step (from 0, in time order) with the
 * start of the current profile's. */
void
st_baseline_align_step (StBaseline *self, guint step)
{
  g_return_if_fail (ST_IS_BASELINE (self));
  g_return_if_fail (step < st_baseline_get_n_steps (self));

  apply_offset (
      self, st_time_sub_sat (step_of (self, 1, step)->begin, step_of (self, 0, step)->begin), step);
}

/* The step of the current profile that holds @current_time and that the
 * base has too, or -1. */
gint
st_baseline_step_at (StBaseline *self, gint64 current_time)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), -1);

  for (guint i = 0; i < st_baseline_get_n_steps (self); i++)
    if (step_of (self, 1, i)->begin <= current_time && current_time < step_of (self, 1, i)->end)
      return (gint)i;
  return -1;
}

/* Widens [*lo, *hi] to @event of @session, shifted by @shift, and brings
 * its row into that session's view. */
static void
take (StSession *session, const StEventRef *event, gint64 shift, gint64 *lo, gint64 *hi)
{
  StTrace *trace = st_session_get_trace (session);
  gint64   start = st_time_add_sat (st_event_get_start (trace, *event), shift);

  *lo = MIN (*lo, start);
  *hi = MAX (*hi, st_time_add_sat (start, st_event_get_duration (trace, *event)));
  st_session_reveal_row (session, *event);
}

static void
show_span (StSession *session, gint64 lo, gint64 hi)
{
  gint64 margin = MAX (st_time_span (lo, hi) / 20, st_session_get_min_span (session));

  st_session_set_range (session, st_time_sub_sat (lo, margin), st_time_add_sat (hi, margin));
}

/* Lines up @step and shows it: from the earlier start to the later end
 * of the two profiles' step on the current profile's axis, with 5 % to
 * spare each side. */
void
st_baseline_show_step (StBaseline *self, guint step)
{
  g_autoptr (StSession) current = NULL;
  gint64                base_end;

  g_return_if_fail (ST_IS_BASELINE (self));
  g_return_if_fail (step < st_baseline_get_n_steps (self));

  current = g_weak_ref_get (&self->current);
  st_baseline_align_step (self, step);
  if (current == NULL)
    return;
  base_end = st_time_add_sat (step_of (self, 0, step)->end, self->offset);
  show_span (current, step_of (self, 1, step)->begin, MAX (step_of (self, 1, step)->end, base_end));
  if (!self->linked)
    show_span (self->session, step_of (self, 0, step)->begin, step_of (self, 0, step)->end);
}

/* Shows an event of each profile (either may be NULL), an operation's
 * first instances: the timelines line up at the step that holds the
 * current one, when the base has that step, and show both events, from
 * the earlier start to the later end on the current profile's axis, with
 * 5 % to spare each side (docs/metrics.md 8.10). Unlinked, each view shows
 * its own. Each event's row is scrolled to. */
void
st_baseline_reveal (StBaseline *self, const StEventRef *base_event, const StEventRef *current_event)
{
  g_autoptr (StSession) current = g_weak_ref_get (&self->current);
  gint64 lo = G_MAXINT64, hi = G_MININT64, base_lo = G_MAXINT64, base_hi = G_MININT64;
  gint   step;

  g_return_if_fail (ST_IS_BASELINE (self));
  if (current == NULL)
    return;
  if (current_event != NULL)
    {
      step = st_baseline_step_at (
          self, st_event_get_start (st_session_get_trace (current), *current_event));
      if (step >= 0)
        st_baseline_align_step (self, step);
      take (current, current_event, 0, &lo, &hi);
    }
  if (base_event != NULL && self->linked)
    take (self->session, base_event, self->offset, &lo, &hi);
  else if (base_event != NULL)
    take (self->session, base_event, 0, &base_lo, &base_hi);
  if (lo <= hi)
    show_span (current, lo, hi);
  if (base_lo <= base_hi)
    show_span (self->session, base_lo, base_hi);
}
