/* st-profile-steps.c: the names that are steps are found once among the
 * trace's strings, then the host tracks' slices are walked for them. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-profile-steps.h"
#include "st-device-work.h"

#include <string.h>

#define STEP_PREFIX "ProfilerStep#"

static gboolean
is_step_name (const char *name)
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
compare_spans (gconstpointer a, gconstpointer b)
{
  const StTimeSpan *x = a, *y = b;

  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  /* the longer first, so a step inside another comes after it */
  return (x->end < y->end) - (x->end > y->end);
}

/* Every step slice of the host tracks, in any order. */
static void
collect (StTrace *trace, StDeviceWork *work, const guint8 *step_names, GArray *spans)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      if (track->kind != ST_TRACK_SLICES || st_device_work_get_track_device (work, t) >= 0)
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          StTimeSpan     span = { s->start, s->start + s->dur };

          if (step_names[s->name])
            g_array_append_val (spans, span);
        }
    }
}

GArray *
st_profile_steps_find (StTrace *trace, gint64 start, gint64 end, GCancellable *cancellable)
{
  StDeviceWork      *work = st_device_work_ensure (trace, cancellable);
  guint              n_strings = st_trace_get_n_strings (trace);
  g_autofree guint8 *step_names = NULL;
  g_autoptr (GArray) spans = NULL;
  GArray            *steps;
  gboolean           any = FALSE;
  gint64             reach = 0;

  if (work == NULL)
    return NULL;
  step_names = g_new0 (guint8, n_strings + 1);
  for (guint id = 0; id < n_strings; id++)
    any |= step_names[id] = is_step_name (st_trace_get_string (trace, id));
  steps = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
  if (!any)
    return steps;
  spans = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
  collect (trace, work, step_names, spans);
  g_array_sort (spans, compare_spans);
  for (guint i = 0; i < spans->len; i++)
    {
      const StTimeSpan *s = &g_array_index (spans, StTimeSpan, i);

      if (i > 0 && s->end <= reach)
        continue; /* inside an earlier step */
      reach = s->end;
      if (end <= start || (s->begin >= start && s->end <= end))
        g_array_append_val (steps, *s);
    }
  return steps;
}
