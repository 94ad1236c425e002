/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-shape-model.h: what an operator computes and moves, from the shapes
 * PyTorch's profiler records with record_shapes (docs/metrics.md 13.5):
 * the FLOPs and bytes of GEMMs, attention, convolutions, elementwise ops,
 * norms and copies, from args["Input Dims"], args["Input type"] and
 * args["Concrete Inputs"] as written. Plain functions of the text: any
 * thread may call them.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ST_SHAPE_MODEL_ARGS, /* no model read it: FLOPs from args.flops alone */
  ST_SHAPE_MODEL_GEMM,
  ST_SHAPE_MODEL_ATTENTION,
  ST_SHAPE_MODEL_CONVOLUTION,
  ST_SHAPE_MODEL_ELEMENTWISE,
  ST_SHAPE_MODEL_NORM,
  ST_SHAPE_MODEL_COPY,
  ST_N_SHAPE_MODELS
} StShapeModelKind;

/* What a model assumed for what the profile does not record. */
typedef enum
{
  ST_SHAPE_ASSUMED_NOTHING,
  ST_SHAPE_ASSUMED_NOT_CAUSAL, /* attention without is_causal */
  ST_SHAPE_ASSUMED_SAME_SIZE,  /* a convolution without stride, padding, dilation */
} StShapeAssumption;

/* The shape args of one operator as written (each value's text, a JSON
 * array), NULL where absent. */
typedef struct
{
  const char *dims;
  gsize       dims_length;
  const char *types;
  gsize       types_length;
  const char *concrete;
  gsize       concrete_length;
} StShapeArgs;

typedef struct
{
  StShapeModelKind  kind;
  double            flops;  /* 0: none counted */
  double            bytes;  /* 0: unknown */
  char             *params; /* what else the model read ("causal", "stride [2, 2], …"), or NULL */
  StShapeAssumption assumed;
} StShapeWork;

/* The model of the operator name @name, 0 when it has none. */
guint st_shape_model_lookup (const char *name);
/* The work of an operator of model @model (not 0) from its args; FALSE
 * when the model cannot read them: the op has no model (13.5). @out's
 * params are the caller's to clear. */
gboolean st_shape_model_compute (guint model, const StShapeArgs *args, StShapeWork *out);
void     st_shape_work_clear (StShapeWork *work);

/* "gemm", "attention", …, "args". */
const char *st_shape_model_kind_to_string (StShapeModelKind kind);
/* What was assumed, as people read it; NULL for nothing. */
const char *st_shape_assumption_get_text (StShapeAssumption assumed);
/* Bytes per element of a type as "Input type" writes it ("c10::BFloat16"
 * is 2); 0 when it is no tensor's type. */
guint st_shape_type_size (const char *type, gsize length);

G_END_DECLS
