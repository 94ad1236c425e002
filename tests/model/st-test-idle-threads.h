/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-test-idle-threads.h: a small profile of threads that mostly wait
 * and one that works, written at test time, for the order of the call
 * tree's roots (docs/metrics.md 15.5). In µs:
 *
 *   python3 / main:    ProfilerStep#1 [0, 1000) ⊃ aten::mm [100, 700)
 *                        ⊃ cudaLaunchKernel [650, 690);
 *                      ProfilerStep#1 ⊃ cudaStreamSynchronize [750, 950);
 *                      queue.py(171): get [1000, 1100); aten::copy_ [1100, 1150)
 *   python3 / worker:  pin_memory.py(49): _pin_memory_loop [0, 900)
 *                        ⊃ <built-in method acquire of _thread.lock …> [0, 800)
 *   python3 / loader:  loader.py(10): loop [0, 500) ⊃ selectors.py(468): select [50, 500)
 *   python3 / monitor: threading.py(1032): _bootstrap [0, 3000)
 *                        ⊃ monitor.py(60): run [5, 2995) ⊃ time.sleep [10, 2990)
 *   Spans / PyTorch Profiler: PyTorch Profiler (0) [0, 3200)
 *
 * No device: every thread's slices are frames. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The profile's JSON text. */
char *st_test_idle_threads_text (void);
/* Writes it to @path. */
void st_test_idle_threads_write (const char *path);

G_END_DECLS
