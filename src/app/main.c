/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata: the profile explorer's window. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-application.h"

#include <glib/gi18n.h>
#include <locale.h>

int
main (int argc, char *argv[])
{
  g_autoptr (StApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = st_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
