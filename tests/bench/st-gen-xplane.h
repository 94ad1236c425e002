/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-gen-xplane.h: the TPU-like profile st-gen-xplane writes, as formulas.
 *
 * Each TPU (plane /device:TPU:d) runs modules one after another; module k
 * holds GEN_OPS ops on the "XLA Ops" line, one after another inside it on
 * the "XLA Modules" line. Each module is launched by a host event on the
 * host thread of its TPU ("launcher d" on /host:CPU), linked to it by the
 * flow stats _p/_pt and _c/_ct. Every time is a whole nanosecond but the
 * ops' ends: an op lasts GEN_OP_DUR_PS picoseconds (2000.6 ns), but for the
 * last of each module, which lasts GEN_TINY_DUR_PS (0.4 ns).
 *
 * The same events are written as Chrome JSON (--format json) with the
 * categories, names, args and flows the xplane importer gives them, so the
 * two loads can be timed against each other.
 */
#pragma once

#include <glib.h>

#define GEN_OPS               8
#define GEN_BASE_NS           G_GINT64_CONSTANT (1700000000000000000)
#define GEN_MODULE_PERIOD     40000 /* ns from one module's start to the next */
#define GEN_OP_LEAD           1000  /* ns from a module's start to its first op */
#define GEN_OP_STRIDE         3000  /* ns from one op's start to the next */
#define GEN_OP_DUR_PS         2000600
#define GEN_TINY_DUR_PS       400
#define GEN_MODULE_DUR        (GEN_OP_LEAD + GEN_OPS * GEN_OP_STRIDE)
#define GEN_LAUNCH_LEAD       5000 /* ns from a launch's start to its module's */
#define GEN_LAUNCH_DUR        4000
#define GEN_DEVICE_SKEW       3 /* ns between the TPUs' modules */
#define GEN_EVENTS_PER_MODULE (GEN_OPS + 2)

/* One module in GEN_OPS carries a collective: op GEN_OPS - 2. */
static const char *const gen_op_names[GEN_OPS] = {
  "fusion.1", "convolution.2", "fusion.3",     "dot.4",
  "reduce.5", "fusion.6",      "all-reduce.7", "copy.8",
};

static const char *const gen_op_categories[GEN_OPS] = {
  "loop fusion", "convolution", "loop fusion", "dot", "reduce", "loop fusion", "collective", "copy",
};

static inline guint64
gen_op_flops (guint j)
{
  return (guint64)(j + 1) * 1000000;
}

static inline guint64
gen_op_bytes (guint j)
{
  return (guint64)(j + 1) * 4096;
}

/* Start of module @k of TPU @d, ns from GEN_BASE_NS. */
static inline gint64
gen_module_start (guint d, guint64 k)
{
  return GEN_LAUNCH_LEAD + (gint64)k * GEN_MODULE_PERIOD + d * GEN_DEVICE_SKEW;
}

static inline gint64
gen_op_start (guint d, guint64 k, guint j)
{
  return gen_module_start (d, k) + GEN_OP_LEAD + (gint64)j * GEN_OP_STRIDE;
}

static inline gint64
gen_op_dur_ps (guint j)
{
  return j == GEN_OPS - 1 ? GEN_TINY_DUR_PS : GEN_OP_DUR_PS;
}

/* Modules per TPU for about @events events over @devices TPUs. */
static inline guint64
gen_modules (guint64 events, guint devices)
{
  return MAX (1, events / (GEN_EVENTS_PER_MODULE * devices));
}
