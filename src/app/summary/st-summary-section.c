/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-section.h"

#include "st-format.h"

#include <glib/gi18n.h>

typedef struct
{
  char      *title;
  GtkWidget *absent_row;  /* the title and why there is nothing, on one line */
  GPtrArray *folded;      /* the children hidden while folded to that line */
  gboolean   vexpand;     /* as the template set it, while folded */
  StTrace   *profile;     /* whose whole profile the card last showed, weak */
  gboolean   profile_has; /* whether it had something to show then */
} StSummarySectionPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (StSummarySection, st_summary_section, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TITLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_summary_section_dispose (GObject *object)
{
  StSummarySectionPrivate *priv
      = st_summary_section_get_instance_private (ST_SUMMARY_SECTION (object));
  GtkWidget *child;

  g_ptr_array_set_size (priv->folded, 0);
  priv->absent_row = NULL;
  g_clear_weak_pointer (&priv->profile);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_summary_section_parent_class)->dispose (object);
}

static void
st_summary_section_finalize (GObject *object)
{
  StSummarySectionPrivate *priv
      = st_summary_section_get_instance_private (ST_SUMMARY_SECTION (object));

  g_free (priv->title);
  g_ptr_array_unref (priv->folded);
  G_OBJECT_CLASS (st_summary_section_parent_class)->finalize (object);
}

static void
st_summary_section_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StSummarySection *self = ST_SUMMARY_SECTION (object);

  switch (prop_id)
    {
    case PROP_TITLE: g_value_set_string (value, st_summary_section_get_title (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_summary_section_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  StSummarySection *self = ST_SUMMARY_SECTION (object);

  switch (prop_id)
    {
    case PROP_TITLE: st_summary_section_set_title (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unfold (StSummarySection *self)
{
  StSummarySectionPrivate *priv = st_summary_section_get_instance_private (self);

  if (priv->folded->len == 0)
    return;
  for (guint i = 0; i < priv->folded->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (priv->folded, i), TRUE);
  g_ptr_array_set_size (priv->folded, 0);
  gtk_widget_set_vexpand (GTK_WIDGET (self), priv->vexpand);
  gtk_widget_set_visible (priv->absent_row, FALSE);
}

static void
st_summary_section_class_init (StSummarySectionClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_summary_section_dispose;
  object_class->finalize = st_summary_section_finalize;
  object_class->get_property = st_summary_section_get_property;
  object_class->set_property = st_summary_section_set_property;

  properties[PROP_TITLE]
      = g_param_spec_string ("title", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* The one line of a card with nothing to show: its title, and why. */
static GtkWidget *
absent_row_new (StSummarySection *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *why = gtk_label_new (NULL);

  /* both whole: in a narrow column the title wraps rather than be cut */
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, "heading");
  g_object_bind_property (self, "title", title, "label", G_BINDING_SYNC_CREATE);
  gtk_label_set_xalign (GTK_LABEL (why), 1);
  gtk_widget_add_css_class (why, "dim-label");
  gtk_box_append (GTK_BOX (row), title);
  gtk_box_append (GTK_BOX (row), why);
  gtk_widget_set_visible (row, FALSE);
  return row;
}

static void
st_summary_section_init (StSummarySection *self)
{
  StSummarySectionPrivate *priv = st_summary_section_get_instance_private (self);
  GtkLayoutManager        *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  priv->folded = g_ptr_array_new ();
  priv->absent_row = absent_row_new (self);
  gtk_widget_set_parent (priv->absent_row, GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self), "summary-card");
}

const char *
st_summary_section_get_title (StSummarySection *self)
{
  StSummarySectionPrivate *priv = st_summary_section_get_instance_private (self);

  g_return_val_if_fail (ST_IS_SUMMARY_SECTION (self), NULL);
  return priv->title;
}

void
st_summary_section_set_title (StSummarySection *self, const char *title)
{
  StSummarySectionPrivate *priv = st_summary_section_get_instance_private (self);

  g_return_if_fail (ST_IS_SUMMARY_SECTION (self));

  if (g_strcmp0 (priv->title, title) == 0)
    return;
  g_free (priv->title);
  priv->title = g_strdup (title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

/* Whether @summary is of the whole of @trace. */
static gboolean
covers_profile (StTrace *trace, StSummary *summary)
{
  gint64 start, end;

  st_summary_get_range (summary, &start, &end);
  return start <= 0 && end >= st_trace_get_end_ns (trace);
}

void
st_summary_section_show (StSummarySection  *self,
                         StTrace           *trace,
                         StSummary *const  *summaries,
                         const char *const *titles,
                         guint              n_summaries)
{
  StSummarySectionPrivate *priv = st_summary_section_get_instance_private (self);

  g_return_if_fail (ST_IS_SUMMARY_SECTION (self));
  g_return_if_fail (n_summaries > 0);

  unfold (self);
  ST_SUMMARY_SECTION_GET_CLASS (self)->show (self, trace, summaries, titles, n_summaries);
  if (n_summaries == 1 && covers_profile (trace, summaries[0]))
    {
      g_set_weak_pointer (&priv->profile, trace);
      priv->profile_has = !gtk_widget_get_visible (priv->absent_row);
    }
}

/* Folds the card to one line: its title, and that @summary of @trace has
 * none of what it shows (docs/metrics.md 2): "Not in this profile" over
 * the whole profile, or over a range when the whole profile had none
 * either; "None in this range" when it had some elsewhere (or the card
 * has not shown the whole profile yet to know). The next summaries shown
 * unfold it. */
void
st_summary_section_fold (StSummarySection *self, StTrace *trace, StSummary *summary)
{
  StSummarySectionPrivate *priv = st_summary_section_get_instance_private (self);
  GtkWidget               *why;
  gboolean                 absent;

  g_return_if_fail (ST_IS_SUMMARY_SECTION (self));

  if (priv->folded->len > 0)
    return;
  absent = covers_profile (trace, summary) || (priv->profile == trace && !priv->profile_has);
  why = gtk_widget_get_last_child (priv->absent_row);
  gtk_label_set_label (GTK_LABEL (why),
                       absent ? _ ("Not in this profile") : _ ("None in this range"));
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (c != priv->absent_row && gtk_widget_get_visible (c))
      g_ptr_array_add (priv->folded, c);
  for (guint i = 0; i < priv->folded->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (priv->folded, i), FALSE);
  priv->vexpand = gtk_widget_get_vexpand (GTK_WIDGET (self));
  gtk_widget_set_vexpand (GTK_WIDGET (self), FALSE);
  gtk_widget_set_visible (priv->absent_row, TRUE);
}

char *
st_summary_section_format_range (gint64 start, gint64 end)
{
  g_autofree char *s = st_format_duration (start), *e = st_format_duration (end);
  g_autofree char *d = st_format_duration (end - start);

  /* Translators: a time range from the trace start, and its length */
  return g_strdup_printf (_ ("%s – %s (%s)"), s, e, d);
}
