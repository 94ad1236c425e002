/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-rocprof.h: the records st-gen-rocprof writes, as formulas.
 *
 * Every value is a function of the launch index i (0 <= i < n), so the
 * generator writes each array in one pass and the tests compute the counts
 * and times they expect instead of copying numbers.
 *
 * Launch i is one HIP call on the host thread of GPU i % gpus, at
 * GEN_T0 + i * GEN_STEP, and the device work it launches GEN_LAUNCH later
 * with the same correlation id: a memory copy from the host for every
 * seventeenth (i % 17 == 3, hipMemcpyAsync), else a kernel dispatch
 * (hipLaunchKernel) on queue (i / gpus) % 2 of its GPU. Other launches with
 * i % 8 == 7 are RCCL kernels, their launch inside an ncclAllReduce call.
 * A marker range ("step S") on GPU 0's thread encloses the calls of each
 * GEN_STEP_LAUNCHES launches. Nothing overlaps on a thread, a queue or a
 * copy track: a call with its RCCL call around it spans
 * [ts - GEN_WRAP, ts + GEN_CALL_DUR + GEN_WRAP], less than GEN_STEP.
 */
#pragma once

#include <glib.h>

#define GEN_T0            G_GINT64_CONSTANT (1000000000)
#define GEN_STEP          4000
#define GEN_CALL_DUR      2000
#define GEN_WRAP          500
#define GEN_MARK_PAD      200 /* a marker range around its first and last calls */
#define GEN_LAUNCH        20000
#define GEN_STEP_LAUNCHES 1024
#define GEN_COPY_EVERY    17
#define GEN_RCCL_EVERY    8
#define GEN_N_KERNELS     5 /* and the RCCL kernel */
#define GEN_PID           4242
#define GEN_TID_BASE      4200
#define GEN_AGENT_BASE    1000 /* two CPU agents, then the GPUs */
#define GEN_QUEUE_BASE    16
#define GEN_MARKER_CORR   (G_GUINT64_CONSTANT (1) << 40)
#define GEN_MAX_GPUS      8

/* The kernel symbols: ids 1 to GEN_N_KERNELS, then the RCCL kernel. */
static const char *const gen_kernels[GEN_N_KERNELS + 1] = {
  "Cijk_Ailk_Bljk_BBS_BH_MT128x128x64_MI16x16x16x1_SN_1LDSB0_APM1",
  "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<c10::BFloat16>, "
  "std::array<char*, 3ul> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, std::array<char*, "
  "3ul>)",
  "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, "
  "float, float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, "
  "at::native::MeanOps<float, float, float, float>, unsigned int, float, 4>)",
  "void ck_tile::kentry<256, 2, ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVSAsync> >("
  "ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVSAsync>::FmhaFwdBatchModeKargs)",
  "void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, float, float, float, "
  "at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, float const*, int)",
  "ncclDevKernel_Generic_1(ncclDevKernelArgsStorage<4096ul>)",
};

static inline gboolean
gen_is_copy (guint64 i)
{
  return i % GEN_COPY_EVERY == 3;
}

static inline gboolean
gen_is_rccl (guint64 i)
{
  return !gen_is_copy (i) && i % GEN_RCCL_EVERY == 7;
}

static inline guint
gen_gpu (guint64 i, guint gpus)
{
  return (guint)(i % gpus);
}

static inline guint
gen_queue (guint64 i, guint gpus)
{
  return (guint)((i / gpus) % 2);
}

static inline gint64
gen_call_ts (guint64 i)
{
  return GEN_T0 + (gint64)i * GEN_STEP;
}

static inline gint64
gen_device_ts (guint64 i)
{
  return gen_call_ts (i) + GEN_LAUNCH;
}

static inline gint64
gen_device_dur (guint64 i)
{
  return 1000 + (gint64)((i * 37) % 4000);
}

static inline guint64
gen_corr (guint64 i)
{
  return 4 * i + 1;
}

/* The kernel id of a dispatch (1 to GEN_N_KERNELS + 1). */
static inline guint
gen_kernel (guint64 i)
{
  return gen_is_rccl (i) ? GEN_N_KERNELS + 1 : 1 + (guint)(i % GEN_N_KERNELS);
}

static inline guint64
gen_copy_bytes (guint64 i)
{
  return G_GUINT64_CONSTANT (1048576) * (1 + i % 4);
}

static inline gint64
gen_agent (guint gpu)
{
  return GEN_AGENT_BASE + 2 + gpu;
}

static inline gint64
gen_queue_handle (guint gpu, guint queue)
{
  return GEN_QUEUE_BASE + 2 * gpu + queue;
}

static inline guint64
gen_n_steps (guint64 n)
{
  return (n + GEN_STEP_LAUNCHES - 1) / GEN_STEP_LAUNCHES;
}

/* Marker range s: from before the first call of its launches to after the
 * last (with an RCCL call around either). */
static inline gint64
gen_marker_ts (guint64 s)
{
  return gen_call_ts (s * GEN_STEP_LAUNCHES) - GEN_WRAP - GEN_MARK_PAD;
}

static inline gint64
gen_marker_end (guint64 s, guint64 n)
{
  guint64 last = MIN (n, (s + 1) * GEN_STEP_LAUNCHES) - 1;
  return gen_call_ts (last) + GEN_CALL_DUR + GEN_WRAP + GEN_MARK_PAD;
}
