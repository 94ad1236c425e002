/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-profile-opener.h"

#include "st-job.h"
#include "st-profile-loader.h"
#include "st-recent-profiles.h"
#include "st-summary.h"
#include "st-trace-loader.h"

#include <glib/gi18n.h>

struct _StProfileOpener
{
  GObject parent_instance;

  GPtrArray       *files;          /* GFile: every file shown or being loaded */
  StAlignment      alignment;      /* theirs, when several */
  StTrace         *trace;          /* loaded */
  StTraceLoader   *loader;         /* one file */
  StProfileLoader *profile_loader; /* several files as one profile */
  StJob           *load;
  StJob           *index; /* the analysis index of the trace loaded */
};

G_DEFINE_FINAL_TYPE (StProfileOpener, st_profile_opener, G_TYPE_OBJECT)

enum
{
  PROGRESS,
  LOADED,
  FAILED,
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gpointer
load_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  if (ST_IS_TRACE_LOADER (data))
    return st_trace_loader_load (data, cancellable, error);
  return st_profile_loader_load (data, cancellable, error);
}

static gpointer
index_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  st_summary_prepare_cards (data, cancellable);
  return NULL;
}

static void
on_loaded (gpointer owner, gpointer result, const GError *error)
{
  StProfileOpener *self = owner;

  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  if (result == NULL)
    {
      g_signal_emit (self, signals[FAILED], 0, error);
      return;
    }
  self->trace = result;
  /* The analysis index, which the Summary's first numbers wait for, is
   * made from now, while the window fills and draws its first page; the
   * Summary's thread waits for it. The same thread then makes the stream
   * index, the memory timeline and the FLOP ops, which the Summary reads
   * last, while the Summary's thread computes what it can without them. */
  st_job_start (self->index, index_thread, g_object_ref (self->trace), g_object_unref, NULL, NULL);
  /* the profile goes to the top of the recent files, which the greeter of
   * every window lists: several files as one entry */
  st_recent_profiles_add ((GFile *const *)self->files->pdata, self->files->len, self->alignment);
  g_signal_emit (self, signals[LOADED], 0);
}

static void
on_progress (StProfileOpener *self)
{
  g_signal_emit (self, signals[PROGRESS], 0);
}

/* Forgets the load under way and the profile loaded. */
static void
forget (StProfileOpener *self)
{
  st_job_cancel (self->load);
  st_job_cancel (self->index);
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  g_clear_object (&self->trace);
  g_ptr_array_set_size (self->files, 0);
}

void
st_profile_opener_open (StProfileOpener *self, GFile **files, guint n_files, StAlignment alignment)
{
  gpointer loader;

  g_return_if_fail (ST_IS_PROFILE_OPENER (self));
  g_return_if_fail (n_files > 0 && n_files <= ST_MAX_FILES);

  forget (self);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->files, g_object_ref (files[i]));
  self->alignment = alignment;
  if (n_files == 1)
    {
      g_autofree char *base = g_file_get_basename (files[0]);

      loader = self->loader = st_trace_loader_new (files[0]);
      st_trace_loader_set_display_name (self->loader, base);
    }
  else
    {
      loader = self->profile_loader = st_profile_loader_new (files, n_files);
      for (guint i = 0; i < n_files; i++)
        {
          g_autofree char *base = g_file_get_basename (files[i]);

          st_profile_loader_set_display_name (self->profile_loader, i, base);
        }
      st_profile_loader_set_alignment (self->profile_loader, alignment);
    }
  st_job_start (self->load, load_thread, g_object_ref (loader), g_object_unref, on_loaded,
                g_object_unref);
}

void
st_profile_opener_cancel (StProfileOpener *self)
{
  g_return_if_fail (ST_IS_PROFILE_OPENER (self));
  if (!st_job_is_running (self->load))
    return;
  forget (self);
  g_signal_emit (self, signals[CANCELLED], 0);
}

gboolean
st_profile_opener_is_loading (StProfileOpener *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), FALSE);
  return st_job_is_running (self->load);
}

StTrace *
st_profile_opener_get_trace (StProfileOpener *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), NULL);
  return self->trace;
}

GFile *
st_profile_opener_get_file (StProfileOpener *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), NULL);
  return self->files->len == 1 ? g_ptr_array_index (self->files, 0) : NULL;
}

GFile *const *
st_profile_opener_get_files (StProfileOpener *self, guint *n_files)
{
  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), NULL);
  *n_files = self->files->len;
  return (GFile *const *)self->files->pdata;
}

char *
st_profile_opener_dup_title (StProfileOpener *self)
{
  g_autoptr (GString) title = NULL;

  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), NULL);
  if (self->files->len == 0)
    return NULL;
  title = g_string_new (NULL);
  for (guint i = 0; i < self->files->len; i++)
    {
      g_autofree char *base = g_file_get_basename (g_ptr_array_index (self->files, i));

      g_string_append_printf (title, "%s%s", i > 0 ? " + " : "", base);
    }
  return g_string_free (g_steal_pointer (&title), FALSE);
}

double
st_profile_opener_get_fraction (StProfileOpener *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), 0);
  if (self->loader != NULL)
    return st_trace_loader_get_fraction (self->loader);
  if (self->profile_loader != NULL)
    return st_profile_loader_get_fraction (self->profile_loader);
  return 0;
}

/* "Reading… 42 %": one file's stage. */
static char *
describe_stage (StTraceLoader *loader)
{
  const char *stage;

  switch (st_trace_loader_get_stage (loader))
    {
    case ST_LOAD_STAGE_OPENING: stage = _ ("Opening"); break;
    case ST_LOAD_STAGE_READING: stage = _ ("Reading"); break;
    case ST_LOAD_STAGE_BUILDING: stage = _ ("Building tracks"); break;
    default: stage = _ ("Done"); break;
    }
  return g_strdup_printf ("%s… %.0f %%", stage, st_trace_loader_get_fraction (loader) * 100);
}

/* "Loading file 2 of 3: rank1.json.gz… 42 %": each file is read in turn. */
static char *
describe_file (StProfileLoader *loader)
{
  guint            current = st_profile_loader_get_current_file (loader);
  guint            n = st_profile_loader_get_n_files (loader);
  g_autofree char *name
      = g_file_get_basename (st_profile_loader_get_file (loader, MIN (current, n - 1)));

  return g_strdup_printf (_ ("Loading file %u of %u: %s… %.0f %%"), current + 1, n, name,
                          st_profile_loader_get_fraction (loader) * 100);
}

char *
st_profile_opener_dup_progress_text (StProfileOpener *self)
{
  g_return_val_if_fail (ST_IS_PROFILE_OPENER (self), NULL);
  if (self->loader != NULL)
    return describe_stage (self->loader);
  if (self->profile_loader != NULL)
    return describe_file (self->profile_loader);
  return NULL;
}

void
st_profile_opener_stop_index (StProfileOpener *self)
{
  g_return_if_fail (ST_IS_PROFILE_OPENER (self));
  st_job_cancel (self->index);
}

static void
st_profile_opener_dispose (GObject *object)
{
  forget (ST_PROFILE_OPENER (object));
  G_OBJECT_CLASS (st_profile_opener_parent_class)->dispose (object);
}

static void
st_profile_opener_finalize (GObject *object)
{
  StProfileOpener *self = ST_PROFILE_OPENER (object);

  g_object_unref (self->load);
  g_object_unref (self->index);
  g_ptr_array_unref (self->files);
  G_OBJECT_CLASS (st_profile_opener_parent_class)->finalize (object);
}

static void
st_profile_opener_class_init (StProfileOpenerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = st_profile_opener_dispose;
  object_class->finalize = st_profile_opener_finalize;

  /* ten times a second while loading: see get_fraction and dup_progress_text */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* the trace is in: st_profile_opener_get_trace() */
  signals[LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);
  /* the files could not be loaded: why, for a person */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /* the load was stopped; its files are forgotten */
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_profile_opener_init (StProfileOpener *self)
{
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  self->load = st_job_new (self);
  self->index = st_job_new (self);
  g_signal_connect_swapped (self->load, "progress", G_CALLBACK (on_progress), self);
}

StProfileOpener *
st_profile_opener_new (void)
{
  return g_object_new (ST_TYPE_PROFILE_OPENER, NULL);
}
