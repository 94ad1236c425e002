/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-track-arrangement.h"

#include "st-device-work.h"

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
  guint8  *roles;        /* per track, its section by stream (Role); made on first use */
  guint    global_first; /* the first track of the global section */
  gboolean by_stream;
  char    *filter;
  char    *filter_folded;
};

/* Where "by stream across ranks" puts a track: the device tracks by their
 * busiest class of work, the host's where "by rank" does. */
typedef enum
{
  ROLE_COMPUTE,
  ROLE_COMMUNICATION,
  ROLE_DEVICE,
  ROLE_HOST,
} Role;

static const guint role_sections[] = {
  ST_TRACK_SECTION_COMPUTE,
  ST_TRACK_SECTION_COMMUNICATION,
  ST_TRACK_SECTION_DEVICE,
};

G_DEFINE_FINAL_TYPE (StTrackArrangement, st_track_arrangement, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_GROUP_BY_STREAM,
  PROP_FILTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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
  g_free (self->roles);
  g_free (self->filter);
  g_free (self->filter_folded);
  G_OBJECT_CLASS (st_track_arrangement_parent_class)->finalize (object);
}

static void
st_track_arrangement_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StTrackArrangement *self = ST_TRACK_ARRANGEMENT (object);

  switch (prop_id)
    {
    case PROP_GROUP_BY_STREAM: g_value_set_boolean (value, self->by_stream); break;
    case PROP_FILTER: g_value_set_string (value, self->filter); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_arrangement_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  StTrackArrangement *self = ST_TRACK_ARRANGEMENT (object);

  switch (prop_id)
    {
    case PROP_GROUP_BY_STREAM:
      st_track_arrangement_set_group_by_stream (self, g_value_get_boolean (value));
      break;
    case PROP_FILTER: st_track_arrangement_set_filter (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_track_arrangement_class_init (StTrackArrangementClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_track_arrangement_finalize;
  object_class->get_property = st_track_arrangement_get_property;
  object_class->set_property = st_track_arrangement_set_property;

  /* device tracks grouped by their stream's role across ranks (every
   * compute stream together, then every communication stream), else by
   * rank as the trace has them */
  properties[PROP_GROUP_BY_STREAM]
      = g_param_spec_boolean ("group-by-stream", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* only the tracks whose name holds it are shown (and the pinned ones);
   * NULL for all */
  properties[PROP_FILTER]
      = g_param_spec_string ("filter", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* pinned, hidden, order, grouping or filter changed */
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
  self->global_first = self->n_tracks;
  for (guint i = 0; i < self->n_tracks; i++)
    {
      self->order[i] = i;
      if (st_trace_get_track (trace, i)->process == ST_NO_PROCESS)
        self->global_first = MIN (self->global_first, i);
    }
  return self;
}

StTrace *
st_track_arrangement_get_trace (StTrackArrangement *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), NULL);
  return self->trace;
}

/* The trace's tracks in the order a person gave them (each section's in
 * its order), one index per track of the trace. */
const guint *
st_track_arrangement_get_order (StTrackArrangement *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), NULL);
  return self->order;
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

/* The busiest class of work of each device track, by the time its slices
 * take (docs/metrics.md 1.2 classes them). */
static guint8 *
find_roles (StTrace *trace)
{
  StDeviceWork *work = st_device_work_get (trace);
  guint         n = st_trace_get_n_tracks (trace);
  guint8       *roles = g_new (guint8, MAX (1, n));

  for (guint i = 0; i < n; i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      const StWorkTag *tags = st_device_work_get_tags (work, i);
      gint64           busy[ST_CLASS_OTHER + 1] = { 0 };

      roles[i] = ROLE_HOST;
      if (st_device_work_get_track_device (work, i) < 0 || tags == NULL)
        continue;
      for (guint k = 0; k < t->n_slices; k++)
        if (st_work_class_is_work (tags[k].klass))
          busy[tags[k].klass] += t->slices[k].dur;
      if (busy[ST_CLASS_COMPUTE] > 0 && busy[ST_CLASS_COMPUTE] >= busy[ST_CLASS_COMMUNICATION]
          && busy[ST_CLASS_COMPUTE] >= busy[ST_CLASS_MEMORY])
        roles[i] = ROLE_COMPUTE;
      else if (busy[ST_CLASS_COMMUNICATION] > 0
               && busy[ST_CLASS_COMMUNICATION] >= busy[ST_CLASS_MEMORY])
        roles[i] = ROLE_COMMUNICATION;
      else
        roles[i] = ROLE_DEVICE;
    }
  return roles;
}

static Role
role_of (StTrackArrangement *self, guint track)
{
  if (!self->by_stream)
    return ROLE_HOST;
  if (self->roles == NULL)
    self->roles = find_roles (self->trace);
  return self->roles[track];
}

static guint
process_of (StTrackArrangement *self, guint track)
{
  return st_trace_get_track (self->trace, track)->process;
}

/* The section @track is shown in (unless pinned): its process's (or
 * ST_NO_PROCESS), or by stream a device track's ST_TRACK_SECTION_*. */
guint
st_track_arrangement_get_section (StTrackArrangement *self, guint track)
{
  Role role;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), ST_NO_PROCESS);
  g_return_val_if_fail (track < self->n_tracks, ST_NO_PROCESS);
  role = role_of (self, track);
  return role == ROLE_HOST ? process_of (self, track) : role_sections[role];
}

/* Where @track's section and process go among the others: the roles'
 * sections first by stream, then the processes as the trace orders their
 * tracks. */
static guint64
place_of (StTrackArrangement *self, guint track)
{
  guint process = process_of (self, track);
  guint first = process == ST_NO_PROCESS ? self->global_first
                                         : st_trace_get_process (self->trace, process)->first_track;

  return ((guint64)role_of (self, track) << 32) | first;
}

/* A shown track and where it goes: its place, and by stream which of its
 * process's tracks of its role it is (docs/metrics.md 1.1: the k-th of
 * every rank line up). */
typedef struct
{
  guint   track;
  guint   k;
  guint64 place;
} Placed;

static gint
compare_placed (gconstpointer a, gconstpointer b)
{
  const Placed *x = a, *y = b;
  guint64       rx = x->place >> 32, ry = y->place >> 32;

  if (rx != ry)
    return rx < ry ? -1 : 1;
  if (x->k != y->k)
    return x->k < y->k ? -1 : 1;
  return x->place < y->place ? -1 : x->place > y->place;
}

/* @tracks (shown, in the person's order) in their sections' order; by
 * stream, a device section holds the first track of its role of every
 * process, then the second, … */
static void
sort_by_place (StTrackArrangement *self, GArray *tracks)
{
  g_autoptr (GArray)     placed = g_array_sized_new (FALSE, FALSE, sizeof (Placed), tracks->len);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64     *keys = g_new (gint64, MAX (1, tracks->len));

  for (guint i = 0; i < tracks->len; i++)
    {
      guint  track = g_array_index (tracks, guint, i);
      Placed p = { track, 0, place_of (self, track) };

      if (role_of (self, track) != ROLE_HOST)
        {
          keys[i] = (gint64)p.place;
          p.k = GPOINTER_TO_UINT (g_hash_table_lookup (seen, &keys[i]));
          g_hash_table_insert (seen, &keys[i], GUINT_TO_POINTER (p.k + 1));
        }
      g_array_append_val (placed, p);
    }
  /* stable: a host's section keeps the order within it */
  g_array_sort (placed, compare_placed);
  for (guint i = 0; i < tracks->len; i++)
    g_array_index (tracks, guint, i) = g_array_index (placed, Placed, i).track;
}

/* Whether @track's name holds the filter (case aside). */
gboolean
st_track_arrangement_matches (StTrackArrangement *self, guint track)
{
  const char      *name;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  g_return_val_if_fail (track < self->n_tracks, FALSE);
  if (self->filter_folded == NULL)
    return TRUE;
  name = st_trace_get_string (self->trace, st_trace_get_track (self->trace, track)->name);
  folded = g_utf8_casefold (name, -1);
  return strstr (folded, self->filter_folded) != NULL;
}

static gboolean
is_shown (StTrackArrangement *self, guint track)
{
  return !self->hidden[track]
         && (self->pinned[track] || st_track_arrangement_matches (self, track));
}

/* Moves @track one place up (@direction -1) or down (1) past the next
 * shown track of its section (among the pinned ones, or of its process);
 * FALSE when it is first or last there. */
gboolean
st_track_arrangement_move (StTrackArrangement *self, guint track, int direction)
{
  guint at = 0;
  gint  step = direction < 0 ? -1 : 1;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  g_return_val_if_fail (track < self->n_tracks, FALSE);
  while (self->order[at] != track)
    at++;
  for (gint to = (gint)at + step; to >= 0 && to < (gint)self->n_tracks; to += step)
    {
      guint other = self->order[to];

      if (!is_shown (self, other) || self->pinned[other] != self->pinned[track]
          || (!self->pinned[track] && place_of (self, other) != place_of (self, track)))
        continue;
      self->order[at] = other;
      self->order[to] = track;
      changed (self);
      return TRUE;
    }
  return FALSE;
}

/* The tracks to show, in order (guint): the pinned ones first
 * (@n_pinned of them), then the others section by section; hidden ones
 * and those the filter leaves out are not there. */
GArray *
st_track_arrangement_dup_visible (StTrackArrangement *self, guint *n_pinned)
{
  GArray            *out;
  g_autoptr (GArray) rest = NULL;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), NULL);
  out = g_array_new (FALSE, FALSE, sizeof (guint));
  rest = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < self->n_tracks; i++)
    if (is_shown (self, self->order[i]))
      g_array_append_val (self->pinned[self->order[i]] ? out : rest, self->order[i]);
  *n_pinned = out->len;
  sort_by_place (self, rest);
  g_array_append_vals (out, rest->data, rest->len);
  return out;
}

/* Whether the profile has streams to group across ranks: more than one
 * device. */
gboolean
st_track_arrangement_can_group_by_stream (StTrackArrangement *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  return st_device_work_count_devices (self->trace) > 1;
}

gboolean
st_track_arrangement_get_group_by_stream (StTrackArrangement *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  return self->by_stream;
}

void
st_track_arrangement_set_group_by_stream (StTrackArrangement *self, gboolean by_stream)
{
  g_return_if_fail (ST_IS_TRACK_ARRANGEMENT (self));
  if (self->by_stream == !!by_stream)
    return;
  self->by_stream = !!by_stream;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GROUP_BY_STREAM]);
  changed (self);
}

const char *
st_track_arrangement_get_filter (StTrackArrangement *self)
{
  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), NULL);
  return self->filter;
}

/* An empty @filter is none. */
void
st_track_arrangement_set_filter (StTrackArrangement *self, const char *filter)
{
  g_return_if_fail (ST_IS_TRACK_ARRANGEMENT (self));
  if (filter != NULL && filter[0] == '\0')
    filter = NULL;
  if (g_strcmp0 (self->filter, filter) == 0)
    return;
  g_free (self->filter);
  g_free (self->filter_folded);
  self->filter = g_strdup (filter);
  self->filter_folded = filter ? g_utf8_casefold (filter, -1) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILTER]);
  changed (self);
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
 * "pinned": [...], "hidden": [...], "group-by": "rank" or "stream",
 * "filter": "..." (only with one)}. */
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
  json_builder_set_member_name (builder, "group-by");
  json_builder_add_string_value (builder, self->by_stream ? "stream" : "rank");
  if (self->filter != NULL)
    {
      json_builder_set_member_name (builder, "filter");
      json_builder_add_string_value (builder, self->filter);
    }
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

/* "group-by" and "filter" came after the first files: without them, by
 * rank and no filter. */
static gboolean
read_view (JsonObject *object, gboolean *by_stream, const char **filter)
{
  const char *group = json_object_get_string_member_with_default (object, "group-by", "rank");
  JsonNode   *node = json_object_get_member (object, "filter");

  if (g_strcmp0 (group, "rank") != 0 && g_strcmp0 (group, "stream") != 0)
    return FALSE;
  *by_stream = g_str_equal (group, "stream");
  if (node != NULL && json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;
  *filter = node ? json_node_get_string (node) : NULL;
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
  gboolean               by_stream = FALSE;
  const char            *filter = NULL;

  g_return_val_if_fail (ST_IS_TRACK_ARRANGEMENT (self), FALSE);
  if (!json_parser_load_from_data (parser, text, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))
      || (object = json_node_get_object (json_parser_get_root (parser)),
          json_object_get_int_member_with_default (object, "strata-tracks", 0) != FORMAT_VERSION)
      || json_object_get_int_member_with_default (object, "n-tracks", -1) != self->n_tracks
      || !read_indices (object, "order", self->n_tracks, seen, order)
      || !read_indices (object, "pinned", self->n_tracks, pinned, NULL)
      || !read_indices (object, "hidden", self->n_tracks, hidden, NULL)
      || !read_view (object, &by_stream, &filter))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _ ("This is not an arrangement of this profile’s tracks."));
      return FALSE;
    }
  memcpy (self->order, order, self->n_tracks * sizeof (guint));
  memcpy (self->pinned, pinned, self->n_tracks);
  memcpy (self->hidden, hidden, self->n_tracks);
  st_track_arrangement_set_group_by_stream (self, by_stream);
  st_track_arrangement_set_filter (self, filter);
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
