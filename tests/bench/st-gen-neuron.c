/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-neuron.c: deterministic generator of Neuron profiler device-profile
 * JSON (the object of named arrays that `neuron-profile view
 * --output-format json` writes).
 *
 * The file holds every key of FORMATS.md: instruction, dma, active_time, the
 * four time series, summary (with its groups, their order and the
 * terminology), layer_summary, metadata, profile_info, model_info,
 * neff_header and warnings. The rows follow the formulas of st-gen-neuron.h
 * and the summary is computed from them, so its totals are the sums over the
 * rows they name (hbm_read_bytes, dma_transfer_count…). Fractions are written
 * 0–1 even where the name says percent, as the profiler does.
 *
 * Usage:
 *   st-gen-neuron [--instructions N | --size-mb M] [--cores K] -o FILE
 *
 *   -o, --output FILE       file to write; gzip-compressed when it ends in .gz
 *   -n, --instructions N    instructions per NeuronCore (default 3000)
 *   -m, --size-mb M         aim for about M MB of JSON instead
 *   -c, --cores K           NeuronCores, 1 to 8 (default 1); rows carry
 *                           nc_idx only when K > 1
 *
 * Usage errors exit with status 2, write errors with status 1.
 */

#include "st-gen-neuron.h"

#include <zlib.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define OUT_CAP         (1024 * 1024)
#define MAX_CORES       8
#define BYTES_PER_INSTR 600 /* measured: the whole file over the instructions */
#define PE_ROWS         128
#define PE_COLS         128
#define CLOCK_HZ        1.4e9
#define HBM_BW          410e9
#define DMA_BW          200e9

typedef struct
{
  FILE    *fp;
  gzFile   gz;
  char    *buf;
  gsize    len;
  guint64  bytes;
  gboolean failed;
  gboolean fresh; /* the last byte written opened an object */
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
  o->fresh = n > 0 && s[n - 1] == '{';
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
    {
      *--p = (char)('0' + u % 10);
      u /= 10;
    }
  while (u != 0);
  out_mem (o, p, (gsize)(tmp + sizeof tmp - p));
}

static void
out_double (Out *o, double v)
{
  char tmp[G_ASCII_DTOSTR_BUF_SIZE];

  out_str (o, g_ascii_formatd (tmp, sizeof tmp, "%.10g", v));
}

/* "key":value pairs; the first of an object has no comma before it. */
static void
key (Out *o, const char *name)
{
  if (!o->fresh)
    OUT_LIT (o, ",");
  OUT_LIT (o, "\"");
  out_str (o, name);
  OUT_LIT (o, "\":");
}

static void
kv_uint (Out *o, const char *name, guint64 v)
{
  key (o, name);
  out_uint (o, v);
}

static void
kv_double (Out *o, const char *name, double v)
{
  key (o, name);
  out_double (o, v);
}

static void
kv_str (Out *o, const char *name, const char *v)
{
  key (o, name);
  OUT_LIT (o, "\"");
  out_str (o, v);
  OUT_LIT (o, "\"");
}

typedef struct
{
  guint   cores;
  guint64 n;   /* instructions per core */
  gint64  end; /* last end of any row */
  guint64 hbm_read, hbm_write, sbuf_read, sbuf_write, spill_save, spill_reload;
  guint64 weight_queue, hardware_flops, transpose_flops;
  guint64 dma_count, dma_bytes, cc_dma_count;
  guint64 engine_count[GEN_N_ENGINES];
  gint64  engine_active[GEN_N_ENGINES];
} Totals;

static void
row_start (Out *o, guint64 *row)
{
  if (*row > 0)
    OUT_LIT (o, ",");
  OUT_LIT (o, "\n{");
  (*row)++;
}

static void
kv_core (Out *o, const Totals *t, guint core)
{
  if (t->cores > 1)
    kv_uint (o, "nc_idx", core);
}

static void
write_instruction (Out *o, Totals *t, guint core, guint64 j)
{
  guint64          n = t->n, flops = gen_flops (j);
  guint            e = gen_engine (j), block = gen_block (j, n);
  gint64           ts = gen_ts (core, j, n), dur = gen_dur (j);
  const char      *opcode = gen_opcode (j, n);
  g_autofree char *layer = gen_layer_path (block);
  char             buf[160];

  kv_uint (o, "id", gen_id (core, j));
  kv_uint (o, "timestamp", ts);
  kv_uint (o, "duration", dur);
  kv_str (o, "label", gen_engines[e]);
  kv_str (o, "subgroup", gen_engines[e]);
  kv_str (o, "opcode", opcode);
  g_snprintf (buf, sizeof buf, "src=sb[%u:%u] dst=%s[0:128] acc=%s", (guint)(j % 128) * 64,
              (guint)(j % 128) * 64 + 512, e <= 1 ? "psum" : "sb", e == 0 ? "true" : "false");
  kv_str (o, "operands", buf);
  g_snprintf (buf, sizeof buf, "%s.%u", e <= 1 ? "dot" : e == 3 ? "tanh" : "add", block * 7 + e);
  kv_str (o, "hlo_name", buf);
  kv_str (o, "layer", layer);
  g_snprintf (buf, sizeof buf, "sg%02u/%s", block / GEN_N_OPS, layer);
  kv_str (o, "fully_qualified_subgraph", buf);
  kv_uint (o, "hbm_read_bytes", gen_hbm_read (j));
  kv_uint (o, "hbm_write_bytes", gen_hbm_write (j));
  kv_uint (o, "sbuf_read_bytes", 512 + (j % 9) * 64);
  kv_uint (o, "sbuf_write_bytes", 256 + (j % 5) * 64);
  kv_uint (o, "spill_save_bytes", gen_spill_save (j));
  kv_uint (o, "spill_reload_bytes", gen_spill_reload (j));
  kv_uint (o, "psum_read_bytes", e <= 1 ? 1024 : 0);
  kv_uint (o, "psum_write_bytes", e <= 1 ? 2048 : 0);
  kv_uint (o, "weight_queue_bytes", gen_weight_queue (j));
  kv_uint (o, "flops", flops);
  kv_core (o, t, core);

  t->hbm_read += gen_hbm_read (j);
  t->hbm_write += gen_hbm_write (j);
  t->sbuf_read += 512 + (j % 9) * 64;
  t->sbuf_write += 256 + (j % 5) * 64;
  t->spill_save += gen_spill_save (j);
  t->spill_reload += gen_spill_reload (j);
  t->weight_queue += gen_weight_queue (j);
  t->hardware_flops += flops;
  if (strcmp (opcode, "Transpose") == 0)
    t->transpose_flops += flops;
  t->engine_count[e]++;
  t->end = MAX (t->end, ts + dur);
}

static void
write_instructions (Out *o, Totals *t)
{
  guint64 row = 0;

  OUT_LIT (o, "{\"instruction\":[");
  for (guint c = 0; c < t->cores; c++)
    for (guint64 j = 0; j < t->n; j++)
      {
        row_start (o, &row);
        write_instruction (o, t, c, j);
        OUT_LIT (o, "}");
      }
  OUT_LIT (o, "]");
}

static void
write_dma (Out *o, Totals *t, guint core, guint64 j)
{
  const char *queue = gen_dma_queue (j, t->n);
  gboolean    cc = strcmp (queue, "cc") == 0;
  guint64     size = gen_dma_size (j);
  gint64      ts = gen_dma_ts (core, j, t->n), dur = gen_dma_dur (j);
  char        engine[16];

  g_snprintf (engine, sizeof engine, "qdma%u", (guint)((j / GEN_DMA_EVERY) % 16));
  kv_uint (o, "timestamp", ts);
  kv_uint (o, "duration", dur);
  kv_str (o, "subgroup", queue);
  kv_str (o, "dma_engine", engine);
  kv_uint (o, "transfer_size", size);
  kv_uint (o, "read_size", size);
  kv_uint (o, "write_size", size);
  kv_str (o, "source", strcmp (queue, "qActIO") == 0 ? "SB" : "HBM");
  kv_str (o, "dest", strcmp (queue, "qActIO") == 0 || cc ? "HBM" : "SB");
  key (o, "is_cc_dma");
  out_str (o, cc ? "true" : "false");
  kv_core (o, t, core);
  t->dma_count++;
  t->dma_bytes += size;
  t->cc_dma_count += cc;
  t->end = MAX (t->end, ts + dur);
}

static void
write_dmas (Out *o, Totals *t)
{
  guint64 row = 0;

  OUT_LIT (o, ",\n\"dma\":[");
  for (guint c = 0; c < t->cores; c++)
    for (guint64 j = 0; j < t->n; j += GEN_DMA_EVERY)
      {
        row_start (o, &row);
        write_dma (o, t, c, j);
        OUT_LIT (o, "}");
      }
  OUT_LIT (o, "]");
}

/* One row per core, engine and block: from the engine's first start in the
 * block to its last end. */
static void
write_active_times (Out *o, Totals *t)
{
  guint64 row = 0;

  OUT_LIT (o, ",\n\"active_time\":[");
  for (guint c = 0; c < t->cores; c++)
    for (guint64 j0 = 0; j0 < t->n;)
      {
        guint   block = gen_block (j0, t->n);
        gint64  start[GEN_N_ENGINES], end[GEN_N_ENGINES];
        guint64 j;

        for (guint e = 0; e < GEN_N_ENGINES; e++)
          start[e] = end[e] = -1;
        for (j = j0; j < t->n && gen_block (j, t->n) == block; j++)
          {
            guint e = gen_engine (j);
            if (start[e] < 0)
              start[e] = gen_ts (c, j, t->n);
            end[e] = MAX (end[e], gen_ts (c, j, t->n) + gen_dur (j));
          }
        for (guint e = 0; e < GEN_N_ENGINES; e++)
          if (start[e] >= 0)
            {
              row_start (o, &row);
              kv_str (o, "engine", gen_engines[e]);
              kv_uint (o, "start_ts", start[e]);
              kv_uint (o, "end_ts", end[e]);
              kv_uint (o, "duration_ns", end[e] - start[e]);
              kv_core (o, t, c);
              OUT_LIT (o, "}");
              t->engine_active[e] += end[e] - start[e];
            }
        j0 = j;
      }
  OUT_LIT (o, "]");
}

static void
write_semaphores (Out *o, Totals *t)
{
  guint64 row = 0;

  OUT_LIT (o, ",\n\"semaphore_update\":[");
  for (guint c = 0; c < t->cores; c++)
    {
      guint64 value[GEN_N_SEMAPHORES] = { 0 };

      for (guint64 j = 5; j < t->n; j += GEN_N_ENGINES)
        {
          guint id = (guint)((j / GEN_N_ENGINES) % GEN_N_SEMAPHORES);
          row_start (o, &row);
          kv_uint (o, "id", id);
          kv_uint (o, "value", ++value[id]);
          kv_uint (o, "timestamp", gen_ts (c, j, t->n) + gen_dur (j));
          kv_core (o, t, c);
          OUT_LIT (o, "}");
        }
    }
  OUT_LIT (o, "]");
}

/* pending_dma, dma_throughput and instruction_usage: a sample every
 * GEN_SAMPLE_EVERY instructions, one numeric member per series. */
static void
write_series (Out *o, Totals *t, const char *name)
{
  guint64 row = 0;

  OUT_LIT (o, ",\n\"");
  out_str (o, name);
  OUT_LIT (o, "\":[");
  for (guint c = 0; c < t->cores; c++)
    for (guint64 j = 0; j < t->n; j += GEN_SAMPLE_EVERY)
      {
        guint64 k = j / GEN_SAMPLE_EVERY;

        row_start (o, &row);
        kv_uint (o, "timestamp", gen_ts (c, j, t->n));
        if (strcmp (name, "pending_dma") == 0)
          kv_uint (o, "pending", k % 9);
        else if (strcmp (name, "dma_throughput") == 0)
          {
            kv_double (o, "read_bytes_per_s", 1e9 * (1 + k % 7));
            kv_double (o, "write_bytes_per_s", 5e8 * (1 + k % 3));
          }
        else
          for (guint e = 0; e < GEN_N_ENGINES; e++)
            {
              g_autofree char *lower = g_ascii_strdown (gen_engines[e], -1);
              kv_double (o, lower, ((k + e) % 10) / 10.0);
            }
        kv_core (o, t, c);
        OUT_LIT (o, "}");
      }
  OUT_LIT (o, "]");
}

typedef struct
{
  const char *name;
  double      value;
  const char *description;
} Metric;

static void
fill_summary (const Totals *t, GArray *m)
{
  double       total_ns = (double)(t->end - GEN_T0), total_s = total_ns / 1e9;
  double       peak = PE_ROWS * PE_COLS * 2.0 * CLOCK_HZ * t->cores;
  double       model_flops = (double)(t->hardware_flops - t->transpose_flops);
  double       hbm = (double)(t->hbm_read + t->hbm_write);
  guint64      n_instr = t->n * t->cores;
  const Metric metrics[] = {
    { "total_time", total_s, "Total duration of on-device time for the run in seconds." },
    { "instruction_count", (double)n_instr, "Instructions executed on all engines." },
    { "tensor_engine_instruction_count", (double)t->engine_count[0], NULL },
    { "vector_engine_instruction_count", (double)t->engine_count[2], NULL },
    { "scalar_engine_instruction_count", (double)t->engine_count[3], NULL },
    { "gpsimd_engine_instruction_count", (double)t->engine_count[4], NULL },
    { "tensor_engine_active_time_percent", t->engine_active[0] / (total_ns * t->cores),
      "Share of the time the Tensor engine runs at least one instruction." },
    { "vector_engine_active_time_percent", t->engine_active[2] / (total_ns * t->cores),
      "Share of the time the Vector engine runs at least one instruction." },
    { "scalar_engine_active_time_percent", t->engine_active[3] / (total_ns * t->cores),
      "Share of the time the Scalar engine runs at least one instruction." },
    { "gpsimd_engine_active_time_percent", t->engine_active[4] / (total_ns * t->cores),
      "Share of the time the GpSimd engine runs at least one instruction." },
    { "mfu_estimated_percent", model_flops / (peak * total_s),
      "Model FLOPs Utilization: Tensor engine utilization for useful compute." },
    { "hfu_estimated_percent", t->hardware_flops / (peak * total_s),
      "Hardware FLOPs Utilization from all Tensor engine instructions." },
    { "mbu_estimated_percent", hbm / (HBM_BW * t->cores * total_s),
      "Memory Bandwidth Utilization: achieved HBM bandwidth over the peak." },
    { "hardware_flops", (double)t->hardware_flops, "FLOPs of all Tensor engine instructions." },
    { "model_flops", model_flops, "FLOPs of the matrix multiplications of the model." },
    { "transpose_flops", (double)t->transpose_flops, "FLOPs spent on transposes." },
    { "mm_arithmetic_intensity", model_flops / hbm,
      "Matrix multiplication FLOPs over the bytes moved to and from DRAM." },
    { "peak_flops_bandwidth_ratio", peak / (HBM_BW * t->cores),
      "Peak FLOPs over peak HBM bandwidth: below it a kernel is memory-bound." },
    { "hbm_read_bytes", (double)t->hbm_read, "Bytes read from HBM." },
    { "hbm_write_bytes", (double)t->hbm_write, "Bytes written to HBM." },
    { "sbuf_read_bytes", (double)t->sbuf_read, NULL },
    { "sbuf_write_bytes", (double)t->sbuf_write, NULL },
    { "spill_reload_bytes", (double)t->spill_reload, "Bytes reloaded into SBUF after a spill." },
    { "spill_save_bytes", (double)t->spill_save, "Bytes spilled from SBUF to HBM." },
    { "useful_read_percent", (t->hbm_read - t->spill_reload) / (double)t->hbm_read,
      "Share of HBM reads that are not reloads." },
    { "total_bandwidth_available", HBM_BW * t->cores * total_s,
      "Bytes the HBM could move in the time of the run." },
    { "dma_transfer_count", (double)t->dma_count, "DMA transfers." },
    { "dma_transfer_average_bytes", (double)t->dma_bytes / t->dma_count,
      "Average size of a DMA transfer (higher is better)." },
    { "dma_transfer_total_bytes", (double)t->dma_bytes, NULL },
    { "cc_dma_transfer_count", (double)t->cc_dma_count, "DMA transfers of collectives." },
    { "weight_queue_bytes", (double)t->weight_queue, "Bytes of weights loaded." },
    { "weight_size_bytes", (double)t->weight_queue / 4, "Bytes of the model's weights." },
    { "sbuf_reload_ratio", (double)t->spill_reload / t->sbuf_read, NULL },
    { "sbuf_save_ratio", (double)t->spill_save / t->sbuf_write, NULL },
    { "throttle_active_percent", 0.0, "Share of active time the engines were throttled." },
    { "throttle_inactive_percent", 0.0125, "Share of idle time the engines were throttled." },
    { "throttle_event_count", 3, NULL },
  };

  g_array_append_vals (m, metrics, G_N_ELEMENTS (metrics));
}

static void
write_summary (Out *o, Totals *t)
{
  g_autoptr (GArray)       m = g_array_new (FALSE, FALSE, sizeof (Metric));
  static const char *const groups[][2] = {
    { "total_time", "overall_stats" },
    { "*_instruction_count", "overall_stats" },
    { "instruction_count", "overall_stats" },
    { "*_engine_active_time_percent", "overall_stats" },
    { "mfu_estimated_percent", "tensor_engine" },
    { "hfu_estimated_percent", "tensor_engine" },
    { "*_flops", "tensor_engine" },
    { "mm_arithmetic_intensity", "tensor_engine" },
    { "peak_flops_bandwidth_ratio", "system" },
    { "total_bandwidth_available", "system" },
    { "mbu_estimated_percent", "data_movement" },
    { "hbm_*", "data_movement" },
    { "sbuf_*", "data_movement" },
    { "spill_*", "data_movement" },
    { "useful_read_percent", "data_movement" },
    { "*dma_*", "data_movement" },
    { "weight_*", "data_movement" },
    { "throttle_*", "throttling_nc0" },
  };
  static const char *const order[] = {
    "overall_stats", "tensor_engine", "data_movement", "system", "throttling_nc0",
  };

  fill_summary (t, m);
  OUT_LIT (o, ",\n\"summary\":[{");
  for (guint i = 0; i < m->len; i++)
    kv_double (o, g_array_index (m, Metric, i).name, g_array_index (m, Metric, i).value);
  OUT_LIT (o, "}],\n\"summary_groups\":[{");
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    kv_str (o, groups[i][0], groups[i][1]);
  OUT_LIT (o, "}],\n\"summary_group_order\":[{");
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    kv_uint (o, order[i], i);
  OUT_LIT (o, "}],\n\"terminology\":[{");
  for (guint i = 0; i < m->len; i++)
    if (g_array_index (m, Metric, i).description != NULL)
      kv_str (o, g_array_index (m, Metric, i).name, g_array_index (m, Metric, i).description);
  OUT_LIT (o, "}]");
}

/* Per layer of the model, over every core. */
static void
write_layer_summary (Out *o, Totals *t)
{
  OUT_LIT (o, ",\n\"layer_summary\":[");
  for (guint layer = 0; layer <= GEN_N_LAYERS; layer++)
    {
      gint64  start = G_MAXINT64, end = 0;
      guint64 count[GEN_N_ENGINES] = { 0 }, flops = 0, transpose = 0;
      double  peak = PE_ROWS * PE_COLS * 2.0 * CLOCK_HZ * t->cores;
      char    name[64];

      for (guint c = 0; c < t->cores; c++)
        for (guint64 j = 0; j < t->n; j++)
          {
            guint b = gen_block (j, t->n);
            if ((layer < GEN_N_LAYERS && b / GEN_N_OPS != layer)
                || (layer == GEN_N_LAYERS && !gen_is_collective_block (b)))
              continue;
            start = MIN (start, gen_ts (c, j, t->n));
            end = MAX (end, gen_ts (c, j, t->n) + gen_dur (j));
            count[gen_engine (j)]++;
            flops += gen_flops (j);
            if (strcmp (gen_opcode (j, t->n), "Transpose") == 0)
              transpose += gen_flops (j);
          }
      if (layer < GEN_N_LAYERS)
        g_snprintf (name, sizeof name, "model/decoder/layer_%u", layer);
      else
        g_strlcpy (name, "model/grad_sync", sizeof name);
      if (layer > 0)
        OUT_LIT (o, ",");
      OUT_LIT (o, "\n{");
      kv_str (o, "name", name);
      kv_uint (o, "start", start);
      kv_uint (o, "end", end);
      kv_uint (o, "duration", end - start);
      for (guint e = 0; e < GEN_N_ENGINES; e++)
        {
          g_autofree char *lower = g_ascii_strdown (gen_engines[e], -1);
          g_autofree char *k = g_strdup_printf ("%s_engine_instruction_count", lower);
          kv_uint (o, k, count[e]);
        }
      kv_uint (o, "tensor_engine_flop_count", flops);
      kv_uint (o, "tensor_engine_model_flop_count", flops - transpose);
      kv_double (o, "mfu_estimated_percent", (flops - transpose) / (peak * (end - start) / 1e9));
      kv_double (o, "hfu_estimated_percent", flops / (peak * (end - start) / 1e9));
      OUT_LIT (o, "}");
    }
  OUT_LIT (o, "]");
}

static void
write_tail (Out *o, Totals *t)
{
  OUT_LIT (o, ",\n\"metadata\":[{");
  kv_uint (o, "pe_num_rows", PE_ROWS);
  kv_uint (o, "pe_num_cols", PE_COLS);
  kv_double (o, "pe_clock_freq", CLOCK_HZ);
  kv_double (o, "hbm_ddr_bandwidth", HBM_BW);
  kv_double (o, "dma_ddr_bandwidth", DMA_BW);
  kv_uint (o, "first_hw_timestamp", G_GUINT64_CONSTANT (1720000000000000001));
  kv_uint (o, "last_hw_timestamp",
           G_GUINT64_CONSTANT (1720000000000000001) + (guint64)(t->end - GEN_T0));
  OUT_LIT (o, "}],\n\"profile_info\":[{\"profiler_version\":\"2.27.0\","
              "\"capture_time\":\"2025-06-01T12:00:00Z\",\"instance_type\":\"trn1.32xlarge\"}],\n"
              "\"model_info\":[{\"name\":\"llama-tiny\",\"framework\":\"torch-neuronx\","
              "\"num_layers\":4}],\n"
              "\"neff_header\":[{\"neff_version\":\"2.0\",\"compiler_version\":\"2.16.372\","
              "\"num_neuron_cores\":");
  out_uint (o, t->cores);
  OUT_LIT (o, "}],\n\"warnings\":["
              "{\"type\":\"dropped_events\",\"message\":\"12 DMA descriptors were dropped by the "
              "trace buffer\"},\n"
              "\"3 subgraphs were compiled without layer names\"]}\n");
}

static gboolean
generate (const char *path, guint cores, guint64 n)
{
  Out      o = { 0 };
  Totals   t = { .cores = cores, .n = n };
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
      g_printerr ("st-gen-neuron: cannot open %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  o.buf = g_malloc (OUT_CAP);
  write_instructions (&o, &t);
  write_dmas (&o, &t);
  write_active_times (&o, &t);
  write_semaphores (&o, &t);
  write_series (&o, &t, "pending_dma");
  write_series (&o, &t, "dma_throughput");
  write_series (&o, &t, "instruction_usage");
  write_summary (&o, &t);
  write_layer_summary (&o, &t);
  write_tail (&o, &t);
  out_flush (&o);
  ok = !o.failed;
  if (o.fp != NULL && fclose (o.fp) != 0)
    ok = FALSE;
  if (o.gz != NULL && gzclose (o.gz) != Z_OK)
    ok = FALSE;
  g_free (o.buf);
  if (!ok)
    {
      g_printerr ("st-gen-neuron: error writing %s\n", path);
      return FALSE;
    }
  g_printerr ("st-gen-neuron: %s: %" G_GUINT64_FORMAT
              " instructions on %u cores, %" G_GUINT64_FORMAT " bytes of JSON\n",
              path, n * cores, cores, o.bytes);
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint64             n = 3000, size_mb = 0;
  int                cores = 1;
  g_autofree char   *output = NULL;
  const GOptionEntry entries[]
      = { { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
            "File to write (gzip-compressed if it ends in .gz)", "FILE" },
          { "instructions", 'n', 0, G_OPTION_ARG_INT64, &n,
            "Instructions per NeuronCore (default 3000)", "N" },
          { "size-mb", 'm', 0, G_OPTION_ARG_INT64, &size_mb,
            "Aim for about M MB of JSON; --instructions is then ignored", "M" },
          { "cores", 'c', 0, G_OPTION_ARG_INT, &cores, "NeuronCores, 1 to 8 (default 1)", "K" },
          G_OPTION_ENTRY_NULL };
  g_autoptr (GOptionContext) context = g_option_context_new ("- write a synthetic Neuron "
                                                             "device profile");
  g_autoptr (GError)         error = NULL;

  g_set_prgname ("st-gen-neuron");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context,
      "Writes a deterministic Neuron profiler device-profile JSON file: instructions on six\n"
      "engines for four decoder layers and a gradient all-reduce, DMA queues with a\n"
      "collective queue, active times, time series, the summary metrics with their groups\n"
      "and terminology, the layer summary and the metadata. The same arguments give the\n"
      "same bytes.");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("st-gen-neuron: %s\n", error->message);
      return 2;
    }
  if (output == NULL || argc > 1)
    {
      g_printerr ("st-gen-neuron: give -o FILE (and no other argument)\n");
      return 2;
    }
  if (cores < 1 || cores > MAX_CORES)
    {
      g_printerr ("st-gen-neuron: --cores must be between 1 and %d\n", MAX_CORES);
      return 2;
    }
  if (size_mb > 0)
    n = size_mb * 1000000 / BYTES_PER_INSTR / cores;
  if (n < GEN_N_BLOCKS * GEN_N_ENGINES)
    {
      g_printerr ("st-gen-neuron: at least %d instructions per core\n",
                  GEN_N_BLOCKS * GEN_N_ENGINES);
      return 2;
    }
  return generate (output, (guint)cores, (guint64)n) ? 0 : 1;
}
