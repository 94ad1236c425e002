/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Nsight Systems SQLite importer: on a real export (schema 2.9.1), on a
 * schema-3 export written here, on an export of st-gen-nsys against the
 * same events as a Chrome trace, and on files that are no export.
 *
 * The real export's expected values were read from it with the sqlite3
 * command-line tool; each query is beside its number. (globalTid packs the
 * pid: (globalTid >> 24) & 0xFFFFFF, and the thread id: globalTid &
 * 0xFFFFFF.) */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include "st-device-work.h"
#include "st-launch-index.h"
#include "st-profile-loader.h"
#include "st-summary.h"
#include "st-trace-error.h"

#include <glib/gstdio.h>
#include <sqlite3.h>

#define REAL "pipit_nsys_saxpy_mpi_2022.sqlite"
/* SELECT min(start) over the kernels, memcpys, calls (eventClass <> 67)
 * and NVTX ranges and marks (eventType IN (34, 59, 60)): MPI_Init's range. */
#define REAL_ORIGIN G_GINT64_CONSTANT (65117824)

static StTrace *
load_real (void)
{
  return st_test_load ("real", REAL, NULL);
}

/* A trace's events named @name (any track), and the first of them. */
static guint
count_named (StTrace *trace, const char *name, const StSlice **first, guint *first_track)
{
  guint n = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        if (g_str_equal (st_trace_get_string (trace, track->slices[i].name), name))
          {
            if (n++ == 0 && first != NULL)
              {
                *first = &track->slices[i];
                if (first_track != NULL)
                  *first_track = t;
              }
          }
    }
  return n;
}

/* The text of the arg @key of @slice, or NULL. */
static char *
arg_of (StTrace *trace, const StSlice *slice, const char *key)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (GPtrArray) args = st_test_args_flat (trace, slice->offset, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < args->len; i++)
    {
      StArg *a = g_ptr_array_index (args, i);
      if (g_str_equal (a->key, key))
        return g_strdup (a->value);
    }
  return NULL;
}

static void
assert_arg (StTrace *trace, const StSlice *slice, const char *key, const char *expected)
{
  g_autofree char *value = arg_of (trace, slice, key);

  g_assert_cmpstr (value, ==, expected);
}

/* --- the real export ---------------------------------------------------------- */

static void
test_real_format (void)
{
  g_autoptr (StTrace)  trace = load_real ();
  const StTraceCounts *c = st_trace_get_counts (trace);

  g_assert_cmpstr (st_trace_get_format (trace), ==, "nsys-sqlite");
  /* SELECT value FROM EXPORT_META_DATA WHERE name = 'EXPORT_SCHEMA_VERSION' */
  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "schema 2.9.1");
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, REAL_ORIGIN);
  /* SELECT max(end) over the same rows: 2088944716, MPI_Finalize's end */
  g_assert_cmpint (st_trace_get_end_ns (trace), ==, 2088944716 - REAL_ORIGIN);
  /* rows read: 95 calls + 5 kernels + 15 memcpys + 24 NVTX events */
  g_assert_cmpuint (c->events, ==, 139);
  /* 56 runtime (eventClass 0) + 1 driver (1) calls, 5 + 15 device events,
   * 22 NVTX push/pop ranges (eventType 59) */
  g_assert_cmpuint (c->slices, ==, 99);
  g_assert_cmpuint (c->instants, ==, 0);
  /* 38 backtraces (eventClass 67), a domain (75) and a thread name (39) */
  g_assert_cmpuint (c->other_events, ==, 40);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_OVERLAPPING), ==, 0);
}

/* One host process, its main thread named by ThreadNames; one GPU. */
static void
test_real_processes (void)
{
  g_autoptr (StTrace) trace = load_real ();
  guint               host = st_test_track (trace, "./saxpy-mpi-cuda", "MPI Rank 0");
  guint               stream = st_test_track (trace, "NVIDIA A100-SXM4-40GB", "stream 7");
  const StProcess *gpu = st_trace_get_process (trace, st_trace_get_track (trace, stream)->process);
  const StProcess *proc = st_trace_get_process (trace, st_trace_get_track (trace, host)->process);

  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 2);
  /* SELECT pid FROM PROCESSES WHERE name = './saxpy-mpi-cuda' */
  g_assert_cmpstr (st_trace_get_string (trace, proc->pid), ==, "1230493");
  /* SELECT globalTid & 16777215 FROM ThreadNames WHERE nameId = 101 */
  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_track (trace, host)->tid), ==,
                   "1230493");
  g_assert_cmpstr (st_trace_get_string (trace, gpu->pid), ==, "0");
  g_assert_cmpstr (st_trace_get_string (trace, gpu->labels), ==, "GPU 0");
  /* all 5 kernels and 15 memcpys are on stream 7 of device 0 */
  g_assert_cmpuint (st_trace_get_track (trace, stream)->n_slices, ==, 20);
  g_assert_cmpuint (st_device_work_count_devices (trace), ==, 1);
}

static void
test_real_kernels (void)
{
  g_autoptr (StTrace) trace = load_real ();
  const StSlice      *k = NULL;
  const char         *name = "saxpy(double *, double *, double *, double, int)";

  /* SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE demangledName = 670 */
  g_assert_cmpuint (count_named (trace, name, &k, NULL), ==, 5);
  /* the first: start 924922186, end 942626994, correlationId 140 */
  g_assert_cmpint (k->start, ==, 924922186 - REAL_ORIGIN);
  g_assert_cmpint (k->dur, ==, 942626994 - 924922186);
  g_assert_cmpstr (st_trace_get_string (trace, k->cat), ==, "kernel");
  assert_arg (trace, k, "correlation", "140");
  assert_arg (trace, k, "stream", "7");
  assert_arg (trace, k, "grid[0]", "2");
  assert_arg (trace, k, "grid[1]", "1");
  assert_arg (trace, k, "block[0]", "512");
  assert_arg (trace, k, "registers per thread", "26");
  assert_arg (trace, k, "shared memory", "0");
}

/* copyKind 1 (HtoD) from srcKind 0 (Pageable) to dstKind 2 (Device), and
 * back: SELECT copyKind, srcKind, dstKind, count(*), sum(bytes) FROM
 * CUPTI_ACTIVITY_KIND_MEMCPY GROUP BY 1, 2, 3. */
static void
test_real_copies (void)
{
  g_autoptr (StTrace) trace = load_real ();
  const StSlice      *c = NULL;

  g_assert_cmpuint (count_named (trace, "Memcpy HtoD (Pageable -> Device)", &c, NULL), ==, 10);
  g_assert_cmpstr (st_trace_get_string (trace, c->cat), ==, "gpu_memcpy");
  assert_arg (trace, c, "bytes", "262144000");
  g_assert_cmpuint (count_named (trace, "Memcpy DtoH (Device -> Pageable)", NULL, NULL), ==, 5);
}

/* The calls by name without the version nsys adds; the backtrace records
 * (eventClass 67) are not calls. SELECT s.value, count(*) FROM
 * CUPTI_ACTIVITY_KIND_RUNTIME r JOIN StringIds s ON s.id = r.nameId WHERE
 * eventClass = 0 GROUP BY 1. */
static void
test_real_calls (void)
{
  g_autoptr (StTrace) trace = load_real ();
  const StSlice      *call = NULL;
  const char *const   names[] = { "cudaMemcpy",         "cudaMalloc",       "cudaHostRegister",
                                  "cudaHostUnregister", "cudaLaunchKernel", "cudaFree" };
  const guint         counts[] = { 15, 15, 9, 9, 5, 3 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (count_named (trace, names[i], NULL, NULL), ==, counts[i]);
  g_assert_cmpuint (count_named (trace, "cudaLaunchKernel_v7000", NULL, NULL), ==, 0);
  /* eventClass 1: the driver's */
  g_assert_cmpuint (count_named (trace, "cuModuleGetLoadingMode", &call, NULL), ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, call->cat), ==, "cuda_driver");
  count_named (trace, "cudaLaunchKernel", &call, NULL);
  g_assert_cmpstr (st_trace_get_string (trace, call->cat), ==, "cuda_runtime");
  /* SELECT start, end FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE correlationId
   * = 140 AND eventClass = 0 */
  g_assert_cmpint (call->start, ==, 924890173 - REAL_ORIGIN);
  g_assert_cmpint (call->dur, ==, 924923126 - 924890173);
  assert_arg (trace, call, "correlation", "140");
}

/* Every kernel and memcpy has a call of its process with its
 * correlationId (SELECT count(*) of the device rows with a runtime row of
 * the same correlationId and pid, eventClass <> 67: 20): each is linked. */
static void
test_real_launches (void)
{
  g_autoptr (StTrace) trace = load_real ();
  gsize               n_flows;
  const StFlow       *flows = st_trace_get_flows (trace, &n_flows);
  StDeviceWork       *work = st_device_work_ensure (trace, NULL);
  const StSlice      *kernel = NULL;
  guint               track;
  StSliceRef          host;

  g_assert_cmpuint (n_flows, ==, 20);
  for (gsize i = 0; i < n_flows; i++)
    {
      const StSlice   *from = st_trace_get_slice (trace, flows[i].from);
      const StSlice   *to = st_trace_get_slice (trace, flows[i].to);
      g_autofree char *a = arg_of (trace, from, "correlation");
      g_autofree char *b = arg_of (trace, to, "correlation");

      g_assert_cmpstr (st_trace_get_string (trace, from->cat), ==, "cuda_runtime");
      g_assert_cmpstr (a, ==, b);
    }
  count_named (trace, "saxpy(double *, double *, double *, double, int)", &kernel, &track);
  g_assert_true (st_launch_index_get_launcher (
      st_device_work_get_launches (work),
      (StSliceRef){ track, kernel - st_trace_get_track (trace, track)->slices }, &host));
  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_slice (trace, host)->name), ==,
                   "cudaLaunchKernel");
}

/* MPI's calls are NVTX push/pop ranges of the domain "MPI" (created by
 * the eventType 75 row), holding the CUDA calls made inside them. */
static void
test_real_nvtx (void)
{
  g_autoptr (StTrace) trace = load_real ();
  const StSlice      *init = NULL, *reg = NULL;

  /* SELECT coalesce(text, value), count(*) FROM NVTX_EVENTS LEFT JOIN
   * StringIds ON id = textId WHERE eventType = 59 GROUP BY 1 */
  g_assert_cmpuint (count_named (trace, "MPI_Send", NULL, NULL), ==, 10);
  g_assert_cmpuint (count_named (trace, "MPI_Recv", NULL, NULL), ==, 5);
  g_assert_cmpuint (count_named (trace, "saxpy", NULL, NULL), ==, 5);
  g_assert_cmpuint (count_named (trace, "MPI_Init", &init, NULL), ==, 1);
  g_assert_cmpuint (count_named (trace, "MPI_Finalize", NULL, NULL), ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, init->cat), ==, "nvtx");
  g_assert_cmpint (init->start, ==, 0);
  g_assert_cmpint (init->dur, ==, 710796807 - 65117824);
  g_assert_cmpuint (init->depth, ==, 0);
  assert_arg (trace, init, "domain", "MPI");
  /* the first cudaHostRegister, [391977391, 697228531), inside MPI_Init */
  count_named (trace, "cudaHostRegister", &reg, NULL);
  g_assert_cmpint (reg->start, ==, 391977391 - REAL_ORIGIN);
  g_assert_cmpuint (reg->depth, ==, 1);
}

/* Device busy is the union of the GPU's kernels, memcpys and memsets:
 *
 * WITH ev AS (SELECT start, end FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE
 *   deviceId = 0 UNION ALL … MEMCPY … UNION ALL … MEMSET …),
 * o AS (SELECT start, end, max(end) OVER (ORDER BY start, end ROWS BETWEEN
 *   UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev FROM ev),
 * g AS (SELECT start, end, sum(prev IS NULL OR start > prev) OVER (ORDER
 *   BY start, end) AS grp FROM o)
 * SELECT sum(e - s) FROM (SELECT min(start) s, max(end) e FROM g GROUP BY grp)
 *
 * gives 373273080 ns; the device time, max(end) - min(start) of the same
 * rows, 1985185585 - 887857742 = 1097327843 ns. */
static void
test_real_summary (void)
{
  g_autoptr (StTrace)  trace = load_real ();
  g_autoptr (GError)   error = NULL;
  StSummary           *s = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);
  const StDeviceUsage *gpu;

  g_assert_no_error (error);
  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 1);
  gpu = st_summary_get_device (s, 0);
  g_assert_cmpstr (gpu->label, ==, "GPU 0");
  g_assert_cmpint (gpu->busy_ns, ==, 373273080);
  g_assert_cmpint (gpu->device_time_ns, ==, 1097327843);
  g_assert_cmpfloat_with_epsilon (st_summary_lookup (s, "device_busy_percent")->value,
                                  100.0 * 373273080 / 1097327843, 1e-9);
  g_assert_cmpfloat (st_summary_lookup (s, "kernel_count")->value, ==, 5);
  g_assert_cmpfloat (st_summary_lookup (s, "memcpy_count")->value, ==, 15);
  /* SELECT sum(bytes) FROM CUPTI_ACTIVITY_KIND_MEMCPY */
  g_assert_cmpfloat (st_summary_lookup (s, "memcpy_bytes")->value, ==, 3932160000.0);
  st_summary_free (s);
}

/* TARGET_INFO_GPU as deviceProperties under Kineto's names; the session's
 * UTC start (TARGET_INFO_SESSION_START_TIME.utcEpochNs) as the clock base. */
static void
test_real_metadata (void)
{
  g_autoptr (StTrace)  trace = load_real ();
  g_autoptr (GError)   error = NULL;
  g_autoptr (JsonNode) props = st_trace_dup_metadata (trace, "deviceProperties", &error);
  JsonObject          *gpu;

  g_assert_no_error (error);
  gpu = json_array_get_object_element (json_node_get_array (props), 0);
  g_assert_cmpstr (json_object_get_string_member (gpu, "name"), ==, "NVIDIA A100-SXM4-40GB");
  g_assert_cmpint (json_object_get_int_member (gpu, "id"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (gpu, "numSms"), ==, 108);
  g_assert_cmpint (json_object_get_int_member (gpu, "totalGlobalMem"), ==, 42297524224);
  g_assert_cmpint (json_object_get_int_member (gpu, "computeMajor"), ==, 8);
  g_assert_cmpint (st_trace_get_file (trace, 0)->base_ns, ==, 1687813257637297504);
}

/* gzip is inflated first, then read in place the same. */
static void
test_real_gzip (void)
{
  g_autofree char   *path = g_test_build_filename (G_TEST_DIST, "data", "real", REAL, NULL);
  g_autofree char   *data = NULL;
  gsize              size;
  g_autofree char   *dir = g_dir_make_tmp ("nsys-XXXXXX", NULL);
  g_autofree char   *gz = g_build_filename (dir, "export.sqlite.gz", NULL);
  g_autoptr (GFile)  file = g_file_new_for_path (gz);
  g_autoptr (GError) error = NULL;
  g_autoptr (GZlibCompressor)   zlib = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr (GFileOutputStream) raw = NULL;
  g_autoptr (GOutputStream)     out = NULL;
  g_autoptr (StTrace)           trace = NULL;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  raw = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  out = g_converter_output_stream_new (G_OUTPUT_STREAM (raw), G_CONVERTER (zlib));
  g_assert_true (g_output_stream_write_all (out, data, size, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (out, NULL, &error));
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  /* the size on disk is the compressed one, of a database mostly zeros */
  g_assert_cmpuint (st_trace_get_file_size (trace), <, size / 2);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 99);
  g_assert_cmpuint (st_trace_get_counts (trace)->flows, ==, 20);
  g_unlink (gz);
  g_rmdir (dir);
}

/* --- exports written here ----------------------------------------------------- */

/* A database made from @sql in a folder of its own, removed when freed. */
typedef struct
{
  char *dir;
  char *path;
} Made;

static void
made_clear (Made *m)
{
  g_unlink (m->path);
  g_rmdir (m->dir);
  g_clear_pointer (&m->path, g_free);
  g_clear_pointer (&m->dir, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Made, made_clear)

static void
make_db (Made *m, const char *sql)
{
  sqlite3 *db = NULL;
  char    *message = NULL;

  m->dir = g_dir_make_tmp ("nsys-XXXXXX", NULL);
  m->path = g_build_filename (m->dir, "report.sqlite", NULL);
  g_assert_cmpint (sqlite3_open (m->path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s", message);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static StTrace *
load_path (const char *path, guint n_threads, GError **error)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);

  if (n_threads > 0)
    st_trace_loader_set_n_threads (loader, n_threads);
  return st_trace_loader_load (loader, NULL, error);
}

static StTrace *
load_made (const Made *m)
{
  g_autoptr (GError) error = NULL;
  StTrace           *trace = load_path (m->path, 0, &error);

  g_assert_no_error (error);
  return trace;
}

/* Schema 3.x: META_DATA_EXPORT, the event classes listed (the driver's is
 * 5 here, the backtraces' 9), a kernel table with 3.x's columns. Two
 * processes: A, pid 100 (globalTid 100 << 24 | 101 = 1677721701), B, pid
 * 200 (3355443400); both use their stream 7 (TARGET_INFO_CUDA_STREAM), A on
 * GPU 0, B on GPU 1, and both count their correlation ids from 1. No
 * PROCESSES, ThreadNames nor session table. */
static const char schema3[]
    = "CREATE TABLE META_DATA_EXPORT (name TEXT, value TEXT);"
      "INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_SCHEMA_VERSION', '3.13.2'),"
      " ('EXPORT_PRODUCT_VERSION', '2024.5.1');"
      "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);"
      "INSERT INTO StringIds VALUES (1, 'cudaLaunchKernel_v7000'), (2, 'gemm_kernel'),"
      " (3, 'cuLaunchKernel'), (5, 'cudaMemsetAsync_v3020'), (6, 'trainer'),"
      " (7, 'cudaLaunchKernel'), (8, 'reduce_kernel');"
      "CREATE TABLE ENUM_NSYS_EVENT_CLASS (id INTEGER PRIMARY KEY, name TEXT, label TEXT);"
      "INSERT INTO ENUM_NSYS_EVENT_CLASS VALUES (0, 'TRACE_PROCESS_EVENT_CUDA_RUNTIME', 'CUDA"
      " runtime'), (5, 'TRACE_PROCESS_EVENT_CUDA_DRIVER', 'CUDA driver'),"
      " (9, 'TRACE_PROCESS_EVENT_CUDABACKTRACE', 'CUDA backtrace');"
      "CREATE TABLE TARGET_INFO_GPU (id INTEGER NOT NULL, name TEXT, busLocation TEXT,"
      " totalMemory INTEGER, smCount INTEGER, computeMajor INTEGER, computeMinor INTEGER,"
      " threadsPerWarp INTEGER, chipName TEXT);"
      "INSERT INTO TARGET_INFO_GPU VALUES (0, 'NVIDIA H100 80GB HBM3', '0000:18:00.0',"
      " 85899345920, 132, 9, 0, 32, 'GH100'), (1, 'NVIDIA H100 80GB HBM3', '0000:2a:00.0',"
      " 85899345920, 132, 9, 0, 32, 'GH100');"
      "CREATE TABLE TARGET_INFO_CUDA_STREAM (streamId INTEGER NOT NULL, hwId INTEGER NOT NULL,"
      " vmId INTEGER NOT NULL, processId INTEGER NOT NULL, contextId INTEGER NOT NULL,"
      " priority INTEGER NOT NULL, flag INTEGER NOT NULL);"
      "INSERT INTO TARGET_INFO_CUDA_STREAM VALUES (7, 0, 0, 100, 1, 0, 0), (14, 0, 0, 100, 1, 0,"
      " 0), (7, 0, 0, 200, 2, 0, 0);"
      "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL,"
      " eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT"
      " NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);"
      "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (1000, 1500, 0, 1677721701, 1, 1, 0, NULL),"
      " (990, 1510, 9, 1677721701, 1, 7, 0, 3), (2000, 2600, 5, 1677721701, 2, 3, 0, NULL),"
      " (3000, 3300, 0, 1677721701, 3, 5, 0, NULL), (1000, 1400, 0, 3355443400, 1, 1, 0, NULL);"
      "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL,"
      " deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId INTEGER,"
      " streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, demangledName"
      " INTEGER NOT NULL, shortName INTEGER NOT NULL, mangledName INTEGER, launchType INTEGER,"
      " cacheConfig INTEGER, registersPerThread INTEGER NOT NULL, gridX INTEGER NOT NULL, gridY"
      " INTEGER NOT NULL, gridZ INTEGER NOT NULL, blockX INTEGER NOT NULL, blockY INTEGER NOT"
      " NULL, blockZ INTEGER NOT NULL, staticSharedMemory INTEGER NOT NULL, dynamicSharedMemory"
      " INTEGER NOT NULL, localMemoryPerThread INTEGER NOT NULL, localMemoryTotal INTEGER NOT"
      " NULL, gridId INTEGER NOT NULL, sharedMemoryExecuted INTEGER, graphNodeId INTEGER,"
      " sharedMemoryLimitConfig INTEGER, graphId INTEGER);"
      "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES"
      " (2000, 5000, 0, 1, NULL, 7, 1, 1677721600, 2, 2, NULL, 1, 0, 64, 120, 1, 1, 256, 1, 1,"
      " 1024, 2048, 0, 0, 1, NULL, NULL, NULL, NULL),"
      " (6000, 8000, 0, 1, NULL, 14, 2, 1677721600, 8, 8, NULL, 1, 0, 32, 4, 1, 1, 128, 1, 1, 0,"
      " 0, 0, 0, 2, NULL, NULL, NULL, NULL),"
      " (3000, 4000, 1, 2, NULL, 7, 1, 3355443200, 2, 2, NULL, 1, 0, 64, 120, 1, 1, 256, 1, 1,"
      " 1024, 2048, 0, 0, 1, NULL, NULL, NULL, NULL);"
      "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT NULL,"
      " deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId INTEGER, streamId"
      " INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, value INTEGER NOT NULL,"
      " bytes INTEGER NOT NULL, graphNodeId INTEGER, memKind INTEGER);"
      "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET VALUES (5200, 5500, 0, 1, NULL, 7, 3, 1677721600,"
      " 0, 4096, NULL, 2);"
      "CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL,"
      " rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER,"
      " endGlobalTid INTEGER, textId INTEGER, domainId INTEGER, uint64Value INTEGER, int64Value"
      " INTEGER, doubleValue REAL, uint32Value INTEGER, int32Value INTEGER, floatValue REAL,"
      " jsonTextId INTEGER, jsonText TEXT, binaryData BLOB);"
      "INSERT INTO NVTX_EVENTS (start, end, eventType, category, color, text, globalTid, textId,"
      " domainId, int64Value) VALUES (400, NULL, 75, NULL, NULL, 'app', 1677721701, NULL, 1,"
      " NULL), (500, 9000, 59, 3, 4278255360, 'step', 1677721701, NULL, 1, 42), (800, 3500, 60,"
      " NULL, NULL, NULL, 1677721701, 6, 0, NULL), (2500, NULL, 34, NULL, NULL, 'checkpoint',"
      " 1677721701, NULL, 0, NULL), (8500, NULL, 59, NULL, NULL, 'unclosed', 3355443400, NULL,"
      " 0, NULL);";

/* The track of thread @tid of the process of pid @pid. */
static guint
track_of (StTrace *trace, const char *pid, const char *tid)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack   *track = st_trace_get_track (trace, t);
      const StProcess *p = st_trace_get_process (trace, track->process);

      if (g_str_equal (st_trace_get_string (trace, p->pid), pid)
          && g_str_equal (st_trace_get_string (trace, track->tid), tid))
        return t;
    }
  g_error ("no track %s/%s", pid, tid);
}

/* Times from the first drawn event: the "step" range at 500 (the domain's
 * record at 400 is not drawn). */
static void
test_made_schema3 (void)
{
  g_auto (Made)       m = { 0 };
  g_autoptr (StTrace) trace = NULL;
  const StTrack      *a;

  make_db (&m, schema3);
  trace = load_made (&m);
  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "schema 3.13.2");
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, 500);
  /* 5 call rows, 3 kernels, a memset, 5 NVTX rows */
  g_assert_cmpuint (st_trace_get_counts (trace)->events, ==, 14);
  /* 4 calls (not the backtrace), 4 device events, 3 ranges */
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 11);
  g_assert_cmpuint (st_trace_get_counts (trace)->instants, ==, 1);
  g_assert_cmpuint (st_trace_get_counts (trace)->other_events, ==, 2);
  /* A's thread: step [0, 8500) holds trainer [300, 3000), which holds
   * the three calls; the mark at 2000 */
  a = st_trace_get_track (trace, track_of (trace, "100", "101"));
  g_assert_cmpuint (a->n_slices, ==, 5);
  g_assert_cmpuint (st_test_find_slice_at (trace, track_of (trace, "100", "101"), "step", 0)->depth,
                    ==, 0);
  g_assert_cmpuint (
      st_test_find_slice_at (trace, track_of (trace, "100", "101"), "trainer", 300)->depth, ==, 1);
  g_assert_cmpuint (
      st_test_find_slice_at (trace, track_of (trace, "100", "101"), "cudaLaunchKernel", 500)->depth,
      ==, 2);
  g_assert_cmpstr (
      st_trace_get_string (
          trace, st_test_find_slice (trace, track_of (trace, "100", "101"), "cuLaunchKernel")->cat),
      ==, "cuda_driver");
  g_assert_cmpuint (a->n_instants, ==, 1);
  g_assert_cmpint (a->instants[0].ts, ==, 2000);
  g_assert_cmpstr (st_trace_get_string (trace, a->instants[0].name), ==, "checkpoint");
}

/* The GPUs' processes and their streams: stream 7 is A's and B's. */
static void
test_made_devices (void)
{
  g_auto (Made)       m = { 0 };
  g_autoptr (StTrace) trace = NULL;
  const StSlice      *k, *set;
  guint               s7;

  make_db (&m, schema3);
  trace = load_made (&m);
  s7 = track_of (trace, "0", "7 (pid 100)");
  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_track (trace, s7)->name), ==,
                   "stream 7 (pid 100)");
  g_assert_cmpuint (st_trace_get_track (trace, track_of (trace, "0", "14"))->n_slices, ==, 1);
  g_assert_cmpuint (st_trace_get_track (trace, track_of (trace, "1", "7 (pid 200)"))->n_slices, ==,
                    1);
  g_assert_cmpstr (
      st_trace_get_string (
          trace, st_trace_get_process (trace, st_trace_get_track (trace, s7)->process)->name),
      ==, "NVIDIA H100 80GB HBM3");
  k = st_test_find_slice (trace, s7, "gemm_kernel");
  g_assert_cmpint (k->start, ==, 1500);
  g_assert_cmpint (k->dur, ==, 3000);
  assert_arg (trace, k, "shared memory", "3072");
  assert_arg (trace, k, "grid[0]", "120");
  assert_arg (trace, k, "block[0]", "256");
  assert_arg (trace, k, "registers per thread", "64");
  /* memKind 2 is Nsight Systems' Device */
  set = st_test_find_slice (trace, s7, "Memset (Device)");
  g_assert_cmpstr (st_trace_get_string (trace, set->cat), ==, "gpu_memset");
  assert_arg (trace, set, "bytes", "4096");
  assert_arg (trace, set, "value", "0");
}

/* Each device event is linked to the call of its own process: A's and B's
 * correlation id 1 are two launches. */
static void
test_made_launches (void)
{
  g_auto (Made)       m = { 0 };
  g_autoptr (StTrace) trace = NULL;
  StLaunchIndex      *launches;
  const struct
  {
    const char *pid, *tid, *name, *host_pid, *call;
  } expected[] = {
    { "0", "7 (pid 100)", "gemm_kernel", "100", "cudaLaunchKernel" },
    { "0", "14", "reduce_kernel", "100", "cuLaunchKernel" },
    { "0", "7 (pid 100)", "Memset (Device)", "100", "cudaMemsetAsync" },
    { "1", "7 (pid 200)", "gemm_kernel", "200", "cudaLaunchKernel" },
  };

  make_db (&m, schema3);
  trace = load_made (&m);
  launches = st_device_work_get_launches (st_device_work_ensure (trace, NULL));
  g_assert_cmpuint (st_trace_get_counts (trace)->flows, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      guint          t = track_of (trace, expected[i].pid, expected[i].tid);
      const StSlice *s = st_test_find_slice (trace, t, expected[i].name);
      StSliceRef     host;
      const StTrack *host_track;

      g_assert_true (st_launch_index_get_launcher (
          launches, (StSliceRef){ t, s - st_trace_get_track (trace, t)->slices }, &host));
      host_track = st_trace_get_track (trace, host.track);
      g_assert_cmpstr (
          st_trace_get_string (trace, st_trace_get_process (trace, host_track->process)->pid), ==,
          expected[i].host_pid);
      g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_slice (trace, host)->name), ==,
                       expected[i].call);
    }
}

/* NVTX: the domain by name, category, colour (ARGB 0xFF00FF00) and
 * payload; a range never closed runs to the end, and says so. */
static void
test_made_nvtx (void)
{
  g_auto (Made)       m = { 0 };
  g_autoptr (StTrace) trace = NULL;
  const StSlice      *step, *open;

  make_db (&m, schema3);
  trace = load_made (&m);
  step = st_test_find_slice (trace, track_of (trace, "100", "101"), "step");
  g_assert_cmpstr (st_trace_get_string (trace, step->cat), ==, "nvtx");
  assert_arg (trace, step, "domain", "app");
  assert_arg (trace, step, "category", "3");
  assert_arg (trace, step, "color", "#00ff00");
  assert_arg (trace, step, "payload", "42");
  open = st_test_find_slice (trace, track_of (trace, "200", "200"), "unclosed");
  g_assert_cmpint (open->start, ==, 8000);
  g_assert_cmpint (open->start + open->dur, ==, st_trace_get_end_ns (trace));
  g_assert_true (open->flags & ST_SLICE_DID_NOT_END);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNCLOSED_BEGIN), ==, 1);
}

/* GPU 0: [2000, 5000) ∪ [5200, 5500) ∪ [6000, 8000) = 5300 ns busy of
 * 6000; GPU 1: 1000 of 1000. The profile's busy is their mean. */
static void
test_made_summary (void)
{
  g_auto (Made)       m = { 0 };
  g_autoptr (StTrace) trace = NULL;
  g_autoptr (GError)  error = NULL;
  StSummary          *s;

  make_db (&m, schema3);
  trace = load_made (&m);
  s = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_summary_get_n_devices (s), ==, 2);
  g_assert_cmpint (st_summary_get_device (s, 0)->busy_ns, ==, 5300);
  g_assert_cmpint (st_summary_get_device (s, 0)->device_time_ns, ==, 6000);
  g_assert_cmpint (st_summary_get_device (s, 1)->busy_ns, ==, 1000);
  g_assert_cmpfloat_with_epsilon (st_summary_lookup (s, "device_busy_percent")->value,
                                  (100.0 * 5300 / 6000 + 100.0) / 2, 1e-9);
  st_summary_free (s);
}

/* Rows a writer could not have meant: no start, an end before the start,
 * a name missing from StringIds, a name that is not UTF-8, rowids at both
 * ends of their range; a view named like a table of events (read, it
 * would never end) and a column computed on reading are left alone. */
static void
test_made_odd_rows (void)
{
  g_auto (Made)       m = { 0 };
  g_autoptr (StTrace) trace = NULL;
  guint               t;

  make_db (&m,
           "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT);"
           "INSERT INTO StringIds VALUES (1, 'k'), (2, CAST(X'FF41' AS TEXT));"
           "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId"
           " INTEGER, streamId INTEGER, demangledName INTEGER, gridX INTEGER GENERATED ALWAYS AS"
           " (start * 2) VIRTUAL);"
           "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, streamId, demangledName)"
           " VALUES (100, 200, 0, 7, 1), (NULL, 300, 0, 7, 1), (500, 400, 0, 7, 1),"
           " (600, 700, 0, 7, 99), (800, 900, 0, 7, 2);"
           "CREATE VIEW CUPTI_ACTIVITY_KIND_MEMCPY AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL"
           " SELECT x + 1 FROM r) SELECT x AS start, x AS end FROM r;"
           "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER, end INTEGER, deviceId INTEGER,"
           " streamId INTEGER, bytes INTEGER);"
           "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET (rowid, start, end, deviceId, streamId, bytes)"
           " VALUES (-9223372036854775808, 1000, 1100, 0, 7, 8), (9223372036854775807, 1200, 1300,"
           " 0, 7, 8);");
  trace = load_made (&m);
  t = track_of (trace, "0", "7");
  /* 4 kernels (not the one without a start) and the 2 memsets */
  g_assert_cmpuint (st_trace_get_track (trace, t)->n_slices, ==, 6);
  g_assert_cmpuint (count_named (trace, "Memset", NULL, NULL), ==, 2);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISSING_FIELD), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NEGATIVE_DURATION), ==, 1);
  g_assert_cmpint (st_test_find_slice_at (trace, t, "k", 400)->dur, ==, 0);
  g_assert_nonnull (st_test_find_slice (trace, t, "StringIds #99"));
  g_assert_nonnull (st_test_find_slice (trace, t, "\357\277\275A"));
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_INVALID_UTF8), ==, 1);
  g_assert_null (arg_of (trace, st_test_find_slice (trace, t, "k"), "grid[0]"));
}

/* Two ranks' reports as one profile, on the wall clock: the schema-3
 * report's session started 1 s after the real one's (utcEpochNs
 * 1687813257637297504), so its first event, at 500 ns of its own clock,
 * lies 1 s + 500 ns after the real one's session start; the real one's
 * first event lies REAL_ORIGIN after it, and is the profile's time 0. */
static void
test_made_two_ranks (void)
{
  g_auto (Made)    m = { 0 };
  g_autofree char *real = g_test_build_filename (G_TEST_DIST, "data", "real", REAL, NULL);
  g_autofree char *sql = g_strconcat (
      schema3,
      "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT,"
      " localTime TEXT); INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES"
      " (1687813258637297504, NULL, NULL);",
      NULL);
  g_autoptr (GFile)           a = g_file_new_for_path (real);
  g_autoptr (GFile)           b = NULL;
  g_autoptr (StProfileLoader) loader = NULL;
  g_autoptr (GError)          error = NULL;
  g_autoptr (StTrace)         trace = NULL;

  make_db (&m, sql);
  b = g_file_new_for_path (m.path);
  loader = st_profile_loader_new ((GFile *[]){ a, b }, 2);
  trace = st_profile_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_n_files (trace), ==, 2);
  g_assert_cmpuint (st_device_work_count_devices (trace), ==, 3);
  g_assert_cmpint (st_trace_get_file (trace, 1)->shift_ns, ==,
                   G_GINT64_CONSTANT (1000000000) + 500 - REAL_ORIGIN);
}

/* --- what is not an export ------------------------------------------------------ */

static void
assert_refused (const char *path, gint code, const char *says)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_path (path, 0, &error);
  g_autofree char    *base = g_path_get_basename (path);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, code);
  g_assert_nonnull (strstr (error->message, base));
  g_assert_nonnull (strstr (error->message, says));
  g_assert_null (strchr (error->message, '\n'));
}

static void
test_bad_not_nsys (void)
{
  g_auto (Made) m = { 0 };
  g_auto (Made) strings = { 0 };

  make_db (&m, "CREATE TABLE t (a); INSERT INTO t VALUES (1);");
  assert_refused (m.path, ST_TRACE_ERROR_BINARY, "this is an SQLite database, not a trace.");
  /* StringIds alone is not an export either */
  make_db (&strings, "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT);");
  assert_refused (strings.path, ST_TRACE_ERROR_BINARY, "not a trace");
}

/* The real export cut: at half its size, to its 100-byte header (not one
 * page), and to the 16 bytes of its magic. */
static void
test_bad_truncated (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "real", REAL, NULL);
  g_autofree char *data = NULL;
  gsize            size;
  const gsize      cuts[] = { 0, 100, 16 };

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cuts); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("nsys-XXXXXX", NULL);
      g_autofree char *cut = g_build_filename (dir, "cut.sqlite", NULL);

      g_assert_true (g_file_set_contents (cut, data, cuts[i] ? cuts[i] : size / 2, NULL));
      assert_refused (cut, ST_TRACE_ERROR_DAMAGED, "SQLite cannot read");
      g_unlink (cut);
      g_rmdir (dir);
    }
}

static void
test_bad_wal (void)
{
  g_auto (Made) m = { 0 };

  make_db (&m, "PRAGMA journal_mode = WAL; CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value"
               " TEXT); CREATE TABLE NVTX_EVENTS (start INTEGER);");
  assert_refused (m.path, ST_TRACE_ERROR_UNREADABLE, "WAL mode");
}

static void
test_cancelled (void)
{
  g_autofree char         *path = g_test_build_filename (G_TEST_DIST, "data", "real", REAL, NULL);
  g_autoptr (GFile)        file = g_file_new_for_path (path);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError)       error = NULL;
  g_autoptr (StTrace)      trace = NULL;

  g_cancellable_cancel (cancellable);
  trace = st_trace_load_file (file, cancellable, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* --- against the Chrome trace of the same events ------------------------------------ */

static const char *
env_path (const char *variable)
{
  const char *path = g_getenv (variable);

  if (path == NULL)
    g_error ("%s is not set: run the tests with meson test", variable);
  return path;
}

/* Per name, how many slices and their summed durations. */
static GHashTable *
slices_by_name (StTrace *trace)
{
  GHashTable *by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        {
          const char *name = st_trace_get_string (trace, track->slices[i].name);
          gint64     *sum = g_hash_table_lookup (by_name, name);

          if (sum == NULL)
            g_hash_table_insert (by_name, g_strdup (name), sum = g_new0 (gint64, 2));
          sum[0]++;
          sum[1] += track->slices[i].dur;
        }
    }
  return by_name;
}

/* st-gen-nsys writes the same launches, kernels, copies and steps both
 * ways (40000 kernels: several chunks of each table); the two load to the
 * same slices, flows and device busy. */
static void
test_same_as_json (void)
{
  g_autoptr (GError)     error = NULL;
  g_autoptr (StTrace)    nsys = load_path (env_path ("STRATA_TEST_NSYS"), 0, &error);
  g_autoptr (StTrace)    json = load_path (env_path ("STRATA_TEST_NSYS_JSON"), 0, &error);
  g_autoptr (GHashTable) a = slices_by_name (nsys);
  g_autoptr (GHashTable) b = slices_by_name (json);
  GHashTableIter         iter;
  gpointer               name, sum;
  StSummary             *sa, *sb;

  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &name, &sum))
    {
      gint64 *other = g_hash_table_lookup (b, name);

      g_assert_nonnull (other);
      g_assert_cmpint (((gint64 *)sum)[0], ==, other[0]);
      g_assert_cmpint (((gint64 *)sum)[1], ==, other[1]);
    }
  g_assert_cmpuint (st_trace_get_counts (nsys)->flows, ==, st_trace_get_counts (json)->flows);
  sa = st_summary_compute (nsys, 0, st_trace_get_end_ns (nsys), NULL, NULL);
  sb = st_summary_compute (json, 0, st_trace_get_end_ns (json), NULL, NULL);
  g_assert_cmpint (st_summary_get_device (sa, 0)->busy_ns, ==,
                   st_summary_get_device (sb, 0)->busy_ns);
  st_summary_free (sa);
  st_summary_free (sb);
}

/* The line of args text the trace keeps for @slice ({"args":{…}}), and its
 * length: read in place, so that 166 250 slices cost no allocation (a DOM
 * per slice took 76 s of the sanitizer build's run). */
static const char *
args_line (StTrace *trace, const StSlice *slice, gsize *length)
{
  gsize       size;
  guint64     bytes;
  const char *text = st_trace_get_event_text (trace, slice->offset, &size, &bytes);
  const char *end;

  g_assert_nonnull (text);
  g_assert_cmpuint (bytes, <, size);
  end = memchr (text + bytes, '\n', size - bytes);
  *length = (end != NULL ? end : text + size) - (text + bytes);
  return text + bytes;
}

/* One reader or four: the same tracks, slices and args, byte for byte. */
static void
test_threads_agree (void)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) one = load_path (env_path ("STRATA_TEST_NSYS"), 1, &error);
  g_autoptr (StTrace) four = load_path (env_path ("STRATA_TEST_NSYS"), 4, &error);
  guint               with_correlation = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_n_tracks (one), ==, st_trace_get_n_tracks (four));
  g_assert_cmpuint (st_trace_get_counts (one)->flows, ==, st_trace_get_counts (four)->flows);
  for (guint t = 0; t < st_trace_get_n_tracks (one); t++)
    {
      const StTrack *x = st_trace_get_track (one, t), *y = st_trace_get_track (four, t);

      g_assert_cmpuint (x->n_slices, ==, y->n_slices);
      for (guint i = 0; i < x->n_slices; i++)
        {
          gsize       nx, ny;
          const char *ax = args_line (one, &x->slices[i], &nx);
          const char *ay = args_line (four, &y->slices[i], &ny);

          g_assert_cmpint (x->slices[i].start, ==, y->slices[i].start);
          g_assert_cmpint (x->slices[i].dur, ==, y->slices[i].dur);
          g_assert_cmpstr (st_trace_get_string (one, x->slices[i].name), ==,
                           st_trace_get_string (four, y->slices[i].name));
          g_assert_cmpmem (ax, nx, ay, ny);
          with_correlation += g_strstr_len (ax, nx, "\"correlation\"") != NULL;
        }
    }
  /* the texts compared hold the args: every kernel and launch its correlation */
  g_assert_cmpuint (with_correlation, >=, 80000);
}

static void
add_made_tests (void)
{
  g_test_add_func ("/model/nsys/made/schema3", test_made_schema3);
  g_test_add_func ("/model/nsys/made/devices", test_made_devices);
  g_test_add_func ("/model/nsys/made/launches", test_made_launches);
  g_test_add_func ("/model/nsys/made/nvtx", test_made_nvtx);
  g_test_add_func ("/model/nsys/made/summary", test_made_summary);
  g_test_add_func ("/model/nsys/made/odd-rows", test_made_odd_rows);
  g_test_add_func ("/model/nsys/made/two-ranks", test_made_two_ranks);
  g_test_add_func ("/model/nsys/bad/not-nsys", test_bad_not_nsys);
  g_test_add_func ("/model/nsys/bad/truncated", test_bad_truncated);
  g_test_add_func ("/model/nsys/bad/wal", test_bad_wal);
  g_test_add_func ("/model/nsys/bad/cancelled", test_cancelled);
  g_test_add_func ("/model/nsys/generated/same-as-json", test_same_as_json);
  g_test_add_func ("/model/nsys/generated/threads-agree", test_threads_agree);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/nsys/real/format", test_real_format);
  g_test_add_func ("/model/nsys/real/processes", test_real_processes);
  g_test_add_func ("/model/nsys/real/kernels", test_real_kernels);
  g_test_add_func ("/model/nsys/real/copies", test_real_copies);
  g_test_add_func ("/model/nsys/real/calls", test_real_calls);
  g_test_add_func ("/model/nsys/real/launches", test_real_launches);
  g_test_add_func ("/model/nsys/real/nvtx", test_real_nvtx);
  g_test_add_func ("/model/nsys/real/summary", test_real_summary);
  g_test_add_func ("/model/nsys/real/metadata", test_real_metadata);
  g_test_add_func ("/model/nsys/real/gzip", test_real_gzip);
  add_made_tests ();
  return g_test_run ();
}
