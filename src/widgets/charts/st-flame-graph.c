/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-flame-graph.h"

#include "st-chart-keys.h"
#include "st-flame-plot.h"
#include "st-format.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* Space around a label in its row. */
#define ROW_PAD 6

struct _StFlameGraph
{
  GtkWidget parent_instance;

  StCallTree    *tree;
  guint          zoom;
  guint          selected;
  guint          hover;
  StLabelCache  *labels;
  StPalette      palette;
  double         row_height;
  GtkAdjustment *hadjustment;
  GtkAdjustment *vadjustment;
  guint          hscroll_policy : 1;
  guint          vscroll_policy : 1;
};

static void scrollable_init (GtkScrollableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (StFlameGraph,
                               st_flame_graph,
                               GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, scrollable_init))

enum
{
  PROP_0,
  PROP_TREE,
  PROP_ZOOM,
  PROP_SELECTED,
  N_PROPS,
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum
{
  NODE_CLICKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
scrollable_init (GtkScrollableInterface *iface)
{
}

static double
scroll_y (StFlameGraph *self)
{
  return self->vadjustment != NULL ? gtk_adjustment_get_value (self->vadjustment) : 0;
}

static StFlamePlot
plot_of (StFlameGraph *self)
{
  return (StFlamePlot){ self->tree,  self->zoom,       self->selected,
                        self->hover, self->row_height, gtk_widget_get_width (GTK_WIDGET (self)) };
}

/* --- colours and font ----------------------------------------------------- */

/* Colours: the timeline's, named in ui/style.css, so a name has the colour
 * it has on the timeline. */
static void
lookup (GtkWidget *widget, const char *name, StColor *out)
{
  GdkRGBA rgba;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &rgba))
    *out = (StColor){ rgba.red, rgba.green, rgba.blue, rgba.alpha };
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
update_style (StFlameGraph *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  st_palette_init_default (&self->palette,
                           adw_style_manager_get_dark (adw_style_manager_get_default ()));
  lookup (widget, "timeline_fg_color", &self->palette.foreground);
  lookup (widget, "timeline_header_color", &self->palette.header);
  lookup (widget, "timeline_accent_color", &self->palette.accent);
  st_label_cache_set_font (
      self->labels, pango_context_get_font_description (gtk_widget_get_pango_context (widget)));
  self->row_height = st_label_cache_get_line_height (self->labels) + ROW_PAD;
}

/* --- scrolling ------------------------------------------------------------ */

static double
plot_height (StFlameGraph *self)
{
  StFlamePlot plot = plot_of (self);

  return self->tree != NULL ? st_flame_plot_get_height (&plot) : 0;
}

static void
configure_adjustments (StFlameGraph *self)
{
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double upper = plot_height (self);

  if (self->vadjustment != NULL)
    gtk_adjustment_configure (
        self->vadjustment,
        CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, MAX (0, upper - height)), 0,
        MAX (upper, height), self->row_height, height * 0.9, height);
  if (self->hadjustment != NULL)
    {
      double width = gtk_widget_get_width (GTK_WIDGET (self));

      gtk_adjustment_configure (self->hadjustment, 0, 0, width, 1, width, width);
    }
}

static void
on_vadjustment_changed (StFlameGraph *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (StFlameGraph *self, GtkAdjustment **slot, GtkAdjustment *adjustment)
{
  if (*slot == adjustment && adjustment != NULL)
    return;
  if (*slot != NULL)
    g_signal_handlers_disconnect_by_data (*slot, self);
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  g_set_object (slot, adjustment);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (on_vadjustment_changed), self,
                           G_CONNECT_SWAPPED);
  configure_adjustments (self);
}

void
st_flame_graph_scroll_to (StFlameGraph *self, guint node)
{
  StFlamePlot plot;
  double      x, y, w, height = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_if_fail (ST_IS_FLAME_GRAPH (self));
  plot = plot_of (self);
  if (self->tree == NULL || self->vadjustment == NULL
      || !st_flame_plot_node_rect (&plot, node, &x, &y, &w))
    return;
  if (y < scroll_y (self))
    gtk_adjustment_set_value (self->vadjustment, y);
  else if (y + self->row_height > scroll_y (self) + height)
    gtk_adjustment_set_value (self->vadjustment, y + self->row_height - height);
}

/* --- drawing -------------------------------------------------------------- */

static void
st_flame_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  StFlameGraph *self = ST_FLAME_GRAPH (widget);
  int           w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double        top = scroll_y (self);
  StFlamePlot   plot = plot_of (self);
  cairo_t      *cr;

  if (w <= 0 || h <= 0 || self->tree == NULL)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_translate (cr, 0, -top);
  st_flame_plot_draw (cr, self->labels, &self->palette, &plot, top, top + h);
  cairo_destroy (cr);
}

static void
st_flame_graph_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  configure_adjustments (ST_FLAME_GRAPH (widget));
}

static void
st_flame_graph_measure (GtkWidget     *widget,
                        GtkOrientation orientation,
                        int            for_size,
                        int           *minimum,
                        int           *natural,
                        int           *minimum_baseline,
                        int           *natural_baseline)
{
  StFlameGraph *self = ST_FLAME_GRAPH (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 480;
    }
  else
    {
      *minimum = (int)(3 * self->row_height);
      *natural = MAX (*minimum, (int)ceil (plot_height (self)));
    }
}

static void
st_flame_graph_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (st_flame_graph_parent_class)->css_changed (widget, change);
  update_style (ST_FLAME_GRAPH (widget));
  gtk_widget_queue_resize (widget);
}

/* --- the pointer ---------------------------------------------------------- */

static guint
node_at (StFlameGraph *self, double x, double y)
{
  StFlamePlot plot = plot_of (self);

  return self->tree != NULL ? st_flame_plot_node_at (&plot, x, y + scroll_y (self))
                            : ST_FLAME_PLOT_NONE;
}

static void
set_hover (StFlameGraph *self, guint hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   hover != ST_FLAME_PLOT_NONE ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StFlameGraph *self)
{
  set_hover (self, node_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StFlameGraph *self)
{
  set_hover (self, ST_FLAME_PLOT_NONE);
}

/* A click zooms into the box (or back out to an ancestor above the
 * zoomed one) and says which node it was. */
static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StFlameGraph *self)
{
  guint node = node_at (self, x, y);

  if (node == ST_FLAME_PLOT_NONE)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  st_flame_graph_set_zoom (self, node);
  g_signal_emit (self, signals[NODE_CLICKED], 0, node);
}

static gboolean
on_query_tooltip (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip,
                  StFlameGraph *self)
{
  guint             node = keyboard ? ST_FLAME_PLOT_NONE : node_at (self, x, y);
  const StCallNode *n;
  g_autofree char  *label = NULL, *total = NULL, *self_time = NULL, *count = NULL;
  g_autofree char  *markup = NULL;
  graphene_rect_t   rect;

  if (node == ST_FLAME_PLOT_NONE || !st_flame_graph_get_node_rect (self, node, &rect))
    return FALSE;
  n = st_call_tree_get_node (self->tree, node);
  label = st_call_tree_dup_label (self->tree, node);
  total = st_format_duration (n->total_ns);
  self_time = st_format_duration (n->self_ns);
  count = st_format_count (n->count);
  /* Translators: a call tree node's name, then its total and self time,
   * how many calls it counts and its share of the tree's time */
  markup
      = g_markup_printf_escaped (_ ("<b>%s</b>\n%s total · %s self · %s × · %.1f %%"), label, total,
                                 self_time, count, st_call_tree_get_share (self->tree, node));
  gtk_tooltip_set_markup (tooltip, markup);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle){ (int)rect.origin.x, (int)rect.origin.y,
                                                      MAX (1, (int)rect.size.width),
                                                      (int)rect.size.height });
  return TRUE;
}

/* --- the API -------------------------------------------------------------- */

GtkWidget *
st_flame_graph_new (void)
{
  return g_object_new (ST_TYPE_FLAME_GRAPH, NULL);
}

StCallTree *
st_flame_graph_get_tree (StFlameGraph *self)
{
  g_return_val_if_fail (ST_IS_FLAME_GRAPH (self), NULL);
  return self->tree;
}

void
st_flame_graph_set_tree (StFlameGraph *self, StCallTree *tree)
{
  g_return_if_fail (ST_IS_FLAME_GRAPH (self));
  g_return_if_fail (tree == NULL || ST_IS_CALL_TREE (tree));
  if (!g_set_object (&self->tree, tree))
    return;
  self->zoom = ST_CALL_TREE_ROOT;
  self->selected = ST_FLAME_PLOT_NONE;
  self->hover = ST_FLAME_PLOT_NONE;
  /* a new tree's names: the labels of the last one may not be its */
  update_style (self);
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, 0);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

guint
st_flame_graph_get_zoom (StFlameGraph *self)
{
  g_return_val_if_fail (ST_IS_FLAME_GRAPH (self), ST_CALL_TREE_ROOT);
  return self->zoom;
}

void
st_flame_graph_set_zoom (StFlameGraph *self, guint node)
{
  g_return_if_fail (ST_IS_FLAME_GRAPH (self));
  if (self->tree == NULL || node >= st_call_tree_get_n_nodes (self->tree) || self->zoom == node)
    return;
  self->zoom = node;
  self->hover = ST_FLAME_PLOT_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
}

guint
st_flame_graph_get_selected (StFlameGraph *self)
{
  g_return_val_if_fail (ST_IS_FLAME_GRAPH (self), ST_FLAME_GRAPH_NONE);
  return self->selected;
}

void
st_flame_graph_set_selected (StFlameGraph *self, guint node)
{
  g_return_if_fail (ST_IS_FLAME_GRAPH (self));
  if (self->selected == node)
    return;
  self->selected = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

gboolean
st_flame_graph_get_node_rect (StFlameGraph *self, guint node, graphene_rect_t *rect)
{
  StFlamePlot plot;
  double      x, y, w;

  g_return_val_if_fail (ST_IS_FLAME_GRAPH (self), FALSE);
  plot = plot_of (self);
  if (self->tree == NULL || !st_flame_plot_node_rect (&plot, node, &x, &y, &w))
    return FALSE;
  graphene_rect_init (rect, x, y - scroll_y (self), w, self->row_height);
  return TRUE;
}

/* --- the object ----------------------------------------------------------- */

static void
st_flame_graph_dispose (GObject *object)
{
  StFlameGraph *self = ST_FLAME_GRAPH (object);

  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  g_clear_object (&self->tree);
  G_OBJECT_CLASS (st_flame_graph_parent_class)->dispose (object);
}

static void
st_flame_graph_finalize (GObject *object)
{
  st_label_cache_free (ST_FLAME_GRAPH (object)->labels);
  G_OBJECT_CLASS (st_flame_graph_parent_class)->finalize (object);
}

static void
st_flame_graph_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StFlameGraph *self = ST_FLAME_GRAPH (object);

  switch (prop_id)
    {
    case PROP_TREE: g_value_set_object (value, self->tree); break;
    case PROP_ZOOM: g_value_set_uint (value, self->zoom); break;
    case PROP_SELECTED: g_value_set_uint (value, self->selected); break;
    case PROP_HADJUSTMENT: g_value_set_object (value, self->hadjustment); break;
    case PROP_VADJUSTMENT: g_value_set_object (value, self->vadjustment); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum (value, self->hscroll_policy); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum (value, self->vscroll_policy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_flame_graph_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StFlameGraph *self = ST_FLAME_GRAPH (object);

  switch (prop_id)
    {
    case PROP_TREE: st_flame_graph_set_tree (self, g_value_get_object (value)); break;
    case PROP_ZOOM: st_flame_graph_set_zoom (self, g_value_get_uint (value)); break;
    case PROP_SELECTED: st_flame_graph_set_selected (self, g_value_get_uint (value)); break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY: self->hscroll_policy = g_value_get_enum (value); break;
    case PROP_VSCROLL_POLICY: self->vscroll_policy = g_value_get_enum (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_flame_graph_class_init (StFlameGraphClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags     rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_flame_graph_dispose;
  object_class->finalize = st_flame_graph_finalize;
  object_class->get_property = st_flame_graph_get_property;
  object_class->set_property = st_flame_graph_set_property;
  widget_class->snapshot = st_flame_graph_snapshot;
  widget_class->measure = st_flame_graph_measure;
  widget_class->size_allocate = st_flame_graph_size_allocate;
  widget_class->css_changed = st_flame_graph_css_changed;

  properties[PROP_TREE] = g_param_spec_object ("tree", NULL, NULL, ST_TYPE_CALL_TREE, rw);
  properties[PROP_ZOOM] = g_param_spec_uint ("zoom", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_SELECTED]
      = g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT, ST_FLAME_GRAPH_NONE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /* a box was clicked, and zoomed into */
  signals[NODE_CLICKED]
      = g_signal_new ("node-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "flamegraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_flame_graph_init (StFlameGraph *self)
{
  self->zoom = ST_CALL_TREE_ROOT;
  self->selected = ST_FLAME_PLOT_NONE;
  self->hover = ST_FLAME_PLOT_NONE;
  self->labels = st_label_cache_new ();
  self->row_height = st_label_cache_get_line_height (self->labels) + ROW_PAD;
  st_palette_init_default (&self->palette, FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "released", G_CALLBACK (on_released), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Flame graph"), -1);
}
