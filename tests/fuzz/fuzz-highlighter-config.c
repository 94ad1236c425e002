/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-highlighter-config: highlighter configuration files. */
#include "config.h"

#include "st-fuzz-util.h"
#include "st-highlighter-config.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = NULL;
  g_autofree char                *copy = st_fuzz_copy (data, size);

  st_fuzz_init ();
  config = st_highlighter_config_parse (copy, size, "fuzz.json", &error);
  g_assert ((config == NULL) == (error != NULL));
  if (config != NULL)
    {
      /* A configuration that was read writes out and reads back the same. */
      g_autofree char                *json = st_highlighter_config_to_json (config);
      g_autoptr (StHighlighterConfig) again
          = st_highlighter_config_parse (json, -1, "again.json", &error);
      g_autofree char *json2 = NULL;

      g_assert_no_error (error);
      json2 = st_highlighter_config_to_json (again);
      g_assert_cmpstr (json, ==, json2);
    }
  return 0;
}
