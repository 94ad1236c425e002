/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-memory-peak-item.h"

#include "st-format.h"

#include <glib/gi18n.h>
#include <math.h>

struct _StMemoryPeakItem
{
  GObject parent_instance;

  char      *label;
  guint      index; /* the summary's order */
  gboolean   has_allocated;
  double     allocated; /* bytes; -1 when absent, for sorting */
  gboolean   has_reserved;
  double     reserved;   /* bytes; -1 when absent */
  gboolean   change;     /* allocated is a change since the profile's start */
  char      *allocation; /* "+50.4 MB in aten::mul at 46.59 ms" */
  gboolean   has_event;
  StEventRef event;
};

G_DEFINE_FINAL_TYPE (StMemoryPeakItem, st_memory_peak_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_INDEX,
  PROP_ALLOCATED,
  PROP_RESERVED,
  PROP_ALLOCATED_TEXT,
  PROP_RESERVED_TEXT,
  PROP_ALLOCATION_TEXT,
  PROP_TOOLTIP,
  PROP_ALLOCATION_TOOLTIP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
allocated_text (StMemoryPeakItem *self)
{
  g_autofree char *value = NULL;

  if (!self->has_allocated)
    return g_strdup (_ ("not in this profile"));
  value = st_summary_format_value (ST_UNIT_BYTES, self->allocated);
  /* Translators: a change of allocated memory since the profile's start */
  return self->change ? g_strdup_printf (_ ("%s since start"), value) : g_steal_pointer (&value);
}

static char *
tooltip_text (StMemoryPeakItem *self)
{
  if (self->change)
    return g_strdup (_ ("This profile's [memory] events carry no totals (PyTorch before 1.10): the "
                        "allocated memory is its change since the profile's start. Click to show "
                        "the allocation at the peak on the timeline"));
  return g_strdup (_ ("Click to show the allocation at the peak on the timeline"));
}

static void
st_memory_peak_item_finalize (GObject *object)
{
  StMemoryPeakItem *self = ST_MEMORY_PEAK_ITEM (object);

  g_free (self->label);
  g_free (self->allocation);
  G_OBJECT_CLASS (st_memory_peak_item_parent_class)->finalize (object);
}

static void
st_memory_peak_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StMemoryPeakItem *self = ST_MEMORY_PEAK_ITEM (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, self->label); break;
    case PROP_INDEX: g_value_set_uint (value, self->index); break;
    case PROP_ALLOCATED: g_value_set_double (value, self->allocated); break;
    case PROP_RESERVED: g_value_set_double (value, self->reserved); break;
    case PROP_ALLOCATED_TEXT: g_value_take_string (value, allocated_text (self)); break;
    case PROP_RESERVED_TEXT:
      g_value_take_string (value, self->has_reserved
                                      ? st_summary_format_value (ST_UNIT_BYTES, self->reserved)
                                      : g_strdup (_ ("not in this profile")));
      break;
    case PROP_ALLOCATION_TEXT: g_value_set_string (value, self->allocation); break;
    case PROP_TOOLTIP: g_value_take_string (value, tooltip_text (self)); break;
    case PROP_ALLOCATION_TOOLTIP:
      /* Translators: the allocation at the peak, and what a click does */
      g_value_take_string (
          value, g_strdup_printf (_ ("%s\nClick to show it on the timeline"), self->allocation));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_memory_peak_item_class_init (StMemoryPeakItemClass *klass)
{
  GObjectClass            *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags        f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char *const texts[]
      = { "allocated-text", "reserved-text", "allocation-text", "tooltip", "allocation-tooltip" };

  object_class->finalize = st_memory_peak_item_finalize;
  object_class->get_property = st_memory_peak_item_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, f);
  /* -1: not in this profile */
  properties[PROP_ALLOCATED]
      = g_param_spec_double ("allocated", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, f);
  properties[PROP_RESERVED] = g_param_spec_double ("reserved", NULL, NULL, -1, G_MAXDOUBLE, 0, f);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    properties[PROP_ALLOCATED_TEXT + i] = g_param_spec_string (texts[i], NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_memory_peak_item_init (StMemoryPeakItem *self)
{
}

/* "+50.37 MB in aten::mul at 46.59 ms", "−8 B at 26.00 µs" */
static char *
allocation_of (StTrace *trace, const StMemoryPeak *p)
{
  g_autofree char *size = NULL, *at = NULL;
  const char      *sign = p->allocated.event_bytes < 0 ? "−" : "+";

  if (!p->allocated.present)
    return g_strdup ("—");
  size = st_summary_format_value (ST_UNIT_BYTES, fabs (p->allocated.event_bytes));
  at = st_format_duration (p->allocated.ts);
  if (p->has_op)
    /* Translators: bytes allocated, the operation that allocated them, and when */
    return g_strdup_printf (_ ("%s%s in %s at %s"), sign, size,
                            st_trace_get_string (trace, st_trace_get_slice (trace, p->op)->name),
                            at);
  /* Translators: bytes allocated, and when */
  return g_strdup_printf (_ ("%s%s at %s"), sign, size, at);
}

GListModel *
st_memory_peak_item_new_model (StTrace *trace, StSummary *summary)
{
  GListStore           *store = g_list_store_new (ST_TYPE_MEMORY_PEAK_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GArray               *peaks = summary ? st_summary_get_memory_peaks (summary) : NULL;

  for (guint i = 0; peaks != NULL && i < peaks->len; i++)
    {
      const StMemoryPeak *p = &g_array_index (peaks, StMemoryPeak, i);
      StMemoryPeakItem   *item = g_object_new (ST_TYPE_MEMORY_PEAK_ITEM, NULL);

      item->label = g_strdup (p->label);
      item->index = i;
      item->change = p->allocated_is_change && p->allocated.present;
      item->has_allocated = p->allocated.present;
      item->allocated = p->allocated.present ? p->allocated.bytes : -1;
      item->has_reserved = p->reserved.present;
      item->reserved = p->reserved.present ? p->reserved.bytes : -1;
      item->allocation = allocation_of (trace, p);
      item->has_event = p->allocated.present;
      item->event = p->allocated.event;
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}

gboolean
st_memory_peak_item_get_event (StMemoryPeakItem *self, StEventRef *event)
{
  g_return_val_if_fail (ST_IS_MEMORY_PEAK_ITEM (self), FALSE);
  if (self->has_event)
    *event = self->event;
  return self->has_event;
}
