/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"
#define _GNU_SOURCE

#include "config.h"

#include "st-source.h"
#include "st-inflater.h"
#include "st-spool.h"
#include "st-trace-error.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <gio/gunixinputstream.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (1024 * 1024)
/* Inflated text is handed to the readers in pieces of this size. */
#define COMMIT_CHUNK (512 * 1024)

/* A mapped file that shrinks while it is mapped (rewritten in place,
 * truncated by a download that restarts) makes reading its lost pages raise
 * SIGBUS, which would kill the app. The handler below turns those pages of
 * our mappings into zeros and notes it: the importers see junk where the
 * text was (never beyond the mapping), and the loader reports that the file
 * changed. Faults elsewhere go to the handler that was there before. */
#define MAX_GUARDS 64

typedef struct
{
  uintptr_t start; /* atomic; 0: a free slot */
  uintptr_t end;
  gint      shrunk; /* atomic */
} MapGuard;

static MapGuard         guards[MAX_GUARDS];
static GMutex           guards_lock;
static struct sigaction previous_sigbus;
static uintptr_t        page_size;

static void
on_sigbus (int sig, siginfo_t *info, void *context)
{
  uintptr_t addr = (uintptr_t)info->si_addr;

  for (guint i = 0; i < MAX_GUARDS; i++)
    {
      uintptr_t start = __atomic_load_n (&guards[i].start, __ATOMIC_ACQUIRE);

      if (start != 0 && addr >= start && addr < guards[i].end)
        {
          uintptr_t page = addr & ~(page_size - 1);

          /* mmap is a system call: safe in a signal handler. */
          if (mmap ((void *)page, guards[i].end - page, PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
              == MAP_FAILED)
            break;
          __atomic_store_n (&guards[i].shrunk, 1, __ATOMIC_RELEASE);
          return; /* the read is retried, and finds zeros */
        }
    }
  /* Not ours: the fault happens again under the previous handler. */
  sigaction (SIGBUS, &previous_sigbus, NULL);
}

static gpointer
install_sigbus_handler (gpointer data)
{
  struct sigaction sa = { 0 };

  page_size = (uintptr_t)sysconf (_SC_PAGESIZE);
  sa.sa_sigaction = on_sigbus;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGBUS, &sa, &previous_sigbus);
  return NULL;
}

/* Returns the guard's slot, or -1 when all are taken (the mapping is then
 * unguarded: 64 files open at once is far more than the app keeps). */
static int
guard_mapping (const char *data, gsize size)
{
  static GOnce once = G_ONCE_INIT;
  int          slot = -1;

  g_once (&once, install_sigbus_handler, NULL);
  g_mutex_lock (&guards_lock);
  for (guint i = 0; i < MAX_GUARDS && slot < 0; i++)
    if (guards[i].start == 0)
      {
        guards[i].end = (uintptr_t)data + size;
        guards[i].shrunk = 0;
        __atomic_store_n (&guards[i].start, (uintptr_t)data, __ATOMIC_RELEASE);
        slot = i;
      }
  g_mutex_unlock (&guards_lock);
  return slot;
}

static void
unguard_mapping (int slot)
{
  if (slot < 0)
    return;
  g_mutex_lock (&guards_lock);
  __atomic_store_n (&guards[slot].start, 0, __ATOMIC_RELEASE);
  g_mutex_unlock (&guards_lock);
}

struct _StSource
{
  gatomicrefcount ref;
  StSourceKind    kind;
  char           *display_name;
  guint64         file_size;

  /* A mapped local file (or caller's bytes). */
  const char *data;
  gsize       size;
  gboolean    owns_map;
  GBytes     *bytes; /* the bytes it holds, when it holds them */
  int         guard; /* its slot in guards[], or -1 */

  /* Or a spool filled by a thread: gzip, or a file that is not local. */
  StSpool      *spool;
  GInputStream *input;
  GCancellable *cancellable;        /* the spool thread's own */
  GCancellable *caller_cancellable; /* cancels it too */
  gulong        caller_handler;
  GThread      *thread;
  GError       *error;
  char         *warning;
  char         *corruption; /* the inflater's reason, when the data is corrupt */
  gsize         in_bytes;   /* atomic */
};

static StSource *
source_new (StSourceKind kind, const char *display_name)
{
  StSource *self = g_new0 (StSource, 1);

  g_atomic_ref_count_init (&self->ref);
  self->guard = -1;
  self->kind = kind;
  self->display_name = g_strdup (display_name);
  return self;
}

/* Wraps bytes the caller keeps alive for the life of the source. */
StSource *
st_source_new_for_data (const char *display_name, const char *data, gsize size)
{
  StSource *self = source_new (ST_SOURCE_PLAIN, display_name);

  self->data = data;
  self->size = self->file_size = size;
  return self;
}

/* Holds @bytes, text an importer made (the args of a binary format's
 * events); it stands for the file it was made from, of @file_size bytes. */
StSource *
st_source_new_for_bytes (const char *display_name, GBytes *bytes, guint64 file_size)
{
  StSource *self = source_new (ST_SOURCE_PLAIN, display_name);
  gsize     size;

  self->bytes = g_bytes_ref (bytes);
  self->data = g_bytes_get_data (bytes, &size);
  self->size = size;
  self->file_size = file_size;
  return self;
}

/* Text an importer makes as it reads a binary profile (its rows' fields
 * as JSON, for the details pane): the source takes @spool, which is
 * complete once the importer calls st_spool_complete(); @file_size is
 * what the profile's files hold on disk. */
StSource *
st_source_new_for_spool (const char *display_name, StSpool *spool, guint64 file_size)
{
  StSource *self = source_new (ST_SOURCE_PLAIN, display_name);

  self->spool = spool;
  self->file_size = file_size;
  return self;
}

StSource *
st_source_ref (StSource *self)
{
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
st_source_unref (StSource *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  if (self->thread != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_thread_join (self->thread);
    }
  if (self->caller_cancellable != NULL)
    g_cancellable_disconnect (self->caller_cancellable, self->caller_handler);
  g_clear_object (&self->caller_cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->input);
  g_clear_pointer (&self->spool, st_spool_free);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  if (self->owns_map)
    {
      unguard_mapping (self->guard);
      munmap ((void *)self->data, self->size);
    }
  g_clear_error (&self->error);
  g_free (self->warning);
  g_free (self->corruption);
  g_free (self->display_name);
  g_free (self);
}

StSourceKind
st_source_get_kind (StSource *self)
{
  return self->kind;
}

const char *
st_source_get_display_name (StSource *self)
{
  return self->display_name;
}

const char *
st_source_get_data (StSource *self)
{
  return self->spool ? st_spool_get_data (self->spool) : self->data;
}

/* Size of the file on disk (compressed, for gzip). */
guint64
st_source_get_file_size (StSource *self)
{
  return self->file_size;
}

/* Blocks until more than @have bytes are available or the source is
 * complete (at most about a tenth of a second, so that callers can look at
 * their cancellable). Returns the bytes available. */
gsize
st_source_wait (StSource *self, gsize have, gboolean *complete)
{
  if (self->spool == NULL)
    {
      *complete = TRUE;
      return self->size;
    }
  return st_spool_wait (self->spool, have, complete);
}

/* Bytes of text available now. */
gsize
st_source_get_size (StSource *self)
{
  return self->spool ? st_spool_get_size (self->spool) : self->size;
}

/* How much of the file the spool thread has read. */
double
st_source_get_input_fraction (StSource *self)
{
  if (self->spool == NULL || self->file_size == 0)
    return 1.0;
  return MIN (1.0, (double)(gsize)g_atomic_pointer_get (&self->in_bytes) / self->file_size);
}

/* Waits for the spool thread and returns its error, if it failed. */
gboolean
st_source_finish (StSource *self, GError **error)
{
  if (self->thread != NULL)
    {
      g_thread_join (self->thread);
      self->thread = NULL;
    }
  if (self->error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->error));
      return FALSE;
    }
  return TRUE;
}

/* Whether the mapped file shrank while it was mapped: the bytes past its
 * new end read as zeros, so what was read from them is junk. */
gboolean
st_source_get_shrunk (StSource *self)
{
  return self->guard >= 0 && __atomic_load_n (&guards[self->guard].shrunk, __ATOMIC_ACQUIRE);
}

/* The error to report when the file shrank: it names the file and says what
 * to do. */
gboolean
st_source_check_shrunk (StSource *self, GError **error)
{
  g_autofree char *size = NULL;

  if (!st_source_get_shrunk (self))
    return TRUE;
  size = g_format_size (self->file_size);
  g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
               _ ("%s: the file changed on disk while it was read (it was %s and became shorter). "
                  "Open it again once whatever writes it has finished."),
               self->display_name, size);
  return FALSE;
}

/* The inflater's reason when the compressed data turned out corrupt, or
 * NULL. */
const char *
st_source_get_corruption (StSource *self)
{
  return self->corruption;
}

/* A sentence about a problem the source survived (a truncated gzip stream),
 * or NULL. */
const char *
st_source_get_warning (StSource *self)
{
  return self->warning;
}

static void
spool_fail (StSource *self, GError *error)
{
  if (self->error == NULL)
    self->error = error;
  else
    g_error_free (error);
}

/* The inflate loop's state around the inflater. */
typedef struct
{
  StInflater *inf;
  gboolean    ended;  /* the last member ended cleanly */
  gboolean    broken; /* stop: corrupt data or trailing garbage */
} Inflate;

/* After a member: concatenated gzip members form one stream; anything else
 * is trailing junk. */
static void
next_member (StSource *self, Inflate *inf)
{
  gsize         n;
  const guchar *next = st_inflater_peek_input (inf->inf, &n);

  if (n == 0)
    return;
  if (n >= 2 && next[0] == 0x1f && next[1] == 0x8b)
    {
      st_inflater_reset (inf->inf);
      inf->ended = FALSE;
      return;
    }
  self->warning = g_strdup (_ ("Bytes after the end of the gzip stream were ignored."));
  inf->broken = TRUE;
}

static void
corrupt (StSource *self, Inflate *inf)
{
  gsize       have = st_spool_get_size (self->spool);
  const char *why = st_inflater_get_reason (inf->inf);

  inf->broken = TRUE;
  self->corruption = g_strdup (why);
  if (have == 0)
    {
      spool_fail (self,
                  g_error_new (ST_TRACE_ERROR, ST_TRACE_ERROR_COMPRESSED,
                               _ ("%s: the gzip data is corrupt (%s)."), self->display_name, why));
      return;
    }
  {
    g_autofree char *size = g_format_size (have);
    self->warning = g_strdup_printf (
        _ ("The gzip data is corrupt after %s of text (%s); what came before was read."), size,
        why);
  }
}

/* Inflates one chunk of input straight into the spool, a piece at a time,
 * committing each piece for the readers. */
static gboolean
inflate_chunk (StSource *self, Inflate *inf, guchar *in, gsize n)
{
  GError *error = NULL;

  st_inflater_set_input (inf->inf, in, n);
  while (!inf->broken && (n > 0 || !inf->ended))
    {
      gsize         produced;
      StInflateStep step;
      guchar       *out;

      /* A megabyte of input can inflate to a gigabyte: look at the
       * cancellable between pieces, not only between reads. */
      if (g_cancellable_set_error_if_cancelled (self->cancellable, &error))
        {
          spool_fail (self, error);
          return FALSE;
        }

      if (inf->ended)
        {
          next_member (self, inf);
          st_inflater_peek_input (inf->inf, &n);
          continue;
        }
      out = (guchar *)st_spool_begin (self->spool, COMMIT_CHUNK, &error);
      if (out == NULL)
        {
          spool_fail (self, error);
          return FALSE;
        }
      step = st_inflater_step (inf->inf, out, COMMIT_CHUNK, &produced);
      st_inflater_peek_input (inf->inf, &n);
      if (produced > 0 && !st_spool_commit (self->spool, produced, &error))
        {
          spool_fail (self, error);
          return FALSE;
        }
      if (step == ST_INFLATE_END)
        inf->ended = TRUE;
      else if (step == ST_INFLATE_CORRUPT)
        corrupt (self, inf);
      else if (step == ST_INFLATE_NEED_INPUT)
        break;
    }
  return TRUE;
}

/* Reads a piece of a file that is not local straight into the spool. */
static gboolean
copy_chunk (StSource *self, gssize *n)
{
  GError *error = NULL;
  char   *buf = st_spool_begin (self->spool, READ_CHUNK, &error);

  if (buf != NULL)
    *n = g_input_stream_read (self->input, buf, READ_CHUNK, self->cancellable, &error);
  if (buf == NULL || *n < 0 || (*n > 0 && !st_spool_commit (self->spool, *n, &error)))
    {
      spool_fail (self, error);
      return FALSE;
    }
  return TRUE;
}

static void
inflate_all (StSource *self)
{
  g_autofree guchar     *in = g_malloc (READ_CHUNK);
  g_autoptr (StInflater) inflater = st_inflater_new ();
  Inflate                state = { inflater, FALSE, FALSE }, *inf = &state;
  GError                *error = NULL;
  gboolean               ok = TRUE;

  while (ok && !inf->broken)
    {
      gssize n = g_input_stream_read (self->input, in, READ_CHUNK, self->cancellable, &error);
      if (n < 0)
        {
          spool_fail (self, error);
          ok = FALSE;
        }
      else if (n == 0)
        break;
      else
        {
          g_atomic_pointer_add (&self->in_bytes, n);
          ok = inflate_chunk (self, inf, in, n);
        }
    }
  if (ok && !inf->ended && !inf->broken && self->warning == NULL)
    {
      g_autofree char *size = g_format_size (st_spool_get_size (self->spool));
      self->warning = g_strdup_printf (
          _ ("The gzip stream ends early (truncated after %s of text); what came before was read."),
          size);
    }
}

static gpointer
spool_thread (gpointer data)
{
  StSource *self = data;
  gint64    t0 = g_get_monotonic_time ();
  gssize    n = 1;

  if (self->kind == ST_SOURCE_GZIP)
    inflate_all (self);
  else
    while (n > 0 && copy_chunk (self, &n))
      g_atomic_pointer_add (&self->in_bytes, n);
  g_input_stream_close (self->input, NULL, NULL);
  g_debug ("%s: spooled %zu bytes in %.1f ms", self->display_name, st_spool_get_size (self->spool),
           (g_get_monotonic_time () - t0) / 1000.0);
  st_spool_complete (self->spool);
  return NULL;
}

static void
forward_cancel (GCancellable *caller, GCancellable *own)
{
  g_cancellable_cancel (own);
}

static gboolean
start_spool (StSource *self, GInputStream *input, GCancellable *cancellable, GError **error)
{
  self->spool = st_spool_new (self->display_name, error);
  if (self->spool == NULL)
    return FALSE;
  self->input = g_object_ref (input);
  self->cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    {
      self->caller_cancellable = g_object_ref (cancellable);
      self->caller_handler = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel),
                                                    self->cancellable, NULL);
    }
  self->thread = g_thread_new ("strata-spool", spool_thread, self);
  return TRUE;
}

static gboolean
set_errno_error (GError **error, const char *name, int err)
{
  if (err == ENOENT || err == ENOTDIR)
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                 _ ("%s: the file does not exist."), name);
  else if (err == EACCES || err == EPERM)
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                 _ ("%s: you do not have permission to read it."), name);
  else if (err == EISDIR)
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_IS_DIRECTORY,
                 _ ("%s: this is a folder; open a trace file inside it."), name);
  else
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE, _ ("%s: could not read it: %s"),
                 name, g_strerror (err));
  return FALSE;
}

static gboolean
check_stat (const struct stat *st, const char *name, GError **error)
{
  if (S_ISDIR (st->st_mode))
    return set_errno_error (error, name, EISDIR);
  if (!S_ISREG (st->st_mode))
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                   _ ("%s: this is not a regular file (it is a pipe, a socket or a device); save "
                      "the trace to a file and open that."),
                   name);
      return FALSE;
    }
  if (st->st_size == 0)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_EMPTY,
                   _ ("%s: the file is empty (0 bytes)."), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_gzip (int fd)
{
  guchar magic[2];

  return pread (fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

static StSource *
open_local (const char *path, const char *name, GCancellable *cancellable, GError **error)
{
  g_autoptr (StSource) self = NULL;
  struct stat          st;
  int                  fd;

  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    {
      set_errno_error (error, name, errno);
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !check_stat (&st, name, error))
    {
      if (error != NULL && *error == NULL)
        set_errno_error (error, name, errno);
      close (fd);
      return NULL;
    }
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);

  if (is_gzip (fd))
    {
      g_autoptr (GInputStream) input = g_unix_input_stream_new (fd, TRUE);
      self = source_new (ST_SOURCE_GZIP, name);
      self->file_size = st.st_size;
      return start_spool (self, input, cancellable, error) ? g_steal_pointer (&self) : NULL;
    }

  self = source_new (ST_SOURCE_PLAIN, name);
  self->file_size = self->size = st.st_size;
  self->data = mmap (NULL, self->size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (self->data == MAP_FAILED)
    {
      self->data = NULL;
      set_errno_error (error, name, errno);
      return NULL;
    }
  self->owns_map = TRUE;
  self->guard = guard_mapping (self->data, self->size);
  return g_steal_pointer (&self);
}

static StSource *
open_stream (GFile *file, const char *name, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileInputStream) raw = NULL;
  g_autoptr (GInputStream)     buffered = NULL;
  g_autoptr (StSource)         self = NULL;
  g_autoptr (GError)           local_error = NULL;
  const guchar                *peek;
  gsize                        peeked = 0;

  raw = g_file_read (file, cancellable, &local_error);
  if (raw == NULL)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                   _ ("%s: could not read it: %s"), name, local_error->message);
      return NULL;
    }
  buffered = g_buffered_input_stream_new (G_INPUT_STREAM (raw));
  g_buffered_input_stream_fill (G_BUFFERED_INPUT_STREAM (buffered), 2, cancellable, NULL);
  peek = g_buffered_input_stream_peek_buffer (G_BUFFERED_INPUT_STREAM (buffered), &peeked);
  if (peeked == 0)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_EMPTY,
                   _ ("%s: the file is empty (0 bytes)."), name);
      return NULL;
    }
  self = source_new (
      peeked >= 2 && peek[0] == 0x1f && peek[1] == 0x8b ? ST_SOURCE_GZIP : ST_SOURCE_PLAIN, name);
  return start_spool (self, buffered, cancellable, error) ? g_steal_pointer (&self) : NULL;
}

StSource *
st_source_open (GFile *file, const char *display_name, GCancellable *cancellable, GError **error)
{
  g_autofree char *name = NULL;
  const char      *path;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = display_name ? g_strdup (display_name) : g_file_get_parse_name (file);
  if (*name == '\0')
    {
      g_set_error_literal (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                           _ ("An empty name was given where a trace file was expected."));
      return NULL;
    }
  path = g_file_peek_path (file);
  if (path != NULL)
    return open_local (path, name, cancellable, error);
  return open_stream (file, name, cancellable, error);
}
