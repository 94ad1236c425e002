/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <sys/wait.h>

void
st_cli_run_clear (StCliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

int
st_cli_test_run (const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError)    error = NULL;
  g_autofree char      *own_out = NULL, *own_err = NULL;
  int                   wait_status;

  g_ptr_array_add (argv, (gpointer)g_getenv ("STRATA_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out ? out : &own_out, err ? err : &own_err, &wait_status, &error));
  g_assert_no_error (error);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

int
st_cli_test_run_valist (const char *const *prefix,
                        char             **out,
                        char             **err,
                        const char        *first,
                        va_list            rest)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();

  for (guint i = 0; prefix != NULL && prefix[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer)prefix[i]);
  for (const char *a = first; a != NULL; a = va_arg (rest, const char *))
    g_ptr_array_add (args, (gpointer)a);
  g_ptr_array_add (args, NULL);
  return st_cli_test_run ((const char *const *)args->pdata, out, err);
}

JsonObject *
st_cli_test_parse (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}
