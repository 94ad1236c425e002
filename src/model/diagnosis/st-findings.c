/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-findings.c: the findings of the phases, one per kind over the
 * devices (docs/metrics.md 16.3), and their order: the bound first, then
 * by the time at stake. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-format.h"
#include "st-operation-name.h"

#include <glib/gi18n-lib.h>

StFinding *
st_finding_new (StFindingKind kind, const char *id, gint64 at_stake)
{
  StFinding *f = g_new0 (StFinding, 1);

  f->kind = kind;
  f->id = id;
  f->time_at_stake_ns = at_stake;
  f->operations = g_ptr_array_new_with_free_func (g_free);
  return f;
}

void
st_finding_free (StFinding *finding)
{
  if (finding == NULL)
    return;
  g_free (finding->text);
  g_free (finding->action);
  g_ptr_array_unref (finding->operations);
  g_free (finding);
}

static const char *const phase_ids[ST_N_PHASE_KINDS] = {
  "device-bound",  "host-bound", "sync-wait", "communication-bound",
  "graph-capture", "idle",       "warm-up",
};

const char *
st_phase_kind_to_string (StPhaseKind kind)
{
  return kind < ST_N_PHASE_KINDS ? phase_ids[kind] : "idle";
}

const char *
st_phase_kind_get_title (StPhaseKind kind)
{
  static const char *const titles[ST_N_PHASE_KINDS] = {
    N_ ("Device-bound"),  N_ ("Host-bound"), N_ ("Sync wait"), N_ ("Communication-bound"),
    N_ ("Graph capture"), N_ ("Idle"),       N_ ("Warm-up"),
  };

  return _ (titles[kind < ST_N_PHASE_KINDS ? kind : ST_PHASE_IDLE]);
}

/* What a phase's finding puts at stake (16.3). */
static gint64
phase_stake (const StPhase *p)
{
  switch (p->kind)
    {
    case ST_PHASE_DEVICE_BOUND: return p->compute_ns + p->communication_ns + p->memory_ns;
    case ST_PHASE_HOST_BOUND: return p->idle_ns[ST_IDLE_HOST];
    case ST_PHASE_SYNC_WAIT: return p->idle_ns[ST_IDLE_SYNC];
    case ST_PHASE_COMMUNICATION_BOUND: return p->communication_ns;
    case ST_PHASE_GRAPH_CAPTURE: return p->end - p->start;
    case ST_PHASE_WARM_UP: return p->idle_ns[ST_IDLE_WARM_UP];
    case ST_PHASE_IDLE:
    default: return p->idle_ns[ST_IDLE_UNEXPLAINED];
    }
}

/* The kind of a phase's finding: the phase kinds' come first, in their
 * order, but for warm-up, the finding 16.3's table has for it too. */
static StFindingKind
finding_kind (StPhaseKind kind)
{
  return kind == ST_PHASE_WARM_UP ? ST_FINDING_WARM_UP : (StFindingKind)kind;
}

static char *
span_text (gint64 start, gint64 end)
{
  g_autofree char *a = st_format_duration (start);
  g_autofree char *b = st_format_duration (end);
  g_autofree char *len = st_format_duration (end - start);

  /* Translators: a time range from the trace's start and its length */
  return g_strdup_printf (_ ("%s–%s (%s)"), a, b, len);
}

static char *
percent (gint64 part, gint64 whole)
{
  return g_strdup_printf ("%.1f %%", whole > 0 ? 100.0 * part / whole : 0.0);
}

static const char *
name_of (StDiagnosisJob *job, StStringId id)
{
  return id != ST_STRING_NONE ? st_trace_get_string (job->trace, id) : NULL;
}

/* "Elementwise" as a sentence has it inside: "elementwise"; "GEMM" stays. */
static char *
lower_first (const char *word)
{
  if (word[0] != '\0' && g_ascii_isupper (word[0]) && !g_ascii_isupper (word[1]))
    return g_strdup_printf ("%c%s", g_ascii_tolower (word[0]), word + 1);
  return g_strdup (word);
}

/* A name as a finding's text shows it: its short form (st-operation-name),
 * cut at 80 characters; the finding's operations keep it whole. */
static char *
short_name (const char *name)
{
  g_autofree char *shortened = NULL;

  if (name == NULL)
    return NULL;
  shortened = st_operation_name_shorten (name, NULL);
  if (g_utf8_strlen (shortened, -1) <= 80)
    return g_steal_pointer (&shortened);
  {
    g_autofree char *head = g_utf8_substring (shortened, 0, 79);

    return g_strconcat (head, "…", NULL);
  }
}

static void
add_operation (StFinding *f, const char *name)
{
  if (name != NULL)
    g_ptr_array_add (f->operations, g_strdup (name));
}

/* "on GPU 3" when several devices count: where the text's numbers are. */
static void
prefix_device (StDiagnosisJob *job, GString *out, const StPhase *p, StPhaseKind kind)
{
  g_string_append (out, st_phase_kind_get_title (kind));
  if (st_diagnosis_n_devices (job) > 1)
    g_string_append_printf (out, _ (" on %s"),
                            st_device_work_get_device (job->work, p->device)->label);
  g_string_append (out, ", ");
}

static void
device_bound_text (StDiagnosisJob *job, const StPhase *p, GString *out, StFinding *f)
{
  gint64           busy = p->compute_ns + p->communication_ns + p->memory_ns;
  g_autofree char *range = span_text (p->start, p->end);
  g_autofree char *busy_pc = percent (busy, p->end - p->start);
  g_autofree char *delay = st_format_duration (p->delay_p50_ns);
  const char      *event = name_of (job, p->top_event);
  g_autofree char *shown = short_name (event);

  g_string_append_printf (out, _ ("%s: the device was busy %s of the time"), range, busy_pc);
  if (p->launches > 0 && p->has_queue)
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE, ", with up to %u launch queued (median launch-to-start %s)",
                     ", with up to %u launches queued (median launch-to-start %s)", p->queue_max),
        p->queue_max, delay);
  if (p->top_class != NULL && event != NULL)
    {
      g_autofree char *event_ns = st_format_duration (p->top_event_ns);

      g_autofree char *klass = lower_first (p->top_class);

      g_string_append_printf (out, _ ("; %s work takes %.0f %% of it, most of all “%s” (%s)."),
                              klass, p->top_class_percent, shown, event_ns);
    }
  else
    g_string_append (out, ".");
  add_operation (f, event);
}

/* What makes a device-bound phase shorter, by the work it is made of. */
static char *
device_bound_action (StDiagnosisJob *job, const StPhase *p)
{
  const char *klass = p->top_class != NULL ? p->top_class : "";

  if (g_str_equal (klass, st_compute_kind_get_label (ST_COMPUTE_GEMM)))
    return g_strdup (_ ("Make the GEMMs faster: check their shapes and data types (bf16, fp8 "
                        "where accuracy allows) and fuse the work around them."));
  if (g_str_equal (klass, st_compute_kind_get_label (ST_COMPUTE_ATTENTION)))
    return g_strdup (st_advice_get (ST_ADVICE_ATTENTION, job->terms));
  if (g_str_equal (klass, st_compute_kind_get_label (ST_COMPUTE_ELEMENTWISE))
      || g_str_equal (klass, st_compute_kind_get_label (ST_COMPUTE_REDUCE)))
    {
      if (st_advice_terms_are_pytorch (job->terms)
          && st_operation_name_is_compiled (name_of (job, p->top_event), TRUE))
        return g_strdup (_ ("These kernels are torch.compile's already (Inductor's Triton "
                            "kernels): fuse further — fewer graph breaks, so that one compiled "
                            "region spans more of the step (TORCH_LOGS=graph_breaks lists them), "
                            "and mode=\"max-autotune\" for the kernels it makes."));
      return g_strdup (st_advice_get (ST_ADVICE_FUSE_ELEMENTWISE, job->terms));
    }
  if (g_str_equal (klass, _ ("copy")))
    return g_strdup (st_advice_get (ST_ADVICE_COPIES, job->terms));
  if (g_str_equal (klass, _ ("set")))
    return g_strdup (st_advice_get (ST_ADVICE_MEMSETS, job->terms));
  return g_strdup (_ ("The device's work is the bound: start with its longest kernels."));
}

static void
host_bound_text (StDiagnosisJob *job, const StPhase *p, GString *out, StFinding *f)
{
  g_autofree char *range = span_text (p->start, p->end);
  g_autofree char *idle = st_format_duration (p->idle_ns[ST_IDLE_HOST]);
  g_autofree char *idle_pc = percent (p->idle_ns[ST_IDLE_HOST], p->end - p->start);
  const char      *op = name_of (job, p->host_op);
  g_autofree char *shown = short_name (op);

  g_string_append_printf (out,
                          _ ("%s: %u of %u gaps opened before the next launch; the device waited "
                             "%s (%s) for the host"),
                          range, p->host_gaps, p->gaps, idle, idle_pc);
  if (op != NULL)
    {
      g_autofree char *gap = st_format_duration (p->gap_end - p->gap_start);
      const char      *scope = name_of (job, p->host_scope);
      g_autofree char *scope_shown = short_name (scope);

      if (scope != NULL && p->host_scope != p->host_op)
        g_string_append_printf (out, _ ("; in the longest gap (%s) the host ran “%s”, in “%s”"),
                                gap, shown, scope_shown);
      else
        g_string_append_printf (out, _ ("; in the longest gap (%s) the host ran “%s”"), gap, shown);
      add_operation (f, scope != NULL && p->host_scope != p->host_op ? scope : NULL);
    }
  g_string_append (out, ".");
  add_operation (f, op);
}

/* Whether @name allocates or frees device memory (16.3). */
static gboolean
is_allocator_call (const char *name)
{
  static const char *const calls[] = { "cudaMalloc", "cudaFree",     "cuMemAlloc", "cuMemAlloc_v2",
                                       "cuMemFree",  "cuMemFree_v2", "hipMalloc",  "hipFree" };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (calls); i++)
    if (g_str_equal (name, calls[i]))
      return TRUE;
  return FALSE;
}

/* The host's own work in the longest gap, and what to do about it. */
static char *
own_work_action (const char *op)
{
  return op != NULL ? g_strdup_printf (_ ("The host's own work between launches is long (“%s” in "
                                          "the longest gap): take it off the device's path — data "
                                          "loading in worker processes, inputs prepared ahead — or "
                                          "overlap it with device work."),
                                       op)
                    : g_strdup (_ ("The host's own work between launches is long: take it off the "
                                   "device's path — data loading in worker processes, inputs "
                                   "prepared ahead — or overlap it with device work."));
}

/* The launch-overhead advice (short gaps), and the longest gap's own work
 * when it is 1 ms or more (16.3). */
static char *
launch_overhead_action (StDiagnosisJob *job, const StPhase *p, const char *op)
{
  g_autofree char *advice = NULL;

  if (st_captures_has_graph_launches (job->captures))
    return op != NULL ? g_strdup_printf (_ ("CUDA graphs are already launched here: move the host "
                                            "work left between launches (“%s”) into the graph or "
                                            "out of the loop."),
                                         op)
                      : g_strdup (_ ("CUDA graphs are already launched here: move the host work "
                                     "left between launches into the graph or out of the loop."));
  if (st_captures_any (job->captures))
    advice = g_strdup (_ ("Cut the host's work between launches: fewer and larger ops, no "
                          "synchronising calls inside the loop."));
  else
    advice = g_strdup (st_advice_get (ST_ADVICE_LAUNCH_OVERHEAD, job->terms));
  if (op == NULL || p->gap_end - p->gap_start < 1000000)
    return g_steal_pointer (&advice);
  /* Translators: the launch-overhead advice, then the longest gap's op */
  return g_strdup_printf (_ ("%s The longest gap is the host's own work (“%s”): take it off the "
                             "device's path."),
                          advice, op);
}

/* Launch overhead is the cause when the host gaps are short (a median of
 * 100 µs or less); longer ones are the host's own work; an allocation or
 * a free in the longest gap, the allocator's; a long launch call, the
 * runtime's loading of the kernel (16.3). */
/* A gap inside a launch call: the setting that loads code eagerly, of
 * that call's runtime (16.3). */
static char *
launch_call_action (const char *call)
{
  const char *setting;

  switch (st_operation_name_runtime_call (call))
    {
    case ST_RUNTIME_CALL_CUDA: setting = "CUDA_MODULE_LOADING=EAGER"; break;
    case ST_RUNTIME_CALL_HIP: setting = "HIP_ENABLE_DEFERRED_LOADING=0"; break;
    default: setting = "CUDA_MODULE_LOADING=EAGER, HIP_ENABLE_DEFERRED_LOADING=0"; break;
    }
  return g_strdup_printf (
      _ ("The longest gap is the host inside a launch call (“%s”): most often the runtime loading "
         "the kernel's code on its first launch. Load it eagerly (%s) or launch every kernel once "
         "in a warm-up step before the profiled ones."),
      call, setting);
}

static char *
host_bound_action (StDiagnosisJob *job, const StPhase *p)
{
  g_autofree char *op
      = short_name (name_of (job, p->host_scope != ST_STRING_NONE ? p->host_scope : p->host_op));

  if (is_allocator_call (name_of (job, p->host_op)))
    return g_strdup_printf (st_advice_get (ST_ADVICE_ALLOCATOR, job->terms),
                            name_of (job, p->host_op));
  if (p->in_launch)
    return launch_call_action (name_of (job, p->host_op));
  if (p->host_gap_p50_ns > 100000)
    return own_work_action (op);
  return launch_overhead_action (job, p, op);
}

static void
sync_wait_text (StDiagnosisJob *job, const StPhase *p, GString *out, StFinding *f)
{
  g_autofree char *range = span_text (p->start, p->end);
  g_autofree char *idle = st_format_duration (p->idle_ns[ST_IDLE_SYNC]);
  const char      *call = name_of (job, p->sync_call);

  if (call != NULL)
    g_string_append_printf (out,
                            _ ("%s: the device sat idle %s while the host was blocked in “%s”."),
                            range, idle, call);
  else
    g_string_append_printf (out,
                            _ ("%s: the device sat idle %s waiting on other work (a "
                               "synchronisation, a blocking copy, another stream's event)."),
                            range, idle);
  add_operation (f, call);
}

static void
communication_text (StDiagnosisJob *job, const StPhase *p, GString *out, StFinding *f)
{
  g_autofree char *range = span_text (p->start, p->end);
  g_autofree char *alone = st_format_duration (p->communication_ns);
  g_autofree char *alone_pc = percent (p->communication_ns, p->end - p->start);
  const char      *event = name_of (job, p->top_event);
  g_autofree char *shown = short_name (event);

  g_string_append_printf (out, _ ("%s: communication ran with no compute to hide it for %s (%s)"),
                          range, alone, alone_pc);
  if (event != NULL)
    g_string_append_printf (out, _ ("; most of the work is “%s”"), shown);
  g_string_append (out, ".");
  add_operation (f, event);
}

/* Overlap where the phase has compute to hide the communication under (a
 * tenth of it at least, 16.3); else cheaper communication. */
static char *
communication_action (StDiagnosisJob *job, const StPhase *p)
{
  g_autofree char *compute = NULL, *alone = NULL;

  if (p->compute_ns * 10 >= p->communication_ns)
    return g_strdup (st_advice_overlap (job->terms, p->top_collective));
  compute = st_format_duration (p->compute_ns);
  alone = st_format_duration (p->communication_ns);
  return g_strdup_printf (_ ("There is too little compute here to hide it under (%s, against %s "
                             "of communication alone): make the communication cheaper — fewer, "
                             "larger collectives, in a lower precision — and look at the ranks: "
                             "a collective lasts until the slowest rank arrives."),
                          compute, alone);
}

static void
capture_text (StDiagnosisJob *job, const StPhase *p, GString *out)
{
  g_autofree char *range = span_text (p->start, p->end);
  guint            n, captured;

  st_captures_count_launches (job->captures, &n, &captured);
  g_string_append_printf (out,
                          _ ("%s: %u of the range's %u launches were recorded into a graph and "
                             "ran nothing; the device's idle time here is the capture's, not the "
                             "workload's."),
                          range, captured, n);
}

static void
warm_up_text (StDiagnosisJob *job, const StPhase *p, GString *out, StFinding *f)
{
  g_autofree char *range = span_text (p->start, p->end);
  g_autofree char *idle = st_format_duration (p->idle_ns[ST_IDLE_WARM_UP]);
  g_autofree char *idle_pc = percent (p->idle_ns[ST_IDLE_WARM_UP], p->end - p->start);
  const char      *op = name_of (job, p->host_op);
  g_autofree char *shown = short_name (op);
  const StWarmUp  *w = NULL;

  for (guint i = 0; op != NULL && job->warm_ups != NULL && i < job->warm_ups->len; i++)
    {
      const StWarmUp *o = &g_array_index (job->warm_ups, StWarmUp, i);

      if (o->name == p->host_op && o->start < p->gap_end && p->gap_start < o->end)
        w = o;
    }
  if (w != NULL)
    {
      g_autofree char *first = st_format_duration (w->end - w->start);
      g_autofree char *median = st_format_duration (w->median);

      g_string_append_printf (out,
                              _ ("%s: the device waited %s (%s) while the host ran the first "
                                 "“%s”, which took %s, %.0f× the median of its %u later calls "
                                 "(%s)."),
                              range, idle, idle_pc, shown, first,
                              (double)(w->end - w->start) / MAX (w->median, 1), w->later, median);
      add_operation (f, op);
    }
  else
    g_string_append_printf (out,
                            _ ("%s: the device waited %s (%s) while the host was inside "
                               "operations' first, slow calls."),
                            range, idle, idle_pc);
}

static void
idle_text (const StPhase *p, GString *out)
{
  g_autofree char *range = span_text (p->start, p->end);
  g_autofree char *idle = st_format_duration (p->idle_ns[ST_IDLE_UNEXPLAINED]);

  if (p->in_graph)
    g_string_append_printf (out,
                            _ ("%s: the device idled %s inside a graph's replay: the work that "
                               "ended its longest gap was a graph's, queued before the gap, and "
                               "its nodes waited on the graph's own dependencies, which the "
                               "profile does not record."),
                            range, idle);
  else
    g_string_append_printf (out,
                            _ ("%s: the device idled %s with nothing recorded that says why (work "
                               "queued behind a dependency the profile does not record, or no "
                               "work)."),
                            range, idle);
}

/* The finding of @p, the phase of its kind with the most at stake. */
static StFinding *
phase_finding (StDiagnosisJob *job, const StPhase *p, gint64 at_stake)
{
  StFinding          *f = st_finding_new (finding_kind (p->kind), phase_ids[p->kind], at_stake);
  g_autoptr (GString) text = g_string_new (NULL);

  f->title = st_phase_kind_get_title (p->kind);
  prefix_device (job, text, p, p->kind);
  switch (p->kind)
    {
    case ST_PHASE_DEVICE_BOUND:
      device_bound_text (job, p, text, f);
      f->action = device_bound_action (job, p);
      break;
    case ST_PHASE_HOST_BOUND:
      host_bound_text (job, p, text, f);
      f->action = host_bound_action (job, p);
      break;
    case ST_PHASE_SYNC_WAIT:
      sync_wait_text (job, p, text, f);
      f->action = g_strdup (st_advice_get (ST_ADVICE_SYNC_WAIT, job->terms));
      break;
    case ST_PHASE_COMMUNICATION_BOUND:
      communication_text (job, p, text, f);
      f->action = communication_action (job, p);
      break;
    case ST_PHASE_GRAPH_CAPTURE:
      capture_text (job, p, text);
      f->action = g_strdup (_ ("Profile the graph's replay, after the capture, to see the "
                               "workload."));
      break;
    case ST_PHASE_WARM_UP:
      warm_up_text (job, p, text, f);
      f->action = g_strdup (st_advice_get (ST_ADVICE_WARM_UP, job->terms));
      break;
    default:
      idle_text (p, text);
      if (p->in_graph)
        f->action = g_strdup (_ ("Look at what the graph's nodes wait for: a node that waits on "
                                 "another stream's work (a collective, a copy) holds the replay; "
                                 "issue that work earlier, or let the nodes after it run "
                                 "alongside it."));
      break;
    }
  f->text = g_string_free (g_steal_pointer (&text), FALSE);
  /* the place is the phase, not one of its gaps */
  f->start_ns = p->start;
  f->end_ns = p->end;
  return f;
}

/* The text of a finding drawn from several phases says so, since its time
 * at stake is theirs together and not the one phase it describes. */
static void
add_all_phases (StFinding *f, guint count, gint64 at_stake)
{
  g_autofree char *stake = st_format_duration (at_stake);
  g_autofree char *text = g_strdup_printf (
      ngettext ("%s That is the largest of %u phase of its kind; together they hold %s "
                "(a mean over the devices).",
                "%s That is the largest of %u phases of its kind; together they hold %s "
                "(a mean over the devices).",
                count),
      f->text, count, stake);

  g_free (f->text);
  f->text = g_steal_pointer (&text);
}

/* 16.3: one finding per phase kind, its time at stake the mean over the
 * devices, its text that of the phase with the most at stake. */
void
st_findings_from_phases (StDiagnosisJob *job, GArray *phases, GPtrArray *findings)
{
  guint n_devices = MAX (1, st_diagnosis_n_devices (job));

  for (guint kind = 0; kind < ST_N_PHASE_KINDS; kind++)
    {
      gint64         total = 0, best = 0;
      guint          count = 0;
      const StPhase *top = NULL;

      for (guint i = 0; i < phases->len; i++)
        {
          const StPhase *p = &g_array_index (phases, StPhase, i);
          gint64         stake = phase_stake (p);

          if (p->kind != kind)
            continue;
          total += stake;
          count += stake > 0;
          if (top == NULL || stake > best)
            {
              best = stake;
              top = p;
            }
        }
      if (top != NULL && total > 0)
        {
          StFinding *f = phase_finding (job, top, total / n_devices);

          if (count > 1)
            add_all_phases (f, count, total / n_devices);
          g_ptr_array_add (findings, f);
        }
    }
}

/* --- the order ---------------------------------------------------------------- */

static gboolean
is_waiting (const StPhase *p)
{
  return p->kind == ST_PHASE_SYNC_WAIT || p->kind == ST_PHASE_IDLE;
}

/* Adds the time of each kind in the active part of the device whose
 * phases are @p[0 … n): its span without a leading and a trailing wait,
 * or the whole span when that leaves less than a fifth of it. */
static void
add_active (const StPhase *p, guint n, gint64 *time)
{
  guint first = 0, last = n;

  while (first < n && is_waiting (&p[first]))
    first++;
  while (last > first && is_waiting (&p[last - 1]))
    last--;
  if (first == last || 5.0 * (p[last - 1].end - p[first].start) < p[n - 1].end - p[0].start)
    {
      first = 0;
      last = n;
    }
  for (guint i = first; i < last; i++)
    time[p[i].kind] += p[i].end - p[i].start;
}

/* 16.3 rule 1: the phase kind holding the most time in the devices'
 * active parts; graph capture when capture windows hold half the
 * launches; no device work when the devices worked in less than a fifth
 * of the range. A finding's kind: the phases' kinds are the first ones. */
static gint
bound_kind (StDiagnosisJob *job, GArray *phases)
{
  const StPhase *p = (const StPhase *)(void *)phases->data;
  gint64         time[ST_N_PHASE_KINDS] = { 0 }, best = 0;
  gint           kind = -1;
  guint          n, captured;

  st_captures_count_launches (job->captures, &n, &captured);
  if (captured > 0 && 2 * captured >= n)
    return ST_PHASE_GRAPH_CAPTURE;
  if (phases->len > 0 && 5.0 * st_diagnosis_mean_span (job) < st_time_span (job->start, job->end))
    return ST_FINDING_NO_DEVICE_WORK;
  /* the phases come device by device */
  for (guint i = 0, from = 0; i <= phases->len; i++)
    if (i == phases->len || p[i].device != p[from].device)
      {
        if (i > from)
          add_active (p + from, i - from, time);
        from = i;
      }
  for (guint k = 0; k < ST_N_PHASE_KINDS; k++)
    if (time[k] > best)
      {
        best = time[k];
        kind = finding_kind (k);
      }
  return kind;
}

/* 0: a time at stake worth showing; 1: a rule of the Neuron table, which
 * has none; 2: too little at stake to show. */
static guint
tier (const StFinding *f, gint64 floor_ns)
{
  if (f->kind == ST_FINDING_RULE)
    return 1;
  return f->time_at_stake_ns >= floor_ns ? 0 : 2;
}

static gint
by_stake (gconstpointer a, gconstpointer b, gpointer data)
{
  const StFinding *x = *(StFinding *const *)a, *y = *(StFinding *const *)b;
  gint64           floor_ns = *(const gint64 *)data;
  guint            tx = tier (x, floor_ns), ty = tier (y, floor_ns);

  if (tx != ty)
    return tx < ty ? -1 : 1;
  if (x->time_at_stake_ns != y->time_at_stake_ns)
    return x->time_at_stake_ns > y->time_at_stake_ns ? -1 : 1;
  return (gint)x->kind - (gint)y->kind;
}

gint64
st_findings_shown_floor (StDiagnosisJob *job)
{
  return MAX (1000, st_time_span (job->start, job->end) / 100);
}

guint
st_findings_rank (StDiagnosisJob *job, GArray *phases, GPtrArray *findings)
{
  gint       bound = bound_kind (job, phases);
  gint64     floor_ns = st_findings_shown_floor (job);
  guint      shown = 0, at;
  StFinding *first = NULL;

  /* the bound's finding is the first of its kind as made: the phases'
   * come first, before the operations' warm-ups of the same kind */
  for (guint i = 0; bound >= 0 && first == NULL && i < findings->len; i++)
    if ((gint)((StFinding *)g_ptr_array_index (findings, i))->kind == bound)
      first = g_ptr_array_index (findings, i);
  /* stable: the rules keep the table's order */
  g_ptr_array_sort_with_data (findings, by_stake, &floor_ns);
  if (first != NULL && g_ptr_array_find (findings, first, &at) && at > 0)
    {
      g_ptr_array_steal_index (findings, at);
      g_ptr_array_insert (findings, 0, first);
    }
  for (guint i = 0; i < findings->len && shown < 4; i++)
    if (i == 0 || tier (g_ptr_array_index (findings, i), floor_ns) < 2)
      shown++;
    else
      break;
  return shown;
}
