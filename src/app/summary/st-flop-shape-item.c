/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-flop-shape-item.h"

#include "st-format.h"
#include "st-summary.h"

#include <glib/gi18n.h>

struct _StFlopShapeItem
{
  GObject parent_instance;

  StFlopRow row;
  char     *label;
};

G_DEFINE_FINAL_TYPE (StFlopShapeItem, st_flop_shape_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_COUNT,
  PROP_TIME,
  PROP_RATE,
  PROP_BANDWIDTH,
  PROP_INTENSITY,
  PROP_ROOF,
  PROP_COUNT_TEXT,
  PROP_TIME_TEXT,
  PROP_RATE_TEXT,
  PROP_BANDWIDTH_TEXT,
  PROP_INTENSITY_TEXT,
  PROP_ROOF_TEXT,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef gboolean (*RowValue) (const StFlopRow *row, double *value);

/* A row's number, -1 where it is absent: the sorters put those first. */
static double
value_of (StFlopShapeItem *self, RowValue get)
{
  double v;

  return get (&self->row, &v) ? v : -1;
}

/* "692.8", "0.2", "0.004" */
static char *
format_intensity (double v)
{
  return v >= 1 ? g_strdup_printf ("%.1f", v) : g_strdup_printf ("%.2g", v);
}

static void
st_flop_shape_item_finalize (GObject *object)
{
  g_free (ST_FLOP_SHAPE_ITEM (object)->label);
  G_OBJECT_CLASS (st_flop_shape_item_parent_class)->finalize (object);
}

static void
st_flop_shape_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StFlopShapeItem *self = ST_FLOP_SHAPE_ITEM (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, self->label); break;
    case PROP_COUNT: g_value_set_uint (value, self->row.count); break;
    case PROP_TIME: g_value_set_int64 (value, self->row.device_ns); break;
    case PROP_RATE: g_value_set_double (value, value_of (self, st_flop_row_get_rate)); break;
    case PROP_BANDWIDTH:
      g_value_set_double (value, value_of (self, st_flop_row_get_bandwidth));
      break;
    case PROP_INTENSITY:
      g_value_set_double (value, value_of (self, st_flop_row_get_intensity));
      break;
    case PROP_ROOF:
      g_value_set_double (value, value_of (self, st_flop_row_get_roof_percent));
      break;
    case PROP_SUMMARY: g_value_take_string (value, st_flop_shape_item_dup_summary (self)); break;
    case PROP_COUNT_TEXT:
    case PROP_TIME_TEXT:
    case PROP_RATE_TEXT:
    case PROP_BANDWIDTH_TEXT:
    case PROP_INTENSITY_TEXT:
    case PROP_ROOF_TEXT:
      g_value_take_string (value, st_flop_shape_item_dup_text (self, pspec->name));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_flop_shape_item_class_init (StFlopShapeItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_flop_shape_item_finalize;
  object_class->get_property = st_flop_shape_item_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_COUNT] = g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_TIME] = g_param_spec_int64 ("time", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_RATE] = g_param_spec_double ("rate", NULL, NULL, -1, G_MAXDOUBLE, -1, f);
  properties[PROP_BANDWIDTH]
      = g_param_spec_double ("bandwidth", NULL, NULL, -1, G_MAXDOUBLE, -1, f);
  properties[PROP_INTENSITY]
      = g_param_spec_double ("intensity", NULL, NULL, -1, G_MAXDOUBLE, -1, f);
  properties[PROP_ROOF] = g_param_spec_double ("roof", NULL, NULL, -1, G_MAXDOUBLE, -1, f);
  properties[PROP_COUNT_TEXT] = g_param_spec_string ("count-text", NULL, NULL, NULL, f);
  properties[PROP_TIME_TEXT] = g_param_spec_string ("time-text", NULL, NULL, NULL, f);
  properties[PROP_RATE_TEXT] = g_param_spec_string ("rate-text", NULL, NULL, NULL, f);
  properties[PROP_BANDWIDTH_TEXT] = g_param_spec_string ("bandwidth-text", NULL, NULL, NULL, f);
  properties[PROP_INTENSITY_TEXT] = g_param_spec_string ("intensity-text", NULL, NULL, NULL, f);
  properties[PROP_ROOF_TEXT] = g_param_spec_string ("roof-text", NULL, NULL, NULL, f);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_flop_shape_item_init (StFlopShapeItem *self)
{
}

GListModel *
st_flop_shape_item_new_model (const StFlopRates *rates, StFlopOps *ops, StTrace *trace)
{
  GListStore           *store = g_list_store_new (ST_TYPE_FLOP_SHAPE_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; rates != NULL && i < rates->shapes->len; i++)
    {
      StFlopShapeItem *item = g_object_new (ST_TYPE_FLOP_SHAPE_ITEM, NULL);

      item->row = g_array_index (rates->shapes, StFlopRow, i);
      item->label = st_flop_shape_dup_label (st_flop_ops_get_shape (ops, item->row.key), trace);
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}

const StFlopRow *
st_flop_shape_item_get_row (StFlopShapeItem *self)
{
  g_return_val_if_fail (ST_IS_FLOP_SHAPE_ITEM (self), NULL);
  return &self->row;
}

const char *
st_flop_shape_item_get_label (StFlopShapeItem *self)
{
  g_return_val_if_fail (ST_IS_FLOP_SHAPE_ITEM (self), NULL);
  return self->label;
}

/* "62% compute": the share of the roof that bounds it. */
static char *
roof_text (StFlopShapeItem *self)
{
  StFlopBound      bound = st_flop_row_get_bound (&self->row);
  double           roof;
  g_autofree char *share = NULL;

  if (!st_flop_row_get_roof_percent (&self->row, &roof))
    return g_strdup ("—");
  share = st_summary_format_value (ST_UNIT_PERCENT, roof);
  return g_strdup_printf (bound == ST_FLOP_BOUND_COMPUTE
                              /* Translators: the share of the compute roof a shape reached */
                              ? _ ("%s compute")
                              /* Translators: the share of the memory roof a shape reached */
                              : _ ("%s memory"),
                          share);
}

char *
st_flop_shape_item_dup_text (StFlopShapeItem *self, const char *column)
{
  double v;

  g_return_val_if_fail (ST_IS_FLOP_SHAPE_ITEM (self), NULL);

  if (g_str_equal (column, "count-text"))
    return st_format_count (self->row.count);
  if (g_str_equal (column, "time-text"))
    return st_format_duration (self->row.device_ns);
  if (g_str_equal (column, "roof-text"))
    return roof_text (self);
  if (g_str_equal (column, "rate-text"))
    return st_flop_row_get_rate (&self->row, &v) && self->row.flops > 0
               ? st_flop_rates_format_rate (v)
               : g_strdup ("—");
  if (g_str_equal (column, "bandwidth-text"))
    return st_flop_row_get_bandwidth (&self->row, &v) ? st_flop_rates_format_bandwidth (v)
                                                      : g_strdup ("—");
  if (g_str_equal (column, "intensity-text"))
    return st_flop_row_get_intensity (&self->row, &v) ? format_intensity (v) : g_strdup ("—");
  g_return_val_if_reached (NULL);
}

char *
st_flop_shape_item_dup_summary (StFlopShapeItem *self)
{
  g_autofree char *count = NULL, *time = NULL, *rate = NULL, *bandwidth = NULL;
  g_autofree char *intensity = NULL, *roof = NULL, *text = NULL;
  double           percent;

  g_return_val_if_fail (ST_IS_FLOP_SHAPE_ITEM (self), NULL);
  count = st_format_count (self->row.count);
  time = st_format_duration (self->row.device_ns);
  rate = st_flop_shape_item_dup_text (self, "rate-text");
  bandwidth = st_flop_shape_item_dup_text (self, "bandwidth-text");
  intensity = st_flop_shape_item_dup_text (self, "intensity-text");
  roof = roof_text (self);
  text = g_strdup_printf (
      /* Translators: a shape (operation, input sizes, data type); how many
       * calls and their kernels' time; FLOP rate, bandwidth, arithmetic
       * intensity; the share of the roof that bounds it ("62% compute") */
      ngettext ("%s\n%s call, %s of device time\n%s · %s · %s FLOP/B\nRoof: %s",
                "%s\n%s calls, %s of device time\n%s · %s · %s FLOP/B\nRoof: %s", self->row.count),
      self->label, count, time, rate, bandwidth, intensity, roof);
  /* a rate above the roof is no error of the reading (docs/metrics.md 13):
   * the count is the operation's, the kernel may do less */
  if (!st_flop_row_get_roof_percent (&self->row, &percent) || percent <= 100)
    return g_steal_pointer (&text);
  return g_strconcat (
      text, "\n",
      st_flop_row_get_bound (&self->row) == ST_FLOP_BOUND_COMPUTE
          ? _ ("Above the roof: the kernel did fewer operations than the operation counts (a "
               "Winograd or FFT convolution), or the device is faster than its listed peak")
          : _ ("Above the roof: the kernel moved fewer bytes than the operation counts (data "
               "still in a cache), or the device is faster than its listed bandwidth"),
      NULL);
}
