#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done says so; fails the test after 20 s. */
void
st_test_wait_until (gboolean (*done) (gpointer data),
                    gpointer   data)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (20, on_timeout, &timed_out);

  while (!done (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
}

/* The first widget of @type in @root's tree, @root included, or NULL. */
GtkWidget *
st_test_find_child (GtkWidget *root,
                    GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = st_test_find_child (c, type);
      if (found)
        return found;
    }
  return NULL;
}
