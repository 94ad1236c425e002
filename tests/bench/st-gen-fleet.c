/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-fleet.c: deterministic generator of an N-rank job, one
 * PyTorch/Kineto-like trace per rank, with a straggler, a slow link and a
 * slow step planted where asked, so that a test knows the answers by hand.
 *
 * Every rank runs the same steps on one clock (the same
 * baseTimeNanoseconds), all starting together. A step of rank r, from its
 * start t0 (times in µs after t0 unless said):
 *
 *   - on the slow step only, a data loader wait of --step-us first: D = step_us,
 *     else D = 0; everything below moves by D;
 *   - K compute kernels (--kernels, default 30) on stream 7, kernel i from
 *     50 + 200 i to 50 + 200 i + 198, each launched by an aten::mm from
 *     the main thread at 20 + 5 i;
 *   - the bucket all-reduce, launched at 1000 (plus --late-us when r is
 *     the straggler in this step), its NCCL kernel on stream 13 starting
 *     10 later plus an arrival jitter of (r mod 4) × 100 ns; every rank's
 *     kernel ends 800 after the last one started, plus an end jitter of
 *     (r mod 3) × 100 ns, plus --link-us on the slow-link rank: its link
 *     is slow, and its all-reduces end later, hidden under its compute;
 *   - the all-gather of the step's metrics, launched 30 after the
 *     all-reduce, queued behind the compute: its kernel starts 5 after the
 *     last compute kernel ends (at 50 + 200 (K - 1) + 198), plus the
 *     arrival jitter, and ends 300 after the last one started, plus the
 *     end jitter;
 *   - cudaDeviceSynchronize until 5 after the all-gather ends; the step
 *     (ProfilerStep#N, N from 1) ends 10 after that;
 *   - [memory] events: 1 GiB of activations allocated at 30, freed when the
 *     compute ends, over a static 2 GiB + r MiB.
 *
 * The next step starts 100 after the last rank's step ended. The late
 * all-reduce and the slow link must end before the compute does (with the
 * defaults, late 3000, link 600, K 30, at 5415 and 6048), so that neither
 * delays anything after it: the three plants stay apart.
 *
 * Usage:
 *   st-gen-fleet --ranks N --steps S -o DIR [--gzip] [--kernels K]
 *                [--straggler R --straggler-steps N,N… --late-us US]
 *                [--slow-link R --link-us US] [--slow-step N --step-us US]
 *
 * Writes DIR/rank-00000.json … (.json.gz with --gzip). Usage errors exit
 * with status 2, write errors with status 1.
 */

#include <glib.h>
#include <zlib.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define US               ((gint64)1000)
#define ORIGIN_US        G_GINT64_CONSTANT (4203669603018)
#define BASE_TIME_NS     "1735632360000000000"
#define COMPUTE_STREAM   7
#define COMM_STREAM      13
#define HOST_PID_BASE    1000
#define DEVICES_PER_HOST 8
#define GIB              (G_GINT64_CONSTANT (1) << 30)
#define MIB              (G_GINT64_CONSTANT (1) << 20)

typedef struct
{
  int      ranks;
  int      steps;
  int      kernels;
  int      straggler;
  char    *straggler_steps;
  gint64   late_us;
  int      slow_link;
  gint64   link_us;
  int      slow_step;
  gint64   step_us;
  gboolean gzip;
  char    *output;
} Options;

typedef struct
{
  FILE    *fp;
  gzFile   gz;
  GString *buf;
  gboolean first;
  gboolean failed;
} Out;

static void
out_flush (Out *o)
{
  if (o->buf->len == 0)
    return;
  if (o->gz != NULL)
    o->failed |= gzwrite (o->gz, o->buf->str, o->buf->len) != (int)o->buf->len;
  else
    o->failed |= fwrite (o->buf->str, 1, o->buf->len, o->fp) != o->buf->len;
  g_string_truncate (o->buf, 0);
}

/* Starts an event of the traceEvents array. */
static void
out_event (Out *o)
{
  g_string_append (o->buf, o->first ? "\n    {" : ",\n    {");
  o->first = FALSE;
  if (o->buf->len > 1024 * 1024)
    out_flush (o);
}

/* A time in µs with three decimals: ns exactly. */
static void
out_us (Out *o, gint64 ns)
{
  g_string_append_printf (o->buf, "%" G_GINT64_FORMAT ".%03d", ORIGIN_US + ns / US, (int)(ns % US));
}

static void
slice (Out *o, const char *cat, const char *name, int pid, int tid, gint64 ts, gint64 dur)
{
  out_event (o);
  g_string_append_printf (o->buf,
                          "\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": %d, "
                          "\"tid\": %d, \"ts\": ",
                          cat, name, pid, tid);
  out_us (o, ts);
  g_string_append (o->buf, ", \"dur\": ");
  g_string_append_printf (o->buf, "%" G_GINT64_FORMAT ".%03d", dur / US, (int)(dur % US));
}

static void
flow (Out *o, char ph, gint64 id, int pid, int tid, gint64 ts)
{
  out_event (o);
  g_string_append_printf (o->buf,
                          "\"ph\": \"%c\", \"id\": %" G_GINT64_FORMAT ", \"pid\": %d, \"tid\": %d, "
                          "\"ts\": ",
                          ph, id, pid, tid);
  out_us (o, ts);
  g_string_append (o->buf, ", \"cat\": \"ac2g\", \"name\": \"ac2g\"");
  if (ph == 'f')
    g_string_append (o->buf, ", \"bp\": \"e\"");
  g_string_append_c (o->buf, '}');
}

typedef struct
{
  const Options *opts;
  Out           *out;
  int            rank;
  int            pid;    /* the host process */
  int            device; /* the GPU's pid: its index on its host */
  gint64         corr;
} Rank;

/* A launch call at @host_ts and the kernel it launches on @stream. */
static void
launch (Rank       *rk,
        const char *kernel,
        int         stream,
        gint64      host_ts,
        gint64      start,
        gint64      dur,
        const char *args)
{
  gint64 corr = ++rk->corr;

  slice (rk->out, "cuda_runtime", "cudaLaunchKernel", rk->pid, rk->pid, host_ts, 4 * US);
  g_string_append_printf (
      rk->out->buf, ", \"args\": {\"cbid\": 211, \"correlation\": %" G_GINT64_FORMAT "}}", corr);
  flow (rk->out, 's', corr, rk->pid, rk->pid, host_ts);
  slice (rk->out, "kernel", kernel, rk->device, stream, start, dur);
  g_string_append_printf (rk->out->buf,
                          ", \"args\": {\"device\": %d, \"stream\": %d, \"correlation\": "
                          "%" G_GINT64_FORMAT "%s}}",
                          rk->device, stream, corr, args);
  flow (rk->out, 'f', corr, rk->device, stream, start);
}

static void
memory (Rank *rk, gint64 ts, gint64 bytes, gint64 allocated)
{
  out_event (rk->out);
  g_string_append_printf (rk->out->buf,
                          "\"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": "
                          "\"[memory]\", \"pid\": %d, \"tid\": %d, \"ts\": ",
                          rk->pid, rk->pid);
  out_us (rk->out, ts);
  g_string_append_printf (rk->out->buf,
                          ", \"args\": {\"Device Type\": 1, \"Device Id\": %d, \"Bytes\": "
                          "%" G_GINT64_FORMAT ", \"Total Allocated\": %" G_GINT64_FORMAT
                          ", \"Total Reserved\": %" G_GINT64_FORMAT ", \"Addr\": 0}}",
                          rk->device, bytes, allocated, 4 * GIB);
}

#define NCCL_ARGS(nelems)                                                                   \
  ", \"Collective name\": \"" nelems "\", \"In msg nelems\": 4194304, \"Out msg nelems\": " \
  "4194304, \"dtype\": \"Float\""

/* The host op around a collective's launch. */
static void
collective_op (Rank *rk, const char *op, gint64 host_ts)
{
  slice (rk->out, "cpu_op", op, rk->pid, rk->pid, host_ts - 2 * US, 8 * US);
  g_string_append (rk->out->buf, "}");
  slice (rk->out, "cpu_op", "record_param_comms", rk->pid, rk->pid, host_ts - US, 6 * US);
  g_string_append (rk->out->buf, "}");
}

/* What the step's timings are on every rank (the header's table). */
typedef struct
{
  gint64 t0;
  gint64 d;           /* the slow step's wait, or 0 */
  gint64 late;        /* the straggler's lateness in this step, or 0 */
  gint64 ar_latest;   /* the all-reduce's last start */
  gint64 compute_end; /* the end of the last compute kernel */
  gint64 ag_first;    /* the all-gather's start without jitter */
  gint64 ag_latest;   /* its last start */
  gint64 next;        /* the next step's start */
} Step;

static gint64
arrival_jitter (int rank)
{
  return (rank % 4) * 100;
}

static gint64
end_jitter (int rank)
{
  return (rank % 3) * 100;
}

static gboolean
straggles_in (const Options *opts, int number)
{
  g_auto (GStrv) parts = NULL;

  if (opts->straggler < 0 || opts->straggler_steps == NULL)
    return FALSE;
  parts = g_strsplit (opts->straggler_steps, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (g_ascii_strtoll (parts[i], NULL, 10) == number)
      return TRUE;
  return FALSE;
}

static gint64
ar_start (const Options *opts, const Step *s, int rank)
{
  return s->t0 + s->d + 1010 * US + arrival_jitter (rank) + (rank == opts->straggler ? s->late : 0);
}

/* One rank's step. */
static void
rank_step (Rank *rk, const Step *s, int number)
{
  const Options *opts = rk->opts;
  gint64         base = s->t0 + s->d, act = GIB, stat = 2 * GIB + rk->rank * MIB;
  gint64         ar = ar_start (opts, s, rk->rank), ar_end, ag, ag_end, end;
  char           name[64];

  ar_end = s->ar_latest + 800 * US + end_jitter (rk->rank)
           + (rk->rank == opts->slow_link ? opts->link_us * US : 0);
  ag = s->ag_first + arrival_jitter (rk->rank);
  ag_end = s->ag_latest + 300 * US + end_jitter (rk->rank);
  end = ag_end + 15 * US;
  g_snprintf (name, sizeof name, "ProfilerStep#%d", number);
  slice (rk->out, "user_annotation", name, rk->pid, rk->pid, s->t0, end - s->t0);
  g_string_append (rk->out->buf, "}");
  if (s->d > 0)
    {
      slice (rk->out, "user_annotation",
             "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", rk->pid, rk->pid,
             s->t0 + 5 * US, s->d - 10 * US);
      g_string_append (rk->out->buf, "}");
    }
  memory (rk, base + 30 * US, act, stat + act);
  for (int i = 0; i < opts->kernels; i++)
    {
      slice (rk->out, "cpu_op", "aten::mm", rk->pid, rk->pid, base + (19 + 5 * i) * US, 5 * US);
      g_string_append (rk->out->buf, "}");
      launch (rk, "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_kernel",
              COMPUTE_STREAM, base + (19 + 5 * i) * US + 500, base + (50 + 200 * i) * US, 198 * US,
              "");
    }
  collective_op (rk, "c10d::allreduce_", ar - 10 * US);
  launch (rk, "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
          COMM_STREAM, ar - 10 * US, ar, ar_end - ar, NCCL_ARGS ("allreduce"));
  collective_op (rk, "c10d::_allgather_base_", ar + 20 * US);
  launch (rk, "ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
          COMM_STREAM, ar + 20 * US, ag, ag_end - ag, NCCL_ARGS ("_allgather_base"));
  memory (rk, s->compute_end, -act, stat);
  slice (rk->out, "cuda_runtime", "cudaDeviceSynchronize", rk->pid, rk->pid, ar + 40 * US,
         ag_end + 5 * US - (ar + 40 * US));
  g_string_append (rk->out->buf, ", \"args\": {\"cbid\": 165}}");
}

static void
header (Rank *rk)
{
  const Options *opts = rk->opts;

  g_string_append_printf (
      rk->out->buf,
      "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\"id\": %d, \"name\": \"NVIDIA "
      "H100 80GB HBM3\", \"totalGlobalMem\": 85520809984, \"computeMajor\": 9, "
      "\"computeMinor\": 0, \"warpSize\": 32, \"numSms\": 132}\n  ],\n  \"distributedInfo\": "
      "{\"backend\": \"nccl\", \"rank\": %d, \"world_size\": %d, \"nccl_version\": \"2.20.5\"},\n"
      "  \"cuda_runtime_version\": 12040,\n  \"traceEvents\": [",
      rk->device, rk->rank, opts->ranks);
  rk->out->first = TRUE;
}

static void
trailer (Rank *rk)
{
  char label[32];

  g_snprintf (label, sizeof label, "rank %d", rk->rank);
  out_event (rk->out);
  g_string_append_printf (rk->out->buf,
                          "\"name\": \"process_labels\", \"ph\": \"M\", \"pid\": %d, \"tid\": 0, "
                          "\"args\": {\"labels\": \"%s\"}}",
                          rk->pid, label);
  g_snprintf (label, sizeof label, "GPU %d", rk->device);
  out_event (rk->out);
  g_string_append_printf (rk->out->buf,
                          "\"name\": \"process_labels\", \"ph\": \"M\", \"pid\": %d, \"tid\": 0, "
                          "\"args\": {\"labels\": \"%s\"}}",
                          rk->device, label);
  out_event (rk->out);
  g_string_append_printf (rk->out->buf,
                          "\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %d, \"tid\": %d, "
                          "\"args\": {\"name\": \"stream 7\"}}",
                          rk->device, COMPUTE_STREAM);
  out_event (rk->out);
  g_string_append_printf (rk->out->buf,
                          "\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": %d, \"tid\": %d, "
                          "\"args\": {\"name\": \"stream 13 nccl\"}}",
                          rk->device, COMM_STREAM);
  g_string_append (rk->out->buf, "\n  ],\n  \"displayTimeUnit\": \"ms\",\n"
                                 "  \"baseTimeNanoseconds\": " BASE_TIME_NS "\n}\n");
}

/* The timings every rank shares in step @number, from its start @t0. */
static Step
plan_step (const Options *opts, int number, gint64 t0)
{
  Step   s = { t0, number == opts->slow_step ? opts->step_us * US : 0, 0, 0, 0, 0, 0, 0 };
  gint64 latest = 0;

  if (straggles_in (opts, number))
    s.late = opts->late_us * US;
  for (int r = 0; r < opts->ranks; r++)
    latest = MAX (latest, ar_start (opts, &s, r));
  s.ar_latest = latest;
  s.compute_end = t0 + s.d + (50 + 200 * (gint64)(opts->kernels - 1) + 198) * US;
  s.ag_first = s.compute_end + 5 * US;
  s.ag_latest = s.ag_first + arrival_jitter (MIN (opts->ranks - 1, 3));
  /* the last rank's step ends 15 after the largest end jitter */
  s.next = s.ag_latest + 300 * US + end_jitter (MIN (opts->ranks - 1, 2)) + (15 + 100) * US;
  return s;
}

static gboolean
write_rank (const Options *opts, int rank)
{
  g_autofree char *name = g_strdup_printf ("rank-%05d.json%s", rank, opts->gzip ? ".gz" : "");
  g_autofree char *path = g_build_filename (opts->output, name, NULL);
  Out              out = { NULL, NULL, g_string_sized_new (2 * 1024 * 1024), TRUE, FALSE };
  Rank             rk = { opts, &out, rank, HOST_PID_BASE + rank, rank % DEVICES_PER_HOST, 0 };
  gint64           t0 = 1000 * US;
  gboolean         ok;

  if (opts->gzip)
    out.gz = gzopen (path, "wb6");
  else
    out.fp = fopen (path, "wb");
  if (out.fp == NULL && out.gz == NULL)
    {
      g_printerr ("st-gen-fleet: cannot open %s: %s\n", path, g_strerror (errno));
      g_string_free (out.buf, TRUE);
      return FALSE;
    }
  header (&rk);
  for (int number = 1; number <= opts->steps; number++)
    {
      Step s = plan_step (opts, number, t0);

      rank_step (&rk, &s, number);
      t0 = s.next;
    }
  trailer (&rk);
  out_flush (&out);
  ok = !out.failed && (out.gz != NULL ? gzclose (out.gz) == Z_OK : fclose (out.fp) == 0);
  g_string_free (out.buf, TRUE);
  if (!ok)
    g_printerr ("st-gen-fleet: error writing %s\n", path);
  return ok;
}

static int
usage_error (GOptionContext *context, const char *message)
{
  g_printerr ("st-gen-fleet: %s\nTry 'st-gen-fleet --help' for more information.\n", message);
  g_option_context_free (context);
  return 2;
}

static int
parse_options (Options *opts, int *argc, char ***argv)
{
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opts->output, "Folder to write into", "DIR" },
    { "ranks", 'r', 0, G_OPTION_ARG_INT, &opts->ranks, "Ranks, 1 to 100000 (default 8)", "N" },
    { "steps", 's', 0, G_OPTION_ARG_INT, &opts->steps, "Steps per rank (default 8)", "S" },
    { "kernels", 'k', 0, G_OPTION_ARG_INT, &opts->kernels, "Compute kernels per step (default 30)",
      "K" },
    { "gzip", 'z', 0, G_OPTION_ARG_NONE, &opts->gzip, "Write .json.gz", NULL },
    { "straggler", 0, 0, G_OPTION_ARG_INT, &opts->straggler, "The straggling rank", "R" },
    { "straggler-steps", 0, 0, G_OPTION_ARG_STRING, &opts->straggler_steps,
      "The steps whose all-reduce it is late at", "N,N…" },
    { "late-us", 0, 0, G_OPTION_ARG_INT64, &opts->late_us, "How late (default 3000)", "US" },
    { "slow-link", 0, 0, G_OPTION_ARG_INT, &opts->slow_link, "The rank with a slow link", "R" },
    { "link-us", 0, 0, G_OPTION_ARG_INT64, &opts->link_us,
      "How much longer its all-reduces run (default 600)", "US" },
    { "slow-step", 0, 0, G_OPTION_ARG_INT, &opts->slow_step, "The slow step's number", "N" },
    { "step-us", 0, 0, G_OPTION_ARG_INT64, &opts->step_us,
      "How much longer it is on every rank (default 2000)", "US" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext    *context = g_option_context_new ("- write an N-rank job, one trace per rank");
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    return usage_error (context, error->message);
  if (*argc > 1)
    return usage_error (context, "unexpected argument");
  if (opts->output == NULL)
    return usage_error (context, "missing -o DIR");
  if (opts->ranks < 1 || opts->ranks > 100000 || opts->steps < 1 || opts->kernels < 6)
    return usage_error (context, "--ranks, --steps must be positive and --kernels at least 6");
  if (opts->late_us < 0 || opts->link_us < 0 || opts->step_us < 20)
    return usage_error (context,
                        "--late-us, --link-us must not be negative, --step-us at least 20");
  /* the late or slow all-reduce ends before the compute: 1010 + late + 800 + link + 5 */
  if (200 * (gint64)opts->kernels + 48 < 1815 + opts->late_us + opts->link_us)
    return usage_error (context, "the late all-reduce would outlast the compute: raise --kernels");
  g_option_context_free (context);
  return 0;
}

int
main (int argc, char **argv)
{
  Options opts = { 8, 8, 30, -1, NULL, 3000, -1, 600, -1, 2000, FALSE, NULL };
  int     status = parse_options (&opts, &argc, &argv);

  if (status == 0 && g_mkdir_with_parents (opts.output, 0755) != 0)
    {
      g_printerr ("st-gen-fleet: cannot make %s: %s\n", opts.output, g_strerror (errno));
      status = 1;
    }
  for (int r = 0; status == 0 && r < opts.ranks; r++)
    if (!write_rank (&opts, r))
      status = 1;
  g_free (opts.output);
  g_free (opts.straggler_steps);
  return status;
}
