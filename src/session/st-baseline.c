#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-baseline.h"
#include "st-time.h"

struct _StBaseline
{
  GObject parent_instance;

  GWeakRef   current; /* the window's session owns the baseline, not the other way */
  StSession *session;
  GFile     *file;
  gint64     offset;
  gboolean   linked;
  gboolean   syncing; /* a range being copied: its echo is not copied back */
  gulong     current_handler;
};

G_DEFINE_FINAL_TYPE (StBaseline, st_baseline, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_OFFSET,
  PROP_LINKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Copies the range of @from to @to, shifted by @shift. */
static void
copy_range (StBaseline *self, StSession *from, StSession *to, gint64 shift)
{
  gint64 start, end;

  if (!self->linked || self->syncing)
    return;
  st_session_get_range (from, &start, &end);
  self->syncing = TRUE;
  st_session_set_range (to, st_time_add_sat (start, shift), st_time_add_sat (end, shift));
  self->syncing = FALSE;
}

static void
on_current_range (StSession *current, GParamSpec *pspec, StBaseline *self)
{
  copy_range (self, current, self->session, -self->offset);
}

static void
on_base_range (StSession *base, GParamSpec *pspec, StBaseline *self)
{
  g_autoptr (StSession) current = g_weak_ref_get (&self->current);

  if (current != NULL)
    copy_range (self, base, current, self->offset);
}

static void
st_baseline_dispose (GObject *object)
{
  StBaseline           *self = ST_BASELINE (object);
  g_autoptr (StSession) current = g_weak_ref_get (&self->current);

  if (current != NULL)
    g_clear_signal_handler (&self->current_handler, current);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_baseline_parent_class)->dispose (object);
}

static void
st_baseline_finalize (GObject *object)
{
  StBaseline *self = ST_BASELINE (object);

  g_weak_ref_clear (&self->current);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (st_baseline_parent_class)->finalize (object);
}

static void
st_baseline_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StBaseline *self = ST_BASELINE (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    case PROP_OFFSET: g_value_set_int64 (value, self->offset); break;
    case PROP_LINKED: g_value_set_boolean (value, self->linked); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_baseline_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StBaseline *self = ST_BASELINE (object);

  switch (prop_id)
    {
    case PROP_OFFSET: st_baseline_set_offset (self, g_value_get_int64 (value)); break;
    case PROP_LINKED: st_baseline_set_linked (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_baseline_class_init (StBaselineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags   ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamFlags   rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_baseline_dispose;
  object_class->finalize = st_baseline_finalize;
  object_class->get_property = st_baseline_get_property;
  object_class->set_property = st_baseline_set_property;

  properties[PROP_SESSION] = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION, ro);
  properties[PROP_OFFSET]
      = g_param_spec_int64 ("offset", NULL, NULL, G_MININT64, G_MAXINT64, 0, rw);
  properties[PROP_LINKED] = g_param_spec_boolean ("linked", NULL, NULL, TRUE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_baseline_init (StBaseline *self)
{
  self->linked = TRUE;
}

/* Both profiles start at 0 on their own axes, so the offset starts at 0
 * and the base view starts at the current one's range. */
StBaseline *
st_baseline_new (StSession *current, StTrace *base, GFile *file)
{
  StBaseline *self;

  g_return_val_if_fail (ST_IS_SESSION (current), NULL);
  g_return_val_if_fail (ST_IS_TRACE (base), NULL);

  self = g_object_new (ST_TYPE_BASELINE, NULL);
  g_weak_ref_init (&self->current, current);
  self->session = st_session_new (base);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->current_handler
      = g_signal_connect (current, "notify::end", G_CALLBACK (on_current_range), self);
  g_signal_connect (self->session, "notify::end", G_CALLBACK (on_base_range), self);
  on_current_range (current, NULL, self);
  return self;
}

StSession *
st_baseline_get_session (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), NULL);
  return self->session;
}

GFile *
st_baseline_get_file (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), NULL);
  return self->file;
}

gint64
st_baseline_get_offset (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), 0);
  return self->offset;
}

void
st_baseline_set_offset (StBaseline *self, gint64 offset)
{
  g_autoptr (StSession) current = NULL;

  g_return_if_fail (ST_IS_BASELINE (self));
  if (self->offset == offset)
    return;
  self->offset = offset;
  current = g_weak_ref_get (&self->current);
  if (current != NULL)
    on_current_range (current, NULL, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OFFSET]);
}

/* Lines up @base_time of the base with @current_time of the current
 * profile: a step's start with the same step's start. */
void
st_baseline_align (StBaseline *self, gint64 base_time, gint64 current_time)
{
  st_baseline_set_offset (self, st_time_sub_sat (current_time, base_time));
}

gboolean
st_baseline_get_linked (StBaseline *self)
{
  g_return_val_if_fail (ST_IS_BASELINE (self), FALSE);
  return self->linked;
}

void
st_baseline_set_linked (StBaseline *self, gboolean linked)
{
  g_autoptr (StSession) current = NULL;

  g_return_if_fail (ST_IS_BASELINE (self));
  linked = !!linked;
  if (self->linked == linked)
    return;
  self->linked = linked;
  current = g_weak_ref_get (&self->current);
  if (linked && current != NULL)
    on_current_range (current, NULL, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINKED]);
}
