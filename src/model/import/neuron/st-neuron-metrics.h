/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-metrics.h: the metrics a profile carries itself (Neuron
 * "summary", "layer_summary", "metadata"), read on demand with json-glib.
 *
 * Metrics come from summary[0], each with its group (summary_groups[0]:
 * exact names first, then `*` patterns in file order; "other" when none
 * matches), ordered by summary_group_order[0] and then by file order, and
 * described by terminology[0]. A metric the file does not hold is absent,
 * never 0.
 *
 * Scale: the profiler stores fractions as 0–1 even where the name ends in
 * "_percent" (FORMATS.md). When no "_percent" value of summary[0] exceeds 1,
 * the file is taken to store fractions and every "_percent" metric (of the
 * summary and of the layer rows) is reported ×100 with is_fraction_scaled
 * set; a file with some "_percent" value above 1 already stores percents
 * and is reported as written. The decision is per file, not per value, so
 * a true 0.4 % stays 0.4 % in a file of percents.
 */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char    *id;
  double   value;
  gboolean is_fraction_scaled; /* read as a 0–1 fraction, reported ×100 */
  char    *group_id;
  char    *group_title;
  int      group_order; /* position in summary_group_order; after them: unknown */
  char    *description; /* from terminology, or NULL */
} StNeuronMetric;

typedef struct
{
  char       *name;
  gint64      start_ns; /* as written in the file */
  gint64      end_ns;
  gint64      duration_ns;
  GHashTable *values; /* metric id -> double *, percents scaled as above */
} StNeuronLayer;

typedef struct _StNeuronMetrics StNeuronMetrics;

StNeuronMetrics *st_neuron_metrics_new_for_trace (StTrace *trace);
GPtrArray       *st_neuron_metrics_get_problems (StNeuronMetrics *self);
void             st_neuron_metrics_free (StNeuronMetrics *self);

guint                 st_neuron_metrics_get_n_metrics (StNeuronMetrics *self);
const StNeuronMetric *st_neuron_metrics_get_metric (StNeuronMetrics *self, guint index);
const StNeuronMetric *st_neuron_metrics_lookup (StNeuronMetrics *self, const char *id);
gboolean              st_neuron_metrics_get_fractions_scaled (StNeuronMetrics *self);

guint                st_neuron_metrics_get_n_layers (StNeuronMetrics *self);
const StNeuronLayer *st_neuron_metrics_get_layer (StNeuronMetrics *self, guint index);
gboolean st_neuron_layer_get_value (const StNeuronLayer *layer, const char *id, double *out);

gboolean
st_neuron_metrics_get_metadata_double (StNeuronMetrics *self, const char *key, double *out);
gboolean st_neuron_metrics_get_metadata_int (StNeuronMetrics *self, const char *key, gint64 *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StNeuronMetrics, st_neuron_metrics_free)

G_END_DECLS
