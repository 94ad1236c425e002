/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-collective.h: the types of collective operation, their names in
 * configuration files and in labels, and the type a slice's name says.
 * The region highlighter and the summary share them.
 */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_COLLECTIVE_ALLREDUCE = 1 << 0,
  ST_COLLECTIVE_ALLGATHER = 1 << 1,
  ST_COLLECTIVE_REDUCESCATTER = 1 << 2,
  ST_COLLECTIVE_ALLTOALL = 1 << 3,
  ST_COLLECTIVE_BROADCAST = 1 << 4,
  ST_COLLECTIVE_SENDRECV = 1 << 5,
  ST_COLLECTIVE_OTHER = 1 << 6, /* a collective of no known type (reduce, gather…) */
  ST_COLLECTIVE_BARRIER = 1 << 7,
} StCollectiveType;

#define ST_COLLECTIVE_ALL     0xff
#define ST_N_COLLECTIVE_TYPES 8

/* "allreduce", … as written in configuration files; NULL for no one type. */
const char *st_collective_type_to_string (StCollectiveType type);
gboolean    st_collective_type_from_string (const char *string, StCollectiveType *out);
/* "AllReduce", "AllGather", … as shown in region names. */
const char *st_collective_type_get_label (StCollectiveType type);

/* The type of a collective named @name ("ncclDevKernel_AllReduce_Sum…",
 * "c10d::_allgather_base_", "nccl:all_reduce", "c10d::barrier"),
 * ST_COLLECTIVE_OTHER when it names none (docs/metrics.md 1.6). */
StCollectiveType st_collective_type_for_name (const char *name);

/* "AllReduce #3", or "AllReduce+AllGather #3" for several types merged
 * (@types is a mask of StCollectiveType bits). A host op around its
 * record_param_comms carries OTHER besides its own type: OTHER is dropped
 * when another type is present, so c10d::allreduce_ reads "AllReduce". */
char *st_collective_dup_label (guint types, guint number);

/* The size in bytes of the collective @slice carries in its own args
 * (docs/metrics.md 1.6): "In msg nelems" × the size of "dtype", else
 * "bytes"; 0 when they say none. */
guint64 st_collective_read_size (StTrace *trace, const StSlice *slice);
/* The same, and when the size came from "In msg nelems" and "dtype", the
 * elements and the bytes of one in *@elements and *@element_bytes (else
 * 0). */
guint64 st_collective_read_size_parts (StTrace       *trace,
                                       const StSlice *slice,
                                       guint64       *elements,
                                       guint         *element_bytes);
/* The first input of @slice's args["Input Dims"] (docs/metrics.md 1.6):
 * its elements, the product of its dims, and the text of its entry of
 * args["Input type"] as written ("c10::BFloat16"), into the profile's
 * text; FALSE when the first input is not a list of numbers (a list of
 * tensors, a scalar) or has no type. */
gboolean st_collective_read_first_input (StTrace       *trace,
                                         const StSlice *slice,
                                         guint64       *elements,
                                         const char   **type,
                                         gsize         *type_length);
/* "64 MiB", "1.5 KiB", "100 B". */
char *st_collective_format_bytes (guint64 bytes);

G_END_DECLS
