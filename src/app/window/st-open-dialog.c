/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-open-dialog.h"

#include "st-profile-loader.h"

#include <glib/gi18n.h>

/* Who asked, and what to tell them. */
typedef struct
{
  StProfilesChosen profiles_chosen;
  StBaselineChosen baseline_chosen;
  gpointer         user_data;
} Request;

static void
on_profiles_response (GtkNativeDialog *dialog, int response, Request *request)
{
  g_autoptr (GListModel) chosen = NULL;
  g_autoptr (GPtrArray)  files = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      const char *as_one = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "as-one");
      StAlignment alignment = ST_ALIGN_CLOCK;

      st_alignment_from_string (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "align"),
                                &alignment);
      chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
      request->profiles_chosen ((GFile **)files->pdata, MIN (files->len, ST_MAX_FILES),
                                g_strcmp0 (as_one, "true") == 0, alignment, request->user_data);
    }
  g_free (request);
  g_object_unref (dialog);
}

static void
on_baseline_response (GtkNativeDialog *dialog, int response, Request *request)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    request->baseline_chosen (file, request->user_data);
  g_free (request);
  g_object_unref (dialog);
}

/* A filter by MIME type (the types of data/io.github.strata.Strata.mime.xml.in,
 * where they are installed) and by name: suffixes without case, or glob
 * patterns. */
static GtkFileFilter *
add_filter (GtkFileChooser    *chooser,
            const char        *name,
            const char *const *mime_types,
            const char *const *suffixes,
            const char *const *patterns)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; mime_types && mime_types[i] != NULL; i++)
    gtk_file_filter_add_mime_type (filter, mime_types[i]);
  for (guint i = 0; suffixes && suffixes[i] != NULL; i++)
    gtk_file_filter_add_suffix (filter, suffixes[i]);
  for (guint i = 0; patterns && patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
  return filter;
}

static void
add_filters (GtkFileChooser *chooser)
{
  const char *const profile_types[] = { "application/x-chrome-trace+json",
                                        "application/x-chrome-trace-compressed",
                                        "application/x-stack-tracing-report+json",
                                        "application/x-neuron-profile+json",
                                        "application/x-rocprofv3+json",
                                        "application/vnd.sqlite3",
                                        "application/vnd.apache.parquet",
                                        "application/x-strata-digest",
                                        NULL };
  const char *const chrome_types[]
      = { "application/x-chrome-trace+json", "application/x-stack-tracing-report+json", NULL };
  const char *const gzip_types[]
      = { "application/x-chrome-trace-compressed", "application/gzip", NULL };
  const char *const neuron_types[] = { "application/x-neuron-profile+json", NULL };
  const char *const rocprof_types[] = { "application/x-rocprofv3+json", NULL };
  const char *const parquet_types[] = { "application/vnd.apache.parquet", NULL };
  const char *const report_types[] = { "application/x-stack-tracing-report+json", NULL };
  const char *const sqlite_types[] = { "application/vnd.sqlite3", NULL };
  const char *const digest_types[] = { "application/x-strata-digest", NULL };
  const char *const profile_suffixes[] = { "json", "gz", "pb", "sqlite", "parquet", "stdg", NULL };
  const char *const stdg[] = { "stdg", NULL };
  const char *const json[] = { "json", NULL };
  const char *const gz[] = { "gz", NULL };
  const char *const parquet[] = { "parquet", NULL };
  const char *const sqlite[] = { "sqlite", NULL };
  const char *const xplane[] = { "*.xplane.pb", "*.xplane.pb.gz", NULL };
  const char *const report[] = { "*_chrome_tracing_report.json", NULL };
  const char *const all[] = { "*", NULL };
  GtkFileFilter    *profiles;

  profiles = add_filter (chooser, _ ("All profiles"), profile_types, profile_suffixes, NULL);
  add_filter (chooser, _ ("Chrome and PyTorch/Kineto traces (JSON)"), chrome_types, json, NULL);
  add_filter (chooser, _ ("Compressed traces (gzip)"), gzip_types, gz, NULL);
  add_filter (chooser, _ ("XProf profiles (xplane.pb)"), NULL, NULL, xplane);
  add_filter (chooser, _ ("Neuron device profiles (JSON)"), neuron_types, json, NULL);
  /* a table of the folder opens the folder */
  add_filter (chooser, _ ("Neuron Explorer profiles (a Parquet table of the folder)"),
              parquet_types, parquet, NULL);
  add_filter (chooser, _ ("rocprofv3 profiles (JSON)"), rocprof_types, json, NULL);
  add_filter (chooser, _ ("Nsight Systems exports (SQLite)"), sqlite_types, sqlite, NULL);
  add_filter (chooser, _ ("Stack Tracing reports"), report_types, NULL, report);
  /* a fleet: a rank's digest each (Open Folder opens a folder of them) */
  add_filter (chooser, _ ("Rank digests of a fleet (.stdg)"), digest_types, stdg, NULL);
  add_filter (chooser, _ ("All files"), NULL, NULL, all);
  gtk_file_chooser_set_filter (chooser, profiles);
}

/* Several profiles, one per rank or device, can be one profile. */
static void
add_choices (GtkFileChooser *chooser)
{
  const char *align_ids[] = { "clock", "collective", NULL };
  const char *align_labels[] = { _ ("Each file’s clock"), _ ("Their first collective"), NULL };

  gtk_file_chooser_set_select_multiple (chooser, TRUE);
  gtk_file_chooser_add_choice (chooser, "as-one", _ ("Open the files as one profile (ranks)"), NULL,
                               NULL);
  gtk_file_chooser_set_choice (chooser, "as-one", "false");
  gtk_file_chooser_add_choice (chooser, "align", _ ("Align the ranks on"), align_ids, align_labels);
  gtk_file_chooser_set_choice (chooser, "align", "clock");
}

static void
choose_profiles (GtkWindow           *parent,
                 const char          *title,
                 GtkFileChooserAction action,
                 StProfilesChosen     callback,
                 gpointer             user_data)
{
  GtkFileChooserNative *chooser;
  Request              *request = g_new0 (Request, 1);

  request->profiles_chosen = callback;
  request->user_data = user_data;
  chooser = gtk_file_chooser_native_new (title, parent, action, _ ("_Open"), _ ("_Cancel"));
  add_choices (GTK_FILE_CHOOSER (chooser));
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    add_filters (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (on_profiles_response), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
st_open_dialog_choose_profiles (GtkWindow *parent, StProfilesChosen callback, gpointer user_data)
{
  choose_profiles (parent, _ ("Open Profiles"), GTK_FILE_CHOOSER_ACTION_OPEN, callback, user_data);
}

/* A profile that is a folder: Neuron Explorer's Parquet tables. */
void
st_open_dialog_choose_folders (GtkWindow *parent, StProfilesChosen callback, gpointer user_data)
{
  choose_profiles (parent, _ ("Open Profile Folders"), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                   callback, user_data);
}

/* One file: a profile of several files is not a baseline yet. */
void
st_open_dialog_choose_baseline (GtkWindow *parent, StBaselineChosen callback, gpointer user_data)
{
  GtkFileChooserNative *chooser;
  Request              *request = g_new0 (Request, 1);

  request->baseline_chosen = callback;
  request->user_data = user_data;
  chooser
      = gtk_file_chooser_native_new (_ ("Compare with a Baseline Profile"), parent,
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("C_ompare"), _ ("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (on_baseline_response), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
