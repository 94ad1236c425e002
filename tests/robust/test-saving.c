/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli regions -o over what is not a plain new file, each made at
 * test time: a FIFO is written through and stays a FIFO, /dev/full gives
 * one line and exit 1 and stays a device, a link that leads nowhere is
 * refused and left as it is, a link to a file has its target replaced and
 * stays a link, "-" is standard output, and a run that finds no region
 * leaves an existing file as it was. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

/* The second of the two regions the collectives method finds in
 * device-collectives.json: its kernels, read off the file. The
 * ReduceScatter at 300 µs and the AllReduce that starts as it ends, at
 * 320 µs, are one burst (a gap of none beside gaps of 130 and 170 µs,
 * docs/metrics.md 5.1); the SendRecv at 500 µs ends the region. */
#define SECOND_REGION "AllReduce+ReduceScatter #2–#3 → SendRecv #4"

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "highlight", name, NULL);
}

/* strata-cli regions DATA --method collectives -o @output [@extra], run in
 * @dir. */
static void
run_regions (Run *run, const char *dir, const char *data, const char *output, const char *extra)
{
  g_autofree char *input = data_path (data);
  const char      *argv[] = {
         g_getenv ("STRATA_CLI"), "regions", input, "--method", "collectives", "-o", output, extra, NULL
  };
  g_autoptr (GError) error = NULL;
  int                wait_status;

  g_assert_true (g_spawn_sync (dir, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &run->out,
                               &run->err, &wait_status, &error));
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* @text is a region file with the two regions of device-collectives.json. */
static void
assert_two_regions (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError)     error = NULL;
  JsonObject            *root;
  JsonArray             *regions;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_nonnull (json_parser_get_root (parser));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 1);
  regions = json_object_get_array_member (root, "regions");
  g_assert_cmpuint (json_array_get_length (regions), ==, 2);
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (regions, 1), "name"), ==,
      SECOND_REGION);
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *c = text; *c != '\0'; c++)
    n += *c == '\n';
  return n;
}

/* A reader of a FIFO on a thread of its own, as `cat FIFO` would be. */
typedef struct
{
  int      fd;
  GString *read;
} Reader;

static gpointer
read_fifo (gpointer data)
{
  Reader *reader = data;
  char    buffer[4096];
  gssize  n;

  while ((n = read (reader->fd, buffer, sizeof buffer)) != 0)
    if (n > 0)
      g_string_append_len (reader->read, buffer, n);
    else
      g_assert_cmpint (errno, ==, EINTR);
  close (reader->fd);
  return NULL;
}

static void
test_fifo (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-saving-XXXXXX", NULL);
  g_autofree char    *fifo = g_build_filename (dir, "regions.json", NULL);
  g_autoptr (GString) read = g_string_new (NULL);
  Reader              reader = { -1, read };
  g_auto (Run)        run = { 0 };
  GThread            *thread;
  GStatBuf            st;
  int                 writer;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  /* The read end first, so that opening a write end does not wait. This
   * write end, held until strata-cli is done, keeps the reader waiting for
   * it rather than seeing the end at once; and should strata-cli never open
   * the FIFO, closing it lets the reader end. */
  reader.fd = g_open (fifo, O_RDONLY | O_NONBLOCK, 0);
  g_assert_cmpint (reader.fd, >=, 0);
  writer = g_open (fifo, O_WRONLY, 0);
  g_assert_cmpint (writer, >=, 0);
  g_assert_cmpint (fcntl (reader.fd, F_SETFL, 0), ==, 0);
  thread = g_thread_new ("fifo-reader", read_fifo, &reader);
  run_regions (&run, dir, "device-collectives.json", fifo, NULL);
  close (writer);
  g_thread_join (thread);
  g_assert_cmpint (run.status, ==, 0);
  assert_two_regions (read->str);
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A device that is always full. Who may make device nodes (root) could
 * also replace the system's /dev/full, should saving be broken: a node of
 * its own, then, when it behaves as /dev/full does. Others use /dev/full,
 * which they cannot replace. NULL: neither can be had. */
static char *
full_device (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "full", NULL);
  GStatBuf         st;
  int              fd;
  gboolean         full;

  if (mknod (path, S_IFCHR | 0600, makedev (1, 7)) != 0)
    return g_lstat ("/dev/full", &st) == 0 && S_ISCHR (st.st_mode) ? g_strdup ("/dev/full") : NULL;
  fd = g_open (path, O_WRONLY, 0);
  full = fd >= 0 && write (fd, "x", 1) < 0 && errno == ENOSPC;
  if (fd >= 0)
    close (fd);
  if (full)
    return g_steal_pointer (&path);
  g_unlink (path);
  return NULL;
}

/* The device is full: one line naming it, exit 1, and it is still the
 * device. */
static void
test_dev_full (void)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-saving-XXXXXX", NULL);
  g_autofree char *device = full_device (dir);
  g_auto (Run)     run = { 0 };
  GStatBuf         st;

  if (device == NULL)
    {
      g_test_skip ("no device that is always full here");
      g_rmdir (dir);
      return;
    }
  run_regions (&run, dir, "device-collectives.json", device, "--json");
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpuint (count_lines (run.err), ==, 1);
  g_assert_nonnull (strstr (run.err, device));
  g_assert_cmpint (g_lstat (device, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  if (g_str_has_prefix (device, dir))
    g_unlink (device);
  g_rmdir (dir);
}

/* A link to nothing: refused in one line, the link as it was, and no file
 * made where it points. */
static void
test_dangling_link (void)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-saving-XXXXXX", NULL);
  g_autofree char *link = g_build_filename (dir, "regions.json", NULL);
  g_autofree char *target = g_build_filename (dir, "gone", "regions.json", NULL);
  g_autofree char *after = NULL;
  g_auto (Run)     run = { 0 };

  g_assert_cmpint (symlink (target, link), ==, 0);
  run_regions (&run, dir, "device-collectives.json", link, "--json");
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpuint (count_lines (run.err), ==, 1);
  g_assert_nonnull (strstr (run.err, "regions.json"));
  after = g_file_read_link (link, NULL);
  g_assert_cmpstr (after, ==, target);
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
  g_unlink (link);
  g_rmdir (dir);
}

/* A link to a region file: the file gets the regions, the link stays. */
static void
test_link_to_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-saving-XXXXXX", NULL);
  g_autofree char *link = g_build_filename (dir, "latest.json", NULL);
  g_autofree char *target = g_build_filename (dir, "run-1.json", NULL);
  g_autofree char *after = NULL;
  g_autofree char *written = NULL;
  g_auto (Run)     run = { 0 };

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink ("run-1.json", link), ==, 0);
  run_regions (&run, dir, "device-collectives.json", link, NULL);
  g_assert_cmpint (run.status, ==, 0);
  after = g_file_read_link (link, NULL);
  g_assert_cmpstr (after, ==, "run-1.json");
  g_assert_true (g_file_get_contents (target, &written, NULL, NULL));
  assert_two_regions (written);
  g_unlink (link);
  g_unlink (target);
  g_rmdir (dir);
}

/* -o -: the region file on standard output, no file named "-". */
static void
test_stdout (void)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-saving-XXXXXX", NULL);
  g_autofree char *dash = g_build_filename (dir, "-", NULL);
  g_auto (Run)     run = { 0 };

  run_regions (&run, dir, "device-collectives.json", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_two_regions (run.out);
  g_assert_false (g_file_test (dash, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* A run that finds no region leaves the file of an earlier run as it was,
 * and says so. */
static void
test_no_region (void)
{
  g_autofree char  *dir = g_dir_make_tmp ("strata-saving-XXXXXX", NULL);
  g_autofree char  *path = g_build_filename (dir, "regions.json", NULL);
  g_autofree char  *after = NULL;
  const char *const before = "{\"version\": 1, \"regions\": [{\"name\": \"Step\", \"start_ns\": "
                             "1, \"end_ns\": 2, \"method\": \"manual\"}]}";
  g_auto (Run)      run = { 0 };

  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  run_regions (&run, dir, "flat.json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "left as it is"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/robust/saving/fifo", test_fifo);
  g_test_add_func ("/robust/saving/dev-full", test_dev_full);
  g_test_add_func ("/robust/saving/dangling-link", test_dangling_link);
  g_test_add_func ("/robust/saving/link-to-file", test_link_to_file);
  g_test_add_func ("/robust/saving/stdout", test_stdout);
  g_test_add_func ("/robust/saving/no-region", test_no_region);
  return g_test_run ();
}
