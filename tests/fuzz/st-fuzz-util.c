/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-fuzz"
#define _GNU_SOURCE

#include "config.h"

#include "st-fuzz-util.h"

#include <sys/mman.h>
#include <unistd.h>

static int memfd = -1;

static GLogWriterOutput
quiet_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  /* A critical or a warning from GLib means an API was misused: crash, so
   * libFuzzer keeps the input. Debug and info are noise. */
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      g_log_writer_standard_streams (log_level, fields, n_fields, user_data);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

void
st_fuzz_init (void)
{
  static gboolean done;

  if (done)
    return;
  done = TRUE;
  g_log_set_writer_func (quiet_writer, NULL, NULL);
  memfd = memfd_create ("strata-fuzz", MFD_CLOEXEC);
  g_assert (memfd >= 0);
}

/* A copy of exactly @size bytes, so that reading past the end is caught
 * (and never NULL: the loaders are given file contents, never NULL). */
char *
st_fuzz_copy (const guint8 *data, gsize size)
{
  char *copy = malloc (MAX (size, 1));

  g_assert (copy != NULL);
  memcpy (copy, data, size);
  return copy;
}

/* The bytes as a file on disk, read the way the app reads one: the loader
 * opens it by path, maps it (or inflates it, for gzip) and sniffs it. */
StTrace *
st_fuzz_load_bytes (const guint8 *data, gsize size, guint n_threads, GError **error)
{
  g_autofree char          *path = NULL;
  g_autoptr (GFile)         file = NULL;
  g_autoptr (StTraceLoader) loader = NULL;
  gsize                     done = 0;

  st_fuzz_init ();
  g_assert (ftruncate (memfd, 0) == 0);
  while (done < size)
    {
      ssize_t n = pwrite (memfd, data + done, size - done, done);
      g_assert (n > 0);
      done += n;
    }
  path = g_strdup_printf ("/proc/self/fd/%d", memfd);
  file = g_file_new_for_path (path);
  loader = st_trace_loader_new (file);
  st_trace_loader_set_display_name (loader, "fuzz.json");
  st_trace_loader_set_n_threads (loader, n_threads);
  return st_trace_loader_load (loader, NULL, error);
}

/* Parses the args of up to @max_events slices and instants on demand, as the
 * details pane does. */
void
st_fuzz_walk_args (StTrace *trace, guint max_events)
{
  guint seen = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (trace) && seen < max_events; t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices && seen < max_events; i++, seen++)
        {
          g_autoptr (GError)   error = NULL;
          g_autoptr (JsonNode) args = st_trace_get_args (trace, track->slices[i].offset, &error);

          /* no args is NULL without an error; an error comes with NULL */
          g_assert (args == NULL || error == NULL);
        }
      for (guint i = 0; i < track->n_instants && seen < max_events; i++, seen++)
        {
          g_autoptr (GError)   error = NULL;
          g_autoptr (JsonNode) args = st_trace_get_args (trace, track->instants[i].offset, &error);

          /* no args is NULL without an error; an error comes with NULL */
          g_assert (args == NULL || error == NULL);
        }
    }
}

/* The small profile of st-fuzz-util.h. */
const char st_fuzz_small_profile[]
    = "{\"traceEvents\": [\n"
      "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"args\":{\"name\":\"GPU 0\"}},\n"
      "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#1\",\"pid\":1,\"tid\":1,"
      "\"ts\":0,\"dur\":500},\n"
      "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#2\",\"pid\":1,\"tid\":1,"
      "\"ts\":500,\"dur\":400},\n"
      "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,"
      "\"ts\":350,\"dur\":5,\"args\":{\"correlation\":3}},\n"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_a\",\"pid\":0,\"tid\":7,\"ts\":0,\"dur\":"
      "100},"
      "\n"
      "{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy "
      "HtoD\",\"pid\":0,\"tid\":7,\"ts\":300,"
      "\"dur\":50,\"args\":{\"bytes\":1000}},\n"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_a\",\"pid\":0,\"tid\":7,\"ts\":400,"
      "\"dur\":100,\"args\":{\"correlation\":3}},\n"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_a\",\"pid\":0,\"tid\":7,\"ts\":600,"
      "\"dur\":250},\n"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclDevKernel_AllReduce_Sum_f32_RING_LL\","
      "\"pid\":0,\"tid\":13,\"ts\":50,\"dur\":200,\"args\":{\"In msg nelems\":1024}}\n"
      "]}\n";
