/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-cuda.c: the CUDA API calls of the host threads, and the kernels,
 * copies and memsets of the GPUs' streams, each noting its correlation id
 * for st-nsys-launch.c to link them.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"
#include "st-slice-layout.h"

#include <string.h>

/* Nsight Systems' CUDA_MEMCPY_KIND (11 to 13: unified memory's), in the
 * short form Kineto names copies by. */
static const char *const copy_kinds[] = {
  "Unknown", "HtoD", "DtoH", "HtoA", "AtoH", "AtoA", "AtoD",
  "DtoA",    "DtoD", "HtoH", "PtoP", "HtoD", "DtoH", "DtoD",
};

/* Nsight Systems' CUDA_MEMOPR_MEMORY_KIND. */
static const char *const memory_kinds[] = {
  "Pageable", "Pinned", "Device", "Array", "Managed", "Device Static", "Managed Static", "Unknown",
};

static const char *
kind_name (const char *const *names, guint n, gint64 kind)
{
  return kind >= 0 && kind < n ? names[kind] : "Unknown";
}

enum
{
  C_START,
  C_END,
  C_CLASS,
  C_TID,
  C_CORRELATION,
  C_NAME,
  C_RETURN,
  C_N
};

static const char *const call_columns[] = {
  "start", "end", "eventClass", "globalTid", "correlationId", "nameId", "returnValue", NULL,
};

static void
push_slice (StNsysImporter *im,
            guint32         track,
            gint64          start,
            gint64          dur,
            guint64         offset,
            StStringId      name,
            StStringId      cat)
{
  StSlice *s = st_vec_push (&st_builder_shard_track (im->shard, track)->slices, StSlice);

  *s = (StSlice){ start, dur, offset, name, cat, ST_RAW_COMPLETE, 0, 0 };
  st_builder_shard_note_time (im->shard, start, start + dur);
}

/* One call; the backtraces Nsight Systems records beside a call (the same
 * call again, with its stack) are not calls. */
static gboolean
read_call (StNsysImporter *im, StNsysRows *rows, gboolean driver_table, GError **error)
{
  gint64     start, dur, event_class = st_nsys_int (rows, C_CLASS);
  gint64     tid = st_nsys_int (rows, C_TID), correlation = st_nsys_int (rows, C_CORRELATION);
  gboolean   driver = driver_table || event_class == im->shared->class_driver;
  StStringId name;
  StNsysCall call;
  gint64     key;

  im->shard->counts.events++;
  if (st_nsys_is_set (rows, C_CLASS) && event_class == im->shared->class_backtrace)
    {
      im->shard->counts.other_events++;
      return TRUE;
    }
  if (!st_nsys_row_time (im, rows, C_START, C_END, &start, &dur))
    return TRUE;
  name = st_nsys_string (im, st_nsys_int (rows, C_NAME), TRUE, error);
  if (name == ST_STRING_NONE)
    return FALSE;
  call.ts = start;
  call.track = st_nsys_thread_track (im, tid);
  call.offset = st_nsys_text_open (&im->text);
  if (st_nsys_is_set (rows, C_CORRELATION))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("correlation"), correlation);
  if (st_nsys_is_set (rows, C_RETURN))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("return value"), st_nsys_int (rows, C_RETURN));
  st_nsys_text_close (&im->text);
  push_slice (im, call.track, start, dur, call.offset, name,
              driver ? im->cat_driver : im->cat_runtime);
  if (st_nsys_is_set (rows, C_CORRELATION)
      && st_nsys_correlation_key (st_nsys_pid_of (tid), correlation, &key))
    st_nsys_note_call (im, key, &call);
  return TRUE;
}

/* CUPTI_ACTIVITY_KIND_RUNTIME holds the runtime calls and, told apart by
 * their event class, the driver's; CUPTI_ACTIVITY_KIND_DRIVER only these. */
static gboolean
read_runtime_row (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  return read_call (im, rows, FALSE, error);
}

static gboolean
read_driver_row (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  return read_call (im, rows, TRUE, error);
}

const StNsysTable st_nsys_runtime_table
    = { "CUPTI_ACTIVITY_KIND_RUNTIME", call_columns, read_runtime_row };
const StNsysTable st_nsys_driver_table
    = { "CUPTI_ACTIVITY_KIND_DRIVER", call_columns, read_driver_row };

/* --- device work ------------------------------------------------------------ */

/* The process of GPU @device: its pid is the device id, as Kineto numbers
 * GPUs, labelled "GPU N" and named after its model. */
static StStringId
device_pid (StNsysImporter *im, gint64 device)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, device);
  StStringId       pid = st_nsys_intern (im, text, strlen (text));

  if (g_hash_table_add (im->devices, GUINT_TO_POINTER (pid + 1)))
    st_nsys_name_device (im, pid, device);
  return pid;
}

guint
st_nsys_stream_hash (gconstpointer p)
{
  const StNsysStream *k = p;

  return (guint)(((guint64)k->device * 2654435761u) ^ ((guint64)k->host_pid * 40503u)
                 ^ ((guint64)k->stream * 97u));
}

gboolean
st_nsys_stream_equal (gconstpointer p, gconstpointer q)
{
  const StNsysStream *a = p, *b = q;

  return a->device == b->device && a->host_pid == b->host_pid && a->stream == b->stream;
}

/* The track of a stream of GPU @device used by host process @host_pid:
 * "stream 7", or "stream 7 (pid 1234)" where several processes have a
 * stream of that id (TARGET_INFO_CUDA_STREAM), so that theirs stay apart. */
static guint32
stream_track (StNsysImporter *im, gint64 device, gint64 host_pid, gint64 stream)
{
  StNsysStream     key = { device, host_pid, stream };
  gpointer         found;
  StStringId       pid, tid;
  g_autofree char *tid_text = NULL, *name = NULL;
  guint32          track;

  /* consecutive rows are mostly on one stream */
  if (im->last_stream_track != G_MAXUINT32 && st_nsys_stream_equal (&key, &im->last_stream))
    return im->last_stream_track;
  found = g_hash_table_lookup (im->streams, &key);
  if (found != NULL)
    {
      im->last_stream = key;
      im->last_stream_track = GPOINTER_TO_UINT (found) - 1;
      return im->last_stream_track;
    }
  pid = device_pid (im, device);
  if (!g_hash_table_contains (im->shared->shared_streams, &stream))
    tid_text = g_strdup_printf ("%" G_GINT64_FORMAT, stream);
  else
    tid_text
        = g_strdup_printf ("%" G_GINT64_FORMAT " (pid %" G_GINT64_FORMAT ")", stream, host_pid);
  name = g_strdup_printf ("stream %s", tid_text);
  tid = st_nsys_intern (im, tid_text, strlen (tid_text));
  track = st_builder_shard_get_track (im->shard, ST_RAW_TRACK_THREAD, pid, tid);
  st_nsys_add_meta (im, ST_META_THREAD_NAME, pid, tid, st_nsys_intern (im, name, strlen (name)), 0);
  st_nsys_add_meta (im, ST_META_THREAD_SORT_INDEX, pid, tid, ST_STRING_EMPTY, stream);
  g_hash_table_insert (im->streams, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (track + 1));
  im->last_stream = key;
  im->last_stream_track = track;
  return track;
}

/* The columns every device table begins with. */
enum
{
  D_START,
  D_END,
  D_DEVICE,
  D_CONTEXT,
  D_STREAM,
  D_CORRELATION,
  D_PID,
  D_GRAPH_NODE,
  D_FIRST_OWN, /* the table's own columns from here */
};

/* Notes the device event just pushed on @track, to be linked to its
 * launch once the calls are read. */
static void
note_launched (StNsysImporter *im, StNsysRows *rows, guint32 track)
{
  StNsysLaunched l;

  if (!st_nsys_is_set (rows, D_CORRELATION) || !st_nsys_is_set (rows, D_PID)
      || !st_nsys_correlation_key (st_nsys_pid_of (st_nsys_int (rows, D_PID)),
                                   st_nsys_int (rows, D_CORRELATION), &l.key))
    return;
  l.track = track;
  l.index = st_builder_shard_track (im->shard, track)->slices.len - 1;
  g_array_append_val (im->launched, l);
}

/* Opens the device event of the row: its track, time and the args every
 * device event has. FALSE: the row is skipped. */
static gboolean
open_device_event (StNsysImporter *im,
                   StNsysRows     *rows,
                   guint32        *track,
                   gint64         *start,
                   gint64         *dur,
                   guint64        *offset)
{
  gint64 host_pid = st_nsys_is_set (rows, D_PID) ? st_nsys_pid_of (st_nsys_int (rows, D_PID)) : 0;

  im->shard->counts.events++;
  if (!st_nsys_row_time (im, rows, D_START, D_END, start, dur))
    return FALSE;
  *track = stream_track (im, st_nsys_int (rows, D_DEVICE), host_pid, st_nsys_int (rows, D_STREAM));
  *offset = st_nsys_text_open (&im->text);
  if (st_nsys_is_set (rows, D_DEVICE))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("device"), st_nsys_int (rows, D_DEVICE));
  if (st_nsys_is_set (rows, D_CONTEXT))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("context"), st_nsys_int (rows, D_CONTEXT));
  if (st_nsys_is_set (rows, D_STREAM))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("stream"), st_nsys_int (rows, D_STREAM));
  if (st_nsys_is_set (rows, D_CORRELATION))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("correlation"), st_nsys_int (rows, D_CORRELATION));
  if (st_nsys_is_set (rows, D_GRAPH_NODE))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("graph node"), st_nsys_int (rows, D_GRAPH_NODE));
  return TRUE;
}

static void
close_device_event (StNsysImporter *im,
                    StNsysRows     *rows,
                    guint32         track,
                    gint64          start,
                    gint64          dur,
                    guint64         offset,
                    StStringId      name,
                    StStringId      cat)
{
  st_nsys_text_close (&im->text);
  push_slice (im, track, start, dur, offset, name, cat);
  note_launched (im, rows, track);
}

enum
{
  K_DEMANGLED = D_FIRST_OWN,
  K_SHORT,
  K_REGISTERS,
  K_GRID_X,
  K_GRID_Y,
  K_GRID_Z,
  K_BLOCK_X,
  K_BLOCK_Y,
  K_BLOCK_Z,
  K_STATIC_SHARED,
  K_DYNAMIC_SHARED,
};

static const char *const kernel_columns[] = {
  "start",
  "end",
  "deviceId",
  "contextId",
  "streamId",
  "correlationId",
  "globalPid",
  "graphNodeId",
  "demangledName",
  "shortName",
  "registersPerThread",
  "gridX",
  "gridY",
  "gridZ",
  "blockX",
  "blockY",
  "blockZ",
  "staticSharedMemory",
  "dynamicSharedMemory",
  NULL,
};

static gboolean
read_kernel (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  guint32    track;
  gint64     start, dur;
  guint64    offset;
  StStringId name = im->cat_kernel;
  guint      name_column = st_nsys_is_set (rows, K_DEMANGLED) ? K_DEMANGLED : K_SHORT;
  gint64     grid[3], block[3];

  if (st_nsys_is_set (rows, name_column))
    name = st_nsys_string (im, st_nsys_int (rows, name_column), FALSE, error);
  if (name == ST_STRING_NONE)
    return FALSE;
  if (!open_device_event (im, rows, &track, &start, &dur, &offset))
    return TRUE;
  if (st_nsys_is_set (rows, K_REGISTERS))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("registers per thread"),
                      st_nsys_int (rows, K_REGISTERS));
  if (st_nsys_is_set (rows, K_STATIC_SHARED) || st_nsys_is_set (rows, K_DYNAMIC_SHARED))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("shared memory"),
                      st_nsys_int (rows, K_STATIC_SHARED) + st_nsys_int (rows, K_DYNAMIC_SHARED));
  for (guint i = 0; i < 3; i++)
    {
      grid[i] = st_nsys_int (rows, K_GRID_X + i);
      block[i] = st_nsys_int (rows, K_BLOCK_X + i);
    }
  if (st_nsys_is_set (rows, K_GRID_X))
    st_nsys_text_ints (&im->text, ST_NSYS_KEY ("grid"), grid, 3);
  if (st_nsys_is_set (rows, K_BLOCK_X))
    st_nsys_text_ints (&im->text, ST_NSYS_KEY ("block"), block, 3);
  close_device_event (im, rows, track, start, dur, offset, name, im->cat_kernel);
  return TRUE;
}

enum
{
  M_BYTES = D_FIRST_OWN,
  M_COPY_KIND,
  M_SRC_KIND,
  M_DST_KIND,
  M_SRC_DEVICE,
  M_DST_DEVICE,
};

static const char *const copy_columns[] = {
  "start",         "end",       "deviceId",    "contextId",   "streamId",
  "correlationId", "globalPid", "graphNodeId", "bytes",       "copyKind",
  "srcKind",       "dstKind",   "srcDeviceId", "dstDeviceId", NULL,
};

enum
{
  S_BYTES = D_FIRST_OWN,
  S_VALUE,
  S_MEMORY_KIND,
};

static const char *const set_columns[] = {
  "start",     "end",         "deviceId", "contextId", "streamId", "correlationId",
  "globalPid", "graphNodeId", "bytes",    "value",     "memKind",  NULL,
};

/* "Memcpy HtoD (Pageable -> Device)", as Kineto names a copy. */
static StStringId
copy_name (StNsysImporter *im, StNsysRows *rows)
{
  const char *kind
      = kind_name (copy_kinds, G_N_ELEMENTS (copy_kinds),
                   st_nsys_is_set (rows, M_COPY_KIND) ? st_nsys_int (rows, M_COPY_KIND) : 0);
  g_autofree char *name = NULL;

  if (st_nsys_is_set (rows, M_SRC_KIND) && st_nsys_is_set (rows, M_DST_KIND))
    name = g_strdup_printf (
        "Memcpy %s (%s -> %s)", kind,
        kind_name (memory_kinds, G_N_ELEMENTS (memory_kinds), st_nsys_int (rows, M_SRC_KIND)),
        kind_name (memory_kinds, G_N_ELEMENTS (memory_kinds), st_nsys_int (rows, M_DST_KIND)));
  else
    name = g_strdup_printf ("Memcpy %s", kind);
  return st_nsys_intern (im, name, strlen (name));
}

static void
copy_args (StNsysImporter *im, StNsysRows *rows)
{
  if (st_nsys_is_set (rows, M_BYTES))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("bytes"), st_nsys_int (rows, M_BYTES));
  if (st_nsys_is_set (rows, M_SRC_DEVICE))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("src device"), st_nsys_int (rows, M_SRC_DEVICE));
  if (st_nsys_is_set (rows, M_DST_DEVICE))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("dst device"), st_nsys_int (rows, M_DST_DEVICE));
}

/* "Memset (Device)", as Kineto names a memset. */
static StStringId
set_name (StNsysImporter *im, StNsysRows *rows)
{
  g_autofree char *name = NULL;

  if (!st_nsys_is_set (rows, S_MEMORY_KIND))
    return st_nsys_intern (im, "Memset", 6);
  name = g_strdup_printf ("Memset (%s)", kind_name (memory_kinds, G_N_ELEMENTS (memory_kinds),
                                                    st_nsys_int (rows, S_MEMORY_KIND)));
  return st_nsys_intern (im, name, strlen (name));
}

static void
set_args (StNsysImporter *im, StNsysRows *rows)
{
  if (st_nsys_is_set (rows, S_BYTES))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("bytes"), st_nsys_int (rows, S_BYTES));
  if (st_nsys_is_set (rows, S_VALUE))
    st_nsys_text_int (&im->text, ST_NSYS_KEY ("value"), st_nsys_int (rows, S_VALUE));
}

static gboolean
read_copy (StNsysImporter *im, StNsysRows *rows, gboolean memset)
{
  guint32 track;
  gint64  start, dur;
  guint64 offset;

  if (!open_device_event (im, rows, &track, &start, &dur, &offset))
    return TRUE;
  if (memset)
    set_args (im, rows);
  else
    copy_args (im, rows);
  close_device_event (im, rows, track, start, dur, offset,
                      memset ? set_name (im, rows) : copy_name (im, rows),
                      memset ? im->cat_memset : im->cat_memcpy);
  return TRUE;
}

static gboolean
read_memcpy_row (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  return read_copy (im, rows, FALSE);
}

static gboolean
read_memset_row (StNsysImporter *im, StNsysRows *rows, GError **error)
{
  return read_copy (im, rows, TRUE);
}

const StNsysTable st_nsys_kernel_table
    = { "CUPTI_ACTIVITY_KIND_KERNEL", kernel_columns, read_kernel };
const StNsysTable st_nsys_memcpy_table
    = { "CUPTI_ACTIVITY_KIND_MEMCPY", copy_columns, read_memcpy_row };
const StNsysTable st_nsys_memset_table
    = { "CUPTI_ACTIVITY_KIND_MEMSET", set_columns, read_memset_row };
