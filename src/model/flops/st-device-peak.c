/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-device-peak.h"

#include "st-json-doc.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* docs/metrics.md 13.4: TFLOP/s, dense, fp64 fp32 tf32 bf16 fp16 fp8; and
 * the HBM bandwidth in TB/s (an A100's by its memory, see a100_bandwidth). */
typedef struct
{
  const char *model;
  double      tflops[ST_FLOP_UNKNOWN];
  double      tbps;
} Row;

enum
{
  B200,
  H200_NVL,
  H200_SXM,
  H100_NVL,
  H100_PCIE,
  H100_SXM,
  A100,
  V100S,
  V100_PCIE,
  V100_SXM2,
  MI355X,
  MI325X,
  MI300X,
  MI250X,
  MI250,
  N_ROWS
};

static const Row rows[N_ROWS] = {
  [B200] = { "B200", { 37, 75, 1100, 2250, 2250, 4500 }, 8.0 },
  [H200_NVL] = { "H200 NVL", { 60, 60, 417.5, 835.5, 835.5, 1670.5 }, 4.8 },
  [H200_SXM] = { "H200 SXM", { 67, 67, 494.7, 989.4, 989.4, 1978.9 }, 4.8 },
  [H100_NVL] = { "H100 NVL", { 60, 60, 417.5, 835.5, 835.5, 1670.5 }, 3.9 },
  [H100_PCIE] = { "H100 PCIe", { 51, 51, 378, 756, 756, 1513 }, 2.0 },
  [H100_SXM] = { "H100 SXM", { 67, 67, 494.7, 989.4, 989.4, 1978.9 }, 3.35 },
  [A100] = { "A100", { 19.5, 19.5, 156, 312, 312, 0 }, 1.555 },
  [V100S] = { "V100S PCIe", { 8.2, 16.4, 0, 0, 130, 0 }, 1.134 },
  [V100_PCIE] = { "V100 PCIe", { 7, 14, 0, 0, 112, 0 }, 0.9 },
  [V100_SXM2] = { "V100 SXM2", { 7.8, 15.7, 0, 0, 125, 0 }, 0.9 },
  [MI355X] = { "MI355X", { 78.6, 157.3, 0, 2516.6, 2516.6, 5033.2 }, 8.0 },
  [MI325X] = { "MI325X", { 163.4, 163.4, 653.7, 1307.4, 1307.4, 2614.9 }, 6.0 },
  [MI300X] = { "MI300X", { 163.4, 163.4, 653.7, 1307.4, 1307.4, 2614.9 }, 5.3 },
  [MI250X] = { "MI250X (one die)", { 47.9, 47.9, 0, 191.5, 191.5, 0 }, 1.6 },
  [MI250] = { "MI250 / MI210 (one die)", { 45.3, 45.3, 0, 181, 181, 0 }, 1.6 },
};

/* Names, tried in order: the row of the first whose words the device's
 * name contains (and not @without). */
static const struct
{
  const char *word;
  const char *also;
  const char *without;
  guint       row;
} names[] = {
  { "B200", NULL, "GB200", B200 },     { "H200", "NVL", NULL, H200_NVL },
  { "H200", NULL, NULL, H200_SXM },    { "H100", "NVL", NULL, H100_NVL },
  { "H100", "PCIE", NULL, H100_PCIE }, { "H100", NULL, NULL, H100_SXM },
  { "A100", NULL, NULL, A100 },        { "V100S", NULL, NULL, V100S },
  { "V100", "PCIE", NULL, V100_PCIE }, { "V100", NULL, NULL, V100_SXM2 },
  { "MI355X", NULL, NULL, MI355X },    { "MI325X", NULL, NULL, MI325X },
  { "MI300X", NULL, NULL, MI300X },    { "MI250X", NULL, NULL, MI250X },
  { "MI250", NULL, NULL, MI250 },      { "MI210", NULL, NULL, MI250 },
};

/* AMD devices without a name the table knows: architecture and compute
 * units. */
static const struct
{
  const char *arch;
  gint64      compute_units;
  guint       row;
} archs[] = {
  { "gfx942", 304, MI300X },
  { "gfx90a", 110, MI250X },
  { "gfx90a", 104, MI250 },
};

static const char *const type_names[ST_N_FLOP_TYPES] = {
  "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "unknown",
};

const char *
st_flop_type_to_string (StFlopType type)
{
  g_return_val_if_fail ((guint)type < ST_N_FLOP_TYPES, "unknown");
  return type_names[type];
}

StFlopType
st_flop_type_from_input_types (const char *text, gsize length)
{
  const char *p = text, *end = text + length, *q;
  gsize       n;

  while (p < end && (*p == '[' || g_ascii_isspace (*p)))
    p++;
  if (p >= end || *p != '"')
    return ST_FLOP_UNKNOWN;
  p++;
  q = memchr (p, '"', end - p);
  if (q == NULL)
    return ST_FLOP_UNKNOWN;
  n = q - p;
#define IS(s)     (n == strlen (s) && memcmp (p, s, n) == 0)
#define STARTS(s) (n >= strlen (s) && memcmp (p, s, strlen (s)) == 0)
  if (IS ("float"))
    return ST_FLOP_FP32;
  if (IS ("double"))
    return ST_FLOP_FP64;
  if (IS ("c10::Half"))
    return ST_FLOP_FP16;
  if (IS ("c10::BFloat16"))
    return ST_FLOP_BF16;
  if (STARTS ("c10::Float8_e4m3fn") || STARTS ("c10::Float8_e5m2"))
    return ST_FLOP_FP8;
#undef IS
#undef STARTS
  return ST_FLOP_UNKNOWN;
}

static gboolean
contains (const char *upper, const char *word)
{
  return word == NULL || strstr (upper, word) != NULL;
}

/* An A100 is the 80 GB card with more than 48 GiB or a name that says so,
 * the PCIe one of those when its name says PCIe; else the 40 GB card. */
static double
a100_bandwidth (const char *upper, gint64 memory_bytes)
{
  if (memory_bytes <= ((gint64)48 << 30) && strstr (upper, "80GB") == NULL)
    return 1.555;
  return strstr (upper, "PCIE") != NULL ? 1.935 : 2.039;
}

static void
set_row (StDevicePeak *out, guint row, const char *upper, gint64 memory_bytes)
{
  out->model = rows[row].model;
  for (guint t = 0; t < ST_FLOP_UNKNOWN; t++)
    out->tflops[t] = rows[row].tflops[t];
  out->tbps = row == A100 ? a100_bandwidth (upper, memory_bytes) : rows[row].tbps;
}

void
st_device_peak_match (const char   *name,
                      const char   *arch,
                      gint64        compute_units,
                      gint64        memory_bytes,
                      gboolean      amd,
                      StDevicePeak *out)
{
  g_autofree char *upper = g_ascii_strup (name != NULL ? name : "", -1);
  g_autofree char *family = g_strdup (arch != NULL ? arch : "");
  char            *colon = strchr (family, ':');

  if (colon != NULL)
    *colon = '\0'; /* "gfx942:sramecc+:xnack-" */
  memset (out, 0, sizeof *out);
  out->has_entry = TRUE;
  out->name = g_strdup (name != NULL && name[0] != '\0' ? name : family[0] != '\0' ? family : "");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (contains (upper, names[i].word) && contains (upper, names[i].also)
        && (names[i].without == NULL || !contains (upper, names[i].without)))
      {
        set_row (out, names[i].row, upper, memory_bytes);
        return;
      }
  for (guint i = 0; amd && i < G_N_ELEMENTS (archs); i++)
    if (g_str_equal (family, archs[i].arch) && compute_units == archs[i].compute_units)
      {
        set_row (out, archs[i].row, upper, memory_bytes);
        return;
      }
}

JsonObject *
st_device_peak_find_entry (JsonArray *properties, gint64 id)
{
  JsonObject *same = NULL;
  const char *name = NULL;

  for (guint i = 0; properties != NULL && i < json_array_get_length (properties); i++)
    {
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (json_array_get_element (properties, i))
                          ? json_array_get_object_element (properties, i)
                          : NULL;
      const char *n = o != NULL ? st_json_object_get_string_or (o, "name", "") : "";

      if (o == NULL)
        continue;
      if (st_json_object_get_int_or (o, "id", G_MININT64) == id)
        return o;
      if (i == 0)
        {
          same = o;
          name = n;
        }
      else if (g_strcmp0 (name, n) != 0)
        same = NULL;
    }
  return same;
}

/* The architecture, from gcnArchName or else from what HIP reports as
 * computeMajor.computeMinor: 9.0 is gfx90a among the devices of the table,
 * 9.4 gfx942, 9.5 gfx950. */
static char *
arch_of (JsonObject *o)
{
  const char *gcn = st_json_object_get_string_or (o, "gcnArchName", "");
  gint64      major = st_json_object_get_int_or (o, "computeMajor", -1);
  gint64      minor = st_json_object_get_int_or (o, "computeMinor", -1);

  if (gcn != NULL && gcn[0] != '\0')
    return g_strdup (gcn);
  if (major != 9)
    return NULL;
  return g_strdup (minor == 0 ? "gfx90a" : minor == 4 ? "gfx942" : minor == 5 ? "gfx950" : NULL);
}

void
st_device_peak_find (JsonArray *properties, gint64 id, StDevicePeak *out)
{
  JsonObject      *o = st_device_peak_find_entry (properties, id);
  g_autofree char *arch = NULL;
  gboolean         amd;

  memset (out, 0, sizeof *out);
  if (o == NULL)
    return;
  amd = json_object_has_member (o, "gcnArchName")
        || st_json_object_get_int_or (o, "warpSize", 0) == 64;
  arch = amd ? arch_of (o) : NULL;
  st_device_peak_match (st_json_object_get_string_or (o, "name", ""), arch,
                        st_json_object_get_int_or (o, "numSms", 0),
                        st_json_object_get_int_or (o, "totalGlobalMem", 0), amd, out);
}

void
st_device_peak_clear (StDevicePeak *peak)
{
  g_clear_pointer (&peak->name, g_free);
}

double
st_device_peak_get (const StDevicePeak *peak, StFlopType type)
{
  if (peak->model == NULL || type >= ST_FLOP_UNKNOWN)
    return 0;
  return peak->tflops[type] * 1e12;
}

double
st_device_peak_get_bandwidth (const StDevicePeak *peak)
{
  return peak->model != NULL ? peak->tbps * 1e12 : 0;
}

double
st_device_peak_get_ridge (const StDevicePeak *peak, StFlopType type)
{
  double bandwidth = st_device_peak_get_bandwidth (peak);

  return bandwidth > 0 ? st_device_peak_get (peak, type) / bandwidth : 0;
}

char *
st_device_peak_dup_bandwidth_note (const StDevicePeak *peak)
{
  const char *name = peak->name != NULL && peak->name[0] != '\0' ? peak->name : _ ("this device");

  if (!peak->has_entry)
    return g_strdup (_ ("no deviceProperties"));
  if (st_device_peak_get_bandwidth (peak) <= 0)
    return g_strdup_printf (_ ("bandwidth unknown for %s"), name);
  return NULL;
}

char *
st_device_peak_dup_note (const StDevicePeak *peak, StFlopType type)
{
  const char *name = peak->name != NULL && peak->name[0] != '\0' ? peak->name : _ ("this device");

  if (!peak->has_entry)
    return g_strdup (_ ("no deviceProperties"));
  if (peak->model == NULL)
    return g_strdup_printf (_ ("peak unknown for %s"), name);
  if (st_device_peak_get (peak, type) <= 0)
    return g_strdup_printf (_ ("peak unknown for %s (%s)"), name, st_flop_type_to_string (type));
  return NULL;
}
