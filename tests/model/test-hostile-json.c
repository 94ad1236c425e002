/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile input, round two, made at test time: JSON nested beyond any
 * limit or of the wrong type in the parts of a file read with json-glib
 * (the Neuron sections and warnings, args on demand), and times whose span
 * or end does not fit in 64-bit nanoseconds. Each gives a trace with a
 * warning, a section left out with a sentence naming the file, the place
 * and the key, or a one-line error: never a crash or a GLib critical (the
 * suite runs with G_DEBUG=fatal-criticals). */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-highlighter-config.h"
#include "st-json-doc.h"
#include "st-neuron-metrics.h"
#include "st-region-set.h"
#include "st-summary.h"
#include "st-test-util.h"
#include "st-trace-merge.h"

#include <glib/gstdio.h>

static char *tmp_dir;

static char *
nested (guint depth, const char *inner)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append_c (s, '[');
  g_string_append (s, inner);
  for (guint i = 0; i < depth; i++)
    g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static StTrace *
load_text (const char *name, const char *text, GError **error)
{
  g_autofree char          *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  StTrace                  *trace;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  trace = st_trace_loader_load (loader, NULL, error);
  g_unlink (path);
  return trace;
}

/* The gate: 512 levels parse, 513 do not; the error is at the 513th
 * bracket, which is column 513 of line 2 after a one-character line. */
static void
test_gate_depth (void)
{
  g_autofree char     *ok = nested (ST_JSON_DEPTH_MAX, "1");
  g_autofree char     *deep = nested (ST_JSON_DEPTH_MAX + 1, "1");
  g_autofree char     *text = g_strconcat (" \n", deep, NULL);
  g_autoptr (JsonNode) node = st_json_doc_parse (ok, strlen (ok), NULL);
  g_autoptr (GError)   error = NULL;

  g_assert_nonnull (node);
  g_assert_null (st_json_doc_parse (text, strlen (text), &error));
  g_assert_error (error, ST_JSON_DOC_ERROR, ST_JSON_DOC_ERROR_TOO_DEEP);
  g_assert_cmpstr (error->message, ==, "line 2, column 513: nested more than 512 levels deep");
}

/* 100 000 levels: refused at once, without recursing (this would
 * overflow the stack in json-glib). */
static void
test_gate_very_deep (void)
{
  g_autofree char   *deep = nested (100000, "");
  g_autoptr (GError) error = NULL;

  g_assert_null (st_json_doc_parse (deep, strlen (deep), &error));
  g_assert_error (error, ST_JSON_DOC_ERROR, ST_JSON_DOC_ERROR_TOO_DEEP);
}

/* A syntax error is placed in the lines of the whole text, not of the
 * part parsed: the part starts on line 3 of the text, and its "tru" is on
 * its second line, so line 4 of the text. */
static void
test_gate_syntax_place (void)
{
  const char        *text = "x\ny\n{\"a\":\n tru}";
  g_autoptr (GError) error = NULL;

  g_assert_null (st_json_doc_parse_span (text, 4, strlen (text) - 4, &error));
  g_assert_error (error, ST_JSON_DOC_ERROR, ST_JSON_DOC_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line 4, column "));
  g_assert_nonnull (strstr (error->message, "tru"));
}

/* The typed getters give NULL or FALSE for a value of another type, where
 * json-glib's own getters raise a critical. */
static void
test_gate_getters (void)
{
  const char          *text = "{\"s\": [1], \"n\": \"1\", \"o\": 3, \"a\": {}, \"i\": 1e300}";
  g_autoptr (JsonNode) node = st_json_doc_parse (text, strlen (text), NULL);
  JsonObject          *o = json_node_get_object (node);
  double               v;
  gint64               i;

  g_assert_null (st_json_object_get_string (o, "s"));
  g_assert_false (st_json_object_get_number (o, "n", &v));
  g_assert_null (st_json_object_get_object (o, "o"));
  g_assert_null (st_json_object_get_array (o, "a"));
  g_assert_false (st_json_object_get_int (o, "i", &i));
  g_assert_null (st_json_object_get_string (o, "missing"));
  g_assert_null (st_json_array_get_string (NULL, 0));
}

/* A Neuron profile whose "summary" is nested 600 deep: the trace loads,
 * the summary section is left out with a sentence naming the file, the
 * place and the key, and the layer summary beside it is still read. */
static void
test_neuron_deep_summary (void)
{
  g_autofree char *deep = nested (600, "{}");
  g_autofree char *text = g_strdup_printf (
      "{\"instruction\": [{\"timestamp\": 1, \"duration\": 2, \"opcode\": \"A\"}],\n"
      "\"summary\": %s,\n"
      "\"layer_summary\": [{\"name\": \"l0\", \"start\": 1, \"end\": 3, \"duration\": 2}]}",
      deep);
  g_autoptr (GError)          error = NULL;
  g_autoptr (StTrace)         trace = load_text ("deep-summary.json", text, &error);
  g_autoptr (StNeuronMetrics) metrics = NULL;
  g_autoptr (StSummary)       summary = NULL;
  GPtrArray                  *problems;
  const char                 *p;

  g_assert_no_error (error);
  metrics = st_neuron_metrics_new_for_trace (trace);
  problems = st_neuron_metrics_get_problems (metrics);
  g_assert_cmpuint (problems->len, ==, 1);
  p = g_ptr_array_index (problems, 0);
  /* line 2 is "summary": [[[…: the first bracket is at column 12, the
   * 513th at 12 + 512 */
  g_assert_true (g_str_has_suffix (p, "/deep-summary.json: line 2, column 524: nested more than "
                                      "512 levels deep, in “summary”."));
  g_assert_cmpuint (st_neuron_metrics_get_n_metrics (metrics), ==, 0);
  g_assert_cmpuint (st_neuron_metrics_get_n_layers (metrics), ==, 1);

  /* the summary is made, and says the same */
  summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_summary_get_problems (summary)->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (st_summary_get_problems (summary), 0), ==, p);
}

/* Every section with values of the wrong type (arrays and objects where
 * strings and numbers belong): no critical, the metrics that are numbers
 * read, names that are not strings read as absent. */
static void
test_neuron_wrong_types (void)
{
  const char *text
      = "{\"instruction\": [{\"timestamp\": 1, \"duration\": 2, \"opcode\": \"A\"}],"
        "\"warnings\": [[1], {\"message\": [2]}, {\"message\": {}}, \"fine\"],"
        "\"summary\": [{\"a_time\": 5, \"b\": [1], \"c\": {\"x\": 1}}],"
        "\"summary_groups\": [{\"a_time\": [\"g\"], \"b\": {}, \"*\": [1]}],"
        "\"summary_group_order\": [{\"g\": {\"order\": [1], \"title\": [2]}}],"
        "\"terminology\": [{\"a_time\": {\"description\": [3]}}],"
        "\"layer_summary\": [{\"name\": [4], \"start\": \"x\", \"end\": {}, \"duration\": 1e300}],"
        "\"metadata\": [{\"k\": [5]}]}";
  g_autoptr (GError)          error = NULL;
  g_autoptr (StTrace)         trace = load_text ("wrong-types.json", text, &error);
  g_autoptr (StNeuronMetrics) metrics = NULL;
  const StNeuronMetric       *m;
  const StNeuronLayer        *layer;
  double                      v;

  g_assert_no_error (error);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_PROFILER), ==, 4);
  metrics = st_neuron_metrics_new_for_trace (trace);
  g_assert_cmpuint (st_neuron_metrics_get_problems (metrics)->len, ==, 0);
  g_assert_cmpuint (st_neuron_metrics_get_n_metrics (metrics), ==, 1);
  m = st_neuron_metrics_lookup (metrics, "a_time");
  g_assert_nonnull (m);
  g_assert_cmpfloat (m->value, ==, 5);
  g_assert_cmpstr (m->group_id, ==, "other");
  g_assert_null (m->description);
  layer = st_neuron_metrics_get_layer (metrics, 0);
  g_assert_cmpstr (layer->name, ==, "");
  g_assert_cmpint (layer->start_ns, ==, 0);
  g_assert_cmpint (layer->duration_ns, ==, 0);
  g_assert_false (st_neuron_metrics_get_metadata_double (metrics, "k", &v));
}

/* One entry of "warnings" nested 100 000 deep: one profiler warning (its
 * text cut), the rows read. */
static void
test_neuron_deep_warning (void)
{
  g_autofree char *deep = nested (100000, "");
  g_autofree char *text = g_strdup_printf (
      "{\"instruction\": [{\"timestamp\": 1, \"duration\": 2, \"opcode\": \"A\"}],"
      "\"warnings\": [%s, \"after\"]}",
      deep);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_text ("deep-warning.json", text, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_PROFILER), ==, 2);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 1);
}

/* Args on demand nested 600 deep: the details say where and why. The
 * event object and its "args" are two levels; the 65 characters up to
 * "k": are followed by the brackets, so the 513th level is the 511th of
 * them, at column 65 + 511 = 576 of line 1. */
static void
test_args_too_deep (void)
{
  g_autofree char *deep = nested (600, "");
  g_autofree char *text = g_strdup_printf (
      "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1,\"args\":{\"k\":%s}}]",
      deep);
  g_autoptr (GError)   error = NULL;
  g_autoptr (StTrace)  trace = load_text ("deep-args.json", text, &error);
  g_autoptr (JsonNode) args = NULL;

  g_assert_no_error (error);
  args = st_trace_get_args (trace, st_trace_get_track (trace, 0)->slices[0].offset, &error);
  g_assert_null (args);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX);
  g_assert_true (g_str_has_suffix (
      error->message, "deep-args.json: line 1, column 576: nested more than 512 levels deep."));
}

/* Two events at −5e15 µs and +5e15 µs: each time fits in 64-bit ns, their
 * span (1e19 ns) does not. The load stops with one sentence naming the
 * file. */
static void
test_span_too_long (void)
{
  const char *text = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":-5e15,\"dur\":1},"
                     "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":5e15,\"dur\":1}]";
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_text ("span.json", text, &error);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_TIME_RANGE);
  /* −5e15 µs is −5e18 ns; the last end is 5e15 µs + 1 µs */
  g_assert_nonnull (strstr (error->message, "span.json: its events run from -5000000000000000000 "
                                            "ns to 5000000000000001000 ns as written"));
}

/* An event at 9.2e15 µs lasting 9e15 µs ends past 2^63 ns: it is skipped
 * with a warning, the other one stays, and the trace spans that one. */
static void
test_end_beyond_limit (void)
{
  const char *text
      = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":9.2e15,\"dur\":9e15},"
        "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]";
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_text ("end.json", text, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_BAD_NUMBER), ==, 1);
  g_assert_cmpint (st_trace_get_end_ns (trace), ==, 1000);
}

/* The same in a Neuron row (times in ns): a row at 2^63 − 10 ns lasting
 * 20 ns is skipped with a warning. */
static void
test_neuron_end_beyond_limit (void)
{
  const char         *text = "{\"instruction\": ["
                             "{\"timestamp\": 9223372036854775797, \"duration\": 20, \"opcode\": \"A\"},"
                             "{\"timestamp\": 5, \"duration\": 2, \"opcode\": \"B\"}]}";
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_text ("neuron-end.json", text, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_BAD_NUMBER), ==, 1);
}

/* Two files whose clocks are 9.2e18 ns apart (events at 1 µs and at
 * 9.2e15 µs) cannot share one axis of at most 2^62 ns: each starts at time
 * 0, and an alignment warning says why. Before, the shift wrapped and the
 * files landed on top of each other without a word. */
static void
test_merge_clocks_too_far (void)
{
  const char *texts[] = {
    "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]",
    "[{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":9.2e15,\"dur\":3}]",
  };
  StTrace            *traces[2];
  g_autoptr (StTrace) merged = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char   *name = g_strdup_printf ("far-%u.json", i);
      g_autoptr (GError) error = NULL;

      traces[i] = load_text (name, texts[i], &error);
      g_assert_no_error (error);
    }
  merged = st_trace_merge (traces, 2, ST_ALIGN_CLOCK);
  g_assert_cmpuint (st_test_warning_count (merged, ST_WARNING_ALIGNMENT), ==, 1);
  for (guint i = 0; i < st_trace_get_n_tracks (merged); i++)
    {
      const StTrack *t = st_trace_get_track (merged, i);

      g_assert_cmpuint (t->n_slices, ==, 1);
      g_assert_cmpint (t->slices[0].start, ==, 0);
    }
  /* the longer file, 3 µs, sets the end */
  g_assert_cmpint (st_trace_get_end_ns (merged), ==, 3000);
}

/* A region file (or a sidecar: the same reader) whose "regions" is nested
 * 100 000 deep: one error naming the file and the place. The object is the
 * first level; the 23 characters {"version":1,"regions": are followed by
 * the brackets, so the 513th level is the 512th of them, at column
 * 23 + 512 = 535. */
static void
test_region_file_deep (void)
{
  g_autofree char          *deep = nested (100000, "");
  g_autofree char          *text = g_strdup_printf ("{\"version\":1,\"regions\":%s}", deep);
  g_autoptr (GError)        error = NULL;
  g_autoptr (StRegionArray) regions
      = st_region_set_read_data (text, strlen (text), "deep.json", NULL, NULL, &error);

  g_assert_null (regions);
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "“deep.json”, line 1, column 535: nested more than 512 levels deep.");
}

/* Regions whose fields have the wrong types: refused by name, no
 * critical. */
static void
test_region_file_wrong_types (void)
{
  const char *texts[] = {
    "{\"version\":[1],\"regions\":[]}",
    "{\"version\":1,\"regions\":{}}",
    "{\"version\":1,\"regions\":[{\"name\":[1],\"start_ns\":0,\"end_ns\":1,\"method\":\"manual\"}]"
    "}",
    "{\"version\":1,\"regions\":[{\"name\":\"a\",\"start_ns\":{},\"end_ns\":1,\"method\":"
    "\"manual\"}]}",
    "{\"version\":1,\"regions\":[{\"name\":\"a\",\"start_ns\":0,\"end_ns\":1e300,\"method\":"
    "\"manual\"}]}",
    "{\"version\":1,\"profile\":[],\"regions\":[]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError)        error = NULL;
      g_autoptr (StRegionArray) regions
          = st_region_set_read_data (texts[i], strlen (texts[i]), "types.json", NULL, NULL, &error);

      g_assert_null (regions);
      g_assert_nonnull (error);
      g_assert_true (error->domain == ST_REGION_ERROR);
      g_assert_nonnull (strstr (error->message, "types.json"));
    }
}

/* A highlighter configuration whose "tracks" is nested 100 000 deep: one
 * error naming the file and the place, the 513th level being the 512th
 * bracket after the 45 characters before them. */
static void
test_config_deep (void)
{
  g_autofree char *deep = nested (100000, "");
  g_autofree char *text
      = g_strdup_printf ("{\"version\":1,\"method\":\"collectives\",\"tracks\":%s}", deep);
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config
      = st_highlighter_config_parse (text, -1, "deep-config.json", &error);

  g_assert_null (config);
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "“deep-config.json” is not valid JSON: line 1, column 557: nested more than "
                   "512 levels deep");
}

/* Found by fuzz-region-set in a 10-minute run (the file is its input, kept
 * in the seed corpus): a name whose escapes json-glib decodes to bytes
 * that are not UTF-8 reached st_region_new(), whose precondition is text:
 * a critical. The gate now refuses the escape that is none, with its
 * place. */
static void
test_region_name_not_text (void)
{
  g_autofree char   *path = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "fuzz-region-set",
                                                   "invalid-escapes-name.json", NULL);
  g_autofree char   *text = NULL;
  gsize              length;
  g_autoptr (GError) error = NULL;
  g_autoptr (StRegionArray) regions = NULL;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  regions = st_region_set_read_data (text, length, "names.json", NULL, NULL, &error);
  g_assert_null (regions);
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID);
  /* line 6 starts with two escaped backslashes, then "\3" */
  g_assert_cmpstr (error->message, ==,
                   "“names.json”, line 6, column 5: “\\3” is not a JSON escape.");
}

/* Escapes json-glib would decode into bytes that are not UTF-8: a lone
 * surrogate becomes U+FFFD, a pair stays the character it encodes, a raw
 * control character after a backslash stands for its own escape. */
static void
test_gate_escapes (void)
{
  const char          *text = "{\"lone\": \"x\\ud800y\", \"pair\": \"\\ud83d\\ude00\", "
                              "\"raw\": \"a\\\001b\"}";
  g_autoptr (JsonNode) node = st_json_doc_parse (text, strlen (text), NULL);
  JsonObject          *o;

  g_assert_nonnull (node);
  o = json_node_get_object (node);
  g_assert_cmpstr (st_json_object_get_string (o, "lone"), ==, "x\357\277\275y");
  g_assert_cmpstr (st_json_object_get_string (o, "pair"), ==, "\360\237\230\200");
  g_assert_cmpstr (st_json_object_get_string (o, "raw"), ==, "a\001b");
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("strata-hostile-XXXXXX", NULL);
  g_test_add_func ("/model/hostile-json/gate/depth", test_gate_depth);
  g_test_add_func ("/model/hostile-json/gate/very-deep", test_gate_very_deep);
  g_test_add_func ("/model/hostile-json/gate/syntax-place", test_gate_syntax_place);
  g_test_add_func ("/model/hostile-json/gate/getters", test_gate_getters);
  g_test_add_func ("/model/hostile-json/gate/escapes", test_gate_escapes);
  g_test_add_func ("/model/hostile-json/neuron/deep-summary", test_neuron_deep_summary);
  g_test_add_func ("/model/hostile-json/neuron/wrong-types", test_neuron_wrong_types);
  g_test_add_func ("/model/hostile-json/neuron/deep-warning", test_neuron_deep_warning);
  g_test_add_func ("/model/hostile-json/args-too-deep", test_args_too_deep);
  g_test_add_func ("/model/hostile-json/region-file/deep", test_region_file_deep);
  g_test_add_func ("/model/hostile-json/region-file/wrong-types", test_region_file_wrong_types);
  g_test_add_func ("/model/hostile-json/config/deep", test_config_deep);
  g_test_add_func ("/model/hostile-json/region-file/name-not-text", test_region_name_not_text);
  g_test_add_func ("/model/hostile-time/span-too-long", test_span_too_long);
  g_test_add_func ("/model/hostile-time/end-beyond-limit", test_end_beyond_limit);
  g_test_add_func ("/model/hostile-time/neuron-end-beyond-limit", test_neuron_end_beyond_limit);
  g_test_add_func ("/model/hostile-time/merge-clocks-too-far", test_merge_clocks_too_far);
  ret = g_test_run ();
  g_rmdir (tmp_dir);
  return ret;
}
