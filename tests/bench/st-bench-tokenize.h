/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-bench-tokenize.h: the yardstick of the load's speed. A tokenizer
 * written by hand, a byte at a time, finds every token of the text
 * (strings, numbers, literals, punctuation) and keeps nothing, on as many
 * threads as the load uses. Whatever slows the machine down (other load,
 * a slower clock) slows it too, so the load's speed as a share of its
 * speed says more than MB/s alone. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The median time of @runs tokenizings of the file at @path on @n_threads
 * threads; *tokens is how many tokens one found. */
double st_bench_time_tokenize (const char *path, guint n_threads, guint runs, guint64 *tokens);

G_END_DECLS
