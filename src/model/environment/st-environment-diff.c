/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-environment-diff.c: the fields compared one by one, by their text
 * (graphs and compiled regions by whether there are any), and the two
 * sentences made of the differences. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-environment-diff.h"

#include <glib/gi18n-lib.h>

static void
clear_difference (gpointer data)
{
  StEnvironmentDifference *d = data;

  g_free (d->base);
  g_free (d->new_);
}

/* Graphs and compiled regions differ by being there at all: their counts
 * follow the profile's length. */
static gboolean
present_differs (const StEnvironment *base, const StEnvironment *new_, StEnvironmentField field)
{
  if (field == ST_ENV_GRAPH_LAUNCHES)
    return (base->graph_launches > 0) != (new_->graph_launches > 0);
  return (base->compiled_regions > 0) != (new_->compiled_regions > 0);
}

/* Two device models are the same when their names are; when an entry has
 * no name (its model is its architecture, "gfx942 (MI300X)"), when 13.4's
 * table finds the same model for both. */
static gboolean
same_devices (const StEnvironment *base, const StEnvironment *new_)
{
  if (g_str_equal (base->device_model, new_->device_model))
    return TRUE;
  return (base->device_unnamed || new_->device_unnamed) && base->device_table_model != NULL
         && g_strcmp0 (base->device_table_model, new_->device_table_model) == 0;
}

/* The vendor is hardware only when a device model is unknown: two known
 * models already say it. */
static gboolean
is_hardware (const StEnvironment *base, const StEnvironment *new_, StEnvironmentField field)
{
  switch (field)
    {
    case ST_ENV_DEVICE_MODEL:
    case ST_ENV_DEVICE_COUNT:
    case ST_ENV_WORLD_SIZE: return TRUE;
    case ST_ENV_VENDOR: return base->device_model == NULL || new_->device_model == NULL;
    default: return FALSE;
    }
}

GArray *
st_environment_diff (const StEnvironment *base, const StEnvironment *new_)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (StEnvironmentDifference));

  g_return_val_if_fail (base != NULL && new_ != NULL, out);

  g_array_set_clear_func (out, clear_difference);
  for (guint f = 0; f < ST_N_ENV_FIELDS; f++)
    {
      StEnvironmentDifference d
          = { f, st_environment_dup_text (base, f), st_environment_dup_text (new_, f) };
      gboolean counted = f == ST_ENV_GRAPH_LAUNCHES || f == ST_ENV_COMPILED_REGIONS;

      if (d.base == NULL || d.new_ == NULL
          || (counted ? !present_differs (base, new_, f) : g_str_equal (d.base, d.new_))
          || (f == ST_ENV_DEVICE_MODEL && same_devices (base, new_)))
        {
          clear_difference (&d);
          continue;
        }
      d.hardware = is_hardware (base, new_, f);
      d.setup = d.hardware || f == ST_ENV_DTYPES || counted;
      g_array_append_val (out, d);
    }
  return out;
}

/* "GPU" when the devices are GPUs, else "device". */
static const char *
device_word (const StEnvironment *env)
{
  gboolean gpu = env->vendor == ST_VENDOR_NVIDIA || env->vendor == ST_VENDOR_AMD
                 || g_strcmp0 (env->device_kind, "GPU") == 0;

  return gpu ? _ ("GPU") : _ ("device");
}

static char *
warning_part (const StEnvironment *new_, const StEnvironmentDifference *d)
{
  switch (d->field)
    {
    case ST_ENV_DEVICE_MODEL:
      /* Translators: "GPU (Tesla V100 vs A100)", the new profile's first */
      return g_strdup_printf (_ ("%s (%s vs %s)"), device_word (new_), d->new_, d->base);
    case ST_ENV_DEVICE_COUNT:
      return g_strdup_printf (_ ("device count (%s vs %s)"), d->new_, d->base);
    case ST_ENV_WORLD_SIZE: return g_strdup_printf (_ ("world size (%s vs %s)"), d->new_, d->base);
    case ST_ENV_VENDOR:
    default: return g_strdup_printf (_ ("vendor (%s vs %s)"), d->new_, d->base);
    }
}

/* "A", "A and B", "A, B and C". */
static char *
join_parts (GPtrArray *parts)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < parts->len; i++)
    {
      if (i > 0)
        g_string_append (out, i + 1 == parts->len ? _ (" and ") : _ (", "));
      g_string_append (out, g_ptr_array_index (parts, i));
    }
  return g_string_free (out, FALSE);
}

char *
st_environment_dup_warning (const StEnvironment *new_, GArray *differences)
{
  static const StEnvironmentField order[]
      = { ST_ENV_DEVICE_MODEL, ST_ENV_DEVICE_COUNT, ST_ENV_WORLD_SIZE, ST_ENV_VENDOR };
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char      *joined = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint i = 0; i < differences->len; i++)
      {
        const StEnvironmentDifference *d = &g_array_index (differences, StEnvironmentDifference, i);

        if (d->hardware && d->field == order[k])
          g_ptr_array_add (parts, warning_part (new_, d));
      }
  if (parts->len == 0)
    return NULL;
  joined = join_parts (parts);
  /* Translators: %s is "GPU (Tesla V100 vs A100) and world size (2 vs 8)" */
  return g_strdup_printf (_ ("The new profile ran on a different %s: differences below mix the "
                             "change with the hardware."),
                          joined);
}

char *
st_environment_dup_setup (const StEnvironment *new_, GArray *differences)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char      *joined = NULL;

  for (guint i = 0; i < differences->len; i++)
    {
      const StEnvironmentDifference *d = &g_array_index (differences, StEnvironmentDifference, i);
      const char                    *title = d->field == ST_ENV_DEVICE_MODEL
                                                 ? device_word (new_)
                                                 : st_environment_field_get_title (d->field);

      if (d->setup)
        /* Translators: "GPU: Tesla V100 (base A100)" */
        g_ptr_array_add (parts, g_strdup_printf (_ ("%s: %s (base %s)"), title, d->new_, d->base));
    }
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  joined = g_strjoinv ("; ", (char **)parts->pdata);
  return g_strdup_printf (_ ("Different setup — %s"), joined);
}
