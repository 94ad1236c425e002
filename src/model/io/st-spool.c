/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include <time.h>
#include <unistd.h>

#define MAX_MEM_BUDGET ((guint64)1024 * 1024 * 1024)
#define DISK_MARGIN    ((guint64)512 * 1024 * 1024)
#define MAX_RESERVE    ((guint64)256 * 1024 * 1024 * 1024)
/* Memory is faulted in ahead of the writer this much at a time: one system
 * call instead of a fault per page. */
#define POPULATE_STEP ((gsize)8 * 1024 * 1024)
#define HUGE_PAGE     ((gsize)2 * 1024 * 1024)
/* A reader that waits for text faults memory in for the writer, this far
 * ahead of the text at most. */
#define HELP_AHEAD ((gsize)32 * 1024 * 1024)

/* Which pages the memory is faulted in with. Huge pages (2 MiB) cost a
 * fifth of the small ones per byte when the kernel has them at hand, and
 * far more when it must first compact memory to make them. So the spool
 * measures: one step of small pages, then one of huge pages, and keeps huge
 * pages while a step of them costs no more than twice the small step did;
 * else small pages for the rest. */
typedef enum
{
  PAGES_MEASURE_SMALL,
  PAGES_MEASURE_HUGE,
  PAGES_HUGE,
  PAGES_SMALL,
} Pages;

struct _StSpool
{
  char    *name;
  char    *map;
  gsize    reserve;
  int      fd; /* the file on disk, or -1 while the text is in memory */
  guint64  mem_budget;
  guint64  limit;
  GMutex   populate_lock; /* the writer's or a waiting reader's: populated, pages, fd */
  gsize    populated;     /* bytes of memory faulted in for the writer (atomic) */
  gboolean can_populate;
  Pages    pages;
  double   small_cost; /* thread CPU time per byte of the step of small pages */
  char    *bounce;     /* what is written goes through this once on disk */
  gsize    bounce_size;

  GMutex lock;
  GCond  cond;
  gsize  avail;    /* atomic for readers; written under the lock */
  gint   complete; /* atomic for readers; written under the lock */
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

/* Private memory, written in place by the inflater: no copy, and the
 * readers find the pages already there. Its start is on a huge page's
 * boundary, so that each step of it can be made of whole huge pages. */
static char *
map_aligned (gsize size)
{
  char *raw = mmap (NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  char *map;

  if (raw == MAP_FAILED)
    return NULL;
  map = (char *)(((guintptr)raw + HUGE_PAGE - 1) & ~(guintptr)(HUGE_PAGE - 1));
  if (map > raw)
    munmap (raw, map - raw);
  munmap (map + size, raw + HUGE_PAGE - map);
  return map;
}

StSpool *
st_spool_new (const char *name, GError **error)
{
  g_autoptr (StSpool) self = g_new0 (StSpool, 1);
  guint64             disk = disk_free ();

  self->name = g_strdup (name);
  self->fd = -1;
  self->can_populate = TRUE;
  g_mutex_init (&self->lock);
  g_mutex_init (&self->populate_lock);
  g_cond_init (&self->cond);
  self->mem_budget = MIN (mem_available () / 2, MAX_MEM_BUDGET);
  self->limit
      = MIN (MAX (self->mem_budget, disk > DISK_MARGIN ? disk - DISK_MARGIN : 0), MAX_RESERVE);
  self->reserve = ((gsize)self->limit + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  self->map = map_aligned (self->reserve);
  if (self->map == NULL)
    {
      int err = errno;
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
  g_mutex_clear (&self->populate_lock);
  g_cond_clear (&self->cond);
  g_free (self->bounce);
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

/* Moves what is written so far to a file on disk, mapped where the memory
 * was: readers keep their pointers and see the same bytes, and the memory
 * goes back to the system. */
static gboolean
move_to_disk (StSpool *self, GError **error)
{
  int fd = open_disk_file ();

  if (fd < 0)
    {
      int err = errno;
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                   _ ("%s: could not create a temporary file to read it into: %s"), self->name,
                   g_strerror (err));
      return FALSE;
    }
  if (!write_all (fd, self->map, self->avail)
      || mmap (self->map, self->reserve, PROT_READ, MAP_SHARED | MAP_FIXED | MAP_NORESERVE, fd, 0)
             == MAP_FAILED)
    {
      close (fd);
      return set_too_large (self, error);
    }
  self->fd = fd;
  g_debug ("%s: spool moved to disk at %zu bytes", self->name, self->avail);
  return TRUE;
}

static double
thread_cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Asks for small or huge pages over [@from, @to). */
static void
advise_pages (StSpool *self, gsize from, gsize to, int advice)
{
  if (from < to)
    madvise (self->map + from, to - from, advice);
}

/* Before faulting in [@from, @to): which pages the step is made of. */
static void
pages_before (StSpool *self, gsize from, gsize to)
{
  if (self->pages == PAGES_MEASURE_SMALL)
    advise_pages (self, from, to, MADV_NOHUGEPAGE); /* whatever the system's default */
  else if (self->pages == PAGES_MEASURE_HUGE)
    advise_pages (self, from, self->reserve, MADV_HUGEPAGE);
}

/* After it, from what it cost per byte: which pages the rest is made of. */
static void
pages_after (StSpool *self, gsize to, double cost)
{
  if (self->pages == PAGES_MEASURE_SMALL)
    {
      self->small_cost = cost;
      self->pages = PAGES_MEASURE_HUGE;
      return;
    }
  if (self->pages == PAGES_SMALL || cost <= 2 * self->small_cost)
    {
      self->pages = self->pages == PAGES_MEASURE_HUGE ? PAGES_HUGE : self->pages;
      return;
    }
  self->pages = PAGES_SMALL;
  advise_pages (self, to, self->reserve, MADV_NOHUGEPAGE);
  g_debug ("%s: small pages from %zu bytes on", self->name, to);
}

/* Faults in the memory up to @end (and a step beyond) before the writer
 * touches it: running out of memory is then an error here rather than a
 * signal later. */
static gboolean
populate (StSpool *self, gsize end, GError **error)
{
  /* Huge pages a page at a time: one that needs memory compacted costs a
   * step's worth before the spool turns to small pages. */
  gsize step
      = self->pages == PAGES_HUGE || self->pages == PAGES_MEASURE_HUGE ? HUGE_PAGE : POPULATE_STEP;
  gsize  want = MAX (end, self->populated + step);
  gsize  to = MIN ((guint64)(want + step - 1) / step * step, self->mem_budget);
  double t0;

  if (end <= self->populated)
    return TRUE;
  if (!self->can_populate)
    {
      g_atomic_pointer_set (&self->populated, to);
      return TRUE;
    }
  pages_before (self, self->populated, to);
  t0 = thread_cpu_time ();
  if (madvise (self->map + self->populated, to - self->populated, MADV_POPULATE_WRITE) != 0)
    {
      if (errno != EINVAL)
        return set_too_large (self, error);
      self->can_populate = FALSE; /* an older kernel: pages fault in as written */
    }
  else
    pages_after (self, to, (thread_cpu_time () - t0) / (to - self->populated));
  g_atomic_pointer_set (&self->populated, to);
  return TRUE;
}

/* Room for @len more bytes at the end of the text, to be filled and then
 * committed with st_spool_commit(). Fails when memory and disk are full, or
 * the text would grow beyond what they allow. */
char *
st_spool_begin (StSpool *self, gsize len, GError **error)
{
  guint64 size = (guint64)self->avail + len;

  if (size > self->limit)
    {
      set_too_large (self, error);
      return NULL;
    }
  /* Memory a waiting reader faulted in already needs no lock. */
  if (self->fd < 0 && size <= (gsize)g_atomic_pointer_get (&self->populated))
    return self->map + self->avail;
  if (self->fd < 0)
    {
      gboolean ok;

      g_mutex_lock (&self->populate_lock);
      if (size > self->mem_budget)
        ok = move_to_disk (self, error);
      else
        ok = populate (self, size, error);
      g_mutex_unlock (&self->populate_lock);
      if (!ok)
        return NULL;
      if (self->fd < 0)
        return self->map + self->avail;
    }
  if (self->bounce_size < len)
    {
      g_free (self->bounce);
      self->bounce = g_malloc (len);
      self->bounce_size = len;
    }
  return self->bounce;
}

/* Makes the first @len bytes of the room st_spool_begin() gave part of the
 * text, and wakes the readers. */
gboolean
st_spool_commit (StSpool *self, gsize len, GError **error)
{
  if (self->fd >= 0 && !write_all (self->fd, self->bounce, len))
    return set_too_large (self, error);
  g_mutex_lock (&self->lock);
  g_atomic_pointer_set (&self->avail, self->avail + len);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  return TRUE;
}

/* No more text will come: the memory faulted in beyond it goes back. */
void
st_spool_complete (StSpool *self)
{
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize used = (self->avail + page - 1) / page * page;

  g_mutex_lock (&self->populate_lock);
  if (self->fd < 0 && self->populated > used)
    madvise (self->map + used, self->populated - used, MADV_DONTNEED);
  g_atomic_pointer_set (&self->populated, MIN (self->populated, used));
  g_mutex_unlock (&self->populate_lock);
  g_mutex_lock (&self->lock);
  g_atomic_int_set (&self->complete, TRUE);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* A reader that has caught up with the writer does part of the writer's
 * work while it waits: it faults in the next step of memory (unless the
 * writer is at it), at most HELP_AHEAD beyond the text. Returns whether it
 * did. */
static gboolean
help_populate (StSpool *self)
{
  gboolean helped = FALSE;

  if (!g_mutex_trylock (&self->populate_lock))
    return FALSE;
  if (self->fd < 0 && self->can_populate && !g_atomic_int_get (&self->complete)
      && self->populated < st_spool_get_size (self) + HELP_AHEAD
      && self->populated < self->mem_budget)
    helped = populate (self, self->populated + 1, NULL);
  g_mutex_unlock (&self->populate_lock);
  return helped;
}

/* Blocks until more than @have bytes are committed or the spool is complete,
 * but never much longer than a tenth of a second, so that the caller can
 * look at its cancellable. Returns the bytes committed. Readers ahead of
 * @have do not take the lock; a reader that has to wait first helps the
 * writer (help_populate()). */
gsize
st_spool_wait (StSpool *self, gsize have, gboolean *complete)
{
  gsize avail;

  /* complete before avail: once complete, the avail read after it is final. */
  do
    {
      *complete = g_atomic_int_get (&self->complete);
      avail = (gsize)g_atomic_pointer_get (&self->avail);
      if (avail > have || *complete)
        return avail;
    }
  while (help_populate (self));
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
  return (gsize)g_atomic_pointer_get (&self->avail);
}
