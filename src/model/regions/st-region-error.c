/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-error.h"

G_DEFINE_QUARK (st - region - error - quark, st_region_error)
