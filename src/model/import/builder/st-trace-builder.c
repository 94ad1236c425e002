/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-trace-builder.h"
#include "st-async-builder.h"
#include "st-builder-tracks.h"
#include "st-flow-resolver.h"
#include "st-format.h"
#include "st-json-scan.h"
#include "st-trace-error.h"
#include "st-trace-private.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>

struct _StTraceBuilder
{
  StSource  *source;
  StSource  *event_text; /* what the events' offsets point into, when not the file's text */
  char      *format;
  char      *flavor;
  guint64    text_size;
  GPtrArray *shards;   /* StBuilderShard, in file order */
  GPtrArray *merged;   /* the shards merged into the first, until their parts are taken */
  GPtrArray *maps;     /* their string maps */
  GPtrArray *metadata; /* StMetadataSpan */
};

StTraceBuilder *
st_trace_builder_new (StSource *source, const char *format)
{
  StTraceBuilder *self = g_new0 (StTraceBuilder, 1);

  self->source = st_source_ref (source);
  self->format = g_strdup (format);
  self->flavor = g_strdup ("generic");
  self->shards = g_ptr_array_new_with_free_func ((GDestroyNotify)st_builder_shard_free);
  self->merged = g_ptr_array_new_with_free_func ((GDestroyNotify)st_builder_shard_free);
  self->maps = g_ptr_array_new_with_free_func (g_free);
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
  return self;
}

void
st_trace_builder_free (StTraceBuilder *self)
{
  if (self == NULL)
    return;
  st_source_unref (self->source);
  g_clear_pointer (&self->event_text, st_source_unref);
  g_ptr_array_unref (self->shards);
  g_ptr_array_unref (self->merged);
  g_ptr_array_unref (self->maps);
  g_ptr_array_unref (self->metadata);
  g_free (self->format);
  g_free (self->flavor);
  g_free (self);
}

StBuilderShard *
st_trace_builder_add_shard (StTraceBuilder *self)
{
  StBuilderShard *shard = st_builder_shard_new ();

  g_ptr_array_add (self->shards, shard);
  return shard;
}

void
st_trace_builder_drop_shard (StTraceBuilder *self, StBuilderShard *shard)
{
  g_ptr_array_remove (self->shards, shard);
}

void
st_trace_builder_set_flavor (StTraceBuilder *self, const char *flavor)
{
  g_free (self->flavor);
  self->flavor = g_strdup (flavor);
}

/* A binary format keeps no text at its events: its importer writes each
 * event's args as JSON into @text, and the events' offsets (and the
 * metadata spans) point there. Its warnings then have no line and column. */
void
st_trace_builder_set_event_text (StTraceBuilder *self, StSource *text)
{
  g_clear_pointer (&self->event_text, st_source_unref);
  self->event_text = st_source_ref (text);
}

void
st_trace_builder_set_text_size (StTraceBuilder *self, guint64 size)
{
  self->text_size = size;
}

/* A top-level value of the file that is not events (deviceProperties,
 * distributedInfo, …), kept as a span and parsed when asked for. */
void
st_trace_builder_add_metadata (StTraceBuilder *self,
                               const char     *key,
                               guint64         offset,
                               guint64         length)
{
  StMetadataSpan *span = g_new0 (StMetadataSpan, 1);

  /* a key written twice keeps its last value (st_trace_index_metadata) */
  span->key = g_strdup (key);
  span->offset = offset;
  span->length = length;
  g_ptr_array_add (self->metadata, span);
}

static const char *const warning_sentences[ST_N_WARNINGS] = {
  [ST_WARNING_TRUNCATED] = N_ ("The file ends before the trace does."),
  [ST_WARNING_TRAILING_COMMA] = N_ ("A comma before a closing bracket was ignored."),
  [ST_WARNING_SYNTAX] = N_ ("The JSON is malformed; the rest of the file was not read."),
  [ST_WARNING_EMPTY_EVENT] = N_ ("Empty events ({}) were skipped."),
  [ST_WARNING_NOT_AN_OBJECT] = N_ ("Entries of the event array that are not objects were skipped."),
  [ST_WARNING_MISSING_FIELD] = N_ ("Events missing a field they need were skipped."),
  [ST_WARNING_BAD_NUMBER]
  = N_ ("Events whose time is not a number, or out of range, were skipped."),
  [ST_WARNING_NEGATIVE_DURATION] = N_ ("Negative durations were read as zero."),
  [ST_WARNING_MISSING_DURATION]
  = N_ ("Complete events (X) without \"dur\" were read as zero-length."),
  [ST_WARNING_UNMATCHED_END] = N_ ("End events (E) with no open slice were dropped."),
  [ST_WARNING_MISMATCHED_END]
  = N_ ("End events (E) named unlike any open slice closed the innermost one."),
  [ST_WARNING_UNCLOSED_BEGIN]
  = N_ ("Slices that never ended run to the end of the trace, marked \"did not end\"."),
  [ST_WARNING_OVERLAPPING] = N_ ("Events overlapping without nesting were drawn in extra lanes."),
  [ST_WARNING_INVALID_UTF8] = N_ ("Names that are not valid UTF-8 were repaired."),
  [ST_WARNING_CONTROL_CHARACTER] = N_ ("Raw control characters inside strings were accepted."),
  [ST_WARNING_UNMATCHED_FLOW] = N_ ("Flow steps or ends without a start were not drawn."),
  [ST_WARNING_UNBOUND_FLOW] = N_ ("Flow events with no slice to attach to were not drawn."),
  [ST_WARNING_UNMATCHED_ASYNC] = N_ ("Async end events without a begin were dropped."),
  [ST_WARNING_UNKNOWN_PHASE] = N_ ("Events of an unknown phase were counted but not drawn."),
  [ST_WARNING_BAD_COUNTER_VALUE] = N_ ("Counter values that are not numbers were skipped."),
  [ST_WARNING_COMPRESSION] = N_ ("The compressed data is damaged."),
  [ST_WARNING_NO_EVENTS] = N_ ("The file holds no trace events."),
  [ST_WARNING_PROFILER] = N_ ("The profiler that wrote the file reported warnings."),
  [ST_WARNING_ALIGNMENT] = N_ ("The files could not be aligned as asked."),
  [ST_WARNING_TOO_DEEP]
  = N_ ("Hierarchies deeper than Strata follows were folded into their innermost level."),
  [ST_WARNING_UNKNOWN_REFERENCE]
  = N_ ("Records naming an agent, kernel or operation the file does not list were kept, named by "
        "the number they give."),
  [ST_WARNING_WRONG_TYPE]
  = N_ ("Parts of the file of another type than their format gives were skipped."),
  [ST_WARNING_SCHEMA] = N_ ("The profile's schema is not the one Strata reads: what it could not "
                            "read, and what it does not know, is listed below."),
};

static void
warn_issue (StBuilderShard *shard, StWarningKind kind, const StLayoutIssue *issue)
{
  StRawWarning raw = { issue->count, issue->first_offset, NULL };

  if (issue->count == 0)
    return;
  if (issue->first_name != ST_STRING_EMPTY)
    raw.detail = g_strdup_printf ("\342\200\234%s\342\200\235",
                                  st_string_table_get (shard->strings, issue->first_name));
  st_builder_shard_add_warning (shard, kind, &raw);
  g_free (raw.detail);
}

/* The sentence, then each distinct warning of the profiler on a line, then
 * how many more there were. */
static char *
profiler_message (const StRawWarning *w)
{
  g_autofree char *more = NULL;

  if (w->unlisted == 0)
    return g_strdup_printf ("%s\n%s", _ (warning_sentences[ST_WARNING_PROFILER]), w->detail);
  more = st_format_count (w->unlisted);
  return g_strdup_printf (_ ("%s\n%s\n… and %s more, not listed."),
                          _ (warning_sentences[ST_WARNING_PROFILER]), w->detail, more);
}

/* @source: the text whose lines the warnings' offsets are placed in, or
 * NULL when they fall in no text a person reads. */
static void
finish_warnings (StTrace *trace, StBuilderShard *shard, StSource *source)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (StImportWarning));
  gsize   size = source != NULL ? st_source_get_size (source) : 0;

  for (guint k = 0; k < ST_N_WARNINGS; k++)
    {
      StRawWarning   *w = &shard->warnings[k];
      StImportWarning iw = { k, w->count, w->first_offset, 0, 0, NULL };

      if (w->count == 0)
        continue;
      if (source != NULL && w->first_offset <= size)
        st_json_position (st_source_get_data (source), w->first_offset, &iw.first_line,
                          &iw.first_column);
      if (w->detail != NULL && k == ST_WARNING_PROFILER)
        iw.message = profiler_message (w);
      else if (w->detail != NULL && k == ST_WARNING_SCHEMA)
        iw.message = g_strdup_printf ("%s\n%s", _ (warning_sentences[k]), w->detail);
      else if (w->detail != NULL)
        iw.message
            = g_strdup_printf ("%s %s %s", _ (warning_sentences[k]), _ ("First:"), w->detail);
      else
        iw.message = g_strdup (_ (warning_sentences[k]));
      g_array_append_val (out, iw);
    }
  trace->n_warnings = out->len;
  trace->warnings = (StImportWarning *)(void *)g_array_free (out, FALSE);
}

static void
finish_counts (StTrace *trace, const StTraceCounts *raw)
{
  trace->counts = *raw;
  for (guint i = 0; i < trace->n_tracks; i++)
    {
      const StTrack *t = &trace->tracks[i];
      trace->counts.slices += t->n_slices;
      trace->counts.instants += t->n_instants;
      if (t->kind == ST_TRACK_COUNTER)
        trace->counts.counter_samples += t->n_events;
    }
  trace->counts.flows = trace->n_flows;
}

static void
finish_metadata (StTrace *trace, StTraceBuilder *self)
{
  trace->metadata = g_steal_pointer (&self->metadata);
  st_trace_index_metadata (trace);
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
}

/* Links the flows, bound to their slices as their tracks were laid out. */
static void
resolve_flows (StTrace *trace, StBuilderShard *shard, const guint *raw_to_final)
{
  StFlowIssues issues = { { 0 } };
  StRawFlow   *raw = (StRawFlow *)(void *)shard->flows.data;
  gsize        n_flows;

  trace->flows = st_flow_link (raw, shard->flows.len, raw_to_final, &issues, &n_flows);
  trace->n_flows = n_flows;
  warn_issue (shard, ST_WARNING_UNMATCHED_FLOW, &issues.unmatched);
  warn_issue (shard, ST_WARNING_UNBOUND_FLOW, &issues.unbound);
}

static StBuilderShard *
merge_all (StTraceBuilder *self)
{
  StBuilderShard *shard;

  if (self->shards->len == 0)
    st_trace_builder_add_shard (self);
  shard = g_ptr_array_index (self->shards, 0);
  while (self->shards->len > 1)
    {
      g_ptr_array_add (self->maps,
                       st_builder_shard_merge (shard, g_ptr_array_index (self->shards, 1)));
      g_ptr_array_add (self->merged, g_ptr_array_steal_index (self->shards, 1));
    }
  if (st_source_get_warning (self->source) != NULL)
    st_builder_shard_warn (shard, ST_WARNING_COMPRESSION, st_source_get_size (self->source), "%s",
                           st_source_get_warning (self->source));
  if (shard->counts.events == 0)
    st_builder_shard_warn (shard, ST_WARNING_NO_EVENTS, 0, NULL);
  return shard;
}

/* Every time of a trace is kept relative to its first, and a view of it
 * with margins, a pan and a zoom must fit in 64 bits: a trace may span
 * ST_TIME_SPAN_MAX. Times further apart come from a damaged file or a
 * wrong unit, not from a run. */
static gboolean
check_span (StTraceBuilder *self, gint64 origin, gint64 end, GError **error)
{
  gint64           span;
  g_autofree char *first = NULL, *last = NULL;

  if (st_time_sub (end, origin, &span) && span <= ST_TIME_SPAN_MAX)
    return TRUE;
  first = g_strdup_printf ("%" G_GINT64_FORMAT, origin);
  last = g_strdup_printf ("%" G_GINT64_FORMAT, end);
  g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_TIME_RANGE,
               _ ("%s: its events run from %s ns to %s ns as written, more than the 146 years "
                  "one trace may span. Its times are damaged, or not in the unit its format says."),
               st_source_get_display_name (self->source), first, last);
  return FALSE;
}

/* Builds the trace from every shard. The builder is spent afterwards. */
StTrace *
st_trace_builder_finish (StTraceBuilder   *self,
                         GCancellable     *cancellable,
                         StBuilderProgress progress,
                         gpointer          progress_data,
                         GError          **error)
{
  StBuilderShard       *shard = merge_all (self);
  gint64                origin = shard->min_ts == G_MAXINT64 ? 0 : shard->min_ts;
  gint64                end = MAX (shard->max_ts, origin);
  g_autofree guint     *raw_to_final = NULL;
  g_autoptr (GPtrArray) async_tracks = NULL;
  StLayoutIssues        issues = { { 0 } }, async_issues = { { 0 } };
  StBuilderTracks      *out;
  StTrace              *trace;

  if (!check_span (self, origin, end, error))
    return NULL;
  raw_to_final = g_new0 (guint, MAX (1, shard->tracks->len));
  out = st_builder_tracks_lay_out (shard, origin, end, &issues, cancellable, progress,
                                   progress_data);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      st_builder_tracks_free (out);
      return NULL;
    }
  async_tracks = st_async_build ((StRawAsync *)(void *)shard->asyncs.data, shard->asyncs.len,
                                 origin, end, &async_issues);

  trace = st_trace_new_internal ();
  trace->source = st_source_ref (self->event_text != NULL ? self->event_text : self->source);
  trace->format = g_strdup (self->format);
  trace->flavor = g_strdup (self->flavor);
  trace->text_size = self->text_size ? self->text_size : st_source_get_size (self->source);
  trace->origin_ns = origin;
  trace->end_ns = end - origin;

  st_builder_tracks_assemble (out, trace, async_tracks, raw_to_final);

  resolve_flows (trace, shard, raw_to_final);
  warn_issue (shard, ST_WARNING_UNMATCHED_END, &issues.unmatched_end);
  warn_issue (shard, ST_WARNING_MISMATCHED_END, &issues.mismatched_end);
  warn_issue (shard, ST_WARNING_UNCLOSED_BEGIN, &issues.unclosed_begin);
  warn_issue (shard, ST_WARNING_OVERLAPPING, &issues.overlapping);
  warn_issue (shard, ST_WARNING_UNMATCHED_ASYNC, &async_issues.unmatched_end);
  warn_issue (shard, ST_WARNING_UNCLOSED_BEGIN, &async_issues.unclosed_begin);
  finish_warnings (trace, shard, self->event_text != NULL ? NULL : self->source);
  finish_counts (trace, &shard->counts);
  finish_metadata (trace, self);
  st_trace_init_file (trace);
  shard->strings = NULL; /* now the trace's */
  return trace;
}
