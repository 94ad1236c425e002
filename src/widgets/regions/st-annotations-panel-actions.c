/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-annotations-panel-private.h"
#include "st-format.h"

#include <glib/gi18n.h>

static StRegion *
selected_region (StAnnotationsPanel *self)
{
  return self->session != NULL ? st_session_get_selected_region (self->session) : NULL;
}

/* The highlighter and its configuration files. */

static void
highlight_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_highlight (user_data);
}

static void
cancel_highlight_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_cancel_highlight (user_data);
}

static void
load_config_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_choose_config_to_load (user_data);
}

static void
load_config_uri_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  _st_annotations_panel_load_config (user_data, file);
}

static void
save_config_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_choose_config_to_save (user_data);
}

/* Editing the regions. */

/* "Region N", N the first number no region has. */
static char *
new_region_name (StAnnotationsPanel *self)
{
  StRegionArray *regions = st_region_set_get_array (_st_annotations_panel_get_regions (self));
  guint          n = st_region_array_get_length (regions);

  for (guint k = n + 1;; k++)
    {
      /* Translators: the name of a region added by hand; %u is a number */
      g_autofree char *name = g_strdup_printf (_ ("Region %u"), k - n);
      gboolean         taken = FALSE;

      /* a numbered name ends in ")", so only an unnumbered one can be it */
      for (guint i = 0; i < n && !taken; i++)
        taken = st_region_array_get_number (regions, i) == 0
                && g_str_equal (st_region_array_get_base_name (regions, i), name);
      if (!taken)
        return g_steal_pointer (&name);
    }
}

static void
add_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel  *self = user_data;
  g_autoptr (StRegion) region = NULL;
  g_autofree char     *name = NULL;
  gint64               start, end;
  gboolean             timing;

  if (!_st_annotations_panel_get_addable (self, &start, &end, &timing))
    return;
  name = new_region_name (self);
  region = st_region_new (name, start, end, ST_REGION_MANUAL);
  st_region_set_add (_st_annotations_panel_get_regions (self), region);
  st_session_set_selected_region (self->session, region);
}

static void
delete_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel  *self = user_data;
  StRegionSet         *regions = _st_annotations_panel_get_regions (self);
  StRegion            *region = selected_region (self);
  guint                position = region != NULL ? st_region_set_find (regions, region) : G_MAXUINT;
  guint                n;
  g_autoptr (StRegion) next = NULL;

  if (position == G_MAXUINT)
    return;
  st_region_set_remove (regions, position);
  /* the next one is selected, so Delete Delete removes two */
  n = st_region_set_get_n_regions (regions);
  if (n == 0)
    return;
  next = g_list_model_get_item (G_LIST_MODEL (regions), MIN (position, n - 1));
  st_session_set_selected_region (self->session, next);
}

static void
rename_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;
  StRegionSet        *regions = _st_annotations_panel_get_regions (self);
  guint               position;
  g_autofree char    *name = NULL;

  g_variant_get (parameter, "(us)", &position, &name);
  g_strstrip (name);
  if (regions == NULL || position >= st_region_set_get_n_regions (regions) || *name == '\0')
    return;
  st_region_set_rename (regions, position, name);
}

static void
edit_name_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (selected_region (self) != NULL)
    st_region_list_start_editing (self->list, selected_region (self));
}

static void
zoom_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (selected_region (self) != NULL)
    st_session_zoom_to_region (self->session, selected_region (self));
}

/* [ and ]: the region before or after the selected one, in time order. */
static void
step_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel  *self = user_data;
  StRegionSet         *regions = _st_annotations_panel_get_regions (self);
  gboolean             forward = g_str_equal (g_action_get_name (G_ACTION (action)), "next");
  guint                n = regions != NULL ? st_region_set_get_n_regions (regions) : 0;
  StRegion            *current = selected_region (self);
  g_autoptr (StRegion) next = NULL;
  guint                at;

  if (n == 0)
    return;
  if (current == NULL)
    at = forward ? 0 : n - 1;
  else
    {
      at = st_region_set_find (regions, current);
      if ((forward && at + 1 >= n) || (!forward && at == 0))
        return;
      at = forward ? at + 1 : at - 1;
    }
  next = g_list_model_get_item (G_LIST_MODEL (regions), at);
  st_session_set_selected_region (self->session, next);
  st_session_reveal_region (self->session, next);
}

static void
toggle_compare_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (selected_region (self) != NULL)
    st_session_toggle_compare (self->session, selected_region (self));
}

/* Undo and redo: the status says what is there now, not what a run of
 * the highlighter found before. */
static void
undo_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StRegionSet     *regions = _st_annotations_panel_get_regions (user_data);
  gboolean         undo = g_str_equal (g_action_get_name (G_ACTION (action)), "undo");
  guint            n;
  g_autofree char *count = NULL, *status = NULL;

  if (!(undo ? st_region_set_undo (regions) : st_region_set_redo (regions)))
    return;
  n = st_region_set_get_n_regions (regions);
  count = st_format_count (n);
  /* Translators: %s is the number of regions there are after an undo */
  status = undo
               ? g_strdup_printf (ngettext ("Undone: %s region now.", "Undone: %s regions now.", n),
                                  count)
               /* Translators: %s is the number of regions there are after a redo */
               : g_strdup_printf (ngettext ("Redone: %s region now.", "Redone: %s regions now.", n),
                                  count);
  _st_annotations_panel_dismiss_error (user_data);
  _st_annotations_panel_set_status (user_data, status);
}

/* Region files. */

static void
save_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_save_regions (user_data);
}

static void
save_as_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_choose_regions_to_save (user_data);
}

static void
load_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  _st_annotations_panel_choose_regions_to_load (user_data);
}

/* The "regions" actions, on the panel (the timeline page adds them again,
 * for its keys). */
void
_st_annotations_panel_init_actions (StAnnotationsPanel *self)
{
  const GActionEntry entries[] = {
    { "highlight", highlight_action },
    { "cancel-highlight", cancel_highlight_action },
    { "load-config", load_config_action },
    { "load-config-uri", load_config_uri_action, "s" },
    { "save-config", save_config_action },
    { "add", add_action },
    { "delete", delete_action },
    { "rename", rename_action, "(us)" },
    { "edit-name", edit_name_action },
    { "zoom", zoom_action },
    { "previous", step_action },
    { "next", step_action },
    { "toggle-compare", toggle_compare_action },
    { "undo", undo_action },
    { "redo", undo_action },
    { "save", save_action },
    { "save-as", save_as_action },
    { "load", load_action },
  };

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries),
                                   self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", G_ACTION_GROUP (self->actions));
}
