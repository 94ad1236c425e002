/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-diff-json.c: `strata-cli diff --json` (docs/metrics.md 8.8):
 * every part of a comparison as JSON, null where a value is absent or
 * unknown. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-diff-json.h"
#include "st-cli-common.h"
#include "st-time.h"

static const char *const breakdown_keys[ST_N_BREAKDOWN_PARTS] = {
  "step_time", "compute", "exposed_communication", "exposed_memory", "idle", "outside_device_work",
};

static void
json_metrics (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "metrics");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_metrics (diff); i++)
    {
      const StMetricDiff *m = st_profile_diff_get_metric (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "id", m->id);
      st_cli_add_string (b, "unit", st_cli_unit_to_string (m->unit));
      st_cli_add_double_or_null (b, "base", m->present[ST_DIFF_BASE], m->value[ST_DIFF_BASE]);
      st_cli_add_double_or_null (b, "new", m->present[ST_DIFF_NEW], m->value[ST_DIFF_NEW]);
      st_cli_add_double_or_null (b, "delta", m->has_delta, m->delta);
      st_cli_add_double_or_null (b, "delta_percent", m->has_delta_percent, m->delta_percent);
      st_cli_add_boolean_or_null (b, "better", m->judgement != ST_DIFF_UNJUDGED,
                                  m->judgement == ST_DIFF_BETTER);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_breakdown (JsonBuilder *b, StProfileDiff *diff)
{
  const StBreakdown *base = st_profile_diff_get_breakdown (diff, ST_DIFF_BASE);
  const StBreakdown *new_ = st_profile_diff_get_breakdown (diff, ST_DIFF_NEW);

  json_builder_set_member_name (b, "breakdown");
  json_builder_begin_object (b);
  for (guint p = 0; p < ST_N_BREAKDOWN_PARTS; p++)
    {
      json_builder_set_member_name (b, breakdown_keys[p]);
      json_builder_begin_object (b);
      st_cli_add_int_or_null (b, "base", base->present, base->ns[p]);
      st_cli_add_int_or_null (b, "new", new_->present, new_->ns[p]);
      st_cli_add_int_or_null (b, "delta", base->present && new_->present,
                              st_time_sub_sat (new_->ns[p], base->ns[p]));
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
json_operation (JsonBuilder *b, const StOperationDiffRow *r)
{
  json_builder_begin_object (b);
  st_cli_add_string (b, "name", r->name);
  st_cli_add_string (b, "kind", r->table == ST_OPERATIONS_KERNELS ? "kernel" : "host");
  st_cli_add_double_or_null (b, "base_count", TRUE, r->base_count);
  st_cli_add_int (b, "base_total_ns", r->base_total_ns);
  st_cli_add_int (b, "base_self_ns", r->base_self_ns);
  st_cli_add_double_or_null (b, "new_count", TRUE, r->new_count);
  st_cli_add_int (b, "new_total_ns", r->new_total_ns);
  st_cli_add_int (b, "new_self_ns", r->new_self_ns);
  st_cli_add_int (b, "delta_ns", r->delta_ns);
  st_cli_add_int (b, "delta_self_ns", r->delta_self_ns);
  st_cli_add_double_or_null (b, "delta_percent", r->has_delta_percent, r->delta_percent);
  st_cli_add_string (b, "match", st_operation_match_to_string (r->match));
  if (r->base_names != NULL)
    st_cli_add_strings (b, "base_names", r->base_names);
  json_builder_end_object (b);
}

static void
json_operations (JsonBuilder *b, StProfileDiff *diff)
{
  StOperationDiff *ops = st_profile_diff_get_operations (diff);

  json_builder_set_member_name (b, "operations");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
    json_operation (b, st_operation_diff_get_row (ops, i));
  json_builder_end_array (b);
}

static void
json_collectives (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "collectives");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_collectives (diff); i++)
    {
      const StCollectiveDiff *c = st_profile_diff_get_collective (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "type", st_collective_type_to_string (c->type));
      st_cli_add_double_or_null (b, "base_count", TRUE, c->count[ST_DIFF_BASE]);
      st_cli_add_int (b, "base_total_ns", c->total_ns[ST_DIFF_BASE]);
      st_cli_add_double_or_null (b, "new_count", TRUE, c->count[ST_DIFF_NEW]);
      st_cli_add_int (b, "new_total_ns", c->total_ns[ST_DIFF_NEW]);
      st_cli_add_int (b, "delta_ns", c->delta_ns);
      st_cli_add_double_or_null (b, "delta_percent", c->has_delta_percent, c->delta_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* "setup", "class", "collective", "kernel", "host" or "metric". */
static const char *
finding_kind (StProfileDiff *diff, const StDiffFinding *f)
{
  StOperationDiff *ops = st_profile_diff_get_operations (diff);

  switch (f->kind)
    {
    case ST_DIFF_FINDING_SETUP: return "setup";
    case ST_DIFF_FINDING_CLASS: return "class";
    case ST_DIFF_FINDING_COLLECTIVE: return "collective";
    case ST_DIFF_FINDING_OPERATION:
      return st_operation_diff_get_row (ops, f->row)->table == ST_OPERATIONS_KERNELS ? "kernel"
                                                                                     : "host";
    case ST_DIFF_FINDING_METRIC:
    default: return "metric";
    }
}

static void
json_findings (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
    {
      const StDiffFinding *f = st_profile_diff_get_finding (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "kind", finding_kind (diff, f));
      st_cli_add_string (b, "text", f->text);
      st_cli_add_int (b, "start_ns", f->start_ns);
      st_cli_add_int (b, "end_ns", f->end_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* A field of 8.11 as JSON: a number for the counts and sizes, a list for
 * the data types, the text otherwise; null when unknown. */
static void
json_environment_field (JsonBuilder *b, const StEnvironment *env, StEnvironmentField field)
{
  g_autofree char *text = st_environment_dup_text (env, field);

  switch (field)
    {
    case ST_ENV_DEVICE_COUNT: st_cli_add_int (b, "device_count", env->device_count); break;
    case ST_ENV_MEMORY:
      st_cli_add_int_or_null (b, "memory_bytes", env->memory_bytes >= 0, env->memory_bytes);
      break;
    case ST_ENV_MULTIPROCESSORS:
      st_cli_add_int_or_null (b, "multiprocessors", env->multiprocessors >= 0,
                              env->multiprocessors);
      break;
    case ST_ENV_WORLD_SIZE:
      st_cli_add_int_or_null (b, "world_size", env->world_size >= 0, env->world_size);
      break;
    case ST_ENV_GRAPH_LAUNCHES: st_cli_add_int (b, "graph_launches", env->graph_launches); break;
    case ST_ENV_COMPILED_REGIONS:
      st_cli_add_int (b, "compiled_regions", env->compiled_regions);
      break;
    case ST_ENV_DTYPES: st_cli_add_strings (b, "dtypes", env->dtypes); break;
    default: st_cli_add_string_or_null (b, st_environment_field_to_string (field), text);
    }
}

static void
json_environment_side (JsonBuilder *b, const char *name, const StEnvironment *env)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  for (guint f = 0; f < ST_N_ENV_FIELDS; f++)
    {
      if (f == ST_ENV_FIRST_VERSION)
        {
          json_builder_set_member_name (b, "versions");
          json_builder_begin_object (b);
        }
      if (f >= ST_ENV_FIRST_VERSION && f < ST_ENV_FIRST_VERSION + ST_N_ENV_VERSIONS)
        {
          if (env->versions[f - ST_ENV_FIRST_VERSION] != NULL)
            st_cli_add_string (b, st_environment_field_to_string (f),
                               env->versions[f - ST_ENV_FIRST_VERSION]);
          if (f + 1 == ST_ENV_FIRST_VERSION + ST_N_ENV_VERSIONS)
            json_builder_end_object (b);
          continue;
        }
      json_environment_field (b, env, f);
      if (f == ST_ENV_DEVICE_MODEL)
        st_cli_add_string_or_null (b, "device_kind", env->device_kind);
    }
  json_builder_end_object (b);
}

static void
json_environment (JsonBuilder *b, StProfileDiff *diff)
{
  GArray *differences = st_profile_diff_get_environment_differences (diff);

  json_builder_set_member_name (b, "environment");
  json_builder_begin_object (b);
  json_environment_side (b, "base", st_profile_diff_get_environment (diff, ST_DIFF_BASE));
  json_environment_side (b, "new", st_profile_diff_get_environment (diff, ST_DIFF_NEW));
  json_builder_set_member_name (b, "differences");
  json_builder_begin_array (b);
  for (guint i = 0; i < differences->len; i++)
    {
      const StEnvironmentDifference *d = &g_array_index (differences, StEnvironmentDifference, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "id", st_environment_field_to_string (d->field));
      st_cli_add_string (b, "base", d->base);
      st_cli_add_string (b, "new", d->new_);
      st_cli_add_boolean_or_null (b, "hardware", TRUE, d->hardware);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  st_cli_add_string_or_null (b, "warning", st_profile_diff_get_warning (diff));
  json_builder_end_object (b);
}

static void
json_step_times (JsonBuilder *b, StProfileDiff *diff)
{
  static const char *const sides[ST_N_DIFF_SIDES] = { "base", "new" };

  json_builder_set_member_name (b, "step_times");
  json_builder_begin_object (b);
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      const StStepTimes *t = st_profile_diff_get_step_times (diff, s);

      json_builder_set_member_name (b, sides[s]);
      json_builder_begin_object (b);
      st_cli_add_int (b, "count", t->count);
      st_cli_add_int (b, "min_ns", t->min_ns);
      st_cli_add_int (b, "median_ns", t->median_ns);
      st_cli_add_int (b, "max_ns", t->max_ns);
      st_cli_add_int (b, "mean_ns", t->mean_ns);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
json_classes (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "classes");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_classes (diff); i++)
    {
      const StClassDiff *c = st_profile_diff_get_class (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "class", st_kernel_class_to_string (c->klass));
      st_cli_add_int (b, "base_ns", c->ns[ST_DIFF_BASE]);
      st_cli_add_int (b, "new_ns", c->ns[ST_DIFF_NEW]);
      st_cli_add_int (b, "delta_ns", c->delta_ns);
      st_cli_add_double_or_null (b, "ratio", c->has_ratio, c->ratio);
      st_cli_add_double_or_null (b, "base_count", TRUE, c->count[ST_DIFF_BASE]);
      st_cli_add_double_or_null (b, "new_count", TRUE, c->count[ST_DIFF_NEW]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
st_cli_diff_print_json (StProfileDiff *diff, gboolean steps)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode)    root = NULL;

  json_builder_begin_object (b);
  st_cli_add_string (b, "scope",
                     st_profile_diff_get_scope (diff) == ST_DIFF_SCOPE_STEPS ? "steps" : "whole");
  st_cli_add_strings (b, "notes", st_profile_diff_get_notes (diff));
  json_environment (b, diff);
  json_step_times (b, diff);
  json_metrics (b, diff);
  json_breakdown (b, diff);
  json_classes (b, diff);
  json_operations (b, diff);
  json_collectives (b, diff);
  json_findings (b, diff);
  if (steps)
    {
      json_builder_set_member_name (b, "steps");
      json_builder_begin_object (b);
      st_cli_add_int (b, "base", st_profile_diff_get_n_steps (diff, ST_DIFF_BASE));
      st_cli_add_int (b, "new", st_profile_diff_get_n_steps (diff, ST_DIFF_NEW));
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  st_cli_print_json (root);
}
