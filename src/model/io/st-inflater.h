/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-inflater.h: a streaming gzip inflater.
 *
 * ISA-L's igzip where the build found it (about three times zlib's speed on
 * traces), zlib otherwise. It streams, so a file of any size inflates
 * through one small piece of memory. One gzip member at a time: after
 * ST_INFLATE_END the caller looks at the input left and resets for the next
 * member.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _StInflater StInflater;

typedef enum
{
  ST_INFLATE_OK,         /* made text, or took input: call again */
  ST_INFLATE_END,        /* a gzip member ended */
  ST_INFLATE_NEED_INPUT, /* all the input given is used */
  ST_INFLATE_CORRUPT,    /* st_inflater_get_reason() says why */
} StInflateStep;

StInflater   *st_inflater_new (void);
void          st_inflater_free (StInflater *self);
void          st_inflater_reset (StInflater *self);
void          st_inflater_set_input (StInflater *self, const guchar *in, gsize n);
const guchar *st_inflater_peek_input (StInflater *self, gsize *n);
StInflateStep st_inflater_step (StInflater *self, guchar *out, gsize size, gsize *produced);
const char   *st_inflater_get_reason (StInflater *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StInflater, st_inflater_free)

G_END_DECLS
