#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-autosave.h"

#include <glib/gi18n.h>

/* An edit reaches the sidecar this long after it; the edits that follow
 * within that time go with it (a burst of edits is one write). */
#define AUTOSAVE_DELAY_MS 300

struct _StAutosave
{
  GObject parent_instance;

  StSession *session;
  guint      timeout_id;
};

G_DEFINE_FINAL_TYPE (StAutosave, st_autosave, G_TYPE_OBJECT)

G_DEFINE_QUARK (st - autosave - error - quark, st_autosave_error)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

enum
{
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
write_sidecar (StAutosave *self)
{
  g_autoptr (GError)       error = NULL;
  const StProfileIdentity *identity = st_session_get_profile_identity (self->session);

  /* a profile that cannot be told from others keeps no sidecar */
  if (identity != NULL
      && !st_region_set_autosave (st_session_get_regions (self->session), identity, &error))
    g_signal_emit (self, signals[FAILED], 0, error);
}

static gboolean
on_timeout (gpointer data)
{
  StAutosave *self = data;

  self->timeout_id = 0;
  write_sidecar (self);
  return G_SOURCE_REMOVE;
}

/* Writes the regions now, if an edit waits to be written. */
void
st_autosave_flush (StAutosave *self)
{
  g_return_if_fail (ST_IS_AUTOSAVE (self));
  if (self->timeout_id == 0)
    return;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  write_sidecar (self);
}

static void
on_edited (StAutosave *self)
{
  if (self->timeout_id == 0)
    self->timeout_id = g_timeout_add (AUTOSAVE_DELAY_MS, on_timeout, self);
}

/* Learns which profile @files are (their sizes and the hashes of their
 * ends, in this order: the same files opened the same way bring back the
 * same regions), tells the session, and brings back the regions of the
 * last time the profile was open, @n_restored of them (0 without a
 * sidecar). A damaged sidecar is an error and the regions stay empty; so
 * is a profile that cannot be told (ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE),
 * whose regions are then not kept. */
gboolean
st_autosave_restore (StAutosave   *self,
                     GFile *const *files,
                     guint         n_files,
                     guint        *n_restored,
                     GError      **error)
{
  g_autoptr (StProfileIdentity) identity = NULL;
  g_autoptr (GError)            local_error = NULL;
  StRegionSet                  *regions;

  g_return_val_if_fail (ST_IS_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (n_files > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *n_restored = 0;
  if (n_files > 1)
    identity = st_profile_identity_compute_files (files, n_files, NULL, &local_error);
  else
    identity = st_profile_identity_compute (files[0], NULL, &local_error);
  if (identity == NULL)
    {
      g_set_error (error, ST_AUTOSAVE_ERROR, ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE,
                   _ ("Regions of this profile cannot be kept: %s"), local_error->message);
      return FALSE;
    }
  st_session_set_profile_identity (self->session, identity);
  regions = st_session_get_regions (self->session);
  if (st_region_set_restore (regions, identity, &local_error))
    *n_restored = st_region_set_get_n_regions (regions);
  else if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

StSession *
st_autosave_get_session (StAutosave *self)
{
  g_return_val_if_fail (ST_IS_AUTOSAVE (self), NULL);
  return self->session;
}

static void
st_autosave_constructed (GObject *object)
{
  StAutosave *self = ST_AUTOSAVE (object);

  G_OBJECT_CLASS (st_autosave_parent_class)->constructed (object);
  g_signal_connect_object (st_session_get_regions (self->session), "edited", G_CALLBACK (on_edited),
                           self, G_CONNECT_SWAPPED);
}

/* What waits to be written is written before the session goes. */
static void
st_autosave_dispose (GObject *object)
{
  StAutosave *self = ST_AUTOSAVE (object);

  if (self->session != NULL)
    st_autosave_flush (self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_autosave_parent_class)->dispose (object);
}

static void
st_autosave_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, ST_AUTOSAVE (object)->session); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_autosave_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION: ST_AUTOSAVE (object)->session = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_autosave_class_init (StAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = st_autosave_constructed;
  object_class->dispose = st_autosave_dispose;
  object_class->get_property = st_autosave_get_property;
  object_class->set_property = st_autosave_set_property;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY
                                 | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The sidecar could not be written: the GError says why. */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
st_autosave_init (StAutosave *self)
{
}

/* Keeps the regions of @session in its profile's sidecar; the profile is
 * known once st_autosave_restore() has run. */
StAutosave *
st_autosave_new (StSession *session)
{
  g_return_val_if_fail (ST_IS_SESSION (session), NULL);
  return g_object_new (ST_TYPE_AUTOSAVE, "session", session, NULL);
}
