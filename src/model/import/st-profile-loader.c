/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-profile-loader.h"
#include "st-small-file.h"
#include "st-trace-loader.h"
#include "st-trace-error.h"
#include "st-trace-merge.h"

#include <glib/gi18n-lib.h>
#include <string.h>

struct _StProfileLoader
{
  GObject parent_instance;

  GPtrArray  *files;         /* GFile */
  GPtrArray  *display_names; /* char *, NULL for the default */
  GPtrArray  *loaders;       /* StTraceLoader of the current load */
  StAlignment alignment;
  guint       n_threads;
  gint        current; /* atomic: index of the file being read */
};

G_DEFINE_FINAL_TYPE (StProfileLoader, st_profile_loader, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_N_FILES,
  PROP_ALIGNMENT,
  PROP_FRACTION,
  PROP_CURRENT_FILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_profile_loader_finalize (GObject *object)
{
  StProfileLoader *self = ST_PROFILE_LOADER (object);

  g_ptr_array_unref (self->files);
  g_ptr_array_unref (self->display_names);
  g_clear_pointer (&self->loaders, g_ptr_array_unref);
  G_OBJECT_CLASS (st_profile_loader_parent_class)->finalize (object);
}

static void
st_profile_loader_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StProfileLoader *self = ST_PROFILE_LOADER (object);

  switch (prop_id)
    {
    case PROP_N_FILES: g_value_set_uint (value, self->files->len); break;
    case PROP_ALIGNMENT: g_value_set_int (value, self->alignment); break;
    case PROP_FRACTION: g_value_set_double (value, st_profile_loader_get_fraction (self)); break;
    case PROP_CURRENT_FILE:
      g_value_set_uint (value, st_profile_loader_get_current_file (self));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_profile_loader_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  StProfileLoader *self = ST_PROFILE_LOADER (object);

  switch (prop_id)
    {
    case PROP_ALIGNMENT: st_profile_loader_set_alignment (self, g_value_get_int (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_profile_loader_class_init (StProfileLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_profile_loader_finalize;
  object_class->get_property = st_profile_loader_get_property;
  object_class->set_property = st_profile_loader_set_property;

  properties[PROP_N_FILES] = g_param_spec_uint ("n-files", NULL, NULL, 0, ST_MAX_FILES, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ALIGNMENT] = g_param_spec_int (
      "alignment", NULL, NULL, ST_ALIGN_CLOCK, ST_ALIGN_COLLECTIVE, ST_ALIGN_CLOCK,
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION]
      = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_FILE]
      = g_param_spec_uint ("current-file", NULL, NULL, 0, ST_MAX_FILES, 0,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_profile_loader_init (StProfileLoader *self)
{
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  self->display_names = g_ptr_array_new_with_free_func (g_free);
  self->n_threads = g_get_num_processors ();
}

/* Loads @files (1 to ST_MAX_FILES) as one profile, in this order. */
StProfileLoader *
st_profile_loader_new (GFile *const *files, guint n_files)
{
  StProfileLoader *self;

  g_return_val_if_fail (files != NULL, NULL);
  g_return_val_if_fail (n_files > 0 && n_files <= ST_MAX_FILES, NULL);

  self = g_object_new (ST_TYPE_PROFILE_LOADER, NULL);
  for (guint i = 0; i < n_files; i++)
    {
      g_return_val_if_fail (G_IS_FILE (files[i]), self);
      g_ptr_array_add (self->files, g_object_ref (files[i]));
      g_ptr_array_add (self->display_names, NULL);
    }
  return self;
}

guint
st_profile_loader_get_n_files (StProfileLoader *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_LOADER (self), 0);
  return self->files->len;
}

GFile *
st_profile_loader_get_file (StProfileLoader *self, guint index)
{
  g_return_val_if_fail (ST_IS_PROFILE_LOADER (self), NULL);
  g_return_val_if_fail (index < self->files->len, NULL);
  return g_ptr_array_index (self->files, index);
}

/* How errors, warnings and the label fallback name file @index (as
 * st_trace_loader_set_display_name()). */
void
st_profile_loader_set_display_name (StProfileLoader *self, guint index, const char *display_name)
{
  g_return_if_fail (ST_IS_PROFILE_LOADER (self));
  g_return_if_fail (index < self->files->len);
  g_free (g_ptr_array_index (self->display_names, index));
  g_ptr_array_index (self->display_names, index) = g_strdup (display_name);
}

StAlignment
st_profile_loader_get_alignment (StProfileLoader *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_LOADER (self), ST_ALIGN_CLOCK);
  return self->alignment;
}

/* ST_ALIGN_CLOCK (the default) or ST_ALIGN_COLLECTIVE, for when the
 * files' clocks disagree. */
void
st_profile_loader_set_alignment (StProfileLoader *self, StAlignment alignment)
{
  g_return_if_fail (ST_IS_PROFILE_LOADER (self));
  g_return_if_fail (alignment == ST_ALIGN_CLOCK || alignment == ST_ALIGN_COLLECTIVE);
  if (self->alignment == alignment)
    return;
  self->alignment = alignment;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALIGNMENT]);
}

void
st_profile_loader_set_n_threads (StProfileLoader *self, guint n_threads)
{
  g_return_if_fail (ST_IS_PROFILE_LOADER (self));
  self->n_threads = MAX (1, n_threads);
}

/* Of all files together: each file counts for an equal share. */
double
st_profile_loader_get_fraction (StProfileLoader *self)
{
  GPtrArray *loaders;
  double     sum = 0.0;

  g_return_val_if_fail (ST_IS_PROFILE_LOADER (self), 0.0);
  loaders = self->loaders;
  if (loaders == NULL || loaders->len == 0)
    return 0.0;
  for (guint i = 0; i < loaders->len; i++)
    sum += st_trace_loader_get_fraction (g_ptr_array_index (loaders, i));
  return CLAMP (sum / loaders->len, 0.0, 1.0);
}

/* The index of the file being read. */
guint
st_profile_loader_get_current_file (StProfileLoader *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_LOADER (self), 0);
  return (guint)g_atomic_int_get (&self->current);
}

static void
on_loader_progress (StProfileLoader *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_FILE]);
}

/* One loader per file, made on the calling thread so that their progress
 * (and so ours) is notified on its thread-default main context. */
static void
prepare (StProfileLoader *self)
{
  GPtrArray *loaders = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->files->len; i++)
    {
      StTraceLoader *loader = st_trace_loader_new (g_ptr_array_index (self->files, i));
      const char    *name = g_ptr_array_index (self->display_names, i);

      if (name != NULL)
        st_trace_loader_set_display_name (loader, name);
      st_trace_loader_set_n_threads (loader, self->n_threads);
      g_signal_connect_object (loader, "notify::fraction", G_CALLBACK (on_loader_progress), self,
                               G_CONNECT_SWAPPED);
      g_ptr_array_add (loaders, loader);
    }
  g_clear_pointer (&self->loaders, g_ptr_array_unref);
  self->loaders = loaders;
  g_atomic_int_set (&self->current, 0);
}

static StTrace *
load_prepared (StProfileLoader *self, GPtrArray *loaders, GCancellable *cancellable, GError **error)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new_with_free_func (g_object_unref);
  StTrace              *merged;

  for (guint i = 0; i < loaders->len; i++)
    {
      StTrace *trace;

      g_atomic_int_set (&self->current, i);
      trace = st_trace_loader_load (g_ptr_array_index (loaders, i), cancellable, error);
      if (trace == NULL)
        return NULL;
      g_ptr_array_add (traces, trace);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  merged = st_trace_merge ((StTrace **)traces->pdata, traces->len, self->alignment);
  g_ptr_array_set_free_func (traces, NULL); /* the merge took them */
  return merged;
}

/* Loads every file and merges them, on the calling thread. */
StTrace *
st_profile_loader_load (StProfileLoader *self, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (ST_IS_PROFILE_LOADER (self), NULL);

  prepare (self);
  return load_prepared (self, self->loaders, cancellable, error);
}

static void
load_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError  *error = NULL;
  StTrace *trace = load_prepared (source_object, task_data, cancellable, &error);

  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, g_object_unref);
}

/* Loads on a thread; progress is notified (the "fraction" and
 * "current-file" properties) on the thread-default main context of the
 * caller. */
void
st_profile_loader_load_async (StProfileLoader    *self,
                              GCancellable       *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (ST_IS_PROFILE_LOADER (self));

  prepare (self);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, st_profile_loader_load_async);
  g_task_set_task_data (task, g_ptr_array_ref (self->loaders), (GDestroyNotify)g_ptr_array_unref);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, load_thread);
}

StTrace *
st_profile_loader_load_finish (StProfileLoader *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Loads @args (paths or URIs as typed on a command line) as one profile on
 * the calling thread, each file named as typed. */
StTrace *
st_profile_load_args (char *const *args,
                      guint        n_args,
                      StAlignment  alignment,
                      guint        n_threads,
                      GError     **error)
{
  g_autoptr (GPtrArray)       files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (StProfileLoader) loader = NULL;

  if (n_args > ST_MAX_FILES)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_TOO_MANY_FILES,
                   _ ("%u files given: one profile takes at most %u (one file per rank); "
                      "open fewer files together"),
                   n_args, (guint)ST_MAX_FILES);
      return NULL;
    }
  for (guint i = 0; i < n_args; i++)
    g_ptr_array_add (files, st_file_new_for_arg (args[i]));
  loader = st_profile_loader_new ((GFile *const *)files->pdata, n_args);
  for (guint i = 0; i < n_args; i++)
    st_profile_loader_set_display_name (loader, i, args[i]);
  if (n_threads > 0)
    st_profile_loader_set_n_threads (loader, n_threads);
  st_profile_loader_set_alignment (loader, alignment);
  return st_profile_loader_load (loader, NULL, error);
}

/* "clock" or "collective". */
gboolean
st_alignment_from_string (const char *text, StAlignment *alignment)
{
  if (g_strcmp0 (text, "clock") == 0)
    *alignment = ST_ALIGN_CLOCK;
  else if (g_strcmp0 (text, "collective") == 0)
    *alignment = ST_ALIGN_COLLECTIVE;
  else
    return FALSE;
  return TRUE;
}

const char *
st_alignment_to_string (StAlignment alignment)
{
  return alignment == ST_ALIGN_COLLECTIVE ? "collective" : "clock";
}
