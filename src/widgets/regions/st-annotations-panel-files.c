/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-annotations-panel-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

/* File choosers. */

typedef void (*ChosenFunc) (StAnnotationsPanel *self, GFile *file);

static void
on_chooser_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  StAnnotationsPanel *self = g_object_get_data (G_OBJECT (dialog), "st-panel");
  ChosenFunc          func = user_data;
  g_autoptr (GFile)   file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  func (self, file);
  g_object_unref (dialog);
  g_object_unref (self);
}

/* Asks for a JSON file; @func gets it, or NULL when the person cancelled. */
static void
choose_file (StAnnotationsPanel  *self,
             GtkFileChooserAction mode,
             const char          *title,
             const char          *accept,
             const char          *suggested_name,
             ChosenFunc           func)
{
  GtkRoot                  *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative     *chooser;
  g_autoptr (GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         mode, accept, _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (json, _ ("JSON files"));
  gtk_file_filter_add_pattern (json, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), json);
  gtk_file_filter_set_name (all, _ ("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested_name);
  g_object_set_data (G_OBJECT (chooser), "st-panel", g_object_ref (self));
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), func);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* "profile.json.gz" -> "profile-regions.json" (or -highlighter.json). */
static char *
suggest_name (StAnnotationsPanel *self, const char *suffix)
{
  const StProfileIdentity *identity
      = self->session ? st_session_get_profile_identity (self->session) : NULL;
  g_autofree char *base
      = g_strdup (identity != NULL && identity->name != NULL ? identity->name : "profile");
  const char *ends[] = { ".gz", ".json", ".trace" };

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    if (g_str_has_suffix (base, ends[i]) && strlen (base) > strlen (ends[i]))
      base[strlen (base) - strlen (ends[i])] = '\0';
  return g_strconcat (base, suffix, NULL);
}

/* Highlighter configurations. */

static void
config_used (StAnnotationsPanel *self, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  g_signal_emit_by_name (self, "config-used", uri);
}

/* Fills the form from the configuration file @file (NULL: nothing). */
void
_st_annotations_panel_load_config (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = NULL;

  if (file == NULL)
    return;
  config = st_highlighter_config_load (file, &error);
  if (config == NULL)
    {
      st_annotations_panel_show_error (self, error->message);
      return;
    }
  _st_annotations_panel_dismiss_error (self);
  st_highlighter_form_set_config (self->form, config);
  config_used (self, file);
}

static void
save_config (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = NULL;
  g_autofree char                *name = NULL;

  if (file == NULL)
    return;
  config = st_highlighter_form_get_config (self->form);
  if (self->session != NULL && !st_session_check_output (self->session, file, &error))
    {
      st_annotations_panel_show_error (self, error->message);
      return;
    }
  if (st_highlighter_config_save (config, file, &error))
    {
      config_used (self, file);
      return;
    }
  name = g_file_get_parse_name (file);
  g_prefix_error (&error, _ ("Could not save the configuration to “%s”: "), name);
  st_annotations_panel_show_error (self, error->message);
}

void
_st_annotations_panel_choose_config_to_load (StAnnotationsPanel *self)
{
  choose_file (self, GTK_FILE_CHOOSER_ACTION_OPEN, _ ("Load a Highlighter Configuration"),
               _ ("_Load"), NULL, _st_annotations_panel_load_config);
}

void
_st_annotations_panel_choose_config_to_save (StAnnotationsPanel *self)
{
  g_autofree char *name = suggest_name (self, "-highlighter.json");

  choose_file (self, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("Save the Highlighter Configuration"),
               _ ("_Save"), name, save_config);
}

/* Region files. */

/* The region file last saved or loaded (where Ctrl+S saves), or NULL. */
GFile *
st_annotations_panel_get_file (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return self->regions_file;
}

/* Saves the regions to @file, with the profile they belong to; later saves
 * (Ctrl+S) go there too. */
gboolean
st_annotations_panel_save_to (StAnnotationsPanel *self, GFile *file, GError **error)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), FALSE);
  g_return_val_if_fail (self->session != NULL, FALSE);

  if (!st_session_check_output (self->session, file, error)
      || !st_region_set_save (st_session_get_regions (self->session), file,
                              st_session_get_profile_identity (self->session), error))
    return FALSE;
  g_set_object (&self->regions_file, file);
  return TRUE;
}

static void
save_regions_to (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  gboolean           saved = FALSE;

  if (file != NULL)
    {
      saved = st_annotations_panel_save_to (self, file, &error);
      if (!saved)
        st_annotations_panel_show_error (self, error->message);
      else
        _st_annotations_panel_dismiss_error (self);
    }
  g_signal_emit_by_name (self, "save-finished", saved);
}

void
_st_annotations_panel_choose_regions_to_save (StAnnotationsPanel *self)
{
  g_autofree char *name = suggest_name (self, "-regions.json");

  choose_file (self, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("Save Regions"), _ ("_Save"), name,
               save_regions_to);
}

/* Ctrl+S: to the file of the last save or load, else to one chosen. */
void
_st_annotations_panel_save_regions (StAnnotationsPanel *self)
{
  if (self->regions_file != NULL)
    save_regions_to (self, self->regions_file);
  else
    _st_annotations_panel_choose_regions_to_save (self);
}

static void
apply_loaded (StAnnotationsPanel *self, GFile *file, StRegionArray *regions)
{
  StRegionSet *set = st_session_get_regions (self->session);

  st_region_set_replace_all (set, regions);
  /* what the list shows is what the file holds */
  st_region_set_set_modified (set, FALSE);
  g_set_object (&self->regions_file, file);
  _st_annotations_panel_dismiss_error (self);
}

typedef struct
{
  StAnnotationsPanel *panel;
  GFile              *file;
  StRegionArray      *regions;
} PendingLoad;

static void
pending_load_free (gpointer data, GClosure *closure)
{
  PendingLoad *load = data;

  g_object_unref (load->panel);
  g_object_unref (load->file);
  st_region_array_unref (load->regions);
  g_free (load);
}

static void
on_load_anyway (AdwMessageDialog *dialog, const char *response, PendingLoad *load)
{
  if (g_str_equal (response, "load") && load->panel->session != NULL)
    apply_loaded (load->panel, load->file, load->regions);
}

/* Asks whether the regions of @file, made for the profile @made_for, go in
 * place of the current ones anyway. */
static void
ask_load_anyway (StAnnotationsPanel      *self,
                 GFile                   *file,
                 const StProfileIdentity *made_for,
                 StRegionArray           *regions)
{
  const StProfileIdentity *current = st_session_get_profile_identity (self->session);
  GtkRoot                 *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char         *basename = g_file_get_basename (file);
  g_autofree char         *heading = NULL, *body = NULL;
  PendingLoad             *load;
  GtkWidget               *dialog;

  heading = g_strdup_printf (_ ("These Regions Were Made for “%s”"),
                             made_for->name != NULL ? made_for->name : _ ("another profile"));
  body = g_strdup_printf (_ ("“%s” holds regions of a different profile file than “%s”. Their "
                             "times may not line up with this one."),
                          basename, current->name != NULL ? current->name : "");
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "load",
                                    _ ("_Load Anyway"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "load",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  load = g_new0 (PendingLoad, 1);
  load->panel = g_object_ref (self);
  load->file = g_object_ref (file);
  load->regions = st_region_array_ref (regions);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_load_anyway), load, pending_load_free,
                         0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Loads the regions of @file in place of the current ones (one undoable
 * step); when the file says they were made for another profile, asks
 * first. A newer or damaged file is refused and the current regions stay. */
void
st_annotations_panel_load_from (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError)            error = NULL;
  g_autoptr (StProfileIdentity) made_for = NULL;
  g_autoptr (StRegionArray)     regions = NULL;
  const StProfileIdentity      *current;

  g_return_if_fail (ST_IS_ANNOTATIONS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));
  if (self->session == NULL)
    return;
  regions = st_region_set_read_file (file, &made_for, &error);
  if (regions == NULL)
    {
      st_annotations_panel_show_error (self, error->message);
      return;
    }
  current = st_session_get_profile_identity (self->session);
  if (made_for == NULL || current == NULL || st_profile_identity_equal (made_for, current))
    apply_loaded (self, file, regions);
  else
    ask_load_anyway (self, file, made_for, regions);
}

static void
load_regions_from (StAnnotationsPanel *self, GFile *file)
{
  if (file != NULL)
    st_annotations_panel_load_from (self, file);
}

void
_st_annotations_panel_choose_regions_to_load (StAnnotationsPanel *self)
{
  choose_file (self, GTK_FILE_CHOOSER_ACTION_OPEN, _ ("Load Regions"), _ ("_Load"), NULL,
               load_regions_from);
}
