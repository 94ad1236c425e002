#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-region-chart.h"

#include "st-format.h"
#include "st-time-ruler.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#define PAD_TOP      10.0
#define PAD_BOTTOM   18.0 /* room for the first and last region's numbers */
#define PAD_RIGHT    12.0
#define TICK_SPACING 26.0 /* px between y axis labels, at least */
#define HIT_RADIUS   8.0
#define PICK_RADIUS  8.0

struct _StRegionChart
{
  GtkWidget parent_instance;

  StSession *session;
  gint       hover;
};

G_DEFINE_FINAL_TYPE (StRegionChart, st_region_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  double left, top, width, height; /* the plot area */
  gint64 y_max;
  gint64 step;
  guint  n;
} Geometry;

static GdkRGBA
lookup (GtkWidget *widget, const char *name, const char *fallback)
{
  GdkRGBA rgba;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &rgba))
    gdk_rgba_parse (&rgba, fallback);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return rgba;
}

static GdkRGBA
foreground (GtkWidget *widget)
{
  GdkRGBA rgba;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return rgba;
}

static StRegionSet *
regions (StRegionChart *self)
{
  return self->session ? st_session_get_regions (self->session) : NULL;
}

static guint
n_regions (StRegionChart *self)
{
  return self->session ? st_region_set_get_n_regions (regions (self)) : 0;
}

static int
text_width (StRegionChart *self, const char *text)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int                     w;

  pango_layout_get_pixel_size (layout, &w, NULL);
  return w;
}

/* The plot area and the y scale: 0 at the bottom, a round number of
 * 1/2/5 × 10^n steps at the top, above the longest region; the label
 * column as wide as its widest label. */
static void
get_geometry (StRegionChart *self, Geometry *g)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)),
         h = gtk_widget_get_height (GTK_WIDGET (self));
  gint64 longest = 1;
  int    widest = 0;

  g->n = n_regions (self);
  for (guint i = 0; i < g->n; i++)
    longest = MAX (longest, st_region_get_duration (st_region_set_get_region (regions (self), i)));
  g->top = PAD_TOP;
  g->height = MAX (1, h - PAD_TOP - PAD_BOTTOM);
  g->step = st_time_ruler_step (longest, g->height, TICK_SPACING);
  g->y_max = (longest + g->step - 1) / g->step * g->step;
  for (gint64 t = 0; t <= g->y_max; t += g->step)
    {
      char label[32];

      st_time_ruler_label (t, g->step, g->y_max, label, sizeof label);
      widest = MAX (widest, text_width (self, label));
    }
  g->left = widest + 10;
  g->width = MAX (1, w - g->left - PAD_RIGHT);
}

static double
point_x (const Geometry *g, guint i)
{
  return g->left + (i + 0.5) * g->width / MAX (1, g->n);
}

static double
point_y (const Geometry *g, gint64 duration)
{
  return g->top + g->height - (double)duration / g->y_max * g->height;
}

/* Where the point of region @index is, in widget coordinates. */
gboolean
st_region_chart_point_center (StRegionChart *self, guint index, graphene_point_t *center)
{
  Geometry g;

  g_return_val_if_fail (ST_IS_REGION_CHART (self), FALSE);
  get_geometry (self, &g);
  if (index >= g.n)
    return FALSE;
  center->x = point_x (&g, index);
  center->y
      = point_y (&g, st_region_get_duration (st_region_set_get_region (regions (self), index)));
  return TRUE;
}

/* The region whose point is nearest (@x, @y), within a few pixels, or -1. */
gint
st_region_chart_point_at (StRegionChart *self, double x, double y)
{
  Geometry g;
  gint     best = -1;
  double   best_d = HIT_RADIUS;
  gint     first, last;

  g_return_val_if_fail (ST_IS_REGION_CHART (self), -1);
  get_geometry (self, &g);
  if (g.n == 0)
    return -1;
  /* points are in x order: only those within reach of @x */
  first = (gint)floor ((x - HIT_RADIUS - g.left) * g.n / g.width - 0.5);
  last = (gint)ceil ((x + HIT_RADIUS - g.left) * g.n / g.width - 0.5);
  for (gint i = MAX (0, first); i <= MIN ((gint)g.n - 1, last); i++)
    {
      double dx = point_x (&g, i) - x;
      double dy
          = point_y (&g, st_region_get_duration (st_region_set_get_region (regions (self), i))) - y;
      double d = hypot (dx, dy);

      if (d <= best_d)
        {
          best_d = d;
          best = i;
        }
    }
  return best;
}

static void
set_source (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
draw_text (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y, double xalign)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, round (x - w * xalign), round (y - h / 2.0));
  pango_cairo_show_layout (cr, layout);
}

static void
draw_axes (StRegionChart  *self,
           cairo_t        *cr,
           const Geometry *g,
           PangoLayout    *layout,
           const GdkRGBA  *fg)
{
  for (gint64 t = 0; t <= g->y_max; t += g->step)
    {
      double y = round (point_y (g, t)) + 0.5;
      char   label[32];

      set_source (cr, fg, t == 0 ? 0.3 : 0.1);
      cairo_move_to (cr, g->left, y);
      cairo_line_to (cr, g->left + g->width, y);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      st_time_ruler_label (t, g->step, g->y_max, label, sizeof label);
      set_source (cr, fg, 0.55);
      draw_text (cr, layout, label, g->left - 6, y, 1.0);
    }
}

/* A picked point: a disc in the accent colour with its pick number. */
static void
draw_pick (cairo_t       *cr,
           PangoLayout   *layout,
           double         x,
           double         y,
           gint           number,
           const GdkRGBA *accent,
           const GdkRGBA *on_accent)
{
  char text[4];

  cairo_arc (cr, x, y, PICK_RADIUS, 0, 2 * G_PI);
  set_source (cr, accent, 1.0);
  cairo_fill (cr);
  g_snprintf (text, sizeof text, "%d", number);
  set_source (cr, on_accent, 1.0);
  draw_text (cr, layout, text, x, y, 0.5);
}

static void
st_region_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  StRegionChart *self = ST_REGION_CHART (widget);
  int            w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GdkRGBA        fg = foreground (widget);
  GdkRGBA        point = lookup (widget, "timeline_region_color", "#9141ac");
  GdkRGBA        accent = lookup (widget, "accent_bg_color", "#3584e4");
  GdkRGBA        on_accent = lookup (widget, "accent_fg_color", "#ffffff");
  StRegion      *selected = self->session ? st_session_get_selected_region (self->session) : NULL;
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  g_autofree char        *last = NULL;
  Geometry                g;
  double                  radius;
  cairo_t                *cr;

  if (w <= 0 || h <= 0)
    return;
  get_geometry (self, &g);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (g.n == 0)
    {
      set_source (cr, &fg, 0.55);
      draw_text (cr, layout, _ ("No regions"), w / 2.0, h / 2.0, 0.5);
      cairo_destroy (cr);
      return;
    }
  draw_axes (self, cr, &g, layout, &fg);
  /* smaller points when they crowd */
  radius = CLAMP (g.width / MAX (1, g.n) / 2.5, 1.5, 3.5);
  for (guint i = 0; i < g.n; i++)
    {
      StRegion *r = st_region_set_get_region (regions (self), i);

      cairo_arc (cr, point_x (&g, i), point_y (&g, st_region_get_duration (r)), radius, 0,
                 2 * G_PI);
      cairo_close_path (cr);
    }
  set_source (cr, &point, 0.85);
  cairo_fill (cr);
  if (selected != NULL || self->hover >= 0)
    for (guint i = 0; i < g.n; i++)
      {
        StRegion *r = st_region_set_get_region (regions (self), i);

        if (r != selected && (gint)i != self->hover)
          continue;
        cairo_arc (cr, point_x (&g, i), point_y (&g, st_region_get_duration (r)), radius + 3, 0,
                   2 * G_PI);
        set_source (cr, &fg, r == selected ? 0.9 : 0.5);
        cairo_set_line_width (cr, 1.5);
        cairo_stroke (cr);
      }
  for (guint k = 0; self->session && k < st_session_get_compare_regions (self->session)->len; k++)
    {
      StRegion *r = g_ptr_array_index (st_session_get_compare_regions (self->session), k);
      guint     i = st_region_set_find (regions (self), r);

      draw_pick (cr, layout, point_x (&g, i), point_y (&g, st_region_get_duration (r)), k + 1,
                 &accent, &on_accent);
    }
  /* the first and last region's numbers: x is the order in time */
  last = g_strdup_printf ("%u", g.n);
  set_source (cr, &fg, 0.55);
  draw_text (cr, layout, "1", point_x (&g, 0), h - PAD_BOTTOM / 2, 0.5);
  /* right-aligned: "2009" centred on the last point would leave the chart */
  if (g.n > 1)
    draw_text (cr, layout, last, point_x (&g, g.n - 1) + 4, h - PAD_BOTTOM / 2, 1.0);
  cairo_destroy (cr);
}

static void
set_hover (StRegionChart *self, gint hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StRegionChart *self)
{
  set_hover (self, st_region_chart_point_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StRegionChart *self)
{
  set_hover (self, -1);
}

/* What a click at (@x, @y) does: picks the region of the point there for
 * comparison, or drops it when it is picked. */
void
st_region_chart_click (StRegionChart *self, double x, double y)
{
  gint i;

  g_return_if_fail (ST_IS_REGION_CHART (self));
  i = st_region_chart_point_at (self, x, y);
  if (i >= 0)
    st_session_toggle_compare (self->session, st_region_set_get_region (regions (self), i));
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StRegionChart *self)
{
  st_region_chart_click (self, x, y);
}

static gboolean
on_query_tooltip (GtkWidget     *widget,
                  int            x,
                  int            y,
                  gboolean       keyboard,
                  GtkTooltip    *tooltip,
                  StRegionChart *self)
{
  gint             i = keyboard ? -1 : st_region_chart_point_at (self, x, y);
  g_autofree char *duration = NULL, *markup = NULL;
  StRegion        *r;
  gint             pick;

  if (i < 0)
    return FALSE;
  r = st_region_set_get_region (regions (self), i);
  duration = st_format_duration (st_region_get_duration (r));
  pick = st_session_get_compare_index (self->session, r);
  if (pick >= 0)
    /* Translators: a region's name, its duration and its number among those picked for comparison
     */
    markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s · picked %d of 3\nClick to drop it"),
                                      st_region_get_name (r), duration, pick + 1);
  else
    markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s\nClick to pick it for comparison"),
                                      st_region_get_name (r), duration);
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

static void
on_changed (StRegionChart *self)
{
  self->hover = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

StSession *
st_region_chart_get_session (StRegionChart *self)
{
  g_return_val_if_fail (ST_IS_REGION_CHART (self), NULL);
  return self->session;
}

static void
disconnect_session (StRegionChart *self)
{
  if (self->session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->session, self);
  g_signal_handlers_disconnect_by_data (st_session_get_regions (self->session), self);
  g_clear_object (&self->session);
}

void
st_region_chart_set_session (StRegionChart *self, StSession *session)
{
  g_return_if_fail (ST_IS_REGION_CHART (self));
  if (self->session == session)
    return;
  disconnect_session (self);
  if (session != NULL)
    {
      self->session = g_object_ref (session);
      g_signal_connect_swapped (session, "compare-changed", G_CALLBACK (on_changed), self);
      g_signal_connect_swapped (session, "notify::selected-region", G_CALLBACK (on_changed), self);
      g_signal_connect_swapped (st_session_get_regions (session), "edited", G_CALLBACK (on_changed),
                                self);
      g_signal_connect_swapped (st_session_get_regions (session), "items-changed",
                                G_CALLBACK (on_changed), self);
    }
  on_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
st_region_chart_dispose (GObject *object)
{
  disconnect_session (ST_REGION_CHART (object));
  G_OBJECT_CLASS (st_region_chart_parent_class)->dispose (object);
}

static void
st_region_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, ST_REGION_CHART (object)->session); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_chart_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      st_region_chart_set_session (ST_REGION_CHART (object), g_value_get_object (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (st_region_chart_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
st_region_chart_class_init (StRegionChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_region_chart_dispose;
  object_class->get_property = st_region_chart_get_property;
  object_class->set_property = st_region_chart_set_property;
  widget_class->snapshot = st_region_chart_snapshot;
  widget_class->css_changed = st_region_chart_css_changed;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "regionchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_region_chart_init (StRegionChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture         *click = gtk_gesture_click_new ();

  self->hover = -1;
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Region Duration Distribution"), -1);
}

GtkWidget *
st_region_chart_new (void)
{
  return g_object_new (ST_TYPE_REGION_CHART, NULL);
}
