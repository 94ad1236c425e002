/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The device-work rules of docs/metrics.md section 1 and the per-device
 * means of section 2, one small hand-made trace per rule
 * (tests/data/device-work): what class and collective type each device
 * event gets, and what the Summary reads from them. Times in the files are
 * µs (Neuron: ns), here ns; each test says how its values follow from its
 * file. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-device-event.h"
#include "st-device-work.h"
#include "st-summary.h"
#include "st-test-util.h"

#include <string.h>

#define US 1000

static StSummary *
summarise_whole (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSummary *summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static double
value (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  g_assert_nonnull (m);
  g_assert_true (m->present);
  return m->value;
}

/* The first slice named @prefix… on any track. */
static StSliceRef
find (StTrace *trace, const char *prefix)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        if (g_str_has_prefix (st_trace_get_string (trace, track->slices[i].name), prefix))
          return (StSliceRef){ t, i };
    }
  g_error ("no slice %s", prefix);
}

static const char *
name_of (StTrace *trace, StSliceRef ref)
{
  return st_trace_get_string (trace, st_trace_get_track (trace, ref.track)->slices[ref.index].name);
}

static void
assert_class (StDeviceWork *work, StSliceRef ref, StWorkClass klass)
{
  g_assert_cmpuint (st_device_work_get_tag (work, ref).klass, ==, klass);
}

static void
assert_communication (StDeviceWork *work, StSliceRef ref, StCollectiveType type)
{
  StWorkTag tag = st_device_work_get_tag (work, ref);

  g_assert_cmpuint (tag.klass, ==, ST_CLASS_COMMUNICATION);
  g_assert_cmpuint (st_work_tag_get_collective (tag), ==, type);
}

/* The innermost collective host op around @device's launch call, by name;
 * NULL when there is none. */
static const char *
host_op (StTrace *trace, StDeviceWork *work, StSliceRef device)
{
  StSliceRef op;

  if (!st_device_work_get_host_op (work, device, &op))
    return NULL;
  return name_of (trace, op);
}

/* symm-mem.json: multimem_all_reduce_kernel at [150, 170) µs, launched
 * (ac2g flow) from a cudaLaunchKernel inside symm_mem::multimem_all_reduce_
 * inside vllm::all_reduce, and a GEMM at [400, 500) launched from aten::mm.
 * The kernel's own name is a communication kernel name (1.3: "multimem"
 * with "reduce") that names AllReduce (1.6); its innermost collective host
 * op is the symm_mem op. Communication 20 µs, all exposed (the GEMM runs
 * later); compute 100 µs; device time 150 → 500 µs: 350 µs. */
static void
test_symmetric_memory (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("device-work", "symm-mem.json", NULL);
  g_autoptr (StSummary)    s = summarise_whole (trace);
  StDeviceWork            *work = st_device_work_get (trace);
  StSliceRef               kernel = find (trace, "multimem_all_reduce_kernel");
  StSliceRef               gemm = find (trace, "ampere_bf16_s16816gemm");
  const StCollectiveGroup *group;

  assert_communication (work, kernel, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpstr (host_op (trace, work, kernel), ==, "symm_mem::multimem_all_reduce_");
  assert_class (work, gemm, ST_CLASS_COMPUTE);
  g_assert_cmpuint (st_device_work_get_tag (work, gemm).kind, ==, ST_COMPUTE_GEMM);
  g_assert_null (host_op (trace, work, gemm));

  g_assert_cmpfloat (value (s, "communication_time_ns"), ==, 20 * US);
  g_assert_cmpfloat (value (s, "exposed_communication_ns"), ==, 20 * US);
  g_assert_cmpfloat (value (s, "compute_time_ns"), ==, 100 * US);
  g_assert_cmpfloat (value (s, "device_time_ns"), ==, 350 * US);
  g_assert_cmpfloat (value (s, "collective_count"), ==, 1);
  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 1);
  group = st_summary_get_collective_group (s, 0);
  g_assert_cmpuint (group->type, ==, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpuint (group->count, ==, 1);
  g_assert_cmpint (group->max_ns, ==, 20 * US);
}

/* custom-allreduce.json, launches found by args.correlation (no flows):
 * vLLM's cross_device_reduce_1stage at [130, 140) µs, launched inside
 * vllm::all_reduce; TensorRT-LLM's oneShotAllReduceKernel at [200, 210)
 * and a quickreduce all-reduce at [300, 310), launched from nowhere in the
 * file; a vectorized elementwise add at [400, 440). The three all-reduces
 * are communication by their names (1.3); cross_device_reduce names no
 * type, so it takes its host op's, AllReduce; the other two name
 * AllReduce themselves. Communication 30 µs, compute 40 µs. */
static void
test_custom_all_reduce (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("device-work", "custom-allreduce.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  StDeviceWork         *work = st_device_work_get (trace);
  StSliceRef            vllm = find (trace, "void cross_device_reduce_1stage");
  StSliceRef            trt = find (trace, "void tensorrt_llm::kernels::oneShotAllReduceKernel");
  StSliceRef            quick = find (trace, "void quickreduce::");
  StSliceRef            add = find (trace, "void at::native::vectorized_elementwise_kernel");

  assert_communication (work, vllm, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpstr (host_op (trace, work, vllm), ==, "vllm::all_reduce");
  assert_communication (work, trt, ST_COLLECTIVE_ALLREDUCE);
  g_assert_null (host_op (trace, work, trt));
  assert_communication (work, quick, ST_COLLECTIVE_ALLREDUCE);
  assert_class (work, add, ST_CLASS_COMPUTE);
  g_assert_cmpuint (st_device_work_get_tag (work, add).kind, ==, ST_COMPUTE_ELEMENTWISE);

  g_assert_cmpfloat (value (s, "communication_time_ns"), ==, 30 * US);
  g_assert_cmpfloat (value (s, "compute_time_ns"), ==, 40 * US);
  g_assert_cmpfloat (value (s, "collective_count"), ==, 3);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 4);
}

/* rccl-generic.json: two RCCL ncclDevKernel_Generic kernels, whose name is
 * a communication kernel name (1.3) that names no type: the one at
 * [160, 200) µs launched (ac2g flow) inside nccl:all_reduce is an
 * AllReduce, the one at [360, 390) inside c10d::allgather_ an AllGather
 * (1.6, through the host op). Two groups of size unknown, one instance
 * each: 40 and 30 µs. */
static void
test_rccl_generic (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("device-work", "rccl-generic.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  StDeviceWork         *work = st_device_work_get (trace);
  const StTrack        *stream;
  StSliceRef            first = find (trace, "ncclDevKernel_Generic");
  StSliceRef            second = { first.track, first.index + 1 };
  gboolean              seen[2] = { FALSE, FALSE };

  stream = st_trace_get_track (trace, first.track);
  g_assert_cmpuint (stream->n_slices, ==, 2);
  g_assert_cmpint (stream->slices[first.index].start, <, stream->slices[second.index].start);
  assert_communication (work, first, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpstr (host_op (trace, work, first), ==, "nccl:all_reduce");
  assert_communication (work, second, ST_COLLECTIVE_ALLGATHER);
  g_assert_cmpstr (host_op (trace, work, second), ==, "c10d::allgather_");

  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 2);
  for (guint g = 0; g < 2; g++)
    {
      const StCollectiveGroup *group = st_summary_get_collective_group (s, g);
      gboolean                 all_reduce = group->type == ST_COLLECTIVE_ALLREDUCE;

      g_assert_true (all_reduce || group->type == ST_COLLECTIVE_ALLGATHER);
      g_assert_cmpuint (group->size_bytes, ==, 0);
      g_assert_cmpuint (group->count, ==, 1);
      g_assert_cmpint (group->max_ns, ==, all_reduce ? 40 * US : 30 * US);
      seen[all_reduce] = TRUE;
    }
  g_assert_true (seen[0] && seen[1]);
  g_assert_cmpfloat (value (s, "communication_time_ns"), ==, 70 * US);
}

/* mtia.json: one process, "MTIA 17", one track of mtia_ccp_events (1.1,
 * classes by name, 1.2): fc_gemm_kernel [1000, 1100) µs compute (GEMM),
 * dma_read_weights [1100, 1150) memory (copy, rule 6), event_record
 * [1150, 1151) other (rule 4), event_wait [1151, 1200) wait (rule 3).
 * Device time 200 µs; busy, the union of work, 150 µs: 75 %; memory 50 µs
 * (25 %); wait 49 µs (nothing works then); idle 200 − 150 = 50 µs. */
static void
test_mtia (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("device-work", "mtia.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  StDeviceWork         *work = st_device_work_get (trace);
  const StDeviceUsage  *device;

  g_assert_cmpuint (st_device_work_get_n_devices (work), ==, 1);
  assert_class (work, find (trace, "fc_gemm_kernel"), ST_CLASS_COMPUTE);
  g_assert_cmpuint (st_device_work_get_tag (work, find (trace, "fc_gemm_kernel")).kind, ==,
                    ST_COMPUTE_GEMM);
  assert_class (work, find (trace, "dma_read_weights"), ST_CLASS_MEMORY);
  assert_class (work, find (trace, "event_record"), ST_CLASS_OTHER);
  assert_class (work, find (trace, "event_wait"), ST_CLASS_WAIT);

  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 1);
  device = st_summary_get_device (s, 0);
  g_assert_cmpstr (device->label, ==, "MTIA 17 (pid 17)");
  g_assert_cmpint (device->device_time_ns, ==, 200 * US);
  g_assert_cmpint (device->busy_ns, ==, 150 * US);
  g_assert_cmpint (device->compute_ns, ==, 100 * US);
  g_assert_cmpint (device->memory_ns, ==, 50 * US);
  g_assert_cmpint (device->wait_ns, ==, 49 * US);
  g_assert_cmpint (device->idle_ns, ==, 50 * US);
  g_assert_cmpfloat (value (s, "device_busy_percent"), ==, 75);
  g_assert_cmpfloat (value (s, "memory_time_percent"), ==, 25);
}

/* neuron-semaphore.json, one NeuronCore, ns: MatMult on the Tensor engine
 * [0, 1000), EVENT_SEMAPHORE on Pool [1000, 9000), Activation on Vector
 * [9000, 10000), a DMA transfer [500, 1500); the profiler's active_time
 * rows cover each engine's instruction: [0, 10000) in all. The semaphore
 * is a wait (rule 3), so busy is the union of the two instructions and the
 * transfer, [0, 1500) and [9000, 10000): 2500 of 10000 ns, 25 %, where
 * the active time (2.1) reads 100 %. Wait: [1000, 9000) less the
 * transfer's [1000, 1500), 7500 ns; compute 2000, memory 1000. */
static void
test_neuron_semaphore (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("device-work", "neuron-semaphore.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  StDeviceWork         *work = st_device_work_get (trace);
  const StDeviceUsage  *device;

  assert_class (work, find (trace, "EVENT_SEMAPHORE"), ST_CLASS_WAIT);
  assert_class (work, find (trace, "MatMult"), ST_CLASS_COMPUTE);
  g_assert_cmpuint (st_device_work_get_tag (work, find (trace, "MatMult")).kind, ==,
                    ST_COMPUTE_GEMM);
  assert_class (work, find (trace, "Activation"), ST_CLASS_COMPUTE);

  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 1);
  device = st_summary_get_device (s, 0);
  g_assert_cmpint (device->device_time_ns, ==, 10000);
  g_assert_cmpint (device->busy_ns, ==, 2500);
  g_assert_cmpint (device->wait_ns, ==, 7500);
  g_assert_cmpint (device->compute_ns, ==, 2000);
  g_assert_cmpint (device->memory_ns, ==, 1000);
  g_assert_true (device->has_active);
  g_assert_cmpfloat (device->active_percent, ==, 100);
  g_assert_cmpfloat (value (s, "device_busy_percent"), ==, 25);
  g_assert_cmpfloat (value (s, "device_active_percent"), ==, 100);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 2);
}

/* two-gpus.json: GPU 0 runs kernels at [1000, 1100) and [1300, 1400) µs,
 * GPU 1 one at [1100, 1300). GPU 0: 200 µs busy of 400, 50 %; GPU 1: 200
 * of 200, 100 %. The profile reads the mean, 75 % (device time 300 µs,
 * busy 200, idle 100); the union over both GPUs would cover [1000, 1400)
 * whole and read 100 %. */
static void
test_two_gpus (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("device-work", "two-gpus.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);

  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 2);
  g_assert_cmpstr (st_summary_get_device (s, 0)->label, ==, "GPU 0");
  g_assert_cmpfloat (st_summary_get_device (s, 0)->busy_percent, ==, 50);
  g_assert_cmpint (st_summary_get_device (s, 0)->device_time_ns, ==, 400 * US);
  g_assert_cmpstr (st_summary_get_device (s, 1)->label, ==, "GPU 1");
  g_assert_cmpfloat (st_summary_get_device (s, 1)->busy_percent, ==, 100);
  g_assert_cmpint (st_summary_get_device (s, 1)->device_time_ns, ==, 200 * US);
  g_assert_cmpfloat (value (s, "device_busy_percent"), ==, 75);
  g_assert_cmpfloat (value (s, "device_time_ns"), ==, 300 * US);
  g_assert_cmpfloat (value (s, "compute_time_ns"), ==, 200 * US);
  g_assert_cmpfloat (value (s, "idle_time_ns"), ==, 100 * US);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 3);
}

/* A summary asked for on a thread already cancelled gives up before the
 * index is made and keeps nothing: the next one makes it and gives the
 * numbers of the two-gpus test above. Once made, the index is there for
 * any thread, cancelled or not. */
/* 1.5 as the comparison's kernel classes (8.12) read it, on one stream
 * of kernels 10 µs long each, one after another: Inductor's prefixes
 * decide before the table (triton_poi_fused_addmm_gelu names mm_ but is
 * pointwise), convolutions are GEMMs, activations elementwise, cuDNN's
 * batch norms reduce, FBGEMM's namespace names no GEMM, attention is
 * tried before GEMM (FlashAttention names cutlass in its template
 * arguments), and a copy is memory. Per class, the summary's device row
 * sums the durations: GEMM 4 × 10, elementwise 3 × 10, reduce 3 × 10,
 * attention 2 × 10, other 1 × 10 (the permute), memory 1 × 10. */
static void
test_compute_kinds (void)
{
  static const struct
  {
    const char   *name;
    StComputeKind kind;
  } kernels[] = {
    { "triton_tem_fused_mm_0", ST_COMPUTE_GEMM },
    { "triton_poi_fused_addmm_gelu_1", ST_COMPUTE_ELEMENTWISE },
    { "triton_red_fused_sum_2", ST_COMPUTE_REDUCE },
    { "triton_per_fused_native_layer_norm_3", ST_COMPUTE_REDUCE },
    { "void implicit_convolve_sgemm<float, float, 1024, 6, 7, 3, 3, 5, 1, false, true, true>",
      ST_COMPUTE_GEMM },
    { "volta_scudnn_128x64_relu_interior_nn_v1", ST_COMPUTE_GEMM },
    { "void cudnn::detail::dgrad_engine<float, 512, 6, 5, 3, 3, 3, false>", ST_COMPUTE_GEMM },
    { "void cudnn::bn_fw_tr_1C11_kernel_NCHW<float, float, 512, true, 1>", ST_COMPUTE_REDUCE },
    { "act_and_mul_kernel<bf16, silu>", ST_COMPUTE_ELEMENTWISE },
    { "void rotary_embedding_kernel<c10::BFloat16, true>", ST_COMPUTE_ELEMENTWISE },
    { "void fbgemm_gpu::permute_2D_data_kernel<false, int, int>", ST_COMPUTE_OTHER },
    { "paged_attention_ll4mi_QKV_mfma16_kernel", ST_COMPUTE_ATTENTION },
    { "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<64, 128, 128, 4, false, "
      "cutlass::bfloat16_t>>",
      ST_COMPUTE_ATTENTION },
  };
  g_autoptr (GString)   json = g_string_new ("{\"traceEvents\": [{\"ph\": \"M\", \"name\": "
                                               "\"process_name\", \"pid\": 0, \"args\": {\"name\": "
                                               "\"GPU 0\"}}");
  g_autoptr (StTrace)   trace = NULL;
  g_autoptr (StSummary) s = NULL;
  StDeviceWork         *work;
  const StDeviceUsage  *device;

  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    g_string_append_printf (json,
                            ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, "
                            "\"tid\": 7, \"ts\": %u, \"dur\": 10}",
                            kernels[i].name, 10 * i);
  g_string_append_printf (
      json,
      ",\n{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy DtoD "
      "(Device -> Device)\", \"pid\": 0, \"tid\": 7, \"ts\": %u, \"dur\": 10}]}",
      10 * (guint)G_N_ELEMENTS (kernels));
  trace = st_test_load_text (json->str, json->len);
  work = st_device_work_get (trace);
  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    {
      StWorkTag tag = st_device_work_get_tag (work, find (trace, kernels[i].name));

      g_assert_cmpuint (tag.klass, ==, ST_CLASS_COMPUTE);
      g_assert_cmpuint (tag.kind, ==, kernels[i].kind);
    }
  s = summarise_whole (trace);
  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 1);
  device = st_summary_get_device (s, 0);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_GEMM], ==, 40 * US);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_ELEMENTWISE], ==, 30 * US);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_REDUCE], ==, 30 * US);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_ATTENTION], ==, 20 * US);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_OTHER], ==, 10 * US);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_MEMORY], ==, 10 * US);
  g_assert_cmpint (device->class_ns[ST_KERNEL_CLASS_COMMUNICATION], ==, 0);
  g_assert_cmpuint (device->class_count[ST_KERNEL_CLASS_GEMM], ==, 4);
}

static void
test_cancelled (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("device-work", "two-gpus.json", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError)       error = NULL;
  g_autoptr (StSummary)    s = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_null (st_device_work_ensure (trace, cancellable));
  g_assert_null (st_summary_compute (trace, 0, st_trace_get_end_ns (trace), cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  s = summarise_whole (trace);
  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 2);
  g_assert_cmpfloat (value (s, "device_busy_percent"), ==, 75);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 3);
  g_assert_nonnull (st_device_work_ensure (trace, cancellable));
}

/* How many devices a profile has is known without the rest of its device
 * work (the window asks as it opens a profile), and is the same as the
 * work made after it says. */
static void
test_count_devices (void)
{
  g_autoptr (StTrace) trace = st_test_load ("device-work", "two-gpus.json", NULL);

  g_assert_cmpuint (st_device_work_count_devices (trace), ==, 2);
  g_assert_cmpuint (st_device_work_get_n_devices (st_device_work_get (trace)), ==, 2);
  g_assert_cmpstr (st_device_work_get_device (st_device_work_get (trace), 1)->label, ==, "GPU 1");
  g_assert_cmpuint (st_device_work_count_devices (trace), ==, 2);
}

/* The device events of [60, 420) µs in two-streams.json, worked out from
 * the file (times from the first event, at 1000 µs): GPU 0's five in order
 * of start, clipped to the range, ties by their own start (k_a before k_b,
 * both clipped to 60), then by the device's track order (k_c and k_d at
 * 200); then GPU 1's: k_e and k_f end before the range or at its start and
 * are left out, the instant k_g at its start is in. */
typedef struct
{
  const char *name;
  gint64      start, end, dur;
  guint8      slot;
  gboolean    kernel;
} Expected;

static void
assert_event (StTrace             *trace,
              StDeviceWork        *work,
              const StDeviceEvent *ev,
              const Expected      *x,
              const char          *label)
{
  g_assert_cmpstr (name_of (trace, ev->ref), ==, x->name);
  g_assert_cmpstr (st_device_work_get_device (work, ev->device)->label, ==, label);
  g_assert_cmpint (ev->start, ==, x->start * US);
  g_assert_cmpint (ev->end, ==, x->end * US);
  g_assert_cmpint (ev->dur, ==, x->dur * US);
  g_assert_cmpuint (ev->slot, ==, x->slot);
  g_assert_cmpuint (ev->kernel, ==, x->kernel);
}

static void
test_events_in_range (void)
{
  g_autoptr (StTrace) trace = st_test_load ("device-work", "two-streams.json", NULL);
  StDeviceWork       *work = st_device_work_ensure (trace, NULL);
  g_autoptr (GArray)  events = st_device_events_collect (trace, work, 60 * US, 420 * US, NULL);
  guint               k_c = find (trace, "k_c").track, k_d = find (trace, "k_d").track;
  const StDevice     *gpu0 = st_device_work_get_device (work, 0);
  gboolean            c_first = FALSE;
  Expected            x[] = {
               { "k_a", 60, 100, 100, ST_SLOT_COMPUTE, TRUE },
               { "k_b", 60, 250, 200, ST_SLOT_COMPUTE, TRUE },
               { "k_c", 200, 300, 100, ST_SLOT_COMPUTE, TRUE },
               { "k_d", 200, 260, 60, ST_SLOT_COMPUTE, TRUE },
               { "Memcpy HtoD (Pageable -> Device)", 400, 420, 50, ST_SLOT_COPY, FALSE },
               { "k_g", 60, 60, 0, ST_SLOT_COMPUTE, TRUE },
  };

  for (guint i = 0; i < gpu0->n_tracks && gpu0->tracks[i] != k_d; i++)
    c_first |= gpu0->tracks[i] == k_c;
  if (!c_first)
    {
      Expected d = x[3];
      x[3] = x[2];
      x[2] = d;
    }
  g_assert_cmpuint (events->len, ==, G_N_ELEMENTS (x));
  for (guint i = 0; i < events->len; i++)
    assert_event (trace, work, &g_array_index (events, StDeviceEvent, i), &x[i],
                  i < 5 ? "GPU 0" : "GPU 1");
}

/* What a window makes on a thread at load, for the Summary's cards:
 * cancelled, it makes nothing and says so; then made, the summary reads the
 * same numbers as the two-gpus test above, worked out there from the file. */
static void
test_prepare_cards (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("device-work", "two-gpus.json", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (StSummary)    s = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (st_summary_prepare_cards (trace, cancellable));
  g_assert_true (st_summary_prepare_cards (trace, NULL));
  s = summarise_whole (trace);
  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 2);
  g_assert_cmpfloat (value (s, "device_busy_percent"), ==, 75);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/device-work/symmetric-memory", test_symmetric_memory);
  g_test_add_func ("/model/device-work/custom-all-reduce", test_custom_all_reduce);
  g_test_add_func ("/model/device-work/rccl-generic", test_rccl_generic);
  g_test_add_func ("/model/device-work/mtia", test_mtia);
  g_test_add_func ("/model/device-work/neuron-semaphore", test_neuron_semaphore);
  g_test_add_func ("/model/device-work/two-gpus", test_two_gpus);
  g_test_add_func ("/model/device-work/compute-kinds", test_compute_kinds);
  g_test_add_func ("/model/device-work/cancelled", test_cancelled);
  g_test_add_func ("/model/device-work/count-devices", test_count_devices);
  g_test_add_func ("/model/device-work/events-in-range", test_events_in_range);
  g_test_add_func ("/model/device-work/prepare-cards", test_prepare_cards);
  return g_test_run ();
}
