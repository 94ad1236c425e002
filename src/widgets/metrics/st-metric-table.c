/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-metric-table.h"

#include "st-metric-catalog.h"

#include <glib/gi18n.h>
#include <math.h>

struct _StMetricTable
{
  GtkWidget parent_instance;

  GPtrArray *ids;          /* char *, a row each */
  GPtrArray *values;       /* GtkLabel, row-major: n_rows × n_columns */
  GPtrArray *denominators; /* GtkLabel or NULL, a row each: what a percentage is of */
  guint      n_columns;
};

G_DEFINE_FINAL_TYPE (StMetricTable, st_metric_table, GTK_TYPE_WIDGET)

/* The value as strata-cli prints it; "not in this profile" when absent. */
static char *
format_value (const StMetric *metric)
{
  if (!metric->present)
    return g_strdup (_ ("not in this profile"));
  return st_summary_format_value (metric->unit, metric->value);
}

/* Best and worst that read the same (99.2 % and 99.2 %) mark nothing. */
static gboolean
same_when_shown (const StMetric *m, double best, double worst)
{
  StMetric         a = *m, b = *m;
  g_autofree char *best_text = NULL, *worst_text = NULL;

  a.value = best;
  b.value = worst;
  best_text = format_value (&a);
  worst_text = format_value (&b);
  return g_str_equal (best_text, worst_text);
}

static void
clear (StMetricTable *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_ptr_array_set_size (self->ids, 0);
  g_ptr_array_set_size (self->values, 0);
  g_ptr_array_set_size (self->denominators, 0);
  self->n_columns = 0;
}

/* A new label with @tooltip (or none). The tooltip is set while the label
 * is hidden: on a shown widget GTK asks the display where the pointer is,
 * a round trip to the display server for each of a table's labels. */
static GtkWidget *
label_new (const char *text, const char *tooltip)
{
  GtkWidget *label = gtk_label_new (text);

  if (tooltip != NULL)
    {
      gtk_widget_set_visible (label, FALSE);
      gtk_widget_set_tooltip_text (label, tooltip);
      gtk_widget_set_visible (label, TRUE);
    }
  return label;
}

static GtkWidget *
attach_label (StMetricTable *self,
              const char    *text,
              const char    *tooltip,
              int            column,
              int            row,
              float          xalign)
{
  GtkWidget          *label = label_new (text, tooltip);
  GtkLayoutManager   *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkGridLayoutChild *child;

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, label));
  gtk_grid_layout_child_set_column (child, column);
  gtk_grid_layout_child_set_row (child, row);
  return label;
}

static const StMetric *
lookup (StSummary *summary, const char *id)
{
  return summary != NULL ? st_summary_lookup (summary, id) : NULL;
}

static void
attach_headers (StMetricTable *self, const char *const *column_titles, guint n_columns)
{
  for (guint c = 0; c < n_columns; c++)
    {
      GtkWidget *header = attach_label (self, column_titles[c], column_titles[c], c + 1, 0, 1.0);

      gtk_widget_add_css_class (header, "heading");
    }
}

/* What the percentage @m is of (docs/metrics.md 2.2); NONE for another
 * unit. */
static StDenominator
denominator_of (const char *id, const StMetric *m)
{
  return m != NULL && m->unit == ST_UNIT_PERCENT ? st_metric_catalog_get_denominator (id)
                                                 : ST_DENOMINATOR_NONE;
}

/* The row's title: the metric's, with what it means in the tooltip (and,
 * for a percentage, what it is of). */
static GtkWidget *
attach_title (StMetricTable *self, const char *id, const StMetric *first, int row)
{
  g_autofree char *tip = NULL, *meaning = NULL;
  GtkWidget       *title;

  if (first != NULL && first->description != NULL)
    meaning = first->unit == ST_UNIT_PERCENT
                  ? g_strdup_printf ("%s\n\n%s", first->description,
                                     st_denominator_get_description (denominator_of (id, first)))
                  : g_strdup (first->description);
  if (meaning != NULL)
    tip = first->source == ST_METRIC_PROFILE
              /* Translators: a metric's description, then where it comes from */
              ? g_strdup_printf (_ ("%s\n\n%s · from the profile"), meaning, id)
              : g_strdup_printf ("%s\n\n%s", meaning, id);
  title = attach_label (self, first && first->title ? first->title : id, tip, 0, row, 0.0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, "metric-title");
  return title;
}

typedef struct
{
  StMetricBetter better;
  double         best;
  double         worst;
  guint          n_present;
} Judgement;

/* The best and worst of the values of @id, the way the catalogue judges it. */
static Judgement
judge (const char *id, StSummary **summaries, guint n_summaries)
{
  Judgement j = { st_metric_catalog_get_better (id), NAN, NAN, 0 };
  gboolean  higher = j.better == ST_METRIC_BETTER_HIGHER;

  for (guint c = 0; c < n_summaries; c++)
    {
      const StMetric *m = lookup (summaries[c], id);

      if (m == NULL || !m->present)
        continue;
      j.best
          = isnan (j.best) ? m->value : (higher ? MAX (j.best, m->value) : MIN (j.best, m->value));
      j.worst = isnan (j.worst) ? m->value
                                : (higher ? MIN (j.worst, m->value) : MAX (j.worst, m->value));
      j.n_present++;
    }
  return j;
}

static void
attach_value (StMetricTable   *self,
              const StMetric  *m,
              const Judgement *j,
              GtkWidget       *title,
              guint            column,
              int              row)
{
  StMetric         absent = { .present = FALSE };
  g_autofree char *text = format_value (m ? m : &absent);
  GtkWidget       *value
      = attach_label (self, text, gtk_widget_get_tooltip_text (title), column + 1, row, 1.0);

  gtk_widget_add_css_class (value, "numeric");
  if (m == NULL || !m->present)
    gtk_widget_add_css_class (value, "dim-label");
  else if (j->better != ST_METRIC_BETTER_NONE && j->n_present > 1
           && !same_when_shown (m, j->best, j->worst))
    {
      if (m->value == j->best)
        gtk_widget_add_css_class (value, "metric-best");
      else if (m->value == j->worst)
        gtk_widget_add_css_class (value, "metric-worst");
    }
  g_ptr_array_add (self->values, value);
}

/* After the values, what a percentage is of: "91.9 %  of device time". */
static void
attach_denominator (StMetricTable  *self,
                    const char     *id,
                    const StMetric *first,
                    GtkWidget      *title,
                    int             row)
{
  const char *text = st_denominator_get_label (denominator_of (id, first));
  GtkWidget  *label = NULL;

  if (text != NULL)
    {
      label = attach_label (self, text, gtk_widget_get_tooltip_text (title), self->n_columns + 1,
                            row, 0.0);
      gtk_widget_add_css_class (label, "dim-label");
    }
  g_ptr_array_add (self->denominators, label);
}

void
st_metric_table_set_metrics (StMetricTable     *self,
                             const char *const *ids,
                             guint              n_ids,
                             StSummary        **summaries,
                             guint              n_summaries,
                             const char *const *column_titles)
{
  int row = 0;

  g_return_if_fail (ST_IS_METRIC_TABLE (self));

  clear (self);
  self->n_columns = n_summaries;
  if (column_titles != NULL && n_summaries > 1)
    {
      attach_headers (self, column_titles, n_summaries);
      row++;
    }
  for (guint i = 0; i < n_ids; i++, row++)
    {
      const StMetric *first = NULL;
      GtkWidget      *title;
      Judgement       j = judge (ids[i], summaries, n_summaries);

      for (guint c = 0; c < n_summaries && first == NULL; c++)
        first = lookup (summaries[c], ids[i]);
      title = attach_title (self, ids[i], first, row);
      g_ptr_array_add (self->ids, g_strdup (ids[i]));
      for (guint c = 0; c < n_summaries; c++)
        attach_value (self, lookup (summaries[c], ids[i]), &j, title, c, row);
      /* beside "not in this profile", a denominator says nothing */
      attach_denominator (self, ids[i], j.n_present > 0 ? first : NULL, title, row);
    }
}

guint
st_metric_table_get_n_rows (StMetricTable *self)
{
  g_return_val_if_fail (ST_IS_METRIC_TABLE (self), 0);
  return self->ids->len;
}

const char *
st_metric_table_get_value_text (StMetricTable *self, const char *id, guint column)
{
  g_return_val_if_fail (ST_IS_METRIC_TABLE (self), NULL);

  for (guint i = 0; i < self->ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->ids, i), id) && column < self->n_columns)
      return gtk_label_get_text (g_ptr_array_index (self->values, i * self->n_columns + column));
  return NULL;
}

const char *
st_metric_table_get_denominator_text (StMetricTable *self, const char *id)
{
  g_return_val_if_fail (ST_IS_METRIC_TABLE (self), NULL);

  for (guint i = 0; i < self->ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->ids, i), id))
      {
        GtkLabel *label = g_ptr_array_index (self->denominators, i);

        return label != NULL ? gtk_label_get_text (label) : NULL;
      }
  return NULL;
}

static void
st_metric_table_dispose (GObject *object)
{
  StMetricTable *self = ST_METRIC_TABLE (object);

  clear (self);
  G_OBJECT_CLASS (st_metric_table_parent_class)->dispose (object);
}

static void
st_metric_table_finalize (GObject *object)
{
  StMetricTable *self = ST_METRIC_TABLE (object);

  g_ptr_array_unref (self->ids);
  g_ptr_array_unref (self->values);
  g_ptr_array_unref (self->denominators);
  G_OBJECT_CLASS (st_metric_table_parent_class)->finalize (object);
}

static void
st_metric_table_class_init (StMetricTableClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_metric_table_dispose;
  object_class->finalize = st_metric_table_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_GRID_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "metrictable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TABLE);
}

static void
st_metric_table_init (StMetricTable *self)
{
  GtkGridLayout *layout = GTK_GRID_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));

  self->ids = g_ptr_array_new_with_free_func (g_free);
  self->values = g_ptr_array_new ();
  self->denominators = g_ptr_array_new ();
  gtk_grid_layout_set_row_spacing (layout, 3);
  gtk_grid_layout_set_column_spacing (layout, 18);
}

GtkWidget *
st_metric_table_new (void)
{
  return g_object_new (ST_TYPE_METRIC_TABLE, NULL);
}
