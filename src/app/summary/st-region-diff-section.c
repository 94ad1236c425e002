/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-region-diff-section.h"

#include "st-operation-diff-view.h"

#include <glib/gi18n.h>

struct _StRegionDiffSection
{
  StSummarySection parent_instance;

  StSession *session;
  StTrace   *trace;
  guint      n_regions;
  char      *names[ST_SESSION_MAX_COMPARE]; /* “name”, as the tooltips say it */
  gint64     starts[ST_SESSION_MAX_COMPARE];
  gint64     ends[ST_SESSION_MAX_COMPARE];
  GPtrArray *diffs; /* StOperationDiff: region i + 1 against region 0 */
  guint      compared;
  char      *operations;

  GtkSpinner          *spinner;
  GtkLabel            *base_label;
  GtkLabel            *compared_label;
  GtkDropDown         *compared_dropdown;
  GtkStringList       *compared_names;
  StOperationDiffView *region_diff_view;
};

G_DEFINE_FINAL_TYPE (StRegionDiffSection, st_region_diff_section, ST_TYPE_SUMMARY_SECTION)

enum
{
  PROP_0,
  PROP_OPERATIONS,
  PROP_COMPARED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The table of the region compared, once its diff is there. */
static void
show_pair (StRegionDiffSection *self)
{
  StOperationDiff *diff = NULL;

  if (self->diffs != NULL && self->compared - 1 < self->diffs->len)
    diff = g_ptr_array_index (self->diffs, self->compared - 1);
  st_operation_diff_view_set_diff (self->region_diff_view, diff, self->names[0],
                                   self->names[self->compared]);
  if (self->compared < self->n_regions)
    gtk_label_set_text (self->compared_label,
                        g_list_model_get_n_items (G_LIST_MODEL (self->compared_names)) > 0
                            ? gtk_string_list_get_string (self->compared_names, self->compared - 1)
                            : "");
}

/* Region @summaries[0] is the base, each other is compared with it. */
static void
st_region_diff_section_show (StSummarySection  *section,
                             StTrace           *trace,
                             StSummary *const  *summaries,
                             const char *const *titles,
                             guint              n_summaries)
{
  StRegionDiffSection *self = ST_REGION_DIFF_SECTION (section);
  guint                n = MIN (n_summaries, ST_SESSION_MAX_COMPARE);
  guint                keep = self->compared;

  g_set_object (&self->trace, trace);
  g_clear_pointer (&self->diffs, g_ptr_array_unref);
  for (guint i = 0; i < ST_SESSION_MAX_COMPARE; i++)
    g_clear_pointer (&self->names[i], g_free);
  for (guint i = 0; i < n; i++)
    {
      /* Translators: a region's name, quoted */
      self->names[i] = g_strdup_printf (_ ("“%s”"), titles[i]);
      st_summary_get_range (summaries[i], &self->starts[i], &self->ends[i]);
    }
  self->n_regions = n;
  gtk_label_set_text (self->base_label, titles[0]);
  gtk_string_list_splice (self->compared_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->compared_names)), NULL);
  for (guint i = 1; i < n; i++)
    gtk_string_list_append (self->compared_names, titles[i]);
  /* with one region against the base there is nothing to choose */
  gtk_widget_set_visible (GTK_WIDGET (self->compared_dropdown), n > 2);
  gtk_widget_set_visible (GTK_WIDGET (self->compared_label), n <= 2);
  /* the same region against the base as before, while there is one */
  st_region_diff_section_set_compared (self, keep > 0 && keep < n ? keep : 1);
  gtk_drop_down_set_selected (self->compared_dropdown, self->compared - 1);
  show_pair (self);
}

void
st_region_diff_section_set_diffs (StRegionDiffSection *self, GPtrArray *diffs)
{
  g_return_if_fail (ST_IS_REGION_DIFF_SECTION (self));

  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  g_clear_pointer (&self->diffs, g_ptr_array_unref);
  if (diffs != NULL)
    self->diffs = g_ptr_array_ref (diffs);
  show_pair (self);
}

void
st_region_diff_section_wait (StRegionDiffSection *self)
{
  g_return_if_fail (ST_IS_REGION_DIFF_SECTION (self));

  g_clear_pointer (&self->diffs, g_ptr_array_unref);
  show_pair (self);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
}

void
st_region_diff_section_set_session (StRegionDiffSection *self, StSession *session)
{
  g_return_if_fail (ST_IS_REGION_DIFF_SECTION (self));
  g_set_object (&self->session, session);
}

guint
st_region_diff_section_get_compared (StRegionDiffSection *self)
{
  g_return_val_if_fail (ST_IS_REGION_DIFF_SECTION (self), 0);
  return self->compared;
}

void
st_region_diff_section_set_compared (StRegionDiffSection *self, guint compared)
{
  g_return_if_fail (ST_IS_REGION_DIFF_SECTION (self));

  if (compared == 0 || compared >= MAX (self->n_regions, 2) || compared == self->compared)
    return;
  self->compared = compared;
  gtk_drop_down_set_selected (self->compared_dropdown, compared - 1);
  show_pair (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARED]);
}

gboolean
st_region_diff_section_show_next (StRegionDiffSection *self)
{
  g_return_val_if_fail (ST_IS_REGION_DIFF_SECTION (self), FALSE);

  if (self->n_regions < 3)
    return FALSE;
  st_region_diff_section_set_compared (self, self->compared % (self->n_regions - 1) + 1);
  return TRUE;
}

static void
on_compared_chosen (StRegionDiffSection *self)
{
  guint position = gtk_drop_down_get_selected (self->compared_dropdown);

  if (position != GTK_INVALID_LIST_POSITION)
    st_region_diff_section_set_compared (self, position + 1);
}

/* The row's instances: its base names in the base region and its new
 * names in the region compared, selected together; the timeline shows
 * them all. */
static void
on_operation_selected (StRegionDiffSection *self, StDiffOperation *item)
{
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) compared = NULL;
  guint              c = self->compared;

  if (item == NULL || self->session == NULL || self->trace == NULL || c >= self->n_regions)
    return;
  refs = st_diff_operation_find_instances (item, ST_DIFF_BASE, self->trace, self->starts[0],
                                           self->ends[0]);
  compared = st_diff_operation_find_instances (item, ST_DIFF_NEW, self->trace, self->starts[c],
                                               self->ends[c]);
  g_array_append_vals (refs, compared->data, compared->len);
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
  if (refs->len > 0)
    st_session_fit_selection (self->session);
}

static void
on_operation_activated (StRegionDiffSection *self, StDiffOperation *item)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-timeline", NULL);
}

static void
st_region_diff_section_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StRegionDiffSection *self = ST_REGION_DIFF_SECTION (object);

  switch (prop_id)
    {
    case PROP_OPERATIONS: g_value_set_string (value, self->operations); break;
    case PROP_COMPARED: g_value_set_uint (value, self->compared); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_diff_section_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  StRegionDiffSection *self = ST_REGION_DIFF_SECTION (object);

  switch (prop_id)
    {
    case PROP_OPERATIONS:
      if (g_strcmp0 (self->operations, g_value_get_string (value)) != 0)
        {
          g_free (self->operations);
          self->operations = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_COMPARED: st_region_diff_section_set_compared (self, g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_diff_section_dispose (GObject *object)
{
  StRegionDiffSection *self = ST_REGION_DIFF_SECTION (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_REGION_DIFF_SECTION);
  g_clear_object (&self->session);
  g_clear_object (&self->trace);
  g_clear_pointer (&self->diffs, g_ptr_array_unref);
  G_OBJECT_CLASS (st_region_diff_section_parent_class)->dispose (object);
}

static void
st_region_diff_section_finalize (GObject *object)
{
  StRegionDiffSection *self = ST_REGION_DIFF_SECTION (object);

  for (guint i = 0; i < ST_SESSION_MAX_COMPARE; i++)
    g_free (self->names[i]);
  g_free (self->operations);
  G_OBJECT_CLASS (st_region_diff_section_parent_class)->finalize (object);
}

static void
st_region_diff_section_class_init (StRegionDiffSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);
  const GParamFlags      rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_region_diff_section_dispose;
  object_class->finalize = st_region_diff_section_finalize;
  object_class->get_property = st_region_diff_section_get_property;
  object_class->set_property = st_region_diff_section_set_property;
  section_class->show = st_region_diff_section_show;

  properties[PROP_OPERATIONS] = g_param_spec_string ("operations", NULL, NULL, "kernels", rw);
  properties[PROP_COMPARED]
      = g_param_spec_uint ("compared", NULL, NULL, 0, ST_SESSION_MAX_COMPARE - 1, 1, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_OPERATION_DIFF_VIEW);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-region-diff-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StRegionDiffSection, spinner);
  gtk_widget_class_bind_template_child (widget_class, StRegionDiffSection, base_label);
  gtk_widget_class_bind_template_child (widget_class, StRegionDiffSection, compared_label);
  gtk_widget_class_bind_template_child (widget_class, StRegionDiffSection, compared_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StRegionDiffSection, compared_names);
  gtk_widget_class_bind_template_child (widget_class, StRegionDiffSection, region_diff_view);
  gtk_widget_class_bind_template_callback (widget_class, on_compared_chosen);
  gtk_widget_class_bind_template_callback (widget_class, on_operation_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_operation_activated);
}

static void
st_region_diff_section_init (StRegionDiffSection *self)
{
  /* before the template, whose table is bound to it */
  self->operations = g_strdup ("kernels");
  self->compared = 1;
  gtk_widget_init_template (GTK_WIDGET (self));
}
