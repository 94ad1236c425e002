#define G_LOG_DOMAIN "strata-model"
#define _GNU_SOURCE

#include "config.h"

#include "st-spool.h"
#include "st-trace-error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define MAX_MEM_BUDGET ((guint64)1024 * 1024 * 1024)
#define DISK_MARGIN    ((guint64)512 * 1024 * 1024)
#define MAX_RESERVE    ((guint64)256 * 1024 * 1024 * 1024)

struct _StSpool
{
  char    *name;
  char    *map;
  gsize    reserve;
  int      fd;
  gboolean on_disk;
  guint64  mem_budget;
  guint64  limit;

  GMutex   lock;
  GCond    cond;
  gsize    avail;
  gboolean complete;
};

static guint64
mem_available (void)
{
  g_autofree char *meminfo = NULL;
  const char      *line;

  if (!g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL)
      || (line = strstr (meminfo, "MemAvailable:")) == NULL)
    return MAX_MEM_BUDGET * 2;
  return g_ascii_strtoull (line + 13, NULL, 10) * 1024;
}

/* Free space for temporary files; none when they would live in memory too
 * (a tmpfs /tmp), since the memory budget already counts that. */
static guint64
disk_free (void)
{
  struct statvfs st;
  struct statfs  fs;

  if (statfs (g_get_tmp_dir (), &fs) == 0 && fs.f_type == TMPFS_MAGIC)
    return 0;
  if (statvfs (g_get_tmp_dir (), &st) != 0)
    return 0;
  return (guint64)st.f_bavail * st.f_frsize;
}

static int
open_disk_file (void)
{
  const char *dir = g_get_tmp_dir ();
  int         fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      g_autofree char *tmpl = g_build_filename (dir, "strata-XXXXXX", NULL);
      fd = g_mkstemp_full (tmpl, O_RDWR | O_CLOEXEC, 0600);
      if (fd >= 0)
        g_unlink (tmpl);
    }
  return fd;
}

StSpool *
st_spool_new (const char *name, GError **error)
{
  g_autoptr (StSpool) self = g_new0 (StSpool, 1);
  guint64             disk = disk_free ();

  self->name = g_strdup (name);
  self->fd = -1;
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->mem_budget = MIN (mem_available () / 2, MAX_MEM_BUDGET);
  self->limit
      = MIN (MAX (self->mem_budget, disk > DISK_MARGIN ? disk - DISK_MARGIN : 0), MAX_RESERVE);
  self->reserve = (gsize)self->limit;
  self->fd = memfd_create ("strata-spool", MFD_CLOEXEC);
  if (self->fd < 0)
    {
      self->fd = open_disk_file ();
      self->on_disk = TRUE;
    }
  if (self->fd < 0)
    {
      int err = errno;
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                   _ ("%s: could not create a temporary file to read it into: %s"), name,
                   g_strerror (err));
      return NULL;
    }
  self->map = mmap (NULL, self->reserve, PROT_READ, MAP_SHARED | MAP_NORESERVE, self->fd, 0);
  if (self->map == MAP_FAILED)
    {
      int err = errno;
      self->map = NULL;
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_TOO_LARGE,
                   _ ("%s: could not map memory to read it into: %s"), name, g_strerror (err));
      return NULL;
    }
  return g_steal_pointer (&self);
}

void
st_spool_free (StSpool *self)
{
  if (self == NULL)
    return;
  if (self->map != NULL)
    munmap (self->map, self->reserve);
  if (self->fd >= 0)
    close (self->fd);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self->name);
  g_free (self);
}

const char *
st_spool_get_data (StSpool *self)
{
  return self->map;
}

static gboolean
set_too_large (StSpool *self, GError **error)
{
  g_autofree char *limit = g_format_size (self->limit);

  g_set_error (
      error, ST_TRACE_ERROR, ST_TRACE_ERROR_TOO_LARGE,
      _ ("%s: it inflates to more than %s, more than free memory and the free space for temporary "
         "files allow. Free some space, or decompress it to a disk with room and open that."),
      self->name, limit);
  return FALSE;
}

static gboolean
write_all (int fd, const char *data, gsize len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, data, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      len -= n;
    }
  return TRUE;
}

/* Moves what is written so far to a file on disk, mapped where the memfd
 * was: readers keep their pointers and see the same bytes. */
static gboolean
move_to_disk (StSpool *self, GError **error)
{
  int fd = open_disk_file ();

  if (fd < 0 || !write_all (fd, self->map, self->avail)
      || mmap (self->map, self->reserve, PROT_READ, MAP_SHARED | MAP_FIXED | MAP_NORESERVE, fd, 0)
             == MAP_FAILED)
    {
      if (fd >= 0)
        close (fd);
      return set_too_large (self, error);
    }
  close (self->fd);
  self->fd = fd;
  self->on_disk = TRUE;
  g_debug ("%s: spool moved to disk at %zu bytes", self->name, self->avail);
  return TRUE;
}

/* Appends @len bytes and wakes the readers. Fails when memory and disk are
 * full, or the text grows beyond what they allow. */
gboolean
st_spool_append (StSpool *self, const char *data, gsize len, GError **error)
{
  guint64 size = (guint64)self->avail + len;

  if (size > self->limit)
    return set_too_large (self, error);
  if (!self->on_disk && size > self->mem_budget && !move_to_disk (self, error))
    return FALSE;
  if (!write_all (self->fd, data, len))
    return set_too_large (self, error);
  g_mutex_lock (&self->lock);
  self->avail += len;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  return TRUE;
}

void
st_spool_complete (StSpool *self)
{
  g_mutex_lock (&self->lock);
  self->complete = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* Blocks until more than @have bytes are committed or the spool is complete,
 * but never much longer than a tenth of a second, so that the caller can
 * look at its cancellable. Returns the bytes committed. */
gsize
st_spool_wait (StSpool *self, gsize have, gboolean *complete)
{
  gsize avail;

  g_mutex_lock (&self->lock);
  if (self->avail <= have && !self->complete)
    {
      gint64 deadline = g_get_monotonic_time () + G_TIME_SPAN_SECOND / 10;
      while (self->avail <= have && !self->complete)
        if (!g_cond_wait_until (&self->cond, &self->lock, deadline))
          break;
    }
  avail = self->avail;
  *complete = self->complete;
  g_mutex_unlock (&self->lock);
  return avail;
}

gsize
st_spool_get_size (StSpool *self)
{
  gsize avail;

  g_mutex_lock (&self->lock);
  avail = self->avail;
  g_mutex_unlock (&self->lock);
  return avail;
}
