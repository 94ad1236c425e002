/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-digest: rank digests (docs/digest.md), as a fleet's folder may hold
 * them after a job was killed mid-write or a file was damaged, and the
 * fleet reduced from them.
 *
 * The first byte chooses the layer: odd, the rest is the file as it is
 * (the gzip layer fuzzed); even, the rest is the JSON, compressed here so
 * that the reader's JSON and field checks are reached. Its second bit
 * chooses the fleet's time axis. */
#include "config.h"

#include "st-digest.h"
#include "st-fleet.h"
#include "st-fuzz-util.h"

#include <gio/gio.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static GBytes *
gzip (const guint8 *data, gsize size)
{
  g_autoptr (GZlibCompressor) gz = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 1);
  g_autoptr (GByteArray)      out = g_byte_array_new ();
  guint8                      buffer[16384];
  gsize                       read = 0, written = 0;
  GConverterResult            r;

  do
    {
      r = g_converter_convert (G_CONVERTER (gz), data, size, buffer, sizeof buffer,
                               G_CONVERTER_INPUT_AT_END, &read, &written, NULL);
      g_assert (r != G_CONVERTER_ERROR);
      g_byte_array_append (out, buffer, written);
      data += read;
      size -= read;
    }
  while (r != G_CONVERTER_FINISHED);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/* Every part of a fleet of @digest twice (two ranks of one job), read. */
static void
reduce (StDigest *digest, StAlignment alignment)
{
  g_autoptr (GPtrArray) digests = g_ptr_array_new ();
  g_autoptr (StFleet)   fleet = NULL;

  g_ptr_array_add (digests, digest);
  g_ptr_array_add (digests, digest);
  fleet = st_fleet_new (digests, alignment, NULL);
  if (fleet == NULL)
    return;
  for (guint r = 0; r < st_fleet_get_n_ranks (fleet); r++)
    g_assert (st_fleet_get_rank (fleet, r) != NULL);
  for (guint c = 0; c < st_fleet_get_n_collectives (fleet); c++)
    g_assert (st_fleet_get_collective (fleet, c) != NULL);
  for (guint s = 0; s < st_fleet_get_n_steps (fleet); s++)
    for (guint m = 0; m < ST_N_STEP_METRICS; m++)
      for (guint r = 0; r < st_fleet_get_n_ranks (fleet); r++)
        (void)st_fleet_get_value (fleet, m, s, r);
  for (guint i = 0; i < st_fleet_get_n_findings (fleet); i++)
    g_assert (st_fleet_get_finding (fleet, i) != NULL);
  for (guint i = 0; i < st_fleet_get_n_outliers (fleet); i++)
    g_assert (st_fleet_get_outlier (fleet, i) != NULL);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)   error = NULL;
  g_autoptr (GBytes)   file = NULL;
  g_autoptr (StDigest) digest = NULL;

  st_fuzz_init ();
  if (size == 0)
    return 0;
  file = data[0] & 1 ? g_bytes_new (data + 1, size - 1) : gzip (data + 1, size - 1);
  {
    gsize            length;
    const char      *bytes = g_bytes_get_data (file, &length); /* NULL when empty */
    g_autofree char *copy = st_fuzz_copy ((const guint8 *)(length > 0 ? bytes : ""), length);

    digest = st_digest_read_bytes (copy, length, "fuzz.stdg", &error);
  }
  g_assert ((digest == NULL) == (error != NULL));
  if (digest == NULL)
    return 0;
  {
    /* What was read is written as a digest that reads again. */
    g_autoptr (GBytes)   again = st_digest_to_bytes (digest);
    g_autoptr (StDigest) reread = NULL;
    gsize                length;
    const char          *bytes = g_bytes_get_data (again, &length);

    reread = st_digest_read_bytes (bytes, length, "again.stdg", &error);
    g_assert_no_error (error);
  }
  reduce (digest, data[0] & 2 ? ST_ALIGN_COLLECTIVE : ST_ALIGN_CLOCK);
  return 0;
}
