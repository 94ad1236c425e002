/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-steps.c: the names that are steps are found once among the
 * trace's strings, then the host tracks' slices are walked for them. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-profile-steps.h"
#include "st-device-work.h"

#include <string.h>

#define STEP_PREFIX "ProfilerStep#"

/* ProfilerStep# and digits, nothing else. */
gboolean
st_profile_steps_is_step_name (const char *name)
{
  const char *digits;

  if (!g_str_has_prefix (name, STEP_PREFIX))
    return FALSE;
  digits = name + strlen (STEP_PREFIX);
  if (*digits == '\0')
    return FALSE;
  for (; *digits != '\0'; digits++)
    if (!g_ascii_isdigit (*digits))
      return FALSE;
  return TRUE;
}

static int
compare_steps (gconstpointer a, gconstpointer b)
{
  const StProfileStep *x = a, *y = b;

  if (x->span.begin != y->span.begin)
    return x->span.begin < y->span.begin ? -1 : 1;
  /* the longer first, so a step inside another comes after it */
  return (x->span.end < y->span.end) - (x->span.end > y->span.end);
}

/* N of "ProfilerStep#N"; G_MAXINT64 when it does not fit. */
static gint64
step_number (const char *name)
{
  guint64 number = 0;

  if (!g_ascii_string_to_unsigned (name + strlen (STEP_PREFIX), 10, 0, G_MAXINT64, &number, NULL))
    return G_MAXINT64;
  return (gint64)number;
}

/* Every step slice of the host tracks, in any order. */
static void
collect (StTrace *trace, StDeviceWork *work, const guint8 *step_names, GArray *steps)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      if (track->kind != ST_TRACK_SLICES || st_device_work_get_track_device (work, t) >= 0)
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          StProfileStep  step = { { s->start, s->start + s->dur }, 0, 0, { t, i } };

          if (!step_names[s->name])
            continue;
          step.file = st_offset_get_file (s->offset);
          step.number = step_number (st_trace_get_string (trace, s->name));
          g_array_append_val (steps, step);
        }
    }
}

static int
compare_file_steps (gconstpointer a, gconstpointer b)
{
  const StProfileStep *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  return compare_steps (a, b);
}

/* Every step slice, sorted by @compare, then the outermost of each file
 * (all files as one when @per_file is FALSE). */
static GArray *
find_steps (StTrace *trace, gboolean per_file, GCancellable *cancellable)
{
  StDeviceWork      *work = st_device_work_ensure (trace, cancellable);
  guint              n_strings = st_trace_get_n_strings (trace);
  g_autofree guint8 *step_names = NULL;
  g_autoptr (GArray) all = NULL;
  GArray            *steps;
  gboolean           any = FALSE;
  gint64             reach = 0;

  if (work == NULL)
    return NULL;
  step_names = g_new0 (guint8, n_strings + 1);
  for (guint id = 0; id < n_strings; id++)
    any |= step_names[id] = st_profile_steps_is_step_name (st_trace_get_string (trace, id));
  steps = g_array_new (FALSE, FALSE, sizeof (StProfileStep));
  if (!any)
    return steps;
  all = g_array_new (FALSE, FALSE, sizeof (StProfileStep));
  collect (trace, work, step_names, all);
  g_array_sort (all, per_file ? compare_file_steps : compare_steps);
  for (guint i = 0; i < all->len; i++)
    {
      const StProfileStep *s = &g_array_index (all, StProfileStep, i);
      gboolean             same_file
          = i > 0 && (!per_file || s->file == g_array_index (all, StProfileStep, i - 1).file);

      if (same_file && s->span.end <= reach)
        continue; /* inside an earlier step */
      reach = same_file ? MAX (reach, s->span.end) : s->span.end;
      g_array_append_val (steps, *s);
    }
  return steps;
}

/* The outermost steps of the whole trace, by start. */
GArray *
st_profile_steps_find_numbered (StTrace *trace, GCancellable *cancellable)
{
  return find_steps (trace, FALSE, cancellable);
}

GArray *
st_profile_steps_find_per_file (StTrace *trace, GCancellable *cancellable)
{
  return find_steps (trace, TRUE, cancellable);
}

GArray *
st_profile_steps_find (StTrace *trace, gint64 start, gint64 end, GCancellable *cancellable)
{
  g_autoptr (GArray) numbered = st_profile_steps_find_numbered (trace, cancellable);
  GArray            *steps;

  if (numbered == NULL)
    return NULL;
  steps = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
  for (guint i = 0; i < numbered->len; i++)
    {
      const StProfileStep *s = &g_array_index (numbered, StProfileStep, i);

      if (end <= start || (s->span.begin >= start && s->span.end <= end))
        g_array_append_val (steps, s->span);
    }
  return steps;
}
