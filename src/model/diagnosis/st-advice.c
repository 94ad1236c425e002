/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-advice.c: advice in the terms of the software that ran the profile
 * (docs/metrics.md 16.3, "Advice in the profile's terms"): what to do about
 * a finding said for PyTorch, for an XLA program (JAX, TensorFlow), for a
 * Neuron device, or in the GPU runtime's own terms when no framework is
 * known (a CUDA or HIP program, its calls named for its runtime, or a
 * trace that does not say). */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-operation-name.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Per advice and terms (the columns in StAdviceTerms' order); NULL where
 * the runtime's words serve. The PyTorch column of the rules' advice is
 * the rule table's own (NULL here). */
/* clang-format off */
static const char *const texts[ST_N_ADVICE][ST_N_ADVICE_TERMS] = {
  [ST_ADVICE_SYNC_WAIT] = {
    N_("Take the synchronisation out of the loop: no .item(), .cpu() or blocking copies inside it; copy from pinned memory with non_blocking=True and wait on an event only where the result is needed."),
    N_("Take the synchronisation out of the loop: no block_until_ready() and no reading of device arrays on the host (float(), np.asarray, printing) inside the step; let dispatch run ahead and read results where they are needed."),
    N_("Take the synchronisation out of the loop: no device-wide synchronisation or blocking copy per step; copy asynchronously (cudaMemcpyAsync, hipMemcpyAsync) from pinned host memory (cudaMallocHost, hipHostMalloc) and wait on an event only where the result is needed."),
    N_("The engines waited on semaphores for other engines' work or for data: look at what the engine or DMA queue it waited for was doing, and load data ahead of its use (prefetch) rather than waiting on it."),
    NULL,
    N_("Take the synchronisation out of the loop: no device-wide synchronisation (cudaDeviceSynchronize) or blocking copy (cudaMemcpy) per step; copy asynchronously (cudaMemcpyAsync) from pinned host memory (cudaMallocHost) and wait on an event (cudaEventSynchronize, cudaStreamWaitEvent) only where the result is needed."),
    N_("Take the synchronisation out of the loop: no device-wide synchronisation (hipDeviceSynchronize) or blocking copy (hipMemcpy) per step; copy asynchronously (hipMemcpyAsync) from pinned host memory (hipHostMalloc) and wait on an event (hipEventSynchronize, hipStreamWaitEvent) only where the result is needed."),
  },
  [ST_ADVICE_FUSE_ELEMENTWISE] = {
    N_("Fuse the elementwise and reduction kernels (torch.compile) so that each tensor is read once."),
    N_("Fuse the elementwise and reduction kernels so that each tensor is read once: XLA fuses within one compiled program, so compile the whole step as one (one jax.jit over it) rather than as many small ones."),
    N_("Fuse the elementwise and reduction kernels into fewer kernels so that each tensor is read once."),
    N_("Fuse adjacent operations so that their data stays in SBUF rather than passing through HBM between them."),
  },
  [ST_ADVICE_ATTENTION] = {
    N_("Attention's own kernels are the bound: make them do less — no padding to the longest sequence (pack or bucket the batch), a causal mask the kernel skips rather than applies, bf16 or fp8 where accuracy allows — or try another backend of scaled_dot_product_attention (flash, memory-efficient, cuDNN) for these shapes."),
    N_("Attention's own kernels are the bound: make them do less — no padding to the longest sequence (pack or bucket the batch), a causal mask the kernel skips rather than applies, bf16 or fp8 where accuracy allows — or try another implementation of jax.nn.dot_product_attention (cuDNN's, XLA's) or a Pallas kernel for these shapes."),
    N_("Attention's own kernels are the bound: make them do less — no padding to the longest sequence (pack or bucket the batch), a causal mask the kernel skips rather than applies, bf16 or fp8 where accuracy allows — or try another attention kernel (FlashAttention's, the vendor library's) for these shapes."),
    NULL,
  },
  [ST_ADVICE_COPIES] = {
    N_("Copies hold the device: keep tensors on the device, copy from pinned memory (pin_memory=True) so that copies run at full bandwidth, and overlap them with compute on a stream of their own."),
    N_("Copies hold the device: keep arrays on the device between steps, transfer the next batch while this one computes (jax.device_put ahead of the step), and do not bring results back to the host every step."),
    N_("Copies hold the device: keep data on the device, copy from pinned host memory (cudaMallocHost, hipHostMalloc) so that copies run at full bandwidth, and overlap them with compute on a stream of their own (cudaMemcpyAsync, hipMemcpyAsync)."),
    N_("Data movement holds the device: load data ahead of its use and keep it live in SBUF, in fewer and larger transfers."),
    NULL,
    N_("Copies hold the device: keep data on the device, copy from pinned host memory (cudaMallocHost) so that copies run at full bandwidth, and overlap them with compute on a stream of their own (cudaMemcpyAsync)."),
    N_("Copies hold the device: keep data on the device, copy from pinned host memory (hipHostMalloc) so that copies run at full bandwidth, and overlap them with compute on a stream of their own (hipMemcpyAsync)."),
  },
  [ST_ADVICE_MEMSETS] = {
    N_("Memsets hold the device: do not zero what is overwritten anyway (torch.empty rather than torch.zeros), and zero once, not per step."),
    NULL,
    N_("Memsets hold the device: do not zero what is overwritten anyway, and zero once, not per step."),
    NULL,
  },
  [ST_ADVICE_LAUNCH_OVERHEAD] = {
    N_("Cut the host's work between launches: CUDA graphs or torch.compile, fewer and larger ops, no synchronising calls (.item(), .cpu(), prints) inside the loop."),
    N_("Cut the host's work between launches: compile the whole step as one program (one jax.jit over it), fewer and larger ops, no synchronising calls (block_until_ready(), printing device arrays) inside the loop."),
    N_("Cut the host's work between launches: capture the loop's launches in a graph (CUDA or HIP graphs), fewer and larger kernels, no synchronising calls inside the loop."),
    N_("Cut the host's work between launches: fewer and larger operations, no synchronising calls inside the loop."),
    N_("Cut the host's work between launches: torch.compile is in use already, so let it capture CUDA graphs (mode=\"reduce-overhead\") over a step with fewer graph breaks; fewer and larger ops, no synchronising calls (.item(), .cpu(), prints) inside the loop."),
    N_("Cut the host's work between launches: capture the loop's launches in a CUDA graph (stream capture, then cudaGraphLaunch), fewer and larger kernels, no synchronising calls inside the loop."),
    N_("Cut the host's work between launches: capture the loop's launches in a HIP graph (stream capture, then hipGraphLaunch), fewer and larger kernels, no synchronising calls inside the loop."),
  },
  [ST_ADVICE_ALLOCATOR] = {
    N_("The longest gap is the host allocating or freeing device memory (“%s”): the caching allocator growing, or memory released and taken again inside the loop. Let it grow in a warm-up step before the profiled ones, keep its cache (no torch.cuda.empty_cache() in the loop), or let it extend its segments (PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True)."),
    N_("The longest gap is the host allocating or freeing device memory (“%s”) inside the loop: let the allocator take its pool up front (JAX preallocates unless XLA_PYTHON_CLIENT_PREALLOCATE=false or XLA_PYTHON_CLIENT_ALLOCATOR=platform), or let it grow in a warm-up step before the profiled ones."),
    N_("The longest gap is the host allocating or freeing device memory (“%s”) inside the loop, and a free also waits for the device: allocate once before the loop and reuse the buffers, or take them from a stream-ordered pool (cudaMallocAsync, hipMallocAsync)."),
    NULL,
    NULL,
    N_("The longest gap is the host allocating or freeing device memory (“%s”) inside the loop, and a free also waits for the device: allocate once before the loop and reuse the buffers, or take them from a stream-ordered pool (cudaMallocAsync)."),
    N_("The longest gap is the host allocating or freeing device memory (“%s”) inside the loop, and a free also waits for the device: allocate once before the loop and reuse the buffers, or take them from a stream-ordered pool (hipMallocAsync)."),
  },
  [ST_ADVICE_OVERLAP] = {
    N_("Overlap communication with compute: bucket gradients (DDP bucket_cap_mb), prefetch (FSDP), issue collectives earlier on their own stream."),
    N_("Overlap communication with compute: give XLA's scheduler independent work to run beside the collectives (on GPUs its latency-hiding scheduler, --xla_gpu_enable_latency_hiding_scheduler), and issue them as early as their inputs allow."),
    N_("Overlap communication with compute: issue the collectives as early as their inputs allow, on a stream of their own, beside independent compute."),
    NULL,
  },
  [ST_ADVICE_FEWER_BYTES] = {
    N_("Move fewer bytes: fuse the operations around these kernels (torch.compile, fused norms and activations) so that their tensors pass through memory once."),
    N_("Move fewer bytes: let XLA fuse the operations around these kernels (one jax.jit over the step) so that their tensors pass through memory once."),
    N_("Move fewer bytes: fuse the operations around these kernels (fused norms and activations) so that their tensors pass through memory once."),
    NULL,
  },
  [ST_ADVICE_TUNE_SHAPE] = {
    N_("Tune this shape's kernel — a GEMM tuning pass (hipBLASLt or cuBLASLt offline tuning, torch.compile's max-autotune), another backend — or pad its sizes to the kernels' tiles: its peers show that the device runs the same operation faster."),
    N_("Tune this shape's kernel — XLA's GEMM autotuning (--xla_gpu_autotune_level), another backend — or pad its sizes to the kernels' tiles: its peers show that the device runs the same operation faster."),
    N_("Tune this shape's kernel — a GEMM tuning pass (hipBLASLt or cuBLASLt offline tuning), another library — or pad its sizes to the kernels' tiles: its peers show that the device runs the same operation faster."),
    NULL,
    NULL,
    N_("Tune this shape's kernel — a GEMM tuning pass (cuBLASLt's algorithm search), another library — or pad its sizes to the kernels' tiles: its peers show that the device runs the same operation faster."),
    N_("Tune this shape's kernel — a GEMM tuning pass (hipBLASLt's offline tuning), another library — or pad its sizes to the kernels' tiles: its peers show that the device runs the same operation faster."),
  },
  [ST_ADVICE_WARM_UP] = {
    N_("Leave warm-up out of the profiled steps (a schedule's wait and warmup steps), or keep what it builds (autotuning, compilation) from run to run."),
    N_("Leave warm-up out of the profile: start the trace after the first steps, which compile, or keep what they build from run to run (a persistent compilation cache)."),
    N_("Leave warm-up out of the profile: start tracing after the first iterations, or keep what they build (autotuning, compiled kernels) from run to run."),
    NULL,
  },
  [ST_ADVICE_STEADY_STATE] = {
    N_("Profile the steady state: start the trace after setup and compilation (a schedule's wait and warmup steps), or look at what the host does in that time."),
    NULL,
    N_("Profile the steady state: start the trace after setup and compilation, or look at what the host does in that time."),
    NULL,
  },
  [ST_ADVICE_MEMORY_TIME] = {
    NULL,
    N_("Keep arrays on the device between steps, transfer inputs ahead of the step and overlap the transfers with compute, avoid repeated zeroing and host round trips."),
    N_("Keep data on the device, copy asynchronously from pinned host memory (cudaMemcpyAsync, hipMemcpyAsync), avoid repeated memsets and host round trips."),
    NULL,
    NULL,
    N_("Keep data on the device, copy asynchronously from pinned host memory (cudaMemcpyAsync), avoid repeated memsets and host round trips."),
    N_("Keep data on the device, copy asynchronously from pinned host memory (hipMemcpyAsync), avoid repeated memsets and host round trips."),
  },
  [ST_ADVICE_SHORT_KERNELS] = {
    NULL,
    N_("Fuse kernels: compile the whole step as one program (one jax.jit over it) so that XLA can fuse across it."),
    N_("Fuse kernels into fewer and larger ones, or capture the step in a graph (CUDA or HIP graphs)."),
    NULL,
    N_("Fuse further with fewer graph breaks, so that torch.compile sees more of the step at once, or let it capture the step in a CUDA graph (mode=\"reduce-overhead\")."),
    N_("Fuse kernels into fewer and larger ones, or capture the step in a CUDA graph."),
    N_("Fuse kernels into fewer and larger ones, or capture the step in a HIP graph."),
  },
};
/* clang-format on */

const char *
st_advice_get (StAdvice advice, StAdviceTerms terms)
{
  const char *text;

  g_return_val_if_fail (advice < ST_N_ADVICE && terms < ST_N_ADVICE_TERMS, NULL);
  text = texts[advice][terms];
  if (text == NULL && terms == ST_ADVICE_TERMS_PYTORCH_COMPILED)
    text = texts[advice][ST_ADVICE_TERMS_PYTORCH];
  /* CUDA's and HIP's are the runtime's, their calls named */
  if (text == NULL)
    text = texts[advice][ST_ADVICE_TERMS_RUNTIME];
  return text != NULL ? _ (text) : NULL;
}

/* The GPU rules whose advice names PyTorch (the rule table's words), and
 * what each says in other terms. */
const char *
st_advice_for_rule (const StRecommendation *r, StAdviceTerms terms)
{
  static const struct
  {
    const char *rule;
    gboolean    variant; /* only when the rule's variant holds */
    StAdvice    advice;
  } rules[] = {
    { "device-busy", TRUE, ST_ADVICE_LAUNCH_OVERHEAD },
    { "exposed-communication", FALSE, ST_ADVICE_OVERLAP },
    { "memory-time", FALSE, ST_ADVICE_MEMORY_TIME },
    { "short-kernels", FALSE, ST_ADVICE_SHORT_KERNELS },
  };

  if (terms == ST_ADVICE_TERMS_PYTORCH)
    return r->action;
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    if (g_str_equal (r->rule, rules[i].rule) && (!rules[i].variant || r->variant))
      {
        /* with torch.compile, only what it changes */
        if (terms == ST_ADVICE_TERMS_PYTORCH_COMPILED && texts[rules[i].advice][terms] == NULL)
          return r->action;
        return st_advice_get (rules[i].advice, terms);
      }
  return r->action;
}

/* The overlap advice for a phase whose communication is mostly
 * @collective (an StCollectiveType; 0: none known): in PyTorch's terms,
 * the mechanism that overlaps that kind of collective — DDP's buckets for
 * gradients' all-reduce, FSDP's prefetch for its all-gathers, a pipeline
 * of batches for the all-to-alls of sharded embeddings or experts, more
 * micro-batches for pipeline stages' sends; in others, ST_ADVICE_OVERLAP. */
const char *
st_advice_overlap (StAdviceTerms terms, guint collective)
{
  if (!st_advice_terms_are_pytorch (terms))
    return st_advice_get (ST_ADVICE_OVERLAP, terms);
  switch (collective)
    {
    case ST_COLLECTIVE_ALLREDUCE:
      return _ ("Overlap communication with compute: let the all-reduces run under the backward "
                "pass — bucket gradients (DDP bucket_cap_mb) so that each bucket goes as soon as "
                "its gradients are ready, on a stream of its own.");
    case ST_COLLECTIVE_ALLGATHER:
    case ST_COLLECTIVE_REDUCESCATTER:
      return _ ("Overlap communication with compute: all-gather the next parameters under the "
                "current layer's compute (FSDP forward_prefetch and backward_prefetch), and let "
                "the reduce-scatters run under the backward pass.");
    case ST_COLLECTIVE_ALLTOALL:
      return _ ("Overlap communication with compute: run one batch's all-to-alls (sharded "
                "embeddings' or experts' exchange) under another's compute — pipeline the batches "
                "(torchrec's TrainPipelineSparseDist), or overlap the experts' dispatch with "
                "their compute.");
    case ST_COLLECTIVE_SENDRECV:
      return _ ("Overlap communication with compute: the pipeline stages' sends and receives run "
                "under other micro-batches' compute — more micro-batches, or an interleaved "
                "schedule.");
    default: return st_advice_get (ST_ADVICE_OVERLAP, terms);
    }
}

gboolean
st_advice_terms_are_pytorch (StAdviceTerms terms)
{
  return terms == ST_ADVICE_TERMS_PYTORCH || terms == ST_ADVICE_TERMS_PYTORCH_COMPILED;
}

/* --- which terms ------------------------------------------------------------------ */

static gboolean
has_string (StTrace *trace, const char *text)
{
  return st_trace_lookup_string (trace, text) != ST_STRING_NONE;
}

/* PyTorch's operators: Kineto's categories, or aten:: names recorded by
 * another profiler (NVTX ranges in an Nsight Systems export, roctx in a
 * rocprofv3 trace); and torch.compile in use: a compiled region (8.11's
 * names) or a kernel Inductor made. PyTorch's terms, or none. */
static gboolean
pytorch_terms (StTrace *trace, StAdviceTerms *terms)
{
  guint    n = st_trace_get_n_strings (trace);
  gboolean pytorch = has_string (trace, "cpu_op") || has_string (trace, "Operator");
  gboolean compiling = FALSE;

  for (guint i = 0; i < n && !(pytorch && compiling); i++)
    {
      const char *name = st_trace_get_string (trace, i);

      pytorch = pytorch || strncmp (name, "aten::", 6) == 0;
      compiling = compiling || st_operation_name_is_compiled (name, TRUE);
    }
  if (!pytorch)
    return FALSE;
  *terms = compiling ? ST_ADVICE_TERMS_PYTORCH_COMPILED : ST_ADVICE_TERMS_PYTORCH;
  return TRUE;
}

/* The runtime's terms: CUDA's when its calls are CUDA's alone, HIP's
 * when HIP's alone, else both named (16.3). */
static StAdviceTerms
runtime_terms (StTrace *trace)
{
  gboolean seen[ST_RUNTIME_CALL_HIP + 1] = { FALSE };
  guint    n = st_trace_get_n_strings (trace);

  for (guint i = 0; i < n && !(seen[ST_RUNTIME_CALL_CUDA] && seen[ST_RUNTIME_CALL_HIP]); i++)
    seen[st_operation_name_runtime_call (st_trace_get_string (trace, i))] = TRUE;
  if (seen[ST_RUNTIME_CALL_CUDA] == seen[ST_RUNTIME_CALL_HIP])
    return ST_ADVICE_TERMS_RUNTIME;
  return seen[ST_RUNTIME_CALL_CUDA] ? ST_ADVICE_TERMS_CUDA : ST_ADVICE_TERMS_HIP;
}

static gpointer
terms_new (StTrace *trace, GCancellable *cancellable)
{
  StAdviceTerms terms = ST_ADVICE_TERMS_RUNTIME;

  if (st_trace_is_neuron (trace))
    terms = ST_ADVICE_TERMS_NEURON;
  else if (g_strcmp0 (st_trace_get_format (trace), "xplane") == 0)
    terms = ST_ADVICE_TERMS_XLA;
  else if (!pytorch_terms (trace, &terms))
    terms = runtime_terms (trace);
  /* kept as a pointer: 0 would read as not made */
  return GUINT_TO_POINTER (terms + 1);
}

/* nothing to free: the terms are the pointer itself */
static void
terms_free (gpointer data)
{
}

StAdviceTerms
st_advice_terms_of (StTrace *trace)
{
  gpointer data = st_trace_ensure_data (trace, "advice-terms", terms_new, terms_free, NULL);

  return data != NULL ? (StAdviceTerms)(GPOINTER_TO_UINT (data) - 1) : ST_ADVICE_TERMS_RUNTIME;
}
