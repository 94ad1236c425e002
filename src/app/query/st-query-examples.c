/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-query-examples.h"

/* The examples' queries, by the menu's targets (docs/sql.md). */
static const struct
{
  const char *name;
  const char *sql;
} examples[] = {
  { "top-kernels",
    "SELECT s.name, count(*) AS calls, sum(s.dur) AS total_ns, avg(s.dur) AS avg_ns\n"
    "FROM device_work w JOIN slice s ON s.id = w.slice_id\n"
    "WHERE w.class = 'compute'\n"
    "GROUP BY s.name\n"
    "ORDER BY total_ns DESC\n"
    "LIMIT 20" },
  { "stream-gaps", "WITH k AS (\n"
                   "  SELECT s.id, s.ts + s.dur AS end_ts, t.device, t.stream,\n"
                   "         lead(s.ts) OVER (PARTITION BY s.track_id ORDER BY s.ts) AS next_ts\n"
                   "  FROM slice s JOIN track t ON t.id = s.track_id\n"
                   "  WHERE t.stream IS NOT NULL AND s.depth = 0)\n"
                   "SELECT id, device, stream, end_ts AS gap_ts, next_ts - end_ts AS gap_ns\n"
                   "FROM k\n"
                   "WHERE next_ts - end_ts > 1000000\n"
                   "ORDER BY gap_ns DESC" },
  { "scope-kernels",
    "WITH scope AS (\n"
    "  SELECT ts, dur, track_id FROM slice WHERE name GLOB 'ProfilerStep*' LIMIT 1)\n"
    "SELECT k.id, k.name, k.ts, k.dur, l.name AS launched_by\n"
    "FROM scope\n"
    "JOIN slice l ON l.track_id = scope.track_id\n"
    "  AND l.ts >= scope.ts AND l.ts + l.dur <= scope.ts + scope.dur\n"
    "JOIN flow f ON f.slice_out = l.id\n"
    "JOIN slice k ON k.id = f.slice_in\n"
    "JOIN device_work w ON w.slice_id = k.id AND w.class = 'compute'\n"
    "ORDER BY k.ts" },
};

const char *
st_query_example_get (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    if (g_str_equal (examples[i].name, name))
      return examples[i].sql;
  return NULL;
}
