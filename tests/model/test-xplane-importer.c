/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The XProf xplane.pb importer on two real files, on TPU-like files of
 * st-gen-xplane (whose events follow st-gen-xplane.h, so the expected
 * counts and times are computed here) and on damaged copies made at test
 * time.
 *
 * The counts of the real files were read by tests/reference/xplane_walk.py,
 * a walk of the protobuf written from xplane.proto alone, not by Strata:
 *
 *   tracelens_jax_gpu_te_fused_attn.xplane.pb
 *     /device:GPU:0  Stream #2        150   device ops union 12133127 ns
 *     /host:CPU      Host Threads/7   150
 *     /host:CPU      python3         1692
 *   tracelens_jax_mi300_conv_legacy.xplane.pb
 *     /device:GPU:0  Stream #8(MemcpyOther) 15, #9 14, #7 10, #10 14
 *                                           device ops union 889028 ns
 *     /device:GPU:7  Stream #1(Kernel)      25   device ops union 3586493 ns
 *     /host:CPU      17 lines, 5946 events
 */
#define G_LOG_DOMAIN "strata-test"
#define _GNU_SOURCE

#include "config.h"

#include "st-test-util.h"

#include "st-gen-xplane.h"
#include "st-summary.h"
#include "st-trace-error.h"
#include "st-xplane-importer.h"

#include <glib/gstdio.h>

#define FUSED_ATTN "tracelens_jax_gpu_te_fused_attn.xplane.pb"
#define MI300      "tracelens_jax_mi300_conv_legacy.xplane.pb"
/* As tests/model/meson.build generates it. */
#define TPU_EVENTS  2000
#define TPU_DEVICES 2

/* The track named @line of the process named @plane, or -1. */
static gint
find_line (StTrace *trace, const char *plane, const char *line)
{
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      const StProcess *p;

      if (t->process == ST_NO_PROCESS)
        continue;
      p = st_trace_get_process (trace, t->process);
      if (g_str_equal (st_trace_get_string (trace, p->name), plane)
          && g_str_equal (st_trace_get_string (trace, t->name), line))
        return i;
    }
  return -1;
}

static guint
line_slices (StTrace *trace, const char *plane, const char *line)
{
  gint track = find_line (trace, plane, line);

  g_assert_cmpint (track, >=, 0);
  return st_trace_get_track (trace, track)->n_slices;
}

static const StDeviceUsage *
device_named (StSummary *summary, const char *label)
{
  for (guint i = 0; i < st_summary_get_n_devices (summary); i++)
    if (g_str_equal (st_summary_get_device (summary, i)->label, label))
      return st_summary_get_device (summary, i);
  g_error ("no device “%s”", label);
}

static StSummary *
whole (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSummary *summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace) + 1, NULL, &error);

  g_assert_no_error (error);
  return summary;
}

static char *
real_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "real", name, NULL);
}

static StTrace *
load_bytes (const char *name, const void *data, gsize len, GError **error)
{
  g_autofree char  *dir = g_dir_make_tmp ("strata-xplane-XXXXXX", NULL);
  g_autofree char  *path = g_build_filename (dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  StTrace          *trace;

  g_assert_true (g_file_set_contents (path, data, len, NULL));
  trace = st_trace_load_file (file, NULL, error);
  g_unlink (path);
  g_rmdir (dir);
  return trace;
}

static void
test_fused_attn_lines (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", FUSED_ATTN, NULL);
  gint                gpu = find_line (trace, "/device:GPU:0", "Stream #2");
  const StTrack      *t;

  g_assert_cmpstr (st_trace_get_format (trace), ==, "xplane");
  g_assert_cmpuint (line_slices (trace, "/device:GPU:0", "Stream #2"), ==, 150);
  g_assert_cmpuint (line_slices (trace, "/host:CPU", "Host Threads/7"), ==, 150);
  g_assert_cmpuint (line_slices (trace, "/host:CPU", "python3"), ==, 1692);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 150 + 150 + 1692);
  /* the seven GPU planes without lines and the metadata planes draw nothing */
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 2);
  t = st_trace_get_track (trace, gpu);
  for (guint i = 0; i < t->n_slices; i++)
    g_assert_cmpstr (st_trace_get_string (trace, t->slices[i].cat), ==, "kernel");
}

/* Busy is the union of the device ops (xplane_walk.py above). */
static void
test_fused_attn_busy (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("real", FUSED_ATTN, NULL);
  g_autoptr (StSummary) summary = whole (trace);

  g_assert_cmpuint (st_summary_get_n_devices (summary), ==, 1);
  g_assert_cmpint (device_named (summary, "GPU 0")->busy_ns, ==, 12133127);
}

/* Each of the 150 kernels carries a correlation_id that one of the 150
 * launches of Host Threads/7 carries too (hipModuleLaunchKernel 75,
 * hipLaunchKernel 50, hipMemsetAsync 20, hipExtModuleLaunchKernel 5). */
static void
test_fused_attn_launches (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", FUSED_ATTN, NULL);
  gint                gpu = find_line (trace, "/device:GPU:0", "Stream #2");
  gint                host = find_line (trace, "/host:CPU", "Host Threads/7");
  gsize               n_flows;
  const StFlow       *flows = st_trace_get_flows (trace, &n_flows);
  guint               linked = 0;

  for (gsize i = 0; i < n_flows; i++)
    if (flows[i].from.track == (guint)host && flows[i].to.track == (guint)gpu)
      linked++;
  g_assert_cmpuint (linked, ==, 150);
}

/* A kernel's details: its stats and those of its metadata, refs resolved. */
static void
test_fused_attn_args (void)
{
  g_autoptr (StTrace)  trace = st_test_load ("real", FUSED_ATTN, NULL);
  gint                 gpu = find_line (trace, "/device:GPU:0", "Stream #2");
  const StSlice       *s = st_test_find_slice (trace, gpu, "wrapped_convert.kd");
  g_autoptr (GError)   error = NULL;
  g_autoptr (JsonNode) args = NULL;
  JsonObject          *o;

  g_assert_nonnull (s);
  args = st_trace_get_args (trace, s->offset, &error);
  g_assert_no_error (error);
  o = json_node_get_object (args);
  g_assert_cmpstr (json_object_get_string_member (o, "hlo_op"), ==, "wrapped_convert");
  g_assert_cmpstr (json_object_get_string_member (o, "hlo_module"), ==, "jit_loss_fn");
  g_assert_cmpint (json_object_get_int_member (o, "program_id"), ==, 17);
  g_assert_true (json_object_has_member (o, "correlation_id"));
}

static void
test_mi300_copies (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("real", MI300, NULL);
  g_autoptr (StSummary) summary = whole (trace);
  gint                  stream = find_line (trace, "/device:GPU:0", "Stream #8(MemcpyOther)");
  const StTrack        *t = st_trace_get_track (trace, stream);
  guint                 host = 0;
  g_autoptr (JsonNode)  args = NULL;

  g_assert_cmpuint (line_slices (trace, "/device:GPU:0", "Stream #8(MemcpyOther)"), ==, 15);
  g_assert_cmpuint (line_slices (trace, "/device:GPU:0", "Stream #9(MemcpyOther)"), ==, 14);
  g_assert_cmpuint (line_slices (trace, "/device:GPU:0", "Stream #7(MemcpyOther)"), ==, 10);
  g_assert_cmpuint (line_slices (trace, "/device:GPU:0", "Stream #10(MemcpyOther)"), ==, 14);
  g_assert_cmpuint (line_slices (trace, "/device:GPU:7", "Stream #1(Kernel)"), ==, 25);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack *h = st_trace_get_track (trace, i);

      if (h->process != ST_NO_PROCESS
          && g_str_equal (
              st_trace_get_string (trace, st_trace_get_process (trace, h->process)->name),
              "/host:CPU"))
        host += h->n_slices;
    }
  g_assert_cmpuint (host, ==, 5946);
  /* copies, whose memcpy_details "kind:Unknown size:655360 …" gives their bytes */
  g_assert_cmpstr (st_trace_get_string (trace, t->slices[0].cat), ==, "gpu_memcpy");
  args = st_trace_get_args (trace, t->slices[0].offset, NULL);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (args), "bytes"), ==, 655360);
  g_assert_cmpint (device_named (summary, "GPU 0")->busy_ns, ==, 889028);
  g_assert_cmpint (device_named (summary, "GPU 0")->memory_ns, ==, 889028);
  g_assert_cmpint (device_named (summary, "GPU 7")->busy_ns, ==, 3586493);
}

static StTrace *
load_tpu (void)
{
  const char        *path = g_getenv ("STRATA_TEST_XPLANE_TPU");
  g_autoptr (GFile)  file = NULL;
  g_autoptr (GError) error = NULL;
  StTrace           *trace;

  if (path == NULL)
    g_error ("STRATA_TEST_XPLANE_TPU is not set: run the tests with meson test");
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* Per TPU, gen_modules (2000, 2) = 100 modules of 8 ops: seven last
 * 2000.6 ns, which start on a whole ns and so end at the nearest, 2001 ns
 * later; the eighth lasts 0.4 ns and so 0 ns. The ops never overlap, so
 * busy is 100 × 7 × 2001 ns; the modules around them (25 µs each, 2.5 ms
 * in all) are not device work. The all-reduce (op 6) is communication. */
static void
test_tpu_ops_once (void)
{
  g_autoptr (StTrace)   trace = load_tpu ();
  g_autoptr (StSummary) summary = whole (trace);
  gint                  ops = find_line (trace, "/device:TPU:1", "XLA Ops");
  const StSlice        *tiny;

  g_assert_cmpuint (gen_modules (TPU_EVENTS, TPU_DEVICES), ==, 100);
  g_assert_cmpuint (line_slices (trace, "/device:TPU:0", "XLA Modules"), ==, 100);
  g_assert_cmpuint (line_slices (trace, "/device:TPU:0", "XLA Ops"), ==, 800);
  g_assert_cmpuint (line_slices (trace, "/host:CPU", "launcher 1"), ==, 100);
  for (guint d = 0; d < TPU_DEVICES; d++)
    {
      g_autofree char     *label = g_strdup_printf ("TPU %u", d);
      const StDeviceUsage *u = device_named (summary, label);

      g_assert_cmpint (u->busy_ns, ==, 100 * 7 * 2001);
      g_assert_cmpint (u->communication_ns, ==, 100 * 2001);
      g_assert_cmpint (u->compute_ns, ==, 100 * 6 * 2001);
    }
  tiny = st_test_find_slice (trace, ops, "copy.8");
  g_assert_cmpint (tiny->dur, ==, 0);
  g_assert_cmpint (st_test_find_slice (trace, ops, "dot.4")->dur, ==, 2001);
}

/* An op's args: its group_id and its metadata's flops, bytes_accessed and
 * hlo_category (a ref_value, resolved to the name it refers to). */
static void
test_tpu_args (void)
{
  g_autoptr (StTrace)  trace = load_tpu ();
  gint                 ops = find_line (trace, "/device:TPU:0", "XLA Ops");
  const StTrack       *t = st_trace_get_track (trace, ops);
  g_autoptr (JsonNode) args = NULL;
  JsonObject          *o;
  const StSlice       *s = NULL;

  /* the convolution of module 3 */
  for (guint i = 0; i < t->n_slices; i++)
    if (t->slices[i].start + st_trace_get_origin_ns (trace) == GEN_BASE_NS + gen_op_start (0, 3, 1))
      s = &t->slices[i];
  g_assert_nonnull (s);
  g_assert_cmpstr (st_trace_get_string (trace, s->name), ==, "convolution.2");
  args = st_trace_get_args (trace, s->offset, NULL);
  o = json_node_get_object (args);
  g_assert_cmpint (json_object_get_int_member (o, "group_id"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (o, "flops"), ==, 2000000);
  g_assert_cmpint (json_object_get_int_member (o, "bytes_accessed"), ==, 2 * 4096);
  g_assert_cmpstr (json_object_get_string_member (o, "hlo_category"), ==, "convolution");
}

/* The same file gzip-compressed, made here: the same events. */
static void
test_gzip (void)
{
  g_autofree char            *path = real_path (FUSED_ATTN);
  g_autofree char            *data = NULL;
  gsize                       len;
  g_autoptr (GZlibCompressor) gz = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr (GOutputStream)   mem = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream)   out = g_converter_output_stream_new (mem, G_CONVERTER (gz));
  g_autoptr (StTrace)         trace = NULL;
  g_autoptr (GError)          error = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_output_stream_write_all (out, data, len, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  trace
      = load_bytes ("profile.pb.gz", g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (mem)),
                    g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem)), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (line_slices (trace, "/host:CPU", "python3"), ==, 1692);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 1992);
}

static void
assert_damaged (GError *error, const char *name)
{
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, name));
  g_assert_nonnull (strstr (error->message, "damaged protobuf"));
  g_assert_null (strchr (error->message, '\n'));
}

/* The file saved as UTF-8 text, as an upstream copy once was: every byte
 * sequence that is not UTF-8 replaced by U+FFFD (EF BF BD), NULs kept. */
static void
test_saved_as_text (void)
{
  g_autofree char    *path = real_path (FUSED_ATTN);
  g_autofree char    *data = NULL;
  gsize               len;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize from = 0; from < len;)
    {
      const char      *nul = memchr (data + from, 0, len - from);
      gsize            end = nul ? (gsize)(nul - data) : len;
      g_autofree char *valid = g_utf8_make_valid (data + from, end - from);

      g_string_append (text, valid);
      if (nul != NULL)
        g_string_append_c (text, '\0');
      from = end + 1;
    }
  g_assert_nonnull (memmem (text->str, text->len, "\xef\xbf\xbd", 3));
  trace = load_bytes ("saved.xplane.pb", text->str, text->len, &error);
  g_assert_null (trace);
  assert_damaged (error, "saved.xplane.pb");
}

/* Bytes past the middle that are not UTF-8 (>= 0x80), each replaced by
 * U+FFFD as a text editor does: three bytes where there was one. The first
 * bytes still say XSpace; the walk finds the damage. */
static void
test_replaced_bytes (void)
{
  g_autofree char    *path = real_path (FUSED_ATTN);
  g_autofree char    *data = NULL;
  gsize               len;
  g_autoptr (GString) damaged = g_string_new (NULL);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  guint               replaced = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize i = 0; i < len; i++)
    if (i > len / 2 && (guint8)data[i] >= 0x80 && replaced < 4 && ++replaced)
      g_string_append (damaged, "\xef\xbf\xbd");
    else
      g_string_append_c (damaged, data[i]);
  g_assert_cmpuint (replaced, ==, 4);
  trace = load_bytes ("replaced.xplane.pb", damaged->str, damaged->len, &error);
  g_assert_null (trace);
  assert_damaged (error, "replaced.xplane.pb");
}

static void
test_truncated (void)
{
  g_autofree char    *path = real_path (MI300);
  g_autofree char    *data = NULL;
  gsize               len;
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  trace = load_bytes ("cut.xplane.pb", data, len / 2, &error);
  g_assert_null (trace);
  assert_damaged (error, "cut.xplane.pb");
  g_assert_nonnull (strstr (error->message, "cut short"));
}

/* What is not an XSpace is not taken for one. */
static void
test_sniff (void)
{
  static const guint8 png[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13 };
  static const guint8 gzip[] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xab, 0x56 };
  static const char  *json[] = {
     "{\"traceEvents\":[]}",
     "\n{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"dur\":2}]}",
     "\n[{\"ph\":\"X\",\"name\":\"\xef\xbf\xbd\",\"ts\":1,\"dur\":2}]",
     "\n\"traceEvents\"",
  };
  g_autofree char *path = real_path (MI300);
  g_autofree char *data = NULL;
  gsize            len;

  for (guint i = 0; i < G_N_ELEMENTS (json); i++)
    g_assert_cmpint (st_xplane_sniff (json[i], strlen (json[i])), ==, ST_XPLANE_SNIFF_NO);
  g_assert_cmpint (st_xplane_sniff ((const char *)png, sizeof png), ==, ST_XPLANE_SNIFF_NO);
  g_assert_cmpint (st_xplane_sniff ((const char *)gzip, sizeof gzip), ==, ST_XPLANE_SNIFF_NO);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpint (st_xplane_sniff (data, MIN (len, 4096)), ==, ST_XPLANE_SNIFF_YES);
  g_assert_cmpint (st_xplane_sniff (data, 64), ==, ST_XPLANE_SNIFF_YES);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/xplane/fused-attn/lines", test_fused_attn_lines);
  g_test_add_func ("/model/xplane/fused-attn/busy", test_fused_attn_busy);
  g_test_add_func ("/model/xplane/fused-attn/launches", test_fused_attn_launches);
  g_test_add_func ("/model/xplane/fused-attn/args", test_fused_attn_args);
  g_test_add_func ("/model/xplane/mi300/copies", test_mi300_copies);
  g_test_add_func ("/model/xplane/tpu/ops-once", test_tpu_ops_once);
  g_test_add_func ("/model/xplane/tpu/args", test_tpu_args);
  g_test_add_func ("/model/xplane/gzip", test_gzip);
  g_test_add_func ("/model/xplane/bad/saved-as-text", test_saved_as_text);
  g_test_add_func ("/model/xplane/bad/replaced-bytes", test_replaced_bytes);
  g_test_add_func ("/model/xplane/bad/truncated", test_truncated);
  g_test_add_func ("/model/xplane/sniff", test_sniff);
  return g_test_run ();
}
