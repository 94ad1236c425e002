/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-nsys.c: deterministic generator of an Nsight Systems SQLite export
 * and of the same events as a Chrome trace, for the nsys load benchmark.
 *
 * One process launches KERNELS kernels from its main thread, each by a
 * cudaLaunchKernel call, alternately onto two streams of GPU 0; every 64
 * launches sit inside an NVTX push/pop range "step N", and every 32nd
 * launch is preceded by a host-to-device cudaMemcpyAsync and its copy.
 * Written as `nsys export --type sqlite` writes it (the tables the importer
 * reads, schema 2.x or 3.x) when FILE ends in .sqlite, or as the Chrome
 * trace Kineto would write for the same events (the same names, times,
 * correlation ids, ac2g flows and deviceProperties) when it ends in .json.
 * The same arguments always give the same events.
 *
 * Usage:
 *   st-gen-nsys [--kernels N] [--schema 2|3] -o FILE.sqlite|FILE.json
 *
 * Usage errors exit with status 2, write errors with status 1.
 */

#include <glib.h>
#include <sqlite3.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define PID             4242
#define TID             4242
#define GLOBAL_PID      (((gint64)PID) << 24)
#define GLOBAL_TID      (GLOBAL_PID | TID)
#define STREAM_A        7
#define STREAM_B        13
#define STEP_LAUNCHES   64
#define COPY_EVERY      32
#define COPY_BYTES      1048576
#define ORIGIN_NS       G_GINT64_CONSTANT (1000000000)
#define SESSION_UTC_NS  G_GINT64_CONSTANT (1735632360000000000)
#define CLASS_RUNTIME   0
#define NVTX_PUSH_POP   59
#define MEMCPY_HTOD     1
#define MEM_PAGEABLE    0 /* Nsight Systems' CUDA_MEMOPR_MEMORY_KIND */
#define MEM_DEVICE      2
#define CBID_LAUNCH     211
#define CBID_MEMCPY     41
#define N_KERNEL_NAMES  4
#define STRING_LAUNCH   0
#define STRING_MEMCPY   1
#define STRING_MAIN     2
#define STRING_KERNEL_0 3

static const char *const kernel_names[N_KERNEL_NAMES] = {
  "ampere_sgemm_128x64_tn",
  "void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl>(int, "
  "at::native::GeluCUDAKernelImpl, at::detail::Array<char*, 2>)",
  "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float, float>(int, "
  "float, float const*, float const*, float const*, float*, float*, float*)",
  "void (anonymous namespace)::softmax_warp_forward<float, float, float, 10, false, false>",
};

/* One event of the run, in the order the host makes them. */
typedef enum
{
  EV_STEP,
  EV_COPY,
  EV_LAUNCH,
} EventKind;

typedef struct
{
  EventKind kind;
  gint64    host_start, host_end; /* the call, or the NVTX range */
  gint64    dev_start, dev_end;   /* the kernel or the copy */
  gint64    correlation;
  guint     name; /* kernel index, or step number */
  guint     stream;
} Event;

typedef struct
{
  guint64 state;
  gint64  host; /* the host thread's clock */
  gint64  stream_end[2];
  gint64  correlation;
} Run;

static guint64
next_random (Run *run)
{
  guint64 x = run->state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  run->state = x;
  return x * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d);
}

static gint64
between (Run *run, gint64 lo, gint64 hi)
{
  return lo + (gint64)(next_random (run) % (guint64)(hi - lo + 1));
}

/* A call of @dur that queues device work of @work on stream @s. */
static void
device_call (Run *run, Event *ev, guint s, gint64 dur, gint64 work)
{
  ev->host_start = run->host;
  ev->host_end = run->host + dur;
  ev->correlation = ++run->correlation;
  ev->stream = s;
  ev->dev_start = MAX (ev->host_start + between (run, 2000, 6000), run->stream_end[s]);
  ev->dev_end = ev->dev_start + work;
  run->stream_end[s] = ev->dev_end;
  run->host = ev->host_end + between (run, 200, 800);
}

/* Every event of the run: each step's range before the launches it holds. */
static GArray *
make_events (guint64 kernels)
{
  GArray *events = g_array_new (FALSE, TRUE, sizeof (Event));
  Run     run = { G_GUINT64_CONSTANT (88172645463325252), ORIGIN_NS, { 0, 0 }, 0 };
  guint   step = G_MAXUINT, n_steps = 0;

  for (guint64 k = 0; k < kernels; k++)
    {
      Event ev = { 0 };

      if (k % STEP_LAUNCHES == 0)
        {
          if (step != G_MAXUINT)
            g_array_index (events, Event, step).host_end = run.host;
          step = events->len;
          ev.kind = EV_STEP;
          ev.host_start = run.host;
          ev.name = n_steps++;
          g_array_append_val (events, ev);
          run.host += 500;
        }
      if (k % COPY_EVERY == 0)
        {
          ev.kind = EV_COPY;
          device_call (&run, &ev, 0, between (&run, 4000, 9000), 45000);
          g_array_append_val (events, ev);
        }
      ev.kind = EV_LAUNCH;
      ev.name = (guint)(k % N_KERNEL_NAMES);
      device_call (&run, &ev, (guint)(k & 1), between (&run, 3000, 7000),
                   between (&run, 8000, 30000));
      g_array_append_val (events, ev);
    }
  g_array_index (events, Event, step).host_end = run.host;
  return events;
}

/* --- SQLite ------------------------------------------------------------- */

static const char *const schema_common[] = {
  "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
  "CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER)",
  "CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT)",
  "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime TEXT)",
  "CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, "
  "busLocation TEXT, totalMemory INTEGER, memoryBandwidth INTEGER, smCount INTEGER, "
  "threadsPerWarp INTEGER, computeMajor INTEGER, computeMinor INTEGER)",
  "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, "
  "deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, "
  "correlationId INTEGER, globalPid INTEGER, demangledName INTEGER NOT NULL, "
  "shortName INTEGER NOT NULL, mangledName INTEGER, registersPerThread INTEGER NOT NULL, "
  "gridX INTEGER NOT NULL, gridY INTEGER NOT NULL, gridZ INTEGER NOT NULL, "
  "blockX INTEGER NOT NULL, blockY INTEGER NOT NULL, blockZ INTEGER NOT NULL, "
  "staticSharedMemory INTEGER NOT NULL, dynamicSharedMemory INTEGER NOT NULL)",
  "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL, "
  "deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, "
  "correlationId INTEGER, globalPid INTEGER, bytes INTEGER NOT NULL, copyKind INTEGER NOT NULL, "
  "srcKind INTEGER, dstKind INTEGER)",
  "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, "
  "eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER, "
  "nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER)",
  "CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, "
  "rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER, "
  "endGlobalTid INTEGER, textId INTEGER, domainId INTEGER)",
};

static void
check (sqlite3 *db, int rc, const char *what)
{
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    {
      g_printerr ("st-gen-nsys: %s: %s\n", what, sqlite3_errmsg (db));
      exit (1);
    }
}

static void
exec (sqlite3 *db, const char *sql)
{
  check (db, sqlite3_exec (db, sql, NULL, NULL, NULL), sql);
}

static sqlite3_stmt *
prepare (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = NULL;

  check (db, sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), sql);
  return stmt;
}

/* Binds @n integers (G_MININT64: NULL) and runs the insert. */
static void
insert (sqlite3 *db, sqlite3_stmt *stmt, guint n, const gint64 *values)
{
  for (guint i = 0; i < n; i++)
    if (values[i] == G_MININT64)
      sqlite3_bind_null (stmt, i + 1);
    else
      sqlite3_bind_int64 (stmt, i + 1, values[i]);
  check (db, sqlite3_step (stmt), "insert");
  sqlite3_reset (stmt);
}

static void
write_strings (sqlite3 *db)
{
  sqlite3_stmt *stmt = prepare (db, "INSERT INTO StringIds VALUES (?, ?)");
  const char   *fixed[] = { "cudaLaunchKernel_v7000", "cudaMemcpyAsync_v3020", "python3" };

  for (guint i = 0; i < 3 + N_KERNEL_NAMES; i++)
    {
      sqlite3_bind_int (stmt, 1, (int)i);
      sqlite3_bind_text (stmt, 2, i < 3 ? fixed[i] : kernel_names[i - 3], -1, SQLITE_STATIC);
      check (db, sqlite3_step (stmt), "StringIds");
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
}

static void
write_target (sqlite3 *db, int schema)
{
  sqlite3_stmt    *stmt;
  g_autofree char *start
      = g_strdup_printf ("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (%" G_GINT64_FORMAT
                         ", '2024-12-31T08:06:00', '2024-12-31T09:06:00')",
                         SESSION_UTC_NS);

  exec (db, start);
  stmt = prepare (db, "INSERT INTO ThreadNames VALUES (?1, 10, ?2)");
  insert (db, stmt, 2, (gint64[]){ STRING_MAIN, GLOBAL_TID });
  sqlite3_finalize (stmt);
  stmt = prepare (db, "INSERT INTO PROCESSES VALUES (?1, ?2, 'python3')");
  insert (db, stmt, 2, (gint64[]){ GLOBAL_PID, PID });
  sqlite3_finalize (stmt);
  exec (db, "INSERT INTO TARGET_INFO_GPU VALUES (0, 0, 'NVIDIA A100-SXM4-80GB', '0000:07:00.0', "
            "85899345920, 2039000000000, 108, 32, 8, 0)");
  if (schema >= 3)
    {
      exec (db, "CREATE TABLE META_DATA_EXPORT (name TEXT, value TEXT)");
      exec (db, "INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_SCHEMA_VERSION', '3.13.2'), "
                "('EXPORT_PRODUCT_VERSION', '2024.5.1')");
      exec (db, "CREATE TABLE ENUM_NSYS_EVENT_CLASS (id INTEGER PRIMARY KEY, name TEXT, label "
                "TEXT)");
      exec (db, "INSERT INTO ENUM_NSYS_EVENT_CLASS VALUES (0, 'TRACE_PROCESS_EVENT_CUDA_RUNTIME', "
                "'CUDA runtime'), (1, 'TRACE_PROCESS_EVENT_CUDA_DRIVER', 'CUDA driver'), "
                "(67, 'TRACE_PROCESS_EVENT_CUDABACKTRACE', 'CUDA backtrace')");
    }
  else
    {
      exec (db, "CREATE TABLE EXPORT_META_DATA (name TEXT, value TEXT)");
      exec (db, "INSERT INTO EXPORT_META_DATA VALUES ('EXPORT_SCHEMA_VERSION', '2.9.1'), "
                "('EXPORT_PRODUCT_VERSION', '2022.2.1.31')");
    }
}

/* The statements of the event tables, in the order of their columns. */
typedef struct
{
  sqlite3_stmt *kernel, *memcpy, *runtime, *nvtx;
} Inserts;

static void
write_event (sqlite3 *db, Inserts *ins, const Event *ev)
{
  gint64 stream = ev->stream == 0 ? STREAM_A : STREAM_B;

  if (ev->kind == EV_STEP)
    {
      g_autofree char *text = g_strdup_printf ("step %u", ev->name);

      sqlite3_bind_int64 (ins->nvtx, 1, ev->host_start);
      sqlite3_bind_int64 (ins->nvtx, 2, ev->host_end);
      sqlite3_bind_text (ins->nvtx, 3, text, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (ins->nvtx, 4, GLOBAL_TID);
      check (db, sqlite3_step (ins->nvtx), "NVTX_EVENTS");
      sqlite3_reset (ins->nvtx);
      return;
    }
  insert (db, ins->runtime, 6,
          (gint64[]){ ev->host_start, ev->host_end, ev->correlation,
                      ev->kind == EV_COPY ? STRING_MEMCPY : STRING_LAUNCH, 0, GLOBAL_TID });
  if (ev->kind == EV_COPY)
    insert (db, ins->memcpy, 9,
            (gint64[]){ ev->dev_start, ev->dev_end, stream, ev->correlation, COPY_BYTES,
                        MEMCPY_HTOD, MEM_PAGEABLE, GLOBAL_PID, MEM_DEVICE });
  else
    insert (db, ins->kernel, 10,
            (gint64[]){ ev->dev_start, ev->dev_end, stream, ev->correlation,
                        STRING_KERNEL_0 + ev->name, 32 + 8 * ev->name, 80 * (ev->name + 1),
                        128 << (ev->name & 1), 1024 * ev->name, GLOBAL_PID });
}

static void
write_sqlite (const char *path, GArray *events, int schema)
{
  sqlite3 *db = NULL;
  Inserts  ins;

  remove (path);
  if (sqlite3_open (path, &db) != SQLITE_OK)
    {
      g_printerr ("st-gen-nsys: %s: %s\n", path, sqlite3_errmsg (db));
      exit (1);
    }
  exec (db, "PRAGMA journal_mode = OFF");
  exec (db, "PRAGMA synchronous = OFF");
  exec (db, "BEGIN");
  for (guint i = 0; i < G_N_ELEMENTS (schema_common); i++)
    exec (db, schema_common[i]);
  write_strings (db);
  write_target (db, schema);
  ins.kernel = prepare (db, "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (?1, ?2, 0, 1, ?3, ?4, "
                            "?10, ?5, ?5, NULL, ?6, ?7, 1, 1, ?8, 1, 1, ?9, 0)");
  ins.memcpy = prepare (db, "INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY VALUES (?1, ?2, 0, 1, ?3, ?4, "
                            "?8, ?5, ?6, ?7, ?9)");
  ins.runtime = prepare (db, "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (?1, ?2, 0, ?6, ?3, "
                             "?4, ?5, NULL)");
  ins.nvtx = prepare (db, "INSERT INTO NVTX_EVENTS VALUES (?1, ?2, 59, NULL, NULL, NULL, ?3, ?4, "
                          "NULL, NULL, 0)");
  for (guint i = 0; i < events->len; i++)
    write_event (db, &ins, &g_array_index (events, Event, i));
  sqlite3_finalize (ins.kernel);
  sqlite3_finalize (ins.memcpy);
  sqlite3_finalize (ins.runtime);
  sqlite3_finalize (ins.nvtx);
  exec (db, "COMMIT");
  if (sqlite3_close (db) != SQLITE_OK)
    {
      g_printerr ("st-gen-nsys: %s: could not close\n", path);
      exit (1);
    }
}

/* --- Chrome JSON ----------------------------------------------------------- */

/* Nanoseconds as microseconds with three decimals, as Kineto writes them. */
static void
put_us (GString *out, const char *key, gint64 ns)
{
  g_string_append_printf (out, ",\"%s\":%" G_GINT64_FORMAT ".%03d", key, ns / 1000,
                          (int)(ns % 1000));
}

static void
json_call (GString *out, const Event *ev)
{
  gboolean copy = ev->kind == EV_COPY;
  gint64   stream = ev->stream == 0 ? STREAM_A : STREAM_B;

  g_string_append_printf (out,
                          ",\n{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"%s\",\"pid\":%d,"
                          "\"tid\":%d",
                          copy ? "cudaMemcpyAsync" : "cudaLaunchKernel", PID, TID);
  put_us (out, "ts", ev->host_start);
  put_us (out, "dur", ev->host_end - ev->host_start);
  g_string_append_printf (out, ",\"args\":{\"cbid\":%d,\"correlation\":%" G_GINT64_FORMAT "}}",
                          copy ? CBID_MEMCPY : CBID_LAUNCH, ev->correlation);
  g_string_append_printf (out,
                          ",\n{\"ph\":\"s\",\"id\":%" G_GINT64_FORMAT ",\"pid\":%d,\"tid\":%d,"
                          "\"cat\":\"ac2g\",\"name\":\"ac2g\"",
                          ev->correlation, PID, TID);
  put_us (out, "ts", ev->host_start);
  g_string_append (out, "}");
  if (copy)
    g_string_append_printf (out,
                            ",\n{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy HtoD "
                            "(Pageable -> Device)\",\"pid\":0,\"tid\":%" G_GINT64_FORMAT,
                            stream);
  else
    g_string_append_printf (out,
                            ",\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"%s\",\"pid\":0,"
                            "\"tid\":%" G_GINT64_FORMAT,
                            kernel_names[ev->name], stream);
  put_us (out, "ts", ev->dev_start);
  put_us (out, "dur", ev->dev_end - ev->dev_start);
  g_string_append_printf (out,
                          ",\"args\":{\"device\":0,\"context\":1,\"stream\":%" G_GINT64_FORMAT
                          ",\"correlation\":%" G_GINT64_FORMAT,
                          stream, ev->correlation);
  if (copy)
    g_string_append_printf (out, ",\"bytes\":%d,\"memory bandwidth (GB/s)\":%.3f}}", COPY_BYTES,
                            (double)COPY_BYTES / (ev->dev_end - ev->dev_start));
  else
    g_string_append_printf (out,
                            ",\"registers per thread\":%u,\"shared memory\":%u,\"grid\":[%u, 1, "
                            "1],\"block\":[%u, 1, 1]}}",
                            32 + 8 * ev->name, 1024 * ev->name, 80 * (ev->name + 1),
                            128u << (ev->name & 1));
  g_string_append_printf (out,
                          ",\n{\"ph\":\"f\",\"id\":%" G_GINT64_FORMAT
                          ",\"pid\":0,\"tid\":%" G_GINT64_FORMAT
                          ",\"cat\":\"ac2g\",\"name\":\"ac2g\",\"bp\":\"e\"",
                          ev->correlation, stream);
  put_us (out, "ts", ev->dev_start);
  g_string_append (out, "}");
}

static void
json_event (GString *out, const Event *ev)
{
  if (ev->kind != EV_STEP)
    {
      json_call (out, ev);
      return;
    }
  g_string_append_printf (out,
                          ",\n{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"step %u\","
                          "\"pid\":%d,\"tid\":%d",
                          ev->name, PID, TID);
  put_us (out, "ts", ev->host_start);
  put_us (out, "dur", ev->host_end - ev->host_start);
  g_string_append (out, "}");
}

static void
write_json (const char *path, GArray *events)
{
  FILE    *f = fopen (path, "w");
  GString *out = g_string_sized_new (1 << 20);

  if (f == NULL)
    {
      g_printerr ("st-gen-nsys: %s: %s\n", path, g_strerror (errno));
      exit (1);
    }
  g_string_append (out, "{\"deviceProperties\":[{\"id\":0,\"name\":\"NVIDIA A100-SXM4-80GB\","
                        "\"totalGlobalMem\":85899345920,\"computeMajor\":8,\"computeMinor\":0,"
                        "\"numSms\":108,\"warpSize\":32}],\n\"traceEvents\":[\n");
  g_string_append_printf (out,
                          "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"tid\":0,"
                          "\"args\":{\"name\":\"python3\"}},\n"
                          "{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":0,\"tid\":0,"
                          "\"args\":{\"labels\":\"GPU 0\"}}",
                          PID);
  for (guint i = 0; i < events->len; i++)
    {
      json_event (out, &g_array_index (events, Event, i));
      if (out->len > (1 << 20) && fwrite (out->str, 1, out->len, f) == out->len)
        g_string_truncate (out, 0);
    }
  g_string_append (out, "\n]}\n");
  if (fwrite (out->str, 1, out->len, f) != out->len || fclose (f) != 0)
    {
      g_printerr ("st-gen-nsys: %s: could not write\n", path);
      exit (1);
    }
  g_string_free (out, TRUE);
}

int
main (int argc, char **argv)
{
  gint64             kernels = 1000;
  int                schema = 2;
  g_autofree char   *output = NULL;
  const GOptionEntry entries[] = {
    { "kernels", 'n', 0, G_OPTION_ARG_INT64, &kernels, "Kernels to launch (default 1000)", "N" },
    { "schema", 0, 0, G_OPTION_ARG_INT, &schema, "Export schema generation, 2 or 3", "2|3" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "File to write (.sqlite or .json)",
      "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GArray)         events = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || output == NULL || kernels < 1
      || (schema != 2 && schema != 3)
      || !(g_str_has_suffix (output, ".sqlite") || g_str_has_suffix (output, ".json")))
    {
      g_printerr ("st-gen-nsys: %s\n",
                  error ? error->message
                        : "give --kernels N >= 1, --schema 2|3, -o FILE.sqlite|.json");
      return 2;
    }
  events = make_events ((guint64)kernels);
  if (g_str_has_suffix (output, ".sqlite"))
    write_sqlite (output, events, schema);
  else
    write_json (output, events);
  return 0;
}
