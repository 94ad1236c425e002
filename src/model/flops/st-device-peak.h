/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-device-peak.h: the peak FLOP rate of common accelerators by data type
 * and their memory bandwidth (docs/metrics.md 13.4), found from a
 * profile's deviceProperties entry: dense figures from the vendors'
 * datasheets, per device as the profiler sees it (one die of an MI250X).
 * A device the table does not know says so: "peak unknown for NAME".
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The data type of an operation's FLOPs (docs/metrics.md 13.1). */
typedef enum
{
  ST_FLOP_FP64,
  ST_FLOP_FP32,
  ST_FLOP_TF32,
  ST_FLOP_BF16,
  ST_FLOP_FP16,
  ST_FLOP_FP8,
  ST_FLOP_UNKNOWN,
  ST_N_FLOP_TYPES
} StFlopType;

const char *st_flop_type_to_string (StFlopType type); /* "bf16", …, "unknown" */
/* From the first entry of args["Input type"] as written:
 * "[\"c10::BFloat16\", …]" is bf16. */
StFlopType st_flop_type_from_input_types (const char *text, gsize length);

typedef struct
{
  const char *model; /* the table's row ("H100 SXM"), NULL when unknown */
  char       *name;  /* the entry's name, or its architecture: what a note names */
  double      tflops[ST_N_FLOP_TYPES]; /* TFLOP/s, 0 where the table gives none */
  double      tbps;                    /* HBM TB/s, 0 unknown */
  gboolean    has_entry;               /* FALSE: the profile has no deviceProperties entry for it */
} StDevicePeak;

/* The deviceProperties entry of device @id in @properties (the array, or
 * NULL): the entry whose "id" is @id, else the first when every entry has
 * the same name; NULL when neither. It belongs to @properties. */
JsonObject *st_device_peak_find_entry (JsonArray *properties, gint64 id);
/* The peak of device @id from @properties (the deviceProperties array, or
 * NULL): the entry whose "id" is @id, or the one name every entry has. */
void st_device_peak_find (JsonArray *properties, gint64 id, StDevicePeak *out);
/* The peak matched from a name alone (and, for AMD, its architecture and
 * compute units; the memory in bytes tells an A100 of 40 GB from one of
 * 80 GB: NULL and 0 when unknown). */
void st_device_peak_match (const char   *name,
                           const char   *arch,
                           gint64        compute_units,
                           gint64        memory_bytes,
                           gboolean      amd,
                           StDevicePeak *out);
void st_device_peak_clear (StDevicePeak *peak);
/* FLOP/s, 0 when unknown. */
double st_device_peak_get (const StDevicePeak *peak, StFlopType type);
/* Bytes per second, 0 when unknown. */
double st_device_peak_get_bandwidth (const StDevicePeak *peak);
/* The ridge point for @type: its peak over the bandwidth, FLOPs per byte;
 * 0 when either is unknown. */
double st_device_peak_get_ridge (const StDevicePeak *peak, StFlopType type);
/* Why there is no bandwidth: "bandwidth unknown for NAME", "no
 * deviceProperties"; NULL when there is one. */
char *st_device_peak_dup_bandwidth_note (const StDevicePeak *peak);
/* Why there is no peak for @type: "peak unknown for NAME", "peak unknown
 * for NAME (fp8)", "no deviceProperties"; NULL when there is one. */
char *st_device_peak_dup_note (const StDevicePeak *peak, StFlopType type);

G_END_DECLS
