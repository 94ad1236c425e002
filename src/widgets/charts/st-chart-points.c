/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-chart-points.h"

#include "st-job.h"

struct _StChartPoints
{
  GObject parent_instance;

  StJob      *job;
  int         asked_width; /* of the drawing under way */
  int         asked_height;
  GdkTexture *texture;
  int         width;
  int         height;
};

G_DEFINE_FINAL_TYPE (StChartPoints, st_chart_points, G_TYPE_OBJECT)

enum
{
  READY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What a drawing needs, copied: the chart may change while it runs. */
typedef struct
{
  StChartSeries   *series;
  guint            n_series;
  GPtrArray       *keep;
  StDurationLayout layout;
  StChartStyle     style;
  StChartMode      mode;
  int              width;
  int              height;
  int              scale;
} Job;

static void
job_free (Job *job)
{
  g_free (job->series);
  g_clear_pointer (&job->keep, g_ptr_array_unref);
  g_free (job);
}

static gpointer
draw_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Job             *job = data;
  cairo_surface_t *surface = cairo_image_surface_create (
      CAIRO_FORMAT_ARGB32, job->width * job->scale, job->height * job->scale);
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, job->scale, job->scale);
  cr = cairo_create (surface);
  st_chart_draw_durations_points (cr, &job->layout, &job->style, job->series, job->mode);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                   cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  return surface;
}

/* An image surface as a texture, sharing its pixels. */
static GdkTexture *
texture_of (cairo_surface_t *surface)
{
  int                stride = cairo_image_surface_get_stride (surface);
  int                height = cairo_image_surface_get_height (surface);
  g_autoptr (GBytes) bytes = g_bytes_new_with_free_func (
      cairo_image_surface_get_data (surface), (gsize)stride * height,
      (GDestroyNotify)cairo_surface_destroy, cairo_surface_reference (surface));

  return gdk_memory_texture_new (cairo_image_surface_get_width (surface), height,
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

static void
on_drawn (gpointer owner, gpointer result, const GError *error)
{
  StChartPoints   *self = owner;
  cairo_surface_t *surface = result;

  if (surface == NULL)
    return;
  g_clear_object (&self->texture);
  self->texture = texture_of (surface);
  self->width = self->asked_width;
  self->height = self->asked_height;
  cairo_surface_destroy (surface);
  g_signal_emit (self, signals[READY], 0);
}

void
st_chart_points_draw (StChartPoints          *self,
                      const StChartSeries    *series,
                      guint                   n_series,
                      GPtrArray              *keep,
                      const StDurationLayout *layout,
                      const StChartStyle     *style,
                      StChartMode             mode,
                      int                     width,
                      int                     height,
                      int                     scale)
{
  Job *job;

  g_return_if_fail (ST_IS_CHART_POINTS (self));
  g_return_if_fail (width > 0 && height > 0 && scale > 0);

  job = g_new0 (Job, 1);
  job->series = g_memdup2 (series, MAX (n_series, 1) * sizeof *series);
  job->n_series = n_series;
  job->keep = keep != NULL ? g_ptr_array_ref (keep) : NULL;
  job->layout = *layout;
  job->style = *style;
  job->mode = mode;
  job->width = width;
  job->height = height;
  job->scale = scale;
  /* the labels are the frame's: the points have none */
  for (guint i = 0; i < n_series; i++)
    job->series[i].label = NULL;
  self->asked_width = width;
  self->asked_height = height;
  st_job_start (self->job, draw_thread, job, (GDestroyNotify)job_free, on_drawn,
                (GDestroyNotify)cairo_surface_destroy);
}

GdkTexture *
st_chart_points_get_texture (StChartPoints *self, int *width, int *height)
{
  g_return_val_if_fail (ST_IS_CHART_POINTS (self), NULL);
  *width = self->width;
  *height = self->height;
  return self->texture;
}

gboolean
st_chart_points_is_drawing (StChartPoints *self)
{
  g_return_val_if_fail (ST_IS_CHART_POINTS (self), FALSE);
  return st_job_is_running (self->job);
}

void
st_chart_points_clear (StChartPoints *self)
{
  g_return_if_fail (ST_IS_CHART_POINTS (self));
  st_job_cancel (self->job);
  g_clear_object (&self->texture);
}

static void
st_chart_points_dispose (GObject *object)
{
  st_chart_points_clear (ST_CHART_POINTS (object));
  G_OBJECT_CLASS (st_chart_points_parent_class)->dispose (object);
}

static void
st_chart_points_finalize (GObject *object)
{
  g_object_unref (ST_CHART_POINTS (object)->job);
  G_OBJECT_CLASS (st_chart_points_parent_class)->finalize (object);
}

static void
st_chart_points_class_init (StChartPointsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = st_chart_points_dispose;
  G_OBJECT_CLASS (klass)->finalize = st_chart_points_finalize;
  signals[READY] = g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_chart_points_init (StChartPoints *self)
{
  self->job = st_job_new (self);
}

StChartPoints *
st_chart_points_new (void)
{
  return g_object_new (ST_TYPE_CHART_POINTS, NULL);
}
