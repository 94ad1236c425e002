/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-chrome-importer.h"
#include "st-neuron-importer.h"
#include "st-neuron-parquet.h"
#include "st-parquet.h"
#include "st-rocprof-importer.h"
#include "st-nsys-importer.h"
#include "st-source.h"
#include "st-trace-builder.h"
#include "st-trace-error.h"
#include "st-trace-loader.h"
#include "st-xplane-importer.h"

#include <glib/gi18n-lib.h>

#define SNIFF_BYTES 4096
/* The top-level keys of a Neuron or rocprofv3 profile are looked for this far. */
#define FORMAT_SNIFF_BYTES (256 * 1024)
/* Share of the progress bar for reading; building the tracks takes the rest. */
#define READ_SHARE 0.85

struct _StTraceLoader
{
  GObject parent_instance;

  GFile        *file;
  char         *display_name;
  guint         n_threads;
  GMainContext *context;
  double        fraction; /* atomic via the lock below */
  StLoadStage   stage;
  GMutex        lock;
  gint          notify_pending;
};

G_DEFINE_FINAL_TYPE (StTraceLoader, st_trace_loader, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_DISPLAY_NAME,
  PROP_FRACTION,
  PROP_STAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_trace_loader_finalize (GObject *object)
{
  StTraceLoader *self = ST_TRACE_LOADER (object);

  g_clear_object (&self->file);
  g_free (self->display_name);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (st_trace_loader_parent_class)->finalize (object);
}

static void
st_trace_loader_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StTraceLoader *self = ST_TRACE_LOADER (object);

  switch (prop_id)
    {
    case PROP_FILE: g_value_set_object (value, self->file); break;
    case PROP_DISPLAY_NAME:
      g_value_set_string (value, st_trace_loader_get_display_name (self));
      break;
    case PROP_FRACTION: g_value_set_double (value, st_trace_loader_get_fraction (self)); break;
    case PROP_STAGE: g_value_set_int (value, st_trace_loader_get_stage (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_trace_loader_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  StTraceLoader *self = ST_TRACE_LOADER (object);

  switch (prop_id)
    {
    case PROP_FILE: self->file = g_value_dup_object (value); break;
    case PROP_DISPLAY_NAME:
      st_trace_loader_set_display_name (self, g_value_get_string (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_trace_loader_class_init (StTraceLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_trace_loader_finalize;
  object_class->get_property = st_trace_loader_get_property;
  object_class->set_property = st_trace_loader_set_property;

  properties[PROP_FILE]
      = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DISPLAY_NAME]
      = g_param_spec_string ("display-name", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION]
      = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STAGE] = g_param_spec_int (
      "stage", NULL, NULL, ST_LOAD_STAGE_OPENING, ST_LOAD_STAGE_DONE, ST_LOAD_STAGE_OPENING,
      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_trace_loader_init (StTraceLoader *self)
{
  g_mutex_init (&self->lock);
  self->n_threads = g_get_num_processors ();
  self->context = g_main_context_ref_thread_default ();
}

StTraceLoader *
st_trace_loader_new (GFile *file)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  return g_object_new (ST_TYPE_TRACE_LOADER, "file", file, NULL);
}

GFile *
st_trace_loader_get_file (StTraceLoader *self)
{
  g_return_val_if_fail (ST_IS_TRACE_LOADER (self), NULL);
  return self->file;
}

/* How errors and the window name the file: by default its parse name. */
const char *
st_trace_loader_get_display_name (StTraceLoader *self)
{
  g_return_val_if_fail (ST_IS_TRACE_LOADER (self), NULL);
  if (self->display_name == NULL)
    self->display_name = g_file_get_parse_name (self->file);
  return self->display_name;
}

void
st_trace_loader_set_display_name (StTraceLoader *self, const char *display_name)
{
  g_return_if_fail (ST_IS_TRACE_LOADER (self));
  if (g_strcmp0 (self->display_name, display_name) == 0)
    return;
  g_free (self->display_name);
  self->display_name = g_strdup (display_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
}

void
st_trace_loader_set_n_threads (StTraceLoader *self, guint n_threads)
{
  g_return_if_fail (ST_IS_TRACE_LOADER (self));
  self->n_threads = MAX (1, n_threads);
}

double
st_trace_loader_get_fraction (StTraceLoader *self)
{
  double f;

  g_mutex_lock (&self->lock);
  f = self->fraction;
  g_mutex_unlock (&self->lock);
  return f;
}

StLoadStage
st_trace_loader_get_stage (StTraceLoader *self)
{
  StLoadStage stage;

  g_mutex_lock (&self->lock);
  stage = self->stage;
  g_mutex_unlock (&self->lock);
  return stage;
}

static gboolean
notify_progress (gpointer data)
{
  StTraceLoader *self = data;

  g_atomic_int_set (&self->notify_pending, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STAGE]);
  return G_SOURCE_REMOVE;
}

/* Called from the loading thread; the notifications happen on the context
 * the loader was made in, at most one pending at a time. */
static void
set_progress (StTraceLoader *self, StLoadStage stage, double fraction)
{
  g_mutex_lock (&self->lock);
  self->stage = stage;
  self->fraction = CLAMP (fraction, 0.0, 1.0);
  g_mutex_unlock (&self->lock);
  if (g_atomic_int_compare_and_exchange (&self->notify_pending, 0, 1))
    g_main_context_invoke_full (self->context, G_PRIORITY_DEFAULT, notify_progress,
                                g_object_ref (self), g_object_unref);
}

static void
on_read_progress (double fraction, gpointer data)
{
  set_progress (data, ST_LOAD_STAGE_READING, fraction * READ_SHARE);
}

static void
on_build_progress (double fraction, gpointer data)
{
  set_progress (data, ST_LOAD_STAGE_BUILDING, READ_SHARE + fraction * (1.0 - READ_SHARE));
}

static const struct
{
  const char *magic;
  gsize       len;
  const char *what;
} binary_kinds[] = {
  { "\x89PNG", 4, N_ ("a PNG image") },
  { "\xff\xd8\xff", 3, N_ ("a JPEG image") },
  { "GIF8", 4, N_ ("a GIF image") },
  { "%PDF", 4, N_ ("a PDF document") },
  { "PK\x03\x04", 4, N_ ("a ZIP archive: extract the trace from it and open that") },
  { "\x28\xb5\x2f\xfd", 4, N_ ("compressed with zstd: decompress it first (unzstd)") },
  { "\xfd"
    "7zXZ",
    5, N_ ("compressed with xz: decompress it first (unxz)") },
  { "BZh", 3, N_ ("compressed with bzip2: decompress it first (bunzip2)") },
  { "\x7f"
    "ELF",
    4, N_ ("a program (an ELF binary)") },
  { "SQLite format 3", 15, N_ ("an SQLite database") },
};

/* Refuses a file of a known binary kind, told by its magic bytes. */
static gboolean
refuse_binary (const guchar *d, gsize n, const char *name, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (binary_kinds); i++)
    if (n >= binary_kinds[i].len && memcmp (d, binary_kinds[i].magic, binary_kinds[i].len) == 0)
      {
        g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_BINARY,
                     _ ("%s: this is %s, not a trace."), name, _ (binary_kinds[i].what));
        return FALSE;
      }
  return TRUE;
}

static gboolean
sniff_binary (const guchar *d, gsize n, const char *name, GError **error)
{
  gsize    controls = 0;
  gboolean ascii = FALSE;

  if (!refuse_binary (d, n, name, error))
    return FALSE;
  /* UTF-16 or UTF-32 text: a byte order mark, or a zero byte next to the
   * ASCII of "[" or "{" (zeros alone are binary, not text). */
  for (gsize i = 0; i < MIN (n, 4); i++)
    if (d[i] >= 0x20 && d[i] < 0x7f)
      ascii = TRUE;
  if (n >= 2
      && ((d[0] == 0xff && d[1] == 0xfe) || (d[0] == 0xfe && d[1] == 0xff)
          || ((d[0] == 0 || d[1] == 0) && ascii)))
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_ENCODING,
                   _ ("%s: this text is UTF-16 or UTF-32; Strata reads UTF-8 JSON. Convert it "
                      "first, for example with iconv -f UTF-16 -t UTF-8."),
                   name);
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    if (d[i] == 0 || (d[i] < 0x20 && d[i] != '\t' && d[i] != '\n' && d[i] != '\r'))
      controls++;
  if (memchr (d, 0, n) != NULL || controls * 10 > n)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_BINARY,
                   _ ("%s: this is binary data, not a JSON trace."), name);
      return FALSE;
    }
  return TRUE;
}

/* The formats: XProf's by its first bytes, the JSON ones by their first
 * top-level keys. */
typedef enum
{
  FORMAT_CHROME,
  FORMAT_NEURON,
  FORMAT_XPLANE,
  FORMAT_ROCPROF,
  FORMAT_NSYS,
} Format;

/* An XProf XSpace is told by its first bytes, before they are taken for
 * binary data; FALSE with @error for one saved as text. */
static gboolean
sniff_xplane (const guchar *d, gsize n, const char *name, Format *format, GError **error)
{
  switch (st_xplane_sniff ((const char *)d, n))
    {
    case ST_XPLANE_SNIFF_YES: *format = FORMAT_XPLANE; return TRUE;
    case ST_XPLANE_SNIFF_DAMAGED:
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX,
                   _ ("%s: this is a damaged protobuf (an XProf xplane.pb saved as text: U+FFFD "
                      "characters replace its bytes); open the original file."),
                   name);
      return FALSE;
    case ST_XPLANE_SNIFF_NO:
    default: return TRUE;
    }
}

/* Checks that the text starts like JSON, or that the file is an XSpace or
 * an SQLite database (@format: FORMAT_NSYS for any SQLite database, an
 * Nsight Systems export perhaps); *start is after a UTF-8 BOM. */
static gboolean
sniff (StSource *source, gsize *start, Format *format, GCancellable *cancellable, GError **error)
{
  const char   *name = st_source_get_display_name (source);
  gboolean      complete = FALSE;
  const guchar *d;
  gsize         n, i;

  do
    n = st_source_wait (source, SNIFF_BYTES - 1, &complete);
  while (n < SNIFF_BYTES && !complete && !g_cancellable_is_cancelled (cancellable));
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (n == 0)
    {
      if (!st_source_finish (source, error))
        return FALSE;
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_EMPTY,
                   _ ("%s: the file holds no data (it inflates to 0 bytes)."), name);
      return FALSE;
    }
  d = (const guchar *)st_source_get_data (source);
  n = MIN (n, SNIFF_BYTES);
  if (st_nsys_sniff ((const char *)d, n))
    {
      *format = FORMAT_NSYS;
      return TRUE;
    }
  *start = n >= 3 && memcmp (d, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  if (!sniff_xplane (d, n, name, format, error) || *format == FORMAT_XPLANE)
    return *format == FORMAT_XPLANE;
  if (!sniff_binary (d + *start, n - *start, name, error))
    return FALSE;
  for (i = *start; i < n && g_ascii_isspace (d[i]); i++)
    ;
  if (i < n && d[i] != '{' && d[i] != '[')
    {
      guint64          line = 1, column = 1;
      g_autofree char *l = NULL, *c = NULL;

      for (gsize k = 0; k < i; k++)
        line += d[k] == '\n', column = d[k] == '\n' ? 1 : column + 1;
      l = g_strdup_printf ("%" G_GUINT64_FORMAT, line);
      c = g_strdup_printf ("%" G_GUINT64_FORMAT, column);
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_JSON,
                   _ ("%s: line %s, column %s: this is not JSON: expected “{” or “[”, found “%c”."),
                   name, l, c, g_ascii_isprint (d[i]) ? d[i] : '?');
      return FALSE;
    }
  if (i == n && complete)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_EMPTY,
                   _ ("%s: the file holds only white space."), name);
      return FALSE;
    }
  return TRUE;
}

static const char *const format_names[] = {
  [FORMAT_CHROME] = "chrome-json",   [FORMAT_NEURON] = "neuron-json", [FORMAT_XPLANE] = "xplane",
  [FORMAT_ROCPROF] = "rocprof-json", [FORMAT_NSYS] = "nsys-sqlite",
};

static const char *
basename_of (const char *name)
{
  const char *slash = strrchr (name, '/');
  return slash ? slash + 1 : name;
}

/* A Neuron device profile or a rocprofv3 profile; anything else goes to
 * the Chrome importer, which explains what it cannot read. */
static Format
sniff_format (StSource *source, gsize start, GCancellable *cancellable)
{
  gboolean    complete = FALSE;
  const char *data;
  gsize       n;

  do
    n = st_source_wait (source, FORMAT_SNIFF_BYTES - 1, &complete);
  while (n < FORMAT_SNIFF_BYTES && !complete && !g_cancellable_is_cancelled (cancellable));
  n = MIN (n, FORMAT_SNIFF_BYTES);
  if (n <= start)
    return FORMAT_CHROME;
  data = st_source_get_data (source) + start;
  if (st_rocprof_sniff (data, n - start))
    return FORMAT_ROCPROF;
  return st_neuron_sniff (data, n - start) ? FORMAT_NEURON : FORMAT_CHROME;
}

/* What the loader found the file to be, and what reads it. */
typedef struct
{
  Format          format;
  gsize           start;
  StNsysDatabase *nsys;
} Found;

static gboolean
read_source (StTraceLoader  *self,
             StTraceBuilder *builder,
             StSource       *source,
             const Found    *found,
             GCancellable   *cancellable,
             GError        **error)
{
  g_autoptr (GError) spool_error = NULL;
  g_autoptr (GError) import_error = NULL;
  gboolean           ok;

  if (found->format == FORMAT_NSYS)
    ok = st_nsys_import (builder, found->nsys, self->n_threads, cancellable, on_read_progress, self,
                         &import_error);
  else if (found->format == FORMAT_XPLANE)
    ok = st_xplane_import (builder, source, cancellable, on_read_progress, self, &import_error);
  else if (found->format == FORMAT_NEURON)
    ok = st_neuron_import (builder, source, found->start, cancellable, on_read_progress, self,
                           &import_error);
  else if (found->format == FORMAT_ROCPROF)
    ok = st_rocprof_import (builder, source, found->start, self->n_threads, cancellable,
                            on_read_progress, self, &import_error);
  else
    ok = st_chrome_import (builder, source, found->start, self->n_threads, cancellable,
                           on_read_progress, self, &import_error);
  /* What an importer says about text that turned to zeros under it is
   * beside the point (unless the load was cancelled anyway). */
  if (!g_error_matches (import_error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      && !st_source_check_shrunk (source, error))
    return FALSE;
  if (!ok)
    {
      g_propagate_error (error, g_steal_pointer (&import_error));
      return FALSE; /* unref stops the spool; no need to inflate the rest */
    }
  if (!st_source_finish (source, &spool_error))
    {
      g_propagate_error (error, g_steal_pointer (&spool_error));
      return FALSE;
    }
  if (g_str_has_suffix (basename_of (st_source_get_display_name (source)),
                        "_chrome_tracing_report.json"))
    st_trace_builder_set_flavor (builder, "stack-tracing");
  return TRUE;
}

/* A Neuron Explorer profile: the Parquet tables of @folder, named
 * @display_name. */
static StTrace *
load_parquet (StTraceLoader *self,
              GFile         *folder,
              const char    *display_name,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr (StNeuronParquet) profile = NULL;
  StTraceBuilder             *builder;
  StTrace                    *trace = NULL;
  gint64                      t0, t1;

  profile = st_neuron_parquet_open (folder, display_name, cancellable, error);
  if (profile == NULL)
    return NULL;
  builder = st_trace_builder_new (st_neuron_parquet_get_source (profile), "neuron-parquet");
  set_progress (self, ST_LOAD_STAGE_READING, 0.0);
  t0 = g_get_monotonic_time ();
  if (st_neuron_parquet_import (profile, builder, cancellable, on_read_progress, self, error))
    {
      t1 = g_get_monotonic_time ();
      set_progress (self, ST_LOAD_STAGE_BUILDING, READ_SHARE);
      trace = st_trace_builder_finish (builder, cancellable, on_build_progress, self, error);
      g_debug ("%s: read %.1f ms, built %.1f ms", display_name, (t1 - t0) / 1000.0,
               (g_get_monotonic_time () - t1) / 1000.0);
    }
  st_trace_builder_free (builder);
  if (trace != NULL)
    set_progress (self, ST_LOAD_STAGE_DONE, 1.0);
  return trace;
}

/* The name of @folder, which holds the file named @name (the file is
 * @levels folders below it): the name without its last @levels parts, or
 * the folder's own name when @name has none to take off. */
static char *
folder_name (GFile *folder, const char *name, guint levels)
{
  g_autofree char *dir = g_strdup (name);

  for (guint i = 0; i < levels; i++)
    {
      char *up = g_path_get_dirname (dir);

      g_free (dir);
      dir = up;
      if (g_str_equal (dir, "."))
        return g_file_get_basename (folder);
    }
  return g_steal_pointer (&dir);
}

/* A file that starts like Parquet: the table of a Neuron Explorer profile,
 * whose folder is opened; any other Parquet file is refused. */
static StTrace *
load_parquet_file (StTraceLoader *self, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFile) folder = st_neuron_parquet_find_folder (self->file, cancellable);
  g_autoptr (GFile) parent = g_file_get_parent (self->file);
  g_autofree char  *name = NULL;

  if (folder == NULL)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: this is a Parquet file, but its folder is not a Neuron Explorer "
                      "profile (Strata reads Parquet as the tables of one: Instruction.parquet, "
                      "Summary.parquet…)."),
                   st_trace_loader_get_display_name (self));
      return NULL;
    }
  name = folder_name (folder, st_trace_loader_get_display_name (self),
                      parent != NULL && g_file_equal (folder, parent) ? 1 : 2);
  return load_parquet (self, folder, name, cancellable, error);
}

static gboolean
is_folder (GFile *file, GCancellable *cancellable)
{
  return g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, cancellable)
         == G_FILE_TYPE_DIRECTORY;
}

/* Whatever the first bytes said was wrong, unless the file shrank under
 * them or came out of a damaged gzip stream, which says more. */
static void
report_sniff_error (StSource *source, GError *local_error, GError **error)
{
  gboolean cancelled = g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  if (!cancelled && !st_source_check_shrunk (source, error))
    return;
  if (st_source_get_corruption (source) != NULL && !cancelled)
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_COMPRESSED,
                 _ ("%s: the gzip data is corrupt (%s)."), st_source_get_display_name (source),
                 st_source_get_corruption (source));
  else
    g_propagate_error (error, g_error_copy (local_error));
}

/* An SQLite database: an Nsight Systems export, or no trace at all. */
static gboolean
find_nsys (StSource *source, Found *found, GCancellable *cancellable, GError **error)
{
  const char *name = st_source_get_display_name (source);

  found->nsys = st_nsys_database_open (source, cancellable, error);
  if (found->nsys == NULL)
    return FALSE;
  if (!st_nsys_database_is_export (found->nsys))
    return refuse_binary ((const guchar *)st_source_get_data (source), st_source_get_size (source),
                          name, error);
  return TRUE;
}

/* Loads the trace on the calling thread. */
StTrace *
st_trace_loader_load (StTraceLoader *self, GCancellable *cancellable, GError **error)
{
  g_autoptr (StSource) source = NULL;
  StTraceBuilder      *builder;
  g_autoptr (GError)   local_error = NULL;
  StTrace             *trace = NULL;
  Found                found = { FORMAT_CHROME, 0, NULL };
  gboolean             complete = FALSE;
  gint64               t0, t1;

  g_return_val_if_fail (ST_IS_TRACE_LOADER (self), NULL);

  set_progress (self, ST_LOAD_STAGE_OPENING, 0.0);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  /* A folder is a profile only when it is Neuron Explorer's; any other
   * keeps the source's sentence. */
  if (is_folder (self->file, cancellable) && st_neuron_parquet_is_profile (self->file, cancellable))
    return load_parquet (self, self->file, st_trace_loader_get_display_name (self), cancellable,
                         error);
  source = st_source_open (self->file, st_trace_loader_get_display_name (self), cancellable, error);
  if (source == NULL)
    return NULL;
  if (st_parquet_has_magic (st_source_get_data (source), st_source_wait (source, 3, &complete)))
    {
      g_clear_pointer (&source, st_source_unref);
      return load_parquet_file (self, cancellable, error);
    }
  if (!sniff (source, &found.start, &found.format, cancellable, &local_error)
      || (found.format == FORMAT_NSYS && !find_nsys (source, &found, cancellable, &local_error)))
    {
      g_clear_pointer (&found.nsys, st_nsys_database_free);
      report_sniff_error (source, local_error, error);
      return NULL;
    }
  if (found.format == FORMAT_CHROME)
    found.format = sniff_format (source, found.start, cancellable);
  builder = st_trace_builder_new (source, format_names[found.format]);
  set_progress (self, ST_LOAD_STAGE_READING, 0.0);
  t0 = g_get_monotonic_time ();
  if (read_source (self, builder, source, &found, cancellable, error))
    {
      /* SQLite's pages and statements are of no more use to the build */
      g_clear_pointer (&found.nsys, st_nsys_database_free);
      t1 = g_get_monotonic_time ();
      set_progress (self, ST_LOAD_STAGE_BUILDING, READ_SHARE);
      trace = st_trace_builder_finish (builder, cancellable, on_build_progress, self, error);
      g_debug ("%s: read %.1f ms, built %.1f ms", st_trace_loader_get_display_name (self),
               (t1 - t0) / 1000.0, (g_get_monotonic_time () - t1) / 1000.0);
    }
  g_clear_pointer (&found.nsys, st_nsys_database_free);
  st_trace_builder_free (builder);
  if (trace != NULL)
    set_progress (self, ST_LOAD_STAGE_DONE, 1.0);
  return trace;
}

static void
load_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError  *error = NULL;
  StTrace *trace = st_trace_loader_load (source_object, cancellable, &error);

  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, g_object_unref);
}

/* Loads on a thread; progress is notified (the "fraction" and "stage"
 * properties) on the thread-default main context of the caller. */
void
st_trace_loader_load_async (StTraceLoader      *self,
                            GCancellable       *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (ST_IS_TRACE_LOADER (self));

  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, st_trace_loader_load_async);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, load_thread);
}

StTrace *
st_trace_loader_load_finish (StTraceLoader *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Loads @file on the calling thread with default settings. */
StTrace *
st_trace_load_file (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  return st_trace_loader_load (loader, cancellable, error);
}
