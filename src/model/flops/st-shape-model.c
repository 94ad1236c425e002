/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-shape-model.h"
#include "st-json-scan.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* An operator's inputs as its args write them. More inputs than this, or
 * a tensor of more sizes, is nothing the models of 13.5 take. */
#define MAX_INPUTS 32
#define MAX_DIMS   8
/* No tensor has a size above this, nor a convolution a stride, padding or
 * dilation above MAX_PARAM: beyond them the arithmetic below could
 * overflow, and the op has no model (13.5). */
#define MAX_SIZE  ((gint64)1 << 40)
#define MAX_PARAM ((gint64)1 << 20)

typedef struct
{
  guint     n;
  gint      rank[MAX_INPUTS]; /* -1: not a list of at most MAX_DIMS sizes */
  gint64    size[MAX_INPUTS][MAX_DIMS];
  guint     elem[MAX_INPUTS]; /* bytes per element; 0: not a tensor of a known type */
  gboolean  real[MAX_INPUTS]; /* of a floating-point type: its arithmetic is FLOPs */
  guint     n_concrete;
  StJsonTok concrete[MAX_INPUTS]; /* each value's text, a string's without quotes */
} Inputs;

/* A list of sizes the models cannot take (more than MAX_DIMS, or out of
 * range): its op has no model. */
#define UNREADABLE (-2)

enum
{
  M_MM,
  M_ADDMM,
  M_BMM,
  M_BADDBMM,
  M_ATTENTION,
  M_CONVOLUTION,
  M_ARITHMETIC, /* 1 FLOP per output element */
  M_UNARY,      /* bytes only */
  M_NORM,
  M_COPY,
};

/* docs/metrics.md 13.5. For attention: a = the sequence before the heads
 * ([b, L, h, E]), b = the index of is_causal in Concrete Inputs, c = 1
 * when that is xFormers' custom_mask_type. For a convolution: a stride,
 * b padding, c dilation, d groups, e transposed, f output padding (-1:
 * the op has none). */
typedef struct
{
  const char *name;
  guint8      model;
  gint8       a, b, c, d, e, f;
} Spec;

static const Spec specs[] = {
  { "aten::mm", M_MM },
  { "aten::addmm", M_ADDMM },
  { "aten::bmm", M_BMM },
  { "aten::baddbmm", M_BADDBMM },
  { "aten::scaled_dot_product_attention", M_ATTENTION, 0, 5, 0 },
  { "aten::_scaled_dot_product_flash_attention", M_ATTENTION, 0, 4, 0 },
  { "aten::_scaled_dot_product_efficient_attention", M_ATTENTION, 0, 6, 0 },
  { "aten::_scaled_dot_product_cudnn_attention", M_ATTENTION, 0, 6, 0 },
  { "aten::_flash_attention_forward", M_ATTENTION, 1, 8, 0 },
  { "aten::_efficient_attention_forward", M_ATTENTION, 1, 9, 1 },
  { "aten::conv1d", M_CONVOLUTION, 3, 4, 5, 6, -1, -1 },
  { "aten::conv2d", M_CONVOLUTION, 3, 4, 5, 6, -1, -1 },
  { "aten::conv3d", M_CONVOLUTION, 3, 4, 5, 6, -1, -1 },
  { "aten::convolution", M_CONVOLUTION, 3, 4, 5, 8, 6, 7 },
  { "aten::_convolution", M_CONVOLUTION, 3, 4, 5, 8, 6, 7 },
  { "aten::cudnn_convolution", M_CONVOLUTION, 3, 2, 4, 5, -1, -1 },
  { "aten::miopen_convolution", M_CONVOLUTION, 4, 3, 5, 6, -1, -1 },
  { "aten::add", M_ARITHMETIC },
  { "aten::sub", M_ARITHMETIC },
  { "aten::mul", M_ARITHMETIC },
  { "aten::div", M_ARITHMETIC },
  { "aten::neg", M_UNARY },
  { "aten::abs", M_UNARY },
  { "aten::exp", M_UNARY },
  { "aten::sqrt", M_UNARY },
  { "aten::rsqrt", M_UNARY },
  { "aten::pow", M_UNARY },
  { "aten::relu", M_UNARY },
  { "aten::gelu", M_UNARY },
  { "aten::silu", M_UNARY },
  { "aten::sigmoid", M_UNARY },
  { "aten::tanh", M_UNARY },
  { "aten::clamp_min", M_UNARY },
  { "aten::layer_norm", M_NORM },
  { "aten::native_layer_norm", M_NORM },
  { "aten::rms_norm", M_NORM },
  { "aten::_fused_rms_norm", M_NORM },
  { "aten::group_norm", M_NORM },
  { "aten::native_group_norm", M_NORM },
  { "aten::batch_norm", M_NORM },
  { "aten::native_batch_norm", M_NORM },
  { "aten::cudnn_batch_norm", M_NORM },
  { "aten::miopen_batch_norm", M_NORM },
  { "aten::softmax", M_NORM },
  { "aten::_softmax", M_NORM },
  { "aten::log_softmax", M_NORM },
  { "aten::_log_softmax", M_NORM },
  { "aten::copy_", M_COPY },
};

guint
st_shape_model_lookup (const char *name)
{
  gsize length;

  g_return_val_if_fail (name != NULL, 0);
  length = strlen (name);
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (g_str_equal (specs[i].name, name))
      return i + 1;
  /* the in-place forms of the elementwise ops: aten::add_, aten::relu_ */
  for (guint i = 0; length > 1 && name[length - 1] == '_' && i < G_N_ELEMENTS (specs); i++)
    if ((specs[i].model == M_ARITHMETIC || specs[i].model == M_UNARY)
        && strlen (specs[i].name) == length - 1 && strncmp (specs[i].name, name, length - 1) == 0)
      return i + 1;
  return 0;
}

guint
st_shape_type_size (const char *type, gsize length)
{
  static const struct
  {
    const char *name;
    guint       size;
  } sizes[] = {
    { "c10::complex<double>", 16 },
    { "double", 8 },
    { "long", 8 },
    { "long int", 8 },
    { "int64_t", 8 },
    { "c10::complex<float>", 8 },
    { "float", 4 },
    { "int", 4 },
    { "c10::ComplexHalf", 4 },
    { "c10::Half", 2 },
    { "c10::BFloat16", 2 },
    { "short", 2 },
    { "signed char", 1 },
    { "unsigned char", 1 },
    { "bool", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (length == strlen (sizes[i].name) && memcmp (type, sizes[i].name, length) == 0)
      return sizes[i].size;
  /* c10::Float8_e4m3fn, c10::Float8_e5m2 and their fnuz forms */
  if (length > strlen ("c10::Float8_") && memcmp (type, "c10::Float8_", 12) == 0)
    return 1;
  return 0;
}

/* --- reading the args ------------------------------------------------------ */

static void
read_sizes (const StJsonTok *list, gint *rank, gint64 *size)
{
  const char *p = list->p + 1, *end = list->e - 1;
  StJsonTok   v;

  *rank = 0;
  while (st_json_next_element (&p, end, &v))
    {
      if (v.type != 'n' || *rank == MAX_DIMS || !st_json_parse_int64 (v.p, v.e, &size[*rank])
          || size[*rank] < 0 || size[*rank] > MAX_SIZE)
        {
          *rank = UNREADABLE;
          return;
        }
      (*rank)++;
    }
}

static gboolean
read_dims (Inputs *in, const StShapeArgs *args)
{
  const char *p, *end;
  StJsonTok   v;

  if (args->dims == NULL || args->dims_length < 2 || args->dims[0] != '[')
    return FALSE;
  p = args->dims + 1;
  end = args->dims + args->dims_length - 1;
  while (st_json_next_element (&p, end, &v))
    {
      if (in->n == MAX_INPUTS)
        return FALSE;
      in->rank[in->n] = -1;
      in->elem[in->n] = 0;
      in->real[in->n] = FALSE;
      if (v.type == '[')
        read_sizes (&v, &in->rank[in->n], in->size[in->n]);
      in->n++;
    }
  return in->n > 0;
}

/* fp64, fp32, fp16, bf16, fp8: the types of 13.1 whose arithmetic is
 * floating-point operations. */
static gboolean
is_floating (const char *type, gsize length)
{
  static const char *const names[] = { "double", "float", "c10::Half", "c10::BFloat16" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (length == strlen (names[i]) && memcmp (type, names[i], length) == 0)
      return TRUE;
  return length > 12 && memcmp (type, "c10::Float8_", 12) == 0;
}

static void
read_types (Inputs *in, const StShapeArgs *args)
{
  const char *p, *end;
  StJsonTok   v;
  guint       i = 0;

  if (args->types == NULL || args->types_length < 2 || args->types[0] != '[')
    return;
  p = args->types + 1;
  end = args->types + args->types_length - 1;
  while (i < in->n && st_json_next_element (&p, end, &v))
    {
      in->elem[i] = v.type == 's' ? st_shape_type_size (v.p, v.e - v.p) : 0;
      in->real[i] = v.type == 's' && is_floating (v.p, v.e - v.p);
      i++;
    }
}

static void
read_concrete (Inputs *in, const StShapeArgs *args)
{
  const char *p, *end;
  StJsonTok   v;

  if (args->concrete == NULL || args->concrete_length < 2 || args->concrete[0] != '[')
    return;
  p = args->concrete + 1;
  end = args->concrete + args->concrete_length - 1;
  while (in->n_concrete < MAX_INPUTS && st_json_next_element (&p, end, &v))
    in->concrete[in->n_concrete++] = v;
}

/* The text of Concrete Inputs entry @index, FALSE when absent or empty. */
static gboolean
concrete (const Inputs *in, gint index, const char **text, gsize *length)
{
  if (index < 0 || (guint)index >= in->n_concrete || in->concrete[index].e <= in->concrete[index].p)
    return FALSE;
  *text = in->concrete[index].p;
  *length = in->concrete[index].e - in->concrete[index].p;
  return TRUE;
}

/* --- sizes and bytes --------------------------------------------------------- */

static gboolean
is_tensor (const Inputs *in, guint i)
{
  return i < in->n && in->rank[i] >= 0 && in->elem[i] > 0;
}

static double
numel (const gint64 *size, gint rank)
{
  double n = 1;

  for (gint d = 0; d < rank; d++)
    n *= size[d];
  return n;
}

/* Every tensor input's bytes; FALSE when an input of sizes has a type of
 * no size (a tensor Strata cannot weigh). */
static gboolean
input_bytes (const Inputs *in, double *bytes)
{
  *bytes = 0;
  for (guint i = 0; i < in->n; i++)
    {
      if (in->rank[i] > 0 && in->elem[i] == 0)
        return FALSE;
      if (is_tensor (in, i))
        *bytes += numel (in->size[i], in->rank[i]) * in->elem[i];
    }
  return TRUE;
}

static gint
first_tensor (const Inputs *in)
{
  for (guint i = 0; i < in->n; i++)
    if (is_tensor (in, i))
      return (gint)i;
  return -1;
}

static guint
first_elem (const Inputs *in)
{
  gint i = first_tensor (in);

  return i >= 0 ? in->elem[i] : 0;
}

/* The inputs and an output of @out_elements at the first tensor's type;
 * 0, unknown, when a tensor has no size. */
static double
bytes_with_output (const Inputs *in, double out_elements)
{
  double bytes;

  if (!input_bytes (in, &bytes) || first_elem (in) == 0)
    return 0;
  return bytes + out_elements * first_elem (in);
}

/* --- GEMM ------------------------------------------------------------------------ */

/* A = @a [(b,) M, K] and B = @a + 1 [(b,) K, N]. */
static gboolean
gemm_work (const Inputs *in, guint a, gboolean batched, StShapeWork *out)
{
  gint          rank = batched ? 3 : 2;
  const gint64 *x = in->size[a], *y = in->size[a + 1];
  double        batch = 1, m, k, n;

  if (a + 1 >= in->n || in->rank[a] != rank || in->rank[a + 1] != rank)
    return FALSE;
  if (batched)
    {
      if (x[0] != y[0])
        return FALSE;
      batch = x[0];
      x++;
      y++;
    }
  if (x[1] != y[0])
    return FALSE;
  m = x[0];
  k = x[1];
  n = y[1];
  out->kind = ST_SHAPE_MODEL_GEMM;
  out->flops = 2 * batch * m * n * k;
  out->bytes = in->elem[a] > 0 && in->elem[a + 1] > 0 ? bytes_with_output (in, batch * m * n) : 0;
  return TRUE;
}

/* --- attention ------------------------------------------------------------------- */

typedef struct
{
  double b, h, l, e;
} Heads;

static Heads
heads_of (const gint64 *s, gboolean sequence_first)
{
  return sequence_first ? (Heads){ s[0], s[2], s[1], s[3] } : (Heads){ s[0], s[1], s[2], s[3] };
}

/* The query-key pairs a mask keeps: 0 none, 1 causal from the top left,
 * 2 causal from the bottom right. */
static double
pairs (double lq, double lk, gint mask)
{
  if (mask == 1)
    return lq <= lk ? lq * (lq + 1) / 2 : lk * (lk + 1) / 2 + (lq - lk) * lk;
  if (mask == 2)
    return lq <= lk ? lq * (lq + 1) / 2 + lq * (lk - lq) : lk * (lk + 1) / 2;
  return lq * lk;
}

/* The mask from Concrete Inputs: 0, 1 or 2 as above; -1 unknown. */
static gint
read_mask (const Inputs *in, const Spec *spec)
{
  const char *t;
  gsize       n;

  if (!concrete (in, spec->b, &t, &n))
    return -1;
  if (spec->c)
    return n == 1 && t[0] >= '0' && t[0] <= '2' ? t[0] - '0' : -1;
  if ((n == 4 && memcmp (t, "True", 4) == 0) || (n == 1 && t[0] == '1'))
    return 1;
  if ((n == 5 && memcmp (t, "False", 5) == 0) || (n == 1 && t[0] == '0'))
    return 0;
  return -1;
}

static gboolean
attention_work (const Inputs *in, const Spec *spec, StShapeWork *out)
{
  Heads q, k, v;
  gint  mask = read_mask (in, spec);

  if (in->n < 3 || in->rank[0] != 4 || in->rank[1] != 4 || in->rank[2] != 4)
    return FALSE;
  q = heads_of (in->size[0], spec->a);
  k = heads_of (in->size[1], spec->a);
  v = heads_of (in->size[2], spec->a);
  if (q.b != k.b || k.b != v.b || k.h != v.h || k.h <= 0 || (gint64)q.h % (gint64)k.h != 0
      || q.e != k.e || k.l != v.l)
    return FALSE;
  out->kind = ST_SHAPE_MODEL_ATTENTION;
  out->flops = 2 * q.b * q.h * pairs (q.l, k.l, MAX (mask, 0)) * (q.e + v.e);
  out->bytes = in->elem[0] > 0 && in->elem[1] > 0 && in->elem[2] > 0
                   ? bytes_with_output (in, q.b * q.h * q.l * v.e)
                   : 0;
  if (mask < 0)
    out->assumed = ST_SHAPE_ASSUMED_NOT_CAUSAL;
  else
    out->params = g_strdup (mask == 0   ? "not causal"
                            : mask == 1 ? "causal"
                                        : "causal, from the bottom right");
  return TRUE;
}

/* --- convolution ----------------------------------------------------------------- */

typedef struct
{
  guint    n; /* spatial dimensions */
  gint64   stride[3], padding[3], dilation[3], output_padding[3];
  gint64   groups; /* 0: not recorded */
  gboolean same;   /* padding "same" */
  gboolean transposed;
} ConvParams;

/* A list of @n integers, or one for every dimension: "[2, 2]", "2". */
static gboolean
read_ints (const Inputs *in, gint index, guint n, gint64 *out)
{
  const char *t, *end;
  gsize       length;
  guint       count = 0;

  if (!concrete (in, index, &t, &length))
    return FALSE;
  for (end = t + length; t < end && count <= n;)
    {
      char *after;

      if (*t == '[' || *t == ']' || *t == ',' || *t == ' ')
        {
          t++;
          continue;
        }
      if (count == n)
        return FALSE;
      out[count] = g_ascii_strtoll (t, &after, 10);
      if (after == t || after > end || out[count] > MAX_PARAM || out[count] < -MAX_PARAM)
        return FALSE;
      count++;
      t = after;
    }
  for (guint i = count; count == 1 && i < n; i++)
    out[i] = out[0];
  return count == 1 || count == n;
}

static gboolean
read_padding (const Inputs *in, const Spec *spec, ConvParams *p)
{
  const char *t;
  gsize       n;

  if (concrete (in, spec->b, &t, &n) && n == 4 && memcmp (t, "same", 4) == 0)
    {
      p->same = TRUE;
      return TRUE;
    }
  if (concrete (in, spec->b, &t, &n) && n == 5 && memcmp (t, "valid", 5) == 0)
    {
      memset (p->padding, 0, sizeof p->padding);
      return TRUE;
    }
  return read_ints (in, spec->b, p->n, p->padding);
}

typedef enum
{
  PARAMS_READ,
  PARAMS_ABSENT,     /* none of stride, padding, dilation recorded: the defaults of 13.5 */
  PARAMS_UNREADABLE, /* recorded, and not what 13.5 reads: no model */
} ParamsRead;

static ParamsRead
read_conv_params (const Inputs *in, const Spec *spec, ConvParams *p)
{
  const char *t;
  gsize       n;
  gint64      groups[3];

  memset (p->output_padding, 0, sizeof p->output_padding);
  if (read_ints (in, spec->d, 1, groups) && groups[0] > 0)
    p->groups = groups[0];
  if (spec->e >= 0 && concrete (in, spec->e, &t, &n))
    p->transposed = (n == 4 && memcmp (t, "True", 4) == 0) || (n == 1 && t[0] == '1');
  if (p->transposed && !read_ints (in, spec->f, p->n, p->output_padding))
    memset (p->output_padding, 0, sizeof p->output_padding);
  if (read_ints (in, spec->a, p->n, p->stride) && read_padding (in, spec, p)
      && read_ints (in, spec->c, p->n, p->dilation))
    return PARAMS_READ;
  if (concrete (in, spec->a, &t, &n) || concrete (in, spec->b, &t, &n)
      || concrete (in, spec->c, &t, &n))
    return PARAMS_UNREADABLE;
  return PARAMS_ABSENT;
}

static void
append_list (GString *s, const char *label, const gint64 *v, guint n)
{
  g_string_append_printf (s, "%s [", label);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%" G_GINT64_FORMAT, i ? ", " : "", v[i]);
  g_string_append (s, "]");
}

/* "stride [2, 2], padding [3, 3], dilation [1, 1], groups 1" */
static char *
conv_params_text (const ConvParams *p)
{
  GString *s = g_string_new (NULL);

  append_list (s, "stride", p->stride, p->n);
  if (p->same)
    g_string_append (s, ", padding same");
  else
    append_list (g_string_append (s, ", "), "padding", p->padding, p->n);
  append_list (g_string_append (s, ", "), "dilation", p->dilation, p->n);
  g_string_append_printf (s, ", groups %" G_GINT64_FORMAT, p->groups);
  if (p->transposed)
    append_list (g_string_append (s, ", transposed, "), "output padding", p->output_padding, p->n);
  return g_string_free (s, FALSE);
}

/* The groups and output channels: recorded, or what the weight's second
 * size says (x [N, C, …], w [Cₒ, C / g, …]; transposed w [C, Cₒ / g, …]). */
static gboolean
conv_channels (const gint64 *x, const gint64 *w, ConvParams *p, double *c_out)
{
  if (p->transposed)
    {
      p->groups = MAX (p->groups, 1);
      *c_out = (double)w[1] * p->groups;
      return w[0] == x[1];
    }
  if (p->groups == 0 && w[1] > 0 && x[1] % w[1] == 0)
    p->groups = x[1] / w[1];
  *c_out = w[0];
  return p->groups > 0 && w[1] * p->groups == x[1];
}

static gint64
conv_output (const ConvParams *p, guint i, gint64 size, gint64 kernel)
{
  if (p->same)
    return size;
  if (p->transposed)
    return (size - 1) * p->stride[i] - 2 * p->padding[i] + p->dilation[i] * (kernel - 1)
           + p->output_padding[i] + 1;
  if (p->stride[i] <= 0)
    return 0;
  return (size + 2 * p->padding[i] - p->dilation[i] * (kernel - 1) - 1) / p->stride[i] + 1;
}

static gboolean
conv_work (const Inputs *in, const Spec *spec, StShapeWork *out)
{
  ConvParams    p = { 0 };
  gint          rank = in->n >= 2 ? in->rank[0] : -1;
  const gint64 *x = in->size[0], *w = in->size[1];
  double        window = 1, spatial_in = 1, spatial_out = 1, c_out;

  if (rank < 3 || rank > 5 || in->rank[1] != rank)
    return FALSE;
  p.n = rank - 2;
  switch (read_conv_params (in, spec, &p))
    {
    case PARAMS_READ: break;
    case PARAMS_UNREADABLE: return FALSE;
    case PARAMS_ABSENT:
    default:
      /* 13.5: an output the size of the input, not transposed */
      p.same = TRUE;
      p.transposed = FALSE;
      out->assumed = ST_SHAPE_ASSUMED_SAME_SIZE;
      break;
    }
  if (!conv_channels (x, w, &p, &c_out))
    return FALSE;
  for (guint i = 0; i < p.n; i++)
    {
      gint64 o = conv_output (&p, i, x[2 + i], w[2 + i]);

      if (o < 1 && x[2 + i] > 0)
        return FALSE;
      window *= w[2 + i];
      spatial_in *= x[2 + i];
      spatial_out *= o;
    }
  out->kind = ST_SHAPE_MODEL_CONVOLUTION;
  out->flops = 2 * (double)x[0] * (p.transposed ? x[1] * spatial_in : c_out * spatial_out)
               * (double)w[1] * window;
  out->bytes = in->elem[0] > 0 && in->elem[1] > 0
                   ? bytes_with_output (in, (double)x[0] * c_out * spatial_out)
                   : 0;
  if (out->assumed == ST_SHAPE_ASSUMED_NOTHING)
    out->params = conv_params_text (&p);
  return TRUE;
}

/* --- elementwise, norms, copies -------------------------------------------------- */

/* The elements of the tensor inputs broadcast together (NumPy's rule);
 * FALSE when there is no tensor or the sizes do not fit. */
static gboolean
broadcast_numel (const Inputs *in, double *n)
{
  gint64   size[MAX_DIMS];
  gint     rank = 0;
  gboolean any = FALSE;

  for (guint d = 0; d < MAX_DIMS; d++)
    size[d] = 1;
  for (guint i = 0; i < in->n; i++)
    {
      if (!is_tensor (in, i))
        continue;
      any = TRUE;
      rank = MAX (rank, in->rank[i]);
      for (gint d = 0; d < in->rank[i]; d++)
        {
          gint64  s = in->size[i][d];
          gint64 *o = &size[MAX_DIMS - in->rank[i] + d];

          if (*o == 1)
            *o = s;
          else if (s != 1 && s != *o)
            return FALSE;
        }
    }
  *n = numel (size + MAX_DIMS - rank, rank);
  return any;
}

static gboolean
bytes_only_work (const Inputs *in, guint model, StShapeWork *out)
{
  double bytes, n;

  if (!input_bytes (in, &bytes))
    return FALSE;
  switch (model)
    {
    case M_ARITHMETIC:
    case M_UNARY:
      if (!broadcast_numel (in, &n))
        return FALSE;
      out->kind = ST_SHAPE_MODEL_ELEMENTWISE;
      /* an integer add is no floating-point operation */
      out->flops = model == M_ARITHMETIC && in->real[first_tensor (in)] ? n : 0;
      out->bytes = bytes + n * first_elem (in);
      return TRUE;
    case M_NORM:
      if (!is_tensor (in, 0))
        return FALSE;
      out->kind = ST_SHAPE_MODEL_NORM;
      out->bytes = bytes + numel (in->size[0], in->rank[0]) * in->elem[0];
      return TRUE;
    default:
      /* the destination written and the source read */
      if (!is_tensor (in, 0) || !is_tensor (in, 1))
        return FALSE;
      out->kind = ST_SHAPE_MODEL_COPY;
      out->bytes = numel (in->size[0], in->rank[0]) * in->elem[0]
                   + numel (in->size[1], in->rank[1]) * in->elem[1];
      return TRUE;
    }
}

gboolean
st_shape_model_compute (guint model, const StShapeArgs *args, StShapeWork *out)
{
  const Spec *spec;
  Inputs      in;

  g_return_val_if_fail (model > 0 && model <= G_N_ELEMENTS (specs), FALSE);
  memset (out, 0, sizeof *out);
  spec = &specs[model - 1];
  in.n = 0;
  in.n_concrete = 0;
  if (!read_dims (&in, args))
    return FALSE;
  for (guint i = 0; i < in.n; i++)
    if (in.rank[i] == UNREADABLE)
      return FALSE;
  read_types (&in, args);
  read_concrete (&in, args);
  switch (spec->model)
    {
    case M_MM: return gemm_work (&in, 0, FALSE, out);
    case M_ADDMM: return gemm_work (&in, 1, FALSE, out);
    case M_BMM: return gemm_work (&in, 0, TRUE, out);
    case M_BADDBMM: return gemm_work (&in, 1, TRUE, out);
    case M_ATTENTION: return attention_work (&in, spec, out);
    case M_CONVOLUTION: return conv_work (&in, spec, out);
    default: return bytes_only_work (&in, spec->model, out);
    }
}

void
st_shape_work_clear (StShapeWork *work)
{
  g_clear_pointer (&work->params, g_free);
}

const char *
st_shape_model_kind_to_string (StShapeModelKind kind)
{
  static const char *const ids[ST_N_SHAPE_MODELS] = {
    "args", "gemm", "attention", "convolution", "elementwise", "norm", "copy",
  };

  return kind < ST_N_SHAPE_MODELS ? ids[kind] : "args";
}

const char *
st_shape_assumption_get_text (StShapeAssumption assumed)
{
  switch (assumed)
    {
    case ST_SHAPE_ASSUMED_NOT_CAUSAL: return _ ("is_causal not recorded: counted as not causal");
    case ST_SHAPE_ASSUMED_SAME_SIZE:
      return _ ("stride, padding and dilation not recorded: an output the size of the input "
                "assumed");
    case ST_SHAPE_ASSUMED_NOTHING:
    default: return NULL;
    }
}
