/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-highlighter-form.h"

#include <glib/gi18n.h>
#include <math.h>

#define N_TYPES 8

struct _StHighlighterForm
{
  GtkWidget parent_instance;

  GtkDropDown    *method_dropdown;
  GtkLabel       *method_description;
  GtkStack       *method_stack;
  GtkEntry       *tracks_entry;
  GtkEntry       *names_entry;
  GtkMenuButton  *types_button;
  GtkSpinButton  *gap_spin;
  GtkCheckButton *bursts_check;
  GtkCheckButton *edges_check;
  GtkCheckButton *named_check;
  GtkEntry       *scope_entry;
  GtkCheckButton *depth_check;
  GtkSpinButton  *depth_spin;
  GtkDropDown    *project_dropdown;
  GtkEntry       *frame_entry;
  GtkSpinButton  *merge_spin;
  GtkSpinButton  *min_duration_spin;
  GtkCheckButton *type_checks[N_TYPES];
};

G_DEFINE_FINAL_TYPE (StHighlighterForm, st_highlighter_form, GTK_TYPE_WIDGET)

/* The dropdown's rows, in order. */
static const StRegionMethod methods[]
    = { ST_REGION_COLLECTIVES, ST_REGION_HIERARCHY, ST_REGION_STACK };
static const char *pages[] = { "collectives", "hierarchy", "stack" };

/* The type check buttons of the .ui, in the order of type_checks. */
static const struct
{
  StCollectiveType type;
  const char      *id;
} types[N_TYPES] = {
  { ST_COLLECTIVE_ALLREDUCE, "allreduce_check" },
  { ST_COLLECTIVE_ALLGATHER, "allgather_check" },
  { ST_COLLECTIVE_REDUCESCATTER, "reducescatter_check" },
  { ST_COLLECTIVE_ALLTOALL, "alltoall_check" },
  { ST_COLLECTIVE_BROADCAST, "broadcast_check" },
  { ST_COLLECTIVE_SENDRECV, "sendrecv_check" },
  { ST_COLLECTIVE_BARRIER, "barrier_check" },
  { ST_COLLECTIVE_OTHER, "other_check" },
};

static const char *
describe (StRegionMethod method)
{
  switch (method)
    {
    case ST_REGION_COLLECTIVES:
      return _ ("A region between each two collectives or bursts of them: communication "
                "kernels, else c10d ops and nccl: annotations.");
    case ST_REGION_HIERARCHY:
      return _ ("A region per scope: layers, ProfilerStep#N, nn.Module, nested slices.");
    case ST_REGION_STACK: return _ ("A region per group of kernels launched from one stack frame.");
    default: return "";
    }
}

StRegionMethod
st_highlighter_form_get_method (StHighlighterForm *self)
{
  guint i = gtk_drop_down_get_selected (self->method_dropdown);

  g_return_val_if_fail (ST_IS_HIGHLIGHTER_FORM (self), ST_REGION_COLLECTIVES);
  return methods[MIN (i, G_N_ELEMENTS (methods) - 1)];
}

void
st_highlighter_form_set_method (StHighlighterForm *self, StRegionMethod method)
{
  g_return_if_fail (ST_IS_HIGHLIGHTER_FORM (self));
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (methods[i] == method)
      gtk_drop_down_set_selected (self->method_dropdown, i);
}

static void
on_method_changed (StHighlighterForm *self)
{
  guint i = MIN (gtk_drop_down_get_selected (self->method_dropdown), G_N_ELEMENTS (pages) - 1);

  gtk_stack_set_visible_child_name (self->method_stack, pages[i]);
  gtk_label_set_text (self->method_description, describe (methods[i]));
}

static char *
text_or_null (GtkEntry *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  return *text != '\0' ? g_steal_pointer (&text) : NULL;
}

static void
set_text (GtkEntry *entry, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
}

/* Spin buttons show microseconds; configurations hold nanoseconds. */
static gint64
get_ns (GtkSpinButton *spin)
{
  return (gint64)round (gtk_spin_button_get_value (spin) * 1000);
}

static void
set_ns (GtkSpinButton *spin, gint64 ns)
{
  gtk_spin_button_set_value (spin, ns / 1000.0);
}

/* A new configuration from what the form shows. */
StHighlighterConfig *
st_highlighter_form_get_config (StHighlighterForm *self)
{
  StHighlighterConfig *config;
  guint                mask = 0;

  g_return_val_if_fail (ST_IS_HIGHLIGHTER_FORM (self), NULL);
  config = st_highlighter_config_new (st_highlighter_form_get_method (self));
  config->tracks = text_or_null (self->tracks_entry);
  config->min_duration_ns = get_ns (self->min_duration_spin);
  switch (config->method)
    {
    case ST_REGION_COLLECTIVES:
      config->match = text_or_null (self->names_entry);
      for (guint i = 0; i < N_TYPES; i++)
        if (gtk_check_button_get_active (self->type_checks[i]))
          mask |= types[i].type;
      /* every type is the default: no "types" key */
      config->types = mask == ST_COLLECTIVE_ALL ? 0 : mask;
      config->min_gap_ns = get_ns (self->gap_spin);
      config->bursts = gtk_check_button_get_active (self->bursts_check);
      config->include_edges = gtk_check_button_get_active (self->edges_check);
      break;
    case ST_REGION_HIERARCHY:
      if (gtk_check_button_get_active (self->depth_check))
        config->depth = gtk_spin_button_get_value_as_int (self->depth_spin);
      else
        config->match = text_or_null (self->scope_entry);
      config->project = (StProjection)gtk_drop_down_get_selected (self->project_dropdown);
      break;
    case ST_REGION_STACK:
      config->frame = text_or_null (self->frame_entry);
      config->merge_gap_ns = get_ns (self->merge_spin);
      break;
    default: g_assert_not_reached ();
    }
  return config;
}

/* Shows @config; the fields of the other methods keep what they had. */
void
st_highlighter_form_set_config (StHighlighterForm *self, const StHighlighterConfig *config)
{
  g_return_if_fail (ST_IS_HIGHLIGHTER_FORM (self));
  g_return_if_fail (config != NULL);

  st_highlighter_form_set_method (self, config->method);
  set_text (self->tracks_entry, config->tracks);
  set_ns (self->min_duration_spin, config->min_duration_ns);
  switch (config->method)
    {
    case ST_REGION_COLLECTIVES:
      set_text (self->names_entry, config->match);
      for (guint i = 0; i < N_TYPES; i++)
        gtk_check_button_set_active (self->type_checks[i],
                                     config->types == 0 || (config->types & types[i].type));
      set_ns (self->gap_spin, config->min_gap_ns);
      gtk_check_button_set_active (self->bursts_check, config->bursts);
      gtk_check_button_set_active (self->edges_check, config->include_edges);
      break;
    case ST_REGION_HIERARCHY:
      gtk_check_button_set_active (config->depth >= 0 ? self->depth_check : self->named_check,
                                   TRUE);
      if (config->depth >= 0)
        gtk_spin_button_set_value (self->depth_spin, config->depth);
      set_text (self->scope_entry, config->match);
      gtk_drop_down_set_selected (self->project_dropdown, config->project);
      break;
    case ST_REGION_STACK:
      set_text (self->frame_entry, config->frame);
      set_ns (self->merge_spin, config->merge_gap_ns);
      break;
    default: break;
    }
}

/* The types button says which are chosen: "All types", "AllReduce,
 * Broadcast", "5 types". */
static void
update_types_label (StHighlighterForm *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint               n = 0;

  for (guint i = 0; i < N_TYPES; i++)
    if (gtk_check_button_get_active (self->type_checks[i]))
      {
        if (n++ > 0)
          g_string_append (text, ", ");
        g_string_append (text, gtk_check_button_get_label (self->type_checks[i]));
      }
  if (n == N_TYPES)
    gtk_menu_button_set_label (self->types_button, _ ("All types"));
  else if (n == 0)
    gtk_menu_button_set_label (self->types_button, _ ("None: no regions"));
  else if (n <= 2)
    gtk_menu_button_set_label (self->types_button, text->str);
  else
    {
      /* Translators: how many collective types are chosen, of 8 */
      g_autofree char *label = g_strdup_printf (_ ("%u types"), n);
      gtk_menu_button_set_label (self->types_button, label);
    }
}

/* A minimum gap turns the merging of bursts off (docs/metrics.md 5.1). */
static void
on_gap_changed (StHighlighterForm *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->bursts_check),
                            gtk_spin_button_get_value (self->gap_spin) == 0);
}

static void
st_highlighter_form_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_HIGHLIGHTER_FORM);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_highlighter_form_parent_class)->dispose (object);
}

static void
st_highlighter_form_class_init (StHighlighterFormClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_highlighter_form_dispose;
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/regions/st-highlighter-form.ui");
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, method_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, method_description);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, method_stack);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, tracks_entry);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, names_entry);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, types_button);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, gap_spin);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, bursts_check);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, edges_check);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, named_check);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, scope_entry);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, depth_check);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, depth_spin);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, project_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, frame_entry);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, merge_spin);
  gtk_widget_class_bind_template_child (widget_class, StHighlighterForm, min_duration_spin);
  for (guint i = 0; i < N_TYPES; i++)
    gtk_widget_class_bind_template_child_full (widget_class, types[i].id, FALSE,
                                               G_STRUCT_OFFSET (StHighlighterForm, type_checks)
                                                   + i * sizeof (GtkCheckButton *));
  gtk_widget_class_bind_template_callback (widget_class, update_types_label);
  gtk_widget_class_bind_template_callback (widget_class, on_gap_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_highlighter_form_init (StHighlighterForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_types_label (self);
  g_signal_connect_swapped (self->method_dropdown, "notify::selected",
                            G_CALLBACK (on_method_changed), self);
  on_method_changed (self);
}

GtkWidget *
st_highlighter_form_new (void)
{
  return g_object_new (ST_TYPE_HIGHLIGHTER_FORM, NULL);
}
