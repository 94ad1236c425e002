/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-idle.c: the frames that do no work of the program
 * (docs/metrics.md 15.5): the waits, by their names, and the profiler's
 * own span; each node's idle time; and the order of the roots, the idle
 * ones last, so that a tree opens on the work and not on a monitor
 * thread that sleeps as long as the profile.
 *
 * Whether a frame waits depends on its name and its ancestors' only, so
 * it is a property of its top-down node: the names are read once per
 * node, not per frame.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-call-tree-private.h"
#include "st-event-class.h"
#include "st-operation-name.h"

#include <string.h>

/* A part of a name: its start and length. */
typedef struct
{
  const char *at;
  gsize       len;
} Part;

static gboolean
part_is (Part p, const char *text)
{
  return p.len == strlen (text) && memcmp (p.at, text, p.len) == 0;
}

static gboolean
part_ends_with (Part p, const char *text)
{
  gsize n = strlen (text);

  return p.len >= n && memcmp (p.at + p.len - n, text, n) == 0;
}

/* "FILE(LINE): F": the file and F; FALSE for any other name. */
static gboolean
python_frame (const char *name, Part *file, Part *function)
{
  const char *colon = strstr (name, "): ");
  const char *p = colon;

  if (colon == NULL)
    return FALSE;
  while (p > name && g_ascii_isdigit (p[-1]))
    p--;
  if (p == colon || p == name || p[-1] != '(')
    return FALSE;
  *file = (Part){ name, (gsize)(p - 1 - name) };
  *function = (Part){ colon + 3, strlen (colon + 3) };
  return TRUE;
}

/* The function of @name and what owns it (docs/metrics.md 15.5): a
 * Python frame's function and its file's base name without ".py"; a
 * built-in method and its object's type; a dotted name's last part and
 * the rest; else the name, owned by nothing. */
static void
function_of (const char *name, Part *function, Part *owner, Part *file)
{
  const char *dot;

  *owner = (Part){ name, 0 };
  *file = (Part){ name, 0 };
  if (python_frame (name, file, function))
    {
      const char *slash = g_strrstr_len (file->at, file->len, "/");
      const char *base = slash != NULL ? slash + 1 : file->at;

      *owner = (Part){ base, (gsize)(file->at + file->len - base) };
      if (part_ends_with (*owner, ".py"))
        owner->len -= 3;
      return;
    }
  if (g_str_has_prefix (name, "<built-in method ")
      || g_str_has_prefix (name, "<built-in function "))
    {
      const char *start = strchr (name + 1, ' ') + 1;
      const char *of;

      start = strchr (start, ' ') + 1;
      *function = (Part){ start, strcspn (start, " >") };
      of = function->at + function->len;
      if (g_str_has_prefix (of, " of "))
        *owner = (Part){ of + 4, strcspn (of + 4, " >") };
      return;
    }
  dot = strrchr (name, '.');
  if (dot != NULL)
    {
      *function = (Part){ dot + 1, strlen (dot + 1) };
      *owner = (Part){ name, (gsize)(dot - name) };
      return;
    }
  *function = (Part){ name, strlen (name) };
}

gboolean
st_call_tree_name_waits (const char *name)
{
  static const char *const waits[]
      = { "wait", "wait_for", "sleep", "acquire", "select", "poll", "epoll_wait" };
  Part function, owner, file;

  g_return_val_if_fail (name != NULL, FALSE);

  if (st_is_synchronisation_call (name))
    return TRUE;
  function_of (name, &function, &owner, &file);
  for (guint i = 0; i < G_N_ELEMENTS (waits); i++)
    if (part_is (function, waits[i]))
      return TRUE;
  if (part_is (function, "get")
      && (part_ends_with (owner, "queue") || part_ends_with (owner, "Queue")
          || part_ends_with (owner, "queues")))
    return TRUE;
  return part_ends_with (file, "tqdm/_monitor.py");
}

/* Which nodes' frames are idle, and every node's idle time: a node's
 * parent comes before it, so one pass down marks the waits, one pass up
 * sums the times. */
void
st_call_tree_mark_idle (StCallTree *self)
{
  guint              n = self->nodes->len;
  StCallNode        *nodes = (StCallNode *)(void *)self->nodes->data;
  g_autofree guint8 *waits = g_new0 (guint8, MAX (1, n));

  g_assert (self->direction == ST_CALL_TREE_TOP_DOWN);
  self->idle_frames = g_new0 (guint8, MAX (1, n));
  for (guint i = 1; i < n; i++)
    {
      const char *name;

      if (nodes[i].track != ST_CALL_TREE_NO_TRACK)
        continue; /* a thread: its frames are its roots' */
      name = st_trace_get_string (self->trace, nodes[i].name);
      waits[i] = waits[nodes[i].parent] || st_call_tree_name_waits (name);
      self->idle_frames[i] = waits[i] || st_operation_name_is_profiler_span (name);
    }
  for (guint i = n; i-- > 1;)
    {
      if (self->idle_frames[i])
        nodes[i].idle_ns += nodes[i].self_ns;
      nodes[nodes[i].parent].idle_ns += nodes[i].idle_ns;
    }
}

gboolean
st_call_tree_is_idle (StCallTree *self, guint node)
{
  const StCallNode *n = st_call_tree_get_node (self, node);
  gint64            weight;

  g_return_val_if_fail (n != NULL, FALSE);
  weight = self->direction == ST_CALL_TREE_TOP_DOWN ? n->total_ns : n->self_ns;
  return weight > 0 && 10 * n->idle_ns >= 9 * weight;
}

/* The nodes whose children are roots: the scope, and top-down by thread
 * each thread. */
static gboolean
holds_roots (StCallTree *self, guint node)
{
  return node == ST_CALL_TREE_ROOT
         || (self->direction == ST_CALL_TREE_TOP_DOWN && st_call_tree_is_thread (self, node));
}

gboolean
st_call_tree_is_idle_root (StCallTree *self, guint node)
{
  const StCallNode *n = st_call_tree_get_node (self, node);

  g_return_val_if_fail (n != NULL, FALSE);
  return node != ST_CALL_TREE_ROOT && holds_roots (self, n->parent)
         && st_call_tree_is_idle (self, node);
}

/* The idle roots after the others; then the order of every node. */
static int
compare_roots (gconstpointer pa, gconstpointer pb, gpointer data)
{
  gboolean a = st_call_tree_is_idle (data, *(const guint32 *)pa);
  gboolean b = st_call_tree_is_idle (data, *(const guint32 *)pb);

  if (a != b)
    return a ? 1 : -1;
  return st_call_tree_compare_children (pa, pb, data);
}

void
st_call_tree_sort_children (StCallTree *self)
{
  const StCallNode *nodes = (const StCallNode *)(void *)self->nodes->data;

  for (guint i = 0; i < self->nodes->len; i++)
    if (nodes[i].n_children > 1)
      g_qsort_with_data (
          self->children + nodes[i].first_child, nodes[i].n_children, sizeof (guint32),
          holds_roots (self, i) ? compare_roots : st_call_tree_compare_children, self);
}
