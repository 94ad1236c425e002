/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-device-event.c: see st-device-event.h.
 *
 * The slices of one depth row do not overlap, so each row is already in
 * order by start and by end. A device's rows are merged through a small
 * heap, ties kept in the order of the device's tracks and rows, straight
 * into the array: no sort and no scratch copy of it. Each device's events
 * are counted exactly first, so the two threads that collect the devices
 * write their halves in place.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-device-event.h"
#include "st-pages.h"

/* What a collection reads, and the array it writes. */
typedef struct
{
  StTrace           *trace;
  StDeviceWork      *work;
  StEventClassifier *classes;
  GCancellable      *cancellable;
  gint64             start;
  gint64             end;
  GArray            *device; /* StDeviceEvent */
} Collect;

static guint8
slot_of (StWorkTag tag)
{
  switch (tag.klass)
    {
    case ST_CLASS_COMPUTE: return ST_SLOT_COMPUTE;
    case ST_CLASS_COMMUNICATION: return ST_SLOT_COMMUNICATION;
    case ST_CLASS_MEMORY: return tag.kind == ST_MEMORY_SET ? ST_SLOT_SET : ST_SLOT_COPY;
    case ST_CLASS_WAIT: return ST_SLOT_WAIT;
    default: return ST_SLOT_OTHER;
    }
}

/* Whether the slice counts in the range: it ends after the range's start,
 * or it is an instant at or after it. */
static inline gboolean
overlaps (const Collect *job, const StSlice *s)
{
  return s->start + s->dur > job->start || (s->dur == 0 && s->start >= job->start);
}

/* One row's slices in the range: [i, past), the next one first. */
typedef struct
{
  const StSlice   *slices;
  const StWorkTag *tags;
  gint64           head; /* slices[i].start */
  guint            track;
  guint            i;
  guint            past;
  guint            order; /* the row's place among the device's: ties go by it */
} Row;

/* Moves @row to its next slice of a class; whether it has one. A row's
 * ends are sorted, so only its first slices can end at the range's start. */
static gboolean
row_settle (const Collect *job, Row *row)
{
  for (; row->i < row->past; row->i++)
    if (row->tags[row->i].klass != ST_CLASS_NONE && overlaps (job, &row->slices[row->i]))
      {
        row->head = row->slices[row->i].start;
        return TRUE;
      }
  return FALSE;
}

/* The device's rows with a slice in the range, settled, into @rows; how
 * many. */
static guint
device_rows (const Collect *job, guint d, Row *rows)
{
  const StDevice *device = st_device_work_get_device (job->work, d);
  guint           n = 0;

  for (guint k = 0; k < device->n_tracks; k++)
    {
      const StTrack   *t = st_trace_get_track (job->trace, device->tracks[k]);
      const StWorkTag *tags = st_device_work_get_tags (job->work, device->tracks[k]);

      for (guint r = 0; t->row_offsets != NULL && r < t->n_rows; r++)
        {
          guint lo = t->row_offsets[r], hi = t->row_offsets[r + 1];
          Row   row = { t->slices, tags, 0, device->tracks[k], 0, 0, n };

          row.i = st_row_first_ending (t->slices, lo, hi, job->start);
          row.past = MAX (row.i, st_row_first_starting (t->slices, row.i, hi, job->end));
          if (row_settle (job, &row))
            rows[n++] = row;
        }
    }
  return n;
}

static guint
device_n_rows (const Collect *job, guint d)
{
  const StDevice *device = st_device_work_get_device (job->work, d);
  guint           n = 0;

  for (guint k = 0; k < device->n_tracks; k++)
    n += st_trace_get_track (job->trace, device->tracks[k])->n_rows;
  return n;
}

static inline gboolean
row_before (const Row *a, const Row *b)
{
  return a->head < b->head || (a->head == b->head && a->order < b->order);
}

static void
sift_down (Row *heap, guint n, guint at)
{
  Row top = heap[at];

  for (;;)
    {
      guint child = 2 * at + 1;

      if (child >= n)
        break;
      if (child + 1 < n && row_before (&heap[child + 1], &heap[child]))
        child++;
      if (!row_before (&heap[child], &top))
        break;
      heap[at] = heap[child];
      at = child;
    }
  heap[at] = top;
}

static void
device_event (const Collect *job, const Row *row, guint16 device, StDeviceEvent *ev)
{
  const StSlice *s = &row->slices[row->i];
  StWorkTag      tag = row->tags[row->i];

  ev->start = MAX (s->start, job->start);
  ev->end = MAX (ev->start, MIN (s->start + s->dur, job->end));
  ev->dur = s->dur;
  ev->ref = (StSliceRef){ row->track, row->i };
  ev->device = device;
  ev->slot = slot_of (tag);
  ev->kind = tag.kind;
  ev->kernel = st_event_classifier_is_kernel (job->classes, s);
}

/* Writes the device's events from @out on, merging its @n rows by start,
 * at most @room of them; whether there were @room. */
static gboolean
merge_rows (const Collect *job, guint16 device, Row *heap, guint n, StDeviceEvent *out, guint room)
{
  for (guint i = n / 2; i-- > 0;)
    sift_down (heap, n, i);
  for (; n > 0 && room > 0; room--)
    {
      device_event (job, &heap[0], device, out++);
      heap[0].i++;
      if (!row_settle (job, &heap[0]))
        heap[0] = heap[--n];
      sift_down (heap, n, 0);
    }
  return n == 0 && room == 0;
}

/* The devices [lo, hi), the first written at @out; at[d] is device d's
 * place, counted by count_devices(). */
typedef struct
{
  const Collect *job;
  const guint   *at;
  guint          lo;
  guint          hi;
  gboolean       counted; /* each device had as many events as counted */
} Part;

static void
collect_devices (Part *part)
{
  const Collect *job = part->job;
  StDeviceEvent *out = (StDeviceEvent *)(void *)job->device->data;

  for (guint d = part->lo; d < part->hi && !g_cancellable_is_cancelled (job->cancellable); d++)
    {
      g_autofree Row *rows = g_new (Row, MAX (1, device_n_rows (job, d)));
      guint           n_rows = device_rows (job, d, rows);

      /* no events in the range: no array to point into */
      StDeviceEvent *to = out != NULL ? out + part->at[d] : NULL;

      part->counted &= merge_rows (job, d, rows, n_rows, to, part->at[d + 1] - part->at[d]);
    }
}

static gpointer
collect_part (gpointer data)
{
  collect_devices (data);
  return NULL;
}

/* Each device's events counted: device d's go to [at[d], at[d + 1]). Only
 * the tags are read: the slices of a row do not overlap (the layout keeps
 * them apart) and none has a negative duration (the importers clamp it),
 * so after a row's first event in the range every slice of a class is
 * one. */
static guint *
count_devices (const Collect *job, guint n_devices)
{
  guint *at = g_new0 (guint, n_devices + 1);

  for (guint d = 0; d < n_devices; d++)
    {
      g_autofree Row *rows = g_new (Row, MAX (1, device_n_rows (job, d)));
      guint           n_rows = device_rows (job, d, rows);

      at[d + 1] = at[d];
      for (guint r = 0; r < n_rows; r++)
        for (guint i = rows[r].i; i < rows[r].past; i++)
          at[d + 1] += rows[r].tags[i].klass != ST_CLASS_NONE;
    }
  return at;
}

/* Below this many events a second thread costs more than it saves. */
#define SPLIT_MIN_EVENTS 65536

/* Collects the devices in two halves of about as many events, the second
 * half on a thread of its own; whether each had as many as @at counted. */
static gboolean
collect_counted (Collect *job, const guint *at, guint n_devices)
{
  Part     first = { job, at, 0, n_devices, TRUE }, second = first;
  GThread *thread = NULL;

  g_array_set_size (job->device, at[n_devices]);
  st_pages_advise_huge (job->device->data, (gsize)at[n_devices] * sizeof (StDeviceEvent));
  if (at[n_devices] >= SPLIT_MIN_EVENTS && n_devices >= 2)
    {
      second.lo = 1;
      while (second.lo + 1 < n_devices && at[second.lo + 1] <= at[n_devices] / 2)
        second.lo++;
      first.hi = second.lo;
      thread = g_thread_new ("strata-summary", collect_part, &second);
    }
  collect_devices (&first);
  if (thread != NULL)
    g_thread_join (thread);
  return first.counted && second.counted;
}

StKernelClass
st_device_event_get_kernel_class (const StDeviceEvent *ev)
{
  static const guint8 classes[] = {
    [ST_SLOT_COMPUTE] = ST_CLASS_COMPUTE, [ST_SLOT_COMMUNICATION] = ST_CLASS_COMMUNICATION,
    [ST_SLOT_COPY] = ST_CLASS_MEMORY,     [ST_SLOT_SET] = ST_CLASS_MEMORY,
    [ST_SLOT_WAIT] = ST_CLASS_WAIT,       [ST_SLOT_OTHER] = ST_CLASS_OTHER,
  };
  StWorkTag tag
      = { ev->slot < G_N_ELEMENTS (classes) ? classes[ev->slot] : ST_CLASS_OTHER, ev->kind };

  return st_work_tag_get_kernel_class (tag);
}

GArray *
st_device_events_collect (StTrace      *trace,
                          StDeviceWork *work,
                          gint64        start,
                          gint64        end,
                          GCancellable *cancellable)
{
  guint             n_devices = st_device_work_get_n_devices (work);
  Collect           job = { trace,
                            work,
                            st_device_work_get_classifier (work),
                            cancellable,
                            start,
                            end,
                            g_array_new (FALSE, FALSE, sizeof (StDeviceEvent)) };
  g_autofree guint *at = count_devices (&job, n_devices);
  gboolean          counted = collect_counted (&job, at, n_devices);

  if (!counted)
    g_critical ("A device row of the trace has overlapping slices: no device events");
  if (!counted || g_cancellable_is_cancelled (cancellable))
    g_array_set_size (job.device, 0); /* parts of it were never written */
  return job.device;
}
