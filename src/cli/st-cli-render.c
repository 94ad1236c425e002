/* strata-cli render: the timeline of a profile as a PNG, drawn by the same
 * renderer as the window. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-timeline-layout.h"
#include "st-timeline-renderer.h"

#include <glib/gi18n.h>
#include <stdio.h>

#define DEFAULT_GUTTER 240

static gboolean
parse_size (const char *text, int *w, int *h)
{
  char *end = NULL;

  *w = (int)g_ascii_strtoll (text, &end, 10);
  if (end == NULL || (*end != 'x' && *end != 'X'))
    return FALSE;
  *h = (int)g_ascii_strtoll (end + 1, &end, 10);
  return *end == '\0' && *w >= 100 && *h >= 60 && *w <= 16384 && *h <= 16384;
}

static int
draw_png (StTrace    *trace,
          const char *output,
          int         width,
          int         height,
          gint64      start,
          gint64      end,
          gboolean    dark)
{
  g_autoptr (StTimelineLayout)   layout = st_timeline_layout_new (trace, NULL);
  g_autoptr (StTimelineRenderer) renderer = st_timeline_renderer_new (trace);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (surface);
  StViewport       vp = { start, end, width, height, MIN (DEFAULT_GUTTER, width / 3), 0 };
  StPalette        palette;
  cairo_status_t   status;

  st_palette_init_default (&palette, dark);
  st_timeline_renderer_set_palette (renderer, &palette);
  st_timeline_renderer_set_layout (renderer, layout);
  st_timeline_renderer_draw (renderer, cr, &vp);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, output);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "strata-cli: %s: %s\n", output, cairo_status_to_string (status));
      return 1;
    }
  return 0;
}

int
st_cli_render (int argc, char **argv)
{
  g_autofree char   *output = NULL, *size = NULL, *range = NULL;
  gboolean           dark = FALSE;
  g_auto (GStrv)     files = NULL;
  const GOptionEntry entries[]
      = { { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_ ("Write the picture to OUT.png"),
            N_ ("OUT.png") },
          { "size", 0, 0, G_OPTION_ARG_STRING, &size, N_ ("Picture size (default 1920x1080)"),
            N_ ("WxH") },
          { "range", 0, 0, G_OPTION_ARG_STRING, &range,
            N_ ("Time range to draw, in ns from the trace start (default: the whole trace)"),
            N_ ("START_NS:END_NS") },
          { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, N_ ("Draw with the dark style"), NULL },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new (N_ ("FILE -o OUT.png — the timeline as a picture"));
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  int                 width = 1920, height = 1080;
  gint64              start, end;

  g_set_prgname ("strata-cli render");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (
      context, _ ("Draws the timeline of FILE (sections, tracks, slices, counters, instants, the "
                  "time ruler) with the window's renderer, from the top of the track list."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return st_cli_usage_error ("render", error->message);
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    return st_cli_usage_error ("render", _ ("give exactly one FILE"));
  if (output == NULL)
    return st_cli_usage_error ("render", _ ("give the picture to write with -o OUT.png"));
  if (size != NULL && !parse_size (size, &width, &height))
    return st_cli_usage_error ("render", _ ("--size takes WIDTHxHEIGHT, for example 1920x1080"));
  trace = st_cli_load_trace (files[0], 0, &error);
  if (trace == NULL)
    return st_cli_file_error (error);
  start = 0;
  end = MAX (1, st_trace_get_end_ns (trace));
  if (range != NULL && !st_cli_parse_range (range, &start, &end))
    return st_cli_usage_error ("render",
                               _ ("--range takes START_NS:END_NS with END_NS > START_NS"));
  return draw_png (trace, output, width, height, start, end, dark);
}
