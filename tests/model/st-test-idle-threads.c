/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-idle-threads.h"

static const struct
{
  guint       pid;
  guint       tid;
  const char *cat;
  const char *name;
  guint       ts;
  guint       dur;
} slices[] = {
  { 1, 1, "user_annotation", "ProfilerStep#1", 0, 1000 },
  { 1, 1, "cpu_op", "aten::mm", 100, 600 },
  { 1, 1, "cuda_runtime", "cudaLaunchKernel", 650, 40 },
  { 1, 1, "cuda_runtime", "cudaStreamSynchronize", 750, 200 },
  { 1, 1, "python_function", "queue.py(171): get", 1000, 100 },
  { 1, 1, "cpu_op", "aten::copy_", 1100, 50 },
  { 1, 2, "python_function", "pin_memory.py(49): _pin_memory_loop", 0, 900 },
  { 1, 2, "python_function", "<built-in method acquire of _thread.lock object at 0x7f3a>", 0, 800 },
  { 1, 3, "python_function", "loader.py(10): loop", 0, 500 },
  { 1, 3, "python_function", "selectors.py(468): select", 50, 450 },
  { 1, 4, "python_function", "threading.py(1032): _bootstrap", 0, 3000 },
  { 1, 4, "python_function", "monitor.py(60): run", 5, 2990 },
  { 1, 4, "python_function", "time.sleep", 10, 2980 },
  { 2, 1, "Trace", "PyTorch Profiler (0)", 0, 3200 },
};

static const struct
{
  guint       pid;
  guint       tid; /* 0: the process's name */
  const char *name;
} names[] = {
  { 1, 0, "python3" }, { 1, 1, "main" },  { 1, 2, "worker" },           { 1, 3, "loader" },
  { 1, 4, "monitor" }, { 2, 0, "Spans" }, { 2, 1, "PyTorch Profiler" },
};

char *
st_test_idle_threads_text (void)
{
  GString *out = g_string_new ("{\"traceEvents\": [");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names[i].tid == 0)
      g_string_append_printf (out,
                              "%s\n{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %u, "
                              "\"args\": {\"name\": \"%s\"}}",
                              i > 0 ? "," : "", names[i].pid, names[i].name);
    else
      g_string_append_printf (out,
                              ",\n{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %u, "
                              "\"tid\": %u, \"args\": {\"name\": \"%s\"}}",
                              names[i].pid, names[i].tid, names[i].name);
  for (guint i = 0; i < G_N_ELEMENTS (slices); i++)
    g_string_append_printf (out,
                            ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": %u, "
                            "\"tid\": %u, \"ts\": %u, \"dur\": %u}",
                            slices[i].cat, slices[i].name, slices[i].pid, slices[i].tid,
                            slices[i].ts, slices[i].dur);
  g_string_append (out, "\n]}\n");
  return g_string_free (out, FALSE);
}

void
st_test_idle_threads_write (const char *path)
{
  g_autofree char   *text = st_test_idle_threads_text ();
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}
