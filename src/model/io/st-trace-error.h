/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-error.h: the error domain of everything that opens a profile.
 *
 * Messages are sentences for a person: which file, where (line and column,
 * or byte offset), what was expected, and what to do when there is something
 * to do.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ST_TRACE_ERROR (st_trace_error_quark ())

typedef enum
{
  ST_TRACE_ERROR_EMPTY,       /* zero bytes, or only white space */
  ST_TRACE_ERROR_NOT_JSON,    /* text, but not JSON */
  ST_TRACE_ERROR_BINARY,      /* binary data (an image, an archive, noise) */
  ST_TRACE_ERROR_NOT_A_TRACE, /* valid JSON, but not a trace Strata reads */
  ST_TRACE_ERROR_SYNTAX,      /* JSON broken before any event could be read */
  ST_TRACE_ERROR_IS_DIRECTORY,
  ST_TRACE_ERROR_UNREADABLE,     /* missing, no permission, not a regular file */
  ST_TRACE_ERROR_COMPRESSED,     /* a gzip stream that cannot be inflated */
  ST_TRACE_ERROR_TOO_LARGE,      /* inflates beyond what memory and disk allow */
  ST_TRACE_ERROR_ENCODING,       /* UTF-16 / UTF-32 text */
  ST_TRACE_ERROR_TIME_RANGE,     /* events spread over more time than a trace may span */
  ST_TRACE_ERROR_TOO_MANY_FILES, /* more files than one profile takes (ST_MAX_FILES) */
  ST_TRACE_ERROR_DAMAGED,        /* a binary file whose structure is broken: a wrong magic,
                                    lengths or offsets beyond its end */
} StTraceError;

GQuark st_trace_error_quark (void);

G_END_DECLS
