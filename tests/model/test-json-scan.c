/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The reading primitives: decimal microseconds to exact nanoseconds, string
 * escapes, skipping values however deep, positions; and the base's other
 * helpers (formats, spans). */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-format.h"
#include "st-json-doc.h"
#include "st-json-scan.h"
#include "st-sort.h"
#include "st-span.h"

static gboolean
time_of (const char *text, gint64 *ns)
{
  return st_json_parse_time_ns (text, text + strlen (text), ns);
}

static void
test_time_exact (void)
{
  const struct
  {
    const char *text;
    gint64      ns;
  } cases[] = {
    { "0", 0 },
    { "-0", 0 },
    { "1", 1000 },
    { "1.5", 1500 },
    { "0.001", 1 },
    { "4203669604595.407", G_GINT64_CONSTANT (4203669604595407) },
    { "1712345678901234.567", G_GINT64_CONSTANT (1712345678901234567) },
    { "1712345678901234.5675", G_GINT64_CONSTANT (1712345678901234568) },
    { "0.0004", 0 },
    { "0.0005", 1 },
    { "-0.0005", -1 },
    { "-12.25", -12250 },
    { "1e3", 1000000 },
    { "2.5E1", 25000 },
    { "1.7123456789012365e15", G_GINT64_CONSTANT (1712345678901236500) },
    { "123456789e-6", 123457 },
    { "00042", 42000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint64 ns = -7;
      g_assert_true (time_of (cases[i].text, &ns));
      g_assert_cmpint (ns, ==, cases[i].ns);
    }
}

static void
test_time_invalid (void)
{
  const char *bad[] = { "",
                        "-",
                        "abc",
                        "1.2.3",
                        "NaN",
                        "Infinity",
                        "1e",
                        "1e+",
                        "12abc",
                        "1e400",
                        "9223372036854775.808",
                        "1e-400x" };
  gint64      ns;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (time_of (bad[i], &ns));
  /* tiny values are zero, not an error */
  g_assert_true (time_of ("1e-400", &ns));
  g_assert_cmpint (ns, ==, 0);
}

/* A time read where it is scanned (the tokenizer's way for ts and dur)
 * stops at the first byte that is not part of a plain number; where it
 * reads one, the time is the one of its token above (values by hand), and
 * where it cannot (too many digits, out of range, no digit), it reads
 * nothing and the token is read the usual way. */
static void
test_time_scanned (void)
{
  const struct
  {
    const char *text; /* followed by ", " in the buffer */
    gboolean    read;
    gsize       stop; /* where reading stopped */
    gint64      ns;
  } cases[] = {
    { "4203669604595.407", TRUE, 17, G_GINT64_CONSTANT (4203669604595407) },
    { "1.5", TRUE, 3, 1500 },
    { "-12.25", TRUE, 6, -12250 },
    { "0.0005", TRUE, 6, 1 },
    { "-0.0005", TRUE, 7, -1 },
    { "00042", TRUE, 5, 42000 },
    { "12.", TRUE, 3, 12000 },
    { "1e3", TRUE, 1, 1000 }, /* stops at the exponent: not a delimiter, so not taken */
    { "1712345678901234.5675", FALSE, 0, 0 },
    { "9223372036854775.808", FALSE, 0, 0 },
    { "-", FALSE, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *buf = g_strconcat (cases[i].text, ", ", NULL);
      const char      *out = NULL;
      gint64           ns = -7;

      g_assert_cmpint (st_json_scan_time_ns (buf, buf + strlen (buf), &out, &ns), ==,
                       cases[i].read);
      if (!cases[i].read)
        continue;
      g_assert_cmpint (out - buf, ==, cases[i].stop);
      g_assert_cmpint (ns, ==, cases[i].ns);
    }
}

static void
test_unescape (void)
{
  const char         *raw = "a\\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00\\ud800x";
  g_autoptr (GString) out = g_string_new (NULL);

  st_json_unescape (raw, raw + strlen (raw), out);
  g_assert_cmpstr (out->str, ==, "a\"b\\c/d\n\303\251\360\237\230\200\357\277\275x");
}

static void
test_skip_deep (void)
{
  gsize               depth = 200000;
  g_autoptr (GString) text = g_string_new (NULL);
  const char         *end;

  for (gsize i = 0; i < depth; i++)
    g_string_append (text, "[{\"k\":");
  g_string_append (text, "\"]}\\\"\"");
  for (gsize i = 0; i < depth; i++)
    g_string_append (text, "}]");
  g_string_append (text, " tail");
  end = st_json_skip_value (text->str, text->str + text->len);
  g_assert_nonnull (end);
  g_assert_cmpstr (end, ==, " tail");
  /* cut short: no end */
  g_assert_null (st_json_skip_value (text->str, text->str + text->len / 2));
}

static void
test_position (void)
{
  const char *text = "ab\ncd\n\nefg";
  guint64     line, column;

  st_json_position (text, 8, &line, &column);
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 2);
}

static void
test_format (void)
{
  const struct
  {
    gint64      ns;
    const char *text;
  } durations[] = {
    { 0, "0 ns" },           { 850, "850 ns" },         { 12500, "12.50 µs" },
    { 3270000, "3.270 ms" }, { 1204000000, "1.204 s" }, { 123456789012, "123.5 s" },
  };
  g_autofree char *count = st_format_count (1234567);

  for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
    {
      g_autofree char *text = st_format_duration (durations[i].ns);
      g_autofree char *grew = st_format_duration_delta (durations[i].ns);
      g_autofree char *fell = st_format_duration_delta (-durations[i].ns);
      g_autofree char *up = g_strconcat (durations[i].ns > 0 ? "+" : "", durations[i].text, NULL);
      /* a fall with the minus sign, U+2212 */
      g_autofree char *down
          = g_strconcat (durations[i].ns > 0 ? "\342\210\222" : "", durations[i].text, NULL);

      g_assert_cmpstr (text, ==, durations[i].text);
      g_assert_cmpstr (grew, ==, up);
      g_assert_cmpstr (fell, ==, down);
    }
  g_assert_cmpstr (count, ==, "1\342\200\257234\342\200\257567");
}

/* The scanner looks at 16 bytes at a time where it can: strings, runs of
 * white space and numbers are placed at every alignment and length around
 * that width, with the byte that matters at every offset. */
#define STRADDLE_MAX 40

/* "CONTENT" at offset @align in a buffer that ends right after @tail. */
static GString *
placed (gsize align, const char *content, const char *tail)
{
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < align; i++)
    g_string_append_c (text, 'x');
  g_string_append_printf (text, "\"%s\"%s", content, tail);
  return text;
}

static void
check_string (const char *content, gboolean escapes)
{
  for (gsize align = 0; align < 16; align++)
    {
      g_autoptr (GString) text = placed (align, content, ",}");
      const char         *start = text->str + align, *end = text->str + text->len;
      const char         *after = start + strlen (content) + 2;
      guint               flags = 0;

      g_assert_true (st_json_skip_string (start, end, &flags) == after);
      g_assert_cmpuint (flags, ==, escapes ? ST_JSON_STRING_ESCAPES : 0);
      /* Cut anywhere before the closing quote, the string does not end. */
      for (const char *cut = start + 1; cut < after; cut++)
        g_assert_null (st_json_skip_string (start, cut, NULL));
    }
}

static void
test_string_straddle (void)
{
  static const char *const specials[] = { "\\\"", "\\\\", "\\n", "\\u0041" };

  for (gsize len = 0; len <= STRADDLE_MAX; len++)
    {
      g_autofree char *plain = g_strnfill (len, 'a');

      check_string (plain, FALSE);
      for (guint s = 0; s < G_N_ELEMENTS (specials); s++)
        for (gsize at = 0; at <= len; at++)
          {
            g_autofree char *content
                = g_strdup_printf ("%.*s%s%s", (int)at, plain, specials[s], plain + at);
            check_string (content, TRUE);
          }
    }
  /* A run of backslashes before a quote: an even run ends the string. */
  check_string ("ab\\\\\\\\", TRUE);
  check_string ("\\\\\\\"\\\\", TRUE);
}

static void
test_skip_straddle (void)
{
  static const char ws[] = { ' ', '\n', '\t', '\r' };
  static const char delimiters[] = ",}] \n\t\r";

  for (gsize len = 0; len <= STRADDLE_MAX; len++)
    for (gsize align = 0; align < 16; align++)
      {
        g_autoptr (GString) blank = g_string_new (NULL);
        g_autoptr (GString) number = g_string_new (NULL);

        for (gsize i = 0; i < align; i++)
          {
            g_string_append_c (blank, 'x');
            g_string_append_c (number, 'x');
          }
        for (gsize i = 0; i < len; i++)
          g_string_append_c (blank, ws[i % G_N_ELEMENTS (ws)]);
        g_string_append (blank, "{ ");
        g_assert_true (st_json_skip_ws (blank->str + align, blank->str + blank->len)
                       == blank->str + align + len);
        g_assert_true (st_json_skip_ws (blank->str + align, blank->str + align + len)
                       == blank->str + align + len);

        for (gsize i = 0; i <= len; i++)
          g_string_append_c (number, "-0123456789.e+"[i % 14]);
        for (const char *d = delimiters; *d != '\0'; d++)
          {
            g_string_truncate (number, align + len + 1);
            g_string_append_c (number, *d);
            g_string_append (number, "1]");
            g_assert_true (st_json_skip_scalar (number->str + align, number->str + number->len)
                           == number->str + align + len + 1);
          }
      }
}

/* Brackets and escaped quotes inside strings, at every offset of a skipped
 * object, do not end it. */
static void
test_skip_value_straddle (void)
{
  for (gsize len = 0; len <= STRADDLE_MAX; len++)
    for (gsize at = 0; at <= len; at++)
      {
        g_autofree char    *filler = g_strnfill (len, 'b');
        g_autoptr (GString) text = g_string_new (NULL);
        gsize               object_end;

        g_string_append_printf (text, "{\"k\": [\"%.*s}]\\\"{[%s\", {\"n\": 12}], \"z\": %.*s1}",
                                (int)at, filler, filler + at, (int)at,
                                "        "
                                "                                        ");
        object_end = text->len;
        g_string_append (text, "}]tail");
        g_assert_true (st_json_skip_value (text->str, text->str + text->len)
                       == text->str + object_end);
        g_assert_null (st_json_skip_value (text->str, text->str + object_end - 1));
      }
}

/* The end of a container as the grammar says: brackets count outside
 * strings, a backslash inside one escapes the next byte. Written here
 * byte by byte to check the scanner's 64-byte blocks against. */
static const char *
reference_skip (const char *p, const char *end)
{
  gsize    depth = 0;
  gboolean in_string = FALSE;

  for (; p < end; p++)
    {
      if (in_string && *p == '\\')
        p++;
      else if (*p == '"')
        in_string = !in_string;
      else if (!in_string && (*p == '{' || *p == '['))
        depth++;
      else if (!in_string && (*p == '}' || *p == ']') && --depth == 0)
        return p + 1;
    }
  return NULL;
}

/* Containers of random brackets, quotes and backslashes, a few hundred
 * bytes long: skipped as the grammar says wherever a block boundary falls. */
static void
test_skip_value_random (void)
{
  static const char alphabet[] = "{}[]\"\"\\ab {[\"";
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);

  for (guint round = 0; round < 20000; round++)
    {
      gsize            len = g_rand_int_range (rand, 1, 400);
      g_autofree char *text = g_malloc (len);

      text[0] = g_rand_boolean (rand) ? '{' : '[';
      for (gsize i = 1; i < len; i++)
        text[i] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      g_assert_true (st_json_skip_value (text, text + len) == reference_skip (text, text + len));
    }
}

/* A double is written in its shortest text that reads back as itself:
 * 18.486486 is not written 18.486485999999999 (its %.17g), 0.1 not
 * 0.10000000000000001; 1/3 is 0.3333333333333333, its 16 digits the
 * fewest that read back (15 give 0.333333333333333, another double). */
static void
test_format_double (void)
{
  char         buf[ST_FORMAT_DOUBLE_SIZE];
  const double values[] = { 18.486486, 0.1, 1.0 / 3.0, 1e20, -2.5e-300, 123456789012345678.0 };

  g_assert_cmpstr (st_format_double (buf, 18.486486), ==, "18.486486");
  g_assert_cmpstr (st_format_double (buf, 0.1), ==, "0.1");
  g_assert_cmpstr (st_format_double (buf, 1.0 / 3.0), ==, "0.3333333333333333");
  g_assert_cmpstr (st_format_double (buf, 1e20), ==, "1e+20");
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_assert_cmpfloat (g_ascii_strtod (st_format_double (buf, values[i]), NULL), ==, values[i]);
}

static int
compare_natural (gconstpointer a, gconstpointer b)
{
  return st_natural_compare (*(const char *const *)a, *(const char *const *)b);
}

/* Names with numbers in natural order (docs/metrics.md, names in order):
 * the order below was written by hand, reading each run of digits as its
 * number; E01 and E1 tie as numbers and fall back to their bytes ('0'
 * before '1'). Sorted as text, E10 would come before E2. */
static void
test_natural_order (void)
{
  const char *names[] = { "stream 24", "E10", "rank 10", "E2", "stream 7", "E1", "rank 2", "E01" };
  const char *expected[]
      = { "E01", "E1", "E2", "E10", "rank 2", "rank 10", "stream 7", "stream 24" };

  qsort (names, G_N_ELEMENTS (names), sizeof names[0], compare_natural);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (names[i], ==, expected[i]);
  g_assert_cmpint (st_natural_compare ("a9b", "a10a"), <, 0);
  g_assert_cmpint (st_natural_compare ("x", "x"), ==, 0);
  g_assert_cmpint (st_natural_compare ("x2", "x"), >, 0);
}

/* A digest's column of numbers: integers of up to 18 characters are read
 * in place, longer ones through GLib; the expected values are the texts'
 * own (G_MININT64 and G_MAXINT64 are the 64-bit limits; one past the
 * largest is beyond, not an integer). */
static void
test_numbers_column (void)
{
  static const char text[] = "[0, -0, 17, -12345678901234567, 123456789012345678, "
                             "1234567890123456789, 9223372036854775807, 9223372036854775808, "
                             "-9223372036854775808, 1.5, -2e3, null]";
  static const struct
  {
    guint8 kind;
    gint64 whole;
    double number;
  } want[] = {
    { ST_JSON_NUMBER_INT, 0, 0 },
    { ST_JSON_NUMBER_INT, 0, 0 },
    { ST_JSON_NUMBER_INT, 17, 0 },
    { ST_JSON_NUMBER_INT, -12345678901234567, 0 },
    { ST_JSON_NUMBER_INT, 123456789012345678, 0 },
    { ST_JSON_NUMBER_INT, 1234567890123456789, 0 },
    { ST_JSON_NUMBER_INT, G_MAXINT64, 0 },
    { ST_JSON_NUMBER_BEYOND, 0, 0 },
    { ST_JSON_NUMBER_INT, G_MININT64, 0 },
    { ST_JSON_NUMBER_DOUBLE, 0, 1.5 },
    { ST_JSON_NUMBER_DOUBLE, 0, -2000 },
    { ST_JSON_NUMBER_NULL, 0, 0 },
  };
  const char        *p = text;
  g_autoptr (GArray) cells = st_json_scan_numbers (&p, text + strlen (text));

  g_assert_nonnull (cells);
  g_assert_true (p == text + strlen (text));
  g_assert_cmpuint (cells->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < cells->len; i++)
    {
      const StJsonNumber *c = &g_array_index (cells, StJsonNumber, i);

      g_assert_cmpint (c->kind, ==, want[i].kind);
      if (c->kind == ST_JSON_NUMBER_INT)
        g_assert_cmpint (c->whole, ==, want[i].whole);
      else if (c->kind == ST_JSON_NUMBER_DOUBLE)
        g_assert_cmpfloat (c->number, ==, want[i].number);
    }
}

/* The time spans cover together (st-span.h), by hand: [0, 10) and [5, 20)
 * overlap in [5, 10), so 20; [30, 40) apart, 10 more; [32, 35) inside it
 * adds nothing; a span ending before it starts covers nothing. In any
 * order. Two spans of the whole int64 range saturate rather than wrap. */
static void
test_spans_union (void)
{
  const StSpan       v[] = { { 30, 40 }, { 5, 20 }, { 32, 35 }, { 0, 10 }, { 50, 45 } };
  const StSpan       edge[] = { { G_MININT64, 0 }, { 1, G_MAXINT64 } };
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (StSpan));

  g_assert_cmpint (st_spans_union (spans), ==, 0);
  g_array_append_vals (spans, v, G_N_ELEMENTS (v));
  g_assert_cmpint (st_spans_union (spans), ==, 30);
  g_array_set_size (spans, 0);
  g_array_append_vals (spans, edge, G_N_ELEMENTS (edge));
  g_assert_cmpint (st_spans_union (spans), ==, G_MAXINT64);
}

/* ST_DEFINE_SEARCH_FROM: the first place not before a value, whatever
 * place the search starts from. The expected place is counted by a walk
 * from the start of the array, the definition itself; the arrays hold
 * runs of equal values (where "not before" must land on the first of a
 * run), and the searches go forward, backward and past either end. */
ST_DEFINE_SEARCH_FROM (search_up_to, gint64, gint64, *e <= value)

static guint
walk_up_to (const gint64 *v, guint n, gint64 value)
{
  guint i = 0;

  while (i < n && v[i] <= value)
    i++;
  return i;
}

static void
test_search_from (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 200; round++)
    {
      guint              n = g_rand_int_range (rand, 0, 300);
      g_autofree gint64 *v = g_new (gint64, MAX (1, n));
      gint64             x = 0;
      guint              from = 0;

      for (guint i = 0; i < n; i++)
        v[i] = x += g_rand_int_range (rand, 0, 3); /* steps of 0 make runs */
      for (guint q = 0; q < 50; q++)
        {
          gint64 value = g_rand_int_range (rand, -2, (gint32)x + 3);
          guint  start = q % 3 == 0 ? (guint)g_rand_int_range (rand, 0, (gint32)n + 5) : from;

          from = search_up_to (v, n, start, value);
          g_assert_cmpuint (from, ==, walk_up_to (v, n, value));
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/json/time/exact", test_time_exact);
  g_test_add_func ("/model/json/time/invalid", test_time_invalid);
  g_test_add_func ("/model/json/time/scanned", test_time_scanned);
  g_test_add_func ("/model/json/unescape", test_unescape);
  g_test_add_func ("/model/json/skip-deep", test_skip_deep);
  g_test_add_func ("/model/json/numbers-column", test_numbers_column);
  g_test_add_func ("/model/json/straddle/string", test_string_straddle);
  g_test_add_func ("/model/json/straddle/white-space-and-numbers", test_skip_straddle);
  g_test_add_func ("/model/json/straddle/value", test_skip_value_straddle);
  g_test_add_func ("/model/json/skip-value-random", test_skip_value_random);
  g_test_add_func ("/model/json/position", test_position);
  g_test_add_func ("/model/format", test_format);
  g_test_add_func ("/model/format/double", test_format_double);
  g_test_add_func ("/model/format/natural-order", test_natural_order);
  g_test_add_func ("/model/spans/union", test_spans_union);
  g_test_add_func ("/model/sort/search-from", test_search_from);

  return g_test_run ();
}
