/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-args: args parsed on demand. The input becomes the "args" value of
 * an event of a small trace (and the whole of a second event, to reach the
 * event parser too); the trace is loaded and every event's args are read
 * flat, as the details pane reads them. */
#include "config.h"

#include "st-fuzz-util.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GString) text = g_string_new ("[{\"ph\":\"X\",\"name\":\"a\",\"ts\":0,\"dur\":5,"
                                           "\"pid\":1,\"tid\":1,\"args\":");
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;

  g_string_append_len (text, (const char *)data, size);
  g_string_append (text,
                   "},\n{\"ph\":\"i\",\"name\":\"b\",\"ts\":1,\"pid\":1,\"tid\":1,\"s\":\"t\","
                   "\"args\":{\"k\":");
  g_string_append_len (text, (const char *)data, size);
  g_string_append (text, "}}]\n");
  trace = st_fuzz_load_bytes ((const guint8 *)text->str, text->len, 1, &error);
  g_assert ((trace == NULL) == (error != NULL));
  if (trace != NULL)
    st_fuzz_walk_args (trace, 16);
  return 0;
}
