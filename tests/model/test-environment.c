/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a profile ran on (docs/metrics.md 8.11), read from small
 * hand-written profiles (tests/data/environment), and how two differ.
 * Every expected value is read off the files by hand:
 *
 * kineto-a100.json: deviceProperties lists two GPUs, id 0 an H100 and id
 * 1 an A100-SXM4-80GB (totalGlobalMem 85899345920 = 80 GiB, compute 8.0,
 * 108 SMs); the one kernel runs on pid 1, so the device is the A100.
 * distributedInfo: nccl, rank 3 of 16, NCCL 2.18.1; CUPTI 18, CUDA runtime
 * 12000, driver 12020. Host: aten::mm in bf16, aten::linear in fp32,
 * aten::mm again in bf16 and aten::add in fp16 (no matrix op: not read),
 * three cudaGraphLaunch, one CompiledFunction and one Torch-Compiled
 * Region.
 *
 * rocm-unnamed.json: one entry with an empty name, compute 9.4 (gfx942 to
 * 13.4) and 304 compute units (the MI300X of its table), warpSize 64
 * (AMD), 206141652992 bytes (191.98 GiB); HIP runtime 70253211, roctracer
 * 4.1; one hipGraphLaunch, no compiled region.
 *
 * rocm-named.json: the same as rocm-unnamed.json, but its entry names the
 * device, "AMD Instinct MI300X", and its GPU process has no name: its
 * label is "pid 0", which says no kind of device.
 *
 * no-metadata.json: no metadata at all; a cudaLaunchKernel launches the
 * one kernel on GPU 0, so the vendor is NVIDIA by rule 4 and nothing else
 * is known. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-environment-diff.h"
#include "st-test-util.h"

static StEnvironment *
read_file (const char *name)
{
  g_autoptr (StTrace) trace = st_test_load ("environment", name, NULL);
  StEnvironment      *env = st_environment_read (trace, NULL);

  g_assert_nonnull (env);
  return env;
}

static void
assert_text (const StEnvironment *env, StEnvironmentField field, const char *expected)
{
  g_autofree char *text = st_environment_dup_text (env, field);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_kineto (void)
{
  g_autoptr (StEnvironment) env = read_file ("kineto-a100.json");

  g_assert_cmpint (env->vendor, ==, ST_VENDOR_NVIDIA);
  g_assert_cmpstr (env->device_model, ==, "NVIDIA A100-SXM4-80GB");
  g_assert_cmpstr (env->device_kind, ==, "GPU");
  g_assert_cmpuint (env->device_count, ==, 1);
  g_assert_cmpint (env->memory_bytes, ==, 85899345920);
  assert_text (env, ST_ENV_MEMORY, "80.0\u00a0GiB");
  g_assert_cmpstr (env->compute_capability, ==, "8.0");
  g_assert_cmpint (env->multiprocessors, ==, 108);
  g_assert_cmpint (env->world_size, ==, 16);
  g_assert_cmpstr (env->ranks, ==, "3");
  g_assert_cmpstr (env->backend, ==, "nccl");
  assert_text (env, ST_ENV_SCHEMA_VERSION, "1");
  assert_text (env, ST_ENV_CUPTI_VERSION, "18");
  assert_text (env, ST_ENV_CUDA_RUNTIME_VERSION, "12000");
  assert_text (env, ST_ENV_CUDA_DRIVER_VERSION, "12020");
  assert_text (env, ST_ENV_NCCL_VERSION, "2.18.1");
  assert_text (env, ST_ENV_HIP_RUNTIME_VERSION, NULL);
  assert_text (env, ST_ENV_DTYPES, "bf16, fp32");
  g_assert_cmpuint (env->graph_launches, ==, 3);
  g_assert_cmpuint (env->compiled_regions, ==, 2);
}

static void
test_rocm_unnamed (void)
{
  g_autoptr (StEnvironment) env = read_file ("rocm-unnamed.json");

  g_assert_cmpint (env->vendor, ==, ST_VENDOR_AMD);
  g_assert_cmpstr (env->device_model, ==, "gfx942 (MI300X)");
  g_assert_cmpint (env->memory_bytes, ==, 206141652992);
  g_assert_cmpstr (env->compute_capability, ==, "9.4");
  g_assert_cmpint (env->multiprocessors, ==, 304);
  assert_text (env, ST_ENV_HIP_RUNTIME_VERSION, "70253211");
  assert_text (env, ST_ENV_ROCTRACER_VERSION, "4.1");
  assert_text (env, ST_ENV_CUPTI_VERSION, NULL);
  assert_text (env, ST_ENV_WORLD_SIZE, NULL);
  assert_text (env, ST_ENV_DTYPES, NULL);
  assert_text (env, ST_ENV_GRAPH_LAUNCHES, "1");
  assert_text (env, ST_ENV_COMPILED_REGIONS, "none");
}

static void
test_no_metadata (void)
{
  g_autoptr (StEnvironment) env = read_file ("no-metadata.json");

  g_assert_cmpint (env->vendor, ==, ST_VENDOR_NVIDIA);
  g_assert_null (env->device_model);
  g_assert_cmpstr (env->device_kind, ==, "GPU");
  g_assert_cmpuint (env->device_count, ==, 1);
  g_assert_cmpint (env->memory_bytes, ==, -1);
  g_assert_null (env->compute_capability);
  g_assert_cmpint (env->world_size, ==, -1);
  g_assert_null (env->schema_version);
  for (guint v = 0; v < ST_N_ENV_VERSIONS; v++)
    g_assert_null (env->versions[v]);
}

/* A100 → MI300X: fields known on both sides that differ, in field order:
 * the vendor (not hardware: both models are known), the device model
 * (hardware), memory, compute capability, multiprocessors, and the
 * compiled regions (2 → none: setup). World size, versions and data types
 * are known on one side only, and both launch graphs: no difference. */
static void
test_differences (void)
{
  static const struct
  {
    StEnvironmentField field;
    gboolean           hardware, setup;
  } expected[] = {
    { ST_ENV_VENDOR, FALSE, FALSE },          { ST_ENV_DEVICE_MODEL, TRUE, TRUE },
    { ST_ENV_MEMORY, FALSE, FALSE },          { ST_ENV_COMPUTE_CAPABILITY, FALSE, FALSE },
    { ST_ENV_MULTIPROCESSORS, FALSE, FALSE }, { ST_ENV_COMPILED_REGIONS, FALSE, TRUE },
  };
  g_autoptr (StEnvironment) base = read_file ("kineto-a100.json");
  g_autoptr (StEnvironment) new_ = read_file ("rocm-unnamed.json");
  g_autoptr (GArray)        differences = st_environment_diff (base, new_);
  g_autofree char          *warning = st_environment_dup_warning (new_, differences);
  g_autofree char          *setup = st_environment_dup_setup (new_, differences);

  g_assert_cmpuint (differences->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const StEnvironmentDifference *d = &g_array_index (differences, StEnvironmentDifference, i);

      g_assert_cmpint (d->field, ==, expected[i].field);
      g_assert_cmpint (d->hardware, ==, expected[i].hardware);
      g_assert_cmpint (d->setup, ==, expected[i].setup);
    }
  g_assert_cmpstr (g_array_index (differences, StEnvironmentDifference, 1).base, ==,
                   "NVIDIA A100-SXM4-80GB");
  g_assert_cmpstr (g_array_index (differences, StEnvironmentDifference, 1).new_, ==,
                   "gfx942 (MI300X)");
  g_assert_cmpstr (warning, ==,
                   "The new profile ran on a different GPU (gfx942 (MI300X) vs NVIDIA "
                   "A100-SXM4-80GB): differences below mix the change with the hardware.");
  g_assert_cmpstr (setup, ==,
                   "Different setup — GPU: gfx942 (MI300X) (base NVIDIA A100-SXM4-80GB); "
                   "Compiled regions: none (base 2)");
}

/* No model known on the base: the vendor is what says the hardware
 * changed (NVIDIA by its launch call, AMD by its entry); graphs none → 1
 * differ as setup; and the trace types differ too, as `strata-cli info`
 * names them: a file without any of Kineto's top-level keys is generic
 * Chrome JSON. */
static void
test_vendor_as_hardware (void)
{
  g_autoptr (StEnvironment) base = read_file ("no-metadata.json");
  g_autoptr (StEnvironment) new_ = read_file ("rocm-unnamed.json");
  g_autoptr (GArray)        differences = st_environment_diff (base, new_);
  g_autofree char          *warning = st_environment_dup_warning (new_, differences);
  g_autofree char          *setup = st_environment_dup_setup (new_, differences);

  g_assert_cmpuint (differences->len, ==, 3);
  g_assert_cmpint (g_array_index (differences, StEnvironmentDifference, 0).field, ==,
                   ST_ENV_TRACE_TYPE);
  g_assert_cmpstr (g_array_index (differences, StEnvironmentDifference, 0).base, ==,
                   "chrome-json (generic)");
  g_assert_false (g_array_index (differences, StEnvironmentDifference, 0).setup);
  g_assert_cmpint (g_array_index (differences, StEnvironmentDifference, 1).field, ==,
                   ST_ENV_VENDOR);
  g_assert_true (g_array_index (differences, StEnvironmentDifference, 1).hardware);
  g_assert_cmpint (g_array_index (differences, StEnvironmentDifference, 2).field, ==,
                   ST_ENV_GRAPH_LAUNCHES);
  g_assert_cmpstr (warning, ==,
                   "The new profile ran on a different vendor (AMD vs NVIDIA): differences below "
                   "mix the change with the hardware.");
  g_assert_cmpstr (setup, ==,
                   "Different setup — Vendor: AMD (base NVIDIA); Graph launches: 1 (base none)");
}

/* The same MI300X, named in one profile and not in the other: 13.4's table
 * finds MI300X for both, so the device does not differ, and nothing else
 * does (the same versions, a graph launch each). The named profile gives
 * its GPU's process (pid 0) no metadata: it holds kernels, so 1.1 labels
 * it "GPU 0", and its kind is GPU, as the other's "GPU 0" process is. */
static void
test_unnamed_same_model (void)
{
  g_autoptr (StEnvironment) base = read_file ("rocm-unnamed.json");
  g_autoptr (StEnvironment) new_ = read_file ("rocm-named.json");
  g_autoptr (GArray)        differences = st_environment_diff (base, new_);
  g_autofree char          *warning = st_environment_dup_warning (new_, differences);

  g_assert_cmpstr (new_->device_model, ==, "AMD Instinct MI300X");
  g_assert_cmpint (new_->vendor, ==, ST_VENDOR_AMD);
  g_assert_cmpstr (new_->device_kind, ==, "GPU");
  g_assert_cmpuint (differences->len, ==, 0);
  g_assert_null (warning);
}

/* The same profile twice: nothing differs, nothing to say. */
static void
test_same (void)
{
  g_autoptr (StEnvironment) a = read_file ("kineto-a100.json");
  g_autoptr (StEnvironment) b = read_file ("kineto-a100.json");
  g_autoptr (GArray)        differences = st_environment_diff (a, b);
  g_autofree char          *warning = st_environment_dup_warning (b, differences);
  g_autofree char          *setup = st_environment_dup_setup (b, differences);

  g_assert_cmpuint (differences->len, ==, 0);
  g_assert_null (warning);
  g_assert_null (setup);
}

static void
test_cancelled (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("environment", "kineto-a100.json", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  g_assert_null (st_environment_read (trace, cancellable));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/environment/kineto", test_kineto);
  g_test_add_func ("/model/environment/rocm-unnamed", test_rocm_unnamed);
  g_test_add_func ("/model/environment/no-metadata", test_no_metadata);
  g_test_add_func ("/model/environment/differences", test_differences);
  g_test_add_func ("/model/environment/vendor-as-hardware", test_vendor_as_hardware);
  g_test_add_func ("/model/environment/unnamed-same-model", test_unnamed_same_model);
  g_test_add_func ("/model/environment/same", test_same);
  g_test_add_func ("/model/environment/cancelled", test_cancelled);
  return g_test_run ();
}
