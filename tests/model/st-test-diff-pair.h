/* st-test-diff-pair.h: a small Kineto-like profile written from a recipe,
 * so a pair (base and new) differs by known changes. Every step is the
 * same: a ProfilerStep#N host slice of step_us, aten::mm [90, 95) µs into
 * it holding a cudaLaunchKernel [91, 94) linked (correlation and an ac2g
 * flow) to the GEMM kernel; on GPU 0, stream 7: sm90_gemm_kernel [100,
 * 100 + gemm_us), the templated kernel [400, 450), the kernel named with
 * an address [500, 530) and, when added, added_kernel [600, 620); stream
 * 13: an NCCL AllReduce [700, 700 + allreduce_us) of nelems floats. */
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
} StTestDiffRecipe;

/* Writes the profile of @recipe to @path. */
void st_test_diff_write (const StTestDiffRecipe *recipe, const char *path);

G_END_DECLS
