/* st-string-table.h: interned strings with 32-bit ids.
 *
 * Every name, category, pid, tid and arg key of a trace is stored once; events
 * hold ids. Id 0 is always the empty string. Not thread-safe: each importer
 * thread interns into its own table and the tables are merged afterwards.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef guint32 StStringId;

#define ST_STRING_EMPTY ((StStringId)0)
#define ST_STRING_NONE  ((StStringId)G_MAXUINT32)

typedef struct _StStringTable StStringTable;

StStringTable *st_string_table_new (void);
void           st_string_table_free (StStringTable *self);
StStringId     st_string_table_intern (StStringTable *self, const char *str, gsize len);
StStringId     st_string_table_lookup (const StStringTable *self, const char *str, gsize len);
const char    *st_string_table_get (const StStringTable *self, StStringId id);
gsize          st_string_table_get_length (const StStringTable *self, StStringId id);
guint          st_string_table_get_size (const StStringTable *self);
void     st_string_table_replace (StStringTable *self, StStringId id, const char *str, gsize len);
guint32 *st_string_table_merge (StStringTable *self, const StStringTable *other);

guint64 st_hash_bytes (const char *data, gsize len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StStringTable, st_string_table_free)

G_END_DECLS
