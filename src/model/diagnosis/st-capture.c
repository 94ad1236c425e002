/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-capture.h"

#include "st-sort.h"
#include "st-time.h"

#include <string.h>

enum
{
  NAME_BEGIN = 1 << 0,  /* cudaStreamBeginCapture, hipStreamBeginCapture, … */
  NAME_END = 1 << 1,    /* …StreamEndCapture */
  NAME_GRAPH = 1 << 2,  /* cudaGraphLaunch, hipGraphLaunch, cuGraphLaunch */
  NAME_LAUNCH = 1 << 3, /* a kernel launch call: cudaLaunchKernel, hipModuleLaunchKernel, … */
};

struct _StCaptures
{
  GArray **windows; /* per file: StTimeSpan, or NULL */
  guint    n_files;
  guint    n_launches;
  guint    n_captured;
  gboolean graph_launches;
};

ST_DEFINE_SORT (sort_spans, StTimeSpan, a->begin < b->begin)

/* @any: whether a capture or a graph launch is named at all; without one
 * there is nothing to count (the kernel launch calls are counted only for
 * the capture's share). */
static guint8 *
name_flags (StTrace *trace, gboolean *any)
{
  guint   n = st_trace_get_n_strings (trace);
  guint8 *flags = g_new0 (guint8, MAX (1, n));

  *any = FALSE;
  for (guint id = 0; id < n; id++)
    {
      const char *s = st_trace_get_string (trace, id);

      if (s == NULL)
        continue;
      if (strstr (s, "StreamBeginCapture") != NULL)
        flags[id] |= NAME_BEGIN;
      else if (strstr (s, "StreamEndCapture") != NULL)
        flags[id] |= NAME_END;
      else if (st_captures_is_graph_launch (s))
        flags[id] |= NAME_GRAPH;
      else if ((g_str_has_prefix (s, "cu") || g_str_has_prefix (s, "hip"))
               && strstr (s, "Launch") != NULL && strstr (s, "Kernel") != NULL)
        flags[id] |= NAME_LAUNCH;
      *any |= (flags[id] & (NAME_BEGIN | NAME_GRAPH)) != 0;
    }
  return flags;
}

/* The windows of one host thread: each begin-capture call to the end of
 * the next end-capture call after it (the range's end when none). */
static void
thread_windows (StCaptures    *self,
                const StTrack *t,
                const guint8  *flags,
                gint64         start,
                gint64         end,
                GArray        *out,
                GArray        *launches)
{
  g_autoptr (GArray) begins = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));

  for (guint i = 0; i < t->n_slices; i++)
    {
      const StSlice *s = &t->slices[i];
      StTimeSpan     span = { s->start, st_time_add_sat (s->start, s->dur) };

      if (flags[s->name] & NAME_BEGIN)
        g_array_append_val (begins, span);
      else if (flags[s->name] & NAME_END)
        g_array_append_val (ends, span);
      else if ((flags[s->name] & NAME_GRAPH) && s->start >= start && s->start < end)
        self->graph_launches = TRUE;
      else if ((flags[s->name] & NAME_LAUNCH) && s->start >= start && s->start < end)
        g_array_append_val (launches, s->start);
    }
  sort_spans ((StTimeSpan *)(void *)begins->data, begins->len, NULL);
  sort_spans ((StTimeSpan *)(void *)ends->data, ends->len, NULL);
  for (guint b = 0, e = 0; b < begins->len; b++)
    {
      StTimeSpan w = { g_array_index (begins, StTimeSpan, b).begin, end };

      while (e < ends->len && g_array_index (ends, StTimeSpan, e).begin < w.begin)
        e++;
      if (e < ends->len)
        w.end = g_array_index (ends, StTimeSpan, e).end;
      w.begin = MAX (w.begin, start);
      w.end = MIN (w.end, end);
      if (w.end > w.begin)
        g_array_append_val (out, w);
    }
}

/* By start, overlapping windows of several threads joined. */
static void
join_windows (GArray *windows)
{
  StTimeSpan *w = (StTimeSpan *)(void *)windows->data;
  guint       n = 0;

  sort_spans (w, windows->len, NULL);
  for (guint i = 0; i < windows->len; i++)
    {
      if (n > 0 && w[i].begin <= w[n - 1].end)
        w[n - 1].end = MAX (w[n - 1].end, w[i].end);
      else
        w[n++] = w[i];
    }
  g_array_set_size (windows, n);
}

static gboolean
in_windows (GArray *windows, gint64 t)
{
  guint lo = 0, hi = windows != NULL ? windows->len : 0;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (windows, StTimeSpan, mid).end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return windows != NULL && lo < windows->len && g_array_index (windows, StTimeSpan, lo).begin <= t;
}

/* The launch calls of file @file's threads (@launches, their starts),
 * counted in and out of its windows. */
static void
count_launches (StCaptures *self, guint file, GArray *launches)
{
  for (guint i = 0; i < launches->len; i++)
    {
      self->n_launches++;
      self->n_captured += in_windows (self->windows[file], g_array_index (launches, gint64, i));
    }
}

StCaptures *
st_captures_new (StTrace *trace, StDeviceWork *work, gint64 start, gint64 end)
{
  StCaptures         *self = g_new0 (StCaptures, 1);
  g_autofree guint8  *flags = NULL;
  g_autofree GArray **launches = NULL;
  gboolean            any;

  self->n_files = MAX (1, st_trace_get_n_files (trace));
  self->windows = g_new0 (GArray *, self->n_files);
  launches = g_new0 (GArray *, self->n_files);
  flags = name_flags (trace, &any);
  for (guint track = 0; any && track < st_trace_get_n_tracks (trace); track++)
    {
      const StTrack *t = st_trace_get_track (trace, track);
      guint          file = MIN (t->file, self->n_files - 1);

      if (t->n_slices == 0 || st_device_work_get_track_device (work, track) >= 0)
        continue;
      if (self->windows[file] == NULL)
        {
          self->windows[file] = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
          launches[file] = g_array_new (FALSE, FALSE, sizeof (gint64));
        }
      thread_windows (self, t, flags, start, end, self->windows[file], launches[file]);
    }
  for (guint f = 0; f < self->n_files; f++)
    {
      if (self->windows[f] == NULL)
        continue;
      join_windows (self->windows[f]);
      count_launches (self, f, launches[f]);
      g_array_unref (launches[f]);
      if (self->windows[f]->len == 0)
        g_clear_pointer (&self->windows[f], g_array_unref);
    }
  return self;
}

void
st_captures_free (StCaptures *self)
{
  if (self == NULL)
    return;
  for (guint f = 0; f < self->n_files; f++)
    g_clear_pointer (&self->windows[f], g_array_unref);
  g_free (self->windows);
  g_free (self);
}

GArray *
st_captures_get_windows (StCaptures *self, guint file)
{
  return file < self->n_files ? self->windows[file] : NULL;
}

gboolean
st_captures_any (StCaptures *self)
{
  for (guint f = 0; f < self->n_files; f++)
    if (self->windows[f] != NULL)
      return TRUE;
  return FALSE;
}

void
st_captures_count_launches (StCaptures *self, guint *n_launches, guint *n_captured)
{
  *n_launches = self->n_launches;
  *n_captured = self->n_captured;
}

gboolean
st_captures_has_graph_launches (StCaptures *self)
{
  return self->graph_launches;
}

gboolean
st_captures_is_graph_launch (const char *name)
{
  return g_str_has_prefix (name, "cudaGraphLaunch") || g_str_has_prefix (name, "hipGraphLaunch")
         || g_str_has_prefix (name, "cuGraphLaunch");
}
