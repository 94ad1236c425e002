/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-chrome: a Chrome trace JSON file, loaded as the app loads a file. */
#include "config.h"

#include "st-fuzz-util.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_fuzz_load_bytes (data, size, 1, &error);

  g_assert ((trace == NULL) == (error != NULL));
  if (error != NULL)
    g_assert (error->message != NULL && error->message[0] != '\0');
  if (trace != NULL)
    {
      guint n = 0;
      st_trace_get_warnings (trace, &n);
      st_fuzz_walk_args (trace, 8);
    }
  return 0;
}
