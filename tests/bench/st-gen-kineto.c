/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-kineto.c: deterministic generator of synthetic PyTorch/Kineto traces
 *
 * Writes a Chrome Trace Event JSON file shaped like the output of
 * torch.profiler (Kineto) for a small data-parallel transformer training
 * run.  Every rank has a host process (main thread and autograd thread)
 * and a GPU (compute stream and NCCL stream).  Each profiler step holds
 * a data loader wait, a host-to-device copy, the forward pass through the
 * model's layers, the backward pass with gradient all-reduces overlapping
 * the backward kernels, an AdamW step, one all-gather and a device
 * synchronisation.  Kernels are linked to their launches by ac2g flows and
 * backward nodes to their forward ops by fwdbwd flows; memory instants,
 * a GPU memory counter and Kineto's metadata records complete the file.
 * The same arguments always give the same bytes.
 *
 * Usage:
 *   st-gen-kineto [--events N] [--ranks R] [--steps S] [--seed SEED]
 *                 [--epoch] [--flops] -o FILE
 *
 *   -o, --output FILE  file to write; gzip-compressed when it ends in .gz
 *   -n, --events N     aim for about N trace events (default 4000); the
 *                      number of layers and steps is chosen to get close
 *   -r, --ranks R      ranks in the file, 1 to 64 (default 2)
 *   -s, --steps S      number of profiler steps; --events is then ignored
 *       --seed SEED    seed of the pseudo-random timings (default 1)
 *       --epoch        epoch-based timestamps instead of Kineto's relative
 *                      ones plus baseTimeNanoseconds
 *       --flops        a flops argument on the matrix multiplications, as
 *                      torch.profiler(with_flops=True) writes it
 *
 * Usage errors exit with status 2, write errors with status 1.
 */

#include <glib.h>
#include <zlib.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

typedef gint64 Nanos;

#define US                ((Nanos)1000)
#define OUT_CAP           (1024 * 1024)
#define MAX_RANKS         64
#define MAX_LAYERS        16
#define DEFAULT_LAYERS    4
#define MAX_DEPTH         24
#define MAX_RECORDS       (8 * MAX_LAYERS + 8)
#define MIN_INSTANTS      2
#define MAX_INSTANTS      5
#define COUNTER_SAMPLES   10
#define FIRST_STEP        5
#define NUM_SMS           108
#define COMPUTE_STREAM    7
#define COMM_STREAM       13
#define HOST_PID_BASE     1000
#define AUTOGRAD_TID_SKIP 137
#define STRAGGLER_US      2600

/* Relative timestamps sit near 4.2e12 µs, as in recent Kineto output;
 * epoch ones are plain Unix time in µs. */
#define RELATIVE_ORIGIN G_GINT64_CONSTANT (4203669603018756)
#define EPOCH_ORIGIN    G_GINT64_CONSTANT (1712345678901234567)
#define BASE_TIME_NS    "1735632360000000000"

/* CUPTI runtime callback ids. */
#define CBID_MEMCPY_ASYNC       41
#define CBID_MEMSET_ASYNC       51
#define CBID_EVENT_RECORD       135
#define CBID_STREAM_WAIT_EVENT  147
#define CBID_DEVICE_SYNCHRONIZE 165
#define CBID_LAUNCH_KERNEL      211
#define CBID_LAUNCH_KERNEL_EXC  430

/* Model size: 8 sequences of 1024 tokens, width 768, MLP 3072, 12 heads,
 * vocabulary 8000, trained with automatic mixed precision. */
#define PARAMS_PER_LAYER G_GINT64_CONSTANT (7087872)
#define EMBEDDING_PARAMS G_GINT64_CONSTANT (6930432)
#define ACT_PER_LAYER    G_GINT64_CONSTANT (492830720)
#define INPUT_BYTES      G_GINT64_CONSTANT (65536)
#define MASK_BYTES       G_GINT64_CONSTANT (33554432)
#define GATHER_NELEMS    G_GINT64_CONSTANT (262144)
#define HEAP_BASE        G_GINT64_CONSTANT (0x7f0a40000000)

/* ---------------------------------------------------------------------- */
/* Pseudo-random numbers                                                  */
/* ---------------------------------------------------------------------- */

typedef struct
{
  guint64 state;
} Rng;

static guint64
splitmix64 (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static void
rng_seed (Rng *rng, guint64 seed, guint64 stream)
{
  rng->state = splitmix64 (seed ^ splitmix64 (stream));
  if (rng->state == 0)
    rng->state = 1;
}

/* xorshift64*: small, fast and the same on every platform. */
static guint64
rng_next (Rng *rng)
{
  guint64 x = rng->state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng->state = x;
  return x * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d);
}

static gint64
rng_range (Rng *rng, gint64 lo, gint64 hi)
{
  return lo + (gint64)(rng_next (rng) % (guint64)(hi - lo + 1));
}

/* ---------------------------------------------------------------------- */
/* Static description of the model                                        */
/* ---------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  int         regs;
  int         smem;
  int         grid[3];
  int         block[3];
  int         occupancy;
} KernelSpec;

typedef enum
{
  K_INDEX_SELECT,
  K_LAYER_NORM,
  K_GEMM_TN,
  K_SGEMM_TN,
  K_SOFTMAX,
  K_GELU,
  K_LOG_SOFTMAX,
  K_NLL,
  K_NLL_BWD,
  K_LOG_SOFTMAX_BWD,
  K_GEMM_NN,
  K_GEMM_NT,
  K_GELU_BWD,
  K_SOFTMAX_BWD,
  K_LAYER_NORM_BWD,
  K_EMBEDDING_BWD,
  K_FOREACH_MUL,
  K_FOREACH_ADDCMUL,
  K_FOREACH_SQRT,
  K_FOREACH_ADDCDIV,
  K_ALLREDUCE,
  K_ALLGATHER,
  N_KERNELS
} KernelId;

static const KernelSpec kernel_specs[N_KERNELS] = {
  [K_INDEX_SELECT]
  = { "void at::native::(anonymous namespace)::indexSelectLargeIndex<float, long, unsigned int, "
      "2, 2, -2, true>(at::cuda::detail::TensorInfo<float, unsigned int>, "
      "at::cuda::detail::TensorInfo<float const, unsigned int>, "
      "at::cuda::detail::TensorInfo<long const, unsigned int>, int, int, unsigned int, "
      "unsigned int, long)",
      30,
      0,
      { 3456, 1, 1 },
      { 128, 1, 1 },
      100 },
  [K_LAYER_NORM]
  = { "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float, float>(int, "
      "float, float const*, float const*, float const*, float*, float*, float*)",
      38,
      32,
      { 8192, 1, 1 },
      { 32, 4, 1 },
      89 },
  [K_GEMM_TN] = { "sm80_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x32_stage4_warpsize2x2x1_"
                  "tensor16x8x16_kernel",
                  232,
                  65536,
                  { 18, 64, 1 },
                  { 128, 1, 1 },
                  6 },
  [K_SGEMM_TN] = { "ampere_sgemm_128x64_tn", 122, 12544, { 6, 64, 1 }, { 128, 1, 1 }, 25 },
  [K_SOFTMAX]
  = { "void (anonymous namespace)::softmax_warp_forward<float, float, float, 10, false, false>"
      "(float*, float const*, int, int, int, bool const*, int, bool)",
      34,
      0,
      { 24576, 1, 1 },
      { 128, 1, 1 },
      88 },
  [K_GELU]
  = { "void at::native::vectorized_elementwise_kernel<4, "
      "at::native::GeluCUDAKernelImpl(at::TensorIteratorBase&, "
      "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() "
      "const::{lambda(c10::Half)#1}, at::detail::Array<char*, 2> >(int, "
      "at::native::GeluCUDAKernelImpl(at::TensorIteratorBase&, "
      "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() "
      "const::{lambda(c10::Half)#1}, at::detail::Array<char*, 2>)",
      28,
      0,
      { 24576, 1, 1 },
      { 128, 1, 1 },
      92 },
  [K_LOG_SOFTMAX]
  = { "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, "
      "at::native::(anonymous namespace)::LogSoftMaxForwardEpilogue>(float*, float const*, int)",
      40,
      64,
      { 8192, 1, 1 },
      { 1024, 1, 1 },
      95 },
  [K_NLL]
  = { "void at::native::(anonymous namespace)::nll_loss_forward_reduce_cuda_kernel_2d<float, "
      "float, long>(float*, float*, float const*, long const*, float const*, bool, long, long, "
      "long, long)",
      30,
      256,
      { 1, 1, 1 },
      { 32, 1, 1 },
      0 },
  [K_NLL_BWD]
  = { "void at::native::(anonymous namespace)::nll_loss_backward_reduce_cuda_kernel_2d<float, "
      "long>(float*, float const*, long const*, float const*, float const*, bool, int, int, "
      "long, long)",
      28,
      0,
      { 1, 1, 1 },
      { 32, 1, 1 },
      0 },
  [K_LOG_SOFTMAX_BWD]
  = { "void at::native::(anonymous namespace)::cunn_SoftMaxBackward<4, float, float, float, "
      "at::native::(anonymous namespace)::LogSoftMaxBackwardEpilogue>(float*, float const*, "
      "float const*, long)",
      36,
      64,
      { 8192, 1, 1 },
      { 1024, 1, 1 },
      94 },
  [K_GEMM_NN] = { "sm80_xmma_gemm_f16f16_f16f32_f32_nn_n_tilesize128x128x32_stage4_warpsize2x2x1_"
                  "tensor16x8x16_kernel",
                  232,
                  65536,
                  { 6, 64, 1 },
                  { 128, 1, 1 },
                  6 },
  [K_GEMM_NT] = { "sm80_xmma_gemm_f16f16_f16f32_f32_nt_n_tilesize128x128x32_stage4_warpsize2x2x1_"
                  "tensor16x8x16_kernel",
                  232,
                  65536,
                  { 18, 6, 1 },
                  { 128, 1, 1 },
                  6 },
  [K_GELU_BWD]
  = { "void at::native::vectorized_elementwise_kernel<4, "
      "at::native::GeluBackwardCUDAKernelImpl(at::TensorIteratorBase&, "
      "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() "
      "const::{lambda(c10::Half, c10::Half)#1}, at::detail::Array<char*, 3> >(int, "
      "at::native::GeluBackwardCUDAKernelImpl(at::TensorIteratorBase&, "
      "at::native::GeluType)::{lambda()#2}::operator()() const::{lambda()#4}::operator()() "
      "const::{lambda(c10::Half, c10::Half)#1}, at::detail::Array<char*, 3>)",
      30,
      0,
      { 24576, 1, 1 },
      { 128, 1, 1 },
      90 },
  [K_SOFTMAX_BWD]
  = { "void (anonymous namespace)::softmax_warp_backward<float, float, float, 10, false, false>"
      "(float*, float const*, float const*, int, int, int, bool const*)",
      40,
      0,
      { 24576, 1, 1 },
      { 128, 1, 1 },
      86 },
  [K_LAYER_NORM_BWD]
  = { "void at::native::(anonymous namespace)::layer_norm_grad_input_kernel_vectorized<float, "
      "float>(float const*, float const*, float const*, float const*, float const*, float*, int)",
      40,
      64,
      { 8192, 1, 1 },
      { 128, 1, 1 },
      84 },
  [K_EMBEDDING_BWD]
  = { "void at::native::(anonymous namespace)::embedding_backward_feature_kernel<float, float, "
      "long>(long const*, float const*, float*, int, long, int, int)",
      40,
      8320,
      { 24, 1, 1 },
      { 32, 32, 1 },
      21 },
  [K_FOREACH_MUL]
  = { "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
      "namespace)::TensorListMetadata<1>, at::native::(anonymous "
      "namespace)::BinaryOpScalarFunctor<float, 1, 1, 0>, std::multiplies<float>, float>("
      "at::native::(anonymous namespace)::TensorListMetadata<1>, at::native::(anonymous "
      "namespace)::BinaryOpScalarFunctor<float, 1, 1, 0>, std::multiplies<float>, float)",
      32,
      0,
      { 320, 1, 1 },
      { 512, 1, 1 },
      48 },
  [K_FOREACH_ADDCMUL]
  = { "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
      "namespace)::TensorListMetadata<3>, at::native::(anonymous "
      "namespace)::PointwiseOpScalarFunctor<float, 3, 3, 0>, std::multiplies<float>, float>("
      "at::native::(anonymous namespace)::TensorListMetadata<3>, at::native::(anonymous "
      "namespace)::PointwiseOpScalarFunctor<float, 3, 3, 0>, std::multiplies<float>, float)",
      38,
      0,
      { 320, 1, 1 },
      { 512, 1, 1 },
      46 },
  [K_FOREACH_SQRT]
  = { "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
      "namespace)::TensorListMetadata<2>, at::native::(anonymous namespace)::UnaryOpFunctor<float, "
      "2, 1, 1>, at::native::Sqrt<float> >(at::native::(anonymous "
      "namespace)::TensorListMetadata<2>, at::native::(anonymous namespace)::UnaryOpFunctor<float, "
      "2, 1, 1>, at::native::Sqrt<float>)",
      30,
      0,
      { 320, 1, 1 },
      { 512, 1, 1 },
      49 },
  [K_FOREACH_ADDCDIV]
  = { "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous "
      "namespace)::TensorListMetadata<3>, at::native::(anonymous "
      "namespace)::PointwiseOpScalarListFunctor<float, 3, 3, 0>, std::divides<float> >("
      "at::native::(anonymous namespace)::TensorListMetadata<3>, at::native::(anonymous "
      "namespace)::PointwiseOpScalarListFunctor<float, 3, 3, 0>, std::divides<float>)",
      40,
      0,
      { 320, 1, 1 },
      { 512, 1, 1 },
      45 },
  [K_ALLREDUCE]
  = { "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
      96,
      87568,
      { 8, 1, 1 },
      { 544, 1, 1 },
      0 },
  [K_ALLGATHER] = { "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
                    96,
                    87568,
                    { 8, 1, 1 },
                    { 544, 1, 1 },
                    0 },
};

/* Recorded input shapes of the cpu ops; single quotes become double
 * quotes when the JSON text is built. */
typedef enum
{
  S_STACK,
  S_TO,
  S_TO_COPY,
  S_COPY,
  S_ZEROS,
  S_ZERO,
  S_EMBEDDING,
  S_LAYER_NORM,
  S_NATIVE_LAYER_NORM,
  S_SOFTMAX,
  S_SOFTMAX_INNER,
  S_GELU,
  S_CROSS_ENTROPY,
  S_LOG_SOFTMAX,
  S_NLL,
  S_NLL_BWD,
  S_LOG_SOFTMAX_BWD,
  S_GELU_BWD,
  S_LAYER_NORM_BWD,
  S_SOFTMAX_BWD,
  S_EMBEDDING_BWD,
  S_FOREACH_MUL,
  S_FOREACH_ADDCMUL,
  S_FOREACH_SQRT,
  S_FOREACH_ADDCDIV,
  N_SHAPES
} ShapeId;

static const char *const shape_specs[N_SHAPES][4] = {
  [S_STACK] = { "'', '0'", "'TensorList', 'Scalar'", "[], []", "[], []" },
  [S_TO]
  = { "'', '', '', 'True', 'False', ''", "'long', 'Device', 'Scalar', 'Scalar', 'Scalar', ''",
      "[1024, 1], [], [], [], [], []", "[8, 1024], [], [], [], [], []" },
  [S_TO_COPY]
  = { "'', '4', '', '', '', 'True', ''", "'long', 'Scalar', '', 'Device', '', 'Scalar', ''",
      "[1024, 1], [], [], [], [], [], []", "[8, 1024], [], [], [], [], [], []" },
  [S_COPY] = { "'', '', 'True'", "'long', 'long', 'Scalar'", "[1024, 1], [1024, 1], []",
               "[8, 1024], [8, 1024], []" },
  [S_ZEROS]
  = { "'[8, 1, 1024, 1024]', '6', '', '', ''", "'ScalarList', 'Scalar', '', 'Device', 'Scalar'",
      "[], [], [], [], []", "[], [], [], [], []" },
  [S_ZERO] = { "''", "'float'", "[1048576, 1048576, 1024, 1]", "[8, 1, 1024, 1024]" },
  [S_EMBEDDING]
  = { "'', '', '-1', 'False', 'False'", "'float', 'long', 'Scalar', 'Scalar', 'Scalar'",
      "[768, 1], [1024, 1], [], [], []", "[8000, 768], [8, 1024], [], [], []" },
  [S_LAYER_NORM]
  = { "'', '[768]', '', '', '1e-05', 'True'",
      "'float', 'ScalarList', 'float', 'float', 'Scalar', 'Scalar'",
      "[786432, 768, 1], [], [1], [1], [], []", "[8, 1024, 768], [], [768], [768], [], []" },
  [S_NATIVE_LAYER_NORM]
  = { "'', '[768]', '', '', '1e-05'", "'float', 'ScalarList', 'float', 'float', 'Scalar'",
      "[786432, 768, 1], [], [1], [1], []", "[8, 1024, 768], [], [768], [768], []" },
  [S_SOFTMAX] = { "'', '-1', ''", "'float', 'Scalar', ''", "[12582912, 1048576, 1024, 1], [], []",
                  "[8, 12, 1024, 1024], [], []" },
  [S_SOFTMAX_INNER] = { "'', '-1', 'False'", "'float', 'Scalar', 'Scalar'",
                        "[12582912, 1048576, 1024, 1], [], []", "[8, 12, 1024, 1024], [], []" },
  [S_GELU] = { "'', 'none'", "'c10::Half', ''", "[3145728, 3072, 1], []", "[8, 1024, 3072], []" },
  [S_CROSS_ENTROPY]
  = { "'', '', '', '1', '-100', '0.'", "'float', 'long', '', 'Scalar', 'Scalar', 'Scalar'",
      "[8000, 1], [1], [], [], [], []", "[8192, 8000], [8192], [], [], [], []" },
  [S_LOG_SOFTMAX] = { "'', '1', 'False'", "'float', 'Scalar', 'Scalar'", "[8000, 1], [], []",
                      "[8192, 8000], [], []" },
  [S_NLL] = { "'', '', '', '1', '-100'", "'float', 'long', '', 'Scalar', 'Scalar'",
              "[8000, 1], [1], [], [], []", "[8192, 8000], [8192], [], [], []" },
  [S_NLL_BWD]
  = { "'', '', '', '', '1', '-100', ''",
      "'float', 'float', 'long', '', 'Scalar', 'Scalar', 'float'",
      "[], [8000, 1], [1], [], [], [], []", "[], [8192, 8000], [8192], [], [], [], []" },
  [S_LOG_SOFTMAX_BWD] = { "'', '', '1', '6'", "'float', 'float', 'Scalar', 'Scalar'",
                          "[8000, 1], [8000, 1], [], []", "[8192, 8000], [8192, 8000], [], []" },
  [S_GELU_BWD]
  = { "'', '', 'none'", "'c10::Half', 'c10::Half', ''",
      "[3145728, 3072, 1], [3145728, 3072, 1], []", "[8, 1024, 3072], [8, 1024, 3072], []" },
  [S_LAYER_NORM_BWD] = { "'', '', '[768]', '', '', '', '', '[True, True, True]'",
                         "'float', 'float', 'ScalarList', 'float', 'float', 'float', 'float', "
                         "'ScalarList'",
                         "[786432, 768, 1], [786432, 768, 1], [], [1024, 1, 1], [1024, 1, 1], "
                         "[1], [1], []",
                         "[8, 1024, 768], [8, 1024, 768], [], [8, 1024, 1], [8, 1024, 1], "
                         "[768], [768], []" },
  [S_SOFTMAX_BWD] = { "'', '', '-1', '6'", "'float', 'float', 'Scalar', 'Scalar'",
                      "[12582912, 1048576, 1024, 1], [12582912, 1048576, 1024, 1], [], []",
                      "[8, 12, 1024, 1024], [8, 12, 1024, 1024], [], []" },
  [S_EMBEDDING_BWD]
  = { "'', '', '8000', '-1', 'False'", "'float', 'long', 'Scalar', 'Scalar', 'Scalar'",
      "[786432, 768, 1], [1024, 1], [], [], []", "[8, 1024, 768], [8, 1024], [], [], []" },
  [S_FOREACH_MUL] = { "'', '0.9'", "'TensorList', 'Scalar'", "[], []", "[], []" },
  [S_FOREACH_ADDCMUL]
  = { "'', '', '', '0.001'", "'TensorList', 'TensorList', 'TensorList', 'Scalar'", "[], [], [], []",
      "[], [], [], []" },
  [S_FOREACH_SQRT] = { "''", "'TensorList'", "[]", "[]" },
  [S_FOREACH_ADDCDIV]
  = { "'', '', '', ''", "'TensorList', 'TensorList', 'TensorList', 'ScalarList'", "[], [], [], []",
      "[], [], [], []" },
};

typedef enum
{
  LIN_QKV,
  LIN_PROJ,
  LIN_FC1,
  LIN_FC2,
  LIN_HEAD,
  N_LINEARS
} LinearId;

/* The shapes of one linear layer as aten::linear, aten::addmm and the two
 * aten::mm of its backward. */
typedef enum
{
  LS_LINEAR,
  LS_ADDMM,
  LS_DGRAD,
  LS_WGRAD,
  N_LINEAR_SHAPES
} LinearShape;

typedef struct
{
  int      in;
  int      out;
  KernelId kernel;
  int      fwd_us;
  int      dgrad_us;
  int      wgrad_us;
} LinearSpec;

static const LinearSpec linear_specs[N_LINEARS] = {
  [LIN_QKV] = { 768, 2304, K_GEMM_TN, 193, 190, 200 },
  [LIN_PROJ] = { 768, 768, K_SGEMM_TN, 66, 64, 70 },
  [LIN_FC1] = { 768, 3072, K_GEMM_TN, 257, 255, 262 },
  [LIN_FC2] = { 3072, 768, K_GEMM_TN, 255, 250, 262 },
  [LIN_HEAD] = { 768, 8000, K_GEMM_TN, 610, 620, 640 },
};

typedef enum
{
  N_ADDMM,
  N_GELU,
  N_SOFTMAX,
  N_LAYER_NORM,
  N_EMBEDDING,
  N_LOG_SOFTMAX,
  N_NLL,
  N_NODE_KINDS
} NodeKind;

static const char *const node_names[N_NODE_KINDS][2] = {
  [N_ADDMM] = { "autograd::engine::evaluate_function: AddmmBackward0", "AddmmBackward0" },
  [N_GELU] = { "autograd::engine::evaluate_function: GeluBackward0", "GeluBackward0" },
  [N_SOFTMAX] = { "autograd::engine::evaluate_function: SoftmaxBackward0", "SoftmaxBackward0" },
  [N_LAYER_NORM]
  = { "autograd::engine::evaluate_function: NativeLayerNormBackward0", "NativeLayerNormBackward0" },
  [N_EMBEDDING]
  = { "autograd::engine::evaluate_function: EmbeddingBackward0", "EmbeddingBackward0" },
  [N_LOG_SOFTMAX]
  = { "autograd::engine::evaluate_function: LogSoftmaxBackward0", "LogSoftmaxBackward0" },
  [N_NLL] = { "autograd::engine::evaluate_function: NllLossBackward0", "NllLossBackward0" },
};

typedef enum
{
  COLL_FIRST,
  COLL_PAIR,
  COLL_LAST1,
  COLL_LAST2,
  COLL_ALLGATHER,
  N_COLLS
} CollId;

typedef struct
{
  const char *coll_name;
  const char *cpu_op;
  KernelId    kernel;
  gint64      in_nelems;
  gint64      out_nelems;
  int         base_us;
} Collective;

/* ---------------------------------------------------------------------- */
/* Buffered output                                                        */
/* ---------------------------------------------------------------------- */

/* Without a file or gzip stream the output only counts events: used to
 * size a trace before writing it. */
typedef struct
{
  FILE    *fp;
  gzFile   gz;
  char    *buf;
  gsize    len;
  guint64  bytes;
  guint64  events;
  gboolean failed;
} Out;

static gboolean
out_is_null (const Out *o)
{
  return o->fp == NULL && o->gz == NULL;
}

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

/* printf is several times slower than this for the millions of numbers a
 * large trace holds. */
static void
out_int (Out *o, gint64 v)
{
  char    tmp[24];
  char   *p = tmp + sizeof tmp;
  guint64 u = v < 0 ? -(guint64)v : (guint64)v;

  do
    {
      *--p = (char)('0' + u % 10);
      u /= 10;
    }
  while (u != 0);
  if (v < 0)
    *--p = '-';
  out_mem (o, p, (gsize)(tmp + sizeof tmp - p));
}

/* Writes v / 1000 with exactly three decimals: µs from ns, MB and GB/s
 * from thousandths. */
static void
out_milli (Out *o, gint64 v)
{
  char frac[4];
  int  rest = (int)(v % 1000);

  out_int (o, v / 1000);
  frac[0] = '.';
  frac[1] = (char)('0' + rest / 100);
  frac[2] = (char)('0' + rest / 10 % 10);
  frac[3] = (char)('0' + rest % 10);
  out_mem (o, frac, 4);
}

static void
out_begin_event (Out *o)
{
  if (o->events++ > 0)
    OUT_LIT (o, ",\n");
  OUT_LIT (o, "  {\n    ");
}

static void
out_end_event (Out *o)
{
  OUT_LIT (o, "\n  }");
}

/* ---------------------------------------------------------------------- */
/* Events                                                                 */
/* ---------------------------------------------------------------------- */

typedef enum
{
  EV_CPU_OP,
  EV_USER_ANNOTATION,
  EV_COMMS_OP,
  EV_PYTHON,
  EV_RUNTIME,
  EV_KERNEL,
  EV_NCCL_KERNEL,
  EV_MEMCPY,
  EV_MEMSET,
  EV_GPU_ANNOTATION,
  EV_AC2G_START,
  EV_AC2G_FINISH,
  EV_FWDBWD_START,
  EV_FWDBWD_FINISH,
  EV_MEMORY_INSTANT,
  EV_MEMORY_COUNTER
} EventKind;

typedef struct
{
  gint64            ext;
  gint64            rf;
  gint64            seq;
  const char       *shapes;
  const Collective *coll;
  int               fwd_thread;
} OpFields;

typedef struct
{
  gint64 id;
  gint64 parent;
  gint64 module;
} PythonFields;

typedef struct
{
  gint64            ext;
  gint64            corr;
  gint64            bytes;
  const Collective *coll;
  KernelId          kernel;
  int               cbid;
  int               stream;
} DeviceFields;

typedef struct
{
  gint64 allocated;
  gint64 reserved;
  gint64 bytes;
  gint64 addr;
} MemoryFields;

typedef struct
{
  EventKind   kind;
  gint32      pid;
  gint32      tid;
  const char *name;
  Nanos       ts;
  Nanos       dur;
  gint64      ev_idx;
  union
  {
    OpFields     op;
    PythonFields py;
    DeviceFields dev;
    MemoryFields mem;
    gint64       flow_id;
  } u;
} Event;

/* ---------------------------------------------------------------------- */
/* Generator state                                                        */
/* ---------------------------------------------------------------------- */

typedef struct
{
  gint32 tid;
  Nanos  t;
  guint  depth;
  guint  open[MAX_DEPTH];
} HostThread;

/* Links a forward op to the backward node that will consume it. */
typedef struct
{
  gint64 seq;
  gint64 flow_id;
} AutogradRecord;

typedef struct
{
  Nanos             ready;
  gint64            ext;
  gint64            corr;
  const Collective *coll;
} PendingCollective;

typedef struct
{
  gint32            rank;
  gint32            pid;
  HostThread        main;
  HostThread        autograd;
  Rng               model;
  Rng               jitter;
  GArray           *events;
  Nanos             compute_free;
  Nanos             comm_free;
  Nanos             gpu_first;
  Nanos             gpu_last;
  Nanos             slowdown;
  gint64            next_ext;
  gint64            next_rf;
  gint64            next_ev;
  gint64            next_seq;
  gint64            next_py;
  gint64            next_corr;
  gint64            next_flow;
  AutogradRecord    records[MAX_RECORDS];
  guint             n_records;
  PendingCollective pending;
  int               instants_left;
  gint64            allocated;
  guint             step_event;
  Nanos             fwd_start;
  Nanos             fwd_end;
} Rank;

typedef struct
{
  int        n_ranks;
  int        n_layers;
  int        n_steps;
  int        mem_instants;
  guint64    seed;
  gboolean   epoch;
  gboolean   flops; /* "flops" on aten::addmm and aten::mm, and "with_flops" */
  Nanos      origin;
  Nanos      end;
  Out       *out;
  Rank      *ranks;
  Rng        coll_rng;
  Collective colls[N_COLLS];
  char      *kernel_tails[N_KERNELS];
  char      *shapes[N_SHAPES];
  char      *linear_shapes[N_LINEARS][N_LINEAR_SHAPES];
  char      *layer_names[MAX_LAYERS];
  char      *group_ranks;
  char       step_name[32];
  gint64     static_bytes;
  gint64     reserved_bytes;
} Gen;

/* ---------------------------------------------------------------------- */
/* Event writers, one per kind                                            */
/* ---------------------------------------------------------------------- */

static void
write_x_head (Out *o, const char *cat, const Event *ev)
{
  OUT_LIT (o, "\"ph\": \"X\", \"cat\": \"");
  out_str (o, cat);
  OUT_LIT (o, "\", \"name\": \"");
  out_str (o, ev->name);
  OUT_LIT (o, "\", \"pid\": ");
  out_int (o, ev->pid);
  OUT_LIT (o, ", \"tid\": ");
  out_int (o, ev->tid);
  OUT_LIT (o, ",\n    \"ts\": ");
  out_milli (o, ev->ts);
  OUT_LIT (o, ", \"dur\": ");
  out_milli (o, ev->dur);
  OUT_LIT (o, ",\n    \"args\": {\n      ");
}

static void
write_x_tail (Out *o)
{
  OUT_LIT (o, "\n    }");
}

static void
write_ids (Out *o, const Event *ev)
{
  OUT_LIT (o, "\"External id\": ");
  out_int (o, ev->u.op.ext);
  OUT_LIT (o, ",\"Record function id\": ");
  out_int (o, ev->u.op.rf);
}

static void
write_ev_idx (Out *o, const Event *ev)
{
  OUT_LIT (o, ", \"Ev Idx\": ");
  out_int (o, ev->ev_idx);
}

static void
write_op (Out *o, const char *cat, const Event *ev)
{
  write_x_head (o, cat, ev);
  write_ids (o, ev);
  if (ev->u.op.seq > 0)
    {
      OUT_LIT (o, ", \"Sequence number\": ");
      out_int (o, ev->u.op.seq);
      OUT_LIT (o, ", \"Fwd thread id\": ");
      out_int (o, ev->u.op.fwd_thread);
    }
  if (ev->u.op.shapes != NULL)
    {
      OUT_LIT (o, ", ");
      out_str (o, ev->u.op.shapes);
    }
  write_ev_idx (o, ev);
  write_x_tail (o);
}

static void
write_collective_args (Out *o, const Gen *g, const Collective *coll, gint32 rank)
{
  OUT_LIT (o, ", \"Collective name\": \"");
  out_str (o, coll->coll_name);
  OUT_LIT (o, "\", \"In msg nelems\": ");
  out_int (o, coll->in_nelems);
  OUT_LIT (o, ", \"Out msg nelems\": ");
  out_int (o, coll->out_nelems);
  OUT_LIT (o, ", \"Group size\": ");
  out_int (o, g->n_ranks);
  OUT_LIT (o, ", \"dtype\": \"Float\", \"In split size\": \"[]\", \"Out split size\": \"[]\", "
              "\"Process Group Name\": \"0\", \"Process Group Description\": \"default_pg\", "
              "\"Process Group Ranks\": \"");
  out_str (o, g->group_ranks);
  OUT_LIT (o, "\", \"Rank\": ");
  out_int (o, rank);
}

static void
write_comms_op (Out *o, const Gen *g, const Event *ev)
{
  write_x_head (o, "cpu_op", ev);
  write_ids (o, ev);
  write_collective_args (o, g, ev->u.op.coll, ev->pid - HOST_PID_BASE);
  OUT_LIT (o, ", \"Global rank start\": 0, \"Global rank stride\": 1");
  write_ev_idx (o, ev);
  write_x_tail (o);
}

static void
write_python (Out *o, const Event *ev)
{
  write_x_head (o, "python_function", ev);
  OUT_LIT (o, "\"Python parent id\": ");
  if (ev->u.py.parent < 0)
    OUT_LIT (o, "null");
  else
    out_int (o, ev->u.py.parent);
  OUT_LIT (o, ", \"Python id\": ");
  out_int (o, ev->u.py.id);
  if (ev->u.py.module >= 0)
    {
      OUT_LIT (o, ", \"Python module id\": ");
      out_int (o, ev->u.py.module);
    }
  write_ev_idx (o, ev);
  write_x_tail (o);
}

static void
write_runtime (Out *o, const Event *ev)
{
  write_x_head (o, "cuda_runtime", ev);
  OUT_LIT (o, "\"External id\": ");
  out_int (o, ev->u.dev.ext);
  OUT_LIT (o, ",      \"cbid\": ");
  out_int (o, ev->u.dev.cbid);
  OUT_LIT (o, ", \"correlation\": ");
  out_int (o, ev->u.dev.corr);
  write_x_tail (o);
}

/* The part shared by kernels, copies and sets: External id up to the
 * correlation id. */
static void
write_device_ids (Out *o, const Event *ev, gboolean queued)
{
  OUT_LIT (o, "\"External id\": ");
  out_int (o, ev->u.dev.ext);
  if (queued)
    OUT_LIT (o, ",      \"queued\": 0, \"device\": ");
  else
    OUT_LIT (o, ",      \"device\": ");
  out_int (o, ev->pid);
  OUT_LIT (o, ", \"context\": 1,      \"stream\": ");
  out_int (o, ev->u.dev.stream);
  OUT_LIT (o, ", \"correlation\": ");
  out_int (o, ev->u.dev.corr);
}

static void
write_kernel (Out *o, const Gen *g, const Event *ev)
{
  write_x_head (o, "kernel", ev);
  write_device_ids (o, ev, TRUE);
  out_str (o, g->kernel_tails[ev->u.dev.kernel]);
  write_x_tail (o);
}

static void
write_nccl_kernel (Out *o, const Gen *g, const Event *ev)
{
  write_x_head (o, "kernel", ev);
  write_device_ids (o, ev, TRUE);
  out_str (o, g->kernel_tails[ev->u.dev.kernel]);
  write_collective_args (o, g, ev->u.dev.coll, ev->pid);
  write_x_tail (o);
}

static void
write_memory_op (Out *o, const char *cat, const Event *ev)
{
  write_x_head (o, cat, ev);
  write_device_ids (o, ev, FALSE);
  OUT_LIT (o, ",      \"bytes\": ");
  out_int (o, ev->u.dev.bytes);
  OUT_LIT (o, ", \"memory bandwidth (GB/s)\": ");
  out_milli (o, ev->u.dev.bytes * 1000 / MAX (ev->dur, 1));
  write_x_tail (o);
}

static void
write_gpu_annotation (Out *o, const Event *ev)
{
  write_x_head (o, "gpu_user_annotation", ev);
  OUT_LIT (o, "\"External id\": ");
  out_int (o, ev->u.dev.ext);
  write_x_tail (o);
}

static void
write_flow (Out *o, const Event *ev, const char *ph, const char *cat)
{
  OUT_LIT (o, "\"ph\": \"");
  out_str (o, ph);
  OUT_LIT (o, "\", \"id\": ");
  out_int (o, ev->u.flow_id);
  OUT_LIT (o, ", \"pid\": ");
  out_int (o, ev->pid);
  OUT_LIT (o, ", \"tid\": ");
  out_int (o, ev->tid);
  OUT_LIT (o, ", \"ts\": ");
  out_milli (o, ev->ts);
  OUT_LIT (o, ",\n    \"cat\": \"");
  out_str (o, cat);
  OUT_LIT (o, "\", \"name\": \"");
  out_str (o, cat);
  OUT_LIT (o, "\"");
  if (ph[0] == 'f')
    OUT_LIT (o, ", \"bp\": \"e\"");
}

static void
write_memory_instant (Out *o, const Event *ev)
{
  OUT_LIT (o, "\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", "
              "\"name\": \"[memory]\",\n    \"pid\": ");
  out_int (o, ev->pid);
  OUT_LIT (o, ", \"tid\": ");
  out_int (o, ev->tid);
  OUT_LIT (o, ",\n    \"ts\": ");
  out_milli (o, ev->ts);
  OUT_LIT (o, ",\n    \"args\": {\n      \"Total Reserved\": ");
  out_int (o, ev->u.mem.reserved);
  OUT_LIT (o, ", \"Total Allocated\": ");
  out_int (o, ev->u.mem.allocated);
  OUT_LIT (o, ", \"Bytes\": ");
  out_int (o, ev->u.mem.bytes);
  OUT_LIT (o, ", \"Device Id\": ");
  out_int (o, ev->pid - HOST_PID_BASE);
  OUT_LIT (o, ", \"Device Type\": 1, \"Addr\": ");
  out_int (o, ev->u.mem.addr);
  write_ev_idx (o, ev);
  write_x_tail (o);
}

static void
write_memory_counter (Out *o, const Event *ev)
{
  OUT_LIT (o, "\"ph\": \"C\", \"name\": \"GPU Memory\", \"pid\": ");
  out_int (o, ev->pid);
  OUT_LIT (o, ", \"ts\": ");
  out_milli (o, ev->ts);
  OUT_LIT (o, ",\n    \"args\": {\n      \"Allocated (MB)\": ");
  out_milli (o, ev->u.mem.allocated * 1000 / (1024 * 1024));
  OUT_LIT (o, ", \"Reserved (MB)\": ");
  out_milli (o, ev->u.mem.reserved * 1000 / (1024 * 1024));
  write_x_tail (o);
}

static void
write_event (Out *o, const Gen *g, const Event *ev)
{
  out_begin_event (o);
  switch (ev->kind)
    {
    case EV_CPU_OP: write_op (o, "cpu_op", ev); break;
    case EV_USER_ANNOTATION: write_op (o, "user_annotation", ev); break;
    case EV_COMMS_OP: write_comms_op (o, g, ev); break;
    case EV_PYTHON: write_python (o, ev); break;
    case EV_RUNTIME: write_runtime (o, ev); break;
    case EV_KERNEL: write_kernel (o, g, ev); break;
    case EV_NCCL_KERNEL: write_nccl_kernel (o, g, ev); break;
    case EV_MEMCPY: write_memory_op (o, "gpu_memcpy", ev); break;
    case EV_MEMSET: write_memory_op (o, "gpu_memset", ev); break;
    case EV_GPU_ANNOTATION: write_gpu_annotation (o, ev); break;
    case EV_AC2G_START: write_flow (o, ev, "s", "ac2g"); break;
    case EV_AC2G_FINISH: write_flow (o, ev, "f", "ac2g"); break;
    case EV_FWDBWD_START: write_flow (o, ev, "s", "fwdbwd"); break;
    case EV_FWDBWD_FINISH: write_flow (o, ev, "f", "fwdbwd"); break;
    case EV_MEMORY_INSTANT: write_memory_instant (o, ev); break;
    case EV_MEMORY_COUNTER: write_memory_counter (o, ev); break;
    default: g_assert_not_reached ();
    }
  out_end_event (o);
}

/* ---------------------------------------------------------------------- */
/* Setup of the static text                                               */
/* ---------------------------------------------------------------------- */

/* Millionths of count / NUM_SMS, rounded; integer arithmetic keeps the
 * text independent of the C library and the locale. */
static gint64
per_sm_micro (gint64 count)
{
  return (count * 1000000 + NUM_SMS / 2) / NUM_SMS;
}

/* Everything in a kernel's args after the correlation id depends only on
 * the kernel, so it is formatted once. */
static char *
kernel_tail_new (const KernelSpec *k)
{
  gint64 blocks = (gint64)k->grid[0] * k->grid[1] * k->grid[2];
  int    threads = k->block[0] * k->block[1] * k->block[2];
  gint64 blocks_sm = per_sm_micro (blocks);
  gint64 warps_sm = per_sm_micro (blocks * ((threads + 31) / 32));

  return g_strdup_printf (",      \"registers per thread\": %d,      \"shared memory\": %d,"
                          "      \"blocks per SM\": %d.%06d,      \"warps per SM\": %d.%06d,"
                          "      \"grid\": [%d, %d, %d],      \"block\": [%d, %d, %d],"
                          "      \"est. achieved occupancy %%\": %d",
                          k->regs, k->smem, (int)(blocks_sm / 1000000), (int)(blocks_sm % 1000000),
                          (int)(warps_sm / 1000000), (int)(warps_sm % 1000000), k->grid[0],
                          k->grid[1], k->grid[2], k->block[0], k->block[1], k->block[2],
                          k->occupancy);
}

static char *
shapes_new (const char *concrete, const char *types, const char *strides, const char *dims)
{
  char *s = g_strdup_printf ("\"Concrete Inputs\": [%s], \"Input type\": [%s], "
                             "\"Input Strides\": [%s], \"Input Dims\": [%s]",
                             concrete, types, strides, dims);

  return g_strdelimit (s, "'", '"');
}

static void
linear_shapes_init (Gen *g, LinearId id)
{
  const LinearSpec *l = &linear_specs[id];
  char            **s = g->linear_shapes[id];
  char             *strides, *dims;

  strides = g_strdup_printf ("[%d, %d, 1], [%d, 1], [1]", 1024 * l->in, l->in, l->in);
  dims = g_strdup_printf ("[8, 1024, %d], [%d, %d], [%d]", l->in, l->out, l->in, l->out);
  s[LS_LINEAR] = shapes_new ("'', '', ''", "'c10::Half', 'c10::Half', 'c10::Half'", strides, dims);
  g_free (strides);
  g_free (dims);

  strides = g_strdup_printf ("[1], [%d, 1], [1, %d], [], []", l->in, l->in);
  dims = g_strdup_printf ("[%d], [8192, %d], [%d, %d], [], []", l->out, l->in, l->in, l->out);
  s[LS_ADDMM]
      = shapes_new ("'', '', '', '1', '1'",
                    "'c10::Half', 'c10::Half', 'c10::Half', 'Scalar', 'Scalar'", strides, dims);
  g_free (strides);
  g_free (dims);

  strides = g_strdup_printf ("[%d, 1], [%d, 1]", l->out, l->in);
  dims = g_strdup_printf ("[8192, %d], [%d, %d]", l->out, l->out, l->in);
  s[LS_DGRAD] = shapes_new ("'', ''", "'c10::Half', 'c10::Half'", strides, dims);
  g_free (strides);
  g_free (dims);

  strides = g_strdup_printf ("[1, %d], [%d, 1]", l->out, l->in);
  dims = g_strdup_printf ("[%d, 8192], [8192, %d]", l->out, l->in);
  s[LS_WGRAD] = shapes_new ("'', ''", "'c10::Half', 'c10::Half'", strides, dims);
  g_free (strides);
  g_free (dims);
  if (g->flops)
    /* 2 · 8192 · in · out: each of the three products of 8192 tokens */
    for (int k = LS_ADDMM; k <= LS_WGRAD; k++)
      {
        char *with = g_strdup_printf ("%s, \"flops\": %" G_GINT64_FORMAT, s[k],
                                      (gint64)2 * 8192 * l->in * l->out);
        g_free (s[k]);
        s[k] = with;
      }
}

/* fp32 gradients over NVLink: a fixed latency plus the bytes at the bus
 * bandwidth, capped for very large groups. */
static void
collective_init (Collective *c,
                 const char *coll_name,
                 const char *cpu_op,
                 KernelId    kernel,
                 gint64      in_nelems,
                 gint64      out_nelems,
                 int         latency_us,
                 int         max_us)
{
  c->coll_name = coll_name;
  c->cpu_op = cpu_op;
  c->kernel = kernel;
  c->in_nelems = in_nelems;
  c->out_nelems = out_nelems;
  c->base_us = (int)MIN (latency_us + out_nelems * 4 / 125000, max_us);
}

static void
allreduce_init (Collective *c, gint64 nelems)
{
  collective_init (c, "allreduce", "c10d::allreduce_", K_ALLREDUCE, nelems, nelems, 180, 880);
}

/* Bucket sizes give all-reduces of about 210, 630 and 850 µs; the
 * all-gather takes 85 to 280 µs depending on the group size. */
static void
collectives_init (Gen *g)
{
  gint64 pair = 2 * PARAMS_PER_LAYER;

  allreduce_init (&g->colls[COLL_FIRST], 1048576);
  allreduce_init (&g->colls[COLL_PAIR], pair);
  allreduce_init (&g->colls[COLL_LAST1], PARAMS_PER_LAYER + EMBEDDING_PARAMS);
  allreduce_init (&g->colls[COLL_LAST2], pair + EMBEDDING_PARAMS);
  collective_init (&g->colls[COLL_ALLGATHER], "_allgather_base", "c10d::_allgather_base_",
                   K_ALLGATHER, GATHER_NELEMS, GATHER_NELEMS * g->n_ranks, 76, 280);
}

static char *
group_ranks_new (int n_ranks)
{
  GString *s = g_string_new ("[");
  int      r;

  for (r = 0; r < n_ranks; r++)
    g_string_append_printf (s, r == 0 ? "%d" : ", %d", r);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static void
memory_init (Gen *g)
{
  gint64 params = g->n_layers * PARAMS_PER_LAYER + EMBEDDING_PARAMS;
  gint64 peak = g->n_layers * ACT_PER_LAYER;
  gint64 gib = G_GINT64_CONSTANT (1) << 30;

  /* Weights, gradients and the two AdamW moments, all in fp32. */
  g->static_bytes = params * 16;
  g->reserved_bytes = (g->static_bytes + peak + gib / 2 + gib - 1) / gib * gib;
}

static void
rank_init (Gen *g, Rank *rk, int rank)
{
  memset (rk, 0, sizeof *rk);
  rk->rank = rank;
  rk->pid = HOST_PID_BASE + rank;
  rk->main.tid = rk->pid;
  rk->autograd.tid = rk->pid + AUTOGRAD_TID_SKIP;
  /* Ranks start a few µs apart, as separately launched processes do. */
  rk->main.t = g->origin + 148 * US + rank * 2700;
  rk->autograd.t = rk->main.t;
  rk->events = g_array_sized_new (FALSE, TRUE, sizeof (Event), 4096);
  rng_seed (&rk->jitter, g->seed, 1000 + (guint64)rank);
  rk->next_ext = 1;
  rk->next_rf = 1;
  rk->next_seq = 1000;
  rk->next_py = 1;
}

static Gen *
gen_new (int      n_ranks,
         int      n_layers,
         int      n_steps,
         int      mem_instants,
         guint64  seed,
         gboolean epoch,
         gboolean flops,
         Out     *out)
{
  Gen *g = g_new0 (Gen, 1);
  int  i;

  g->n_ranks = n_ranks;
  g->n_layers = n_layers;
  g->n_steps = n_steps;
  g->mem_instants = mem_instants;
  g->seed = seed;
  g->epoch = epoch;
  g->flops = flops;
  g->origin = epoch ? EPOCH_ORIGIN : RELATIVE_ORIGIN;
  g->out = out;
  rng_seed (&g->coll_rng, seed, 7);
  for (i = 0; i < N_KERNELS; i++)
    g->kernel_tails[i] = kernel_tail_new (&kernel_specs[i]);
  for (i = 0; i < N_SHAPES; i++)
    g->shapes[i]
        = shapes_new (shape_specs[i][0], shape_specs[i][1], shape_specs[i][2], shape_specs[i][3]);
  for (i = 0; i < N_LINEARS; i++)
    linear_shapes_init (g, i);
  for (i = 0; i < n_layers; i++)
    g->layer_names[i] = g_strdup_printf ("nn.Module: TransformerLayer_%d", i);
  g->group_ranks = group_ranks_new (n_ranks);
  collectives_init (g);
  memory_init (g);
  g->ranks = g_new (Rank, n_ranks);
  for (i = 0; i < n_ranks; i++)
    rank_init (g, &g->ranks[i], i);
  return g;
}

static void
gen_free (Gen *g)
{
  int i, j;

  for (i = 0; i < N_KERNELS; i++)
    g_free (g->kernel_tails[i]);
  for (i = 0; i < N_SHAPES; i++)
    g_free (g->shapes[i]);
  for (i = 0; i < N_LINEARS; i++)
    for (j = 0; j < N_LINEAR_SHAPES; j++)
      g_free (g->linear_shapes[i][j]);
  for (i = 0; i < g->n_layers; i++)
    g_free (g->layer_names[i]);
  for (i = 0; i < g->n_ranks; i++)
    g_array_free (g->ranks[i].events, TRUE);
  g_free (g->ranks);
  g_free (g->group_ranks);
  g_free (g);
}

/* ---------------------------------------------------------------------- */
/* Timing draws                                                           */
/* ---------------------------------------------------------------------- */

/* Every rank reseeds its model stream with the same value at each step and
 * makes the same draws from it, so all ranks run the same program at
 * nearly the same speed; the jitter stream makes them differ slightly. */
static Nanos
host_ns (Rank *rk, int lo_us, int hi_us)
{
  Nanos ns = rng_range (&rk->model, lo_us * US, hi_us * US);

  return ns + ns * rng_range (&rk->jitter, -5, 5) / 1000;
}

static Nanos
gpu_ns (Rank *rk, int base_us)
{
  Nanos base = base_us * US;
  Nanos ns = base + base * rng_range (&rk->model, -50, 50) / 1000;

  return ns + ns * rng_range (&rk->jitter, -3, 3) / 1000;
}

/* Flow ids must be unique in the whole file, not only in one rank, so the
 * ranks interleave them. */
static gint64
rank_next_corr (const Gen *g, Rank *rk)
{
  return rk->next_corr++ * g->n_ranks + rk->rank + 1;
}

static gint64
rank_next_flow (const Gen *g, Rank *rk)
{
  return rk->next_flow++ * g->n_ranks + rk->rank + 1;
}

/* ---------------------------------------------------------------------- */
/* Host slices                                                            */
/* ---------------------------------------------------------------------- */

static Event *
rank_push (Rank *rk, EventKind kind, const char *name, gint32 pid, gint32 tid, Nanos ts)
{
  Event *ev;

  g_array_set_size (rk->events, rk->events->len + 1);
  ev = &g_array_index (rk->events, Event, rk->events->len - 1);
  ev->kind = kind;
  ev->name = name;
  ev->pid = pid;
  ev->tid = tid;
  ev->ts = ts;
  return ev;
}

static Event *
rank_event (Rank *rk, guint index)
{
  return &g_array_index (rk->events, Event, index);
}

/* Opens a slice after a short gap, so that it starts strictly after its
 * parent and its previous sibling. */
static Event *
thread_open (Rank       *rk,
             HostThread *th,
             EventKind   kind,
             const char *name,
             int         gap_lo_us,
             int         gap_hi_us)
{
  Event *ev;

  g_assert (th->depth < MAX_DEPTH);
  th->t += host_ns (rk, gap_lo_us, gap_hi_us);
  ev = rank_push (rk, kind, name, rk->pid, th->tid, th->t);
  th->open[th->depth++] = rk->events->len - 1;
  return ev;
}

/* Closes the innermost slice after some self time, so that it ends
 * strictly after its last child. */
static void
thread_close (Rank *rk, HostThread *th, int lo_us, int hi_us)
{
  Event *ev;

  g_assert (th->depth > 0);
  th->t += host_ns (rk, lo_us, hi_us);
  ev = rank_event (rk, th->open[--th->depth]);
  ev->dur = th->t - ev->ts;
}

static gint64
thread_python_parent (Rank *rk, HostThread *th)
{
  guint i;

  for (i = th->depth; i > 0; i--)
    {
      const Event *ev = rank_event (rk, th->open[i - 1]);

      if (ev->kind == EV_PYTHON)
        return ev->u.py.id;
    }
  return -1;
}

/* Runtime calls report the External id of the innermost enclosing op, or
 * their own correlation id when there is none, as Kineto does. */
static gint64
thread_external_id (Rank *rk, HostThread *th, gint64 corr)
{
  guint i;

  for (i = th->depth; i > 0; i--)
    {
      const Event *ev = rank_event (rk, th->open[i - 1]);

      if (ev->kind == EV_CPU_OP || ev->kind == EV_USER_ANNOTATION || ev->kind == EV_COMMS_OP)
        return ev->u.op.ext;
    }
  return corr;
}

static void
open_python (Rank *rk, HostThread *th, const char *name, gint64 module)
{
  gint64 parent = thread_python_parent (rk, th);
  Event *ev = thread_open (rk, th, EV_PYTHON, name, 2, 8);

  ev->ev_idx = rk->next_ev++;
  ev->u.py.id = rk->next_py++;
  ev->u.py.parent = parent;
  ev->u.py.module = module;
}

static void
close_python (Rank *rk, HostThread *th)
{
  thread_close (rk, th, 1, 5);
}

static Event *
open_op (Rank *rk, HostThread *th, EventKind kind, const char *name, const char *shapes)
{
  Event *ev = thread_open (rk, th, kind, name, 2, 10);

  ev->ev_idx = rk->next_ev++;
  ev->u.op.ext = rk->next_ext++;
  ev->u.op.rf = rk->next_rf++;
  ev->u.op.shapes = shapes;
  return ev;
}

static void
open_cpu_op (Rank *rk, HostThread *th, const char *name, const char *shapes)
{
  open_op (rk, th, EV_CPU_OP, name, shapes);
}

static void
close_op (Rank *rk, HostThread *th)
{
  thread_close (rk, th, 3, 12);
}

static void
open_annotation (Rank *rk, HostThread *th, const char *name)
{
  open_op (rk, th, EV_USER_ANNOTATION, name, NULL);
}

static void
push_flow (Rank *rk, EventKind kind, gint64 id, gint32 pid, gint32 tid, Nanos ts)
{
  Event *ev = rank_push (
      rk, kind, kind == EV_AC2G_START || kind == EV_AC2G_FINISH ? "ac2g" : "fwdbwd", pid, tid, ts);

  ev->u.flow_id = id;
}

/* A leaf cuda_runtime slice of the given duration; returns its start. */
static Nanos
runtime_call (Rank *rk, HostThread *th, const char *name, int cbid, gint64 corr, Nanos dur)
{
  Event *ev;
  gint64 ext = thread_external_id (rk, th, corr);

  th->t += host_ns (rk, 2, 6);
  ev = rank_push (rk, EV_RUNTIME, name, rk->pid, th->tid, th->t);
  ev->dur = dur;
  ev->u.dev.ext = ext;
  ev->u.dev.cbid = cbid;
  ev->u.dev.corr = corr;
  th->t += dur;
  return ev->ts;
}

/* Launch overhead, with a rare long stall private to this rank. */
static Nanos
launch_ns (Rank *rk)
{
  Nanos ns = host_ns (rk, 4, 10);

  if (rng_next (&rk->jitter) % 256 == 0)
    ns += rng_range (&rk->jitter, 150 * US, 450 * US);
  return ns;
}

static void
note_memory (Gen *g, Rank *rk, HostThread *th, gint64 bytes)
{
  Event *ev;

  rk->allocated += bytes;
  if (rk->instants_left == 0)
    return;
  rk->instants_left--;
  ev = rank_push (rk, EV_MEMORY_INSTANT, "[memory]", rk->pid, th->tid, th->t);
  ev->ev_idx = rk->next_ev++;
  ev->u.mem.bytes = bytes;
  ev->u.mem.allocated = g->static_bytes + rk->allocated;
  ev->u.mem.reserved = g->reserved_bytes;
  ev->u.mem.addr = HEAP_BASE + ((gint64)rk->rank << 36) + rk->allocated - bytes;
}

/* ---------------------------------------------------------------------- */
/* GPU work                                                               */
/* ---------------------------------------------------------------------- */

/* Work starts after a launch latency and never before the stream is
 * free; some launches are late enough that the GPU waits for them. */
static Nanos
stream_start (Rank *rk, Nanos launch_ts, Nanos stream_free)
{
  Nanos queue = rng_range (&rk->model, 2 * US, 9 * US);
  Nanos gap = rng_range (&rk->model, 1 * US, 3 * US);

  if (rng_next (&rk->model) % 8 == 0)
    queue += rng_range (&rk->model, 0, 21 * US);
  return MAX (launch_ts + queue, stream_free + gap);
}

static void
note_compute (Rank *rk, Nanos start, Nanos dur)
{
  if (rk->gpu_first == 0)
    rk->gpu_first = start;
  rk->gpu_last = start + dur;
  rk->compute_free = start + dur;
}

/* Work on the compute stream and the end of its ac2g flow; returns the
 * index of the work's event. */
static guint
push_device (Rank       *rk,
             EventKind   kind,
             const char *name,
             Nanos       start,
             Nanos       dur,
             gint64      ext,
             gint64      corr)
{
  Event *ev = rank_push (rk, kind, name, rk->rank, COMPUTE_STREAM, start);
  guint  index = rk->events->len - 1;

  ev->dur = dur;
  ev->u.dev.ext = ext;
  ev->u.dev.corr = corr;
  ev->u.dev.stream = COMPUTE_STREAM;
  push_flow (rk, EV_AC2G_FINISH, corr, rk->rank, COMPUTE_STREAM, start);
  note_compute (rk, start, dur);
  return index;
}

static void
launch_kernel (Gen *g, Rank *rk, HostThread *th, KernelId kernel, int base_us)
{
  gint64 corr = rank_next_corr (g, rk);
  Nanos  ts = runtime_call (rk, th, "cudaLaunchKernel", CBID_LAUNCH_KERNEL, corr, launch_ns (rk));
  Nanos  dur = gpu_ns (rk, base_us) + rk->slowdown;
  Nanos  start = stream_start (rk, ts, rk->compute_free);
  gint64 ext = rank_event (rk, rk->events->len - 1)->u.dev.ext;
  guint  index;

  rk->slowdown = 0;
  push_flow (rk, EV_AC2G_START, corr, rk->pid, th->tid, ts);
  index = push_device (rk, EV_KERNEL, kernel_specs[kernel].name, start, dur, ext, corr);
  rank_event (rk, index)->u.dev.kernel = kernel;
}

/* Pageable copies return only once the data has reached the device. */
static void
launch_memcpy (Gen *g, Rank *rk, HostThread *th, gint64 bytes)
{
  gint64 corr = rank_next_corr (g, rk);
  Nanos  ts = runtime_call (rk, th, "cudaMemcpyAsync", CBID_MEMCPY_ASYNC, corr, 0);
  Event *rt = rank_event (rk, rk->events->len - 1);
  gint64 ext = rt->u.dev.ext;
  Nanos  start = stream_start (rk, ts, rk->compute_free);
  Nanos  dur = bytes * 1000 / rng_range (&rk->model, 4000, 6500);
  Nanos  min_call = host_ns (rk, 8, 14);
  Nanos  done = start + dur + host_ns (rk, 3, 6);

  guint index;

  rt->dur = MAX (min_call, done - ts);
  th->t = ts + rt->dur;
  push_flow (rk, EV_AC2G_START, corr, rk->pid, th->tid, ts);
  index = push_device (rk, EV_MEMCPY, "Memcpy HtoD (Pageable -> Device)", start, dur, ext, corr);
  rank_event (rk, index)->u.dev.bytes = bytes;
}

static void
launch_memset (Gen *g, Rank *rk, HostThread *th, gint64 bytes)
{
  gint64 corr = rank_next_corr (g, rk);
  Nanos ts = runtime_call (rk, th, "cudaMemsetAsync", CBID_MEMSET_ASYNC, corr, host_ns (rk, 5, 12));
  Nanos start = stream_start (rk, ts, rk->compute_free);
  Nanos dur = bytes * 1000 / rng_range (&rk->model, 1300000, 1500000);
  gint64 ext = rank_event (rk, rk->events->len - 1)->u.dev.ext;
  guint  index;

  push_flow (rk, EV_AC2G_START, corr, rk->pid, th->tid, ts);
  index = push_device (rk, EV_MEMSET, "Memset (Device)", start, dur, ext, corr);
  rank_event (rk, index)->u.dev.bytes = bytes;
}

/* The NCCL kernel waits for the compute stream (cudaStreamWaitEvent) and
 * for earlier collectives; its end is known only once every rank has
 * launched it, see gen_resolve_collective(). */
static void
launch_collective (Gen *g, Rank *rk, HostThread *th, const Collective *coll)
{
  gint64 corr;
  Nanos  ts, ready;
  Event *ev;

  open_cpu_op (rk, th, coll->cpu_op, NULL);
  ev = open_op (rk, th, EV_COMMS_OP, "record_param_comms", NULL);
  ev->u.op.coll = coll;
  runtime_call (rk, th, "cudaEventRecord", CBID_EVENT_RECORD, rank_next_corr (g, rk),
                host_ns (rk, 2, 4));
  runtime_call (rk, th, "cudaStreamWaitEvent", CBID_STREAM_WAIT_EVENT, rank_next_corr (g, rk),
                host_ns (rk, 1, 3));
  corr = rank_next_corr (g, rk);
  ts = runtime_call (rk, th, "cudaLaunchKernelExC", CBID_LAUNCH_KERNEL_EXC, corr,
                     host_ns (rk, 6, 14));
  push_flow (rk, EV_AC2G_START, corr, rk->pid, th->tid, ts);
  rk->pending.coll = coll;
  rk->pending.corr = corr;
  rk->pending.ext = thread_external_id (rk, th, corr);
  ready = stream_start (rk, ts, rk->comm_free);
  rk->pending.ready = MAX (ready, rk->compute_free + 2 * US) + rk->rank * 1800;
  close_op (rk, th);
  close_op (rk, th);
}

/* NCCL kernels start on each rank when launched and all finish together
 * once the last rank has joined, give or take a microsecond. */
static void
gen_resolve_collective (Gen *g, gboolean slow_link)
{
  const Collective *coll = g->ranks[0].pending.coll;
  Nanos             latest = 0;
  Nanos             base = coll->base_us * US;
  Nanos             end;
  int               r;

  for (r = 0; r < g->n_ranks; r++)
    latest = MAX (latest, g->ranks[r].pending.ready);
  end = latest + base + base * rng_range (&g->coll_rng, -40, 40) / 1000;
  if (slow_link)
    end += 3 * base;
  for (r = 0; r < g->n_ranks; r++)
    {
      Rank  *rk = &g->ranks[r];
      Nanos  stop = end + r * 600 + rng_range (&g->coll_rng, 0, 900);
      Event *ev = rank_push (rk, EV_NCCL_KERNEL, kernel_specs[coll->kernel].name, rk->rank,
                             COMM_STREAM, rk->pending.ready);

      ev->dur = stop - rk->pending.ready;
      ev->u.dev.ext = rk->pending.ext;
      ev->u.dev.corr = rk->pending.corr;
      ev->u.dev.stream = COMM_STREAM;
      ev->u.dev.kernel = coll->kernel;
      ev->u.dev.coll = coll;
      push_flow (rk, EV_AC2G_FINISH, rk->pending.corr, rk->rank, COMM_STREAM, rk->pending.ready);
      rk->comm_free = stop;
    }
}

/* ---------------------------------------------------------------------- */
/* Forward pass (main thread)                                             */
/* ---------------------------------------------------------------------- */

/* An op that autograd records: it gets a sequence number and the start of
 * a fwdbwd flow that its backward node will finish. */
static void
forward_op (Gen *g, Rank *rk, const char *name, const char *shapes, KernelId kernel, int base_us)
{
  HostThread     *th = &rk->main;
  Event          *ev = open_op (rk, th, EV_CPU_OP, name, shapes);
  AutogradRecord *rec;

  g_assert (rk->n_records < MAX_RECORDS);
  rec = &rk->records[rk->n_records++];
  ev->u.op.seq = rec->seq = rk->next_seq++;
  rec->flow_id = rank_next_flow (g, rk);
  push_flow (rk, EV_FWDBWD_START, rec->flow_id, rk->pid, th->tid, th->t);
  th->t += host_ns (rk, 4, 14);
  launch_kernel (g, rk, th, kernel, base_us);
  close_op (rk, th);
}

static void
forward_linear (Gen *g, Rank *rk, LinearId id)
{
  const LinearSpec *l = &linear_specs[id];

  open_cpu_op (rk, &rk->main, "aten::linear", g->linear_shapes[id][LS_LINEAR]);
  forward_op (g, rk, "aten::addmm", g->linear_shapes[id][LS_ADDMM], l->kernel, l->fwd_us);
  note_memory (g, rk, &rk->main, (gint64)8192 * l->out * 2);
  close_op (rk, &rk->main);
}

static void
forward_layer_norm (Gen *g, Rank *rk)
{
  open_cpu_op (rk, &rk->main, "aten::layer_norm", g->shapes[S_LAYER_NORM]);
  forward_op (g, rk, "aten::native_layer_norm", g->shapes[S_NATIVE_LAYER_NORM], K_LAYER_NORM, 21);
  close_op (rk, &rk->main);
}

static void
forward_softmax (Gen *g, Rank *rk)
{
  open_cpu_op (rk, &rk->main, "aten::softmax", g->shapes[S_SOFTMAX]);
  forward_op (g, rk, "aten::_softmax", g->shapes[S_SOFTMAX_INNER], K_SOFTMAX, 265);
  close_op (rk, &rk->main);
}

static void
forward_layer (Gen *g, Rank *rk, int layer)
{
  HostThread *th = &rk->main;

  open_python (rk, th, g->layer_names[layer], 1 + layer * 3);
  open_python (rk, th, "nn.Module: Attention", 2 + layer * 3);
  forward_layer_norm (g, rk);
  forward_linear (g, rk, LIN_QKV);
  forward_softmax (g, rk);
  forward_linear (g, rk, LIN_PROJ);
  close_python (rk, th);
  open_python (rk, th, "nn.Module: MLP", 3 + layer * 3);
  forward_layer_norm (g, rk);
  forward_linear (g, rk, LIN_FC1);
  forward_op (g, rk, "aten::gelu", g->shapes[S_GELU], K_GELU, 36);
  forward_linear (g, rk, LIN_FC2);
  close_python (rk, th);
  close_python (rk, th);
  /* Activations kept for the backward pass. */
  rk->allocated += ACT_PER_LAYER / 2;
}

static void
model_forward (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;
  int         layer;

  open_python (rk, th, "torch/nn/modules/module.py(1518): _wrapped_call_impl", -1);
  open_python (rk, th, "torch/nn/modules/module.py(1527): _call_impl", -1);
  open_python (rk, th, "nn.Module: Model", 0);
  open_python (rk, th, "model.py(112): forward", -1);
  forward_op (g, rk, "aten::embedding", g->shapes[S_EMBEDDING], K_INDEX_SELECT, 28);
  for (layer = 0; layer < g->n_layers; layer++)
    forward_layer (g, rk, layer);
  forward_linear (g, rk, LIN_HEAD);
  close_python (rk, th);
  close_python (rk, th);
  close_python (rk, th);
  close_python (rk, th);
}

static void
compute_loss (Gen *g, Rank *rk)
{
  open_cpu_op (rk, &rk->main, "aten::cross_entropy_loss", g->shapes[S_CROSS_ENTROPY]);
  forward_op (g, rk, "aten::_log_softmax", g->shapes[S_LOG_SOFTMAX], K_LOG_SOFTMAX, 95);
  forward_op (g, rk, "aten::nll_loss_forward", g->shapes[S_NLL], K_NLL, 12);
  close_op (rk, &rk->main);
}

/* The data loader is pure host time, so the GPU idles at every step
 * start; small models wait longer for their input, which keeps steps
 * near 20 ms. */
static void
load_batch (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;

  open_python (rk, th, "torch/utils/data/dataloader.py(631): __next__", -1);
  open_python (rk, th, "torch/utils/data/dataloader.py(675): _next_data", -1);
  open_python (rk, th, "torch/utils/data/_utils/fetch.py(51): fetch", -1);
  /* Without jitter: the GPU idles here, so jitter would shift whole
   * steps between ranks. */
  th->t += rng_range (&rk->model, 1600 * US, 3400 * US)
           + MAX (DEFAULT_LAYERS - g->n_layers, 0) * 3200 * US;
  open_cpu_op (rk, th, "aten::stack", g->shapes[S_STACK]);
  th->t += host_ns (rk, 60, 180);
  close_op (rk, th);
  close_python (rk, th);
  close_python (rk, th);
  close_python (rk, th);
}

static void
copy_to_device (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;

  open_cpu_op (rk, th, "aten::to", g->shapes[S_TO]);
  open_cpu_op (rk, th, "aten::_to_copy", g->shapes[S_TO_COPY]);
  open_cpu_op (rk, th, "aten::copy_", g->shapes[S_COPY]);
  launch_memcpy (g, rk, th, INPUT_BYTES);
  close_op (rk, th);
  close_op (rk, th);
  note_memory (g, rk, th, INPUT_BYTES);
  close_op (rk, th);
  open_cpu_op (rk, th, "aten::zeros", g->shapes[S_ZEROS]);
  open_cpu_op (rk, th, "aten::zero_", g->shapes[S_ZERO]);
  launch_memset (g, rk, th, MASK_BYTES);
  close_op (rk, th);
  close_op (rk, th);
}

/* ---------------------------------------------------------------------- */
/* Backward pass (autograd thread)                                        */
/* ---------------------------------------------------------------------- */

/* Opens the evaluate_function wrapper and the node itself; the node ends
 * the fwdbwd flow of the forward op it differentiates. */
static void
backward_node_begin (Rank *rk, NodeKind kind)
{
  HostThread    *th = &rk->autograd;
  AutogradRecord rec;
  Event         *ev;
  int            i;

  g_assert (rk->n_records > 0);
  rec = rk->records[--rk->n_records];
  for (i = 0; i < 2; i++)
    {
      ev = open_op (rk, th, EV_CPU_OP, node_names[kind][i], NULL);
      ev->u.op.seq = rec.seq;
      ev->u.op.fwd_thread = 1;
    }
  push_flow (rk, EV_FWDBWD_FINISH, rec.flow_id, rk->pid, th->tid, ev->ts);
}

static void
backward_node_end (Rank *rk)
{
  close_op (rk, &rk->autograd);
  close_op (rk, &rk->autograd);
}

static void
backward_op (Gen *g, Rank *rk, const char *name, const char *shapes, KernelId kernel, int base_us)
{
  HostThread *th = &rk->autograd;

  open_cpu_op (rk, th, name, shapes);
  th->t += host_ns (rk, 4, 12);
  launch_kernel (g, rk, th, kernel, base_us);
  close_op (rk, th);
}

static void
backward_simple (Gen        *g,
                 Rank       *rk,
                 NodeKind    node,
                 const char *op,
                 ShapeId     shapes,
                 KernelId    kernel,
                 int         base_us)
{
  backward_node_begin (rk, node);
  backward_op (g, rk, op, g->shapes[shapes], kernel, base_us);
  backward_node_end (rk);
}

static void
backward_linear (Gen *g, Rank *rk, LinearId id)
{
  const LinearSpec *l = &linear_specs[id];

  backward_node_begin (rk, N_ADDMM);
  backward_op (g, rk, "aten::mm", g->linear_shapes[id][LS_DGRAD], K_GEMM_NN, l->dgrad_us);
  backward_op (g, rk, "aten::mm", g->linear_shapes[id][LS_WGRAD], K_GEMM_NT, l->wgrad_us);
  backward_node_end (rk);
}

static void
backward_layer_norm (Gen *g, Rank *rk)
{
  backward_simple (g, rk, N_LAYER_NORM, "aten::native_layer_norm_backward", S_LAYER_NORM_BWD,
                   K_LAYER_NORM_BWD, 44);
}

/* Exactly the reverse of forward_layer()'s autograd ops. */
static void
backward_layer (Gen *g, Rank *rk)
{
  backward_linear (g, rk, LIN_FC2);
  backward_simple (g, rk, N_GELU, "aten::gelu_backward", S_GELU_BWD, K_GELU_BWD, 52);
  backward_linear (g, rk, LIN_FC1);
  backward_layer_norm (g, rk);
  backward_linear (g, rk, LIN_PROJ);
  backward_simple (g, rk, N_SOFTMAX, "aten::_softmax_backward_data", S_SOFTMAX_BWD, K_SOFTMAX_BWD,
                   300);
  backward_linear (g, rk, LIN_QKV);
  backward_layer_norm (g, rk);
}

static void
backward_head (Gen *g, Rank *rk)
{
  backward_simple (g, rk, N_NLL, "aten::nll_loss_backward", S_NLL_BWD, K_NLL_BWD, 14);
  backward_simple (g, rk, N_LOG_SOFTMAX, "aten::_log_softmax_backward_data", S_LOG_SOFTMAX_BWD,
                   K_LOG_SOFTMAX_BWD, 110);
  backward_linear (g, rk, LIN_HEAD);
}

static int
n_buckets (const Gen *g)
{
  return 1 + (g->n_layers + 1) / 2;
}

/* The bucket whose all-reduce becomes the trace's one outlier: the last
 * of the step, since the optimizer then realigns the ranks and no later
 * collective inherits the delay. */
static int
outlier_bucket (const Gen *g)
{
  return n_buckets (g) - 1;
}

/* DDP buckets: the loss and head first, then pairs of layers from the
 * last one down; the last bucket also holds the embedding. */
static void
rank_backward_bucket (Gen *g, Rank *rk, int bucket, gboolean straggle)
{
  gboolean last = bucket == n_buckets (g) - 1;
  int      hi = g->n_layers - 1 - 2 * (bucket - 1);
  int      lo = MAX (hi - 1, 0);
  CollId   coll = COLL_PAIR;
  int      layer;

  /* A straggling GPU: one slow kernel delays this rank's gradients, so
   * the other ranks' all-reduce kernels wait for it. */
  if (straggle && g->n_ranks > 1 && rk->rank == g->n_ranks - 1)
    rk->slowdown = STRAGGLER_US * US;
  if (bucket == 0)
    {
      backward_head (g, rk);
      coll = COLL_FIRST;
    }
  else
    {
      for (layer = hi; layer >= lo; layer--)
        backward_layer (g, rk);
    }
  if (last)
    {
      backward_simple (g, rk, N_EMBEDDING, "aten::embedding_dense_backward", S_EMBEDDING_BWD,
                       K_EMBEDDING_BWD, 85);
      coll = hi == lo ? COLL_LAST1 : COLL_LAST2;
    }
  launch_collective (g, rk, &rk->autograd, &g->colls[coll]);
}

/* ---------------------------------------------------------------------- */
/* Step                                                                   */
/* ---------------------------------------------------------------------- */

static void
rank_begin_step (Gen *g, Rank *rk, int step)
{
  rng_seed (&rk->model, g->seed, 1 + (guint64)step);
  rk->n_records = 0;
  rk->instants_left = g->mem_instants;
  rk->allocated = 0;
  rk->gpu_first = 0;
  rk->step_event = rk->events->len;
  open_annotation (rk, &rk->main, g->step_name);
  open_python (rk, &rk->main, "train.py(88): train_step", -1);
}

static void
rank_forward (Gen *g, Rank *rk, int step)
{
  HostThread *th = &rk->main;
  Nanos       handoff;

  rank_begin_step (g, rk, step);
  load_batch (g, rk);
  copy_to_device (g, rk);
  rk->fwd_start = th->t;
  model_forward (g, rk);
  compute_loss (g, rk);
  rk->fwd_end = th->t;
  open_python (rk, th, "torch/_tensor.py(522): backward", -1);
  open_python (rk, th, "torch/autograd/__init__.py(266): backward", -1);
  handoff = th->t + host_ns (rk, 12, 30);
  rk->autograd.t = MAX (rk->autograd.t, handoff);
}

static void
rank_finish_backward (Rank *rk)
{
  HostThread *th = &rk->main;

  th->t = MAX (th->t, rk->autograd.t);
  close_python (rk, th);
  close_python (rk, th);
}

static void
optimizer_op (Gen *g, Rank *rk, const char *name, ShapeId shapes, KernelId kernel, int base_us)
{
  HostThread *th = &rk->main;

  open_cpu_op (rk, th, name, g->shapes[shapes]);
  th->t += host_ns (rk, 6, 18);
  launch_kernel (g, rk, th, kernel, base_us);
  close_op (rk, th);
}

/* DDP makes the compute stream wait for the reduced gradients before the
 * optimizer touches them. */
static void
rank_optimizer_step (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;
  int         base = 60 + 30 * g->n_layers;

  open_python (rk, th, "torch/optim/optimizer.py(373): wrapper", -1);
  open_annotation (rk, th, "Optimizer.step#AdamW.step");
  open_python (rk, th, "torch/optim/adamw.py(184): step", -1);
  rk->compute_free = MAX (rk->compute_free, rk->comm_free);
  optimizer_op (g, rk, "aten::_foreach_mul_", S_FOREACH_MUL, K_FOREACH_MUL, base);
  optimizer_op (g, rk, "aten::_foreach_addcmul_", S_FOREACH_ADDCMUL, K_FOREACH_ADDCMUL, base + 20);
  optimizer_op (g, rk, "aten::_foreach_sqrt", S_FOREACH_SQRT, K_FOREACH_SQRT, base - 10);
  optimizer_op (g, rk, "aten::_foreach_addcdiv_", S_FOREACH_ADDCDIV, K_FOREACH_ADDCDIV, base + 30);
  close_python (rk, th);
  close_op (rk, th);
  close_python (rk, th);
}

static void
rank_gather_metrics (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;

  open_python (rk, th, "train.py(97): gather_metrics", -1);
  open_python (rk, th, "torch/distributed/distributed_c10d.py(2948): all_gather_into_tensor", -1);
  launch_collective (g, rk, th, &g->colls[COLL_ALLGATHER]);
  close_python (rk, th);
  close_python (rk, th);
}

/* The host blocks until both streams are idle; later ranks wake up a
 * little later. */
static void
device_synchronize (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;
  Nanos       idle = MAX (rk->compute_free, rk->comm_free);
  gint64      corr = rank_next_corr (g, rk);
  Nanos       ts = runtime_call (rk, th, "cudaDeviceSynchronize", CBID_DEVICE_SYNCHRONIZE, corr, 0);
  Nanos       min_dur = host_ns (rk, 2, 5);
  Nanos       wake = idle + host_ns (rk, 3, 6) + rk->rank * 1500;
  Event      *ev = rank_event (rk, rk->events->len - 1);

  ev->dur = MAX (min_dur, wake - ts);
  th->t = ts + ev->dur;
}

static void
push_gpu_annotation (Gen *g, Rank *rk)
{
  gint64 ext = rank_event (rk, rk->step_event)->u.op.ext;
  Event *ev
      = rank_push (rk, EV_GPU_ANNOTATION, g->step_name, rk->rank, COMPUTE_STREAM, rk->gpu_first);

  ev->dur = rk->gpu_last - rk->gpu_first;
  ev->u.dev.ext = ext;
}

/* Activations grow through the forward pass and are freed by the
 * backward pass. */
static gint64
activations_at (const Gen *g, const Rank *rk, Nanos t, Nanos bwd_end)
{
  gint64 peak = g->n_layers * ACT_PER_LAYER + INPUT_BYTES + MASK_BYTES;

  if (t <= rk->fwd_start || t >= bwd_end)
    return 0;
  if (t <= rk->fwd_end)
    return peak * (t - rk->fwd_start) / MAX (rk->fwd_end - rk->fwd_start, 1);
  return peak * (bwd_end - t) / MAX (bwd_end - rk->fwd_end, 1);
}

static void
push_memory_counters (Gen *g, Rank *rk, Nanos start, Nanos end, Nanos bwd_end)
{
  int i;

  for (i = 0; i < COUNTER_SAMPLES; i++)
    {
      Nanos  t = start + (end - start) * i / COUNTER_SAMPLES;
      Event *ev = rank_push (rk, EV_MEMORY_COUNTER, "GPU Memory", rk->rank, 0, t);

      ev->u.mem.allocated = g->static_bytes + activations_at (g, rk, t, bwd_end);
      ev->u.mem.reserved = g->reserved_bytes;
    }
}

static void
rank_after_backward (Gen *g, Rank *rk)
{
  rank_finish_backward (rk);
  rank_optimizer_step (g, rk);
  rank_gather_metrics (g, rk);
}

static void
rank_end_step (Gen *g, Rank *rk)
{
  HostThread *th = &rk->main;
  Nanos       start = rank_event (rk, rk->step_event)->ts;
  Nanos       bwd_end = rk->autograd.t;

  open_python (rk, th, "torch/cuda/__init__.py(792): synchronize", -1);
  device_synchronize (g, rk);
  close_python (rk, th);
  close_python (rk, th);
  close_op (rk, th);
  g_assert (th->depth == 0 && rk->autograd.depth == 0 && rk->n_records == 0);
  push_gpu_annotation (g, rk);
  push_memory_counters (g, rk, start, th->t, bwd_end);
  g->end = MAX (g->end, th->t);
  th->t += host_ns (rk, 20, 60);
}

static void
gen_flush_rank (Gen *g, Rank *rk)
{
  guint i;

  if (out_is_null (g->out))
    g->out->events += rk->events->len;
  else
    for (i = 0; i < rk->events->len; i++)
      write_event (g->out, g, rank_event (rk, i));
  g_array_set_size (rk->events, 0);
}

/* Ranks advance in lockstep, phase by phase, because a collective's end
 * depends on when the last rank joins it. */
static void
gen_step (Gen *g, int step)
{
  gboolean outlier_step = step == g->n_steps / 2;
  int      b, r;

  g_snprintf (g->step_name, sizeof g->step_name, "ProfilerStep#%d", FIRST_STEP + step);
  for (r = 0; r < g->n_ranks; r++)
    rank_forward (g, &g->ranks[r], step);
  for (b = 0; b < n_buckets (g); b++)
    {
      gboolean outlier = outlier_step && b == outlier_bucket (g);

      for (r = 0; r < g->n_ranks; r++)
        rank_backward_bucket (g, &g->ranks[r], b, outlier);
      gen_resolve_collective (g, outlier && g->n_ranks == 1);
    }
  for (r = 0; r < g->n_ranks; r++)
    rank_after_backward (g, &g->ranks[r]);
  gen_resolve_collective (g, FALSE);
  for (r = 0; r < g->n_ranks; r++)
    {
      rank_end_step (g, &g->ranks[r]);
      gen_flush_rank (g, &g->ranks[r]);
    }
}

/* ---------------------------------------------------------------------- */
/* File header and trailer                                                */
/* ---------------------------------------------------------------------- */

static void
write_header (Gen *g)
{
  Out *o = g->out;
  int  r;

  OUT_LIT (o, "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n");
  for (r = 0; r < g->n_ranks; r++)
    {
      OUT_LIT (o, "    {\n      \"id\": ");
      out_int (o, r);
      OUT_LIT (o, ", \"name\": \"NVIDIA A100-SXM4-80GB\", \"totalGlobalMem\": 85051572224,\n"
                  "      \"computeMajor\": 8, \"computeMinor\": 0,\n"
                  "      \"maxThreadsPerBlock\": 1024, \"maxThreadsPerMultiprocessor\": 2048,\n"
                  "      \"regsPerBlock\": 65536, \"warpSize\": 32,\n"
                  "      \"sharedMemPerBlock\": 49152, \"numSms\": 108\n"
                  "    , \"regsPerMultiprocessor\": 65536, \"sharedMemPerBlockOptin\": 166912, "
                  "\"sharedMemPerMultiprocessor\": 167936\n    }");
      if (r + 1 < g->n_ranks)
        OUT_LIT (o, ",");
      OUT_LIT (o, "\n");
    }
  OUT_LIT (o, "  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, \"world_size\": ");
  out_int (o, g->n_ranks);
  OUT_LIT (o, ", \"pg_count\": 1, \"pg_config\": [{\"pg_name\": \"0\", \"pg_desc\": "
              "\"default_pg\", \"backend_config\": \"cuda:nccl\", \"pg_size\": ");
  out_int (o, g->n_ranks);
  OUT_LIT (o, ", \"ranks\": ");
  out_str (o, g->group_ranks);
  OUT_LIT (o, "}], \"nccl_version\": \"2.18.1\"},\n  \"record_shapes\": 1,\n"
              "  \"with_stack\": 0,\n");
  if (g->flops)
    OUT_LIT (o, "  \"with_flops\": 1,\n");
  OUT_LIT (o, "  \"traceEvents\": [\n");
}

static void
write_footer (Gen *g)
{
  Out *o = g->out;

  OUT_LIT (o, "\n  ],\n  \"traceName\": \"./log/train_ddp.pt.trace.json\",\n"
              "  \"displayTimeUnit\": \"ms\"");
  if (!g->epoch)
    OUT_LIT (o, ",\n  \"baseTimeNanoseconds\": " BASE_TIME_NS);
  OUT_LIT (o, "\n}\n");
}

static void
write_meta_head (Out *o, const char *name, Nanos ts, gint64 pid, gint64 tid, const char *key)
{
  out_begin_event (o);
  OUT_LIT (o, "\"name\": \"");
  out_str (o, name);
  OUT_LIT (o, "\", \"ph\": \"M\", \"ts\": ");
  out_milli (o, ts);
  OUT_LIT (o, ", \"pid\": ");
  out_int (o, pid);
  OUT_LIT (o, ", \"tid\": ");
  out_int (o, tid);
  OUT_LIT (o, ",\n    \"args\": {\n      \"");
  out_str (o, key);
  OUT_LIT (o, "\": ");
}

static void
write_meta_string (Out        *o,
                   const char *name,
                   Nanos       ts,
                   gint64      pid,
                   gint64      tid,
                   const char *key,
                   const char *value)
{
  write_meta_head (o, name, ts, pid, tid, key);
  OUT_LIT (o, "\"");
  out_str (o, value);
  OUT_LIT (o, "\"\n    }");
  out_end_event (o);
}

static void
write_meta_int (Out        *o,
                const char *name,
                Nanos       ts,
                gint64      pid,
                gint64      tid,
                const char *key,
                gint64      value)
{
  write_meta_head (o, name, ts, pid, tid, key);
  out_int (o, value);
  OUT_LIT (o, "\n    }");
  out_end_event (o);
}

static void
write_process_meta (Out *o, Nanos ts, gint64 pid, const char *label, gint64 sort_index)
{
  write_meta_string (o, "process_name", ts, pid, 0, "name", "python3");
  write_meta_string (o, "process_labels", ts, pid, 0, "labels", label);
  write_meta_int (o, "process_sort_index", ts, pid, 0, "sort_index", sort_index);
}

static void
write_thread_meta (Out *o, Nanos ts, gint64 pid, gint64 tid, const char *name)
{
  write_meta_string (o, "thread_name", ts, pid, tid, "name", name);
  write_meta_int (o, "thread_sort_index", ts, pid, tid, "sort_index", tid);
}

static void
write_rank_threads (Out *o, Nanos ts, const Rank *rk)
{
  char name[64];

  write_thread_meta (o, ts, rk->rank, COMPUTE_STREAM, "stream 7");
  write_thread_meta (o, ts, rk->rank, COMM_STREAM, "stream 13 nccl");
  g_snprintf (name, sizeof name, "thread %d (python3)", rk->main.tid);
  write_thread_meta (o, ts, rk->pid, rk->main.tid, name);
  g_snprintf (name, sizeof name, "thread %d (pt_autograd_0)", rk->autograd.tid);
  write_thread_meta (o, ts, rk->pid, rk->autograd.tid, name);
}

static void
write_spans (Gen *g)
{
  Out *o = g->out;

  out_begin_event (o);
  OUT_LIT (o, "\"ph\": \"X\", \"cat\": \"Trace\", \"ts\": ");
  out_milli (o, g->origin);
  OUT_LIT (o, ", \"dur\": ");
  out_milli (o, g->end + 85 * US - g->origin);
  OUT_LIT (o, ",\n    \"pid\": \"Spans\", \"tid\": \"PyTorch Profiler\",\n"
              "    \"name\": \"PyTorch Profiler (0)\",\n"
              "    \"args\": {\n      \"Op count\": 0\n    }");
  out_end_event (o);
  out_begin_event (o);
  OUT_LIT (o, "\"name\": \"process_sort_index\", \"ph\": \"M\", \"ts\": ");
  out_milli (o, g->origin);
  OUT_LIT (o, ",\n    \"pid\": \"Spans\", \"tid\": 0,\n"
              "    \"args\": {\n      \"sort_index\": 536870912\n    }");
  out_end_event (o);
  out_begin_event (o);
  OUT_LIT (o, "\"name\": \"Iteration Start: PyTorch Profiler\", \"ph\": \"i\", \"s\": \"g\",\n"
              "    \"pid\": \"Traces\", \"tid\": \"Trace PyTorch Profiler\", \"ts\": ");
  out_milli (o, g->origin);
  out_end_event (o);
}

/* Kineto writes its metadata records after all other events. */
static void
write_trailer (Gen *g)
{
  Nanos ts = g->origin + 50335;
  char  label[32];
  int   r;

  for (r = 0; r < g->n_ranks; r++)
    {
      g_snprintf (label, sizeof label, "rank %d", r);
      write_process_meta (g->out, ts, g->ranks[r].pid, label, g->ranks[r].pid);
    }
  for (r = 0; r < g->n_ranks; r++)
    {
      g_snprintf (label, sizeof label, "GPU %d", r);
      write_process_meta (g->out, ts, r, label, 5000000 + r);
    }
  for (r = 0; r < g->n_ranks; r++)
    write_rank_threads (g->out, ts, &g->ranks[r]);
  write_spans (g);
}

static void
gen_run (Gen *g)
{
  int step;

  write_header (g);
  for (step = 0; step < g->n_steps; step++)
    gen_step (g, step);
  write_trailer (g);
  write_footer (g);
  out_flush (g->out);
}

/* ---------------------------------------------------------------------- */
/* Sizing                                                                 */
/* ---------------------------------------------------------------------- */

typedef struct
{
  gint64   events;
  int      ranks;
  int      steps;
  gint64   seed;
  gboolean epoch;
  gboolean flops;
  char    *output;
} Options;

typedef struct
{
  int    layers;
  int    steps;
  int    mem_instants;
  gint64 expected;
} Plan;

static gint64
count_events (int ranks, int layers, int steps, int mem_instants)
{
  Out    out = { 0 };
  Gen   *g;
  gint64 n;

  out.buf = g_malloc (OUT_CAP);
  g = gen_new (ranks, layers, steps, mem_instants, 1, FALSE, FALSE, &out);
  gen_run (g);
  n = (gint64)out.events;
  gen_free (g);
  g_free (out.buf);
  return n;
}

/* Layers grow slowly with the target, so that big traces get both more
 * layers and more steps: the largest L with (L - 1/2)^4 <= N / (2000 R) / 16
 * times 256, i.e. 4 layers for the default 4000 events on 2 ranks. */
static int
target_layers (gint64 events, int ranks)
{
  int layers = 1;

  while (layers < MAX_LAYERS)
    {
      gint64 odd = 2 * (layers + 1) - 1;

      if (odd * odd * odd * odd * 125 * ranks > 256 * events)
        break;
      layers++;
    }
  return layers;
}

typedef struct
{
  gint64 error;
  int    layer_distance;
  int    steps;
  int    layers;
  int    mem_instants;
  gint64 total;
} Candidate;

/* Within the tolerance prefer at least three steps (the outlier needs a
 * group to stand out from), then the layer count nearest the target, then
 * the smallest error; outside it only the error counts. */
static gboolean
candidate_better (const Candidate *a, const Candidate *b, gint64 tolerance)
{
  gboolean a_ok = a->error <= tolerance, b_ok = b->error <= tolerance;

  if (a_ok != b_ok)
    return a_ok;
  if (!a_ok)
    return a->error < b->error;
  if ((a->steps >= 3) != (b->steps >= 3))
    return a->steps >= 3;
  if (a->layer_distance != b->layer_distance)
    return a->layer_distance < b->layer_distance;
  return a->error < b->error;
}

/* Event counts do not depend on the timings, so two dry runs per layer
 * count give the fixed part and the per-step part exactly. */
static void
plan_for_events (const Options *opts, Plan *plan)
{
  gint64    n = opts->events;
  gint64    tolerance = n >= 10000 ? n / 50 : n / 10;
  int       target = target_layers (n, opts->ranks);
  Candidate best = { G_MAXINT64, 0, 0, 0, 0, 0 };
  int       layers, k;

  for (layers = 1; layers <= MAX_LAYERS; layers++)
    {
      gint64 one = count_events (opts->ranks, layers, 1, MIN_INSTANTS);
      gint64 two = count_events (opts->ranks, layers, 2, MIN_INSTANTS);
      gint64 fixed = 2 * one - two;

      for (k = MIN_INSTANTS; k <= MAX_INSTANTS; k++)
        {
          gint64    per_step = two - one + (gint64)opts->ranks * (k - MIN_INSTANTS);
          gint64    steps = MAX ((n - fixed + per_step / 2) / per_step, 1);
          Candidate c;

          c.steps = (int)MIN (steps, G_MAXINT / 2);
          c.total = fixed + c.steps * per_step;
          c.error = ABS (c.total - n);
          c.layer_distance = ABS (layers - target);
          c.layers = layers;
          c.mem_instants = k;
          if (candidate_better (&c, &best, tolerance))
            best = c;
        }
    }
  plan->layers = best.layers;
  plan->steps = best.steps;
  plan->mem_instants = best.mem_instants;
  plan->expected = best.total;
}

static void
plan_choose (const Options *opts, Plan *plan)
{
  if (opts->steps > 0)
    {
      plan->layers = DEFAULT_LAYERS;
      plan->steps = opts->steps;
      plan->mem_instants = 3;
      plan->expected = -1;
      return;
    }
  plan_for_events (opts, plan);
}

/* ---------------------------------------------------------------------- */
/* Output file and command line                                           */
/* ---------------------------------------------------------------------- */

static gboolean
out_open (Out *o, const char *path)
{
  memset (o, 0, sizeof *o);
  if (g_str_has_suffix (path, ".gz"))
    {
      o->gz = gzopen (path, "wb6");
      if (o->gz != NULL)
        gzbuffer (o->gz, OUT_CAP);
    }
  else
    o->fp = fopen (path, "wb");
  if (o->fp == NULL && o->gz == NULL)
    {
      g_printerr ("st-gen-kineto: cannot open %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  o->buf = g_malloc (OUT_CAP);
  return TRUE;
}

static gboolean
out_close (Out *o, const char *path)
{
  gboolean ok = !o->failed;

  if (o->fp != NULL && fclose (o->fp) != 0)
    ok = FALSE;
  if (o->gz != NULL && gzclose (o->gz) != Z_OK)
    ok = FALSE;
  if (!ok)
    g_printerr ("st-gen-kineto: error writing %s\n", path);
  g_free (o->buf);
  return ok;
}

static gboolean
generate (const Options *opts, const Plan *plan)
{
  Out  out;
  Gen *g;

  if (!out_open (&out, opts->output))
    return FALSE;
  g = gen_new (opts->ranks, plan->layers, plan->steps, plan->mem_instants, (guint64)opts->seed,
               opts->epoch, opts->flops, &out);
  gen_run (g);
  gen_free (g);
  if (!out_close (&out, opts->output))
    return FALSE;
  g_printerr ("st-gen-kineto: %s: %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT
              " bytes of JSON (%d ranks, %d layers, %d steps)\n",
              opts->output, out.events, out.bytes, opts->ranks, plan->layers, plan->steps);
  return TRUE;
}

static gboolean
usage_error (GOptionContext *context, const char *message)
{
  g_printerr ("st-gen-kineto: %s\nTry 'st-gen-kineto --help' for more information.\n", message);
  g_option_context_free (context);
  return FALSE;
}

static gboolean
parse_options (Options *opts, int *argc, char ***argv)
{
  GOptionEntry entries[]
      = { { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opts->output,
            "File to write (gzip-compressed if it ends in .gz)", "FILE" },
          { "events", 'n', 0, G_OPTION_ARG_INT64, &opts->events,
            "Aim for about N trace events (default 4000)", "N" },
          { "ranks", 'r', 0, G_OPTION_ARG_INT, &opts->ranks, "Number of ranks, 1 to 64 (default 2)",
            "R" },
          { "steps", 's', 0, G_OPTION_ARG_INT, &opts->steps,
            "Number of profiler steps; --events is then ignored", "S" },
          { "seed", 0, 0, G_OPTION_ARG_INT64, &opts->seed,
            "Seed of the pseudo-random timings (default 1)", "SEED" },
          { "epoch", 0, 0, G_OPTION_ARG_NONE, &opts->epoch,
            "Epoch-based timestamps instead of relative ones plus baseTimeNanoseconds", NULL },
          { "flops", 0, 0, G_OPTION_ARG_NONE, &opts->flops,
            "A flops argument on the matrix multiplications, as with_flops=True writes it", NULL },
          G_OPTION_ENTRY_NULL };
  GOptionContext *context = g_option_context_new ("- write a synthetic PyTorch/Kineto trace");
  GError         *error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context, "Writes a deterministic Chrome Trace Event JSON file shaped like a torch.profiler\n"
               "(Kineto) trace of data-parallel transformer training: per rank a host process\n"
               "with main and autograd threads and a GPU with compute and NCCL streams, linked\n"
               "by ac2g and fwdbwd flows, with all-reduce and all-gather collectives, memory\n"
               "events and Kineto's metadata records. The same arguments give the same bytes.");
  g_option_context_set_description (
      context, "The number of layers (1 to 16) and of steps is chosen to land within 2% of\n"
               "--events for 10000 events or more; expect about 290 bytes of JSON per event.\n"
               "Timestamps are microseconds with three decimals: relative ones near 4.2e12\n"
               "plus a top-level baseTimeNanoseconds, as recent Kineto writes, or with --epoch\n"
               "Unix-epoch ones and no baseTimeNanoseconds. The output is streamed, so any\n"
               "size fits in constant memory.\n"
               "\n"
               "Exit status: 0 on success, 1 if the file cannot be written, 2 on usage errors.");
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      gboolean ok = usage_error (context, error->message);

      g_error_free (error);
      return ok;
    }
  if (*argc > 1)
    return usage_error (context, "unexpected argument");
  if (opts->output == NULL)
    return usage_error (context, "missing --output FILE");
  if (opts->events < 1)
    return usage_error (context, "--events must be positive");
  if (opts->ranks < 1 || opts->ranks > MAX_RANKS)
    return usage_error (context, "--ranks must be between 1 and 64");
  if (opts->steps < 0)
    return usage_error (context, "--steps must not be negative");
  g_option_context_free (context);
  return TRUE;
}

int
main (int argc, char **argv)
{
  Options  opts = { 4000, 2, 0, 1, FALSE, FALSE, NULL };
  Plan     plan;
  gboolean ok;

  g_set_prgname ("st-gen-kineto");
  if (!parse_options (&opts, &argc, &argv))
    return 2;
  plan_choose (&opts, &plan);
  ok = generate (&opts, &plan);
  g_free (opts.output);
  return ok ? 0 : 1;
}
