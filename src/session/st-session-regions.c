/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The regions of a session: the set, the region selected and the picks
 * for comparison (see st-session.h). */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-session-private.h"
#include "st-time.h"

StRegionSet *
st_session_get_regions (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->regions;
}

StRegion *
st_session_get_selected_region (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->selected_region;
}

/* Selects @region (one of the set's, or NULL for none). */
void
st_session_set_selected_region (StSession *self, StRegion *region)
{
  g_return_if_fail (ST_IS_SESSION (self));
  g_return_if_fail (region == NULL || st_region_set_find (self->regions, region) != G_MAXUINT);

  if (g_set_object (&self->selected_region, region))
    st_session_notify_selected_region (self);
}

/* Shows @region whole, with a little room either side. */
void
st_session_zoom_to_region (StSession *self, StRegion *region)
{
  gint64 start = st_region_get_start (region), end = st_region_get_end (region);
  gint64 margin = MAX (st_time_span (start, end) / 20, MIN_SPAN);

  st_session_set_range (self, st_time_sub_sat (start, margin), st_time_add_sat (end, margin));
}

/* Brings @region into view: the view moves to centre it, and zooms out
 * only when the region is wider than most of the view. */
void
st_session_reveal_region (StSession *self, StRegion *region)
{
  gint64 start = st_region_get_start (region), end = st_region_get_end (region);
  gint64 span = self->end - self->start;

  if (start >= self->start && end <= self->end)
    return;
  if (st_time_span (start, end) > span * 8 / 10)
    {
      st_session_zoom_to_region (self, region);
      return;
    }
  start = st_time_sub_sat (st_time_add_sat (start, st_time_span (start, end) / 2), span / 2);
  st_session_set_range (self, start, st_time_add_sat (start, span));
}

/* The regions picked for comparison, oldest first (at most
 * ST_SESSION_MAX_COMPARE). */
GPtrArray *
st_session_get_compare_regions (StSession *self)
{
  g_return_val_if_fail (ST_IS_SESSION (self), NULL);
  return self->compare;
}

/* 0, 1 or 2 when @region is picked (in the order of picking), else -1. */
gint
st_session_get_compare_index (StSession *self, StRegion *region)
{
  guint index;

  g_return_val_if_fail (ST_IS_SESSION (self), -1);
  return g_ptr_array_find (self->compare, region, &index) ? (gint)index : -1;
}

/* Picks @region for comparison, or drops it when it is picked; a fourth
 * pick drops the oldest. */
void
st_session_toggle_compare (StSession *self, StRegion *region)
{
  g_return_if_fail (ST_IS_SESSION (self));
  g_return_if_fail (ST_IS_REGION (region));

  if (!g_ptr_array_remove (self->compare, region))
    {
      g_ptr_array_add (self->compare, g_object_ref (region));
      if (self->compare->len > ST_SESSION_MAX_COMPARE)
        g_ptr_array_remove_index (self->compare, 0);
    }
  st_session_notify_compare (self);
}

/* A region that leaves the set is no longer selected or picked. */
void
st_session_on_regions_changed (GListModel *model,
                               guint       position,
                               guint       removed,
                               guint       added,
                               StSession  *self)
{
  gboolean dropped = FALSE;

  if (removed == 0)
    return;
  if (self->selected_region != NULL
      && st_region_set_find (self->regions, self->selected_region) == G_MAXUINT)
    st_session_set_selected_region (self, NULL);
  for (guint i = self->compare->len; i-- > 0;)
    if (st_region_set_find (self->regions, g_ptr_array_index (self->compare, i)) == G_MAXUINT)
      {
        g_ptr_array_remove_index (self->compare, i);
        dropped = TRUE;
      }
  if (dropped)
    st_session_notify_compare (self);
}
