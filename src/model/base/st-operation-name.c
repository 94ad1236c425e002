/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-name.c: the identifying short form of an operation's name
 * (see the header). */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-operation-name.h"

#include <string.h>

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* "dir/file.py(123): function" → "file.py(123): function", the function
 * kept; FALSE when @name is not a Python frame. */
static gboolean
shorten_python_frame (const char *name, GString *out, gsize *keep_from)
{
  const char *open = strchr (name, '(');
  const char *p, *file;

  /* the first "(" opens the line number: "file(123): function" */
  if (open == NULL || open == name || !g_ascii_isdigit (open[1]))
    return FALSE;
  for (p = open + 1; g_ascii_isdigit (*p); p++)
    ;
  if (!g_str_has_prefix (p, "): ") || p[3] == '\0')
    return FALSE;
  for (file = open; file > name && file[-1] != '/'; file--)
    if (file[-1] == ' ')
      return FALSE;
  g_string_append_len (out, file, p + 3 - file);
  *keep_from = out->len;
  g_string_append (out, p + 3);
  return TRUE;
}

/* Where the parameter list of a C++ signature opens: the "(" that the
 * final ")" closes, right after a name or a template's ">"; -1 when @name
 * is no signature ("Memset (Device)", "PyTorch Profiler (0)"). */
static gssize
parameters_start (const char *name, gsize len)
{
  int depth = 0;

  if (len < 3 || name[len - 1] != ')')
    return -1;
  for (gssize i = len - 1; i >= 0; i--)
    {
      depth += name[i] == ')' ? 1 : name[i] == '(' ? -1 : 0;
      if (depth == 0)
        return i > 0 && (is_word_char (name[i - 1]) || name[i - 1] == '>') ? i : -1;
    }
  return -1;
}

/* Where the function's name starts: after the return type, the last space
 * outside brackets before the parameter list. */
static gsize
name_start (const char *name, gsize end)
{
  int   depth = 0;
  gsize start = 0;

  for (gsize i = 0; i < end; i++)
    {
      if (name[i] == '<' || name[i] == '(' || name[i] == '{')
        depth++;
      else if ((name[i] == '>' || name[i] == ')' || name[i] == '}') && depth > 0)
        depth--;
      else if (name[i] == ' ' && depth == 0)
        start = i + 1;
    }
  return start;
}

/* @text without the namespaces that qualify its names ("at::native::",
 * "(anonymous namespace)::"); "const::" of a lambda's scope stays. */
static void
append_unqualified (GString *out, const char *text, gsize len)
{
  static const char anonymous[] = "(anonymous namespace)::";
  gsize             i = 0;

  while (i < len)
    {
      gsize word = i;

      if (len - i >= sizeof anonymous - 1
          && memcmp (text + i, anonymous, sizeof anonymous - 1) == 0)
        {
          i += sizeof anonymous - 1;
          continue;
        }
      if (!is_word_char (text[i]) || (i > 0 && is_word_char (text[i - 1])))
        {
          g_string_append_c (out, text[i++]);
          continue;
        }
      while (word < len && is_word_char (text[word]))
        word++;
      if (word + 1 < len && text[word] == ':' && text[word + 1] == ':'
          && !(word - i == 5 && memcmp (text + i, "const", 5) == 0))
        i = word + 2;
      else
        {
          g_string_append_len (out, text + i, word - i);
          i = word;
        }
    }
}

char *
st_operation_name_shorten (const char *name, gsize *keep_from)
{
  GString *out;
  gsize    keep = 0, len;
  gssize   params;

  g_return_val_if_fail (name != NULL, NULL);

  out = g_string_new (NULL);
  len = strlen (name);
  if (!shorten_python_frame (name, out, &keep))
    {
      params = parameters_start (name, len);
      if (params < 0)
        g_string_append (out, name);
      else
        {
          gsize start = name_start (name, params);

          append_unqualified (out, name + start, params - start);
        }
      keep = out->len;
    }
  if (keep_from != NULL)
    *keep_from = keep;
  return g_string_free (out, FALSE);
}

static gboolean
has_any_prefix (const char *name, const char *const *prefixes, guint n)
{
  for (guint i = 0; i < n; i++)
    if (g_str_has_prefix (name, prefixes[i]))
      return TRUE;
  return FALSE;
}

gboolean
st_operation_name_is_profiler_start_stop (const char *name)
{
  return name != NULL && g_str_has_prefix (name, "$profiler.py:")
         && (g_str_has_suffix (name, " start_trace") || g_str_has_suffix (name, " stop_trace"));
}

gboolean
st_operation_name_is_profiler_span (const char *name)
{
  if (name == NULL)
    return FALSE;
  return g_str_has_prefix (name, "PyTorch Profiler")
         || st_operation_name_is_profiler_start_stop (name)
         || (g_str_has_prefix (name, "$profiler.py:") && g_str_has_suffix (name, " trace"));
}

gboolean
st_operation_name_is_compiled (const char *name, gboolean kernels)
{
  static const char *const regions[]
      = { "CompiledFunction", "torch-compiled", "Torch-Compiled Region" };
  static const char *const inductor[]
      = { "triton_poi_", "triton_per_", "triton_red_", "triton_tem_" };

  if (name == NULL)
    return FALSE;
  return has_any_prefix (name, regions, G_N_ELEMENTS (regions))
         || (kernels && has_any_prefix (name, inductor, G_N_ELEMENTS (inductor)));
}

StRuntimeCall
st_operation_name_runtime_call (const char *name)
{
  if (name == NULL)
    return ST_RUNTIME_CALL_NONE;
  if (g_str_has_prefix (name, "hip") && g_ascii_isupper (name[3]))
    return ST_RUNTIME_CALL_HIP;
  if (g_str_has_prefix (name, "cuda") && g_ascii_isupper (name[4]))
    return ST_RUNTIME_CALL_CUDA;
  if (g_str_has_prefix (name, "cu") && g_ascii_isupper (name[2]))
    return ST_RUNTIME_CALL_CUDA;
  return ST_RUNTIME_CALL_NONE;
}
