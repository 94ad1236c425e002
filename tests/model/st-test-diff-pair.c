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

static void
write_step (GString *out, const StTestDiffRecipe *r, guint step)
{
  guint64          t = (guint64)step * r->step_us;
  g_autofree char *name = g_strdup_printf ("ProfilerStep#%u", step + 1);
  g_autofree char *corr = g_strdup_printf ("\"correlation\": %u", step + 1);
  g_autofree char *nccl
      = g_strdup_printf ("\"In msg nelems\": %u, \"dtype\": \"Float\"", r->nelems);

  if (r->steps)
    host (out, "user_annotation", name, t, r->step_us, "");
  host (out, "cpu_op", "aten::mm", t + 90, 5, "");
  host (out, "cuda_runtime", "cudaLaunchKernel", t + 91, 3, corr);
  g_string_append_printf (
      out,
      ",\n{\"ph\": \"s\", \"id\": %u, \"pid\": 1, \"tid\": 1, \"ts\": %" G_GUINT64_FORMAT
      ", \"cat\": \"ac2g\", \"name\": \"ac2g\"}"
      ",\n{\"ph\": \"f\", \"id\": %u, \"pid\": 0, \"tid\": 7, \"ts\": %" G_GUINT64_FORMAT
      ", \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}",
      step + 1, t + 91, step + 1, t + 100);
  kernel (out, 7, "sm90_gemm_kernel", t + 100, r->gemm_us, corr);
  kernel (out, 7, r->templated, t + 400, 50, "");
  kernel (out, 7, r->addressed, t + 500, 30, "");
  if (r->added)
    kernel (out, 7, "added_kernel", t + 600, 20, "");
  kernel (out, 13, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", t + 700, r->allreduce_us, nccl);
}

void
st_test_diff_write (const StTestDiffRecipe *recipe, const char *path)
{
  g_autoptr (GString) out = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}");
  g_autoptr (GError) error = NULL;

  for (guint s = 0; s < recipe->n_steps; s++)
    write_step (out, recipe, s);
  g_string_append (out, "\n]}\n");
  g_file_set_contents (path, out->str, -1, &error);
  g_assert_no_error (error);
}
