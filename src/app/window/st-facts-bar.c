/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-facts-bar.h"

#include "st-format.h"

#include <glib/gi18n.h>

struct _StFactsBar
{
  GtkWidget parent_instance;

  guint fit_id; /* fitting the facts to the bar's width */

  GtkWidget *facts_scroller;
  GtkBox    *facts_box;
  GtkGrid   *facts_grid;
};

G_DEFINE_FINAL_TYPE (StFactsBar, st_facts_bar, GTK_TYPE_WIDGET)

/* The facts in the order the bar shows them. */
enum
{
  FACT_DURATION,
  FACT_EVENTS,
  FACT_SLICES,
  FACT_FLOWS,
  FACT_COUNTER_SAMPLES,
  FACT_PROCESSES,
  FACT_TRACKS,
  FACT_SIZE,
  FACT_FORMAT,
  N_FACTS
};

/* Left out of a bar too narrow for all, first to last; the duration
 * always shows. */
static const guint drop_order[]
    = { FACT_COUNTER_SAMPLES, FACT_PROCESSES, FACT_FLOWS, FACT_SLICES, FACT_SIZE,
        FACT_EVENTS,          FACT_TRACKS,    FACT_FORMAT };

static GtkWidget *
fact_label (const char *text, const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, style);
  return label;
}

static void
add_fact (StFactsBar *self, const char *value, const char *label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *v = fact_label (value, "fact-value"), *l = fact_label (label, "fact-label");
  GtkWidget *all_v = fact_label (value, "fact-value"), *all_l = fact_label (label, "fact-label");
  int        row = 0;

  gtk_label_set_selectable (GTK_LABEL (v), TRUE);
  gtk_widget_add_css_class (l, "dim-label");
  gtk_box_append (GTK_BOX (box), v);
  gtk_box_append (GTK_BOX (box), l);
  gtk_box_append (self->facts_box, box);
  /* and a row of the popover's list of every fact */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->facts_box)); c != box;
       c = gtk_widget_get_next_sibling (c))
    row++;
  gtk_widget_add_css_class (all_l, "dim-label");
  gtk_grid_attach (self->facts_grid, all_l, 0, row, 1, 1);
  gtk_grid_attach (self->facts_grid, all_v, 1, row, 1, 1);
}

static void
add_count_fact (StFactsBar *self, guint64 n, const char *label)
{
  g_autofree char *text = st_format_count (n);
  add_fact (self, text, label);
}

static char *
format_size (StTrace *trace)
{
  g_autofree char *text = g_format_size (st_trace_get_text_size (trace));
  g_autofree char *disk = g_format_size (st_trace_get_file_size (trace));

  /* A Parquet profile's text is what Strata wrote of its rows: the tables
   * on disk are its size. */
  if (g_strcmp0 (st_trace_get_format (trace), "neuron-parquet") == 0)
    return g_strdup_printf (_ ("%s of Parquet"), disk);
  if (st_trace_get_text_size (trace) == st_trace_get_file_size (trace))
    return g_steal_pointer (&text);
  return g_strdup_printf (_ ("%s (%s gzip)"), text, disk);
}

static char *
describe_format (StTrace *trace)
{
  const char *flavor = st_trace_get_flavor (trace);

  if (g_strcmp0 (st_trace_get_format (trace), "neuron-parquet") == 0)
    return g_strdup (_ ("Neuron Explorer profile (Parquet)"));
  if (st_trace_is_neuron (trace))
    return g_strdup (_ ("Neuron device profile"));
  if (g_strcmp0 (st_trace_get_format (trace), "nsys-sqlite") == 0)
    return g_strdup (_ ("Nsight Systems export"));
  if (g_strcmp0 (st_trace_get_format (trace), "rocprof-json") == 0)
    return g_strdup (_ ("rocprofv3 profile"));
  if (g_strcmp0 (st_trace_get_format (trace), "xplane") == 0)
    return g_strdup (_ ("XProf xplane.pb"));

  if (g_str_equal (flavor, "kineto"))
    return g_strdup (_ ("PyTorch Kineto"));
  if (g_str_equal (flavor, "xprof"))
    return g_strdup (_ ("XProf"));
  if (g_str_equal (flavor, "stack-tracing"))
    return g_strdup (_ ("Stack Tracing report"));
  return g_strdup (_ ("Chrome trace JSON"));
}

/* A fact's width: its value's or its label's, the wider. */
static int
fact_width (GtkWidget *fact)
{
  int width = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (fact); c; c = gtk_widget_get_next_sibling (c))
    {
      int nat;

      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      width = MAX (width, nat);
    }
  return width;
}

/* Shows as many facts as the bar's width holds, leaving out the least
 * telling first. */
static gboolean
fit_facts (gpointer data)
{
  StFactsBar *self = data;
  GtkWidget  *facts[N_FACTS];
  int         widths[N_FACTS];
  int         room = gtk_widget_get_width (self->facts_scroller);
  int         spacing = gtk_box_get_spacing (self->facts_box), total = -spacing;
  guint       n = 0;

  self->fit_id = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->facts_box)); c && n < N_FACTS;
       c = gtk_widget_get_next_sibling (c), n++)
    {
      facts[n] = c;
      widths[n] = fact_width (c);
      total += widths[n] + spacing;
    }
  if (n < N_FACTS)
    return G_SOURCE_REMOVE;
  for (guint i = 0; i < G_N_ELEMENTS (drop_order); i++)
    {
      gboolean fits = total <= room;

      gtk_widget_set_visible (facts[drop_order[i]], fits);
      if (!fits)
        total -= widths[drop_order[i]] + spacing;
    }
  return G_SOURCE_REMOVE;
}

/* After the layout that changed the bar's width, not during it, and
 * before the next. */
static void
queue_fit_facts (StFactsBar *self)
{
  if (self->fit_id == 0)
    self->fit_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, fit_facts, self, NULL);
}

void
st_facts_bar_set_trace (StFactsBar *self, StTrace *trace)
{
  const StTraceCounts *c;
  g_autofree char     *span = NULL, *size = NULL, *format = NULL;
  GtkWidget           *child;

  g_return_if_fail (ST_IS_FACTS_BAR (self));
  g_return_if_fail (ST_IS_TRACE (trace));

  c = st_trace_get_counts (trace);
  span = st_format_duration (st_trace_get_end_ns (trace));
  size = format_size (trace);
  format = describe_format (trace);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->facts_box))) != NULL)
    gtk_box_remove (self->facts_box, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->facts_grid))) != NULL)
    gtk_grid_remove (self->facts_grid, child);
  add_fact (self, span, _ ("Duration"));
  add_count_fact (self, c->events, _ ("Events"));
  add_count_fact (self, c->slices, _ ("Slices"));
  add_count_fact (self, c->flows, _ ("Flows"));
  add_count_fact (self, c->counter_samples, _ ("Counter samples"));
  add_count_fact (self, st_trace_get_n_processes (trace), _ ("Processes"));
  add_count_fact (self, st_trace_get_n_tracks (trace), _ ("Tracks"));
  add_fact (self, size, _ ("Size"));
  add_fact (self, format, _ ("Format"));
  queue_fit_facts (self);
}

static void
st_facts_bar_dispose (GObject *object)
{
  StFactsBar *self = ST_FACTS_BAR (object);
  GtkWidget  *child;

  /* the scroller's width changes as it goes: no fitting after */
  if (self->facts_scroller != NULL)
    g_signal_handlers_disconnect_by_data (
        gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->facts_scroller)), self);
  g_clear_handle_id (&self->fit_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_FACTS_BAR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_facts_bar_parent_class)->dispose (object);
}

static void
st_facts_bar_class_init (StFactsBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = st_facts_bar_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/window/st-facts-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, StFactsBar, facts_scroller);
  gtk_widget_class_bind_template_child (widget_class, StFactsBar, facts_box);
  gtk_widget_class_bind_template_child (widget_class, StFactsBar, facts_grid);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
st_facts_bar_init (StFactsBar *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  /* as far from the button as the facts are from each other */
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 24);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the bar's width, or the facts' (a new profile), changed */
  g_signal_connect_object (
      gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->facts_scroller)), "changed",
      G_CALLBACK (queue_fit_facts), self, G_CONNECT_SWAPPED);
}

GtkWidget *
st_facts_bar_new (void)
{
  return g_object_new (ST_TYPE_FACTS_BAR, NULL);
}
