/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet.c: a fleet's rows and their time axis (docs/metrics.md 17.2),
 * the reduce in its order, what a fleet answers, and the reading of its
 * digests, a file per rank on every core. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-fleet-private.h"
#include "st-format.h"
#include "st-sort.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* --- rows -------------------------------------------------------------------------- */

typedef struct
{
  gint64 key; /* the rank, or G_MAXINT64 for a digest without one */
  guint  digest;
} RowOrder;

ST_DEFINE_SORT (sort_rows, RowOrder, a->key != b->key ? a->key < b->key : a->digest < b->digest)

static double
digest_metric (StDigest *d, const char *id)
{
  const StDigestMetric *m = st_digest_lookup_metric (d, id);

  return m != NULL && m->present ? m->value : NAN;
}

static char *
row_label (StDigest *d, gboolean again)
{
  if (d->rank < 0)
    return g_strdup (d->name);
  g_autofree char *rank = g_strdup_printf ("%" G_GINT64_FORMAT, d->rank);

  if (again)
    return g_strdup_printf (_ ("rank %s (%s)"), rank, d->name);
  return g_strdup_printf (_ ("rank %s"), rank);
}

/* A digest as a note names it: by its file, else by its trace's. */
static const char *
digest_name (StDigest *d)
{
  return d->source != NULL ? d->source : d->name;
}

/* "“a”, “b” and “c”", or "“a”, “b”, “c” and 7 more" for the digests of
 * @digests at @at[0 .. n). */
static char *
names_text (GPtrArray *digests, const guint *at, guint n)
{
  g_autoptr (GString) out = g_string_new (NULL);
  guint               shown = n > 3 ? 3 : n;

  for (guint i = 0; i < shown; i++)
    {
      if (i > 0)
        g_string_append (out, i + 1 < shown || n > 3 ? ", " : _ (" and "));
      g_string_append_printf (out, _ ("“%s”"), digest_name (g_ptr_array_index (digests, at[i])));
    }
  if (n > 3)
    g_string_append_printf (out, ngettext (" and %u more", " and %u more", n - 3), n - 3);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* docs/metrics.md 17.2: a trace's identity, with the rank that read it;
 * NULL when its digest has none. */
static char *
trace_key (StDigest *d)
{
  if (d->identity == NULL || d->identity[0] == '\0')
    return NULL;
  return g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GUINT64_FORMAT " %s", d->rank, d->size,
                          d->identity);
}

/* The notes of 17.2 on digests of one trace (@traces: for each trace, its
 * digests' indexes, the kept one first): the first three traces digested
 * more than once named, the rest counted. */
static void
add_copy_notes (StFleet *self, GPtrArray *traces)
{
  guint said = 0, unsaid = 0;

  for (guint i = 0; i < traces->len; i++)
    {
      GArray          *at = g_ptr_array_index (traces, i);
      StDigest        *d = g_ptr_array_index (self->digests, g_array_index (at, guint, 0));
      g_autofree char *names = NULL;

      if (at->len < 2)
        continue;
      if (said == 3)
        {
          unsaid++;
          continue;
        }
      said++;
      names = names_text (self->digests, (const guint *)(void *)at->data, at->len);
      if (d->rank >= 0)
        {
          g_autofree char *rank = g_strdup_printf ("%" G_GINT64_FORMAT, d->rank);

          g_ptr_array_add (self->notes,
                           g_strdup_printf (_ ("%s are digests of one trace, rank %s’s “%s”: it "
                                               "counts once."),
                                            names, rank, d->name));
        }
      else
        g_ptr_array_add (self->notes,
                         g_strdup_printf (_ ("%s are digests of one trace, “%s”: it counts once."),
                                          names, d->name));
    }
  if (unsaid > 0)
    g_ptr_array_add (
        self->notes,
        g_strdup_printf (ngettext ("One more trace was digested more than once.",
                                   "%u more traces were digested more than once.", unsaid),
                         unsaid));
}

/* The notes of 17.2 on ranks with digests of different traces. */
static void
add_rank_notes (StFleet *self)
{
  guint said = 0, unsaid = 0;

  for (guint row = 0; row < self->ranks->len;)
    {
      gint64            rank = g_array_index (self->ranks, StFleetRank, row).rank;
      guint             end = row + 1;
      g_autofree guint *at = NULL;
      g_autofree char  *names = NULL, *number = NULL;

      while (rank >= 0 && end < self->ranks->len
             && g_array_index (self->ranks, StFleetRank, end).rank == rank)
        end++;
      if (end - row < 2)
        {
          row = end;
          continue;
        }
      if (said == 3)
        {
          unsaid++;
          row = end;
          continue;
        }
      said++;
      at = g_new (guint, end - row);
      for (guint k = row; k < end; k++)
        at[k - row] = g_array_index (self->ranks, StFleetRank, k).digest;
      names = names_text (self->digests, at, end - row);
      number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
      g_ptr_array_add (self->notes,
                       g_strdup_printf (ngettext ("%u digests of different traces say they are "
                                                  "rank %s: %s; each is kept.",
                                                  "%u digests of different traces say they are "
                                                  "rank %s: %s; each is kept.",
                                                  end - row),
                                        end - row, number, names));
      row = end;
    }
  if (unsaid > 0)
    g_ptr_array_add (
        self->notes,
        g_strdup_printf (ngettext ("One more rank has digests of different traces.",
                                   "%u more ranks have digests of different traces.", unsaid),
                         unsaid));
}

static void
add_rows (StFleet *self)
{
  guint                  n = self->digests->len;
  g_autofree RowOrder   *order = g_new (RowOrder, MAX (n, 1));
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray)  digested = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);

  for (guint i = 0; i < n; i++)
    {
      StDigest *d = g_ptr_array_index (self->digests, i);

      order[i] = (RowOrder){ d->rank >= 0 ? d->rank : G_MAXINT64, i };
    }
  sort_rows (order, n, NULL);
  for (guint i = 0; i < n; i++)
    {
      StDigest   *d = g_ptr_array_index (self->digests, order[i].digest);
      char       *key = trace_key (d);
      gpointer    seen;
      gboolean    again;
      StFleetRank row = { 0 };

      if (key != NULL && (seen = g_hash_table_lookup (by_key, key)) != NULL)
        {
          g_array_append_val (g_ptr_array_index (digested, GPOINTER_TO_UINT (seen) - 1),
                              order[i].digest);
          g_free (key);
          continue;
        }
      if (key != NULL)
        {
          GArray *at = g_array_new (FALSE, FALSE, sizeof (guint));

          g_array_append_val (at, order[i].digest);
          g_ptr_array_add (digested, at);
          g_hash_table_insert (by_key, key, GUINT_TO_POINTER (digested->len));
        }
      again = d->rank >= 0 && self->ranks->len > 0
              && g_array_index (self->ranks, StFleetRank, self->ranks->len - 1).rank == d->rank;
      row.digest = order[i].digest;
      row.rank = d->rank;
      row.label = row_label (d, again);
      row.end_ns = d->end_ns;
      row.device_busy_percent = digest_metric (d, "device_busy_percent");
      row.compute_time_ns = digest_metric (d, "compute_time_ns");
      row.exposed_communication_ns = digest_metric (d, "exposed_communication_ns");
      row.n_collectives = d->collectives->len;
      g_array_append_val (self->ranks, row);
    }
  add_copy_notes (self, digested);
  add_rank_notes (self);
}

/* docs/metrics.md 17.2: by their clocks, or by the end of their first
 * collective. */
static void
align_rows (StFleet *self)
{
  guint  n = self->ranks->len;
  gint64 first = G_MAXINT64, latest = G_MININT64;

  for (guint i = 0; i < n; i++)
    {
      StDigest *d = st_fleet_get_digest (self, i);

      first = MIN (first, d->origin_ns);
      if (d->collectives->len > 0)
        latest = MAX (latest, g_array_index (d->collectives, StDigestCollective, 0).end_ns);
    }
  for (guint i = 0; i < n; i++)
    {
      StDigest    *d = st_fleet_get_digest (self, i);
      StFleetRank *row = &g_array_index (self->ranks, StFleetRank, i);

      if (self->alignment == ST_ALIGN_CLOCK)
        row->shift_ns = st_time_sub_sat (d->origin_ns, first);
      else if (d->collectives->len > 0)
        row->shift_ns = st_time_sub_sat (
            latest, g_array_index (d->collectives, StDigestCollective, 0).end_ns);
    }
}

typedef struct
{
  gint64 world;
  guint  n;
} WorldSize;

/* The world sizes the rows' digests say, each with how many say it, in
 * rank order; *unknown, how many say none. */
static GArray *
world_sizes (StFleet *self, guint *unknown)
{
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (WorldSize));

  *unknown = 0;
  for (guint row = 0; row < self->ranks->len; row++)
    {
      gint64 w = st_fleet_get_digest (self, row)->environment->world_size;
      guint  k = 0;

      if (w < 0)
        {
          (*unknown)++;
          continue;
        }
      while (k < sizes->len && g_array_index (sizes, WorldSize, k).world != w)
        k++;
      if (k == sizes->len)
        g_array_append_val (sizes, ((WorldSize){ w, 0 }));
      g_array_index (sizes, WorldSize, k).n++;
    }
  return sizes;
}

/* docs/metrics.md 17.2: digests that say different world sizes are of
 * more than one job; the note that says so comes first. */
static void
add_mixed_note (StFleet *self, GArray *sizes)
{
  g_autoptr (GString) list = g_string_new (NULL);

  for (guint k = 0; k < sizes->len; k++)
    {
      const WorldSize *s = &g_array_index (sizes, WorldSize, k);
      g_autofree char *world = g_strdup_printf ("%" G_GINT64_FORMAT, s->world);

      if (k > 0)
        g_string_append (list, k + 1 < sizes->len ? ", " : _ (" and "));
      g_string_append_printf (
          list, ngettext ("%u says the world size is %s", "%u say the world size is %s", s->n),
          s->n, world);
    }
  g_ptr_array_insert (self->notes, 0,
                      g_strdup_printf (_ ("These digests are of more than one job: %s. Ranks of "
                                          "different jobs share no collective or step, so there "
                                          "are no findings: open one job's digests at a time."),
                                       list->str));
}

/* The notes on the fleet as a whole: of more than one job, or what its
 * digests say of its size. */
static void
add_job_notes (StFleet *self)
{
  guint              unknown;
  g_autoptr (GArray) sizes = world_sizes (self, &unknown);

  self->mixed = sizes->len > 1;
  if (self->mixed)
    add_mixed_note (self, sizes);
  else if (sizes->len == 1 && unknown == 0
           && g_array_index (sizes, WorldSize, 0).world != (gint64)self->ranks->len)
    {
      g_autofree char *count
          = g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (sizes, WorldSize, 0).world);

      g_ptr_array_add (self->notes, g_strdup_printf (_ ("The digests say the job had %s ranks; "
                                                        "%u are here."),
                                                     count, self->ranks->len));
    }
  if (self->ranks->len < ST_FLEET_MIN_VALUES)
    g_ptr_array_add (self->notes,
                     g_strdup (_ ("Fewer than 5 ranks: no rank stands out of so few "
                                  "(docs/metrics.md 17.4); open their traces as one profile to see "
                                  "who arrived last at each collective.")));
}

static gint64
median_span (StFleet *self)
{
  guint              n = self->ranks->len;
  g_autofree double *spans = g_new (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    spans[i] = (double)g_array_index (self->ranks, StFleetRank, i).end_ns;
  return n > 0 ? (gint64)floor (_st_fleet_median (spans, n)) : 0;
}

static void
rank_clear (gpointer data)
{
  g_free (((StFleetRank *)data)->label);
}

static void
collective_clear (gpointer data)
{
  g_free (((StFleetCollective *)data)->label);
}

static void
finding_clear (gpointer data)
{
  g_free (((StFleetFinding *)data)->text);
}

StFleet *
st_fleet_new (GPtrArray *digests, StAlignment alignment, GCancellable *cancellable)
{
  g_autoptr (StFleet) self = g_new0 (StFleet, 1);

  g_return_val_if_fail (digests != NULL, NULL);

  self->digests = g_ptr_array_ref (digests);
  self->alignment = alignment;
  self->ranks = g_array_new (FALSE, TRUE, sizeof (StFleetRank));
  g_array_set_clear_func (self->ranks, rank_clear);
  self->collectives = g_array_new (FALSE, TRUE, sizeof (StFleetCollective));
  g_array_set_clear_func (self->collectives, collective_clear);
  self->steps = g_array_new (FALSE, TRUE, sizeof (StFleetStep));
  self->cells = g_array_new (FALSE, FALSE, sizeof (StFleetCell));
  self->outliers = g_array_new (FALSE, TRUE, sizeof (StFleetOutlier));
  self->findings = g_array_new (FALSE, TRUE, sizeof (StFleetFinding));
  g_array_set_clear_func (self->findings, finding_clear);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->details = g_new0 (StFleetRankDetail, MAX (digests->len, 1));
  add_rows (self);
  align_rows (self);
  add_job_notes (self);
  self->span_ns = median_span (self);
  if (self->mixed)
    {
      /* 17.2: nothing is compared across jobs */
      for (guint row = 0; row < self->ranks->len; row++)
        self->details[row].worst_late = self->details[row].worst_link = G_MAXUINT;
      _st_fleet_match_steps (self);
      return g_steal_pointer (&self);
    }
  if (!_st_fleet_match_collectives (self, cancellable))
    return NULL;
  _st_fleet_match_steps (self);
  _st_fleet_find_outliers (self);
  _st_fleet_find_findings (self);
  return g_steal_pointer (&self);
}

void
st_fleet_free (StFleet *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->digests, g_ptr_array_unref);
  g_clear_pointer (&self->ranks, g_array_unref);
  g_clear_pointer (&self->collectives, g_array_unref);
  g_clear_pointer (&self->steps, g_array_unref);
  g_clear_pointer (&self->cells, g_array_unref);
  g_clear_pointer (&self->outliers, g_array_unref);
  g_clear_pointer (&self->findings, g_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_free (self->row_cells);
  g_free (self->details);
  g_free (self);
}

/* --- what a fleet answers ---------------------------------------------------------- */

StAlignment
st_fleet_get_alignment (StFleet *self)
{
  return self->alignment;
}

gint64
st_fleet_get_span_ns (StFleet *self)
{
  return self->span_ns;
}

guint
st_fleet_get_n_ranks (StFleet *self)
{
  return self->ranks->len;
}

const StFleetRank *
st_fleet_get_rank (StFleet *self, guint row)
{
  g_return_val_if_fail (row < self->ranks->len, NULL);
  return &g_array_index (self->ranks, StFleetRank, row);
}

StDigest *
st_fleet_get_digest (StFleet *self, guint row)
{
  g_return_val_if_fail (row < self->ranks->len, NULL);
  return g_ptr_array_index (self->digests, g_array_index (self->ranks, StFleetRank, row).digest);
}

guint
st_fleet_get_n_collectives (StFleet *self)
{
  return self->collectives->len;
}

const StFleetCollective *
st_fleet_get_collective (StFleet *self, guint index)
{
  g_return_val_if_fail (index < self->collectives->len, NULL);
  return &g_array_index (self->collectives, StFleetCollective, index);
}

guint
st_fleet_get_n_steps (StFleet *self)
{
  return self->steps->len;
}

const StFleetStep *
st_fleet_get_step (StFleet *self, guint index)
{
  g_return_val_if_fail (index < self->steps->len, NULL);
  return &g_array_index (self->steps, StFleetStep, index);
}

double
st_fleet_get_value (StFleet *self, StStepMetric metric, guint step, guint row)
{
  const StFleetCell *cells;
  guint              lo, hi;

  g_return_val_if_fail ((guint)metric < ST_N_STEP_METRICS, NAN);
  g_return_val_if_fail (row < self->ranks->len && step < self->steps->len, NAN);

  cells = (const StFleetCell *)(const void *)self->cells->data;
  lo = self->row_cells[row];
  hi = self->row_cells[row + 1];
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (cells[mid].step < step)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == self->row_cells[row + 1] || cells[lo].step != step)
    return NAN;
  return g_array_index (st_fleet_get_digest (self, row)->steps, StDigestStep, cells[lo].position)
      .values[metric];
}

guint
st_fleet_get_n_outliers (StFleet *self)
{
  return self->outliers->len;
}

const StFleetOutlier *
st_fleet_get_outlier (StFleet *self, guint index)
{
  g_return_val_if_fail (index < self->outliers->len, NULL);
  return &g_array_index (self->outliers, StFleetOutlier, index);
}

guint
st_fleet_get_n_findings (StFleet *self)
{
  return self->findings->len;
}

const StFleetFinding *
st_fleet_get_finding (StFleet *self, guint index)
{
  g_return_val_if_fail (index < self->findings->len, NULL);
  return &g_array_index (self->findings, StFleetFinding, index);
}

const char *
st_fleet_finding_kind_to_string (StFleetFindingKind kind)
{
  static const char *const names[] = { "straggler", "slow-link", "slow-step" };

  g_return_val_if_fail ((guint)kind < G_N_ELEMENTS (names), NULL);
  return names[kind];
}

gboolean
st_fleet_is_of_one_job (StFleet *self)
{
  return !self->mixed;
}

gboolean
st_fleet_compares_ranks (StFleet *self)
{
  return !self->mixed && self->ranks->len >= ST_FLEET_MIN_VALUES;
}

GPtrArray *
st_fleet_get_notes (StFleet *self)
{
  return self->notes;
}

/* --- reading ----------------------------------------------------------------------- */

typedef struct
{
  GFile *const      *files;
  const char *const *names;
  guint              n;
  gint               next; /* atomic: the next file to read */
  StDigest         **digests;
  GError           **errors;
  GCancellable      *cancellable;
} ReadJob;

static gpointer
read_thread (gpointer data)
{
  ReadJob *job = data;
  guint    i;

  while ((i = (guint)g_atomic_int_add (&job->next, 1)) < job->n)
    {
      if (g_cancellable_set_error_if_cancelled (job->cancellable, &job->errors[i]))
        continue;
      job->digests[i] = st_digest_read (job->files[i], job->names[i], &job->errors[i]);
    }
  return NULL;
}

gboolean
st_fleet_read_each_digest (GFile *const      *files,
                           const char *const *names,
                           guint              n_files,
                           StDigest         **digests,
                           GError           **errors,
                           GCancellable      *cancellable)
{
  ReadJob              job = { files, names, n_files, 0, digests, errors, cancellable };
  guint                n_threads = CLAMP (g_get_num_processors (), 1, MAX (n_files, 1));
  g_autofree GThread **threads = g_new (GThread *, n_threads);

  for (guint t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("strata-digests", read_thread, &job);
  read_thread (&job);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
  return !g_cancellable_is_cancelled (cancellable);
}

/* The digests' names in natural order: rank-2 before rank-10. */
static int
compare_names (gconstpointer a, gconstpointer b)
{
  return st_natural_compare (*(const char *const *)a, *(const char *const *)b);
}

GPtrArray *
st_fleet_list_digests (GFile *folder, GError **error)
{
  g_autoptr (GFileEnumerator) children = NULL;
  g_autoptr (GPtrArray)       names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray                  *files;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  children = g_file_enumerate_children (
      folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return NULL;
  for (;;)
    {
      GFileInfo *info = NULL;

      if (!g_file_enumerator_iterate (children, &info, NULL, NULL, error))
        return NULL;
      if (info == NULL)
        break;
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
          && g_str_has_suffix (g_file_info_get_name (info), ST_DIGEST_SUFFIX))
        g_ptr_array_add (names, g_strdup (g_file_info_get_name (info)));
    }
  g_ptr_array_sort (names, compare_names);
  files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (files, g_file_get_child (folder, g_ptr_array_index (names, i)));
  return files;
}
