/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-rocprof.c: deterministic generator of rocprofv3 JSON (what
 * `rocprofv3 --kernel-trace --hip-runtime-trace --memory-copy-trace
 * --marker-trace --rccl-trace --output-format json` writes), or, with
 * --chrome, of the same events as a Kineto-like Chrome trace, so that a
 * benchmark can weigh the two loads against each other.
 *
 * The rocprofv3 file is compact, as rocprofv3 writes it: one process with
 * its metadata, two CPU agents and the GPU agents, the name tables of
 * strings, the kernel symbols, and the records of st-gen-rocprof.h. The
 * Chrome file holds the same calls, dispatches, copies and ranges as X
 * events, each launch linked by an ac2g flow (s and f) as Kineto links
 * them.
 *
 * Usage:
 *   st-gen-rocprof [--events N] [--gpus G] [--chrome] -o FILE
 *
 * Usage errors exit with status 2, write errors with status 1.
 */

#include "st-gen-rocprof.h"

#include <zlib.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define OUT_CAP (1024 * 1024)

/* The operations of strings.buffer_records this file uses, by kind; the
 * kinds numbered as rocprofiler-sdk numbers them. */
enum
{
  KIND_HIP = 5,
  KIND_MARKER = 7,
  KIND_COPY = 10,
  KIND_DISPATCH = 11,
  KIND_RCCL = 14,
  N_KINDS = 15,
};

enum
{
  OP_LAUNCH = 1,
  OP_MEMCPY = 2,
  OP_RANGE_PUSH = 1,
  OP_HOST_TO_DEVICE = 2,
  OP_COMPLETE = 2,
  OP_ALL_REDUCE = 1,
};

static const char *const kind_strings[N_KINDS] = {
  "{\"kind\":\"NONE\",\"operations\":[]}",
  "{\"kind\":\"HSA_CORE_API\",\"operations\":[\"hsa_init\",\"hsa_shut_down\"]}",
  "{\"kind\":\"HSA_AMD_EXT_API\",\"operations\":[]}",
  "{\"kind\":\"HSA_IMAGE_EXT_API\",\"operations\":[]}",
  "{\"kind\":\"HSA_FINALIZE_EXT_API\",\"operations\":[]}",
  "{\"kind\":\"HIP_RUNTIME_API\",\"operations\":[\"hipApiName\",\"hipLaunchKernel\","
  "\"hipMemcpyAsync\",\"hipDeviceSynchronize\"]}",
  "{\"kind\":\"HIP_COMPILER_API\",\"operations\":[]}",
  "{\"kind\":\"MARKER_CORE_API\",\"operations\":[\"roctxMarkA\",\"roctxRangePushA\","
  "\"roctxRangePop\"]}",
  "{\"kind\":\"MARKER_CONTROL_API\",\"operations\":[]}",
  "{\"kind\":\"MARKER_NAME_API\",\"operations\":[]}",
  "{\"kind\":\"MEMORY_COPY\",\"operations\":[\"MEMORY_COPY_NONE\",\"MEMORY_COPY_HOST_TO_HOST\","
  "\"MEMORY_COPY_HOST_TO_DEVICE\",\"MEMORY_COPY_DEVICE_TO_HOST\","
  "\"MEMORY_COPY_DEVICE_TO_DEVICE\"]}",
  "{\"kind\":\"KERNEL_DISPATCH\",\"operations\":[\"KERNEL_DISPATCH_NONE\","
  "\"KERNEL_DISPATCH_ENQUEUE\",\"KERNEL_DISPATCH_COMPLETE\"]}",
  "{\"kind\":\"SCRATCH_MEMORY\",\"operations\":[]}",
  "{\"kind\":\"CORRELATION_ID_RETIREMENT\",\"operations\":[]}",
  "{\"kind\":\"RCCL_API\",\"operations\":[\"ncclAllGather\",\"ncclAllReduce\","
  "\"ncclBroadcast\"]}",
};

typedef struct
{
  FILE    *fp;
  gzFile   gz;
  char    *buf;
  gsize    len;
  guint64  bytes;
  gboolean failed;
  guint64  n;
  guint    gpus;
} Out;

static void
out_flush (Out *o)
{
  if (o->len == 0)
    return;
  if (o->fp != NULL && fwrite (o->buf, 1, o->len, o->fp) != o->len)
    o->failed = TRUE;
  if (o->gz != NULL && gzwrite (o->gz, o->buf, (unsigned)o->len) != (int)o->len)
    o->failed = TRUE;
  o->bytes += o->len;
  o->len = 0;
}

static inline void
out_mem (Out *o, const char *s, gsize n)
{
  if (G_UNLIKELY (o->len + n > OUT_CAP))
    out_flush (o);
  memcpy (o->buf + o->len, s, n);
  o->len += n;
}

#define OUT_LIT(o, s) out_mem ((o), (s), sizeof (s) - 1)

static void
out_str (Out *o, const char *s)
{
  out_mem (o, s, strlen (s));
}

static void
out_uint (Out *o, guint64 u)
{
  char  tmp[24];
  char *p = tmp + sizeof tmp;

  do
    *--p = (char)('0' + u % 10);
  while ((u /= 10) != 0);
  out_mem (o, p, (gsize)(tmp + sizeof tmp - p));
}

/* Nanoseconds as Chrome's microseconds with three decimals. */
static void
out_micros (Out *o, gint64 ns)
{
  char tmp[32];

  out_mem (o, tmp,
           (gsize)g_snprintf (tmp, sizeof tmp, "%" G_GINT64_FORMAT ".%03d", ns / 1000,
                              (int)(ns % 1000)));
}

/* --- rocprofv3 ------------------------------------------------------------- */

static void
write_agent (Out *o, gint64 handle, int type, guint node, int type_index)
{
  OUT_LIT (o, "{\"size\":312,\"id\":{\"handle\":");
  out_uint (o, (guint64)handle);
  OUT_LIT (o, "},\"type\":");
  out_uint (o, (guint64)type);
  if (type == 1)
    OUT_LIT (o, ",\"cpu_cores_count\":64,\"simd_count\":0,\"wave_front_size\":0,\"cu_count\":64,"
                "\"name\":\"AMD EPYC 9654 96-Core Processor\",\"vendor_name\":\"CPU\","
                "\"product_name\":\"AMD EPYC 9654 96-Core Processor\"");
  else
    OUT_LIT (o, ",\"cpu_cores_count\":0,\"simd_count\":1216,\"wave_front_size\":64,"
                "\"cu_count\":304,\"name\":\"gfx942\",\"vendor_name\":\"AMD\","
                "\"product_name\":\"AMD Instinct MI300X\"");
  OUT_LIT (o, ",\"node_id\":");
  out_uint (o, node);
  OUT_LIT (o, ",\"logical_node_id\":");
  out_uint (o, node);
  OUT_LIT (o, ",\"logical_node_type_id\":");
  out_uint (o, (guint64)type_index);
  OUT_LIT (o, "}");
}

static void
write_head (Out *o)
{
  OUT_LIT (o, "{\"rocprofiler-sdk-tool\":[{\"metadata\":{\"pid\":");
  out_uint (o, GEN_PID);
  OUT_LIT (o, ",\"init_time\":");
  out_uint (o, GEN_T0 - 1000000);
  OUT_LIT (o, ",\"fini_time\":");
  out_uint (o, (guint64)gen_call_ts (o->n) + GEN_LAUNCH + 1000000);
  OUT_LIT (o, ",\"command\":[\"/usr/bin/python3\",\"-u\",\"train.py\"]},\"agents\":[");
  write_agent (o, GEN_AGENT_BASE, 1, 0, 0);
  OUT_LIT (o, ",");
  write_agent (o, GEN_AGENT_BASE + 1, 1, 1, 1);
  for (guint g = 0; g < o->gpus; g++)
    {
      OUT_LIT (o, ",");
      write_agent (o, gen_agent (g), 2, 2 + g, (int)g);
    }
  OUT_LIT (o, "],\"counters\":[],\"strings\":{\"callback_records\":[],\"buffer_records\":[");
  for (guint k = 0; k < N_KINDS; k++)
    {
      if (k > 0)
        OUT_LIT (o, ",");
      out_str (o, kind_strings[k]);
    }
  OUT_LIT (o, "],\"marker_api\":[");
  for (guint64 s = 0; s < gen_n_steps (o->n); s++)
    {
      OUT_LIT (o, "{\"key\":");
      out_uint (o, GEN_MARKER_CORR + s);
      OUT_LIT (o, ",\"value\":\"step ");
      out_uint (o, s);
      out_str (o, s + 1 < gen_n_steps (o->n) ? "\"}," : "\"}");
    }
  OUT_LIT (o, "],\"correlation_id\":{\"external\":[]},\"counters\":{\"dimension_ids\":[]}},"
              "\"code_objects\":[],\"kernel_symbols\":[");
  for (guint k = 1; k <= GEN_N_KERNELS + 1; k++)
    {
      OUT_LIT (o, "{\"size\":88,\"kernel_id\":");
      out_uint (o, k);
      OUT_LIT (o, ",\"code_object_id\":1,\"kernel_name\":\"kernel_");
      out_uint (o, k);
      OUT_LIT (o, ".kd\",\"formatted_kernel_name\":\"");
      out_str (o, gen_kernels[k - 1]);
      OUT_LIT (o, "\",\"truncated_kernel_name\":\"kernel_");
      out_uint (o, k);
      out_str (o, k <= GEN_N_KERNELS ? "\"}," : "\"}");
    }
  OUT_LIT (o, "],\"host_functions\":[],\"summary\":[],"
              "\"callback_records\":{\"counter_collection\":[]},\"buffer_records\":{");
}

/* The fields every record has, from its kind to its end. */
static void
write_record_head (Out *o, guint kind, guint op, guint64 tid, guint64 corr, gint64 ts, gint64 end)
{
  OUT_LIT (o, "{\"size\":64,\"kind\":");
  out_uint (o, kind);
  OUT_LIT (o, ",\"operation\":");
  out_uint (o, op);
  OUT_LIT (o, ",\"thread_id\":");
  out_uint (o, tid);
  OUT_LIT (o, ",\"correlation_id\":{\"internal\":");
  out_uint (o, corr);
  OUT_LIT (o, ",\"external\":0},\"start_timestamp\":");
  out_uint (o, (guint64)ts);
  OUT_LIT (o, ",\"end_timestamp\":");
  out_uint (o, (guint64)end);
}

static void
write_dispatches (Out *o)
{
  gboolean first = TRUE;

  OUT_LIT (o, "\"kernel_dispatch\":[");
  for (guint64 i = 0; i < o->n; i++)
    {
      guint g = gen_gpu (i, o->gpus);

      if (gen_is_copy (i))
        continue;
      if (!first)
        OUT_LIT (o, ",");
      first = FALSE;
      write_record_head (o, KIND_DISPATCH, OP_COMPLETE, GEN_TID_BASE + g, gen_corr (i),
                         gen_device_ts (i), gen_device_ts (i) + gen_device_dur (i));
      OUT_LIT (o, ",\"dispatch_info\":{\"size\":72,\"agent_id\":{\"handle\":");
      out_uint (o, (guint64)gen_agent (g));
      OUT_LIT (o, "},\"queue_id\":{\"handle\":");
      out_uint (o, (guint64)gen_queue_handle (g, gen_queue (i, o->gpus)));
      OUT_LIT (o, "},\"kernel_id\":");
      out_uint (o, gen_kernel (i));
      OUT_LIT (o, ",\"dispatch_id\":");
      out_uint (o, i + 1);
      OUT_LIT (o, ",\"private_segment_size\":0,\"group_segment_size\":0,"
                  "\"workgroup_size\":{\"x\":256,\"y\":1,\"z\":1},\"grid_size\":{\"x\":");
      out_uint (o, 256 * (1 + i % 64));
      OUT_LIT (o, ",\"y\":1,\"z\":1}},\"stream_id\":{\"handle\":0}}");
    }
  OUT_LIT (o, "]");
}

static void
write_hip (Out *o)
{
  OUT_LIT (o, ",\"hip_api\":[");
  for (guint64 i = 0; i < o->n; i++)
    {
      if (i > 0)
        OUT_LIT (o, ",");
      write_record_head (o, KIND_HIP, gen_is_copy (i) ? OP_MEMCPY : OP_LAUNCH,
                         GEN_TID_BASE + gen_gpu (i, o->gpus), gen_corr (i), gen_call_ts (i),
                         gen_call_ts (i) + GEN_CALL_DUR);
      OUT_LIT (o, "}");
    }
  OUT_LIT (o, "],\"hsa_api\":[]");
}

static void
write_markers_and_rccl (Out *o)
{
  gboolean first = TRUE;

  OUT_LIT (o, ",\"marker_api\":[");
  for (guint64 s = 0; s < gen_n_steps (o->n); s++)
    {
      if (s > 0)
        OUT_LIT (o, ",");
      write_record_head (o, KIND_MARKER, OP_RANGE_PUSH, GEN_TID_BASE, GEN_MARKER_CORR + s,
                         gen_marker_ts (s), gen_marker_end (s, o->n));
      OUT_LIT (o, "}");
    }
  OUT_LIT (o, "],\"rccl_api\":[");
  for (guint64 i = 0; i < o->n; i++)
    if (gen_is_rccl (i))
      {
        if (!first)
          OUT_LIT (o, ",");
        first = FALSE;
        write_record_head (o, KIND_RCCL, OP_ALL_REDUCE, GEN_TID_BASE + gen_gpu (i, o->gpus),
                           gen_corr (i) + 1, gen_call_ts (i) - GEN_WRAP,
                           gen_call_ts (i) + GEN_CALL_DUR + GEN_WRAP);
        OUT_LIT (o, "}");
      }
  OUT_LIT (o, "]");
}

static void
write_copies (Out *o)
{
  gboolean first = TRUE;

  OUT_LIT (o, ",\"memory_copy\":[");
  for (guint64 i = 0; i < o->n; i++)
    if (gen_is_copy (i))
      {
        guint g = gen_gpu (i, o->gpus);

        if (!first)
          OUT_LIT (o, ",");
        first = FALSE;
        write_record_head (o, KIND_COPY, OP_HOST_TO_DEVICE, GEN_TID_BASE + g, gen_corr (i),
                           gen_device_ts (i), gen_device_ts (i) + gen_device_dur (i));
        OUT_LIT (o, ",\"dst_agent_id\":{\"handle\":");
        out_uint (o, (guint64)gen_agent (g));
        OUT_LIT (o, "},\"src_agent_id\":{\"handle\":");
        out_uint (o, GEN_AGENT_BASE);
        OUT_LIT (o, "},\"bytes\":");
        out_uint (o, gen_copy_bytes (i));
        OUT_LIT (o, ",\"stream_id\":{\"handle\":0}}");
      }
  OUT_LIT (o, "],\"memory_allocation\":[],\"scratch_memory\":[]}}]}\n");
}

static void
write_rocprof (Out *o)
{
  write_head (o);
  write_dispatches (o);
  write_hip (o);
  write_markers_and_rccl (o);
  write_copies (o);
}

/* --- the same events as a Chrome trace ------------------------------------- */

static void
write_x (Out *o, const char *cat, const char *name, guint64 pid, guint64 tid, gint64 ts, gint64 dur)
{
  OUT_LIT (o, ",\n{\"ph\":\"X\",\"cat\":\"");
  out_str (o, cat);
  OUT_LIT (o, "\",\"name\":\"");
  out_str (o, name);
  OUT_LIT (o, "\",\"pid\":");
  out_uint (o, pid);
  OUT_LIT (o, ",\"tid\":");
  out_uint (o, tid);
  OUT_LIT (o, ",\"ts\":");
  out_micros (o, ts);
  OUT_LIT (o, ",\"dur\":");
  out_micros (o, dur);
}

static void
write_flow (Out *o, const char *ph, guint64 pid, guint64 tid, gint64 ts, guint64 id)
{
  OUT_LIT (o, ",\n{\"ph\":\"");
  out_str (o, ph);
  OUT_LIT (o, "\",\"id\":");
  out_uint (o, id);
  OUT_LIT (o, ",\"pid\":");
  out_uint (o, pid);
  OUT_LIT (o, ",\"tid\":");
  out_uint (o, tid);
  OUT_LIT (o, ",\"ts\":");
  out_micros (o, ts);
  OUT_LIT (o, ",\"cat\":\"ac2g\",\"name\":\"ac2g\"");
  out_str (o, ph[0] == 'f' ? ",\"bp\":\"e\"}" : "}");
}

static void
write_chrome_launch (Out *o, guint64 i)
{
  guint   g = gen_gpu (i, o->gpus);
  guint64 tid = GEN_TID_BASE + g, corr = gen_corr (i);
  guint64 queue = gen_is_copy (i) ? 1 : (guint64)gen_queue_handle (g, gen_queue (i, o->gpus));

  if (gen_is_rccl (i))
    {
      write_x (o, "rccl_api", "ncclAllReduce", GEN_PID, tid, gen_call_ts (i) - GEN_WRAP,
               GEN_CALL_DUR + 2 * GEN_WRAP);
      OUT_LIT (o, "}");
    }
  write_x (o, "cuda_runtime", gen_is_copy (i) ? "hipMemcpyAsync" : "hipLaunchKernel", GEN_PID, tid,
           gen_call_ts (i), GEN_CALL_DUR);
  OUT_LIT (o, ",\"args\":{\"correlation\":");
  out_uint (o, corr);
  OUT_LIT (o, "}}");
  write_flow (o, "s", GEN_PID, tid, gen_call_ts (i), corr);
  write_x (o, gen_is_copy (i) ? "gpu_memcpy" : "kernel",
           gen_is_copy (i) ? "Memcpy HtoD" : gen_kernels[gen_kernel (i) - 1], g, queue,
           gen_device_ts (i), gen_device_dur (i));
  OUT_LIT (o, ",\"args\":{\"correlation\":");
  out_uint (o, corr);
  if (gen_is_copy (i))
    {
      OUT_LIT (o, ",\"bytes\":");
      out_uint (o, gen_copy_bytes (i));
    }
  else
    {
      OUT_LIT (o, ",\"grid\":[");
      out_uint (o, 256 * (1 + i % 64));
      OUT_LIT (o, ",1,1],\"block\":[256,1,1],\"stream\":");
      out_uint (o, queue);
    }
  OUT_LIT (o, "}}");
  write_flow (o, "f", g, queue, gen_device_ts (i), corr);
}

static void
write_chrome (Out *o)
{
  OUT_LIT (o, "{\"schemaVersion\":1,\"traceEvents\":[\n{\"ph\":\"M\",\"name\":\"process_name\","
              "\"pid\":");
  out_uint (o, GEN_PID);
  OUT_LIT (o, ",\"args\":{\"name\":\"python3\"}}");
  for (guint g = 0; g < o->gpus; g++)
    {
      OUT_LIT (o, ",\n{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":");
      out_uint (o, g);
      OUT_LIT (o, ",\"args\":{\"labels\":\"GPU ");
      out_uint (o, g);
      OUT_LIT (o, "\"}}");
    }
  for (guint64 i = 0; i < o->n; i++)
    {
      if (i % GEN_STEP_LAUNCHES == 0)
        {
          guint64 s = i / GEN_STEP_LAUNCHES;

          write_x (o, "user_annotation", "step", GEN_PID, GEN_TID_BASE, gen_marker_ts (s),
                   gen_marker_end (s, o->n) - gen_marker_ts (s));
          OUT_LIT (o, "}");
        }
      write_chrome_launch (o, i);
    }
  OUT_LIT (o, "\n]}\n");
}

static gboolean
generate (const char *path, guint64 n, guint gpus, gboolean chrome)
{
  Out      o = { .n = n, .gpus = gpus };
  gboolean ok;

  if (g_str_has_suffix (path, ".gz"))
    {
      o.gz = gzopen (path, "wb6");
      if (o.gz != NULL)
        gzbuffer (o.gz, OUT_CAP);
    }
  else
    o.fp = fopen (path, "wb");
  if (o.fp == NULL && o.gz == NULL)
    {
      g_printerr ("st-gen-rocprof: cannot open %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  o.buf = g_malloc (OUT_CAP);
  if (chrome)
    write_chrome (&o);
  else
    write_rocprof (&o);
  out_flush (&o);
  ok = !o.failed;
  if (o.fp != NULL && fclose (o.fp) != 0)
    ok = FALSE;
  if (o.gz != NULL && gzclose (o.gz) != Z_OK)
    ok = FALSE;
  g_free (o.buf);
  if (!ok)
    {
      g_printerr ("st-gen-rocprof: error writing %s\n", path);
      return FALSE;
    }
  g_printerr ("st-gen-rocprof: %s: %" G_GUINT64_FORMAT " launches on %u GPUs, %" G_GUINT64_FORMAT
              " bytes of %s JSON\n",
              path, n, gpus, o.bytes, chrome ? "Chrome" : "rocprofv3");
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint64             n = 4000;
  int                gpus = 2;
  gboolean           chrome = FALSE;
  g_autofree char   *output = NULL;
  const GOptionEntry entries[]
      = { { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
            "File to write (gzip-compressed if it ends in .gz)", "FILE" },
          { "events", 'n', 0, G_OPTION_ARG_INT64, &n,
            "Launches: HIP calls, each with its dispatch or copy (default 4000)", "N" },
          { "gpus", 'g', 0, G_OPTION_ARG_INT, &gpus, "GPUs, 1 to 8 (default 2)", "G" },
          { "chrome", 0, 0, G_OPTION_ARG_NONE, &chrome,
            "Write the same events as a Kineto-like Chrome trace", NULL },
          G_OPTION_ENTRY_NULL };
  g_autoptr (GOptionContext) context = g_option_context_new ("- write a synthetic rocprofv3 "
                                                             "profile");
  g_autoptr (GError)         error = NULL;

  g_set_prgname ("st-gen-rocprof");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context,
      "Writes a deterministic rocprofv3 JSON profile: HIP launch and copy calls on a thread\n"
      "per GPU, their kernel dispatches on two queues per GPU and their copies, RCCL calls\n"
      "around every eighth launch (copies aside), a marker range per 1024 launches. With\n"
      "--chrome, the same events as a Kineto-like Chrome trace. The same arguments give the\nsame "
      "bytes.");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("st-gen-rocprof: %s\n", error->message);
      return 2;
    }
  if (output == NULL || argc > 1)
    {
      g_printerr ("st-gen-rocprof: give -o FILE (and no other argument)\n");
      return 2;
    }
  if (gpus < 1 || gpus > GEN_MAX_GPUS || n < 1)
    {
      g_printerr ("st-gen-rocprof: --gpus must be 1 to %d and --events at least 1\n", GEN_MAX_GPUS);
      return 2;
    }
  return generate (output, (guint64)n, (guint)gpus, chrome) ? 0 : 1;
}
