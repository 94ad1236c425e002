/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-name.h: the identifying short form of an operation's name,
 * for tables that have a column's width to show it in.
 *
 * A Python frame keeps its file, line and function, without the folders:
 * "torch/nn/modules/module.py(1527): _call_impl" is
 * "module.py(1527): _call_impl", and the function is the part that must
 * stay visible. A C++ kernel signature keeps its name and its template
 * arguments, without the return type, the parameter list and the
 * namespaces: "void at::native::vectorized_elementwise_kernel<4,
 * at::native::FillFunctor<float> >(int, …)" is
 * "vectorized_elementwise_kernel<4, FillFunctor<float> >". Any other name
 * (NCCL and cuBLAS kernel names, framework ops, annotations) is its own
 * short form. What does not fit is cut at the end, never in the middle. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The short form of @name; *@keep_from (when not NULL) is the byte offset
 * in it where the part that must never be cut starts (the function of a
 * Python frame), or its length when all of it may be cut at the end. */
char *st_operation_name_shorten (const char *name, gsize *keep_from);

/* Whether @name is the profiler's own span of the recording, not the
 * program's work (docs/metrics.md 8.6): Kineto's "PyTorch Profiler (0)",
 * and the frames of JAX's profiler module that start the trace, stop it
 * (writing it out) or hold it: "$profiler.py:91 start_trace",
 * "$profiler.py:193 stop_trace", "$profiler.py:226 trace". */
gboolean st_operation_name_is_profiler_span (const char *name);
/* Whether @name is one of JAX's profiler frames that start or stop the
 * trace (its start-up, or the writing of its trace): the profiler spans
 * above that hold no program work at all. */
gboolean st_operation_name_is_profiler_start_stop (const char *name);
/* Whether @name is torch.compile's: a compiled region as PyTorch's
 * profiler names it ("CompiledFunction", "CompiledFunctionBackward",
 * "torch-compiled…", "Torch-Compiled Region…", docs/metrics.md 8.11), or,
 * with @kernels, a kernel Inductor made (its Triton kernels, named by their
 * kind: "triton_poi_", "triton_per_", "triton_red_", "triton_tem_"). */
gboolean st_operation_name_is_compiled (const char *name, gboolean kernels);

typedef enum
{
  ST_RUNTIME_CALL_NONE,
  ST_RUNTIME_CALL_CUDA, /* "cudaMemcpyAsync", "cuLaunchKernel", "cudaMemcpy_v3020" */
  ST_RUNTIME_CALL_HIP,  /* "hipLaunchKernel", "hipMemcpyWithStream" */
} StRuntimeCall;

/* Whose runtime call @name is (docs/metrics.md 16.3): CUDA's driver and
 * runtime name theirs "cu" or "cuda" and a capital letter, HIP's "hip" and
 * a capital letter; kernels ("cutlass_…", "hipblaslt…") and anything else
 * are no runtime's call. */
StRuntimeCall st_operation_name_runtime_call (const char *name);

G_END_DECLS
