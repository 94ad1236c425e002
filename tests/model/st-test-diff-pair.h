/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-test-diff-pair.h: a small Kineto-like profile written from a recipe,
 * so a pair (base and new) differs by known changes. Every step is the
 * same: a ProfilerStep#N host slice of step_us (or of its own length, when
 * the recipe gives them), aten::mm [90, 95) µs into
 * it holding a launch call [91, 94) (cudaLaunchKernel unless the recipe
 * names another) linked (correlation and an ac2g flow) to the GEMM
 * kernel; on GPU 0, stream 7: the GEMM kernel [100, 100 + gemm_us)
 * (sm90_gemm_kernel unless named), an attention kernel [355, 355 +
 * attention_us) when named, the templated kernel [400, 400 +
 * elementwise_us) (50 µs unless given), the kernel named with an address
 * [500, 530), when added, added_kernel [600, 620), and any copies ("Memcpy
 * DtoD (Device -> Device)", 2 µs each from 640, 3 µs apart); stream 13: an NCCL
 * AllReduce [700, 700 + allreduce_us) of nelems floats.
 *
 * When the recipe says so: a host wait, aten::item [10, 14 + w) holding
 * aten::_local_scalar_dense [11, 13 + w) holding cudaMemcpyAsync [12, 12 +
 * w) µs into every step; Kineto's span of the whole recording, "PyTorch
 * Profiler (0)", on a track of its own; and the metadata deviceProperties
 * (one entry, id 0, the GPU's) and distributedInfo.world_size. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gboolean    steps; /* FALSE: the same work, without ProfilerStep slices */
  guint       n_steps;
  guint       step_us;
  guint       gemm_us;
  guint       allreduce_us;
  guint       nelems;
  const char *templated; /* "elementwise_kernel<float, 4>" */
  const char *addressed; /* "kernel_at_0x7f3a12" */
  gboolean    added;
  /* What the recipes of the environment and kernel-class tests change; 0
   * or NULL keeps the profile above. */
  const char  *device_name;    /* deviceProperties[0].name; NULL: no deviceProperties */
  guint        world_size;     /* distributedInfo.world_size; 0: no distributedInfo */
  const char  *launch;         /* the launch call; NULL: cudaLaunchKernel */
  const char  *gemm;           /* the GEMM kernel; NULL: sm90_gemm_kernel */
  const char  *attention;      /* an attention kernel; NULL: none */
  guint        attention_us;   /* at most 40 */
  guint        elementwise_us; /* the templated kernel's length; 0: 50 */
  guint        item_wait_us;   /* the host wait under aten::item; 0: none; at most 70 */
  gboolean     profiler_span;
  const guint *step_lengths_us; /* n_steps lengths, each at least 1000; NULL: all step_us */
  guint        copies; /* device-to-device copies of 2 µs from 640, 3 µs apart; at most 18 */
} StTestDiffRecipe;

/* Writes the profile of @recipe to @path. */
void st_test_diff_write (const StTestDiffRecipe *recipe, const char *path);

G_END_DECLS
