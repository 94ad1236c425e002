/* The baseline's timeline over the current one (docs/metrics.md 8.10):
 * shown with Ctrl+Shift+B or the Baseline button while a baseline is open,
 * each under a header naming its profile and file, the two zoomed and
 * panned together by the baseline (st-baseline.h). The baseline's header
 * chooses the step whose start lines up in both.
 *
 * Each timeline keeps its own selection and find. The details pane and the
 * find bar follow the timeline last focused (a click or Tab into it), whose
 * header is marked: a person who clicks an event of the baseline wants to
 * read its duration and args, and one who presses / there wants to find in
 * it; a details pane kept on the current profile would show nothing for
 * that click. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-baseline.h"
#include "st-format.h"
#include "st-timeline-page-private.h"

#include <glib/gi18n.h>

static StBaseline *
page_baseline (StTimelinePage *self)
{
  return self->session != NULL ? st_session_get_baseline (self->session) : NULL;
}

guint
st_timeline_page_active_index (StTimelinePage *self)
{
  return self->active != NULL && self->active != self->session ? 1 : 0;
}

static void
mark_active (StTimelinePage *self)
{
  gboolean base = st_timeline_page_active_index (self) == 1;

  if (base)
    {
      gtk_widget_add_css_class (self->baseline_header, "active");
      gtk_widget_remove_css_class (self->current_header, "active");
    }
  else
    {
      gtk_widget_add_css_class (self->current_header, "active");
      gtk_widget_remove_css_class (self->baseline_header, "active");
    }
}

/* The details, the distribution and find follow @session's timeline. A find open in the
 * bar does not run there at once (its first result would take the place
 * of the event just clicked): Enter in the bar runs it. */
static void
set_active (StTimelinePage *self, StSession *session)
{
  if (self->active == session)
    return;
  g_set_object (&self->active, session);
  st_details_pane_set_session (self->details, session);
  st_distribution_pane_set_session (self->distribution, session);
  g_signal_group_set_target (self->find_signals, session);
  mark_active (self);
  st_timeline_page_update_count (self);
}

static void
on_view_focus (GtkEventControllerFocus *controller, StTimelinePage *self)
{
  StTimelineView *view
      = ST_TIMELINE_VIEW (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));

  if (st_timeline_view_get_session (view) != NULL)
    set_active (self, st_timeline_view_get_session (view));
}

/* The two timelines share the height until a person moves the split;
 * before the page has a height, at its first allocation. */
static void
split_in_half (StTimelinePage *self)
{
  gboolean set;
  int      height = gtk_widget_get_height (GTK_WIDGET (self->timelines_paned));

  g_object_get (self->timelines_paned, "position-set", &set, NULL);
  if (!set && self->baseline_shown && height > 0)
    gtk_paned_set_position (self->timelines_paned, height / 2);
}

static void
update_shown (StTimelinePage *self)
{
  StBaseline *base = page_baseline (self);
  gboolean    shown = base != NULL && st_baseline_get_shown (base);

  gtk_widget_set_visible (self->baseline_box, shown);
  gtk_widget_set_visible (self->current_header, shown);
  if (!shown)
    {
      if (gtk_widget_has_focus (GTK_WIDGET (self->baseline_view)))
        gtk_widget_grab_focus (GTK_WIDGET (self->view));
      set_active (self, self->session);
    }
  if (shown == self->baseline_shown)
    return;
  self->baseline_shown = shown;
  split_in_half (self);
  g_object_notify (G_OBJECT (self), "show-baseline");
}

/* "base.json" and its folder; "new.json" (as the profile names itself). */
static void
update_headers (StTimelinePage *self, StBaseline *base)
{
  GFile            *file = base != NULL ? st_baseline_get_file (base) : NULL;
  g_autoptr (GFile) parent = file != NULL ? g_file_get_parent (file) : NULL;
  g_autofree char  *name = file != NULL ? g_file_get_basename (file) : NULL;
  g_autofree char  *folder = parent != NULL ? g_file_get_parse_name (parent) : NULL;
  g_autofree char  *path = file != NULL ? g_file_get_parse_name (file) : NULL;

  if (name == NULL && base != NULL)
    name = g_strdup (
        st_trace_get_display_name (st_session_get_trace (st_baseline_get_session (base))));
  gtk_label_set_label (self->baseline_name_label, name ? name : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->baseline_name_label), path);
  gtk_label_set_label (self->baseline_folder_label, folder ? folder : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->baseline_folder_label), folder);
  gtk_label_set_label (
      self->current_name_label,
      self->session ? st_trace_get_display_name (st_session_get_trace (self->session)) : "");
}

/* The step lined up, and by how much the baseline is shifted. */
static void
show_step (StTimelinePage *self)
{
  StBaseline      *base = page_baseline (self);
  gint             step = base != NULL ? st_baseline_get_step (base) : -1;
  g_autofree char *shift = NULL, *tooltip = NULL;

  self->filling_steps = TRUE;
  gtk_drop_down_set_selected (self->step_dropdown,
                              step >= 0 ? (guint)step : GTK_INVALID_LIST_POSITION);
  self->filling_steps = FALSE;
  if (base == NULL)
    return;
  shift = st_format_duration (st_baseline_get_offset (base));
  /* Translators: how far the baseline's times are moved to line up */
  tooltip = g_strdup_printf (_ ("The baseline’s times are shifted by %s"), shift);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->align_label), tooltip);
}

/* "Step 1" … for every step both profiles have. */
static void
fill_steps (StTimelinePage *self)
{
  StBaseline           *base = page_baseline (self);
  guint                 n = base != NULL ? st_baseline_get_n_steps (base) : 0;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    /* Translators: a step of both profiles, counted from 1 in time order */
    g_ptr_array_add (names, g_strdup_printf (_ ("Step %u"), i + 1));
  g_ptr_array_add (names, NULL);
  self->filling_steps = TRUE;
  gtk_string_list_splice (self->steps, 0, g_list_model_get_n_items (G_LIST_MODEL (self->steps)),
                          (const char *const *)names->pdata);
  self->filling_steps = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->step_dropdown), n > 0);
  gtk_label_set_label (self->align_label,
                       n > 0 ? _ ("Lined up at") : _ ("Lined up at the profiles’ starts"));
  show_step (self);
}

/* A step chosen: both timelines go to it, its starts lined up. */
static void
on_step_selected (StTimelinePage *self)
{
  StBaseline *base = page_baseline (self);
  guint       selected = gtk_drop_down_get_selected (self->step_dropdown);

  if (self->filling_steps || base == NULL || selected == GTK_INVALID_LIST_POSITION
      || selected >= st_baseline_get_n_steps (base))
    return;
  st_baseline_show_step (base, selected);
}

void
st_timeline_page_update_baseline (StTimelinePage *self)
{
  StBaseline *base = page_baseline (self);

  g_signal_group_set_target (self->baseline_signals, base);
  st_timeline_view_set_session (self->baseline_view,
                                base != NULL ? st_baseline_get_session (base) : NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.show-baseline", base != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->baseline_button), base != NULL);
  g_clear_pointer (&self->found_for[1], g_free);
  update_headers (self, base);
  fill_steps (self);
  update_shown (self);
  if (self->active == NULL || !self->baseline_shown)
    set_active (self, self->session);
  mark_active (self);
}

gboolean
st_timeline_page_get_show_baseline (StTimelinePage *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_PAGE (self), FALSE);
  return self->baseline_shown;
}

/* Shows or hides the baseline's timeline; without a baseline, nothing. */
void
st_timeline_page_set_show_baseline (StTimelinePage *self, gboolean show)
{
  StBaseline *base;

  g_return_if_fail (ST_IS_TIMELINE_PAGE (self));
  base = page_baseline (self);
  if (base != NULL)
    st_baseline_set_shown (base, show);
}

void
st_timeline_page_class_init_baseline (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_button);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, timelines_paned);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_box);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_header);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_name_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_folder_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, align_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, step_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_view);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_hscrollbar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, current_header);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, current_name_label);
  gtk_widget_class_install_property_action (widget_class, "page.show-baseline", "show-baseline");
}

static void
follow_focus (StTimelinePage *self, StTimelineView *view)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (focus, "enter", G_CALLBACK (on_view_focus), self);
  gtk_widget_add_controller (GTK_WIDGET (view), focus);
}

void
st_timeline_page_init_baseline (StTimelinePage *self)
{
  self->find_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->find_signals, "notify::find-current",
                                 G_CALLBACK (st_timeline_page_update_count), self,
                                 G_CONNECT_SWAPPED);
  self->baseline_signals = g_signal_group_new (ST_TYPE_BASELINE);
  g_signal_group_connect_object (self->baseline_signals, "notify::shown", G_CALLBACK (update_shown),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->baseline_signals, "notify::n-steps", G_CALLBACK (fill_steps),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->baseline_signals, "notify::step", G_CALLBACK (show_step),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->baseline_signals, "notify::offset", G_CALLBACK (show_step),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::baseline",
                                 G_CALLBACK (st_timeline_page_update_baseline), self,
                                 G_CONNECT_SWAPPED);
  self->steps = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->step_dropdown, G_LIST_MODEL (self->steps));
  g_signal_connect_swapped (self->step_dropdown, "notify::selected", G_CALLBACK (on_step_selected),
                            self);
  g_signal_connect_swapped (self->timelines_paned, "notify::max-position",
                            G_CALLBACK (split_in_half), self);
  gtk_scrollbar_set_adjustment (self->baseline_vscrollbar,
                                st_timeline_view_get_vadjustment (self->baseline_view));
  gtk_scrollbar_set_adjustment (self->baseline_hscrollbar,
                                st_timeline_view_get_hadjustment (self->baseline_view));
  follow_focus (self, self->view);
  follow_focus (self, self->baseline_view);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.show-baseline", FALSE);
}

void
st_timeline_page_dispose_baseline (StTimelinePage *self)
{
  if (self->find_signals != NULL)
    g_signal_group_set_target (self->find_signals, NULL);
  if (self->baseline_signals != NULL)
    g_signal_group_set_target (self->baseline_signals, NULL);
  g_clear_object (&self->find_signals);
  g_clear_object (&self->baseline_signals);
  g_clear_object (&self->steps);
}
