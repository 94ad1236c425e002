/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-label-cache.h: text on slices, laid out once and drawn many times.
 *
 * A label is a Pango layout keyed by what it shows (a string id, say) and
 * the width it must fit, rounded to a few pixels: the same name on the same
 * width reuses its layout, so a frame full of labels shapes almost no text.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct _StLabelCache StLabelCache;

StLabelCache *st_label_cache_new (void);
void          st_label_cache_free (StLabelCache *self);
void          st_label_cache_set_font (StLabelCache *self, const PangoFontDescription *font);
PangoContext *st_label_cache_get_context (StLabelCache *self);
int           st_label_cache_get_line_height (StLabelCache *self);
gboolean      st_label_cache_draw (StLabelCache *self,
                                   cairo_t      *cr,
                                   guint64       key,
                                   const char   *text,
                                   double        x,
                                   double        y_center,
                                   double        width);
gboolean      st_label_cache_draw_keeping_end (StLabelCache *self,
                                               cairo_t      *cr,
                                               guint64       key,
                                               const char   *text,
                                               gsize         tail,
                                               double        x,
                                               double        y_center,
                                               double        width);
int           st_label_cache_measure (StLabelCache *self, guint64 key, const char *text);
PangoLayout  *st_label_cache_scratch (StLabelCache *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StLabelCache, st_label_cache_free)

G_END_DECLS
