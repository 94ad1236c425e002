/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-digest-private.h: what the files of a digest share: an empty digest,
 * the parts made from a trace (st-digest-series.c), and the names of units
 * in the file. For src/model/fleet only. */
#pragma once

#include "st-digest.h"
#include "st-device-work.h"

G_BEGIN_DECLS

/* A digest with every array empty and nothing else set. */
StDigest *_st_digest_new (void);

/* The steps of @trace and their series (docs/metrics.md 17.1), each step's
 * from a summary of its range; FALSE with @error when cancelled. */
gboolean
_st_digest_add_steps (StDigest *self, StTrace *trace, GCancellable *cancellable, GError **error);
/* The collectives of @summary, a summary of the whole trace, merged where
 * they overlap, each with its launch. */
void _st_digest_add_collectives (StDigest *self, StTrace *trace, StSummary *summary);
/* The busy strip of each device track with slices. */
void _st_digest_add_tracks (StDigest *self, StTrace *trace, StDeviceWork *work);
/* Each collective's k among those of its types, in the array's order. */
void _st_digest_number_collectives (GArray *collectives);

/* "ns", "percent", …, as docs/digest.md names a metric's unit. */
const char *_st_digest_unit_to_string (StMetricUnit unit);
gboolean    _st_digest_unit_from_string (const char *text, StMetricUnit *unit);

G_END_DECLS
