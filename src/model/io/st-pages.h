/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-pages.h: the pages of large scratch arrays.
 *
 * A summary of ten million events writes arrays of hundreds of MB that it
 * frees again: faulted in 4 KiB at a time, they cost the kernel about a
 * fifth of the summary's time. Asked for before the first write, huge
 * pages take a five-hundredth of the faults. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void st_pages_advise_huge (gpointer data, gsize bytes);

G_END_DECLS
