/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-xplane.c: deterministic generator of TPU-like XProf profiles
 * (xplane.pb, the protobuf XSpace), and of the same events as Chrome JSON.
 *
 * The events follow st-gen-xplane.h: TPU planes with "XLA Modules" and
 * "XLA Ops" lines, a host plane whose threads launch the modules. Op
 * metadata carries flops, bytes_accessed and hlo_category (a ref_value),
 * each op its group_id; launches and modules the flow stats _p/_pt, _c/_ct.
 *
 * Usage:
 *   st-gen-xplane [--events N] [--devices D] [--format xplane|json] -o FILE
 *
 *   -o, --output FILE   file to write; gzip-compressed when it ends in .gz
 *   -n, --events N      about N events in all (default 100000)
 *   -d, --devices D     TPUs, 1 to 64 (default 2)
 *   -f, --format F      xplane (default) or json: the same events as Chrome JSON
 *
 * Usage errors exit with status 2, write errors with status 1.
 */

#include "st-gen-xplane.h"

#include <zlib.h>

#include <stdio.h>
#include <string.h>

enum
{
  STAT_GROUP = 1,
  STAT_FLOPS,
  STAT_BYTES,
  STAT_CATEGORY,
  STAT_CONSUMER,
  STAT_CONSUMER_TYPE,
  STAT_CATEGORY_NAMES = 20, /* + j: the names hlo_category refers to */
};

enum
{
  HOST_PRODUCER = 1,
  HOST_PRODUCER_TYPE,
};

#define META_MODULE  100
#define LINE_MODULES 1
#define LINE_OPS     2
#define LINE_HOST    100

static void
put_varint (GByteArray *b, guint64 v)
{
  guint8 buf[10];
  guint  n = 0;

  do
    {
      buf[n++] = (guint8)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
      v >>= 7;
    }
  while (v != 0);
  g_byte_array_append (b, buf, n);
}

static void
put_uint (GByteArray *b, guint field, guint64 v)
{
  put_varint (b, field << 3);
  put_varint (b, v);
}

static void
put_len (GByteArray *b, guint field, const void *data, gsize len)
{
  put_varint (b, field << 3 | 2);
  put_varint (b, len);
  g_byte_array_append (b, data, (guint)len);
}

static void
put_message (GByteArray *b, guint field, GByteArray *msg)
{
  put_len (b, field, msg->data, msg->len);
  g_byte_array_set_size (msg, 0);
}

/* An XStat: {1: id, @value_field: v}. */
static void
put_stat (GByteArray *b, guint field, guint id, guint value_field, guint64 v)
{
  static GByteArray *stat;

  if (stat == NULL)
    stat = g_byte_array_new ();
  put_uint (stat, 1, id);
  put_uint (stat, value_field, v);
  put_message (b, field, stat);
}

/* A map entry {1: id, 2: {1: id, 2: name, @stats}} of event or stat metadata. */
static void
put_metadata (GByteArray *plane, guint field, guint id, const char *name, GByteArray *stats)
{
  g_autoptr (GByteArray) meta = g_byte_array_new ();
  g_autoptr (GByteArray) entry = g_byte_array_new ();

  put_uint (meta, 1, id);
  put_len (meta, 2, name, strlen (name));
  if (stats != NULL)
    g_byte_array_append (meta, stats->data, stats->len);
  put_uint (entry, 1, id);
  put_message (entry, 2, meta);
  put_message (plane, field, entry);
}

static void
put_event (GByteArray *line, guint meta, gint64 offset_ps, gint64 dur_ps, GByteArray *stats)
{
  g_autoptr (GByteArray) ev = g_byte_array_new ();

  put_uint (ev, 1, meta);
  put_uint (ev, 2, (guint64)offset_ps);
  put_uint (ev, 3, (guint64)dur_ps);
  if (stats != NULL)
    g_byte_array_append (ev, stats->data, stats->len);
  put_message (line, 4, ev);
}

static void
put_line (GByteArray *plane, guint id, const char *name, GByteArray *events)
{
  g_autoptr (GByteArray) line = g_byte_array_new ();

  put_uint (line, 1, id);
  put_len (line, 2, name, strlen (name));
  put_uint (line, 3, (guint64)GEN_BASE_NS);
  g_byte_array_append (line, events->data, events->len);
  put_message (plane, 3, line);
}

static void
tpu_metadata (GByteArray *plane)
{
  static const char *const stat_names[]
      = { NULL, "group_id", "flops", "bytes_accessed", "hlo_category", "_c", "_ct" };
  g_autoptr (GByteArray) stats = g_byte_array_new ();

  for (guint j = 0; j < GEN_OPS; j++)
    {
      put_stat (stats, 5, STAT_FLOPS, 3, gen_op_flops (j));
      put_stat (stats, 5, STAT_BYTES, 3, gen_op_bytes (j));
      put_stat (stats, 5, STAT_CATEGORY, 7, STAT_CATEGORY_NAMES + j);
      put_metadata (plane, 4, j + 1, gen_op_names[j], stats);
      g_byte_array_set_size (stats, 0);
    }
  put_metadata (plane, 4, META_MODULE, "jit_train_step", NULL);
  for (guint s = STAT_GROUP; s <= STAT_CONSUMER_TYPE; s++)
    put_metadata (plane, 5, s, stat_names[s], NULL);
  for (guint j = 0; j < GEN_OPS; j++)
    put_metadata (plane, 5, STAT_CATEGORY_NAMES + j, gen_op_categories[j], NULL);
}

static GByteArray *
tpu_plane (guint d, guint devices, guint64 modules)
{
  GByteArray            *plane = g_byte_array_new ();
  g_autoptr (GByteArray) ops = g_byte_array_new ();
  g_autoptr (GByteArray) mods = g_byte_array_new ();
  g_autoptr (GByteArray) stats = g_byte_array_new ();
  g_autofree char       *name = g_strdup_printf ("/device:TPU:%u", d);

  put_uint (plane, 1, d + 1);
  put_len (plane, 2, name, strlen (name));
  for (guint64 k = 0; k < modules; k++)
    {
      put_stat (stats, 4, STAT_CONSUMER, 4, k * devices + d + 1);
      put_stat (stats, 4, STAT_CONSUMER_TYPE, 4, 1);
      put_event (mods, META_MODULE, gen_module_start (d, k) * 1000, GEN_MODULE_DUR * 1000, stats);
      g_byte_array_set_size (stats, 0);
      for (guint j = 0; j < GEN_OPS; j++)
        {
          put_stat (stats, 4, STAT_GROUP, 4, k);
          put_event (ops, j + 1, gen_op_start (d, k, j) * 1000, gen_op_dur_ps (j), stats);
          g_byte_array_set_size (stats, 0);
        }
    }
  put_line (plane, LINE_MODULES, "XLA Modules", mods);
  put_line (plane, LINE_OPS, "XLA Ops", ops);
  tpu_metadata (plane);
  return plane;
}

static GByteArray *
host_plane (guint devices, guint64 modules)
{
  GByteArray            *plane = g_byte_array_new ();
  g_autoptr (GByteArray) events = g_byte_array_new ();
  g_autoptr (GByteArray) stats = g_byte_array_new ();

  put_uint (plane, 1, 1000);
  put_len (plane, 2, "/host:CPU", 9);
  for (guint d = 0; d < devices; d++)
    {
      g_autofree char *name = g_strdup_printf ("launcher %u", d);

      for (guint64 k = 0; k < modules; k++)
        {
          put_stat (stats, 4, HOST_PRODUCER, 4, k * devices + d + 1);
          put_stat (stats, 4, HOST_PRODUCER_TYPE, 4, 1);
          put_event (events, 1, (gen_module_start (d, k) - GEN_LAUNCH_LEAD) * 1000,
                     GEN_LAUNCH_DUR * 1000, stats);
          g_byte_array_set_size (stats, 0);
        }
      put_line (plane, LINE_HOST + d, name, events);
      g_byte_array_set_size (events, 0);
    }
  put_metadata (plane, 4, 1, "ExecuteOnLocalDevices", NULL);
  put_metadata (plane, 5, HOST_PRODUCER, "_p", NULL);
  put_metadata (plane, 5, HOST_PRODUCER_TYPE, "_pt", NULL);
  return plane;
}

static gboolean
write_all (gzFile out, const void *data, gsize len)
{
  return len == 0 || gzwrite (out, data, (unsigned)len) == (int)len;
}

static gboolean
write_xplane (gzFile out, guint devices, guint64 modules)
{
  g_autoptr (GByteArray) space = g_byte_array_new ();
  gboolean               ok = TRUE;

  for (guint d = 0; d <= devices && ok; d++)
    {
      g_autoptr (GByteArray) plane
          = d < devices ? tpu_plane (d, devices, modules) : host_plane (devices, modules);

      put_message (space, 1, plane);
      ok = write_all (out, space->data, space->len);
      g_byte_array_set_size (space, 0);
    }
  put_len (space, 4, "gen-host", 8);
  return ok && write_all (out, space->data, space->len);
}

/* @ns after GEN_BASE_NS, in µs with three decimals. */
static void
json_ns (GString *s, gint64 ns)
{
  g_string_append_printf (s, "%" G_GINT64_FORMAT ".%03d", GEN_BASE_NS / 1000 + ns / 1000,
                          (int)(ns % 1000));
}

static void
json_event (GString    *s,
            const char *pid,
            guint       tid,
            const char *name,
            const char *cat,
            gint64      ns,
            gint64      dur_ps)
{
  g_string_append_printf (s,
                          ",\n{\"ph\":\"X\",\"pid\":\"%s\",\"tid\":%u,\"name\":\"%s\","
                          "\"cat\":\"%s\",\"ts\":",
                          pid, tid, name, cat);
  json_ns (s, ns);
  g_string_append_printf (s, ",\"dur\":%" G_GINT64_FORMAT ".%06d", dur_ps / 1000000,
                          (int)(dur_ps % 1000000));
}

static void
json_meta (GString *s, const char *what, const char *pid, guint tid, const char *value)
{
  g_string_append_printf (s,
                          ",\n{\"ph\":\"M\",\"name\":\"%s\",\"pid\":\"%s\",\"tid\":%u,"
                          "\"args\":{\"%s\":\"%s\"}}",
                          what, pid, tid, g_str_equal (what, "process_labels") ? "labels" : "name",
                          value);
}

static gboolean
json_device (gzFile out, GString *s, guint d, guint devices, guint64 modules)
{
  g_autofree char *pid = g_strdup_printf ("/device:TPU:%u", d);
  g_autofree char *label = g_strdup_printf ("TPU %u", d);
  g_autofree char *host = g_strdup_printf ("launcher %u", d);

  json_meta (s, "process_name", pid, 0, pid);
  json_meta (s, "process_labels", pid, 0, label);
  json_meta (s, "thread_name", pid, LINE_MODULES, "XLA Modules");
  json_meta (s, "thread_name", pid, LINE_OPS, "XLA Ops");
  json_meta (s, "thread_name", "/host:CPU", LINE_HOST + d, host);
  for (guint64 k = 0; k < modules; k++)
    {
      guint64 id = k * devices + d + 1;

      json_event (s, "/host:CPU", LINE_HOST + d, "ExecuteOnLocalDevices", "traceme",
                  gen_module_start (d, k) - GEN_LAUNCH_LEAD, GEN_LAUNCH_DUR * 1000);
      g_string_append_printf (s,
                              ",\"bind_id\":%" G_GUINT64_FORMAT ",\"flow_out\":true,"
                              "\"args\":{\"_p\":%" G_GUINT64_FORMAT ",\"_pt\":1}}",
                              id, id);
      json_event (s, pid, LINE_MODULES, "jit_train_step", "XLA Modules", gen_module_start (d, k),
                  GEN_MODULE_DUR * 1000);
      g_string_append_printf (s,
                              ",\"bind_id\":%" G_GUINT64_FORMAT ",\"flow_in\":true,"
                              "\"args\":{\"_c\":%" G_GUINT64_FORMAT ",\"_ct\":1}}",
                              id, id);
      for (guint j = 0; j < GEN_OPS; j++)
        {
          json_event (s, pid, LINE_OPS, gen_op_names[j], "kernel", gen_op_start (d, k, j),
                      gen_op_dur_ps (j));
          g_string_append_printf (
              s,
              ",\"args\":{\"group_id\":%" G_GUINT64_FORMAT ",\"flops\":%" G_GUINT64_FORMAT
              ",\"bytes_accessed\":%" G_GUINT64_FORMAT ",\"hlo_category\":\"%s\"}}",
              k, gen_op_flops (j), gen_op_bytes (j), gen_op_categories[j]);
        }
      if (s->len > (1 << 20))
        {
          if (!write_all (out, s->str, s->len))
            return FALSE;
          g_string_truncate (s, 0);
        }
    }
  return TRUE;
}

static gboolean
write_json (gzFile out, guint devices, guint64 modules)
{
  g_autoptr (GString) s = g_string_new ("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"
                                        "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":"
                                        "\"/host:CPU\",\"args\":{\"name\":\"/host:CPU\"}}");
  gboolean            ok = TRUE;

  for (guint d = 0; d < devices && ok; d++)
    ok = json_device (out, s, d, devices, modules);
  g_string_append (s, "\n]}\n");
  return ok && write_all (out, s->str, s->len);
}

int
main (int argc, char *argv[])
{
  gint64             events = 100000;
  gint               devices = 2;
  g_autofree char   *format = NULL;
  g_autofree char   *output = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "File to write (.gz: gzip)", "FILE" },
    { "events", 'n', 0, G_OPTION_ARG_INT64, &events, "About N events in all", "N" },
    { "devices", 'd', 0, G_OPTION_ARG_INT, &devices, "TPUs, 1 to 64", "D" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "xplane or json", "F" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- write a TPU-like xplane.pb");
  g_autoptr (GError)         error = NULL;
  gzFile                     out;
  gboolean                   json, ok;
  guint64                    modules;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || output == NULL || events < 1
      || devices < 1 || devices > 64
      || (format != NULL && !g_str_equal (format, "xplane") && !g_str_equal (format, "json")))
    {
      g_printerr ("st-gen-xplane: %s\n", error ? error->message : "usage: see --help");
      return 2;
    }
  json = format != NULL && g_str_equal (format, "json");
  modules = gen_modules ((guint64)events, (guint)devices);
  out = gzopen (output, g_str_has_suffix (output, ".gz") ? "wb6" : "wbT");
  if (out == NULL)
    {
      g_printerr ("st-gen-xplane: cannot write %s\n", output);
      return 1;
    }
  ok = json ? write_json (out, (guint)devices, modules)
            : write_xplane (out, (guint)devices, modules);
  if (gzclose (out) != Z_OK || !ok)
    {
      g_printerr ("st-gen-xplane: writing %s failed\n", output);
      return 1;
    }
  return 0;
}
