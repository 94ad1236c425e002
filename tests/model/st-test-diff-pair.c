/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-diff-pair.h"

static void
kernel (GString *out, guint tid, const char *name, guint64 ts, guint dur, const char *args)
{
  g_string_append_printf (out,
                          ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, "
                          "\"tid\": %u, \"ts\": %" G_GUINT64_FORMAT ", \"dur\": %u, "
                          "\"args\": {%s}}",
                          name, tid, ts, dur, args);
}

static void
host (GString *out, const char *cat, const char *name, guint64 ts, guint dur, const char *args)
{
  g_string_append_printf (out,
                          ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": 1, "
                          "\"tid\": 1, \"ts\": %" G_GUINT64_FORMAT ", \"dur\": %u, "
                          "\"args\": {%s}}",
                          cat, name, ts, dur, args);
}

/* aten::item holding aten::_local_scalar_dense holding the copy that
 * waits for the device: one wait, three host slices. */
static void
host_wait (GString *out, guint64 t, guint wait_us)
{
  host (out, "cpu_op", "aten::item", t + 10, wait_us + 4, "");
  host (out, "cpu_op", "aten::_local_scalar_dense", t + 11, wait_us + 2, "");
  host (out, "cuda_runtime", "cudaMemcpyAsync", t + 12, wait_us, "");
}

/* Step @step (from 0) from @t µs, @length µs long. */
static void
write_step (GString *out, const StTestDiffRecipe *r, guint step, guint64 t, guint length)
{
  g_autofree char *name = g_strdup_printf ("ProfilerStep#%u", step + 1);
  g_autofree char *corr = g_strdup_printf ("\"correlation\": %u", step + 1);
  g_autofree char *nccl
      = g_strdup_printf ("\"In msg nelems\": %u, \"dtype\": \"Float\"", r->nelems);

  if (r->steps)
    host (out, "user_annotation", name, t, length, "");
  if (r->item_wait_us > 0)
    host_wait (out, t, r->item_wait_us);
  host (out, "cpu_op", "aten::mm", t + 90, 5, "");
  host (out, "cuda_runtime", r->launch != NULL ? r->launch : "cudaLaunchKernel", t + 91, 3, corr);
  g_string_append_printf (
      out,
      ",\n{\"ph\": \"s\", \"id\": %u, \"pid\": 1, \"tid\": 1, \"ts\": %" G_GUINT64_FORMAT
      ", \"cat\": \"ac2g\", \"name\": \"ac2g\"}"
      ",\n{\"ph\": \"f\", \"id\": %u, \"pid\": 0, \"tid\": 7, \"ts\": %" G_GUINT64_FORMAT
      ", \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}",
      step + 1, t + 91, step + 1, t + 100);
  kernel (out, 7, r->gemm != NULL ? r->gemm : "sm90_gemm_kernel", t + 100, r->gemm_us, corr);
  if (r->attention != NULL)
    kernel (out, 7, r->attention, t + 355, r->attention_us, "");
  kernel (out, 7, r->templated, t + 400, r->elementwise_us > 0 ? r->elementwise_us : 50, "");
  kernel (out, 7, r->addressed, t + 500, 30, "");
  if (r->added)
    kernel (out, 7, "added_kernel", t + 600, 20, "");
  for (guint c = 0; c < r->copies; c++)
    g_string_append_printf (
        out,
        ",\n{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy DtoD "
        "(Device -> Device)\", \"pid\": 0, \"tid\": 7, \"ts\": %" G_GUINT64_FORMAT ", \"dur\": 2}",
        t + 640 + 3 * c);
  kernel (out, 13, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", t + 700, r->allreduce_us, nccl);
}

static void
write_metadata (GString *out, const StTestDiffRecipe *r)
{
  if (r->device_name != NULL)
    g_string_append_printf (out, ",\n\"deviceProperties\": [{\"id\": 0, \"name\": \"%s\"}]",
                            r->device_name);
  if (r->world_size > 0)
    g_string_append_printf (out,
                            ",\n\"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, "
                            "\"world_size\": %u}",
                            r->world_size);
}

void
st_test_diff_write (const StTestDiffRecipe *recipe, const char *path)
{
  g_autoptr (GString) out = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}");
  g_autoptr (GError) error = NULL;
  guint64            t = 0;

  for (guint s = 0; s < recipe->n_steps; s++)
    {
      guint length = recipe->step_lengths_us != NULL ? recipe->step_lengths_us[s] : recipe->step_us;

      write_step (out, recipe, s, t, length);
      t += length;
    }
  if (recipe->profiler_span)
    g_string_append_printf (out,
                            ",\n{\"ph\": \"X\", \"cat\": \"Trace\", \"name\": \"PyTorch Profiler "
                            "(0)\", \"pid\": 2, \"tid\": 0, \"ts\": 0, \"dur\": %" G_GUINT64_FORMAT
                            "}",
                            t);
  g_string_append (out, "\n]");
  write_metadata (out, recipe);
  g_string_append (out, "}\n");
  g_file_set_contents (path, out->str, -1, &error);
  g_assert_no_error (error);
}
