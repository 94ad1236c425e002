/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-devices-section.h: the Summary's Devices card: a row per device of a
 * profile with two or more (several GPUs in one file, or several ranks),
 * with the per-device numbers of docs/metrics.md 2 whose means the metric
 * tables show. Hidden with fewer than two devices, where the tables say
 * it all. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_DEVICES_SECTION (st_devices_section_get_type ())

G_DECLARE_FINAL_TYPE (StDevicesSection, st_devices_section, ST, DEVICES_SECTION, StSummarySection)

G_END_DECLS
