/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-environment-diff.h: how two profiles' environments differ
 * (docs/metrics.md 8.11): the fields known on both sides whose values
 * differ, which of them are hardware (vendor, device model, device count,
 * world size), the sentence that says the hardware changed before any
 * number is read, and the text of What Got Worse's setup finding (8.6). */
#pragma once

#include "st-environment.h"

G_BEGIN_DECLS

typedef struct
{
  StEnvironmentField field;
  char              *base; /* as st_environment_dup_text writes it */
  char              *new_;
  gboolean           hardware;
  gboolean           setup; /* named by the setup finding: hardware, data types, graphs, compiled */
} StEnvironmentDifference;

/* The differences of @new_ from @base, in the order of the fields: a
 * GArray of StEnvironmentDifference that frees its texts. */
GArray *st_environment_diff (const StEnvironment *base, const StEnvironment *new_);

/* "The new profile ran on a different GPU (Tesla V100 vs A100) and world
 * size (2 vs 8): differences below mix the change with the hardware.";
 * NULL when no hardware differs. */
char *st_environment_dup_warning (const StEnvironment *new_, GArray *differences);

/* "Different setup — GPU: Tesla V100 (base A100); world size: 2 (base
 * 8)"; NULL when nothing of the setup differs. */
char *st_environment_dup_setup (const StEnvironment *new_, GArray *differences);

G_END_DECLS
