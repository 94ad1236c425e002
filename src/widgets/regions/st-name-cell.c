/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-name-cell.h"

struct _StNameCell
{
  GtkWidget parent_instance;

  GtkWidget *stack;
  GtkWidget *label;
  GtkWidget *entry;
  gboolean   editing;
  GObject   *item;
};

enum
{
  PROP_0,
  PROP_TEXT,
  PROP_ITEM,
  N_PROPS
};

enum
{
  COMMITTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StNameCell, st_name_cell, GTK_TYPE_WIDGET)

void
st_name_cell_stop_editing (StNameCell *self, gboolean commit)
{
  g_autofree char *text = NULL;

  g_return_if_fail (ST_IS_NAME_CELL (self));
  if (!self->editing)
    return;
  self->editing = FALSE;
  text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  gtk_stack_set_visible_child (GTK_STACK (self->stack), self->label);
  gtk_widget_set_focusable (self->entry, FALSE);
  if (commit)
    g_signal_emit (self, signals[COMMITTED], 0, text);
}

static void
on_activate (GtkEntry *entry, StNameCell *self)
{
  st_name_cell_stop_editing (self, TRUE);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                StNameCell            *self)
{
  if (keyval != GDK_KEY_Escape || !self->editing)
    return FALSE;
  st_name_cell_stop_editing (self, FALSE);
  return TRUE;
}

/* Clicking elsewhere keeps what was typed, as GtkEditableLabel does. */
static void
on_focus_leave (GtkEventControllerFocus *controller, StNameCell *self)
{
  st_name_cell_stop_editing (self, TRUE);
}

GtkWidget *
st_name_cell_new (void)
{
  return g_object_new (ST_TYPE_NAME_CELL, NULL);
}

/* The name shown; while editing, the entry keeps what is being typed. */
void
st_name_cell_set_text (StNameCell *self, const char *text)
{
  g_return_if_fail (ST_IS_NAME_CELL (self));
  if (g_strcmp0 (text, gtk_label_get_text (GTK_LABEL (self->label))) == 0)
    return;
  gtk_label_set_text (GTK_LABEL (self->label), text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

const char *
st_name_cell_get_text (StNameCell *self)
{
  g_return_val_if_fail (ST_IS_NAME_CELL (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->label));
}

gboolean
st_name_cell_get_editing (StNameCell *self)
{
  g_return_val_if_fail (ST_IS_NAME_CELL (self), FALSE);
  return self->editing;
}

/* What the cell names (in a list, the list item's item), so that a list
 * can find the cell of one of its items. */
void
st_name_cell_set_item (StNameCell *self, GObject *item)
{
  g_return_if_fail (ST_IS_NAME_CELL (self));
  g_return_if_fail (item == NULL || G_IS_OBJECT (item));
  if (g_set_object (&self->item, item))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

GObject *
st_name_cell_get_item (StNameCell *self)
{
  g_return_val_if_fail (ST_IS_NAME_CELL (self), NULL);
  return self->item;
}

void
st_name_cell_start_editing (StNameCell *self)
{
  g_return_if_fail (ST_IS_NAME_CELL (self));
  if (self->editing)
    return;
  self->editing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), gtk_label_get_text (GTK_LABEL (self->label)));
  gtk_widget_set_focusable (self->entry, TRUE);
  gtk_stack_set_visible_child (GTK_STACK (self->stack), self->entry);
  gtk_widget_grab_focus (self->entry);
  gtk_editable_select_region (GTK_EDITABLE (self->entry), 0, -1);
}

static void
st_name_cell_dispose (GObject *object)
{
  StNameCell *self = ST_NAME_CELL (object);

  self->editing = FALSE;
  g_clear_pointer (&self->stack, gtk_widget_unparent);
  g_clear_object (&self->item);
  G_OBJECT_CLASS (st_name_cell_parent_class)->dispose (object);
}

static void
st_name_cell_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StNameCell *self = ST_NAME_CELL (object);

  switch (prop_id)
    {
    case PROP_TEXT: g_value_set_string (value, st_name_cell_get_text (self)); break;
    case PROP_ITEM: g_value_set_object (value, self->item); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_name_cell_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StNameCell *self = ST_NAME_CELL (object);

  switch (prop_id)
    {
    case PROP_TEXT: st_name_cell_set_text (self, g_value_get_string (value)); break;
    case PROP_ITEM: st_name_cell_set_item (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_name_cell_class_init (StNameCellClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_name_cell_dispose;
  object_class->get_property = st_name_cell_get_property;
  object_class->set_property = st_name_cell_set_property;

  properties[PROP_TEXT]
      = g_param_spec_string ("text", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ITEM]
      = g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[COMMITTED] = g_signal_new ("committed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "namecell");
}

static void
st_name_cell_init (StNameCell *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->stack = gtk_stack_new ();
  self->label = gtk_label_new (NULL);
  self->entry = gtk_entry_new ();
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (self->label), 8);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 8);
  gtk_widget_set_focusable (self->entry, FALSE);
  gtk_stack_add_child (GTK_STACK (self->stack), self->label);
  gtk_stack_add_child (GTK_STACK (self->stack), self->entry);
  gtk_stack_set_hhomogeneous (GTK_STACK (self->stack), FALSE);
  gtk_stack_set_vhomogeneous (GTK_STACK (self->stack), FALSE);
  gtk_stack_set_interpolate_size (GTK_STACK (self->stack), FALSE);
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  g_signal_connect (self->entry, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (self->entry, key);
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (self->entry, focus);
}
