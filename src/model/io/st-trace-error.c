/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-trace-error.h"

G_DEFINE_QUARK (st - trace - error - quark, st_trace_error)
