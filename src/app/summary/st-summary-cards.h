/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-cards.h: the Summary page's cards, each a StSummarySection
 * subclass named in the page's template; the page makes their types known
 * to GtkBuilder before it reads the template. A new card is added here and
 * in ui/st-summary-page.ui. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void st_summary_cards_ensure_types (void);

G_END_DECLS
