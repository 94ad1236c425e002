#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-track-arrangement.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#define FORMAT_VERSION 1

struct _StTrackArrangement
{
  GObject parent_instance;

  StTrace *trace;
  guint    n_tracks;
  guint   *order; /* n_tracks: track indices as shown, section by section */
  guint8  *pinned;
  guint8  *hidden;
};

G_DEFINE_FINAL_TYPE (StTrackArrangement, st_track_arrangement, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
st_track_arrangement_finalize (GObject *object)
{
  StTrackArrangement *self = ST_TRACK_ARRANGEMENT (object);

  g_clear_object (&self->trace);
  g_free (self->order);
  g_free (self->pinned);
  g_free (self->hidden);
  G_OBJECT_CLASS (st_track_arrangement_parent_class)->finalize (object);
}

static void
st_track_arrangement_class_init (StTrackArrangementClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_track_arrangement_finalize;

  /* pinned, hidden or order changed */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_track_arrangement_init (StTrackArrangement *self)
{
}

/* The trace's own arrangement: every track shown, in the trace's order. */
StTrackArrangement *
st_track_arrangement_new (StTrace *trace)
{
  StTrackArrangement *self;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  self = g_object_new (ST_TYPE_TRACK_ARRANGEMENT, NULL);
  self->trace = g_object_ref (trace);
  self->n_tracks = st_trace_get_n_tracks (trace);
  self->order = g_new (guint, MAX (1, self->n_tracks));
  self->pinned = g_new0 (guint8, MAX (1, self->n_tracks));
  self->hidden = g_new0 (guint8, MAX (1, self->n_tracks));
  for (guint i = 0; i < self->n_tracks; i++)
    self->order[i] = i;
  return self;
}

static void
changed (StTrackArrangement *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
st_track_arrangement_get_pinned (StTrackArrangement *self, guint track)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  g_return_val_if_fail (track < self->n_tracks, FALSE);
  return self->pinned[track];
}

void
st_track_arrangement_set_pinned (StTrackArrangement *self, guint track, gboolean pinned)
{
  g_return_if_fail (ST_IS_TRACK_ARRANGEMENT (self));
  g_return_if_fail (track < self->n_tracks);
  if (self->pinned[track] == !!pinned)
    return;
  self->pinned[track] = !!pinned;
  changed (self);
}

gboolean
st_track_arrangement_get_hidden (StTrackArrangement *self, guint track)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  g_return_val_if_fail (track < self->n_tracks, FALSE);
  return self->hidden[track];
}

void
st_track_arrangement_set_hidden (StTrackArrangement *self, guint track, gboolean hidden)
{
  g_return_if_fail (ST_IS_TRACK_ARRANGEMENT (self));
  g_return_if_fail (track < self->n_tracks);
  if (self->hidden[track] == !!hidden)
    return;
  self->hidden[track] = !!hidden;
  changed (self);
}

guint
st_track_arrangement_get_n_hidden (StTrackArrangement *self)
{
  guint n = 0;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), 0);
  for (guint i = 0; i < self->n_tracks; i++)
    n += self->hidden[i];
  return n;
}

/* Every hidden track shown again. */
void
st_track_arrangement_show_all (StTrackArrangement *self)
{
  g_return_if_fail (ST_IS_TRACK_ARRANGEMENT (self));
  if (st_track_arrangement_get_n_hidden (self) == 0)
    return;
  memset (self->hidden, 0, self->n_tracks);
  changed (self);
}

static guint
process_of (StTrackArrangement *self, guint track)
{
  return st_trace_get_track (self->trace, track)->process;
}

/* Moves @track one place up (@direction -1) or down (1) among the tracks
 * of its section; FALSE when it is first or last there. */
gboolean
st_track_arrangement_move (StTrackArrangement *self, guint track, int direction)
{
  guint at = 0, process;
  gint  to;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  g_return_val_if_fail (track < self->n_tracks, FALSE);
  while (self->order[at] != track)
    at++;
  process = process_of (self, track);
  to = (gint)at + (direction < 0 ? -1 : 1);
  if (to < 0 || to >= (gint)self->n_tracks || process_of (self, self->order[to]) != process)
    return FALSE;
  self->order[at] = self->order[to];
  self->order[to] = track;
  changed (self);
  return TRUE;
}

/* The tracks to show, in order (guint): the pinned ones first
 * (@n_pinned of them), then the others section by section; hidden ones
 * left out. */
GArray *
st_track_arrangement_dup_visible (StTrackArrangement *self, guint *n_pinned)
{
  GArray *out;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), NULL);
  out = g_array_new (FALSE, FALSE, sizeof (guint));
  for (int pass = 1; pass >= 0; pass--)
    {
      for (guint i = 0; i < self->n_tracks; i++)
        if (self->pinned[self->order[i]] == pass && !self->hidden[self->order[i]])
          g_array_append_val (out, self->order[i]);
      if (pass == 1)
        *n_pinned = out->len;
    }
  return out;
}

static void
add_indices (JsonBuilder *builder, const char *member, const guint8 *flags, guint n)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    if (flags[i])
      json_builder_add_int_value (builder, i);
  json_builder_end_array (builder);
}

/* The file's text: {"strata-tracks": 1, "n-tracks": N, "order": [...],
 * "pinned": [...], "hidden": [...]}. */
char *
st_track_arrangement_to_json (StTrackArrangement *self)
{
  g_autoptr (JsonBuilder)   builder = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode)      root = NULL;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), NULL);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "strata-tracks");
  json_builder_add_int_value (builder, FORMAT_VERSION);
  json_builder_set_member_name (builder, "n-tracks");
  json_builder_add_int_value (builder, self->n_tracks);
  json_builder_set_member_name (builder, "order");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->n_tracks; i++)
    json_builder_add_int_value (builder, self->order[i]);
  json_builder_end_array (builder);
  add_indices (builder, "pinned", self->pinned, self->n_tracks);
  add_indices (builder, "hidden", self->hidden, self->n_tracks);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

/* The track indices of @member, each below the trace's count, into
 * @out (a flag per track), or for "order" a permutation into @order. */
static gboolean
read_indices (JsonObject *object, const char *member, guint n, guint8 *flags, guint *order)
{
  JsonNode  *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  array = json_node_get_array (node);
  if (order != NULL && json_array_get_length (array) != n)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      gint64    v;

      if (json_node_get_value_type (item) != G_TYPE_INT64)
        return FALSE;
      v = json_node_get_int (item);
      if (v < 0 || v >= n || (order != NULL && flags[v]))
        return FALSE;
      flags[v] = 1;
      if (order != NULL)
        order[i] = (guint)v;
    }
  return TRUE;
}

/* Takes the arrangement in @text (as st_track_arrangement_to_json()
 * writes it). Text that is not one, or of a profile with another number of
 * tracks, is an error (G_IO_ERROR_INVALID_DATA) and changes nothing. */
gboolean
st_track_arrangement_load_json (StTrackArrangement *self, const char *text, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree guint      *order = g_new (guint, MAX (1, self->n_tracks));
  g_autofree guint8     *seen = g_new0 (guint8, MAX (1, self->n_tracks));
  g_autofree guint8     *pinned = g_new0 (guint8, MAX (1, self->n_tracks));
  g_autofree guint8     *hidden = g_new0 (guint8, MAX (1, self->n_tracks));
  JsonObject            *object;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  if (!json_parser_load_from_data (parser, text, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))
      || (object = json_node_get_object (json_parser_get_root (parser)),
          json_object_get_int_member_with_default (object, "strata-tracks", 0) != FORMAT_VERSION)
      || json_object_get_int_member_with_default (object, "n-tracks", -1) != self->n_tracks
      || !read_indices (object, "order", self->n_tracks, seen, order)
      || !read_indices (object, "pinned", self->n_tracks, pinned, NULL)
      || !read_indices (object, "hidden", self->n_tracks, hidden, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _ ("This is not an arrangement of this profile’s tracks."));
      return FALSE;
    }
  memcpy (self->order, order, self->n_tracks * sizeof (guint));
  memcpy (self->pinned, pinned, self->n_tracks);
  memcpy (self->hidden, hidden, self->n_tracks);
  changed (self);
  return TRUE;
}

/* The arrangement's file beside the regions' sidecar at @sidecar_path:
 * "KEY.json" gives "KEY.tracks.json". */
char *
st_track_arrangement_dup_path (const char *sidecar_path)
{
  g_autofree char *stem = g_strdup (sidecar_path);

  if (g_str_has_suffix (stem, ".json"))
    stem[strlen (stem) - strlen (".json")] = '\0';
  return g_strconcat (stem, ".tracks.json", NULL);
}
