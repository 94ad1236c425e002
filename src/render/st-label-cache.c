/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-label-cache.h"

#include <pango/pangocairo.h>
#include <string.h>

/* Widths are rounded down to this many pixels for the cache key. */
#define BUCKET      8
#define FULL        0xffff
#define MAX_ENTRIES 16384
/* Narrower than this, a cut label shows nothing useful. */
#define MIN_WIDTH 30

typedef struct
{
  PangoLayout *layout;
  int          width;
  int          height;
} Entry;

struct _StLabelCache
{
  PangoContext *context;
  PangoLayout  *scratch;
  GHashTable   *entries; /* (key << 16 | bucket) -> Entry */
  int           line_height;
};

static void
entry_free (gpointer data)
{
  Entry *e = data;

  g_object_unref (e->layout);
  g_free (e);
}

StLabelCache *
st_label_cache_new (void)
{
  StLabelCache                    *self = g_new0 (StLabelCache, 1);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans 9");

  self->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  self->entries = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, entry_free);
  st_label_cache_set_font (self, font);
  return self;
}

void
st_label_cache_free (StLabelCache *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->entries);
  g_clear_object (&self->scratch);
  g_object_unref (self->context);
  g_free (self);
}

/* Forgets every label: a new font lays them out anew. */
void
st_label_cache_set_font (StLabelCache *self, const PangoFontDescription *font)
{
  pango_context_set_font_description (self->context, font);
  g_hash_table_remove_all (self->entries);
  g_clear_object (&self->scratch);
  self->scratch = pango_layout_new (self->context);
  pango_layout_set_text (self->scratch, "Xy", -1);
  pango_layout_get_pixel_size (self->scratch, NULL, &self->line_height);
}

int
st_label_cache_get_line_height (StLabelCache *self)
{
  return self->line_height;
}

/* A layout for things that are not cached (ruler labels, headers). */
PangoLayout *
st_label_cache_scratch (StLabelCache *self)
{
  return self->scratch;
}

/* No label is wider than a screen: a name of megabytes (a generated
 * kernel name, a stack pasted into an annotation) is cut at this many
 * bytes, on a character boundary, before Pango shapes it. */
#define MAX_LABEL_BYTES 2048

static void
set_label_text (PangoLayout *layout, const char *text)
{
  gsize len = strlen (text);

  if (len > MAX_LABEL_BYTES)
    {
      const char      *end = g_utf8_find_prev_char (text, text + MAX_LABEL_BYTES + 1);
      g_autofree char *cut = g_strdup_printf ("%.*s…", (int)(end - text), text);

      pango_layout_set_text (layout, cut, -1);
    }
  else
    pango_layout_set_text (layout, text, (int)len);
}

static Entry *
lookup_mode (StLabelCache      *self,
             guint64            key,
             guint              bucket,
             const char        *text,
             PangoEllipsizeMode mode)
{
  gint64 k = (gint64)((key << 16) | bucket);
  Entry *e = g_hash_table_lookup (self->entries, &k);

  if (e != NULL)
    return e;
  if (g_hash_table_size (self->entries) >= MAX_ENTRIES)
    g_hash_table_remove_all (self->entries);
  e = g_new0 (Entry, 1);
  e->layout = pango_layout_new (self->context);
  set_label_text (e->layout, text);
  pango_layout_set_single_paragraph_mode (e->layout, TRUE);
  if (bucket != FULL)
    {
      pango_layout_set_width (e->layout, bucket * BUCKET * PANGO_SCALE);
      pango_layout_set_ellipsize (e->layout, mode);
    }
  pango_layout_get_pixel_size (e->layout, &e->width, &e->height);
  g_hash_table_insert (self->entries, g_memdup2 (&k, sizeof k), e);
  return e;
}

static Entry *
lookup (StLabelCache *self, guint64 key, guint bucket, const char *text)
{
  return lookup_mode (self, key, bucket, text, PANGO_ELLIPSIZE_END);
}

/* The natural width of a label. */
int
st_label_cache_measure (StLabelCache *self, guint64 key, const char *text)
{
  return lookup (self, key, FULL, text)->width;
}

/* Draws @text centred vertically on @y_center from @x, ellipsized to
 * @width; draws nothing and returns FALSE when @width is too narrow. */
gboolean
st_label_cache_draw (StLabelCache *self,
                     cairo_t      *cr,
                     guint64       key,
                     const char   *text,
                     double        x,
                     double        y_center,
                     double        width)
{
  Entry *e;

  e = lookup (self, key, FULL, text);
  if (e->width > width)
    {
      if (width < MIN_WIDTH)
        return FALSE;
      e = lookup (self, key, MIN ((guint)(width / BUCKET), FULL - 1), text);
    }
  cairo_move_to (cr, x, y_center - e->height / 2.0);
  pango_cairo_show_layout (cr, e->layout);
  return TRUE;
}

/* The context labels are laid out in (its font is the renderer's). */
PangoContext *
st_label_cache_get_context (StLabelCache *self)
{
  return self->context;
}

/* The parts of a label drawn by st_label_cache_draw_keeping_end(), keyed
 * apart from its whole text: bits above the callers' keys. */
#define KEY_HEAD   (1ull << 45)
#define KEY_TAIL   (1ull << 46)
#define KEY_MIDDLE (1ull << 47)

static void
show (cairo_t *cr, Entry *e, double x, double y_center)
{
  cairo_move_to (cr, x, y_center - e->height / 2.0);
  pango_cairo_show_layout (cr, e->layout);
}

/* As st_label_cache_draw(), but a label too wide keeps its end, from byte
 * @tail of @text, whole and cuts what comes before it ("rank 1 · GPU 0 ·
 * stream 7" reads "ran…GPU 0 · stream 7"); where even the end does not
 * fit, the whole is cut in the middle. */
gboolean
st_label_cache_draw_keeping_end (StLabelCache *self,
                                 cairo_t      *cr,
                                 guint64       key,
                                 const char   *text,
                                 gsize         tail,
                                 double        x,
                                 double        y_center,
                                 double        width)
{
  Entry *e = lookup (self, key, FULL, text), *end;

  if (e->width <= width)
    {
      show (cr, e, x, y_center);
      return TRUE;
    }
  if (width < MIN_WIDTH)
    return FALSE;
  end = lookup (self, key | KEY_TAIL, FULL, text + tail);
  if (tail > 0 && end->width + MIN_WIDTH <= width)
    {
      g_autofree char *head = g_strndup (text, tail);
      Entry           *h = lookup (self, key | KEY_HEAD,
                                   MIN ((guint)((width - end->width) / BUCKET), FULL - 1), head);

      show (cr, h, x, y_center);
      show (cr, end, x + h->width, y_center);
      return TRUE;
    }
  e = lookup_mode (self, key | KEY_MIDDLE, MIN ((guint)(width / BUCKET), FULL - 1), text,
                   PANGO_ELLIPSIZE_MIDDLE);
  show (cr, e, x, y_center);
  return TRUE;
}
