/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-tokenize.h"

#include "st-bench-util.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct
{
  const char *p;
  const char *end;
  guint64     tokens;
} Part;

static gboolean
ends_scalar (char c)
{
  return c == ',' || c == '}' || c == ']' || c == ':' || c == ' ' || c == '\n' || c == '\t'
         || c == '\r';
}

/* After a string's opening quote: the end of its closing one. The quote
 * is found with memchr (the C library's fastest scan); one that follows an
 * odd number of backslashes is escaped, and the search goes on. */
static const char *
skip_string (const char *p, const char *end)
{
  for (;;)
    {
      const char *q = memchr (p, '"', end - p);
      const char *b;

      if (q == NULL)
        return end;
      for (b = q; b > p && b[-1] == '\\'; b--)
        ;
      if ((q - b) % 2 == 0)
        return q + 1;
      p = q + 1;
    }
}

/* Every token from @part->p on: white space is skipped, a string is read
 * to its closing quote (a backslash escapes the byte after it), a number or
 * literal to the next delimiter. */
static gpointer
tokenize (gpointer data)
{
  Part       *part = data;
  const char *p = part->p, *end = part->end;
  guint64     n = 0;

  while (p < end)
    {
      char c = *p++;

      if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
        continue;
      n++;
      if (c == '"')
        p = skip_string (p, end);
      else if (c != '{' && c != '}' && c != '[' && c != ']' && c != ',' && c != ':')
        while (p < end && !ends_scalar (*p))
          p++;
    }
  part->tokens = n;
  return NULL;
}

/* The text split into @n parts at line ends (never inside a JSON string,
 * which cannot hold a raw line end), or fewer parts when lines are few. */
static guint
split (const char *text, gsize size, Part *parts, guint n)
{
  const char *from = text, *end = text + size;
  guint       k = 0;

  for (guint i = 1; i < n && from < end; i++)
    {
      const char *at = text + size / n * i;
      const char *nl = at > from ? memchr (at, '\n', end - at) : NULL;

      if (nl == NULL)
        break;
      parts[k++] = (Part){ from, nl + 1, 0 };
      from = nl + 1;
    }
  parts[k++] = (Part){ from, end, 0 };
  return k;
}

static double
tokenize_once (const char *text, gsize size, guint n_threads, guint64 *tokens)
{
  g_autofree Part     *parts = g_new0 (Part, MAX (1, n_threads));
  g_autofree GThread **threads = g_new0 (GThread *, MAX (1, n_threads));
  double               t0 = st_bench_now_ms ();
  guint                n = split (text, size, parts, MAX (1, n_threads));

  for (guint i = 1; i < n; i++)
    threads[i] = g_thread_new ("bench-tokenize", tokenize, &parts[i]);
  tokenize (&parts[0]);
  *tokens = parts[0].tokens;
  for (guint i = 1; i < n; i++)
    {
      g_thread_join (threads[i]);
      *tokens += parts[i].tokens;
    }
  return (st_bench_now_ms () - t0) / 1e3;
}

/* The text mapped anew, as the load maps it, so that both fault its pages
 * in from the page cache. */
static const char *
map_text (const char *path, gsize size)
{
  int   fd = open (path, O_RDONLY | O_CLOEXEC);
  void *text = fd >= 0 ? mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;

  if (fd >= 0)
    close (fd);
  if (text == MAP_FAILED)
    g_error ("tokenizing %s: cannot map it", path);
  return text;
}

double
st_bench_time_tokenize (const char *path, guint n_threads, guint runs, guint64 *tokens)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  gsize              size = st_bench_file_size (path);

  if (size == 0)
    g_error ("tokenizing %s: it is empty or cannot be read", path);
  for (guint i = 0; i < MAX (1u, runs); i++)
    {
      const char *text = map_text (path, size);
      double      s = tokenize_once (text, size, n_threads, tokens);

      munmap ((void *)text, size);
      g_array_append_val (times, s);
    }
  return st_bench_median (times);
}
