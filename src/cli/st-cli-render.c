/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli render: the timeline of a profile as a PNG, drawn by the same
 * renderer as the window. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-small-file.h"
#include "st-cli-common.h"
#include "st-timeline-layout.h"
#include "st-timeline-renderer.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_GUTTER 240

/* "WxH", each a whole number of pixels from 100×60 to 16384×16384. */
static gboolean
parse_size (const char *text, int *w, int *h)
{
  g_auto (GStrv) parts = g_strsplit_set (text, "xX", 3);
  guint64        width, height;

  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_unsigned (parts[0], 10, 100, 16384, &width, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 60, 16384, &height, NULL))
    return FALSE;
  *w = (int)width;
  *h = (int)height;
  return TRUE;
}

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The picture is made in memory, then written as a region file is: through
 * a temporary file renamed over @output, so a failure names its reason
 * (a folder, a missing folder, no permission) and leaves what was there. */
static int
write_png (cairo_surface_t *surface, const char *output)
{
  g_autoptr (GByteArray) png = g_byte_array_new ();
  g_autoptr (GFile)      file = st_file_new_for_arg (output);
  g_autoptr (GError)     error = NULL;
  cairo_status_t         status = cairo_surface_write_to_png_stream (surface, append_png, png);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, _ ("strata-cli: the picture could not be made: %s\n"),
               cairo_status_to_string (status));
      return 1;
    }
  /* -o -: the picture on standard output, for a pipe */
  if (strcmp (output, "-") == 0)
    {
      if (fwrite (png->data, 1, png->len, stdout) != png->len || fflush (stdout) != 0)
        {
          fprintf (stderr, _ ("strata-cli: could not write the picture to standard output: %s\n"),
                   g_strerror (errno));
          return 1;
        }
      return 0;
    }
  if (!st_small_file_replace (file, (const char *)png->data, png->len, 0666, &error))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      fprintf (stderr, _ ("strata-cli: could not write “%s”: %s\n"), name, error->message);
      return 1;
    }
  return 0;
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
  int              status;

  st_palette_init_default (&palette, dark);
  st_timeline_renderer_set_palette (renderer, &palette);
  st_timeline_renderer_set_layout (renderer, layout);
  st_timeline_renderer_draw (renderer, cr, &vp);
  cairo_destroy (cr);
  status = write_png (surface, output);
  cairo_surface_destroy (surface);
  return status;
}

int
st_cli_render (int argc, char **argv)
{
  g_autofree char   *output = NULL, *size = NULL, *range = NULL;
  gboolean           dark = FALSE;
  g_auto (GStrv)     files = NULL;
  const GOptionEntry entries[]
      = { { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
            N_ ("Write the picture to OUT.png (-: to standard output)"), N_ ("OUT.png") },
          { "size", 0, 0, G_OPTION_ARG_FILENAME, &size, N_ ("Picture size (default 1920x1080)"),
            N_ ("WxH") },
          { "range", 0, 0, G_OPTION_ARG_FILENAME, &range,
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
    return st_cli_usage_error ("render", _ ("--size takes WIDTHxHEIGHT, for example 1920x1080, "
                                            "each from 100x60 to 16384x16384"));
  if (st_cli_check_output ("render", output, files) != 0)
    return 2;
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
