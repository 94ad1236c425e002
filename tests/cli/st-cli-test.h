/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-test.h: what the strata-cli tests share: running the command
 * the build made ($STRATA_CLI) and reading the JSON it prints. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* What a run of strata-cli left: its exit status, what it printed. */
typedef struct
{
  int   status;
  char *out;
  char *err;
} StCliRun;

void st_cli_run_clear (StCliRun *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (StCliRun, st_cli_run_clear)

/* Runs strata-cli with @args (NULL-terminated); its exit status (-1 when
 * it did not exit), what it printed in *@out and *@err (either may be
 * NULL: not kept). */
int st_cli_test_run (const char *const *args, char **out, char **err);
/* Runs strata-cli with the arguments of @prefix (NULL-terminated, may be
 * NULL), then @first and those after it up to a NULL. */
int st_cli_test_run_valist (const char *const *prefix,
                            char             **out,
                            char             **err,
                            const char        *first,
                            va_list            rest);
/* @text's JSON object, owned by @parser; fails the test if it is not one. */
JsonObject *st_cli_test_parse (JsonParser *parser, const char *text);

G_END_DECLS
