/* st-summary-ranges.h: what the Summary page shows, computed on a GTask
 * thread: parts of a summary (st_summary_compute_parts) of each of up to
 * three ranges of a trace, with the diagnosis of each (docs/metrics.md
 * 16) when the cards are asked for, and, comparing regions with their operations
 * tables, the operations of each range after the first against it
 * (docs/metrics.md 8.9). The page asks for the cards' numbers first and
 * for the operations tables after. */
#pragma once

#include <gio/gio.h>

#include "st-diagnosis.h"

G_BEGIN_DECLS

typedef struct _StSummaryRanges StSummaryRanges;

/* Ranges of @trace of which to compute @parts; with @compare and
 * ST_SUMMARY_OPERATIONS in @parts, the operations between them too. */
StSummaryRanges *st_summary_ranges_new (StTrace *trace, StSummaryParts parts, gboolean compare);
void             st_summary_ranges_free (StSummaryRanges *self);
/* Adds [@start, @end) (trace ns); at most three. */
void st_summary_ranges_add (StSummaryRanges *self, gint64 start, gint64 end);

/* Computes them on a thread; @self is taken. */
void st_summary_ranges_compute_async (StSummaryRanges    *self,
                                      GCancellable       *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
/* On success, @summaries (StSummary with the parts asked for, one per
 * range, in order), @diagnoses (StDiagnosis of each, when the cards were
 * asked for; else empty) and @diffs (StOperationDiff: the i-th of range
 * i + 1 against the first; empty unless the operations were compared). */
gboolean st_summary_ranges_compute_finish (GAsyncResult *result,
                                           GPtrArray   **summaries,
                                           GPtrArray   **diagnoses,
                                           GPtrArray   **diffs,
                                           GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSummaryRanges, st_summary_ranges_free)

G_END_DECLS
