/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-neuron.h: the rows st-gen-neuron writes, as formulas.
 *
 * Every value of a row is a function of its core and its index, so the
 * generator writes the arrays in one pass each and the tests compute the
 * counts and times they expect instead of copying numbers.
 *
 * Per core, instruction j (0 <= j < n) belongs to block j * N_BLOCKS / n:
 * blocks 0–23 are the six projections of four decoder layers, block 24 is
 * the gradient all-reduce. Engines take turns (j % 6); a gap between
 * blocks keeps the layer spans apart. Every fourth instruction starts a DMA.
 */
#pragma once

#include <glib.h>

#define GEN_N_ENGINES    6
#define GEN_N_LAYERS     4
#define GEN_N_OPS        6
#define GEN_N_BLOCKS     (GEN_N_LAYERS * GEN_N_OPS + 1)
#define GEN_T0           2000
#define GEN_STEP         100
#define GEN_BLOCK_GAP    1000
#define GEN_CORE_SKEW    7
#define GEN_DMA_EVERY    4
#define GEN_SAMPLE_EVERY 64
#define GEN_N_SEMAPHORES 4
#define GEN_ID_BASE      G_GUINT64_CONSTANT (0x1000000000000000)

static const char *const gen_engines[GEN_N_ENGINES] = {
  "Tensor", "TensorMatrix", "Vector", "Scalar", "GpSimd", "Sync",
};

static const char *const gen_ops[GEN_N_OPS] = {
  "attention/q_proj", "attention/k_proj", "attention/v_proj",
  "attention/o_proj", "mlp/up_proj",      "mlp/down_proj",
};

static const char *const gen_queues[3] = { "qSyncIO", "qWeightLoad", "qActIO" };

static inline guint
gen_block (guint64 j, guint64 n)
{
  return (guint)(j * GEN_N_BLOCKS / n);
}

static inline gboolean
gen_is_collective_block (guint block)
{
  return block == GEN_N_BLOCKS - 1;
}

static inline gint64
gen_ts (guint core, guint64 j, guint64 n)
{
  return GEN_T0 + core * GEN_CORE_SKEW + (gint64)j * GEN_STEP
         + (gint64)gen_block (j, n) * GEN_BLOCK_GAP;
}

static inline gint64
gen_dur (guint64 j)
{
  return 50 + (gint64)((j * 37) % 500);
}

static inline guint
gen_engine (guint64 j)
{
  return (guint)(j % GEN_N_ENGINES);
}

static inline const char *
gen_opcode (guint64 j, guint64 n)
{
  guint e = gen_engine (j);

  if (gen_is_collective_block (gen_block (j, n)))
    return e == 4 || e == 5 ? "AllReduce" : "CollectiveCompute";
  switch (e)
    {
    case 0: return "MatMult";
    case 1: return (j / GEN_N_ENGINES) % 4 == 0 ? "Transpose" : "MatMult";
    case 2: return "TensorTensor";
    case 3: return "Activation";
    case 4: return "Iota";
    default: return "SemaphoreWait";
    }
}

/* The id is above 2^53 with its lowest bit set: a double cannot hold it. */
static inline guint64
gen_id (guint core, guint64 j)
{
  return GEN_ID_BASE + ((guint64)core << 40) + j * 2 + 1;
}

/* Flops of tensor engine work (0 for other engines). */
static inline guint64
gen_flops (guint64 j)
{
  return gen_engine (j) <= 1 ? 2 * 128 * 128 * (192 + (j * 11) % 320) : 0;
}

static inline guint64
gen_hbm_read (guint64 j)
{
  return gen_engine (j) == 0 ? 4096 + (j % 7) * 512 : 0;
}

static inline guint64
gen_hbm_write (guint64 j)
{
  return gen_engine (j) == 2 ? 2048 + (j % 5) * 256 : 0;
}

static inline guint64
gen_spill_save (guint64 j)
{
  return j % 50 == 3 ? 1024 : 0;
}

static inline guint64
gen_spill_reload (guint64 j)
{
  return j % 50 == 27 ? 1024 : 0;
}

static inline guint64
gen_weight_queue (guint64 j)
{
  return gen_engine (j) == 0 ? 8192 : 0;
}

static inline gboolean
gen_has_dma (guint64 j)
{
  return j % GEN_DMA_EVERY == 0;
}

static inline gint64
gen_dma_ts (guint core, guint64 j, guint64 n)
{
  return gen_ts (core, j, n) + 30;
}

static inline gint64
gen_dma_dur (guint64 j)
{
  return 100 + (gint64)((j * 13) % 250);
}

/* The DMA queue of instruction j's transfer; "cc" in the collective block. */
static inline const char *
gen_dma_queue (guint64 j, guint64 n)
{
  if (gen_is_collective_block (gen_block (j, n)))
    return "cc";
  return gen_queues[(j / GEN_DMA_EVERY) % 3];
}

static inline guint64
gen_dma_size (guint64 j)
{
  return (guint64)2048 << ((j / GEN_DMA_EVERY) % 5);
}

/* The layer path of a block, "model/decoder/layer_0/attention/q_proj". */
static inline char *
gen_layer_path (guint block)
{
  if (gen_is_collective_block (block))
    return g_strdup ("model/grad_sync/all_reduce");
  return g_strdup_printf ("model/decoder/layer_%u/%s", block / GEN_N_OPS,
                          gen_ops[block % GEN_N_OPS]);
}
