/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Several files as one profile: each file a section named after its rank,
 * every slice's args still readable from its own file, times on one axis
 * by the files' clocks or by their first collective, flows and metadata
 * kept per file. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-event-scan.h"
#include "st-highlighter.h"
#include "st-json-scan.h"
#include "st-device-work.h"
#include "st-profile-loader.h"
#include "st-summary.h"
#include "st-test-util.h"
#include "st-trace-search.h"

#include <glib/gstdio.h>

#define US G_GINT64_CONSTANT (1000)
#define MS G_GINT64_CONSTANT (1000000)

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "real", name, NULL);
}

/* Loads @paths as one profile, each file named by its base name. */
static StTrace *
load_profile_error (const char *const *paths, StAlignment alignment, GError **error)
{
  g_autoptr (GPtrArray)       files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (StProfileLoader) loader = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_path (paths[i]));
  loader = st_profile_loader_new ((GFile **)files->pdata, files->len);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *base = g_path_get_basename (paths[i]);
      st_profile_loader_set_display_name (loader, i, base);
    }
  st_profile_loader_set_alignment (loader, alignment);
  return st_profile_loader_load (loader, NULL, error);
}

static StTrace *
load_profile (const char *const *paths, StAlignment alignment)
{
  g_autoptr (GError) error = NULL;
  StTrace           *trace = load_profile_error (paths, alignment, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static StTrace *
load_hta_ranks (StAlignment alignment)
{
  g_autofree char *rank0 = data_path ("hta_sampled_rank0.json.gz");
  g_autofree char *rank1 = data_path ("hta_sampled_rank1.json.gz");
  const char      *paths[] = { rank0, rank1, NULL };

  return load_profile (paths, alignment);
}

static StTrace *
load_path (const char *path)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  StTrace           *trace = st_trace_load_file (file, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static gboolean
has_prefix (StTrace *trace, StStringId name, const char *prefix)
{
  return g_str_has_prefix (st_trace_get_string (trace, name), prefix);
}

/* The earliest slice named @prefix… on the tracks of file @file
 * (G_MAXUINT: any file), or NULL. */
static const StSlice *
first_slice (StTrace *trace, guint file, const char *prefix, guint *track_out)
{
  const StSlice *best = NULL;

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      if (file != G_MAXUINT && track->file != file)
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        if (has_prefix (trace, track->slices[i].name, prefix)
            && (best == NULL || track->slices[i].start < best->start))
          {
            best = &track->slices[i];
            if (track_out != NULL)
              *track_out = t;
          }
    }
  return best;
}

static char *
arg_value (StTrace *trace, guint64 offset, const char *key)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (GPtrArray) args = st_test_args_flat (trace, offset, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < args->len; i++)
    {
      StArg *arg = g_ptr_array_index (args, i);
      if (g_str_equal (arg->key, key))
        return g_strdup (arg->value);
    }
  return NULL;
}

/* The two HTA ranks: two files, every process a section titled after its
 * file's rank, the sum of their events, metadata kept per rank. */
static void
test_hta_sections (void)
{
  g_autoptr (StTrace)  trace = load_hta_ranks (ST_ALIGN_CLOCK);
  g_autofree char     *path0 = data_path ("hta_sampled_rank0.json.gz");
  g_autofree char     *path1 = data_path ("hta_sampled_rank1.json.gz");
  g_autoptr (StTrace)  alone0 = load_path (path0);
  g_autoptr (StTrace)  alone1 = load_path (path1);
  const char *const   *keys = st_trace_get_metadata_keys (trace);
  g_autoptr (JsonNode) info = NULL;
  guint                per_file[2] = { 0, 0 };

  g_assert_cmpuint (st_trace_get_n_files (trace), ==, 2);
  g_assert_cmpstr (st_trace_get_file (trace, 0)->label, ==, "rank 0");
  g_assert_cmpstr (st_trace_get_file (trace, 1)->label, ==, "rank 1");
  g_assert_cmpint (st_trace_get_file (trace, 1)->rank, ==, 1);
  g_assert_cmpstr (st_trace_get_display_name (trace), ==,
                   "hta_sampled_rank0.json.gz + hta_sampled_rank1.json.gz");

  g_assert_cmpuint (st_trace_get_n_processes (trace), ==,
                    st_trace_get_n_processes (alone0) + st_trace_get_n_processes (alone1));
  g_assert_cmpuint (st_trace_get_n_tracks (trace), ==,
                    st_trace_get_n_tracks (alone0) + st_trace_get_n_tracks (alone1));
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==,
                    st_trace_get_counts (alone0)->slices + st_trace_get_counts (alone1)->slices);
  g_assert_cmpuint (st_trace_get_counts (trace)->events, ==,
                    st_trace_get_counts (alone0)->events + st_trace_get_counts (alone1)->events);
  g_assert_cmpuint (st_trace_get_file_size (trace), ==,
                    st_trace_get_file_size (alone0) + st_trace_get_file_size (alone1));

  /* Rank 0's sections first, then rank 1's, each titled after its rank. */
  for (guint p = 0; p < st_trace_get_n_processes (trace); p++)
    {
      const StProcess *proc = st_trace_get_process (trace, p);
      g_autofree char *title = st_trace_dup_process_title (trace, p);
      g_autofree char *alone_title = st_trace_dup_process_title (
          proc->file ? alone1 : alone0, p - st_trace_get_file (trace, proc->file)->first_process);
      g_autofree char *expected = g_strdup_printf ("rank %u \302\267 %s", proc->file, alone_title);

      g_assert_cmpstr (title, ==, expected);
      g_assert_cmpuint (p, >=, st_trace_get_file (trace, proc->file)->first_process);
      per_file[proc->file]++;
      for (guint t = proc->first_track; t < proc->first_track + proc->n_tracks; t++)
        {
          g_assert_cmpuint (st_trace_get_track (trace, t)->process, ==, p);
          g_assert_cmpuint (st_trace_get_track (trace, t)->file, ==, proc->file);
        }
    }
  g_assert_cmpuint (per_file[0], ==, st_trace_get_n_processes (alone0));
  g_assert_cmpuint (per_file[1], ==, st_trace_get_n_processes (alone1));
  g_assert_cmpint (
      st_test_find_track (trace, "rank 1 \302\267 pyper:trainer:0:1", "thread 4045 (python3.8)"),
      >=, 0);

  g_assert_true (g_strv_contains (keys, "rank 0/distributedInfo"));
  g_assert_true (g_strv_contains (keys, "rank 1/distributedInfo"));
  g_assert_false (g_strv_contains (keys, "distributedInfo"));
  info = st_trace_dup_file_metadata (trace, 1, "distributedInfo", NULL);
  g_assert_nonnull (info);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (info), "rank"), ==, 1);
}

/* Args on demand read each slice from its own file. */
static void
test_hta_args (void)
{
  g_autoptr (StTrace)  trace = load_hta_ranks (ST_ALIGN_CLOCK);
  g_autofree char     *path1 = data_path ("hta_sampled_rank1.json.gz");
  g_autoptr (StTrace)  alone1 = load_path (path1);
  g_autoptr (GError)   error = NULL;
  g_autoptr (GArray)   hits = NULL;
  guint                track = 0, alone_track = 0;
  const StSlice       *step = first_slice (trace, 1, "ProfilerStep#551", &track);
  const StSlice       *alone = first_slice (alone1, 0, "ProfilerStep#551", &alone_track);
  const StSlice       *kernel0 = first_slice (trace, 0, "ncclKernel", NULL);
  g_autofree char     *ext = NULL, *alone_ext = NULL, *device = NULL;
  g_autoptr (JsonNode) event = NULL;
  gint64               id = 0;

  g_assert_nonnull (step);
  g_assert_nonnull (alone);
  g_assert_cmpuint (st_offset_get_file (step->offset), ==, 1);
  g_assert_cmpuint (st_offset_get_bytes (step->offset), ==, alone->offset);
  ext = arg_value (trace, step->offset, "External id");
  alone_ext = arg_value (alone1, alone->offset, "External id");
  g_assert_cmpstr (ext, ==, "70338");
  g_assert_cmpstr (ext, ==, alone_ext);
  g_assert_true (st_event_scan_int (trace, step->offset, "args", "External id", &id));
  g_assert_cmpint (id, ==, 70338);
  event = st_trace_dup_event (trace, step->offset, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (event), "name"), ==,
                   "ProfilerStep#551");

  /* Rank 0's kernels still read from rank 0's file. */
  g_assert_nonnull (kernel0);
  g_assert_cmpuint (st_offset_get_file (kernel0->offset), ==, 0);
  device = arg_value (trace, kernel0->offset, "device");
  g_assert_cmpstr (device, ==, "0");

  /* Finding by args reads each event's own file. */
  hits = st_trace_find (trace, "\"External id\": 70338,", ST_FIND_ARGS, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpuint (g_array_index (hits, StEventRef, 0).track, ==, track);
}

/* Kernels are joined to their launches by correlation id (the HTA files
 * have no flows); the ids repeat from rank to rank, but a kernel's launch
 * is on its own rank. */
static void
test_hta_launches (void)
{
  g_autoptr (StTrace) trace = load_hta_ranks (ST_ALIGN_CLOCK);
  StLaunchIndex      *index = st_device_work_get_launches (st_device_work_get (trace));
  guint               linked[2] = { 0, 0 };

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        {
          StSliceRef device = { t, i }, host;

          if (!st_launch_index_get_launcher (index, device, &host))
            continue;
          g_assert_cmpuint (st_trace_get_track (trace, host.track)->file, ==, track->file);
          g_assert_cmpint (st_trace_get_slice (trace, host)->start, <=, track->slices[i].start);
          linked[track->file]++;
        }
    }
  g_assert_cmpuint (linked[0], >, 1000);
  g_assert_cmpuint (linked[1], >, 1000);
}

/* By the clock: rank 1's profiler started 553 µs after rank 0's (epoch
 * timestamps, no base), so it lies 553 µs later. */
static void
test_hta_clock (void)
{
  g_autoptr (StTrace) trace = load_hta_ranks (ST_ALIGN_CLOCK);
  g_autofree char    *path0 = data_path ("hta_sampled_rank0.json.gz");
  g_autofree char    *path1 = data_path ("hta_sampled_rank1.json.gz");
  g_autoptr (StTrace) alone0 = load_path (path0);
  g_autoptr (StTrace) alone1 = load_path (path1);
  const StTraceFile  *f0 = st_trace_get_file (trace, 0), *f1 = st_trace_get_file (trace, 1);
  const StSlice      *k0 = first_slice (trace, 0, "ncclKernel", NULL);
  const StSlice      *k1 = first_slice (trace, 1, "ncclKernel", NULL);

  g_assert_cmpint (st_trace_get_alignment (trace), ==, ST_ALIGN_CLOCK);
  g_assert_cmpint (f0->base_ns, ==, 0);
  g_assert_cmpint (f0->origin_ns, ==, G_GINT64_CONSTANT (1682725897226747000));
  g_assert_cmpint (f1->origin_ns, ==, G_GINT64_CONSTANT (1682725897227300000));
  g_assert_cmpint (f0->shift_ns, ==, 0);
  g_assert_cmpint (f1->shift_ns, ==, 553000);
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, f0->origin_ns);
  g_assert_cmpint (st_trace_get_end_ns (trace), ==,
                   MAX (st_trace_get_end_ns (alone0), 553000 + st_trace_get_end_ns (alone1)));

  /* The first NCCL kernels as written: 1682725898094377 and 1682725898129911 µs. */
  g_assert_cmpint (k0->start, ==, (G_GINT64_CONSTANT (1682725898094377) - 1682725897226747) * 1000);
  g_assert_cmpint (k1->start, ==, (G_GINT64_CONSTANT (1682725898129911) - 1682725897226747) * 1000);
  /* Each rank's first collective operation is its first kernel alone (the
   * next starts after it ends), which lasts 30669 µs on rank 0 and 57924 µs
   * on rank 1: the anchors are their ends (docs/metrics.md 3.2). */
  g_assert_cmpint (f0->anchor_ns, ==,
                   (G_GINT64_CONSTANT (1682725898094377) + 30669 - 1682725897226747) * 1000);
  g_assert_cmpint (f1->anchor_ns, ==,
                   (G_GINT64_CONSTANT (1682725898129911) + 57924 - 1682725897227300) * 1000);
}

/* On the first collective: both ranks' first NCCL kernels (each rank's
 * first collective operation alone, see test_hta_clock) end together, and
 * nothing starts before 0. */
static void
test_hta_collective (void)
{
  g_autoptr (StTrace) trace = load_hta_ranks (ST_ALIGN_COLLECTIVE);
  const StTraceFile  *f0 = st_trace_get_file (trace, 0), *f1 = st_trace_get_file (trace, 1);
  const StSlice      *k0 = first_slice (trace, 0, "ncclKernel", NULL);
  const StSlice      *k1 = first_slice (trace, 1, "ncclKernel", NULL);
  gint64              a0 = (G_GINT64_CONSTANT (1682725898094377) + 30669 - 1682725897226747) * 1000;
  gint64              a1 = (G_GINT64_CONSTANT (1682725898129911) + 57924 - 1682725897227300) * 1000;

  g_assert_cmpint (st_trace_get_alignment (trace), ==, ST_ALIGN_COLLECTIVE);
  g_assert_cmpint (k0->start + k0->dur, ==, k1->start + k1->dur);
  g_assert_cmpint (k0->start + k0->dur, ==, MAX (a0, a1));
  g_assert_cmpint (f0->shift_ns, ==, MAX (a0, a1) - a0);
  g_assert_cmpint (f1->shift_ns, ==, MAX (a0, a1) - a1);
  g_assert_true (f0->shift_ns == 0 || f1->shift_ns == 0);
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);
      for (guint i = 0; i < track->n_slices; i++)
        g_assert_cmpint (track->slices[i].start, >=, 0);
    }
}

/* One file through the profile loader is that file's trace, unchanged. */
static void
test_single_file (void)
{
  g_autofree char    *path0 = data_path ("hta_sampled_rank0.json.gz");
  const char         *paths[] = { path0, NULL };
  g_autoptr (StTrace) trace = load_profile (paths, ST_ALIGN_COLLECTIVE);
  g_autoptr (StTrace) alone = load_path (path0);
  const StSlice      *k = first_slice (trace, 0, "ncclKernel", NULL);
  const StSlice      *ka = first_slice (alone, 0, "ncclKernel", NULL);
  g_autofree char    *title = st_trace_dup_process_title (trace, 0);
  g_autofree char    *alone_title = st_trace_dup_process_title (alone, 0);

  g_assert_cmpuint (st_trace_get_n_files (trace), ==, 1);
  g_assert_cmpstr (st_trace_get_file (trace, 0)->label, ==, "rank 0");
  g_assert_cmpint (st_trace_get_file (trace, 0)->shift_ns, ==, 0);
  g_assert_cmpstr (title, ==, alone_title);
  g_assert_cmpint (k->start, ==, ka->start);
  g_assert_cmpuint (k->offset, ==, ka->offset);
  g_assert_cmpstr (st_trace_get_display_name (trace), ==, "hta_sampled_rank0.json.gz");
  g_assert_true (g_strv_contains (st_trace_get_metadata_keys (trace), "distributedInfo"));
}

/* Generated ranks, one file each. */

/* The NCCL stream of the process labelled "GPU @gpu" among file @file's. */
static guint
nccl_track (StTrace *trace, guint file, guint gpu)
{
  g_autofree char *labels = g_strdup_printf ("GPU %u", gpu);

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      if (track->file == file && track->process != ST_NO_PROCESS
          && g_str_equal (
              st_trace_get_string (trace, st_trace_get_process (trace, track->process)->labels),
              labels)
          && g_str_equal (st_trace_get_string (trace, track->name), "stream 13 nccl"))
        return t;
    }
  g_error ("no NCCL stream for GPU %u in file %u", gpu, file);
}

typedef struct
{
  char  *dir;
  char  *combined; /* all ranks in one file, as the generator wrote it */
  char **paths;    /* one file per rank */
  guint  n_ranks;
} Ranks;

static void
ranks_free (Ranks *r)
{
  for (guint i = 0; i < r->n_ranks; i++)
    g_unlink (r->paths[i]);
  g_strfreev (r->paths);
  g_rmdir (r->dir);
  g_free (r->dir);
  g_free (r->combined);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Ranks, ranks_free)

/* The pid of the event text [p, end) as written: its number, or -1 for a
 * string pid (the profiler's own "Spans" and "Traces"). */
static gint64
event_pid (const char *p, const char *end)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *object;
  JsonNode              *pid;

  g_assert_true (json_parser_load_from_data (parser, p, end - p, NULL));
  object = json_node_get_object (json_parser_get_root (parser));
  pid = json_object_get_member (object, "pid");
  if (pid == NULL || json_node_get_value_type (pid) != G_TYPE_INT64)
    return -1;
  return json_node_get_int (pid);
}

/* Splits the generator's multi-rank file into one file per rank as Kineto
 * writes them: the rank's host (pid 1000 + r) and GPU (pid r) processes
 * and the profiler's spans, its distributedInfo.rank, and its
 * baseTimeNanoseconds moved by @skew_ns[r] (the events' text unchanged). */
static Ranks *
split_ranks (guint n_ranks, const gint64 *skew_ns)
{
  Ranks                 *r = g_new0 (Ranks, 1);
  g_autofree char       *text = NULL;
  gsize                  len;
  const char            *events, *end;
  g_autoptr (JsonParser) parser = json_parser_new ();
  gint64                 base;
  g_autoptr (GError)     error = NULL;

  r->combined = g_strdup (g_getenv ("STRATA_TEST_RANKS"));
  g_assert_nonnull (r->combined);
  g_assert_true (g_file_get_contents (r->combined, &text, &len, NULL));
  g_assert_true (json_parser_load_from_data (parser, text, len, &error));
  base = json_object_get_int_member (json_node_get_object (json_parser_get_root (parser)),
                                     "baseTimeNanoseconds");
  g_assert_cmpint (base, >, 0);
  r->n_ranks = n_ranks;
  r->dir = g_dir_make_tmp ("strata-merge-XXXXXX", NULL);
  r->paths = g_new0 (char *, n_ranks + 1);
  events = strstr (text, "\"traceEvents\"");
  g_assert_nonnull (events);
  events = strchr (events, '[') + 1;
  end = text + len;
  for (guint rank = 0; rank < n_ranks; rank++)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      g_autofree char    *name = g_strdup_printf ("rank-%u.pt.trace.json", rank);
      const char         *p = events;
      gboolean            first = TRUE;

      g_string_append_printf (out,
                              "{\"schemaVersion\": 1, \"distributedInfo\": {\"backend\": "
                              "\"nccl\", \"rank\": %u, \"world_size\": %u}, \"traceEvents\": [\n",
                              rank, n_ranks);
      for (;;)
        {
          const char *e;
          gint64      pid;

          p = st_json_skip_ws (p, end);
          if (*p == ']')
            break;
          e = st_json_skip_value (p, end);
          g_assert_nonnull (e);
          pid = event_pid (p, e);
          if (pid < 0 || pid == rank || pid == 1000 + rank)
            {
              g_string_append (out, first ? "" : ",\n");
              g_string_append_len (out, p, e - p);
              first = FALSE;
            }
          p = st_json_skip_ws (e, end);
          if (*p == ',')
            p++;
        }
      g_string_append_printf (out, "\n], \"baseTimeNanoseconds\": %" G_GINT64_FORMAT "}\n",
                              base + skew_ns[rank]);
      r->paths[rank] = g_build_filename (r->dir, name, NULL);
      g_assert_true (g_file_set_contents (r->paths[rank], out->str, out->len, NULL));
    }
  return r;
}

/* With the clocks: every event of rank r lies where it lay in the
 * generator's combined file, moved by rank r's clock skew (ranks whose
 * clock runs early start the trace). */
static void
test_generated_clock (void)
{
  const gint64        skew[] = { 0, 2 * MS, -1 * MS };
  g_autoptr (Ranks)   ranks = split_ranks (3, skew);
  g_autoptr (StTrace) trace = load_profile ((const char *const *)ranks->paths, ST_ALIGN_CLOCK);
  g_autoptr (StTrace) combined = load_path (ranks->combined);
  gint64              earliest = G_MAXINT64;
  guint64             slices = 0, flows = 0;

  g_assert_cmpuint (st_trace_get_n_files (trace), ==, 3);
  for (guint r = 0; r < 3; r++)
    {
      g_autoptr (StTrace) alone = load_path (ranks->paths[r]);
      g_autofree char    *label = g_strdup_printf ("rank %u", r);
      const StTraceFile  *f = st_trace_get_file (trace, r);

      g_assert_cmpstr (f->label, ==, label);
      g_assert_cmpint (f->base_ns, ==, G_GINT64_CONSTANT (1735632360000000000) + skew[r]);
      g_assert_cmpint (f->origin_ns, ==, st_trace_get_origin_ns (alone));
      earliest = MIN (earliest, f->base_ns + f->origin_ns);
      slices += st_trace_get_counts (alone)->slices;
      flows += st_trace_get_counts (alone)->flows;
    }
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, earliest);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, slices);
  g_assert_cmpuint (st_trace_get_counts (trace)->flows, ==, flows);
  /* Rank 2's clock runs 1 ms early: it starts the profile. */
  g_assert_cmpint (st_trace_get_file (trace, 2)->shift_ns, ==, 0);

  for (guint r = 0; r < 3; r++)
    {
      g_autofree char *title = NULL;
      guint            track = nccl_track (trace, r, r);
      guint            combined_track = nccl_track (combined, 0, r);
      const StTrack   *t = st_trace_get_track (trace, track);
      const StTrack   *ct = st_trace_get_track (combined, combined_track);
      gint64           move = st_trace_get_origin_ns (combined) + skew[r]
                    + G_GINT64_CONSTANT (1735632360000000000) - st_trace_get_origin_ns (trace);

      title = st_trace_dup_process_title (trace, t->process);
      g_assert_cmpstr (title, ==,
                       r == 0   ? "rank 0 \302\267 python3"
                       : r == 1 ? "rank 1 \302\267 python3"
                                : "rank 2 \302\267 python3");

      g_assert_cmpuint (t->n_slices, ==, ct->n_slices);
      g_assert_cmpuint (t->n_slices, >, 0);
      for (guint i = 0; i < t->n_slices; i++)
        {
          g_assert_cmpint (t->slices[i].start, ==, ct->slices[i].start + move);
          g_assert_cmpint (t->slices[i].dur, ==, ct->slices[i].dur);
          g_assert_cmpstr (st_trace_get_string (trace, t->slices[i].name), ==,
                           st_trace_get_string (combined, ct->slices[i].name));
        }
    }
}

/* Flows join slices of the same file: an ac2g launch on rank r's host to
 * a kernel on rank r's GPU that starts after it. */
static void
test_generated_flows (void)
{
  const gint64        skew[] = { 0, 3 * MS };
  g_autoptr (Ranks)   ranks = split_ranks (2, skew);
  g_autoptr (StTrace) trace = load_profile ((const char *const *)ranks->paths, ST_ALIGN_CLOCK);
  StStringId          ac2g = st_trace_lookup_string (trace, "ac2g");
  gsize               n_flows;
  const StFlow       *flows = st_trace_get_flows (trace, &n_flows);
  guint               per_file[2] = { 0, 0 };

  g_assert_cmpuint (n_flows, >, 0);
  for (gsize i = 0; i < n_flows; i++)
    {
      const StTrack   *from = st_trace_get_track (trace, flows[i].from.track);
      const StTrack   *to = st_trace_get_track (trace, flows[i].to.track);
      const StSlice   *a = st_trace_get_slice (trace, flows[i].from);
      const StSlice   *b = st_trace_get_slice (trace, flows[i].to);
      g_autofree char *gpu = g_strdup_printf ("GPU %u", from->file);

      g_assert_cmpuint (from->file, ==, to->file);
      g_assert_cmpuint (st_offset_get_file (a->offset), ==, from->file);
      g_assert_cmpuint (st_offset_get_file (b->offset), ==, to->file);
      per_file[from->file]++;
      if (flows[i].cat == ac2g)
        {
          g_assert_cmpstr (
              st_trace_get_string (trace, st_trace_get_process (trace, to->process)->labels), ==,
              gpu);
          g_assert_cmpint (b->start, >=, a->start);
        }
    }
  g_assert_cmpuint (per_file[0], >, 0);
  g_assert_cmpuint (per_file[0], ==, per_file[1]);
}

/* When one rank's clock is 5 ms off, aligning on the first collective
 * makes every rank's first NCCL kernel (no other collective overlaps it:
 * it is the rank's first collective operation) end at the same time
 * again, shifting each file by what it takes. */
static void
test_generated_collective (void)
{
  const gint64        skew[] = { 0, 5 * MS, 0 };
  g_autoptr (Ranks)   ranks = split_ranks (3, skew);
  g_autoptr (StTrace) by_clock = load_profile ((const char *const *)ranks->paths, ST_ALIGN_CLOCK);
  g_autoptr (StTrace) trace = load_profile ((const char *const *)ranks->paths, ST_ALIGN_COLLECTIVE);
  const StSlice      *k[3], *c[3];
  gint64              latest = 0;

  for (guint r = 0; r < 3; r++)
    {
      k[r] = first_slice (trace, r, "ncclDevKernel", NULL);
      c[r] = first_slice (by_clock, r, "ncclDevKernel", NULL);
      g_assert_nonnull (k[r]);
      latest = MAX (latest, st_trace_get_file (trace, r)->anchor_ns);
    }
  /* By the clock, rank 1's kernel is 5 ms late (give or take the ranks'
   * own few µs apart). */
  g_assert_cmpint (c[1]->start - c[0]->start, >, 4 * MS);
  g_assert_cmpint (st_trace_get_alignment (trace), ==, ST_ALIGN_COLLECTIVE);
  for (guint r = 0; r < 3; r++)
    {
      const StTraceFile *f = st_trace_get_file (trace, r);

      g_assert_cmpint (k[r]->start + k[r]->dur, ==, k[0]->start + k[0]->dur);
      g_assert_cmpint (k[r]->start + k[r]->dur, ==, latest);
      g_assert_cmpint (f->shift_ns, ==, latest - f->anchor_ns);
    }
}

static GPtrArray *
collective_regions (StTrace *trace)
{
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_new (ST_REGION_COLLECTIVES);
  g_autoptr (GError)              error = NULL;
  g_autofree char                *explanation = NULL;
  GPtrArray                      *regions = st_test_region_objects (
                           st_highlighter_run (trace, config, &explanation, NULL, NULL, NULL, &error));

  g_assert_no_error (error);
  return regions;
}

/* The k-th collective of a type on every rank is one collective from the
 * earliest start to the latest end: the regions are the gaps where no
 * rank is in a collective, as many as one rank alone has, and a region
 * ends where the earliest rank starts the next collective. */
static void
test_cross_rank_collectives (void)
{
  const gint64          skew[] = { 0, 0, 0 };
  g_autoptr (Ranks)     ranks = split_ranks (3, skew);
  g_autoptr (StTrace)   trace = load_profile ((const char *const *)ranks->paths, ST_ALIGN_CLOCK);
  g_autoptr (StTrace)   alone = load_path (ranks->paths[0]);
  g_autoptr (GPtrArray) regions = collective_regions (trace);
  g_autoptr (GPtrArray) alone_regions = collective_regions (alone);
  gint64                first_start = G_MAXINT64;

  g_assert_cmpuint (regions->len, >, 1);
  g_assert_cmpuint (regions->len, ==, alone_regions->len);
  for (guint i = 0; i < regions->len; i++)
    g_assert_cmpstr (st_region_get_name (g_ptr_array_index (regions, i)), ==,
                     st_region_get_name (g_ptr_array_index (alone_regions, i)));

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];

          if (!has_prefix (trace, s->name, "ncclDevKernel"))
            continue;
          first_start = MIN (first_start, s->start);
          for (guint r = 0; r < regions->len; r++)
            {
              StRegion *region = g_ptr_array_index (regions, r);
              g_assert_true (s->start + s->dur <= st_region_get_start (region)
                             || s->start >= st_region_get_end (region));
            }
        }
    }
  /* The first region starts where the last rank ends the first collective. */
  {
    StRegion *region = g_ptr_array_index (regions, 0);
    gint64    latest_end = 0;

    for (guint r = 0; r < 3; r++)
      {
        const StSlice *k = first_slice (trace, r, "ncclDevKernel", NULL);
        latest_end = MAX (latest_end, k->start + k->dur);
      }
    g_assert_cmpint (st_region_get_start (region), ==, latest_end);
    g_assert_cmpint (first_start, <, latest_end);
  }
}

/* Four ranks, hand-made (tests/data/device-work/{skewed,agreed}-rank*.json):
 * five all-reduces of one size, in true time (µs), start per rank 0–3 and
 * end:
 *   #1  100  280  300  290   all end at 400: rank 2 arrives last, 200 late
 *   #2  600  600.2 600.5 600.9   end 700: all within 1 µs, no straggler
 *   #3  880  900  885  890   end 1000: rank 1, 20 late
 *   #4  1100 1200 1200 1150  end 1300: ranks 1 and 2 tie on start and end,
 *                            so the first file, rank 1, 100 late
 *   #5  1380 1400 1400 1380  end 1500, but rank 2 ends at 1510: of the two
 *                            that start last, rank 2 ends last, 20 late
 * Each file writes true time + 5, 8, 3 and 12 ms. The skewed files share
 * one baseTimeNanoseconds, so their clocks disagree by those offsets; the
 * agreed files take the offsets back out of their baseTimeNanoseconds. */
static StTrace *
load_four_ranks (const char *set, StAlignment alignment)
{
  g_auto (GStrv) paths = g_new0 (char *, 5);

  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *name = g_strdup_printf ("%s-rank%u.json", set, r);

      paths[r] = g_test_build_filename (G_TEST_DIST, "data", "device-work", name, NULL);
    }
  return load_profile ((const char *const *)paths, alignment);
}

static StSummary *
summarise_whole (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSummary *summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);

  g_assert_no_error (error);
  return summary;
}

static void
assert_straggler (StSummary *s, guint k, const char *label, guint file, gint64 late_ns)
{
  const StRankCollective *c = st_summary_get_rank_collective (s, k);

  g_assert_cmpstr (c->label, ==, label);
  g_assert_cmpuint (c->n_ranks, ==, 4);
  g_assert_true (c->has_straggler);
  g_assert_cmpuint (c->slowest_file, ==, file);
  g_assert_cmpint (c->late_ns, ==, late_ns);
}

/* The Ranks table's objects: a rank each in file order, with the
 * stragglers counted above ("rank 1" the straggler of #3 and #4). */
static void
assert_ranks_listed (StSummary *s)
{
  g_autoptr (GListModel) list = st_summary_list_ranks (s);
  const guint            slowest[] = { 0, 2, 2, 0 };

  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr (StRank) rank = g_list_model_get_item (list, i);
      g_autofree char   *label = g_strdup_printf ("rank %u", i);
      guint              matched, no_straggler;

      g_assert_cmpstr (st_rank_get_label (rank), ==, label);
      g_assert_cmpuint (st_rank_get_slowest (rank), ==, slowest[i]);
      /* five all-reduces matched, #2 with no straggler */
      g_object_get (rank, "matched", &matched, "no-straggler", &no_straggler, NULL);
      g_assert_cmpuint (matched, ==, 5);
      g_assert_cmpuint (no_straggler, ==, 1);
    }
}

/* The stragglers of the four ranks in true time (see load_four_ranks). */
static void
assert_four_stragglers (StSummary *s)
{
  const StRankCollective *none;

  g_assert_cmpuint (st_summary_get_n_rank_collectives (s), ==, 5);
  assert_straggler (s, 0, "AllReduce #1", 2, 200 * US);
  none = st_summary_get_rank_collective (s, 1);
  g_assert_cmpstr (none->label, ==, "AllReduce #2");
  g_assert_false (none->has_straggler);
  g_assert_cmpint (none->late_ns, ==, 900);
  assert_straggler (s, 2, "AllReduce #3", 1, 20 * US);
  assert_straggler (s, 3, "AllReduce #4", 1, 100 * US);
  assert_straggler (s, 4, "AllReduce #5", 2, 20 * US);
  /* only real stragglers count */
  g_assert_cmpuint (st_summary_get_rank (s, 0)->slowest_count, ==, 0);
  g_assert_cmpuint (st_summary_get_rank (s, 1)->slowest_count, ==, 2);
  g_assert_cmpint (st_summary_get_rank (s, 1)->slowest_total_ns, ==, 120 * US);
  g_assert_cmpuint (st_summary_get_rank (s, 2)->slowest_count, ==, 2);
  g_assert_cmpint (st_summary_get_rank (s, 2)->slowest_total_ns, ==, 220 * US);
  g_assert_cmpuint (st_summary_get_rank (s, 3)->slowest_count, ==, 0);
  assert_ranks_listed (s);
}

/* On the skewed clocks, --align collective ends every rank's first
 * all-reduce together: in its own time each file starts with it, so it
 * ends at 300, 120, 100 and 110 µs, and the files shift by 0, 180, 200 and
 * 190 µs to end it at 300. True time less 100 µs: the stragglers of true
 * time, where aligning the starts would have named none for #1. By the
 * clocks, rank 3's runs at least 4 ms ahead of the others' and it looks
 * late to every one. */
static void
test_four_ranks_collective (void)
{
  g_autoptr (StTrace)   trace = load_four_ranks ("skewed", ST_ALIGN_COLLECTIVE);
  g_autoptr (StSummary) s = summarise_whole (trace);
  g_autoptr (StTrace)   by_clock = load_four_ranks ("skewed", ST_ALIGN_CLOCK);
  g_autoptr (StSummary) wrong = summarise_whole (by_clock);
  const gint64          shift[] = { 0, 180 * US, 200 * US, 190 * US };

  g_assert_cmpint (st_trace_get_alignment (trace), ==, ST_ALIGN_COLLECTIVE);
  for (guint r = 0; r < 4; r++)
    {
      const StSlice *k = first_slice (trace, r, "ncclDevKernel", NULL);

      g_assert_cmpint (st_trace_get_file (trace, r)->shift_ns, ==, shift[r]);
      g_assert_cmpint (k->start + k->dur, ==, 300 * US);
    }
  assert_four_stragglers (s);
  g_assert_cmpint (st_summary_get_rank_collective (s, 0)->start_ns, ==, 0);

  for (guint k = 0; k < 5; k++)
    g_assert_cmpuint (st_summary_get_rank_collective (wrong, k)->slowest_file, ==, 3);
}

/* On clocks that agree, --align clock puts every file at its true time
 * (time 0 is rank 0's first start, 100 µs) and names the same stragglers. */
static void
test_four_ranks_clock (void)
{
  g_autoptr (StTrace)   trace = load_four_ranks ("agreed", ST_ALIGN_CLOCK);
  g_autoptr (StSummary) s = summarise_whole (trace);

  g_assert_cmpint (st_trace_get_alignment (trace), ==, ST_ALIGN_CLOCK);
  assert_four_stragglers (s);
  g_assert_cmpint (st_summary_get_rank_collective (s, 0)->start_ns, ==, 0);
  g_assert_cmpint (st_summary_get_rank_collective (s, 0)->end_ns, ==, 300 * US);
}

static const StRecommendation *
find_recommendation (StSummary *s, const char *rule)
{
  for (guint i = 0; i < st_summary_get_n_recommendations (s); i++)
    if (g_str_equal (st_summary_get_recommendation (s, i)->rule, rule))
      return st_summary_get_recommendation (s, i);
  return NULL;
}

/* docs/metrics.md 6: the collective-outlier insight speaks of a straggling
 * rank only in a profile of several files. Rank 0's first all-reduce,
 * 300 µs, is an outlier both alone (its five last 100, 120, 120, 200 and
 * 300 µs: median 120) and with the other ranks (twenty instances, the
 * 10th and 11th of them 110 µs: median 110). */
static void
test_outlier_cause (void)
{
  g_autoptr (StTrace)   four = load_four_ranks ("skewed", ST_ALIGN_COLLECTIVE);
  g_autoptr (StSummary) s4 = summarise_whole (four);
  g_autofree char      *path
      = g_test_build_filename (G_TEST_DIST, "data", "device-work", "skewed-rank0.json", NULL);
  g_autoptr (StTrace)     one = load_path (path);
  g_autoptr (StSummary)   s1 = summarise_whole (one);
  const StRecommendation *r4 = find_recommendation (s4, "collective-outlier");
  const StRecommendation *r1 = find_recommendation (s1, "collective-outlier");

  g_assert_nonnull (r4);
  g_assert_nonnull (r1);
  g_assert_nonnull (strstr (r4->cause, "straggling rank"));
  g_assert_null (strstr (r1->cause, "straggling"));
  g_assert_cmpint (r1->end_ns - r1->start_ns, ==, 300 * US);
}

/* Files without a rank are named after the file, made unique; files with
 * no collective are aligned on their clocks, and the profile says so. */
static void
test_no_rank_no_collective (void)
{
  g_autofree char       *a = data_path ("catapult_flow_simple.json");
  g_autofree char       *dir = g_dir_make_tmp ("strata-merge-XXXXXX", NULL);
  g_autofree char       *b = g_build_filename (dir, "catapult_flow_simple.json", NULL);
  g_autofree char       *text = NULL;
  gsize                  len;
  const char            *paths[] = { a, b, NULL };
  g_autoptr (StTrace)    trace = NULL;
  const StImportWarning *w;

  g_assert_true (g_file_get_contents (a, &text, &len, NULL));
  g_assert_true (g_file_set_contents (b, text, len, NULL));
  trace = load_profile (paths, ST_ALIGN_COLLECTIVE);
  g_unlink (b);
  g_rmdir (dir);

  g_assert_cmpstr (st_trace_get_file (trace, 0)->label, ==, "catapult_flow_simple.json");
  g_assert_cmpstr (st_trace_get_file (trace, 1)->label, ==, "catapult_flow_simple.json #2");
  g_assert_cmpint (st_trace_get_file (trace, 0)->rank, ==, -1);
  g_assert_cmpint (st_trace_get_alignment (trace), ==, ST_ALIGN_CLOCK);
  g_assert_cmpint (st_trace_get_file (trace, 1)->shift_ns, ==, 0);
  w = st_test_warning (trace, ST_WARNING_ALIGNMENT);
  g_assert_nonnull (w);
  g_assert_nonnull (strstr (w->message, "has no collective operation"));
}

/* A process the file labels with its rank and does not name is titled by
 * the rank once ("rank 0", not "rank 0 · rank 0"); a named one after its
 * rank ("rank 0 · python3"). Two files written here, each with its rank in
 * distributedInfo, a host process labelled "rank R" and a named one. */
static void
test_rank_labelled_process (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-merge-XXXXXX", NULL);
  g_autofree char    *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char    *b = g_build_filename (dir, "b.json", NULL);
  const char         *paths[] = { a, b, NULL };
  g_autoptr (StTrace) trace = NULL;

  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *text = g_strdup_printf (
          "{\"distributedInfo\": {\"rank\": %u, \"world_size\": 2}, \"traceEvents\": ["
          "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1000, "
          "\"args\": {\"labels\": \"rank %u\"}},"
          "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 7, "
          "\"args\": {\"name\": \"python3\"}},"
          "{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1000, \"tid\": 1, \"ts\": 1, \"dur\": 2},"
          "{\"ph\": \"X\", \"name\": \"b\", \"pid\": 7, \"tid\": 1, \"ts\": 1, \"dur\": 2}]}",
          r, r);

      g_assert_true (g_file_set_contents (r == 0 ? a : b, text, -1, NULL));
    }
  trace = load_profile (paths, ST_ALIGN_CLOCK);
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);

  for (guint p = 0; p < st_trace_get_n_processes (trace); p++)
    {
      const StProcess *proc = st_trace_get_process (trace, p);
      g_autofree char *title = st_trace_dup_process_title (trace, p);
      g_autofree char *expected = g_str_equal (st_trace_get_string (trace, proc->pid), "1000")
                                      ? g_strdup_printf ("rank %u", proc->file)
                                      : g_strdup_printf ("rank %u \302\267 python3", proc->file);

      g_assert_cmpstr (title, ==, expected);
    }
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 4);
}

/* A file's warnings stay, after its name. */
static void
test_warnings (void)
{
  g_autofree char       *a = data_path ("catapult_trivial_trace.json");
  g_autofree char       *b = data_path ("speedscope_simple-partial.json");
  const char            *paths[] = { a, b, NULL };
  g_autoptr (StTrace)    trace = load_profile (paths, ST_ALIGN_CLOCK);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_TRUNCATED);

  g_assert_nonnull (w);
  g_assert_true (g_str_has_prefix (w->message, "speedscope_simple-partial.json: "));
}

/* A file that cannot be read fails the whole profile, naming that file. */
static void
test_bad_file (void)
{
  g_autofree char    *a = data_path ("hta_sampled_rank0.json.gz");
  g_autofree char    *b = data_path ("no-such-rank.json");
  const char         *paths[] = { a, b, NULL };
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_profile_error (paths, ST_ALIGN_CLOCK, &error);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "no-such-rank.json"));
}

typedef struct
{
  GMainLoop *loop;
  StTrace   *trace;
  GError    *error;
  guint      notifications;
  double     last_fraction;
  gboolean   went_back;
} AsyncRun;

static void
on_fraction (GObject *object, GParamSpec *pspec, gpointer data)
{
  AsyncRun *run = data;
  double    f = st_profile_loader_get_fraction (ST_PROFILE_LOADER (object));

  run->notifications++;
  if (f < run->last_fraction)
    run->went_back = TRUE;
  run->last_fraction = f;
}

static void
on_loaded (GObject *object, GAsyncResult *result, gpointer data)
{
  AsyncRun *run = data;

  run->trace = st_profile_loader_load_finish (ST_PROFILE_LOADER (object), result, &run->error);
  g_main_loop_quit (run->loop);
}

static void
run_async (AsyncRun *run, GCancellable *cancellable)
{
  g_autofree char            *rank0 = data_path ("hta_sampled_rank0.json.gz");
  g_autofree char            *rank1 = data_path ("hta_sampled_rank1.json.gz");
  g_autoptr (GFile)           f0 = g_file_new_for_path (rank0);
  g_autoptr (GFile)           f1 = g_file_new_for_path (rank1);
  GFile                      *files[] = { f0, f1 };
  g_autoptr (StProfileLoader) loader = st_profile_loader_new (files, 2);

  run->loop = g_main_loop_new (NULL, FALSE);
  g_signal_connect (loader, "notify::fraction", G_CALLBACK (on_fraction), run);
  st_profile_loader_load_async (loader, cancellable, on_loaded, run);
  g_main_loop_run (run->loop);
  /* Let the last progress notifications arrive. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (st_profile_loader_get_n_files (loader), ==, 2);
  g_main_loop_unref (run->loop);
}

static void
test_async (void)
{
  AsyncRun run = { 0 };

  run_async (&run, NULL);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.trace);
  g_assert_cmpuint (st_trace_get_n_files (run.trace), ==, 2);
  g_assert_cmpuint (run.notifications, >, 0);
  g_assert_false (run.went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);
  g_object_unref (run.trace);
}

static void
test_async_cancelled (void)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AsyncRun                 run = { 0 };

  g_cancellable_cancel (cancellable);
  run_async (&run, cancellable);
  g_assert_null (run.trace);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/merge/hta-sampled/sections", test_hta_sections);
  g_test_add_func ("/model/merge/hta-sampled/args", test_hta_args);
  g_test_add_func ("/model/merge/hta-sampled/launches", test_hta_launches);
  g_test_add_func ("/model/merge/hta-sampled/clock", test_hta_clock);
  g_test_add_func ("/model/merge/hta-sampled/collective", test_hta_collective);
  g_test_add_func ("/model/merge/single-file", test_single_file);
  g_test_add_func ("/model/merge/generated/clock", test_generated_clock);
  g_test_add_func ("/model/merge/generated/flows", test_generated_flows);
  g_test_add_func ("/model/merge/generated/collective", test_generated_collective);
  g_test_add_func ("/model/merge/generated/cross-rank-collectives", test_cross_rank_collectives);
  g_test_add_func ("/model/merge/four-ranks/collective", test_four_ranks_collective);
  g_test_add_func ("/model/merge/four-ranks/clock", test_four_ranks_clock);
  g_test_add_func ("/model/merge/four-ranks/outlier-cause", test_outlier_cause);
  g_test_add_func ("/model/merge/no-rank-no-collective", test_no_rank_no_collective);
  g_test_add_func ("/model/merge/rank-labelled-process", test_rank_labelled_process);
  g_test_add_func ("/model/merge/warnings", test_warnings);
  g_test_add_func ("/model/merge/bad-file", test_bad_file);
  g_test_add_func ("/model/merge/async", test_async);
  g_test_add_func ("/model/merge/async-cancelled", test_async_cancelled);
  return g_test_run ();
}
