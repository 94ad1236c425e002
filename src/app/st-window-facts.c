/* The facts bar over a profile: its duration, counts, size and format,
 * each a value over its label. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window-private.h"

#include "st-format.h"

#include <glib/gi18n.h>

static void
add_fact (StWindow *self, const char *value, const char *label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *v = gtk_label_new (value), *l = gtk_label_new (label);

  gtk_label_set_xalign (GTK_LABEL (v), 0);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_selectable (GTK_LABEL (v), TRUE);
  gtk_widget_add_css_class (v, "fact-value");
  gtk_widget_add_css_class (l, "fact-label");
  gtk_widget_add_css_class (l, "dim-label");
  gtk_box_append (GTK_BOX (box), v);
  gtk_box_append (GTK_BOX (box), l);
  gtk_box_append (self->facts_box, box);
}

static void
add_count_fact (StWindow *self, guint64 n, const char *label)
{
  g_autofree char *text = st_format_count (n);
  add_fact (self, text, label);
}

static char *
format_size (StTrace *trace)
{
  g_autofree char *text = g_format_size (st_trace_get_text_size (trace));
  g_autofree char *disk = g_format_size (st_trace_get_file_size (trace));

  if (st_trace_get_text_size (trace) == st_trace_get_file_size (trace))
    return g_steal_pointer (&text);
  return g_strdup_printf (_ ("%s (%s gzip)"), text, disk);
}

static char *
describe_format (StTrace *trace)
{
  const char *flavor = st_trace_get_flavor (trace);

  if (g_strcmp0 (st_trace_get_format (trace), "neuron-json") == 0)
    return g_strdup (_ ("Neuron device profile"));

  if (g_str_equal (flavor, "kineto"))
    return g_strdup (_ ("PyTorch Kineto"));
  if (g_str_equal (flavor, "xprof"))
    return g_strdup (_ ("XProf"));
  if (g_str_equal (flavor, "stack-tracing"))
    return g_strdup (_ ("Stack Tracing report"));
  return g_strdup (_ ("Chrome trace JSON"));
}

/* The facts of the profile shown, in place of those of the last one. */
void
st_window_show_facts (StWindow *self)
{
  const StTraceCounts *c = st_trace_get_counts (self->trace);
  g_autofree char     *span = st_format_duration (st_trace_get_end_ns (self->trace));
  g_autofree char     *size = format_size (self->trace);
  g_autofree char     *format = describe_format (self->trace);
  GtkWidget           *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->facts_box))) != NULL)
    gtk_box_remove (self->facts_box, child);
  add_fact (self, span, _ ("Duration"));
  add_count_fact (self, c->events, _ ("Events"));
  add_count_fact (self, c->slices, _ ("Slices"));
  add_count_fact (self, c->flows, _ ("Flows"));
  add_count_fact (self, c->counter_samples, _ ("Counter samples"));
  add_count_fact (self, st_trace_get_n_processes (self->trace), _ ("Processes"));
  add_count_fact (self, st_trace_get_n_tracks (self->trace), _ ("Tracks"));
  add_fact (self, size, _ ("Size"));
  add_fact (self, format, _ ("Format"));
}
