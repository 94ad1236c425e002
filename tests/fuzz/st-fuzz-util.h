/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fuzz-util.h: what the libFuzzer harnesses share. */
#pragma once

#include "st-trace-loader.h"

G_BEGIN_DECLS

void     st_fuzz_init (void);
char    *st_fuzz_copy (const guint8 *data, gsize size);
StTrace *st_fuzz_load_bytes (const guint8 *data, gsize size, guint n_threads, GError **error);
void     st_fuzz_walk_args (StTrace *trace, guint max_events);

/* A small profile with device work, two steps, a collective and a copy
 * (Chrome trace JSON): the ranges' harness summarises it, the summary's
 * compares each input with it. */
extern const char st_fuzz_small_profile[];

G_END_DECLS
