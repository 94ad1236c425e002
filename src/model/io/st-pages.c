/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-pages.c: see st-pages.h. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-pages.h"

#include <sys/mman.h>
#include <unistd.h>

/* Below this an array fits in a huge page or two: not worth a call. */
#define HUGE_MIN_BYTES (4u << 20)

/* Asks the kernel to back the whole pages of [@data, @data + @bytes) with
 * huge pages where it can, before they are written. An advice only: a
 * kernel without transparent huge pages, or one that refuses, leaves the
 * small pages, with the same contents. */
void
st_pages_advise_huge (gpointer data, gsize bytes)
{
#ifdef MADV_HUGEPAGE
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize from = ((gsize)data + page - 1) / page * page;
  gsize to = ((gsize)data + bytes) / page * page;

  if (data != NULL && bytes >= HUGE_MIN_BYTES && to > from)
    madvise ((gpointer)from, to - from, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}
