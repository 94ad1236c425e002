/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli digest: the digest of each rank's trace (docs/metrics.md
 * 17.1, docs/digest.md), made where the trace lives, for `strata-cli
 * fleet` to reduce on one machine. One process reads its FILEs one after
 * the other, each on every core. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-digest.h"
#include "st-small-file.h"

#include <glib/gi18n.h>
#include <stdio.h>

#define DIGEST_HELP                                                                                \
  N_ ("Writes the digest of each FILE, one trace per rank of a job: its identity and clock, what " \
      "it ran on, the Summary's metrics and findings, a series per step (time, device busy, "      \
      "compute, exposed communication, memory peak), every collective with its launch, start and " \
      "end, the top operations and a strip of each device track, in a few hundred kB whatever "    \
      "the trace's size (docs/digest.md). Then “strata-cli fleet” reads the digests of every " \
      "rank.\n\nWhere each digest goes: without -o, beside its FILE; with one FILE, -o OUT "       \
      "names the digest, or an existing folder to write it into; with several FILEs, -o names an " \
      "existing folder. A digest is named after its trace: rank-3.pt.trace.json.gz gives "         \
      "rank-3.pt.trace.stdg. Exit status 1 when some FILE could not be read or its digest "        \
      "written (the others are still written).")

static gboolean
is_folder (const char *arg)
{
  g_autoptr (GFile) file = st_file_new_for_arg (arg);

  return g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY;
}

/* Where the digest of @input goes (docs/metrics.md 17.6). */
static char *
output_for (const char *input, const char *output)
{
  g_autoptr (GFile) file = st_file_new_for_arg (input);
  g_autofree char  *base = g_file_get_basename (file);
  g_autofree char  *name = st_digest_dup_name_for (base != NULL ? base : input);
  g_autoptr (GFile) parent = NULL;

  if (output != NULL && !is_folder (output))
    return g_strdup (output);
  if (output != NULL)
    return g_build_filename (output, name, NULL);
  parent = g_file_get_parent (file);
  if (parent == NULL)
    return g_steal_pointer (&name);
  return g_build_filename (g_file_peek_path (parent) != NULL ? g_file_peek_path (parent) : ".",
                           name, NULL);
}

static gpointer
identify_thread (gpointer file)
{
  return st_profile_identity_compute (file, NULL, NULL);
}

/* Reads @input and writes its digest to @target; 0, or 1 with the reason
 * on stderr. The file's ends are hashed for its identity while the trace
 * loads, which leaves a core idle at times. */
static int
digest_one (const char *input, const char *target)
{
  g_autoptr (GError)   error = NULL;
  g_autoptr (GFile)    file = st_file_new_for_arg (input);
  g_autoptr (GFile)    out = st_file_new_for_arg (target);
  g_autoptr (StTrace)  trace = NULL;
  g_autoptr (StDigest) digest = NULL;
  g_autoptr (GBytes)   bytes = NULL;
  g_autofree char     *size = NULL;
  const char          *data;
  gsize                length;
  GThread             *identify = g_thread_new ("strata-identity", identify_thread, file);
  /* NULL when the file could not be read: the digest tries again and says why */
  g_autoptr (StProfileIdentity) identity = NULL;

  trace = st_cli_load_trace (input, 0, &error);
  identity = g_thread_join (identify);
  if (trace == NULL)
    return st_cli_file_error (error);
  digest = st_digest_make (trace, file, identity, NULL, &error);
  if (digest == NULL)
    {
      fprintf (stderr, _ ("strata-cli: %s: %s\n"), input, error->message);
      return 1;
    }
  bytes = st_digest_to_bytes (digest);
  data = g_bytes_get_data (bytes, &length);
  if (!st_small_file_replace (out, data, length, 0666, &error))
    {
      fprintf (stderr, _ ("strata-cli: could not write “%s”: %s\n"), target, error->message);
      return 1;
    }
  size = g_format_size (length);
  printf ("%s → %s (%s)\n", input, target, size);
  return 0;
}

int
st_cli_digest (int argc, char **argv)
{
  g_autofree char   *output = NULL;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
            N_ ("The digest (one FILE), or the folder to write the digests into"), N_ ("OUT") },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new (N_ ("FILE… — the digest of each rank’s trace"));
  g_autoptr (GError)     error = NULL;
  g_autoptr (GHashTable) targets = NULL;
  guint                  n;
  int                    status = 0;

  g_set_prgname ("strata-cli digest");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _ (DIGEST_HELP));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || g_strv_length (rest) == 0)
    return st_cli_usage_error ("digest", error ? error->message : _ ("give a FILE"));
  n = g_strv_length (rest);
  if (output != NULL && output[0] == '\0')
    return st_cli_usage_error ("digest", _ ("-o takes a file or a folder, not nothing"));
  if (output != NULL && n > 1 && !is_folder (output))
    return st_cli_usage_error ("digest",
                               _ ("with several FILEs, -o names an existing folder to write "
                                  "their digests into"));
  targets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *target = output_for (rest[i], output);

      if (st_cli_check_output ("digest", target, rest) != 0)
        return 2;
      if (!g_hash_table_add (targets, g_steal_pointer (&target)))
        {
          g_autofree char *message = g_strdup_printf (
              _ ("two FILEs would write the same digest (the second is “%s”): give them "
                 "folders of their own, or digest them one at a time with -o"),
              rest[i]);
          return st_cli_usage_error ("digest", message);
        }
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *target = output_for (rest[i], output);
      int              one = digest_one (rest[i], target);

      status = MAX (status, one);
    }
  return status;
}
