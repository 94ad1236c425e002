/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-event-class.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* A cache entry: KNOWN once computed, and the answer below it. */
#define KNOWN          (1u << 31)
#define TYPE_SHIFT     8  /* collective type: bit index + 1, 0 for none */
#define COMPUTE_SHIFT  16 /* compute kind */
#define DEVICE_SHIFT   8  /* in the category cache: StDeviceEventKind above StWorkKind */
#define BYTE(v, shift) (((v) >> (shift)) & 0xff)

struct _StEventClassifier
{
  StTrace *trace;
  guint    n_strings;
  gint    *category; /* by category id: KNOWN | device kind << DEVICE_SHIFT | work */
  gint    *name;     /* by name id: KNOWN | compute << COMPUTE_SHIFT | type << TYPE_SHIFT | flags */
};

/* docs/metrics.md 1.1, and the host categories of launches and frames. */
static const struct
{
  const char       *category;
  StWorkKind        work;
  StDeviceEventKind device;
} categories[] = {
  { "kernel", ST_WORK_KERNEL, ST_DEVICE_EVENT_KERNEL },
  { "Kernel", ST_WORK_KERNEL, ST_DEVICE_EVENT_KERNEL },
  { "gpu_memcpy", ST_WORK_MEMCPY, ST_DEVICE_EVENT_COPY },
  { "Memcpy", ST_WORK_MEMCPY, ST_DEVICE_EVENT_COPY },
  { "gpu_memset", ST_WORK_MEMSET, ST_DEVICE_EVENT_SET },
  { "Memset", ST_WORK_MEMSET, ST_DEVICE_EVENT_SET },
  { "mtia_ccp_events", ST_WORK_KERNEL, ST_DEVICE_EVENT_MTIA },
  { "instruction", ST_WORK_KERNEL, ST_DEVICE_EVENT_INSTRUCTION },
  { "dma", ST_WORK_MEMCPY, ST_DEVICE_EVENT_TRANSFER },
  { "cc_dma", ST_WORK_MEMCPY, ST_DEVICE_EVENT_CC_TRANSFER },
  { "kernel_dispatch", ST_WORK_KERNEL, ST_DEVICE_EVENT_KERNEL },
  { "memory_copy", ST_WORK_MEMCPY, ST_DEVICE_EVENT_COPY },
  { "cuda_runtime", ST_WORK_LAUNCH, ST_DEVICE_EVENT_NONE },
  { "cuda_driver", ST_WORK_LAUNCH, ST_DEVICE_EVENT_NONE },
  { "Runtime", ST_WORK_LAUNCH, ST_DEVICE_EVENT_NONE },
  { "mtia_runtime", ST_WORK_LAUNCH, ST_DEVICE_EVENT_NONE },
  { "hip_api", ST_WORK_LAUNCH, ST_DEVICE_EVENT_NONE },
  { "hsa_api", ST_WORK_LAUNCH, ST_DEVICE_EVENT_NONE },
  { "rccl_api", ST_WORK_COMM_CALL, ST_DEVICE_EVENT_NONE },
  { "python_function", ST_WORK_PYTHON, ST_DEVICE_EVENT_NONE },
  { "cpu_op", ST_WORK_OP, ST_DEVICE_EVENT_NONE },
  { "Operator", ST_WORK_OP, ST_DEVICE_EVENT_NONE },
};

typedef enum
{
  PREFIX,
  CONTAINS,
  EQUALS,
} Match;

/* The name rules of docs/metrics.md 1.2 to 1.4, on the name in lower case. */
static const struct
{
  Match       match;
  const char *text;
  guint       flags;
} name_rules[] = {
  /* 1.3 communication kernel names */
  { PREFIX, "rccl", ST_NAME_COMM_KERNEL },
  { CONTAINS, "nccldevkernel", ST_NAME_COMM_KERNEL },
  { CONTAINS, "ncclkernel", ST_NAME_COMM_KERNEL },
  { CONTAINS, "multimem", ST_NAME_COMM_KERNEL },
  { CONTAINS, "one_shot_all_reduce", ST_NAME_COMM_KERNEL },
  { CONTAINS, "two_shot_all_reduce", ST_NAME_COMM_KERNEL },
  { CONTAINS, "cross_device_reduce", ST_NAME_COMM_KERNEL },
  { CONTAINS, "quickreduce", ST_NAME_COMM_KERNEL },
  { CONTAINS, "quick_all_reduce", ST_NAME_COMM_KERNEL },
  { CONTAINS, "deep_ep", ST_NAME_COMM_KERNEL | ST_NAME_MOE },
  { CONTAINS, "moe_dispatch", ST_NAME_COMM_KERNEL | ST_NAME_MOE },
  { CONTAINS, "moe_combine", ST_NAME_COMM_KERNEL | ST_NAME_MOE },
  { CONTAINS, "nvshmem", ST_NAME_COMM_KERNEL },
  /* XLA's collective ops, by their HLO names */
  { CONTAINS, "all-reduce", ST_NAME_COMM_KERNEL },
  { CONTAINS, "all-gather", ST_NAME_COMM_KERNEL },
  { CONTAINS, "reduce-scatter", ST_NAME_COMM_KERNEL },
  { CONTAINS, "all-to-all", ST_NAME_COMM_KERNEL },
  { CONTAINS, "collective-permute", ST_NAME_COMM_KERNEL },
  /* collective words: kernels (1.3), Neuron instructions (rule 1), host ops (1.4) */
  { CONTAINS, "allreduce", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "all_reduce", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "allgather", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "all_gather", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "reducescatter", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "reduce_scatter", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "alltoall", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "all_to_all", ST_NAME_COMM_KERNEL | ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "collective", ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "sendrecv", ST_NAME_NEURON_COLLECTIVE },
  { CONTAINS, "send_recv", ST_NAME_NEURON_COLLECTIVE },
  /* rules 3, 4 and 6 */
  { CONTAINS, "semaphore", ST_NAME_WAIT },
  { CONTAINS, "wait", ST_NAME_WAIT },
  { CONTAINS, "barrier", ST_NAME_WAIT },
  { CONTAINS, "record", ST_NAME_RECORD },
  { CONTAINS, "dma", ST_NAME_DMA },
  { CONTAINS, "memcpy", ST_NAME_DMA },
  /* 1.4 collective host ops */
  { PREFIX, "c10d::", ST_NAME_HOST_COLLECTIVE },
  { PREFIX, "nccl:", ST_NAME_HOST_COLLECTIVE },
  { PREFIX, "symm_mem::", ST_NAME_HOST_COLLECTIVE },
  { PREFIX, "_c10d_functional::", ST_NAME_HOST_COLLECTIVE },
  { PREFIX, "c10d_functional::", ST_NAME_HOST_COLLECTIVE },
  { EQUALS, "record_param_comms", ST_NAME_HOST_COLLECTIVE },
  { EQUALS, "vllm::all_reduce", ST_NAME_HOST_COLLECTIVE },
};

/* Words that make a host op collective unless it is an aten:: op (1.4):
 * an op, not an annotation or a Python frame around it. */
static const char *const host_words[] = {
  "all_reduce",    "allreduce",  "all_gather", "allgather", "reduce_scatter",
  "reducescatter", "all_to_all", "alltoall",   "broadcast",
};

/* 1.5: Inductor's generated kernels say their kind in their prefix, before
 * the table (triton_poi_fused_addmm_gelu is pointwise, though it names
 * mm_). */
static const struct
{
  const char   *prefix;
  StComputeKind kind;
} inductor_prefixes[] = {
  { "triton_tem", ST_COMPUTE_GEMM },
  { "triton_poi", ST_COMPUTE_ELEMENTWISE },
  { "triton_red", ST_COMPUTE_REDUCE },
  { "triton_per", ST_COMPUTE_REDUCE },
};

/* 1.5, the first row that matches deciding. */
static const struct
{
  StComputeKind kind;
  const char   *words[16];
} compute_rules[] = {
  /* attention first: FlashAttention's and xFormers' kernels are built on
   * CUTLASS and say so in their template arguments */
  { ST_COMPUTE_ATTENTION, { "flash", "attention", "attn", "fmha", "sdpa", "mha_", NULL } },
  { ST_COMPUTE_GEMM,
    { "gemm", "matmul", "mm_", "cutlass", "xmma", "cublas", "nvjet", "cijk_", "convolve",
      "convolution", "scudnn", "hcudnn", "dgrad", "wgrad", "winograd", NULL } },
  { ST_COMPUTE_ELEMENTWISE,
    { "elementwise", "vectorized", "unrolled", "silu", "gelu", "relu", "act_and_mul", "rotary",
      NULL } },
  { ST_COMPUTE_REDUCE, { "reduce", "softmax", "norm", "bn_fw", "bn_bw", NULL } },
};

static gboolean
matches (Match match, const char *lower, const char *text)
{
  switch (match)
    {
    case PREFIX: return g_str_has_prefix (lower, text);
    case EQUALS: return g_str_equal (lower, text);
    case CONTAINS:
    default: return strstr (lower, text) != NULL;
    }
}

static guint
flags_for_name (const char *lower)
{
  guint flags = 0;

  /* NCCL kernels, not the nccl: annotations of the host */
  if (g_str_has_prefix (lower, "nccl") && lower[4] != ':')
    flags |= ST_NAME_COMM_KERNEL;
  if ((strstr (lower, "oneshot") != NULL || strstr (lower, "twoshot") != NULL)
      && strstr (lower, "reduce") != NULL)
    flags |= ST_NAME_COMM_KERNEL;
  for (guint i = 0; i < G_N_ELEMENTS (name_rules); i++)
    if (matches (name_rules[i].match, lower, name_rules[i].text))
      flags |= name_rules[i].flags;
  if (!g_str_has_prefix (lower, "aten::"))
    for (guint i = 0; i < G_N_ELEMENTS (host_words); i++)
      if (strstr (lower, host_words[i]) != NULL)
        flags |= ST_NAME_COLLECTIVE_WORD;
  return flags;
}

/* @lower without the word "fbgemm": FBGEMM's namespace names its embedding
 * and permute kernels too, which are no GEMMs (1.5). */
static char *
without_fbgemm (const char *lower)
{
  g_autoptr (GString) out = g_string_new (lower);
  char               *at;

  while ((at = strstr (out->str, "fbgemm")) != NULL)
    g_string_erase (out, at - out->str, strlen ("fbgemm"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static StComputeKind
compute_for_name (const char *lower)
{
  g_autofree char *name = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (inductor_prefixes); i++)
    if (g_str_has_prefix (lower, inductor_prefixes[i].prefix))
      return inductor_prefixes[i].kind;
  name = without_fbgemm (lower);
  for (guint i = 0; i < G_N_ELEMENTS (compute_rules); i++)
    for (guint w = 0; compute_rules[i].words[w] != NULL; w++)
      if (strstr (name, compute_rules[i].words[w]) != NULL)
        return compute_rules[i].kind;
  return ST_COMPUTE_OTHER;
}

static guint
classify_name (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);
  guint            flags = flags_for_name (lower);
  guint            type = g_bit_nth_lsf (st_collective_type_for_name (name), -1) + 1;

  return KNOWN | (guint)compute_for_name (lower) << COMPUTE_SHIFT | type << TYPE_SHIFT | flags;
}

static guint
classify_category (const char *category)
{
  for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
    if (g_str_equal (category, categories[i].category))
      return KNOWN | (guint)categories[i].device << DEVICE_SHIFT | categories[i].work;
  return KNOWN | ST_DEVICE_EVENT_NONE << DEVICE_SHIFT | ST_WORK_OTHER;
}

StEventClassifier *
st_event_classifier_new (StTrace *trace)
{
  StEventClassifier *self = g_new0 (StEventClassifier, 1);

  self->trace = trace; /* which outlives it: it may be kept with the trace */
  self->n_strings = st_trace_get_n_strings (trace);
  self->category = g_new0 (gint, MAX (1, self->n_strings));
  self->name = g_new0 (gint, MAX (1, self->n_strings));
  return self;
}

void
st_event_classifier_free (StEventClassifier *self)
{
  if (self == NULL)
    return;
  g_free (self->category);
  g_free (self->name);
  g_free (self);
}

static guint
category_entry (StEventClassifier *self, StStringId cat)
{
  guint v;

  if (cat >= self->n_strings)
    return ST_WORK_OTHER;
  v = (guint)g_atomic_int_get (&self->category[cat]);
  if (!(v & KNOWN))
    {
      v = classify_category (st_trace_get_string (self->trace, cat));
      g_atomic_int_set (&self->category[cat], (gint)v);
    }
  return v;
}

static guint
name_entry (StEventClassifier *self, StStringId name)
{
  guint v;

  if (name >= self->n_strings)
    return KNOWN | ST_COMPUTE_OTHER << COMPUTE_SHIFT;
  v = (guint)g_atomic_int_get (&self->name[name]);
  if (!(v & KNOWN))
    {
      v = classify_name (st_trace_get_string (self->trace, name));
      g_atomic_int_set (&self->name[name], (gint)v);
    }
  return v;
}

StWorkKind
st_event_classifier_work (StEventClassifier *self, const StSlice *slice)
{
  return category_entry (self, slice->cat) & 0xff;
}

StDeviceEventKind
st_event_classifier_device_kind (StEventClassifier *self, const StSlice *slice)
{
  return BYTE (category_entry (self, slice->cat), DEVICE_SHIFT);
}

gboolean
st_event_classifier_is_kernel (StEventClassifier *self, const StSlice *slice)
{
  StDeviceEventKind kind = st_event_classifier_device_kind (self, slice);

  return kind == ST_DEVICE_EVENT_KERNEL || kind == ST_DEVICE_EVENT_INSTRUCTION
         || kind == ST_DEVICE_EVENT_MTIA;
}

guint
st_event_classifier_name_flags (StEventClassifier *self, StStringId name)
{
  return name_entry (self, name) & 0xff;
}

StCollectiveType
st_event_classifier_collective (StEventClassifier *self, StStringId name)
{
  guint type = BYTE (name_entry (self, name), TYPE_SHIFT);

  return type == 0 ? ST_COLLECTIVE_OTHER : 1u << (type - 1);
}

StComputeKind
st_event_classifier_compute_kind (StEventClassifier *self, StStringId name)
{
  return BYTE (name_entry (self, name), COMPUTE_SHIFT);
}

gboolean
st_event_classifier_is_host_collective (StEventClassifier *self, const StSlice *slice)
{
  guint category = category_entry (self, slice->cat);
  guint flags = st_event_classifier_name_flags (self, slice->name);

  if (BYTE (category, DEVICE_SHIFT) != ST_DEVICE_EVENT_NONE)
    return FALSE;
  return (flags & ST_NAME_HOST_COLLECTIVE)
         || ((flags & ST_NAME_COLLECTIVE_WORD) && (category & 0xff) == ST_WORK_OP)
         || ((category & 0xff) == ST_WORK_COMM_CALL
             && st_event_classifier_collective (self, slice->name) != ST_COLLECTIVE_OTHER);
}

const char *
st_compute_kind_get_label (StComputeKind kind)
{
  static const char *const labels[ST_N_COMPUTE_KINDS] = {
    N_ ("GEMM"), N_ ("Attention"), N_ ("Elementwise"), N_ ("Reduce"), N_ ("Other"),
  };

  return kind < ST_N_COMPUTE_KINDS ? labels[kind] : labels[ST_COMPUTE_OTHER];
}

/* The synchronisation calls of docs/metrics.md 10.2: the host blocks in
 * them until the device has done the work it waits for; the blocking
 * copies and .item() too. */
static const char *const synchronisation_calls[] = {
  "cudaDeviceSynchronize",
  "cudaStreamSynchronize",
  "cudaEventSynchronize",
  "cuCtxSynchronize",
  "cuStreamSynchronize",
  "cuEventSynchronize",
  "hipDeviceSynchronize",
  "hipStreamSynchronize",
  "hipEventSynchronize",
  "cudaMemcpy",
  "cudaMemcpy2D",
  "cudaMemcpy3D",
  "cuMemcpy",
  "cuMemcpyDtoH",
  "cuMemcpyDtoH_v2",
  "cuMemcpyHtoD",
  "cuMemcpyHtoD_v2",
  "hipMemcpy",
  "hipMemcpy2D",
  "hipMemcpyDtoH",
  "hipMemcpyHtoD",
  "hipMemcpyWithStream",
  "aten::item",
  "aten::_local_scalar_dense",
};

const char *const *
st_synchronisation_call_names (guint *n_names)
{
  *n_names = G_N_ELEMENTS (synchronisation_calls);
  return synchronisation_calls;
}

gboolean
st_is_synchronisation_call (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (synchronisation_calls); i++)
    if (g_str_equal (name, synchronisation_calls[i]))
      return TRUE;
  return FALSE;
}
