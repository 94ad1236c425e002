/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-baseline-loader.h"

#include "st-baseline.h"
#include "st-job.h"
#include "st-profile-steps.h"
#include "st-trace-loader.h"

#include <glib/gi18n.h>

struct _StBaselineLoader
{
  GObject parent_instance;

  StSession     *session; /* of the profile shown */
  GFile         *pending; /* to load once there is a session */
  GFile         *file;    /* being loaded */
  StTraceLoader *loader;
  StJob         *load;
  StBaseline    *baseline; /* whose steps are being found */
  StJob         *steps;
  char          *title;
};

G_DEFINE_FINAL_TYPE (StBaselineLoader, st_baseline_loader, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LOADING,
  PROP_TITLE,
  PROP_FRACTION,
  PROP_PROGRESS_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  LOADED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- the steps of both profiles ---------------------------------------- */

typedef struct
{
  StTrace *traces[2]; /* base, current */
} StepsJob;

static void
steps_job_free (StepsJob *job)
{
  g_object_unref (job->traces[0]);
  g_object_unref (job->traces[1]);
  g_free (job);
}

static void
steps_free (GPtrArray *steps)
{
  g_ptr_array_unref (steps);
}

/* The steps of each profile (GArray of StTimeSpan), base first. */
static gpointer
steps_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  StepsJob  *job = data;
  GPtrArray *steps = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);

  for (guint i = 0; i < 2; i++)
    {
      GArray *found = st_profile_steps_find (job->traces[i], 0, 0, cancellable);

      if (found == NULL)
        {
          g_ptr_array_unref (steps);
          return NULL;
        }
      g_ptr_array_add (steps, found);
    }
  return steps;
}

static void
on_steps_found (gpointer owner, gpointer result, const GError *error)
{
  StBaselineLoader *self = owner;
  GPtrArray        *steps = result;

  st_baseline_set_steps (self->baseline, g_ptr_array_index (steps, 0),
                         g_ptr_array_index (steps, 1));
  g_clear_object (&self->baseline);
  g_ptr_array_unref (steps);
}

static void
stop_finding_steps (StBaselineLoader *self)
{
  st_job_cancel (self->steps);
  g_clear_object (&self->baseline);
}

static void
find_steps (StBaselineLoader *self, StBaseline *baseline)
{
  StepsJob *job = g_new0 (StepsJob, 1);

  g_set_object (&self->baseline, baseline);
  job->traces[0] = g_object_ref (st_session_get_trace (st_baseline_get_session (baseline)));
  job->traces[1] = g_object_ref (st_session_get_trace (self->session));
  st_job_start (self->steps, steps_thread, job, (GDestroyNotify)steps_job_free, on_steps_found,
                (GDestroyNotify)steps_free);
}

/* --- the load ------------------------------------------------------------ */

static gpointer
load_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  return st_trace_loader_load (data, cancellable, error);
}

/* The load under way stops; the bar goes. */
static void
forget_load (StBaselineLoader *self)
{
  gboolean was_loading = self->loader != NULL;

  st_job_cancel (self->load);
  g_clear_object (&self->loader);
  g_clear_object (&self->file);
  if (was_loading)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
on_loaded (gpointer owner, gpointer result, const GError *error)
{
  StBaselineLoader      *self = owner;
  g_autoptr (StTrace)    trace = result;
  g_autoptr (GFile)      file = g_object_ref (self->file);
  g_autoptr (StBaseline) baseline = NULL;

  forget_load (self);
  if (trace == NULL)
    {
      g_signal_emit (self, signals[FAILED], 0, file, error);
      return;
    }
  baseline = st_baseline_new (self->session, trace, file);
  st_session_set_baseline (self->session, baseline);
  find_steps (self, baseline);
  g_signal_emit (self, signals[LOADED], 0);
}

static void
on_progress (StBaselineLoader *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS_TEXT]);
}

static void
start (StBaselineLoader *self, GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  forget_load (self);
  g_free (self->title);
  self->title = g_strdup_printf (_ ("Loading the baseline “%s”…"), name);
  self->file = g_object_ref (file);
  self->loader = st_trace_loader_new (file);
  st_trace_loader_set_display_name (self->loader, name);
  g_signal_connect_object (self->loader, "notify::fraction", G_CALLBACK (on_progress), self,
                           G_CONNECT_SWAPPED);
  st_job_start (self->load, load_thread, g_object_ref (self->loader), g_object_unref, on_loaded,
                g_object_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  on_progress (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* --- the API -------------------------------------------------------------- */

void
st_baseline_loader_set_session (StBaselineLoader *self, StSession *session)
{
  g_autoptr (GFile) pending = NULL;

  g_return_if_fail (ST_IS_BASELINE_LOADER (self));
  if (!g_set_object (&self->session, session))
    return;
  if (session != NULL && (pending = g_steal_pointer (&self->pending)) != NULL)
    start (self, pending);
}

void
st_baseline_loader_load (StBaselineLoader *self, GFile *file)
{
  g_return_if_fail (ST_IS_BASELINE_LOADER (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->session == NULL)
    g_set_object (&self->pending, file);
  else
    start (self, file);
}

void
st_baseline_loader_stop (StBaselineLoader *self)
{
  g_return_if_fail (ST_IS_BASELINE_LOADER (self));
  g_clear_object (&self->pending);
  forget_load (self);
  stop_finding_steps (self);
  if (self->session != NULL)
    st_session_set_baseline (self->session, NULL);
}

gboolean
st_baseline_loader_is_loading (StBaselineLoader *self)
{
  g_return_val_if_fail (ST_IS_BASELINE_LOADER (self), FALSE);
  return self->loader != NULL;
}

gboolean
st_baseline_loader_is_comparing (StBaselineLoader *self)
{
  g_return_val_if_fail (ST_IS_BASELINE_LOADER (self), FALSE);
  return self->loader != NULL
         || (self->session != NULL && st_session_get_baseline (self->session) != NULL);
}

/* --- the object ----------------------------------------------------------- */

static void
st_baseline_loader_dispose (GObject *object)
{
  StBaselineLoader *self = ST_BASELINE_LOADER (object);

  st_job_cancel (self->load);
  st_job_cancel (self->steps);
  g_clear_object (&self->loader);
  g_clear_object (&self->file);
  g_clear_object (&self->pending);
  g_clear_object (&self->baseline);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_baseline_loader_parent_class)->dispose (object);
}

static void
st_baseline_loader_finalize (GObject *object)
{
  StBaselineLoader *self = ST_BASELINE_LOADER (object);

  g_object_unref (self->load);
  g_object_unref (self->steps);
  g_free (self->title);
  G_OBJECT_CLASS (st_baseline_loader_parent_class)->finalize (object);
}

static void
st_baseline_loader_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StBaselineLoader *self = ST_BASELINE_LOADER (object);
  double            fraction = self->loader ? st_trace_loader_get_fraction (self->loader) : 0;

  switch (prop_id)
    {
    case PROP_LOADING: g_value_set_boolean (value, self->loader != NULL); break;
    case PROP_TITLE: g_value_set_string (value, self->title); break;
    case PROP_FRACTION: g_value_set_double (value, fraction); break;
    case PROP_PROGRESS_TEXT:
      g_value_take_string (value, g_strdup_printf ("%.0f %%", fraction * 100));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_baseline_loader_class_init (StBaselineLoaderClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_baseline_loader_dispose;
  object_class->finalize = st_baseline_loader_finalize;
  object_class->get_property = st_baseline_loader_get_property;
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, flags);
  /* "Loading the baseline “base.json”…" */
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0, flags);
  /* "42 %" */
  properties[PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* the baseline is open: the session's */
  signals[LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);
  /* the file could not be loaded (not when the load was stopped): why */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_ERROR);
}

static void
st_baseline_loader_init (StBaselineLoader *self)
{
  self->load = st_job_new (self);
  self->steps = st_job_new (self);
}

StBaselineLoader *
st_baseline_loader_new (void)
{
  return g_object_new (ST_TYPE_BASELINE_LOADER, NULL);
}
