/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-rocprof-importer-private.h"
#include "st-sort.h"

/* The launches of docs/metrics.md 1.2: an API call and the dispatches and
 * copies of its correlation id, linked by flows bound to both records
 * exactly (flow v2, by their offsets). The records come from any reader,
 * so each end goes to the shard of its reader. */

/* By process and correlation id; in a group the API calls first, by start. */
ST_DEFINE_SORT (sort_links,
                Link,
                a->proc != b->proc                                 ? a->proc < b->proc
                : a->corr != b->corr                               ? a->corr < b->corr
                : (a->reader & LINK_API) != (b->reader & LINK_API) ? (a->reader & LINK_API) != 0
                                                                   : a->ts < b->ts)

static void
push_end (Importer *im, const Link *link, guint64 key, StStringId *cats, StFlowPhase phase)
{
  guint      reader = link->reader & LINK_READER;
  Reader    *r = g_ptr_array_index (im->readers, reader);
  StRawFlow *f = st_vec_push (&r->shard->flows, StRawFlow);

  if (cats[reader] == ST_STRING_NONE)
    cats[reader] = st_string_table_intern (r->shard->strings, "correlation_id", 14);
  f->ts = link->ts;
  f->offset = link->offset;
  f->key = key;
  f->track = link->track;
  f->name = ST_STRING_EMPTY;
  f->cat = cats[reader];
  f->slice = 0;
  f->phase = phase;
  f->enclosing = FALSE;
}

/* One flow per device record of the group @g[0, n): from the latest API
 * call that starts at or before it. Each flow has a key of its own, so
 * that one call may launch many. */
static void
link_group (Importer *im, const Link *g, gsize n, StStringId *cats)
{
  gsize n_api = 0;

  while (n_api < n && (g[n_api].reader & LINK_API))
    n_api++;
  for (gsize d = n_api; d < n && n_api > 0; d++)
    {
      gsize   a = n_api;
      guint64 key;

      while (a > 0 && g[a - 1].ts > g[d].ts)
        a--;
      if (a == 0)
        continue;
      key = (guint64)g[d].corr * 0x9e3779b97f4a7c15ULL ^ (guint64)g[d].proc << 48
            ^ (guint64)(d - n_api) << 32 ^ 0x726f6370u;
      push_end (im, &g[a - 1], key, cats, ST_FLOW_V2_OUT);
      push_end (im, &g[d], key, cats, ST_FLOW_V2_IN);
    }
}

/* Every reader's links in one array, each reader's freed as it is taken:
 * a link per record is the biggest thing the importer holds for a while. */
static Link *
take_links (Importer *im, gsize *n)
{
  Link *all;
  gsize total = 0;

  for (guint i = 0; i < im->readers->len; i++)
    total += ((Reader *)g_ptr_array_index (im->readers, i))->links->len;
  all = g_new (Link, MAX (1, total));
  *n = 0;
  for (guint i = 0; i < im->readers->len; i++)
    {
      Reader *r = g_ptr_array_index (im->readers, i);

      if (r->links->len > 0)
        memcpy (all + *n, r->links->data, r->links->len * sizeof (Link));
      *n += r->links->len;
      g_array_unref (r->links);
      r->links = g_array_new (FALSE, FALSE, sizeof (Link));
    }
  return all;
}

void
st_rocprof_link (Importer *im)
{
  gsize                  n;
  g_autofree Link       *links = take_links (im, &n);
  g_autofree StStringId *cats = g_new (StStringId, MAX (1, im->readers->len));

  for (guint i = 0; i < im->readers->len; i++)
    cats[i] = ST_STRING_NONE;
  sort_links (links, n, NULL);
  for (gsize i = 0, j; i < n; i = j)
    {
      for (j = i + 1; j < n && links[j].proc == links[i].proc && links[j].corr == links[i].corr;)
        j++;
      link_group (im, links + i, j - i, cats);
    }
}
