/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-digest.h: what Strata keeps of one rank's trace to reduce a fleet of
 * ranks on one machine (docs/metrics.md 17.1; the file format is
 * docs/digest.md): the trace's identity and clock, what it ran on, the
 * Summary's metrics and the diagnosis's findings of the whole trace, a
 * series per step, every collective with its launch, start and end, the
 * top operations, and a strip of each device track, 512 bins of busy
 * share.
 *
 * A digest is made where the trace lives (st_digest_make), written as
 * gzip-compressed JSON (st_digest_to_bytes) and read back on the machine that
 * reduces the fleet (st_digest_read), which trusts nothing in the file. It
 * is a plain document: its fields are read directly, never changed after
 * it is made or read. No GTK; any thread.
 */
#pragma once

#include "st-environment.h"
#include "st-profile-identity.h"
#include "st-summary.h"
#include "st-trace.h"

G_BEGIN_DECLS

#define ST_DIGEST_FORMAT  "strata-digest"
#define ST_DIGEST_VERSION 1
#define ST_DIGEST_SUFFIX  ".stdg"
/* docs/digest.md: a reader refuses more; a digest is a few hundred kB. */
#define ST_DIGEST_MAX_FILE_SIZE  ((gsize)16 << 20)
#define ST_DIGEST_MAX_TEXT_SIZE  ((gsize)128 << 20)
#define ST_DIGEST_BINS           512
#define ST_DIGEST_TOP_OPERATIONS 20

#define ST_DIGEST_ERROR (st_digest_error_quark ())

typedef enum
{
  ST_DIGEST_ERROR_TOO_LARGE,  /* over the caps above */
  ST_DIGEST_ERROR_CORRUPT,    /* not gzip, or its stream cut short or damaged */
  ST_DIGEST_ERROR_NOT_DIGEST, /* not JSON, or JSON of another kind */
  ST_DIGEST_ERROR_VERSION,    /* a version this reader does not know */
  ST_DIGEST_ERROR_INVALID,    /* a member missing, of the wrong type, or out of range */
} StDigestError;

GQuark st_digest_error_quark (void);

/* The per-step series (docs/metrics.md 17.1 and 17.4), each a value per
 * step and rank in a fleet. */
typedef enum
{
  ST_STEP_TIME,        /* step_time_ns: its end − its start */
  ST_STEP_BUSY,        /* device_busy_percent */
  ST_STEP_COMPUTE,     /* compute_time_ns */
  ST_STEP_EXPOSED,     /* exposed_communication_ns */
  ST_STEP_MEMORY_PEAK, /* memory_peak_bytes */
  ST_N_STEP_METRICS
} StStepMetric;

/* "step_time_ns", "device_busy_percent", …: the keys of the file and of
 * `strata-cli fleet --json`. */
const char *st_step_metric_to_string (StStepMetric metric);
/* "Step time", "Device busy", …, translated. */
const char *st_step_metric_get_title (StStepMetric metric);
/* The unit its values are in. */
StMetricUnit st_step_metric_get_unit (StStepMetric metric);

typedef struct
{
  char        *id;
  StMetricUnit unit;
  gboolean     present; /* FALSE: "not in this profile" */
  double       value;
} StDigestMetric;

typedef struct
{
  char      *kind;  /* "host-bound", "straggler", …, or a Neuron rule's id */
  char      *title; /* or NULL */
  char      *text;
  char      *action; /* or NULL */
  gint64     time_at_stake_ns;
  gint64     start_ns;
  gint64     end_ns;
  GPtrArray *operations; /* char * */
} StDigestFinding;

typedef struct
{
  gint64 number; /* N of ProfilerStep#N */
  gint64 start_ns;
  gint64 end_ns;
  double values[ST_N_STEP_METRICS]; /* NAN where absent; ST_STEP_TIME is end − start */
} StDigestStep;

/* One merged collective of the rank (docs/metrics.md 17.1). */
typedef struct
{
  guint    types;    /* StCollectiveType bits, at least one */
  guint    sequence; /* k: its place among the rank's collectives of the same types, from 1 */
  gboolean has_launch;
  gint64   launch_ns; /* its first instance's launch call's start */
  gint64   start_ns;
  gint64   end_ns;
} StDigestCollective;

typedef struct
{
  char   *name;
  guint64 count;
  gint64  total_ns;
  gint64  self_ns;
} StDigestOperation;

typedef struct
{
  char   *label;  /* "GPU 0 / stream 7" */
  char   *device; /* "GPU 0" */
  guint8 *busy;   /* ST_DIGEST_BINS shares, 0 idle to 255 busy throughout */
} StDigestTrack;

typedef struct
{
  char          *source;   /* the digest's file as it was named when read; NULL for one made */
  char          *producer; /* "strata-cli 0.1.0" */
  char          *path;     /* the trace, absolute, on the machine that read it */
  char          *name;     /* its base name */
  guint64        size;
  char          *identity;  /* hex SHA-256 of its first and last MiB */
  char          *format;    /* "chrome-json" */
  char          *flavor;    /* "kineto", or NULL */
  gint64         origin_ns; /* the absolute time of its time 0 */
  gint64         end_ns;
  gint64         rank; /* distributedInfo.rank, -1 when unknown */
  StEnvironment *environment;
  GArray        *metrics;     /* StDigestMetric */
  GArray        *findings;    /* StDigestFinding */
  GArray        *steps;       /* StDigestStep, by start */
  GArray        *collectives; /* StDigestCollective, by start */
  GArray        *kernels;     /* StDigestOperation */
  GArray        *host_ops;    /* StDigestOperation */
  GArray        *tracks;      /* StDigestTrack */
  GPtrArray     *problems;    /* char *: parts of the trace that could not be read */
} StDigest;

/* The digest of @trace, one file opened alone, which is @file; @identity
 * is @file's (its size and the hash of its ends), or NULL to compute it
 * here: a caller may hash the file's ends while it loads the trace. NULL
 * with @error when @cancellable was cancelled or @file could not be
 * read. */
StDigest *st_digest_make (StTrace                 *trace,
                          GFile                   *file,
                          const StProfileIdentity *identity,
                          GCancellable            *cancellable,
                          GError                 **error);
/* @self as docs/digest.md says, gzip-compressed: what a digest file holds
 * (write it with st_small_file_replace, whole or not at all). */
GBytes *st_digest_to_bytes (StDigest *self);
/* Reads the digest in @file, named @display_name in errors (in
 * ST_DIGEST_ERROR, or G_IO_ERROR when it cannot be opened). */
StDigest *st_digest_read (GFile *file, const char *display_name, GError **error);
/* Reads a digest from @data, gzip-compressed, named @display_name. */
StDigest *
st_digest_read_bytes (const char *data, gsize length, const char *display_name, GError **error);
void st_digest_free (StDigest *self);

/* The digest of the metric @id, or NULL. */
const StDigestMetric *st_digest_lookup_metric (StDigest *self, const char *id);

/* The name of the digest of the trace @trace_name: without a final ".gz",
 * then a final ".json" or ".pb", plus ".stdg". */
char *st_digest_dup_name_for (const char *trace_name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StDigest, st_digest_free)

G_END_DECLS
