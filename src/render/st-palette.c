/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-palette.h"
#include "st-string-table.h"

/* Hues spread around the wheel; light style gets soft mid tones that dark
 * text reads on, dark style deeper ones that light text reads on. */
static const guint32 light_slices[ST_PALETTE_N_SLICE_COLORS] = {
  0x8fb8e8, 0xf2b36f, 0x9fd79b, 0xee9a9a, 0xc3a6e6, 0xb7d7e8, 0xf4d06f,
  0x8fd1c4, 0xe8a6cf, 0xc9d58b, 0xa9b8f2, 0xf0b9a0, 0xd99ad9, 0xd9b38c,
  0xb0c4de, 0xe6c3f0, 0xa8dcd1, 0xf7c98b, 0xc6c6c6, 0xd4a5a5,
};

static const guint32 dark_slices[ST_PALETTE_N_SLICE_COLORS] = {
  0x2f5f95, 0x9a5a1f, 0x3b7a3a, 0x993b3b, 0x64479b, 0x3a6f86, 0x8c7420,
  0x2f7a6c, 0x8e3f70, 0x66732a, 0x4a5aa0, 0x935a44, 0x803a80, 0x7a5a36,
  0x4f6684, 0x7c4d8c, 0x3d7d74, 0x94682c, 0x5c5c5c, 0x7a4a4a,
};

static StColor
rgb (guint32 hex, double alpha)
{
  return (StColor){ ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0, (hex & 0xff) / 255.0,
                    alpha };
}

void
st_palette_set_slices (StPalette *palette, gboolean dark)
{
  for (guint i = 0; i < ST_PALETTE_N_SLICE_COLORS; i++)
    palette->slices[i] = rgb (dark ? dark_slices[i] : light_slices[i], 1.0);
}

/* The libadwaita colours, for drawing without a widget (strata-cli). */
void
st_palette_init_default (StPalette *palette, gboolean dark)
{
  palette->dark = dark;
  palette->background = rgb (dark ? 0x1e1e1e : 0xffffff, 1.0);
  palette->foreground = rgb (dark ? 0xffffff : 0x000000, dark ? 1.0 : 0.8);
  palette->dim = rgb (dark ? 0xffffff : 0x000000, 0.55);
  palette->grid = rgb (dark ? 0xffffff : 0x000000, dark ? 0.12 : 0.10);
  palette->header = rgb (dark ? 0x303030 : 0xebebeb, 1.0);
  palette->gutter = rgb (dark ? 0x242424 : 0xfafafa, 1.0);
  palette->accent = rgb (dark ? 0x78aeed : 0x1c71d8, 1.0);
  palette->marked = rgb (dark ? 0x78aeed : 0x3584e4, 0.15);
  palette->timing = rgb (dark ? 0xf8e45c : 0xc64600, 1.0);
  palette->flow = rgb (dark ? 0xffffff : 0x000000, 0.65);
  palette->region = rgb (dark ? 0xc061cb : 0x9141ac, 1.0);
  st_palette_set_slices (palette, dark);
}

/* A name's colour: a hash, so the same name has the same colour in every
 * trace and every run. */
guint
st_palette_color_index (const char *name, gsize len)
{
  return (guint)(st_hash_bytes (name, len) % ST_PALETTE_N_SLICE_COLORS);
}

/* Black or white text, whichever reads on @fill. */
const StColor *
st_palette_text_on (const StPalette *palette, const StColor *fill)
{
  static const StColor black = { 0, 0, 0, 0.87 }, white = { 1, 1, 1, 0.95 };
  double               luminance = 0.2126 * fill->r + 0.7152 * fill->g + 0.0722 * fill->b;

  return luminance > 0.5 ? &black : &white;
}
