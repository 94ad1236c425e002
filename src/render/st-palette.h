/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-palette.h: the colours the timeline is drawn with.
 *
 * The surface colours (background, text, grid, selection) come from the
 * widget's theme, so dark style works; the command line uses the built-in
 * light and dark defaults. Slice colours are stable per name: a hash of the
 * name picks one of a set tuned to be readable in the style.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} StColor;

#define ST_PALETTE_N_SLICE_COLORS 20

typedef struct
{
  gboolean dark;
  StColor  background;
  StColor  foreground;
  StColor  dim;
  StColor  grid;
  StColor  header; /* section header band */
  StColor  gutter; /* the label column */
  StColor  accent; /* selection outlines, find highlight */
  StColor  marked; /* the marked time range */
  StColor  timing; /* the timing measurement */
  StColor  flow;   /* flow arrows */
  StColor  region; /* region bands and their tabs */
  StColor  slices[ST_PALETTE_N_SLICE_COLORS];
} StPalette;

void           st_palette_init_default (StPalette *palette, gboolean dark);
void           st_palette_set_slices (StPalette *palette, gboolean dark);
guint          st_palette_color_index (const char *name, gsize len);
const StColor *st_palette_text_on (const StPalette *palette, const StColor *fill);

G_END_DECLS
