/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-format.h"
#include "st-json-doc.h"
#include "st-json-scan.h"
#include "st-row-lod.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

G_DEFINE_FINAL_TYPE (StTrace, st_trace, G_TYPE_OBJECT)

static const StMetadataSpan *find_metadata (StTrace *self, const char *key);

static void
st_trace_finalize (GObject *object)
{
  StTrace *self = ST_TRACE (object);

  for (guint i = 0; i < self->n_tracks; i++)
    st_track_clear (&self->tracks[i]);
  g_free (self->tracks);
  g_free (self->processes);
  g_free (self->flows);
  g_clear_pointer (&self->data, g_hash_table_unref);
  g_mutex_clear (&self->data_lock);
  g_cond_clear (&self->data_made);
  for (guint i = 0; i < self->n_warnings; i++)
    g_free (self->warnings[i].message);
  g_free (self->warnings);
  g_clear_pointer (&self->metadata_index, g_hash_table_unref);
  g_clear_pointer (&self->metadata, g_ptr_array_unref);
  g_free (self->metadata_keys);
  g_clear_pointer (&self->strings, st_string_table_free);
  g_clear_pointer (&self->source, st_source_unref);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  for (guint i = 0; i < self->n_files; i++)
    st_trace_file_clear (&self->files[i]);
  g_free (self->files);
  g_free (self->display_name);
  g_free (self->format);
  g_free (self->flavor);

  G_OBJECT_CLASS (st_trace_parent_class)->finalize (object);
}

static void
st_trace_class_init (StTraceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_trace_finalize;
}

typedef struct
{
  gpointer       data;
  GDestroyNotify free_func;
  gboolean       made; /* FALSE while a thread makes it */
} StTraceData;

static void
trace_data_free (gpointer p)
{
  StTraceData *d = p;

  if (d->free_func != NULL && d->data != NULL)
    d->free_func (d->data);
  g_free (d);
}

static void
st_trace_init (StTrace *self)
{
  g_mutex_init (&self->data_lock);
  g_cond_init (&self->data_made);
  self->data = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, trace_data_free);
}

/* Waits while another thread makes @key's data; NULL when there is none
 * yet (the caller is to make it) or @cancellable was cancelled. */
static StTraceData *
wait_for_data (StTrace *self, const char *key, GCancellable *cancellable)
{
  StTraceData *d;

  while ((d = g_hash_table_lookup (self->data, key)) != NULL && !d->made)
    {
      /* woken now and then to see whether the asking thread gave up */
      g_cond_wait_until (&self->data_made, &self->data_lock,
                         g_get_monotonic_time () + 20 * G_TIME_SPAN_MILLISECOND);
      if (g_cancellable_is_cancelled (cancellable))
        return NULL;
    }
  return d;
}

gpointer
st_trace_ensure_data (StTrace        *self,
                      const char     *key,
                      StTraceDataFunc make,
                      GDestroyNotify  free_func,
                      GCancellable   *cancellable)
{
  StTraceData *d;
  gpointer     data;

  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  g_return_val_if_fail (key != NULL && make != NULL, NULL);
  g_mutex_lock (&self->data_lock);
  d = wait_for_data (self, key, cancellable);
  if (d != NULL || g_cancellable_is_cancelled (cancellable))
    {
      g_mutex_unlock (&self->data_lock);
      return d != NULL ? d->data : NULL;
    }
  /* made without the lock, so that other data can be asked for meanwhile */
  d = g_new0 (StTraceData, 1);
  d->free_func = free_func;
  g_hash_table_insert (self->data, (gpointer)key, d);
  g_mutex_unlock (&self->data_lock);
  data = make (self, cancellable);
  g_mutex_lock (&self->data_lock);
  if (data != NULL)
    {
      d->data = data;
      d->made = TRUE;
    }
  else
    g_hash_table_remove (self->data, key); /* cancelled: the next caller makes it */
  g_cond_broadcast (&self->data_made);
  g_mutex_unlock (&self->data_lock);
  return data;
}

const char *
st_trace_get_event_text (StTrace *self, guint64 offset, gsize *size, guint64 *bytes)
{
  guint     file = st_offset_get_file (offset);
  StSource *source;

  if (file >= self->sources->len)
    return NULL;
  source = g_ptr_array_index (self->sources, file);
  *size = st_source_get_size (source);
  *bytes = st_offset_get_bytes (offset);
  return st_source_get_data (source);
}

/* Frees what a track owns (not the track itself). */
void
st_track_clear (StTrack *t)
{
  st_row_lods_free (t->row_lods, t->n_rows);
  g_free (t->slices);
  g_free (t->row_offsets);
  g_free (t->lane_rows);
  g_free (t->instants);
  for (guint k = 0; k < t->n_series; k++)
    {
      g_free (t->series[k].ts);
      g_free (t->series[k].values);
      g_free (t->series[k].block_min);
      g_free (t->series[k].block_max);
    }
  g_free (t->series);
  memset (t, 0, sizeof *t);
}

void
st_metadata_span_free (gpointer data)
{
  StMetadataSpan *span = data;

  g_free (span->key);
  g_free (span);
}

StTrace *
st_trace_new_internal (void)
{
  return g_object_new (ST_TYPE_TRACE, NULL);
}

void
st_trace_file_clear (StTraceFile *file)
{
  g_free (file->label);
  g_free (file->display_name);
  g_free (file->format);
  g_free (file->flavor);
  memset (file, 0, sizeof *file);
}

/* distributedInfo.rank, written as a number or as its text, or -1. */
static gint
read_rank (StTrace *self)
{
  g_autoptr (JsonNode) info = NULL;
  JsonNode            *rank;

  if (find_metadata (self, "distributedInfo") == NULL)
    return -1;
  info = st_trace_dup_metadata (self, "distributedInfo", NULL);
  if (info == NULL || !JSON_NODE_HOLDS_OBJECT (info))
    return -1;
  rank = json_object_get_member (json_node_get_object (info), "rank");
  if (rank == NULL || !JSON_NODE_HOLDS_VALUE (rank))
    return -1;
  if (json_node_get_value_type (rank) == G_TYPE_INT64)
    return json_node_get_int (rank) >= 0 && json_node_get_int (rank) <= G_MAXINT
               ? (gint)json_node_get_int (rank)
               : -1;
  if (json_node_get_value_type (rank) == G_TYPE_STRING)
    {
      gint64      value;
      const char *text = json_node_get_string (rank);

      if (st_json_parse_int64 (text, text + strlen (text), &value) && value >= 0
          && value <= G_MAXINT)
        return (gint)value;
    }
  return -1;
}

/* Kineto's baseTimeNanoseconds, read from its text so no digit is lost. */
static gint64
read_base_ns (StTrace *self)
{
  const StMetadataSpan *span = find_metadata (self, "baseTimeNanoseconds");
  const char           *data;
  gint64                value;

  if (span == NULL)
    return 0;
  data = st_source_get_data (self->source) + span->offset;
  if (st_json_parse_int64 (data, data + span->length, &value))
    return value;
  return 0;
}

/* Describes the trace's one file; called when the trace is built. */
void
st_trace_init_file (StTrace *self)
{
  StTraceFile     *f;
  g_autofree char *base = g_path_get_basename (st_source_get_display_name (self->source));

  self->sources = g_ptr_array_new_with_free_func ((GDestroyNotify)st_source_unref);
  g_ptr_array_add (self->sources, st_source_ref (self->source));
  self->n_files = 1;
  self->files = f = g_new0 (StTraceFile, 1);
  f->rank = read_rank (self);
  f->label = f->rank >= 0 ? g_strdup_printf (_ ("rank %d"), f->rank) : g_steal_pointer (&base);
  f->display_name = g_strdup (st_source_get_display_name (self->source));
  f->format = g_strdup (self->format);
  f->flavor = g_strdup (self->flavor);
  f->origin_ns = self->origin_ns;
  f->base_ns = read_base_ns (self);
  f->end_ns = self->end_ns;
  f->anchor_ns = -1;
  f->file_size = st_source_get_file_size (self->source);
  f->text_size = self->text_size;
  f->n_processes = self->n_processes;
}
/* "chrome-json", and later other formats. */
const char *
st_trace_get_format (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  return self->format;
}

/* A Neuron device profile, in either form: the profiler's JSON
 * ("neuron-json") or Neuron Explorer's Parquet tables ("neuron-parquet"). */
gboolean
st_trace_format_is_neuron (const char *format)
{
  return format != NULL && g_str_has_prefix (format, "neuron-");
}

gboolean
st_trace_is_neuron (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), FALSE);
  return st_trace_format_is_neuron (self->format);
}

/* Which writer made it, when it can be told: "kineto", "xprof", "generic". */
const char *
st_trace_get_flavor (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  return self->flavor;
}

/* The file's name; for several files, their base names ("a.json + b.json"). */
const char *
st_trace_get_display_name (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  if (self->display_name != NULL)
    return self->display_name;
  return st_source_get_display_name (self->source);
}

/* Size of the file on disk (compressed, for gzip); of all files together
 * for several. */
guint64
st_trace_get_file_size (StTrace *self)
{
  guint64 size = 0;

  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  for (guint i = 0; i < self->n_files; i++)
    size += self->files[i].file_size;
  return size;
}

/* How many files the trace was made of: 1 for a file opened alone, one per
 * rank for several opened as one profile (st-profile-loader.h). */
guint
st_trace_get_n_files (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return self->n_files;
}

/* File @index: its label ("rank 0"), its own origin and clock base, and
 * the shift that placed it on the trace's time axis. StTrack.file and
 * StProcess.file say which file a track or process came from. */
const StTraceFile *
st_trace_get_file (StTrace *self, guint index)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->n_files, NULL);
  return &self->files[index];
}

/* How the files were placed on one time axis (ST_ALIGN_CLOCK for a file
 * alone, and when files meant to be aligned on collectives could not be). */
StAlignment
st_trace_get_alignment (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), ST_ALIGN_CLOCK);
  return self->alignment;
}

/* Size of the JSON text (inflated, for gzip). */
guint64
st_trace_get_text_size (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return self->text_size;
}

const char *
st_trace_get_string (StTrace *self, StStringId id)
{
  g_return_val_if_fail (ST_IS_TRACE (self), "");
  return st_string_table_get (self->strings, id);
}

StStringTable *
st_trace_get_strings (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  return self->strings;
}

/* The id of @str if some name of the trace is exactly @str, else
 * ST_STRING_NONE. */
StStringId
st_trace_lookup_string (StTrace *self, const char *str)
{
  g_return_val_if_fail (ST_IS_TRACE (self), ST_STRING_NONE);
  return st_string_table_lookup (self->strings, str, strlen (str));
}

guint
st_trace_get_n_strings (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return st_string_table_get_size (self->strings);
}

/* The earliest timestamp of the file, in ns as written: every time of the
 * trace counts from it. For several files, the time 0 of the trace on the
 * clock of the file with the smallest shift (with ST_ALIGN_CLOCK: the
 * earliest start of any file, in absolute ns when the files carry
 * baseTimeNanoseconds). */
gint64
st_trace_get_origin_ns (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return self->origin_ns;
}

gint64
st_trace_get_end_ns (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return self->end_ns;
}

const StTraceCounts *
st_trace_get_counts (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  return &self->counts;
}

guint
st_trace_get_n_processes (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return self->n_processes;
}

const StProcess *
st_trace_get_process (StTrace *self, guint index)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->n_processes, NULL);
  return &self->processes[index];
}

static char *
process_title (StTrace *self, const StProcess *p)
{
  const char *pid;

  if (p->name != ST_STRING_EMPTY)
    return g_strdup (st_trace_get_string (self, p->name));
  /* a process the file labels but does not name: "GPU 0" says more than
   * its pid */
  if (p->labels != ST_STRING_EMPTY)
    return g_strdup (st_trace_get_string (self, p->labels));
  pid = st_trace_get_string (self, p->pid);
  if (*pid == '\0')
    return g_strdup (_ ("Process without pid"));
  if (g_ascii_isdigit (*pid) || *pid == '-')
    return g_strdup_printf (_ ("Process %s"), pid);
  return g_strdup (pid);
}

/* The process name, else its labels ("GPU 0"), else "Process PID"; in a
 * trace of several files, after its file's label: "rank 1 · python3". */
char *
st_trace_dup_process_title (StTrace *self, guint index)
{
  const StProcess *p = st_trace_get_process (self, index);
  g_autofree char *title = NULL;

  g_return_val_if_fail (p != NULL, NULL);
  title = process_title (self, p);
  /* a process the file labels with its rank is that rank, said once */
  if (self->n_files < 2 || g_str_equal (title, self->files[p->file].label))
    return g_steal_pointer (&title);
  return g_strdup_printf ("%s \302\267 %s", self->files[p->file].label, title);
}

guint
st_trace_get_n_tracks (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  return self->n_tracks;
}

const StTrack *
st_trace_get_track (StTrace *self, guint index)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  g_return_val_if_fail (index < self->n_tracks, NULL);
  return &self->tracks[index];
}

const StSlice *
st_trace_get_slice (StTrace *self, StSliceRef ref)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  g_return_val_if_fail (ref.track < self->n_tracks, NULL);
  g_return_val_if_fail (ref.index < self->tracks[ref.track].n_slices, NULL);
  return &self->tracks[ref.track].slices[ref.index];
}

const StFlow *
st_trace_get_flows (StTrace *self, gsize *n_flows)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  *n_flows = self->n_flows;
  return self->flows;
}

const StImportWarning *
st_trace_get_warnings (StTrace *self, guint *n_warnings)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  *n_warnings = self->n_warnings;
  return self->warnings;
}

/* Top-level keys of the file other than the events, in file order. */
const char *const *
st_trace_get_metadata_keys (StTrace *self)
{
  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  return (const char *const *)self->metadata_keys;
}

void
st_trace_index_metadata (StTrace *self)
{
  GPtrArray *all = self->metadata;
  guint      n = 0;

  g_free (self->metadata_keys);
  g_clear_pointer (&self->metadata_index, g_hash_table_unref);
  self->metadata_index = g_hash_table_new (g_str_hash, g_str_equal);
  /* a key given twice keeps its last value, in its last place */
  for (guint i = all->len; i-- > 0;)
    {
      StMetadataSpan *span = g_ptr_array_index (all, i);

      if (!g_hash_table_contains (self->metadata_index, span->key))
        g_hash_table_insert (self->metadata_index, span->key, span);
    }
  self->metadata
      = g_ptr_array_new_full (g_hash_table_size (self->metadata_index), st_metadata_span_free);
  self->metadata_keys = g_new0 (char *, g_hash_table_size (self->metadata_index) + 1);
  g_ptr_array_set_free_func (all, NULL);
  for (guint i = 0; i < all->len; i++)
    {
      StMetadataSpan *span = g_ptr_array_index (all, i);

      if (g_hash_table_lookup (self->metadata_index, span->key) != span)
        st_metadata_span_free (span);
      else
        {
          g_ptr_array_add (self->metadata, span);
          self->metadata_keys[n++] = span->key;
        }
    }
  g_ptr_array_unref (all);
}

static const StMetadataSpan *
find_metadata (StTrace *self, const char *key)
{
  return self->metadata_index != NULL ? g_hash_table_lookup (self->metadata_index, key) : NULL;
}

/* Bytes of the value of @key in the file, 0 when absent. */
gsize
st_trace_get_metadata_size (StTrace *self, const char *key)
{
  const StMetadataSpan *span;

  g_return_val_if_fail (ST_IS_TRACE (self), 0);
  span = find_metadata (self, key);
  return span ? span->length : 0;
}

/* The JSON value of @length bytes at @offset of file @file, through the
 * one gate for documents; an error names the file, the place and, when
 * given, the top-level @key the value belongs to. */
static JsonNode *
parse_span (StTrace    *self,
            guint       file,
            guint64     offset,
            guint64     length,
            const char *key,
            GError    **error)
{
  StSource          *source = g_ptr_array_index (self->sources, file);
  const char        *data = st_source_get_data (source);
  const char        *name = st_source_get_display_name (source);
  g_autoptr (GError) local_error = NULL;
  JsonNode          *node;

  if (offset + length > st_source_get_size (source))
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX,
                   _ ("%s: the value lies beyond the end of the file."), name);
      return NULL;
    }
  node = st_json_doc_parse_span (data, offset, length, &local_error);
  if (node != NULL)
    return node;
  if (key != NULL)
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX, _ ("%s: %s, in “%s”."), name,
                 local_error->message, key);
  else
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX, _ ("%s: %s."), name,
                 local_error->message);
  return NULL;
}

JsonNode *
st_trace_dup_metadata (StTrace *self, const char *key, GError **error)
{
  const StMetadataSpan *span;

  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  span = find_metadata (self, key);
  if (span == NULL)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("The file has no top-level key “%s”."), key);
      return NULL;
    }
  return parse_span (self, span->file, span->offset, span->length, key, error);
}

/* The top-level value @key of file @file (st_trace_get_file ()): in a
 * trace of several files, each keeps its own metadata, listed by
 * st_trace_get_metadata_keys() as "LABEL/KEY". */
JsonNode *
st_trace_dup_file_metadata (StTrace *self, guint file, const char *key, GError **error)
{
  g_autofree char *full = NULL;

  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  g_return_val_if_fail (file < self->n_files, NULL);
  if (self->n_files < 2)
    return st_trace_dup_metadata (self, key, error);
  full = g_strdup_printf ("%s/%s", self->files[file].label, key);
  return st_trace_dup_metadata (self, full, error);
}

/* The whole event object at @offset (an StSlice's or StInstant's offset),
 * parsed with json-glib. */
JsonNode *
st_trace_dup_event (StTrace *self, guint64 offset, GError **error)
{
  const char *data, *end;
  gsize       size = 0;
  guint64     bytes = 0;
  guint       file = st_offset_get_file (offset);

  g_return_val_if_fail (ST_IS_TRACE (self), NULL);
  data = st_trace_get_event_text (self, offset, &size, &bytes);
  if (data == NULL || bytes >= size || data[bytes] != '{')
    {
      g_autofree char *at = g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);

      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX, _ ("No event starts at byte %s."),
                   at);
      return NULL;
    }
  offset = bytes;
  end = st_json_skip_value (data + offset, data + size);
  if (end == NULL)
    {
      g_autofree char *at = g_strdup_printf ("%" G_GUINT64_FORMAT, offset);

      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX,
                   _ ("The event at byte %s does not end."), at);
      return NULL;
    }
  return parse_span (self, file, offset, end - (data + offset), NULL, error);
}

/* Whether the event at @offset is a record whose own fields are its args
 * (docs/metrics.md 1): a Neuron row (of the JSON or of a Parquet table), a
 * rocprofv3 record. */
gboolean
st_trace_has_own_args (StTrace *self, guint64 offset)
{
  const char *format;

  g_return_val_if_fail (ST_IS_TRACE (self), FALSE);
  if (st_offset_get_file (offset) >= self->n_files)
    return FALSE;
  format = self->files[st_offset_get_file (offset)].format;
  return st_trace_format_is_neuron (format) || g_strcmp0 (format, "rocprof-json") == 0;
}

/* The "args" of the event at @offset, or NULL (without an error) when it
 * has none; the whole record where its own fields are its args (a Neuron
 * row of the JSON or of a Parquet table written as JSON, a rocprofv3 record). */
JsonNode *
st_trace_get_args (StTrace *self, guint64 offset, GError **error)
{
  g_autoptr (JsonNode) event = st_trace_dup_event (self, offset, error);
  JsonObject          *object;

  if (event == NULL || !JSON_NODE_HOLDS_OBJECT (event))
    return NULL;
  if (st_trace_has_own_args (self, offset))
    return g_steal_pointer (&event);
  object = json_node_get_object (event);
  if (!json_object_has_member (object, "args"))
    return NULL;
  return json_node_copy (json_object_get_member (object, "args"));
}

const char *
st_warning_kind_to_string (StWarningKind kind)
{
  static const char *const names[ST_N_WARNINGS] = {
    [ST_WARNING_TRUNCATED] = "truncated",
    [ST_WARNING_TRAILING_COMMA] = "trailing-comma",
    [ST_WARNING_SYNTAX] = "syntax",
    [ST_WARNING_EMPTY_EVENT] = "empty-event",
    [ST_WARNING_NOT_AN_OBJECT] = "not-an-object",
    [ST_WARNING_MISSING_FIELD] = "missing-field",
    [ST_WARNING_BAD_NUMBER] = "bad-number",
    [ST_WARNING_NEGATIVE_DURATION] = "negative-duration",
    [ST_WARNING_MISSING_DURATION] = "missing-duration",
    [ST_WARNING_UNMATCHED_END] = "unmatched-end",
    [ST_WARNING_MISMATCHED_END] = "mismatched-end",
    [ST_WARNING_UNCLOSED_BEGIN] = "unclosed-begin",
    [ST_WARNING_OVERLAPPING] = "overlapping-complete",
    [ST_WARNING_INVALID_UTF8] = "invalid-utf8",
    [ST_WARNING_CONTROL_CHARACTER] = "control-character",
    [ST_WARNING_UNMATCHED_FLOW] = "unmatched-flow",
    [ST_WARNING_UNBOUND_FLOW] = "unbound-flow",
    [ST_WARNING_UNMATCHED_ASYNC] = "unmatched-async",
    [ST_WARNING_UNKNOWN_PHASE] = "unknown-phase",
    [ST_WARNING_BAD_COUNTER_VALUE] = "bad-counter-value",
    [ST_WARNING_COMPRESSION] = "compression",
    [ST_WARNING_NO_EVENTS] = "no-events",
    [ST_WARNING_PROFILER] = "profiler-warning",
    [ST_WARNING_ALIGNMENT] = "alignment",
    [ST_WARNING_TOO_DEEP] = "too-deep",
    [ST_WARNING_UNKNOWN_REFERENCE] = "unknown-reference",
    [ST_WARNING_WRONG_TYPE] = "wrong-type",
    [ST_WARNING_SCHEMA] = "schema",
  };

  g_return_val_if_fail (kind < ST_N_WARNINGS, "unknown");
  return names[kind];
}

const char *
st_track_kind_to_string (StTrackKind kind)
{
  switch (kind)
    {
    case ST_TRACK_SLICES: return "slices";
    case ST_TRACK_INSTANTS: return "instants";
    case ST_TRACK_COUNTER: return "counter";
    case ST_TRACK_ASYNC: return "async";
    default: return "unknown";
    }
}
