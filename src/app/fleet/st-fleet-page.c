/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-page.c: see st-fleet-page.h. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-fleet-page.h"

#include "st-fleet-finding-row.h"
#include "st-fleet-rank-table.h"
#include "st-heatmap.h"
#include "st-job.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

struct _StFleetPage
{
  GtkWidget parent_instance;

  StJob           *job;
  StFleetDocument *document;
  char            *title;
  GPtrArray       *files;  /* of the fleet read or being read */
  StStepMetric     metric; /* the heatmap's */

  GtkPaned         *paned;
  GtkStack         *stack;
  GtkProgressBar   *fleet_progress_bar;
  AdwStatusPage    *fleet_error_page;
  GtkLabel         *problem_label;
  GtkBox           *findings_box;
  GtkBox           *notes_box;
  GtkLabel         *no_findings_label;
  StHeatmap        *step_map;
  StHeatmap        *late_map;
  GtkLabel         *late_caption;
  StHeatmap        *strip_map;
  StFleetRankTable *rank_table;
};

G_DEFINE_FINAL_TYPE (StFleetPage, st_fleet_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_METRIC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  OPEN_TRACE,
  CANCELLED,
  READ,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The heatmap's metrics, in the switch's order. */
static const StStepMetric map_metrics[] = { ST_STEP_TIME, ST_STEP_BUSY, ST_STEP_EXPOSED };

static StFleet *
fleet (StFleetPage *self)
{
  return st_fleet_document_get_fleet (self->document);
}

/* --- opening a rank's trace ----------------------------------------------- */

/* What to open: one rank's trace or two merged, at a range of the first's
 * own time. */
typedef struct
{
  StFleetPage *page;
  guint        rows[2];
  guint        n_rows;
  GFile       *files[2];
  gint64       start, end;
} Request;

static void
request_free (Request *request)
{
  g_object_unref (request->page);
  for (guint i = 0; i < request->n_rows; i++)
    g_clear_object (&request->files[i]);
  g_free (request);
}

/* Row @row's trace: where its digest says, else beside its digest (where
 * strata-cli digest writes it without -o); NULL when neither is there. */
static GFile *
find_trace (StFleetPage *self, guint row)
{
  StDigest         *digest = st_fleet_get_digest (fleet (self), row);
  g_autoptr (GFile) file = g_file_new_for_path (digest->path);
  g_autoptr (GFile) folder = NULL;
  g_autoptr (GFile) beside = NULL;

  if (g_file_query_exists (file, NULL))
    return g_steal_pointer (&file);
  folder = g_file_get_parent (st_fleet_document_get_digest_file (self->document, row));
  beside = folder ? g_file_get_child (folder, digest->name) : NULL;
  if (beside != NULL && g_file_query_exists (beside, NULL))
    return g_steal_pointer (&beside);
  return NULL;
}

static void continue_request (Request *request);

static void
on_located (GtkNativeDialog *dialog, int response, Request *request)
{
  guint i = request->files[0] == NULL ? 0 : 1;

  if (response == GTK_RESPONSE_ACCEPT)
    request->files[i] = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (request->files[i] != NULL)
    continue_request (request);
  else
    request_free (request);
}

/* Where to start looking for row @row's trace: the folder its digest
 * names, when it is still there (the trace alone was moved or renamed),
 * else the digest's own folder. */
static GFile *
search_folder (StFleetPage *self, guint row)
{
  StDigest         *digest = st_fleet_get_digest (fleet (self), row);
  g_autoptr (GFile) file = g_file_new_for_path (digest->path);
  g_autoptr (GFile) named = g_file_get_parent (file);

  if (named != NULL
      && g_file_query_file_type (named, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
    return g_steal_pointer (&named);
  return g_file_get_parent (st_fleet_document_get_digest_file (self->document, row));
}

/* Asks where row @row's trace is, from where it most likely is near. */
static void
ask_where (Request *request, guint row)
{
  StDigest             *digest = st_fleet_get_digest (fleet (request->page), row);
  g_autofree char      *title = g_strdup_printf (_ ("Where Is “%s”?"), digest->name);
  GtkRoot              *root = gtk_widget_get_root (GTK_WIDGET (request->page));
  g_autoptr (GFile)     folder = search_folder (request->page, row);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  g_signal_connect (chooser, "response", G_CALLBACK (on_located), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Finds each rank's trace, asking for those it cannot find, then asks
 * for them to be opened; two merged on their clocks, so the range moves
 * by the first's clock less the earlier of the two (docs/metrics.md 3.2). */
static void
continue_request (Request *request)
{
  StFleetPage *self = request->page;
  gint64       shift = 0;

  for (guint i = 0; i < request->n_rows; i++)
    if (request->files[i] == NULL)
      {
        request->files[i] = find_trace (self, request->rows[i]);
        if (request->files[i] == NULL)
          {
            ask_where (request, request->rows[i]);
            return;
          }
      }
  if (request->n_rows == 2)
    {
      gint64 a = st_fleet_get_digest (fleet (self), request->rows[0])->origin_ns;
      gint64 b = st_fleet_get_digest (fleet (self), request->rows[1])->origin_ns;

      shift = a - MIN (a, b);
    }
  g_signal_emit (self, signals[OPEN_TRACE], 0, request->files[0], request->files[1],
                 request->start + shift, request->end + shift);
  request_free (request);
}

static void
open_rows (StFleetPage *self, guint row_a, guint row_b, gint64 start, gint64 end)
{
  Request *request = g_new0 (Request, 1);

  request->page = g_object_ref (self);
  request->rows[0] = row_a;
  request->rows[1] = row_b;
  request->n_rows = row_b == G_MAXUINT ? 1 : 2;
  request->start = start;
  request->end = end;
  continue_request (request);
}

/* The range of the step of @row's trace that holds its time @t; without
 * one, [@t, @t_end). */
static void
step_around (StFleetPage *self, guint row, gint64 t, gint64 t_end, gint64 *start, gint64 *end)
{
  StDigest *digest = st_fleet_get_digest (fleet (self), row);

  *start = t;
  *end = MAX (t_end, t + 1);
  for (guint i = 0; i < digest->steps->len; i++)
    {
      const StDigestStep *s = &g_array_index (digest->steps, StDigestStep, i);

      if (s->start_ns <= t && t < s->end_ns)
        {
          *start = s->start_ns;
          *end = s->end_ns;
        }
    }
}

/* The range of fleet step @step in @row's trace; the whole trace when it
 * has no such step (or @step is G_MAXUINT). */
static void
step_range (StFleetPage *self, guint row, guint step, gint64 *start, gint64 *end)
{
  StDigest *digest = st_fleet_get_digest (fleet (self), row);

  *start = 0;
  *end = digest->end_ns;
  for (guint i = 0; step != G_MAXUINT && i < digest->steps->len; i++)
    {
      const StDigestStep *s = &g_array_index (digest->steps, StDigestStep, i);

      if (s->number == st_fleet_get_step (fleet (self), step)->number)
        {
          *start = s->start_ns;
          *end = s->end_ns;
        }
    }
}

void
st_fleet_page_open_rank (StFleetPage *self, guint row, guint step)
{
  gint64 start, end;

  g_return_if_fail (ST_IS_FLEET_PAGE (self));
  g_return_if_fail (self->document != NULL && row < st_fleet_get_n_ranks (fleet (self)));
  step_range (self, row, step, &start, &end);
  open_rows (self, row, G_MAXUINT, start, end);
}

static void
on_step_activated (StFleetPage *self, guint row, guint col)
{
  st_fleet_rank_table_select_row (self->rank_table, row, FALSE);
  st_fleet_page_open_rank (self, row, col);
}

/* A cell of the straggler matrix: the rank at the step of that collective. */
static void
on_late_activated (StFleetPage *self, guint row, guint col)
{
  const StFleetCollective *c = st_fleet_get_collective (fleet (self), col);
  gint64                   shift = st_fleet_get_rank (fleet (self), row)->shift_ns;
  gint64                   start, end;

  st_fleet_rank_table_select_row (self->rank_table, row, FALSE);
  step_around (self, row, c->start_ns - shift, c->end_ns - shift, &start, &end);
  open_rows (self, row, G_MAXUINT, start, end);
}

/* A row's Open, or two rows' Open Merged: the whole traces. */
static void
on_open_rows (StFleetPage *self, guint row_a, guint row_b)
{
  open_rows (self, row_a, row_b, 0, st_fleet_get_digest (fleet (self), row_a)->end_ns);
}

/* --- the findings --------------------------------------------------------- */

/* The rank a finding points at, and its place in that rank's time: the
 * step around it. A slow step points at the rank slowest in it. */
static guint
finding_target (StFleetPage *self, const StFleetFinding *f, gint64 *start, gint64 *end)
{
  guint  row = f->index;
  double slowest = -INFINITY;

  if (f->kind == ST_FLEET_FINDING_SLOW_STEP)
    {
      for (guint r = 0; r < st_fleet_get_n_ranks (fleet (self)); r++)
        {
          double v = st_fleet_get_value (fleet (self), ST_STEP_TIME, f->index, r);

          if (!isnan (v) && v > slowest)
            {
              slowest = v;
              row = r;
            }
        }
      step_range (self, row, f->index, start, end);
      return row;
    }
  step_around (self, row, f->start_ns - st_fleet_get_rank (fleet (self), row)->shift_ns,
               f->end_ns - st_fleet_get_rank (fleet (self), row)->shift_ns, start, end);
  return row;
}

static void
on_finding_open (StFleetPage *self, StFleetFindingRow *row)
{
  const StFleetFinding *f
      = st_fleet_get_finding (fleet (self), st_fleet_finding_row_get_index (row));
  gint64 start, end;
  guint  rank = finding_target (self, f, &start, &end);

  st_fleet_rank_table_select_row (self->rank_table, rank, FALSE);
  open_rows (self, rank, G_MAXUINT, start, end);
}

static const char *
finding_kind_title (StFleetFindingKind kind)
{
  switch (kind)
    {
    case ST_FLEET_FINDING_STRAGGLER: return _ ("Straggler:");
    case ST_FLEET_FINDING_SLOW_LINK: return _ ("Slow link:");
    case ST_FLEET_FINDING_SLOW_STEP:
    default: return _ ("Slow step:");
    }
}

/* "Open rank 5 at step 6", or at its range when no step holds it. */
static char *
finding_link (StFleetPage *self, const StFleetFinding *f)
{
  gint64      start, end;
  guint       row = finding_target (self, f, &start, &end);
  StDigest   *digest = st_fleet_get_digest (fleet (self), row);
  const char *label = st_fleet_get_rank (fleet (self), row)->label;

  for (guint i = 0; i < digest->steps->len; i++)
    {
      const StDigestStep *s = &g_array_index (digest->steps, StDigestStep, i);

      if (s->start_ns == start && s->end_ns == end)
        {
          g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, s->number);

          /* Translators: a link: the rank's label and the step's number */
          return g_strdup_printf (_ ("Open %s at step %s"), label, number);
        }
    }
  /* Translators: a link: the rank's label */
  return g_strdup_printf (_ ("Open %s at this place"), label);
}

/* What the fleet says of its digests (docs/metrics.md 17.2, 17.4): how
 * many ranks are here, digests of one trace or of one rank. */
static void
fill_notes (StFleetPage *self)
{
  GPtrArray *notes = st_fleet_get_notes (fleet (self));
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->notes_box))) != NULL)
    gtk_box_remove (self->notes_box, child);
  for (guint i = 0; i < notes->len; i++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (notes, i));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      /* digests of several jobs: the first note is why there are no findings */
      gtk_widget_add_css_class (
          label, i == 0 && !st_fleet_is_of_one_job (fleet (self)) ? "warning" : "dim-label");
      gtk_box_append (self->notes_box, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->notes_box), notes->len > 0);
}

static void
fill_findings (StFleetPage *self)
{
  GtkWidget *child;
  guint      n = st_fleet_get_n_findings (fleet (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->findings_box))) != NULL)
    gtk_box_remove (self->findings_box, child);
  for (guint i = 0; i < n; i++)
    {
      const StFleetFinding *f = st_fleet_get_finding (fleet (self), i);
      g_autofree char      *link = finding_link (self, f);
      GtkWidget *row = st_fleet_finding_row_new (i, finding_kind_title (f->kind), f->text, link);

      g_signal_connect_object (row, "open", G_CALLBACK (on_finding_open), self, G_CONNECT_SWAPPED);
      gtk_box_append (self->findings_box, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->no_findings_label),
                          n == 0 && st_fleet_compares_ranks (fleet (self)));
  fill_notes (self);
}

/* --- the heatmaps --------------------------------------------------------- */

static GStrv
rank_labels (StFleet *f)
{
  GStrv labels = g_new0 (char *, st_fleet_get_n_ranks (f) + 1);

  for (guint r = 0; r < st_fleet_get_n_ranks (f); r++)
    labels[r] = g_strdup (st_fleet_get_rank (f, r)->label);
  return labels;
}

/* Ranks × steps of the metric chosen; the outlier ranks and steps of
 * docs/metrics.md 17.4 marked. */
static void
fill_step_map (StFleetPage *self)
{
  StFleet           *f = fleet (self);
  guint              n_rows = st_fleet_get_n_ranks (f), n_cols = st_fleet_get_n_steps (f);
  g_autofree double *values = g_new (double, MAX ((gsize)n_rows * n_cols, 1));
  g_autofree guint8 *row_marks = g_new0 (guint8, MAX (n_rows, 1));
  g_autofree guint8 *col_marks = g_new0 (guint8, MAX (n_cols, 1));
  g_auto (GStrv)     rows = rank_labels (f);
  g_auto (GStrv)     cols = g_new0 (char *, n_cols + 1);

  for (guint c = 0; c < n_cols; c++)
    cols[c] = g_strdup_printf ("%" G_GINT64_FORMAT, st_fleet_get_step (f, c)->number);
  for (guint r = 0; r < n_rows; r++)
    for (guint c = 0; c < n_cols; c++)
      values[(gsize)r * n_cols + c] = st_fleet_get_value (f, self->metric, c, r);
  for (guint i = 0; i < st_fleet_get_n_outliers (f); i++)
    {
      const StFleetOutlier *o = st_fleet_get_outlier (f, i);
      guint8                mark = o->score > 0 ? ST_HEATMAP_MARK_HIGH : ST_HEATMAP_MARK_LOW;

      if (o->metric == self->metric)
        (o->of_step ? col_marks : row_marks)[o->index] = mark;
    }
  st_heatmap_set_data (self->step_map, n_rows, n_cols, values,
                       st_step_metric_get_unit (self->metric), (const char *const *)rows,
                       (const char *const *)cols, _ ("Step"));
  st_heatmap_set_marks (self->step_map, row_marks, col_marks);
}

/* Ranks × collectives, each cell the rank's lateness (17.3); the
 * stragglers of the findings marked. */
static void
fill_late_map (StFleetPage *self)
{
  StFleet           *f = fleet (self);
  guint              n_rows = st_fleet_get_n_ranks (f), n_cols = st_fleet_get_n_collectives (f);
  g_autofree double *values = g_new (double, MAX ((gsize)n_rows * n_cols, 1));
  g_autofree guint8 *row_marks = g_new0 (guint8, MAX (n_rows, 1));
  g_auto (GStrv)     rows = rank_labels (f);
  g_auto (GStrv)     cols = g_new0 (char *, n_cols + 1);

  for (guint c = 0; c < n_cols; c++)
    cols[c] = g_strdup (st_fleet_get_collective (f, c)->label);
  for (guint r = 0; r < n_rows; r++)
    for (guint c = 0; c < n_cols; c++)
      values[(gsize)r * n_cols + c] = st_fleet_document_get_lateness (self->document, c, r);
  for (guint i = 0; i < st_fleet_get_n_findings (f); i++)
    if (st_fleet_get_finding (f, i)->kind == ST_FLEET_FINDING_STRAGGLER)
      row_marks[st_fleet_get_finding (f, i)->index] = ST_HEATMAP_MARK_HIGH;
  st_heatmap_set_data (self->late_map, n_rows, n_cols, values, ST_UNIT_NS,
                       (const char *const *)rows, (const char *const *)cols, "");
  st_heatmap_set_marks (self->late_map, row_marks, NULL);
  /* no empty matrix under its heading: why there is nothing to draw (17.3) */
  gtk_widget_set_visible (GTK_WIDGET (self->late_map), n_cols > 0);
  gtk_label_set_text (
      self->late_caption,
      n_cols > 0
          ? _ ("How late each rank started each collective, after the first rank to start it")
      : !st_fleet_is_of_one_job (f)
          ? _ ("The digests are of more than one job: collectives are matched within one job only")
          : _ ("No collective was found on two ranks or more"));
}

/* Ranks × the 512ths of each one's span, each cell its devices' busy
 * share (17.2's strips); the outlier ranks of device busy (17.4) marked. */
static void
fill_strip_map (StFleetPage *self)
{
  StFleet           *f = fleet (self);
  guint              n_rows = st_fleet_get_n_ranks (f);
  g_autofree double *values = g_new (double, (gsize)MAX (n_rows, 1) * ST_DIGEST_BINS);
  g_autofree guint8 *row_marks = g_new0 (guint8, MAX (n_rows, 1));
  g_auto (GStrv)     rows = rank_labels (f);
  g_auto (GStrv)     cols = g_new0 (char *, ST_DIGEST_BINS + 1);

  for (guint c = 0; c < ST_DIGEST_BINS; c++)
    cols[c] = g_strdup_printf ("%.4g %%", 100.0 * c / ST_DIGEST_BINS);
  for (guint r = 0; r < n_rows; r++)
    for (guint c = 0; c < ST_DIGEST_BINS; c++)
      values[(gsize)r * ST_DIGEST_BINS + c] = st_fleet_document_get_strip (self->document, r, c);
  for (guint i = 0; i < st_fleet_get_n_outliers (f); i++)
    {
      const StFleetOutlier *o = st_fleet_get_outlier (f, i);

      if (o->metric == ST_STEP_BUSY && !o->of_step)
        row_marks[o->index] = o->score > 0 ? ST_HEATMAP_MARK_HIGH : ST_HEATMAP_MARK_LOW;
    }
  /* Translators: a column of a rank's strip: "at 25 %" of its span */
  st_heatmap_set_data (self->strip_map, n_rows, ST_DIGEST_BINS, values, ST_UNIT_PERCENT,
                       (const char *const *)rows, (const char *const *)cols, _ ("at"));
  st_heatmap_set_marks (self->strip_map, row_marks, NULL);
}

/* A cell of the strips: that rank's step around that 512th of its span. */
static void
on_strip_activated (StFleetPage *self, guint row, guint col)
{
  gint64 end_ns = st_fleet_get_digest (fleet (self), row)->end_ns, start, end;

  st_fleet_rank_table_select_row (self->rank_table, row, FALSE);
  step_around (self, row, col * end_ns / ST_DIGEST_BINS, (col + 1) * end_ns / ST_DIGEST_BINS,
               &start, &end);
  open_rows (self, row, G_MAXUINT, start, end);
}

/* --- reading -------------------------------------------------------------- */

/* Once the table has its rows: as wide as its columns, while the charts
 * keep at least 55 % of the width; the person moves the divider after. */
static void
on_table_filled (StFleetPage *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->paned)), table;

  gtk_widget_measure (GTK_WIDGET (self->rank_table), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &table,
                      NULL, NULL);
  if (width > 0)
    gtk_paned_set_position (self->paned, MAX (width * 55 / 100, width - table));
}

static gpointer
read_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  GPtrArray *files = data;

  return st_fleet_document_read ((GFile *const *)files->pdata, files->len, st_job_report, run,
                                 cancellable, error);
}

static void
on_read (gpointer owner, gpointer result, const GError *error)
{
  StFleetPage *self = owner;

  if (error != NULL)
    {
      adw_status_page_set_description (self->fleet_error_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      return;
    }
  self->document = result;
  g_signal_emit (self, signals[READ], 0, self->files);
  gtk_label_set_text (self->problem_label, st_fleet_document_get_problem (self->document));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->problem_label),
                               st_fleet_document_get_problem_detail (self->document));
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label),
                          st_fleet_document_get_problem (self->document) != NULL);
  fill_findings (self);
  fill_step_map (self);
  fill_late_map (self);
  fill_strip_map (self);
  /* its rows come a few at a frame, after the heatmaps */
  st_fleet_rank_table_set_ranks (self->rank_table, st_fleet_document_get_ranks (self->document));
  gtk_stack_set_visible_child_name (self->stack, "fleet");
}

static void
on_progress (StFleetPage *self)
{
  gtk_progress_bar_set_fraction (self->fleet_progress_bar, st_job_get_fraction (self->job));
}

static char *
title_of (GFile *const *files, guint n_files)
{
  g_autofree char *name = g_file_get_basename (files[0]);

  if (n_files == 1)
    return g_steal_pointer (&name);
  /* Translators: a fleet opened from several digest files */
  return g_strdup_printf (ngettext ("%u digest", "%u digests", n_files), n_files);
}

void
st_fleet_page_open (StFleetPage *self, GFile *const *files, guint n_files)
{
  GPtrArray *list = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (ST_IS_FLEET_PAGE (self));
  g_return_if_fail (n_files > 0);

  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (list, g_object_ref (files[i]));
  st_fleet_rank_table_set_ranks (self->rank_table, NULL);
  g_clear_object (&self->document);
  g_free (self->title);
  self->title = title_of (files, n_files);
  g_clear_pointer (&self->files, g_ptr_array_unref);
  self->files = g_ptr_array_ref (list);
  gtk_progress_bar_set_fraction (self->fleet_progress_bar, 0);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  st_job_start (self->job, read_thread, list, (GDestroyNotify)g_ptr_array_unref, on_read,
                g_object_unref);
}

/* Escape or Cancel while reading: nothing is open. */
static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StFleetPage *self = ST_FLEET_PAGE (widget);

  if (!st_job_is_running (self->job))
    return;
  st_job_cancel (self->job);
  g_clear_pointer (&self->title, g_free);
  g_signal_emit (self, signals[CANCELLED], 0);
}

gboolean
st_fleet_page_is_open (StFleetPage *self)
{
  g_return_val_if_fail (ST_IS_FLEET_PAGE (self), FALSE);
  return self->title != NULL;
}

gboolean
st_fleet_page_is_loading (StFleetPage *self)
{
  g_return_val_if_fail (ST_IS_FLEET_PAGE (self), FALSE);
  return st_job_is_running (self->job);
}

StFleetDocument *
st_fleet_page_get_document (StFleetPage *self)
{
  g_return_val_if_fail (ST_IS_FLEET_PAGE (self), NULL);
  return self->document;
}

const char *
st_fleet_page_get_title (StFleetPage *self)
{
  g_return_val_if_fail (ST_IS_FLEET_PAGE (self), NULL);
  return self->title;
}

/* --- the object ----------------------------------------------------------- */

static void
st_fleet_page_set_metric (StFleetPage *self, const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (map_metrics); i++)
    if (g_strcmp0 (name, st_step_metric_to_string (map_metrics[i])) == 0
        && self->metric != map_metrics[i])
      {
        self->metric = map_metrics[i];
        if (self->document != NULL)
          fill_step_map (self);
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRIC]);
      }
}

static void
st_fleet_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_METRIC:
      g_value_set_string (value, st_step_metric_to_string (ST_FLEET_PAGE (object)->metric));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_fleet_page_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_METRIC:
      st_fleet_page_set_metric (ST_FLEET_PAGE (object), g_value_get_string (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_fleet_page_dispose (GObject *object)
{
  StFleetPage *self = ST_FLEET_PAGE (object);
  GtkWidget   *child;

  g_clear_object (&self->job);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_FLEET_PAGE);
  /* the children without an id */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_fleet_page_parent_class)->dispose (object);
}

static void
st_fleet_page_finalize (GObject *object)
{
  g_free (ST_FLEET_PAGE (object)->title);
  g_clear_pointer (&ST_FLEET_PAGE (object)->files, g_ptr_array_unref);
  G_OBJECT_CLASS (st_fleet_page_parent_class)->finalize (object);
}

static void
install_signals (GObjectClass *object_class)
{
  /* A rank's trace to open at [start, end) of its time: the file, a
   * second to merge with it or NULL, the range in the (merged) trace. */
  signals[OPEN_TRACE] = g_signal_new ("open-trace", G_TYPE_FROM_CLASS (object_class),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                                      G_TYPE_FILE, G_TYPE_FILE, G_TYPE_INT64, G_TYPE_INT64);
  /* The digests were read: their files (a GPtrArray of GFile), which open
   * the fleet again. */
  signals[READ] = g_signal_new ("read", G_TYPE_FROM_CLASS (object_class), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
  /* The reading was cancelled: nothing is open. */
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (object_class),
                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_fleet_page_class_init (StFleetPageClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_fleet_page_dispose;
  object_class->finalize = st_fleet_page_finalize;
  object_class->get_property = st_fleet_page_get_property;
  object_class->set_property = st_fleet_page_set_property;
  /* The heatmap's metric: "step_time_ns", "device_busy_percent" or
   * "exposed_communication_ns". */
  properties[PROP_METRIC]
      = g_param_spec_string ("metric", NULL, NULL, "step_time_ns",
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  install_signals (object_class);
  g_type_ensure (ST_TYPE_HEATMAP);
  g_type_ensure (ST_TYPE_FLEET_RANK_TABLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/fleet/st-fleet-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, paned);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, stack);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, fleet_progress_bar);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, fleet_error_page);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, problem_label);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, findings_box);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, notes_box);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, no_findings_label);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, step_map);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, late_map);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, late_caption);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, strip_map);
  gtk_widget_class_bind_template_child (widget_class, StFleetPage, rank_table);
  gtk_widget_class_bind_template_callback (widget_class, on_step_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_late_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_strip_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_open_rows);
  gtk_widget_class_bind_template_callback (widget_class, on_table_filled);
  gtk_widget_class_install_property_action (widget_class, "fleet.metric", "metric");
  gtk_widget_class_install_action (widget_class, "fleet.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "fleet.cancel", NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_fleet_page_init (StFleetPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->metric = ST_STEP_TIME;
  self->job = st_job_new (self);
  g_signal_connect_object (self->job, "progress", G_CALLBACK (on_progress), self,
                           G_CONNECT_SWAPPED);
}
