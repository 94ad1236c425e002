/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-rocprof-importer-private.h"

#include <glib/gi18n-lib.h>

/* A process's small sections, read whole with the scanner: a few agents, a
 * table of names, one symbol per kernel. */

static void
agent_free (gpointer data)
{
  Agent *agent = data;

  g_free (agent->pid);
  g_free (agent->name);
  g_free (agent);
}

static void
operations_free (gpointer data)
{
  if (data != NULL)
    g_ptr_array_unref (data);
}

Proc *
st_rocprof_proc_new (guint index)
{
  Proc *proc = g_new0 (Proc, 1);

  proc->index = index;
  proc->pid = g_strdup_printf ("process %u", index);
  proc->agents = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, agent_free);
  proc->kernels = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  proc->kernel_names = g_ptr_array_new_with_free_func (g_free);
  proc->kinds = g_ptr_array_new_with_free_func (operations_free);
  proc->markers = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  return proc;
}

void
st_rocprof_proc_free (gpointer data)
{
  Proc *proc = data;

  g_free (proc->pid);
  g_free (proc->name);
  g_hash_table_unref (proc->agents);
  g_hash_table_unref (proc->kernels);
  g_ptr_array_unref (proc->kernel_names);
  g_ptr_array_unref (proc->kinds);
  g_hash_table_unref (proc->markers);
  g_free (proc);
}

/* The text of a string token, unescaped and made valid UTF-8 (with a
 * warning); NULL for a token that is no string. */
char *
st_rocprof_dup_text (Importer *im, const Tok *t)
{
  g_autoptr (GString) text = NULL;

  if (t->type != 's')
    return NULL;
  text = g_string_sized_new (tok_len (t));
  if (t->flags & ST_JSON_STRING_ESCAPES)
    st_json_unescape (t->p, t->e, text);
  else
    g_string_append_len (text, t->p, tok_len (t));
  if (!g_utf8_validate_len (text->str, text->len, NULL))
    {
      char *valid = g_utf8_make_valid (text->str, text->len);

      st_builder_shard_warn (im->reader->shard, ST_WARNING_INVALID_UTF8, offset_of (im, t->p),
                             "\342\200\234%s\342\200\235", valid);
      return valid;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
type_of (const Tok *t)
{
  switch (t->type)
    {
    case '{': return _ ("an object");
    case '[': return _ ("an array");
    case 's': return _ ("a string");
    default: return _ ("a number or literal");
    }
}

/* A section or entry of the wrong JSON type, skipped; @what names it as
 * the format does, @expected is translated. */
void
st_rocprof_wrong_type (Importer *im, const char *what, const Tok *value, const char *expected)
{
  st_builder_shard_warn (im->reader->shard, ST_WARNING_WRONG_TYPE,
                         offset_of (im, value->type == 's' ? value->p - 1 : value->p),
                         _ ("\342\200\234%s\342\200\235 is %s, not %s"), what, type_of (value),
                         expected);
}

static gboolean
member_int (const Tok *object, const char *key, gint64 *out)
{
  Tok v;

  return st_json_find_member (object, key, &v) && (v.type == 'n' || v.type == 's')
         && st_json_parse_int64 (v.p, v.e, out);
}

/* {"handle": N}, the shape of every id of the format. */
static gboolean
member_handle (const Tok *object, const char *key, gint64 *out)
{
  Tok v;

  return st_json_find_member (object, key, &v) && v.type == '{' && member_int (&v, "handle", out);
}

static char *
member_text (Importer *im, const Tok *object, const char *key)
{
  Tok v;

  if (!st_json_find_member (object, key, &v))
    return NULL;
  return st_rocprof_dup_text (im, &v);
}

/* metadata: the pid, and the base name of the command's program. */
void
st_rocprof_read_metadata (Importer *im, Proc *proc, const Tok *value)
{
  const char *p;
  gint64      pid;
  Tok         command, first;

  proc->sections |= SECTION_METADATA;
  if (value->type != '{')
    {
      st_rocprof_wrong_type (im, "metadata", value, _ ("an object"));
      return;
    }
  if (member_int (value, "pid", &pid))
    {
      g_free (proc->pid);
      proc->pid = g_strdup_printf ("%" G_GINT64_FORMAT, pid);
    }
  if (!st_json_find_member (value, "command", &command) || command.type != '[')
    return;
  p = command.p + 1;
  if (st_json_next_element (&p, command.e - 1, &first) && first.type == 's' && tok_len (&first))
    {
      g_autofree char *program = st_rocprof_dup_text (im, &first);

      g_free (proc->name);
      proc->name = g_path_get_basename (program);
    }
}

/* "AMD Instinct MI350X (gfx950)": the product and the architecture. */
static char *
agent_name (Importer *im, const Tok *entry)
{
  g_autofree char *name = member_text (im, entry, "name");
  g_autofree char *product = member_text (im, entry, "product_name");

  if (product != NULL && *product != '\0' && name != NULL && *name != '\0'
      && !g_str_equal (product, name))
    return g_strdup_printf ("%s (%s)", product, name);
  if (product != NULL && *product != '\0')
    return g_steal_pointer (&product);
  return name != NULL && *name != '\0' ? g_steal_pointer (&name) : NULL;
}

static void
read_agent (Importer *im, Proc *proc, const Tok *entry)
{
  Agent *agent;
  gint64 handle;

  if (entry->type != '{')
    {
      st_rocprof_wrong_type (im, "agents[]", entry, _ ("an object"));
      return;
    }
  if (!member_handle (entry, "id", &handle) || g_hash_table_contains (proc->agents, &handle))
    return;
  agent = g_new0 (Agent, 1);
  agent->handle = handle;
  if (!member_int (entry, "type", &agent->type))
    agent->type = 0;
  agent->name = agent_name (im, entry);
  /* GPUs numbered in the order the file lists them, by node: HIP's device
   * numbers. */
  if (agent->type == 2)
    {
      agent->sort_index = 100 + proc->n_gpus;
      agent->pid = g_strdup_printf ("GPU %u", proc->n_gpus++);
    }
  else
    {
      agent->sort_index = 1000;
      agent->pid = g_strdup_printf ("agent %" G_GINT64_FORMAT, handle);
    }
  g_hash_table_insert (proc->agents, &agent->handle, agent);
}

void
st_rocprof_read_agents (Importer *im, Proc *proc, const Tok *value)
{
  const char *p = value->p + 1;
  Tok         entry;

  proc->sections |= SECTION_AGENTS;
  if (value->type != '[')
    {
      st_rocprof_wrong_type (im, "agents", value, _ ("an array"));
      return;
    }
  while (st_json_next_element (&p, value->e - 1, &entry))
    read_agent (im, proc, &entry);
}

/* strings.buffer_records: per record kind, its operations' names. */
static void
read_kinds (Importer *im, Proc *proc, const Tok *value)
{
  const char *p = value->p + 1;
  Tok         entry, operations, name;

  if (value->type != '[')
    {
      st_rocprof_wrong_type (im, "strings.buffer_records", value, _ ("an array"));
      return;
    }
  while (st_json_next_element (&p, value->e - 1, &entry))
    {
      GPtrArray  *names = NULL;
      const char *q;

      if (entry.type == '{' && st_json_find_member (&entry, "operations", &operations)
          && operations.type == '[')
        {
          names = g_ptr_array_new_with_free_func (g_free);
          q = operations.p + 1;
          while (st_json_next_element (&q, operations.e - 1, &name))
            g_ptr_array_add (names, st_rocprof_dup_text (im, &name));
        }
      g_ptr_array_add (proc->kinds, names);
    }
}

/* strings.marker_api: each range's message, by its correlation id. */
static void
read_markers (Importer *im, Proc *proc, const Tok *value)
{
  const char *p = value->p + 1;
  Tok         entry, message;
  gint64      key;

  if (value->type != '[')
    {
      st_rocprof_wrong_type (im, "strings.marker_api", value, _ ("an array"));
      return;
    }
  while (st_json_next_element (&p, value->e - 1, &entry))
    if (entry.type == '{' && member_int (&entry, "key", &key)
        && st_json_find_member (&entry, "value", &message) && message.type == 's'
        && !g_hash_table_contains (proc->markers, &key))
      g_hash_table_insert (proc->markers, g_memdup2 (&key, sizeof key),
                           st_rocprof_dup_text (im, &message));
}

void
st_rocprof_read_strings (Importer *im, Proc *proc, const Tok *value)
{
  Tok member;

  proc->sections |= SECTION_STRINGS;
  if (value->type != '{')
    {
      st_rocprof_wrong_type (im, "strings", value, _ ("an object"));
      return;
    }
  if (st_json_find_member (value, "buffer_records", &member))
    read_kinds (im, proc, &member);
  if (st_json_find_member (value, "marker_api", &member))
    read_markers (im, proc, &member);
}

/* A kernel's name as rocprofv3 writes it in its own tables: demangled,
 * without the ".kd" of its descriptor; else the forms it falls back on. */
static char *
kernel_name (Importer *im, const Tok *entry, gint64 id)
{
  static const char *const keys[] = { "formatted_kernel_name", "demangled_kernel_name",
                                      "kernel_name", "truncated_kernel_name" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *name = member_text (im, entry, keys[i]);

      if (name != NULL && *name != '\0')
        return g_steal_pointer (&name);
    }
  return g_strdup_printf ("kernel %" G_GINT64_FORMAT, id);
}

void
st_rocprof_read_symbols (Importer *im, Proc *proc, const Tok *value)
{
  const char *p = value->p + 1;
  Tok         entry;

  proc->sections |= SECTION_SYMBOLS;
  if (value->type != '[')
    {
      st_rocprof_wrong_type (im, "kernel_symbols", value, _ ("an array"));
      return;
    }
  while (st_json_next_element (&p, value->e - 1, &entry))
    {
      Kernel *kernel;
      gint64  id;

      if (entry.type != '{' || !member_int (&entry, "kernel_id", &id)
          || g_hash_table_contains (proc->kernels, &id))
        continue;
      kernel = g_new (Kernel, 1);
      kernel->id = id;
      kernel->slot = proc->kernel_names->len;
      g_ptr_array_add (proc->kernel_names, kernel_name (im, &entry, id));
      g_hash_table_insert (proc->kernels, &kernel->id, kernel);
    }
}

/* The name strings.buffer_records gives operation @operation of record
 * kind @kind, or NULL. */
const char *
st_rocprof_operation_name (const Proc *proc, gint64 kind, gint64 operation)
{
  GPtrArray *names;

  if (kind < 0 || (guint64)kind >= proc->kinds->len)
    return NULL;
  names = g_ptr_array_index (proc->kinds, kind);
  if (names == NULL || operation < 0 || (guint64)operation >= names->len)
    return NULL;
  return g_ptr_array_index (names, operation);
}
