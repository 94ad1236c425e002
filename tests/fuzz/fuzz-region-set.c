/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-region-set: region files and autosave sidecars. */
#include "config.h"

#include "st-fuzz-util.h"
#include "st-region-set.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)            error = NULL;
  g_autoptr (StRegionArray)     regions = NULL;
  g_autoptr (StProfileIdentity) profile = NULL;
  g_autofree char              *copy = st_fuzz_copy (data, size);
  gboolean                      unsaved = FALSE;

  st_fuzz_init ();
  regions = st_region_set_read_data (copy, size, "fuzz.json", &profile, &unsaved, &error);
  g_assert ((regions == NULL) == (error != NULL));
  if (regions != NULL)
    {
      /* What was read must survive a round trip through a set. */
      g_autoptr (StRegionSet)   set = st_region_set_new ();
      g_autofree char          *json = NULL;
      g_autoptr (StRegionArray) again = NULL;

      st_region_set_replace_all (set, regions);
      json = st_region_set_to_json (set, profile, FALSE);
      again = st_region_set_read_data (json, strlen (json), "again.json", NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (st_region_array_get_length (again), ==,
                        st_region_array_get_length (regions));
    }
  return 0;
}
