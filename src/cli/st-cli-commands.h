/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-commands.h: the commands of strata-cli. Each returns the exit
 * status: 0 success, 1 a file could not be read, 2 usage error. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *name;
  const char *summary;
  int (*run) (int argc, char **argv);
} StCliCommand;

int st_cli_diff (int argc, char **argv);
int st_cli_digest (int argc, char **argv);
int st_cli_fleet (int argc, char **argv);
int st_cli_info (int argc, char **argv);
int st_cli_query (int argc, char **argv);
int st_cli_render (int argc, char **argv);
int st_cli_regions (int argc, char **argv);
int st_cli_search (int argc, char **argv);
int st_cli_stats (int argc, char **argv);
int st_cli_summary (int argc, char **argv);
int st_cli_tree (int argc, char **argv);

G_END_DECLS
