/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The identifying short form of an operation's name (st-operation-name.h)
 * on names written by real profilers: the Python frames and kernels of
 * tests/data/real/tracelens_h100_qwen1.5_0.5b.json.gz and
 * hta_nccl_parser_allreduce_bcast.json.gz, and NCCL's device kernel names.
 * Each expected short form is written by hand from the rule: a frame
 * loses its folders and keeps "file.py(line): function", a C++ signature
 * loses its return type, its parameter list and its namespaces; any other
 * name stays as written. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-operation-name.h"

#include <string.h>

static void
assert_short (const char *name, const char *expected, const char *kept)
{
  gsize            keep_from = 0;
  g_autofree char *text = st_operation_name_shorten (name, &keep_from);

  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpuint (keep_from, <=, strlen (text));
  g_assert_cmpstr (text + keep_from, ==, kept);
}

/* The function of a frame is the part never cut. */
static void
test_python_frames (void)
{
  assert_short ("torch/nn/modules/module.py(1527): _call_impl", "module.py(1527): _call_impl",
                "_call_impl");
  assert_short ("threading.py(1016): run", "threading.py(1016): run", "run");
  assert_short ("transformers/models/qwen2/modeling_qwen2.py(503): forward",
                "modeling_qwen2.py(503): forward", "forward");
  assert_short ("<string>(1): <module>", "<string>(1): <module>", "<module>");
  /* a built-in is no frame of a file: as written, all of it may be cut */
  assert_short ("<built-in function linear>", "<built-in function linear>", "");
}

static void
test_kernels (void)
{
  assert_short (
      "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
      "at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>, "
      "at::detail::Array<char*, 3>)",
      "vectorized_elementwise_kernel<4, CUDAFunctor_add<float>, Array<char*, 3> >", "");
  assert_short (
      "void at::native::(anonymous namespace)::CatArrayBatchedCopy<at::native::(anonymous "
      "namespace)::OpaqueType<2u>, unsigned int, 4, 64, 64>(at::native::(anonymous "
      "namespace)::OpaqueType<2u>*, unsigned int)",
      "CatArrayBatchedCopy<OpaqueType<2u>, unsigned int, 4, 64, 64>", "");
  /* a lambda's scope "operator()() const::" is no namespace */
  assert_short (
      "void at::native::vectorized_elementwise_kernel<4, at::native::silu_kernel(at::"
      "TensorIteratorBase&)::{lambda()#1}::operator()() const::{lambda(c10::BFloat16)#1}, "
      "std::array<char*, 2ul> >(int, std::array<char*, 2ul>)",
      "vectorized_elementwise_kernel<4, silu_kernel(TensorIteratorBase&)::{lambda()#1}::"
      "operator()() const::{lambda(BFloat16)#1}, array<char*, 2ul> >",
      "");
  assert_short ("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
                "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "");
  assert_short ("ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)",
                "ncclKernel_AllReduce_RING_LL_Sum_float", "");
  assert_short ("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
                "execute_segment_k_off_kernel__5x_cublas",
                "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
                "execute_segment_k_off_kernel__5x_cublas",
                "");
}

/* Names that only look like signatures, and ops, stay as written. */
static void
test_others (void)
{
  assert_short ("Memset (Device)", "Memset (Device)", "");
  assert_short ("Memcpy DtoH (Device -> Pinned)", "Memcpy DtoH (Device -> Pinned)", "");
  assert_short ("PyTorch Profiler (0)", "PyTorch Profiler (0)", "");
  assert_short ("aten::batch_norm", "aten::batch_norm", "");
  assert_short ("nn.Module: Qwen2Model_0", "nn.Module: Qwen2Model_0", "");
  assert_short ("ProfilerStep#6", "ProfilerStep#6", "");
  assert_short ("", "", "");
}

/* The profiler's own spans (docs/metrics.md 8.6): Kineto's, and JAX's
 * profiler module's frames that start, stop or hold the trace, as JAX's
 * xplane names Python frames; not its annotation wrapper, which holds the
 * program's own function, nor another module's trace function. */
static void
test_profiler_spans (void)
{
  const char *const spans[] = { "PyTorch Profiler (0)", "$profiler.py:91 start_trace",
                                "$profiler.py:193 stop_trace", "$profiler.py:226 trace" };
  const char *const work[] = { "$profiler.py:330 wrapper", "$train.py:12 trace",
                               "$profiler.py:40 retrace",  "aten::mm",
                               "ProfilerStep#3",           "" };

  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    g_assert_true (st_operation_name_is_profiler_span (spans[i]));
  for (guint i = 0; i < G_N_ELEMENTS (work); i++)
    g_assert_false (st_operation_name_is_profiler_span (work[i]));
  g_assert_false (st_operation_name_is_profiler_span (NULL));
  /* of those, the start and stop hold no program work; the trace does */
  g_assert_true (st_operation_name_is_profiler_start_stop ("$profiler.py:91 start_trace"));
  g_assert_true (st_operation_name_is_profiler_start_stop ("$profiler.py:193 stop_trace"));
  g_assert_false (st_operation_name_is_profiler_start_stop ("$profiler.py:226 trace"));
  g_assert_false (st_operation_name_is_profiler_start_stop ("PyTorch Profiler (0)"));
}

/* torch.compile's names (docs/metrics.md 8.11, 16.3): its compiled regions
 * always; Inductor's kernels only when kernels are asked about (the
 * environment counts regions, the advice either); a Triton kernel of
 * another's naming is not. */
static void
test_compiled (void)
{
  const char *const regions[] = { "CompiledFunction", "CompiledFunctionBackward",
                                  "Torch-Compiled Region: 0/0", "torch-compiled" };
  const char *const kernels[] = { "triton_poi_fused_add_0", "triton_per_fused_sum_1",
                                  "triton_red_fused_mean_2", "triton_tem_fused_mm_3" };

  for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
    {
      g_assert_true (st_operation_name_is_compiled (regions[i], FALSE));
      g_assert_true (st_operation_name_is_compiled (regions[i], TRUE));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    {
      g_assert_false (st_operation_name_is_compiled (kernels[i], FALSE));
      g_assert_true (st_operation_name_is_compiled (kernels[i], TRUE));
    }
  g_assert_false (st_operation_name_is_compiled ("my_triton_kernel", TRUE));
  g_assert_false (st_operation_name_is_compiled ("aten::mm", TRUE));
  g_assert_false (st_operation_name_is_compiled (NULL, TRUE));
}

/* Whose runtime a call is (docs/metrics.md 16.3), by the runtimes' own
 * naming: CUDA's runtime (cuda + a capital) and driver (cu + a capital),
 * HIP's (hip + a capital); kernels and libraries whose names merely start
 * so (cutlass, cudnn, hipblaslt) are no runtime's call. */
static void
test_runtime_call (void)
{
  const char *const cuda[] = { "cudaMemcpyAsync", "cudaLaunchKernel", "cuLaunchKernel",
                               "cudaMemcpy_v3020", "cudaStreamSynchronize" };
  const char *const hip[]
      = { "hipLaunchKernel", "hipMemcpyWithStream", "hipExtModuleLaunchKernel" };
  const char *const none[] = { "cutlass_80_tensorop_s1688gemm",
                               "cudnn::engine",
                               "hipblaslt_gemm",
                               "hip",
                               "cuda",
                               "cu",
                               "aten::mm",
                               "" };

  for (guint i = 0; i < G_N_ELEMENTS (cuda); i++)
    g_assert_cmpint (st_operation_name_runtime_call (cuda[i]), ==, ST_RUNTIME_CALL_CUDA);
  for (guint i = 0; i < G_N_ELEMENTS (hip); i++)
    g_assert_cmpint (st_operation_name_runtime_call (hip[i]), ==, ST_RUNTIME_CALL_HIP);
  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    g_assert_cmpint (st_operation_name_runtime_call (none[i]), ==, ST_RUNTIME_CALL_NONE);
  g_assert_cmpint (st_operation_name_runtime_call (NULL), ==, ST_RUNTIME_CALL_NONE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/operation-name/python-frames", test_python_frames);
  g_test_add_func ("/model/operation-name/kernels", test_kernels);
  g_test_add_func ("/model/operation-name/others", test_others);
  g_test_add_func ("/model/operation-name/runtime-call", test_runtime_call);
  g_test_add_func ("/model/operation-name/profiler-spans", test_profiler_spans);
  g_test_add_func ("/model/operation-name/compiled", test_compiled);
  return g_test_run ();
}
