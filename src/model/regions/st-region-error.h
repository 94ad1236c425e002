/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-error.h: the error domain of region sets and highlighter
 * configurations read from files. Messages name the file and the place. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ST_REGION_ERROR (st_region_error_quark ())

typedef enum
{
  ST_REGION_ERROR_INVALID,     /* not JSON, or JSON without the expected shape */
  ST_REGION_ERROR_NEWER,       /* "version" newer than this Strata reads */
  ST_REGION_ERROR_BAD_VALUE,   /* a key with a value of the wrong type or range */
  ST_REGION_ERROR_UNKNOWN_KEY, /* a configuration key Strata does not know */
} StRegionError;

#define ST_REGION_FILE_VERSION 1

GQuark st_region_error_quark (void);

G_END_DECLS
