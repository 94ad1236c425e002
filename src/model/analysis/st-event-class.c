#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-event-class.h"

#include <string.h>

#define UNKNOWN 0xff

/* Category flags, above the StWorkKind in the work table. */
enum
{
  WORK_KIND = 0x1f,
  CATEGORY_CC_DMA = 1 << 5,    /* Neuron DMA of a collective */
  CATEGORY_NEURON_OP = 1 << 6, /* Neuron engine instruction */
};

enum
{
  COLLECTIVE_DEVICE = 1 << 7, /* an NCCL/RCCL kernel name */
  COLLECTIVE_HOST = 1 << 6,   /* c10d::, record_param_comms, nccl: */
  COLLECTIVE_NEURON = 1 << 5, /* an opcode naming a collective ("CollectiveCompute") */
  COLLECTIVE_TYPE = 0x1f,     /* index + 1 of the type bit, 0 for none */
  OTHER_TYPE = 7,             /* index + 1 of ST_COLLECTIVE_OTHER */
};

struct _StEventClassifier
{
  StTrace *trace;
  guint    n_strings;
  guint8  *work;       /* by category id */
  guint8  *collective; /* by name id */
  guint8  *device_track;
};

StEventClassifier *
st_event_classifier_new (StTrace *trace)
{
  StEventClassifier *self = g_new0 (StEventClassifier, 1);

  self->trace = g_object_ref (trace);
  self->n_strings = st_trace_get_n_strings (trace);
  self->work = g_malloc (self->n_strings);
  memset (self->work, UNKNOWN, self->n_strings);
  self->collective = g_malloc (self->n_strings);
  memset (self->collective, UNKNOWN, self->n_strings);
  self->device_track = g_malloc (MAX (1, st_trace_get_n_tracks (trace)));
  memset (self->device_track, UNKNOWN, st_trace_get_n_tracks (trace));
  return self;
}

void
st_event_classifier_free (StEventClassifier *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->trace);
  g_free (self->work);
  g_free (self->collective);
  g_free (self->device_track);
  g_free (self);
}

/* The work kind of a category, with the category flags. Neuron engine
 * instructions count as kernels and its DMA rows as copies: they are the
 * device's work. */
static guint8
work_for_category (const char *cat)
{
  if (g_ascii_strcasecmp (cat, "kernel") == 0)
    return ST_WORK_KERNEL;
  if (g_str_equal (cat, "instruction"))
    return ST_WORK_KERNEL | CATEGORY_NEURON_OP;
  if (g_str_equal (cat, "dma"))
    return ST_WORK_MEMCPY;
  if (g_str_equal (cat, "cc_dma"))
    return ST_WORK_MEMCPY | CATEGORY_CC_DMA;
  if (g_ascii_strcasecmp (cat, "gpu_memcpy") == 0 || g_ascii_strcasecmp (cat, "memcpy") == 0)
    return ST_WORK_MEMCPY;
  if (g_ascii_strcasecmp (cat, "gpu_memset") == 0 || g_ascii_strcasecmp (cat, "memset") == 0)
    return ST_WORK_MEMSET;
  if (g_str_equal (cat, "cuda_runtime") || g_str_equal (cat, "cuda_driver")
      || g_str_equal (cat, "Runtime"))
    return ST_WORK_LAUNCH;
  if (g_str_equal (cat, "python_function"))
    return ST_WORK_PYTHON;
  return ST_WORK_OTHER;
}

static guint8
category_class (StEventClassifier *self, StStringId cat)
{
  if (cat >= self->n_strings)
    return ST_WORK_OTHER;
  if (self->work[cat] == UNKNOWN)
    self->work[cat] = work_for_category (st_trace_get_string (self->trace, cat));
  return self->work[cat];
}

StWorkKind
st_event_classifier_work (StEventClassifier *self, const StSlice *slice)
{
  return category_class (self, slice->cat) & WORK_KIND;
}

static guint8
classify_name (const char *name)
{
  guint8 where;

  if (g_ascii_strncasecmp (name, "nccl", 4) == 0 && name[4] != ':')
    where = COLLECTIVE_DEVICE;
  else if (g_ascii_strncasecmp (name, "rccl", 4) == 0)
    where = COLLECTIVE_DEVICE;
  else if (g_str_has_prefix (name, "c10d::") || g_str_has_prefix (name, "nccl:")
           || g_str_equal (name, "record_param_comms"))
    where = COLLECTIVE_HOST;
  else if (strstr (name, "Collective") != NULL || strstr (name, "collective") != NULL)
    where = COLLECTIVE_NEURON;
  else
    where = 0;
  return where | (g_bit_nth_lsf (st_collective_type_for_name (name), -1) + 1);
}

static guint8
name_class (StEventClassifier *self, StStringId name)
{
  if (name >= self->n_strings)
    return 0;
  if (self->collective[name] == UNKNOWN)
    self->collective[name] = classify_name (st_trace_get_string (self->trace, name));
  return self->collective[name];
}

guint
st_event_classifier_collective (StEventClassifier *self, StStringId name)
{
  guint8 type = name_class (self, name) & COLLECTIVE_TYPE;

  return type == 0 ? 0 : 1u << (type - 1);
}

/* NCCL/RCCL kernels; Neuron collective DMA rows and engine instructions
 * whose opcode names a collective (AllReduce, CollectiveCompute…). */
gboolean
st_event_classifier_is_device_collective (StEventClassifier *self, const StSlice *slice)
{
  guint8 category = category_class (self, slice->cat);
  guint8 name = name_class (self, slice->name);

  if (category & CATEGORY_CC_DMA)
    return TRUE;
  if (category & CATEGORY_NEURON_OP)
    return (name & COLLECTIVE_NEURON)
           || ((name & COLLECTIVE_TYPE) != 0 && (name & COLLECTIVE_TYPE) != OTHER_TYPE);
  return (name & COLLECTIVE_DEVICE) && (category & WORK_KIND) == ST_WORK_KERNEL;
}

gboolean
st_event_classifier_is_host_collective (StEventClassifier *self, const StSlice *slice)
{
  return (name_class (self, slice->name) & COLLECTIVE_HOST) != 0;
}

gboolean
st_event_classifier_is_device_track (StEventClassifier *self, guint track)
{
  const StTrack *t = st_trace_get_track (self->trace, track);

  if (self->device_track[track] == UNKNOWN)
    {
      self->device_track[track] = FALSE;
      for (guint i = 0; i < t->n_slices; i++)
        {
          StWorkKind work = st_event_classifier_work (self, &t->slices[i]);

          if (work == ST_WORK_KERNEL || work == ST_WORK_MEMCPY || work == ST_WORK_MEMSET)
            {
              self->device_track[track] = TRUE;
              break;
            }
        }
    }
  return self->device_track[track];
}
