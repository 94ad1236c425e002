/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-autosave.h"

#include "st-small-file.h"
#include "st-track-arrangement.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* An edit reaches the sidecar this long after it; the edits that follow
 * within that time go with it (a burst of edits is one write). */
#define AUTOSAVE_DELAY_MS 300
/* The tracks' arrangement of a profile is a few KiB; far more is no such file. */
#define TRACKS_MAX_SIZE ((gsize)64 << 20)

/* The files beside a profile, for what an unreadable one costs. */
enum
{
  SIDECAR_REGIONS,
  SIDECAR_TRACKS,
  SIDECAR_QUERIES,
};

struct _StAutosave
{
  GObject parent_instance;

  StSession *session;
  guint      timeout_id;
  /* the sidecar could not be read, nor moved out of the way: an autosave
   * would replace it */
  gboolean blocked;
  gboolean tracks_dirty;
  gboolean tracks_blocked; /* likewise, the tracks' arrangement */
  gboolean queries_dirty;
  gboolean queries_blocked; /* and the saved queries */
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

/* Writes @text to its file beside the profile's regions' sidecar, the
 * file's path made from the sidecar's by @dup_path. */
static gboolean
replace_beside_sidecar (const StProfileIdentity *identity,
                        char *(*dup_path) (const char *sidecar),
                        const char *text,
                        GError    **error)
{
  g_autofree char  *sidecar = st_profile_identity_dup_sidecar_path (identity);
  g_autofree char  *path = dup_path (sidecar);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char  *folder = g_path_get_dirname (path);

  g_mkdir_with_parents (folder, 0700);
  return st_small_file_replace (file, text, strlen (text), 0600, error);
}

/* The tracks' arrangement, in its file beside the regions' sidecar. */
static gboolean
write_tracks (StAutosave *self, const StProfileIdentity *identity, GError **error)
{
  g_autofree char *text = NULL;

  if (!self->tracks_dirty || self->tracks_blocked)
    return TRUE;
  self->tracks_dirty = FALSE;
  text = st_track_arrangement_to_json (st_session_get_track_arrangement (self->session));
  return replace_beside_sidecar (identity, st_track_arrangement_dup_path, text, error);
}

/* The Query page's text and saved queries, in their file beside the
 * regions' sidecar. */
static gboolean
write_queries (StAutosave *self, const StProfileIdentity *identity, GError **error)
{
  g_autofree char *text = NULL;

  if (!self->queries_dirty || self->queries_blocked)
    return TRUE;
  self->queries_dirty = FALSE;
  text = st_saved_queries_to_json (st_session_get_saved_queries (self->session));
  return replace_beside_sidecar (identity, st_saved_queries_dup_path, text, error);
}

static void
write_sidecar (StAutosave *self)
{
  g_autoptr (GError)       error = NULL;
  const StProfileIdentity *identity = st_session_get_profile_identity (self->session);

  /* a profile that cannot be told from others keeps no sidecar */
  if (identity == NULL)
    return;
  if ((!self->blocked
       && !st_region_set_autosave (st_session_get_regions (self->session), identity, &error))
      || !write_tracks (self, identity, &error) || !write_queries (self, identity, &error))
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

static void on_edited (StAutosave *self);

static void
on_tracks_changed (StAutosave *self)
{
  self->tracks_dirty = TRUE;
  on_edited (self);
}

static void
on_queries_changed (StAutosave *self)
{
  self->queries_dirty = TRUE;
  on_edited (self);
}

static void
on_edited (StAutosave *self)
{
  if (self->timeout_id == 0)
    self->timeout_id = g_timeout_add (AUTOSAVE_DELAY_MS, on_timeout, self);
}

/* Moves @from to @to unless something is there already (errno EEXIST). A
 * hard link is made first, which fails when @to is taken; a folder, or a
 * file system without hard links, is renamed after a look. Should @from
 * stay as well, an autosave replaces its name, not the file @to holds. */
static gboolean
move_unless_taken (const char *from, const char *to)
{
  GStatBuf st;

  if (link (from, to) == 0)
    {
      g_unlink (from);
      return TRUE;
    }
  if (errno == EEXIST)
    return FALSE;
  if (g_lstat (to, &st) == 0)
    {
      errno = EEXIST;
      return FALSE;
    }
  return g_rename (from, to) == 0;
}

/* Moves the sidecar at @path, which could not be read, next to itself
 * under a name that says so ("KEY.unreadable-20250131-143000.json", then
 * "-2", "-3"… when that is taken), never over an earlier one. Returns the
 * new path. */
static char *
set_aside (const char *path, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char      *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char      *stem = g_strdup (path);
  int                   saved_errno = EEXIST;

  if (g_str_has_suffix (stem, ".json"))
    stem[strlen (stem) - strlen (".json")] = '\0';
  for (guint n = 1; n <= 100 && saved_errno == EEXIST; n++)
    {
      g_autofree char *aside = n == 1
                                   ? g_strdup_printf ("%s.unreadable-%s.json", stem, stamp)
                                   : g_strdup_printf ("%s.unreadable-%s-%u.json", stem, stamp, n);

      if (move_unless_taken (path, aside))
        return g_steal_pointer (&aside);
      saved_errno = errno;
    }
  g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
  return NULL;
}

/* The sidecar could not be read (@read_error says why): it is moved aside
 * before the first autosave would replace it, and @error says where to;
 * should it have to stay, what it holds (@what: the regions, the tracks' arrangement
 * or the saved queries) is not autosaved. */
static void
set_aside_unreadable (StAutosave   *self,
                      const char   *path,
                      guint         what,
                      gboolean     *blocked,
                      const GError *read_error,
                      GError      **error)
{
  g_autoptr (GError) move_error = NULL;
  g_autofree char   *aside = set_aside (path, &move_error);
  const char        *stop = g_str_has_suffix (read_error->message, ".") ? "" : ".";

  if (aside != NULL)
    {
      g_autofree char *display = g_filename_display_name (aside);

      g_set_error (error, read_error->domain, read_error->code,
                   _ ("%s%s It was moved to “%s”, where autosaves do not touch it."),
                   read_error->message, stop, display);
      return;
    }
  *blocked = TRUE;
  if (what == SIDECAR_QUERIES)
    g_set_error (error, read_error->domain, read_error->code,
                 _ ("%s%s It could not be moved aside (%s), so the saved queries of this profile "
                    "are not kept."),
                 read_error->message, stop, move_error->message);
  else if (what == SIDECAR_TRACKS)
    g_set_error (error, read_error->domain, read_error->code,
                 _ ("%s%s It could not be moved aside (%s), so how the tracks of this profile are "
                    "arranged is not saved."),
                 read_error->message, stop, move_error->message);
  else
    g_set_error (error, read_error->domain, read_error->code,
                 _ ("%s%s It could not be moved aside (%s), so the regions of this profile are not "
                    "autosaved."),
                 read_error->message, stop, move_error->message);
}

/* Brings back the tracks' arrangement of the last time; an unreadable
 * file is set aside as the regions' sidecar is. */
static gboolean
restore_tracks (StAutosave *self, const StProfileIdentity *identity, GError **error)
{
  g_autofree char    *sidecar = st_profile_identity_dup_sidecar_path (identity);
  g_autofree char    *path = st_track_arrangement_dup_path (sidecar);
  g_autofree char    *display = g_filename_display_name (path);
  g_autoptr (GFile)   file = g_file_new_for_path (path);
  g_autofree char    *text = NULL;
  gsize               length;
  g_autoptr (GError)  local_error = NULL;
  StTrackArrangement *arrangement = st_session_get_track_arrangement (self->session);

  if (!st_small_file_load (file, display, TRACKS_MAX_SIZE, &text, &length, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
    }
  else
    {
      g_signal_handlers_block_by_func (arrangement, on_tracks_changed, self);
      st_track_arrangement_load_json (arrangement, text, &local_error);
      g_signal_handlers_unblock_by_func (arrangement, on_tracks_changed, self);
      if (local_error == NULL)
        return TRUE;
    }
  set_aside_unreadable (self, path, SIDECAR_TRACKS, &self->tracks_blocked, local_error, error);
  return FALSE;
}

/* Brings back the Query page's text and saved queries of the last time;
 * an unreadable file is set aside as the regions' sidecar is. */
static gboolean
restore_queries (StAutosave *self, const StProfileIdentity *identity, GError **error)
{
  g_autofree char   *sidecar = st_profile_identity_dup_sidecar_path (identity);
  g_autofree char   *path = st_saved_queries_dup_path (sidecar);
  g_autofree char   *display = g_filename_display_name (path);
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autofree char   *text = NULL;
  gsize              length;
  g_autoptr (GError) local_error = NULL;

  if (!st_small_file_load (file, display, TRACKS_MAX_SIZE, &text, &length, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
    }
  else if (st_saved_queries_load_json (st_session_get_saved_queries (self->session), text,
                                       &local_error))
    return TRUE;
  set_aside_unreadable (self, path, SIDECAR_QUERIES, &self->queries_blocked, local_error, error);
  return FALSE;
}

/* Learns which profile @files are (their sizes and the hashes of their
 * ends, in this order: the same files opened the same way bring back the
 * same regions), tells the session, and brings back the regions of the
 * last time the profile was open, @n_restored of them (0 without a
 * sidecar). A sidecar that cannot be read (damaged, from a newer Strata,
 * of another profile) is an error that says where it was moved to, and
 * the regions stay empty; so
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
      g_autofree char *path = st_profile_identity_dup_sidecar_path (identity);

      set_aside_unreadable (self, path, SIDECAR_REGIONS, &self->blocked, local_error, error);
      return FALSE;
    }
  if (!restore_tracks (self, identity, error))
    return FALSE;
  return restore_queries (self, identity, error);
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
  g_signal_connect_object (st_session_get_track_arrangement (self->session), "changed",
                           G_CALLBACK (on_tracks_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (st_session_get_saved_queries (self->session), "changed",
                           G_CALLBACK (on_queries_changed), self, G_CONNECT_SWAPPED);
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
