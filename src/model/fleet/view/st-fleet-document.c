/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-fleet"

#include "config.h"

#include "st-fleet-document.h"

#include "st-fleet-rank-item.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* The digests are read this many at a time, each batch on every core, so
 * that progress moves and a cancel is seen between batches. */
#define BATCH 64

struct _StFleetDocument
{
  GObject     parent_instance;
  StFleet    *fleet;
  GListStore *ranks;    /* StFleetRankItem */
  char       *problem;  /* the digests left out, in one line, or NULL */
  char       *detail;   /* the first one's reason */
  float      *lateness; /* collective × row */
  float      *strips;   /* row × ST_DIGEST_BINS: docs/metrics.md 17.2's strips */
  GPtrArray  *sources;  /* GFile: each digest's file, in the order the fleet was given them */
};

G_DEFINE_FINAL_TYPE (StFleetDocument, st_fleet_document, G_TYPE_OBJECT)

static void
st_fleet_document_finalize (GObject *object)
{
  StFleetDocument *self = ST_FLEET_DOCUMENT (object);

  g_clear_object (&self->ranks);
  g_clear_pointer (&self->fleet, st_fleet_free);
  g_clear_pointer (&self->problem, g_free);
  g_clear_pointer (&self->detail, g_free);
  g_clear_pointer (&self->lateness, g_free);
  g_clear_pointer (&self->strips, g_free);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  G_OBJECT_CLASS (st_fleet_document_parent_class)->finalize (object);
}

static void
st_fleet_document_class_init (StFleetDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_fleet_document_finalize;
}

static void
st_fleet_document_init (StFleetDocument *self)
{
}

static gboolean
is_digest (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ST_DIGEST_SUFFIX);
}

gboolean
st_fleet_document_accepts (GFile *const *files, guint n_files)
{
  g_autoptr (GPtrArray) inside = NULL;
  guint                 digests = 0;

  for (guint i = 0; i < n_files; i++)
    digests += is_digest (files[i]);
  if (n_files > 0 && digests == n_files)
    return TRUE;
  if (n_files != 1
      || g_file_query_file_type (files[0], G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    return FALSE;
  inside = st_fleet_list_digests (files[0], NULL);
  return inside != NULL && inside->len > 0;
}

/* The digest files: @files, or those of the folder @files[0]. */
static GPtrArray *
list_files (GFile *const *files, guint n_files, GError **error)
{
  GPtrArray *out;

  if (n_files == 1 && !is_digest (files[0]))
    {
      g_autofree char *name = g_file_get_parse_name (files[0]);

      out = st_fleet_list_digests (files[0], error);
      if (out != NULL && out->len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _ ("“%s” holds no digests (files named *.stdg): make them with "
                          "strata-cli digest"),
                       name);
          g_clear_pointer (&out, g_ptr_array_unref);
        }
      return out;
    }
  out = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (out, g_object_ref (files[i]));
  return out;
}

/* One batch into @digests; the bad ones' names go to @bad, the first's
 * message to @detail. */
static gboolean
read_batch (GFile *const *files,
            char        **names,
            guint         n,
            GPtrArray    *sources,
            GPtrArray    *digests,
            GPtrArray    *bad,
            char        **detail,
            GCancellable *cancellable,
            GError      **error)
{
  g_autofree StDigest **read = g_new0 (StDigest *, MAX (n, 1));
  g_autofree GError   **errors = g_new0 (GError *, MAX (n, 1));
  gboolean              ok
      = st_fleet_read_each_digest (files, (const char *const *)names, n, read, errors, cancellable);

  for (guint i = 0; i < n; i++)
    {
      if (ok && read[i] != NULL)
        {
          g_ptr_array_add (digests, g_steal_pointer (&read[i]));
          g_ptr_array_add (sources, g_object_ref (files[i]));
        }
      else if (ok && errors[i] != NULL)
        {
          g_ptr_array_add (bad, g_strdup (names[i]));
          if (*detail == NULL)
            *detail = g_strdup (errors[i]->message);
        }
      st_digest_free (read[i]);
      g_clear_error (&errors[i]);
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static GPtrArray *
read_digests (StFleetDocument *self,
              GPtrArray       *files,
              StFleetProgress  progress,
              gpointer         user_data,
              GCancellable    *cancellable,
              GError         **error)
{
  g_autoptr (GPtrArray) digests = g_ptr_array_new_with_free_func ((GDestroyNotify)st_digest_free);
  g_autoptr (GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (names, g_file_get_basename (files->pdata[i]));
  for (guint first = 0; first < files->len; first += BATCH)
    {
      guint n = MIN (BATCH, files->len - first);

      if (!read_batch ((GFile *const *)files->pdata + first, (char **)names->pdata + first, n,
                       self->sources, digests, bad, &self->detail, cancellable, error))
        return NULL;
      if (progress != NULL)
        progress (0.9 * (first + n) / files->len, user_data);
    }
  if (bad->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (bad, NULL);
      list = g_strjoinv (", ", (char **)bad->pdata);
      self->problem = g_strdup_printf (ngettext ("%u digest could not be read: %s",
                                                 "%u digests could not be read: %s", bad->len - 1),
                                       bad->len - 1, list);
    }
  if (digests->len == 0)
    {
      g_set_error (error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_INVALID, "%s (%s)", self->problem,
                   self->detail);
      return NULL;
    }
  return g_steal_pointer (&digests);
}

/* Each row's start at each matched collective, less the earliest start. */
static void
find_lateness (StFleetDocument *self)
{
  guint                  n_rows = st_fleet_get_n_ranks (self->fleet);
  guint                  n_ops = st_fleet_get_n_collectives (self->fleet);
  g_autoptr (GHashTable) ops = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64     *keys = g_new (gint64, MAX (n_ops, 1));

  self->lateness = g_new (float, (gsize)MAX (n_ops, 1) * n_rows);
  for (gsize i = 0; i < (gsize)n_ops * n_rows; i++)
    self->lateness[i] = NAN;
  for (guint i = 0; i < n_ops; i++)
    {
      const StFleetCollective *c = st_fleet_get_collective (self->fleet, i);

      keys[i] = ((gint64)c->types << 32) | c->sequence;
      g_hash_table_insert (ops, &keys[i], GUINT_TO_POINTER (i + 1));
    }
  for (guint row = 0; row < n_rows; row++)
    {
      StDigest *d = st_fleet_get_digest (self->fleet, row);
      gint64    shift = st_fleet_get_rank (self->fleet, row)->shift_ns;

      for (guint k = 0; k < d->collectives->len; k++)
        {
          const StDigestCollective *c = &g_array_index (d->collectives, StDigestCollective, k);
          gint64                    key = ((gint64)c->types << 32) | c->sequence;
          guint                     op = GPOINTER_TO_UINT (g_hash_table_lookup (ops, &key));

          if (op > 0)
            self->lateness[(gsize)(op - 1) * n_rows + row]
                = c->start_ns + shift - st_fleet_get_collective (self->fleet, op - 1)->start_ns;
        }
    }
}

/* Each row's strip: its device tracks' mean busy share, bin by bin. */
static void
find_strips (StFleetDocument *self)
{
  guint n_rows = st_fleet_get_n_ranks (self->fleet);

  self->strips = g_new (float, (gsize)MAX (n_rows, 1) * ST_DIGEST_BINS);
  for (guint row = 0; row < n_rows; row++)
    {
      GArray *tracks = st_fleet_get_digest (self->fleet, row)->tracks;
      float  *strip = self->strips + (gsize)row * ST_DIGEST_BINS;

      for (guint bin = 0; bin < ST_DIGEST_BINS; bin++)
        {
          double sum = 0;

          for (guint t = 0; t < tracks->len; t++)
            sum += g_array_index (tracks, StDigestTrack, t).busy[bin];
          strip[bin] = tracks->len == 0 ? NAN : 100.0 * sum / (255.0 * tracks->len);
        }
    }
}

StFleetDocument *
st_fleet_document_read (GFile *const   *files,
                        guint           n_files,
                        StFleetProgress progress,
                        gpointer        user_data,
                        GCancellable   *cancellable,
                        GError        **error)
{
  g_autoptr (StFleetDocument) self = g_object_new (ST_TYPE_FLEET_DOCUMENT, NULL);
  g_autoptr (GPtrArray)       list = NULL;
  g_autoptr (GPtrArray)       digests = NULL;

  g_return_val_if_fail (n_files > 0, NULL);

  self->sources = g_ptr_array_new_with_free_func (g_object_unref);
  list = list_files (files, n_files, error);
  if (list == NULL)
    return NULL;
  digests = read_digests (self, list, progress, user_data, cancellable, error);
  if (digests == NULL)
    return NULL;
  self->fleet = st_fleet_new (digests, ST_ALIGN_CLOCK, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  find_lateness (self);
  find_strips (self);
  self->ranks = g_list_store_new (ST_TYPE_FLEET_RANK_ITEM);
  for (guint row = 0; row < st_fleet_get_n_ranks (self->fleet); row++)
    {
      g_autoptr (StFleetRankItem) item = st_fleet_rank_item_new (G_OBJECT (self), self->fleet, row);

      g_list_store_append (self->ranks, item);
    }
  if (progress != NULL)
    progress (1, user_data);
  return g_steal_pointer (&self);
}

StFleet *
st_fleet_document_get_fleet (StFleetDocument *self)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NULL);
  return self->fleet;
}

GListModel *
st_fleet_document_get_ranks (StFleetDocument *self)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NULL);
  return G_LIST_MODEL (self->ranks);
}

const char *
st_fleet_document_get_problem (StFleetDocument *self)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NULL);
  return self->problem;
}

const char *
st_fleet_document_get_problem_detail (StFleetDocument *self)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NULL);
  return self->detail;
}

double
st_fleet_document_get_lateness (StFleetDocument *self, guint index, guint row)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NAN);
  g_return_val_if_fail (index < st_fleet_get_n_collectives (self->fleet), NAN);
  g_return_val_if_fail (row < st_fleet_get_n_ranks (self->fleet), NAN);
  return self->lateness[(gsize)index * st_fleet_get_n_ranks (self->fleet) + row];
}

GFile *
st_fleet_document_get_digest_file (StFleetDocument *self, guint row)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NULL);
  g_return_val_if_fail (row < st_fleet_get_n_ranks (self->fleet), NULL);
  return g_ptr_array_index (self->sources, st_fleet_get_rank (self->fleet, row)->digest);
}

double
st_fleet_document_get_strip (StFleetDocument *self, guint row, guint bin)
{
  g_return_val_if_fail (ST_IS_FLEET_DOCUMENT (self), NAN);
  g_return_val_if_fail (row < st_fleet_get_n_ranks (self->fleet) && bin < ST_DIGEST_BINS, NAN);
  return self->strips[(gsize)row * ST_DIGEST_BINS + bin];
}
