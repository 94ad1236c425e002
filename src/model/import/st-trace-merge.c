/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-merge.c: several traces, one per file, made into one.
 *
 * The tracks, flows and strings of each file move into the merged trace
 * (nothing is copied but the string table of the files after the first):
 * names are remapped to the merged string table, times shifted onto the
 * common axis, and offsets tagged with the file's index.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-trace-merge.h"

#include "st-device-work.h"
#include "st-sort.h"
#include "st-time.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

#define SEPARATOR " \302\267 "

typedef struct
{
  StTrace *trace;
  guint32 *map;    /* string ids of the trace -> merged ids; NULL for the first */
  guint   *tracks; /* track index of the trace -> merged index */
  gint64   shift;
  gint64   device_anchor; /* end of its first device collective operation, own time; -1: none */
  gint64   host_anchor;   /* end of its first host collective operation; -1 when none */
  char    *device;        /* the one process holding its device tracks, or NULL */
} Part;

typedef struct
{
  gint64 start;
  gint64 end;
} Span;

ST_DEFINE_SORT (sort_spans, Span, a->start != b->start ? a->start < b->start : a->end < b->end)

static inline StStringId
remap (const Part *part, StStringId id)
{
  return part->map != NULL ? part->map[id] : id;
}

static void
part_clear (Part *part)
{
  g_free (part->map);
  g_free (part->tracks);
  g_free (part->device);
  g_clear_object (&part->trace);
}

/* The end of the first of @spans once the overlapping ones are merged: a
 * rank's first collective operation (docs/metrics.md 3.2); -1 when there
 * is none. Sorts @spans. */
static gint64
first_operation_end (GArray *spans)
{
  Span  *s = (Span *)(void *)spans->data;
  gint64 end;

  if (spans->len == 0)
    return -1;
  sort_spans (s, spans->len, NULL);
  end = s[0].end;
  for (guint i = 1; i < spans->len && s[i].start < end; i++)
    end = MAX (end, s[i].end);
  return end;
}

/* The file's first collective operation on its devices (the instances of
 * docs/metrics.md 3.1: communication kernels, instructions and MTIA events,
 * not collective DMA transfers) and on its host (collective host ops). */
static void
find_anchors (Part *part)
{
  StTrace           *trace = part->trace;
  StDeviceWork      *work = st_device_work_get (trace);
  StEventClassifier *classes = st_device_work_get_classifier (work);
  g_autoptr (GArray) device = g_array_new (FALSE, FALSE, sizeof (Span));
  g_autoptr (GArray) host = g_array_new (FALSE, FALSE, sizeof (Span));

  for (guint t = 0; t < trace->n_tracks; t++)
    {
      const StTrack   *track = &trace->tracks[t];
      const StWorkTag *tags = st_device_work_get_tags (work, t);

      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *slice = &track->slices[i];
          Span           span = { slice->start, slice->start + slice->dur };

          if (tags != NULL && tags[i].klass == ST_CLASS_COMMUNICATION
              && st_event_classifier_device_kind (classes, slice) != ST_DEVICE_EVENT_CC_TRANSFER)
            g_array_append_val (device, span);
          else if (tags == NULL && st_event_classifier_is_host_collective (classes, slice))
            g_array_append_val (host, span);
        }
    }
  part->device_anchor = first_operation_end (device);
  part->host_anchor = first_operation_end (host);
}

/* The end of the file's first collective operation, on its device and on
 * its host, and the label of its device when it has exactly one. */
static void
study_part (Part *part)
{
  StTrace      *trace = part->trace;
  StDeviceWork *work = st_device_work_get (trace);

  find_anchors (part);
  /* Kineto names every process "python3" and tells GPUs by their labels. */
  if (st_device_work_get_n_devices (work) == 1)
    {
      guint process = st_device_work_get_device (work, 0)->process;

      part->device
          = trace->processes[process].labels != ST_STRING_EMPTY
                ? g_strdup (st_string_table_get (trace->strings, trace->processes[process].labels))
                : st_trace_dup_process_title (trace, process);
    }
  trace->files[0].anchor_ns = part->device_anchor >= 0 ? part->device_anchor : part->host_anchor;
}

/* "rank 3", else the device ("GPU 0"), else the base name; made unique. */
static char *
choose_label (Part *parts, guint index, GHashTable *taken)
{
  StTraceFile     *file = &parts[index].trace->files[0];
  g_autofree char *base = g_path_get_basename (file->display_name);
  char            *label;

  if (file->rank >= 0)
    label = g_strdup_printf (_ ("rank %d"), file->rank);
  else if (parts[index].device != NULL)
    label = g_strdup (parts[index].device);
  else
    label = g_strdup (base);
  if (g_hash_table_contains (taken, label) && !g_str_equal (label, base))
    {
      char *longer = g_strdup_printf ("%s (%s)", label, base);
      g_free (label);
      label = longer;
    }
  if (g_hash_table_contains (taken, label))
    {
      g_autofree char *stem = label;

      label = NULL;
      for (guint n = 2; label == NULL || g_hash_table_contains (taken, label); n++)
        {
          g_free (label);
          label = g_strdup_printf ("%s #%u", stem, n);
        }
    }
  g_hash_table_add (taken, g_strdup (label));
  return label;
}

static gboolean
part_is_empty (const Part *part)
{
  return part->trace->n_tracks == 0;
}

/* A file's absolute start: its clock base plus its earliest timestamp;
 * FALSE when that does not fit in 64 bits. */
static gboolean
absolute_start (const Part *part, gint64 *out)
{
  return st_time_add (part->trace->files[0].base_ns, part->trace->origin_ns, out);
}

/* Clock: time 0 is the earliest absolute start of any file, and each file
 * is shifted by how much later it starts. FALSE, and *@origin untouched,
 * when some start or shift does not fit in 64 bits. */
static gboolean
align_on_clock (Part *parts, guint n, gint64 *origin)
{
  gint64 first = G_MAXINT64, start;

  for (guint i = 0; i < n; i++)
    if (!part_is_empty (&parts[i]))
      {
        if (!absolute_start (&parts[i], &start))
          return FALSE;
        first = MIN (first, start);
      }
  if (first == G_MAXINT64)
    first = 0;
  for (guint i = 0; i < n; i++)
    {
      parts[i].shift = 0;
      if (!part_is_empty (&parts[i])
          && !(absolute_start (&parts[i], &start) && st_time_sub (start, first, &parts[i].shift)))
        return FALSE;
    }
  *origin = first;
  return TRUE;
}

/* Every file at time 0: the last resort when the clocks are too far apart
 * for one axis. */
static void
align_at_starts (Part *parts, guint n, gint64 *origin)
{
  for (guint i = 0; i < n; i++)
    parts[i].shift = 0;
  *origin = st_time_add_sat (parts[0].trace->files[0].base_ns, parts[0].trace->origin_ns);
}

/* Whether every file, shifted, ends within ST_TIME_SPAN_MAX of time 0: the
 * merged trace must keep the span a single trace may have. */
static gboolean
span_fits (const Part *parts, guint n)
{
  for (guint i = 0; i < n; i++)
    if (parts[i].shift < 0 || parts[i].shift > ST_TIME_SPAN_MAX - parts[i].trace->end_ns)
      return FALSE;
  return TRUE;
}

/* Collective: every file's first device collective operation (or, when
 * one file has none, every file's first host collective operation) ends
 * at the same time, as late as the latest of them so no time is negative:
 * a blocking collective finishes together on every rank, while it starts
 * when its rank arrives (docs/metrics.md 3.2). FALSE, and nothing done,
 * when some file has no collective of the kind. */
static gboolean
align_on_collective (Part *parts, guint n, gboolean device, gint64 *origin)
{
  gint64 latest = 0;
  guint  first = 0;

  for (guint i = 0; i < n; i++)
    {
      gint64 anchor = device ? parts[i].device_anchor : parts[i].host_anchor;
      if (anchor < 0)
        return FALSE;
      latest = MAX (latest, anchor);
    }
  for (guint i = 0; i < n; i++)
    {
      parts[i].shift = latest - (device ? parts[i].device_anchor : parts[i].host_anchor);
      parts[i].trace->files[0].anchor_ns = device ? parts[i].device_anchor : parts[i].host_anchor;
      if (parts[i].shift < parts[first].shift)
        first = i;
    }
  *origin = st_time_add_sat (parts[first].trace->files[0].base_ns, parts[first].trace->origin_ns);
  return TRUE;
}

static void
move_track (StTrack       *dst,
            StTrack       *src,
            const Part    *part,
            guint          file,
            guint          process_base,
            StStringTable *strings)
{
  gint64 shift = part->shift;

  *dst = *src;
  memset (src, 0, sizeof *src);
  dst->file = file;
  if (dst->process != ST_NO_PROCESS)
    dst->process += process_base;
  dst->name = remap (part, dst->name);
  dst->tid = remap (part, dst->tid);
  if (dst->process == ST_NO_PROCESS)
    {
      g_autofree char *name = g_strconcat (part->trace->files[0].label, SEPARATOR,
                                           st_string_table_get (strings, dst->name), NULL);
      dst->name = st_string_table_intern (strings, name, strlen (name));
    }
  for (guint i = 0; i < dst->n_slices; i++)
    {
      StSlice *s = &dst->slices[i];
      s->start += shift;
      s->offset = st_offset_make (file, s->offset);
      s->name = remap (part, s->name);
      s->cat = remap (part, s->cat);
    }
  for (guint r = 0; dst->row_lods != NULL && r < dst->n_rows; r++)
    for (guint l = 0; l < dst->row_lods[r].n_levels; l++)
      {
        StLodLevel *level = &dst->row_lods[r].levels[l];
        for (guint k = 0; k < level->n; k++)
          {
            level->start[k] += shift;
            level->end[k] += shift;
            level->name[k] = remap (part, level->name[k]);
          }
      }
  for (guint i = 0; i < dst->n_instants; i++)
    {
      StInstant *in = &dst->instants[i];
      in->ts += shift;
      in->offset = st_offset_make (file, in->offset);
      in->name = remap (part, in->name);
      in->cat = remap (part, in->cat);
    }
  for (guint k = 0; k < dst->n_series; k++)
    {
      StCounterSeries *series = &dst->series[k];
      series->name = remap (part, series->name);
      for (guint i = 0; i < series->n_samples; i++)
        series->ts[i] += shift;
    }
}

/* The tracks of file @file that belong to no process, from merged index
 * *next on; the others are marked to move later. */
static void
move_global_tracks (StTrace *merged, Part *part, guint file, guint *next)
{
  StTrace *t = part->trace;

  part->tracks = g_new (guint, MAX (1, t->n_tracks));
  for (guint k = 0; k < t->n_tracks; k++)
    part->tracks[k] = G_MAXUINT;
  for (guint k = 0; k < t->n_tracks; k++)
    if (t->tracks[k].process == ST_NO_PROCESS)
      {
        part->tracks[k] = *next;
        move_track (&merged->tracks[(*next)++], &t->tracks[k], part, file, 0, merged->strings);
      }
}

/* The processes of file @file, from merged process @process_base on, and
 * their tracks from merged index *next on. */
static void
move_processes (StTrace *merged, Part *part, guint file, guint process_base, guint *next)
{
  StTrace *t = part->trace;

  t->files[0].first_process = process_base;
  t->files[0].n_processes = t->n_processes;
  for (guint p = 0; p < t->n_processes; p++)
    {
      StProcess *proc = &merged->processes[process_base + p];

      *proc = t->processes[p];
      proc->pid = remap (part, proc->pid);
      proc->name = remap (part, proc->name);
      proc->labels = remap (part, proc->labels);
      proc->file = file;
    }
  for (guint k = 0; k < t->n_tracks; k++)
    if (part->tracks[k] == G_MAXUINT)
      {
        part->tracks[k] = *next;
        move_track (&merged->tracks[(*next)++], &t->tracks[k], part, file, process_base,
                    merged->strings);
      }
  /* A process's tracks stay together and in order. */
  for (guint p = 0; p < t->n_processes; p++)
    {
      StProcess *proc = &merged->processes[process_base + p];
      if (proc->n_tracks > 0)
        proc->first_track = part->tracks[proc->first_track];
    }
}

/* Global tracks of every file first (the timeline shows them on top), then
 * each file's processes in file order. */
static void
merge_tracks (StTrace *merged, Part *parts, guint n)
{
  guint total = 0, next = 0, process_base = 0;

  for (guint i = 0; i < n; i++)
    {
      total += parts[i].trace->n_tracks;
      merged->n_processes += parts[i].trace->n_processes;
    }
  merged->n_tracks = total;
  merged->tracks = g_new0 (StTrack, MAX (1, total));
  merged->processes = g_new0 (StProcess, MAX (1, merged->n_processes));
  for (guint i = 0; i < n; i++)
    move_global_tracks (merged, &parts[i], i, &next);
  for (guint i = 0; i < n; i++)
    {
      move_processes (merged, &parts[i], i, process_base, &next);
      process_base += parts[i].trace->n_processes;
    }
  g_assert (next == total);
}

static void
merge_flows (StTrace *merged, Part *parts, guint n)
{
  gsize next = 0;

  for (guint i = 0; i < n; i++)
    merged->n_flows += parts[i].trace->n_flows;
  merged->flows = g_new (StFlow, MAX (1, merged->n_flows));
  for (guint i = 0; i < n; i++)
    for (gsize k = 0; k < parts[i].trace->n_flows; k++)
      {
        const StFlow *f = &parts[i].trace->flows[k];
        StFlow       *out = &merged->flows[next++];

        out->from.track = parts[i].tracks[f->from.track];
        out->from.index = f->from.index;
        out->to.track = parts[i].tracks[f->to.track];
        out->to.index = f->to.index;
        out->name = remap (&parts[i], f->name);
        out->cat = remap (&parts[i], f->cat);
      }
}

static void
merge_warnings (StTrace *merged, Part *parts, guint n, char *alignment_message)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (StImportWarning));

  if (alignment_message != NULL)
    {
      StImportWarning w = { ST_WARNING_ALIGNMENT, 1, 0, 0, 0, alignment_message };
      g_array_append_val (out, w);
    }
  for (guint i = 0; i < n; i++)
    {
      StTrace         *t = parts[i].trace;
      g_autofree char *base = g_path_get_basename (t->files[0].display_name);

      for (guint k = 0; k < t->n_warnings; k++)
        {
          StImportWarning w = t->warnings[k];

          w.message = g_strdup_printf ("%s: %s", base, t->warnings[k].message);
          g_array_append_val (out, w);
        }
    }
  merged->n_warnings = out->len;
  merged->warnings = (StImportWarning *)(void *)g_array_free (out, FALSE);
}

static void
merge_metadata (StTrace *merged, Part *parts, guint n)
{
  merged->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
  for (guint i = 0; i < n; i++)
    {
      StTrace *t = parts[i].trace;

      for (guint k = 0; k < t->metadata->len; k++)
        {
          const StMetadataSpan *span = g_ptr_array_index (t->metadata, k);
          StMetadataSpan       *out = g_new0 (StMetadataSpan, 1);

          out->key = g_strdup_printf ("%s/%s", t->files[0].label, span->key);
          out->offset = span->offset;
          out->length = span->length;
          out->file = i;
          g_ptr_array_add (merged->metadata, out);
        }
    }
  st_trace_index_metadata (merged);
}

static void
add_counts (StTraceCounts *dst, const StTraceCounts *src)
{
  dst->events += src->events;
  dst->slices += src->slices;
  dst->instants += src->instants;
  dst->counter_samples += src->counter_samples;
  dst->flows += src->flows;
  dst->metadata_events += src->metadata_events;
  dst->samples += src->samples;
  dst->other_events += src->other_events;
}

/* The common value, or "mixed". */
static char *
common (Part *parts, guint n, gsize field)
{
  const char *first = G_STRUCT_MEMBER (char *, parts[0].trace, field);

  for (guint i = 1; i < n; i++)
    if (g_strcmp0 (first, G_STRUCT_MEMBER (char *, parts[i].trace, field)) != 0)
      return g_strdup ("mixed");
  return g_strdup (first);
}

static char *
display_name (Part *parts, guint n)
{
  g_autofree char    *first = g_path_get_basename (parts[0].trace->files[0].display_name);
  g_autoptr (GString) s = NULL;

  if (n > 3)
    return g_strdup_printf (ngettext ("%s and %u more file", "%s and %u more files", n - 1), first,
                            n - 1);
  s = g_string_new (first);
  for (guint i = 1; i < n; i++)
    {
      g_autofree char *base = g_path_get_basename (parts[i].trace->files[0].display_name);
      g_string_append_printf (s, " + %s", base);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static char *
choose_alignment (Part *parts, guint n, StAlignment alignment, StTrace *merged)
{
  const char *missing = NULL;

  merged->alignment = ST_ALIGN_CLOCK;
  if (alignment == ST_ALIGN_COLLECTIVE)
    {
      if ((align_on_collective (parts, n, TRUE, &merged->origin_ns)
           || align_on_collective (parts, n, FALSE, &merged->origin_ns))
          && span_fits (parts, n))
        {
          merged->alignment = ST_ALIGN_COLLECTIVE;
          return NULL;
        }
      for (guint i = 0; i < n && missing == NULL; i++)
        if (parts[i].device_anchor < 0 && parts[i].host_anchor < 0)
          missing = parts[i].trace->files[0].display_name;
    }
  if (!align_on_clock (parts, n, &merged->origin_ns) || !span_fits (parts, n))
    {
      align_at_starts (parts, n, &merged->origin_ns);
      return g_strdup (_ ("The files' clocks are more than 146 years apart, too far for one time "
                          "axis, so each file starts at time 0."));
    }
  if (alignment != ST_ALIGN_COLLECTIVE)
    return NULL;
  if (missing != NULL)
    return g_strdup_printf (_ ("%s has no collective operation, so the files are aligned on their "
                               "clocks instead of on their first collective."),
                            missing);
  return g_strdup (
      _ ("Some files have collective operations only on the device and others only on the host, so "
         "the files are aligned on their clocks instead of on their first collective."));
}

/* Gives each file its label: "rank 3", its device, or its name, unique. */
static void
label_parts (Part *parts, guint n)
{
  g_autoptr (GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n; i++)
    {
      StTraceFile     *file = &parts[i].trace->files[0];
      g_autofree char *label = choose_label (parts, i, taken);

      g_free (file->label);
      file->label = g_steal_pointer (&label);
    }
}

/* Moves each file's description and source into @merged, with the shift
 * of its times, and sums what adds up. */
static void
merge_files (StTrace *merged, Part *parts, guint n)
{
  gint64 end = 0;

  merged->sources = g_ptr_array_new_with_free_func ((GDestroyNotify)st_source_unref);
  merged->n_files = n;
  merged->files = g_new0 (StTraceFile, n);
  for (guint i = 0; i < n; i++)
    {
      StTrace *t = parts[i].trace;

      g_ptr_array_add (merged->sources, st_source_ref (t->source));
      merged->files[i] = t->files[0];
      memset (&t->files[0], 0, sizeof t->files[0]);
      merged->files[i].shift_ns = parts[i].shift;
      merged->text_size += t->text_size;
      add_counts (&merged->counts, &t->counts);
      end = MAX (end, parts[i].shift + t->end_ns);
    }
  merged->source = st_source_ref (g_ptr_array_index (merged->sources, 0));
  merged->end_ns = end;
}

/* Makes one trace of @traces (one per file, each loaded alone), in their
 * order. Takes the traces: their contents move into the result, and they
 * must have no other owner. With one trace, returns it as it is. */
StTrace *
st_trace_merge (StTrace **traces, guint n_traces, StAlignment alignment)
{
  g_autofree Part *parts = NULL;
  g_autofree char *alignment_message = NULL;
  StTrace         *merged;

  g_return_val_if_fail (n_traces > 0 && n_traces <= ST_MAX_FILES, NULL);
  for (guint i = 0; i < n_traces; i++)
    {
      g_return_val_if_fail (ST_IS_TRACE (traces[i]), NULL);
      g_return_val_if_fail (traces[i]->n_files == 1, NULL);
    }
  if (n_traces == 1)
    return traces[0];

  parts = g_new0 (Part, n_traces);
  for (guint i = 0; i < n_traces; i++)
    {
      parts[i].trace = traces[i];
      study_part (&parts[i]);
    }
  label_parts (parts, n_traces);

  merged = st_trace_new_internal ();
  alignment_message = choose_alignment (parts, n_traces, alignment, merged);

  merged->strings = g_steal_pointer (&parts[0].trace->strings);
  for (guint i = 1; i < n_traces; i++)
    parts[i].map = st_string_table_merge (merged->strings, parts[i].trace->strings);

  merge_tracks (merged, parts, n_traces);
  merge_flows (merged, parts, n_traces);
  merge_warnings (merged, parts, n_traces, g_steal_pointer (&alignment_message));
  merge_metadata (merged, parts, n_traces);

  merged->display_name = display_name (parts, n_traces);
  merge_files (merged, parts, n_traces);
  merged->format = common (parts, n_traces, G_STRUCT_OFFSET (StTrace, format));
  merged->flavor = common (parts, n_traces, G_STRUCT_OFFSET (StTrace, flavor));

  for (guint i = 0; i < n_traces; i++)
    part_clear (&parts[i]);
  return merged;
}
