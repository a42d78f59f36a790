/* runtime/support/file.c - output files that never appear half-written:
 * data goes to a temporary file in the target's directory, renamed into
 * place once complete, and removed if the process is killed meanwhile. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdlib.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include "support/support.h"

/* The temporary file being written, removed by the signal handler when the
 * process is killed meanwhile (a static buffer: handlers cannot allocate). */
static char pending_tmp[4096];
static volatile sig_atomic_t pending;
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGXFSZ};
enum { NUM_CLEANUP_SIGNALS = sizeof cleanup_signals / sizeof cleanup_signals[0] };
static struct sigaction saved_actions[NUM_CLEANUP_SIGNALS];
/* Which signals have the handler: one the process ignores (a background
 * job's SIGINT, nohup's SIGHUP) stays ignored, so it cannot stop a write. */
static bool caught[NUM_CLEANUP_SIGNALS];

static void on_fatal_signal(int sig) {
  if (pending)
    unlink(pending_tmp);
  pending = 0;
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    if (cleanup_signals[i] == sig)
      sigaction(sig, &saved_actions[i], NULL);
  raise(sig); /* the program's own handling (by default: terminate) */
}

static void guard_tmp(const char *tmp) {
  size_t n = strlen(tmp);
  if (n >= sizeof pending_tmp)
    return; /* too long to remember: left behind if killed */
  memcpy(pending_tmp, tmp, n + 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++) {
    caught[i] = sigaction(cleanup_signals[i], NULL, &saved_actions[i]) == 0 &&
                saved_actions[i].sa_handler != SIG_IGN &&
                sigaction(cleanup_signals[i], &sa, NULL) == 0;
  }
  pending = 1;
}

static void unguard_tmp(void) {
  if (!pending)
    return;
  pending = 0;
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    if (caught[i])
      sigaction(cleanup_signals[i], &saved_actions[i], NULL);
}

/* Gives the temporary file the owner, group and mode of the file it will
 * replace. Only root may give a file away; other users keep the group when
 * they belong to it, else the new file is theirs. The mode comes last:
 * a change of owner clears the set-user-ID and set-group-ID bits. */
static void copy_owner_and_mode(int fd, const struct stat *sb) {
  if (sb->st_uid != geteuid() || sb->st_gid != getegid()) {
    if (fchown(fd, sb->st_uid, sb->st_gid) != 0 && fchown(fd, (uid_t)-1, sb->st_gid) != 0) {
      /* not permitted: the replacement belongs to the user */
    }
  }
  (void)fchmod(fd, sb->st_mode & 07777);
}

/* The file a write to `path` lands in: the target of a symlink (also a
 * dangling one), else `path`. Caller frees. */
static char *write_target(const char *path) {
  struct stat lsb;
  if (lstat(path, &lsb) != 0 || !S_ISLNK(lsb.st_mode)) {
    char *p = rg_alloc(strlen(path) + 1);
    if (p)
      strcpy(p, path);
    return p;
  }
  char *real = realpath(path, NULL);
  if (real) {
    char *p = rg_alloc(strlen(real) + 1);
    if (p)
      strcpy(p, real);
    free(real);
    return p;
  }
  char link[4096];
  ssize_t n = readlink(path, link, sizeof link - 1);
  if (n <= 0)
    return NULL;
  link[n] = 0;
  const char *slash = strrchr(path, '/');
  size_t dlen = link[0] == '/' || !slash ? 0 : (size_t)(slash - path) + 1;
  char *p = rg_alloc(dlen + (size_t)n + 1);
  if (p) {
    memcpy(p, path, dlen);
    memcpy(p + dlen, link, (size_t)n + 1);
  }
  return p;
}

static bool read_only(const struct stat *sb, const char *path) {
  return !(sb->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) || access(path, W_OK) != 0;
}

static int write_all(int fd, const char *data, size_t len) {
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, data + done, len - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    done += (size_t)w;
  }
  return 0;
}

/* An output file being streamed: standard output, a non-regular file
 * written in place, or a temporary file renamed over the target at close. */
struct RgsFileOut {
  const char *path; /* as given, for messages */
  FILE *stream;     /* standard output or a non-regular file */
  bool own_stream;  /* fclose it (not standard output) */
  int fd;           /* the temporary file, or -1 */
  char *tmp, *target;
  const char *what; /* the first failure: "write", ... */
  int saved;        /* its errno */
};

RgsFileOut *rgs_file_out_open(const char *path, unsigned flags, char *err, size_t errlen) {
  RgsFileOut *f = rg_alloc(sizeof *f);
  if (!f) {
    snprintf(err, errlen, "out of memory writing '%s'", path);
    return NULL;
  }
  memset(f, 0, sizeof *f);
  f->path = path;
  f->fd = -1;
  if (strcmp(path, "-") == 0) {
    f->stream = stdout;
    return f;
  }
  f->target = write_target(path);
  if (!f->target) {
    snprintf(err, errlen, "cannot resolve the symbolic link '%s': %s", path, strerror(errno));
    rg_free(f);
    return NULL;
  }
  /* A device, FIFO or other non-regular file (`-o /dev/null`) is written in
   * place: renaming a temporary file over it would replace the device node. */
  struct stat sb;
  bool exists = stat(f->target, &sb) == 0;
  if (exists && !S_ISREG(sb.st_mode)) {
    f->stream = fopen(f->target, "w");
    if (!f->stream) {
      snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
      rg_free(f->target);
      rg_free(f);
      return NULL;
    }
    f->own_stream = true;
    return f;
  }
  if (exists && !(flags & RGS_WRITE_FORCE) && read_only(&sb, f->target)) {
    snprintf(err, errlen, "'%s' is read-only; not replaced (--force replaces it)", path);
    rg_free(f->target);
    rg_free(f);
    return NULL;
  }
  size_t plen = strlen(f->target);
  f->tmp = rg_alloc(plen + 16);
  if (!f->tmp) {
    snprintf(err, errlen, "out of memory writing '%s'", path);
    rg_free(f->target);
    rg_free(f);
    return NULL;
  }
  memcpy(f->tmp, f->target, plen);
  memcpy(f->tmp + plen, ".tmp.XXXXXX", 12);
  /* A signal between creating the file and arming the handler would leave
   * the file behind: it waits until the handler is in place. */
  sigset_t held, before;
  sigemptyset(&held);
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    sigaddset(&held, cleanup_signals[i]);
  sigprocmask(SIG_BLOCK, &held, &before);
  f->fd = mkstemp(f->tmp);
  int saved = errno;
  if (f->fd >= 0)
    guard_tmp(f->tmp);
  sigprocmask(SIG_SETMASK, &before, NULL);
  if (f->fd < 0) {
    snprintf(err, errlen, "cannot create temporary file for '%s': %s", path, strerror(saved));
    rg_free(f->tmp);
    rg_free(f->target);
    rg_free(f);
    return NULL;
  }
  /* mkstemp creates 0600 for the user: keep the owner and mode of the file
   * replaced, or give a new one the mode a plain create would. */
  if (exists) {
    copy_owner_and_mode(f->fd, &sb);
  } else {
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(f->fd, 0666 & ~mask);
  }
  return f;
}

int rgs_file_out_write(RgsFileOut *f, const char *data, size_t len) {
  if (f->what)
    return -1;
  bool ok = f->fd >= 0 ? write_all(f->fd, data, len) == 0 : fwrite(data, 1, len, f->stream) == len;
  if (!ok) {
    f->what = "write";
    f->saved = errno;
  }
  return ok ? 0 : -1;
}

int rgs_file_out_close(RgsFileOut *f, bool commit, char *err, size_t errlen) {
  if (!f)
    return -1;
  if (f->stream) {
    if (!f->what && fflush(f->stream) != 0) {
      f->what = "write";
      f->saved = errno;
    }
    if (f->own_stream && fclose(f->stream) != 0 && !f->what) {
      f->what = "write";
      f->saved = errno;
    }
  } else {
    if (commit && !f->what && fsync(f->fd) != 0 && errno != EINVAL) {
      f->what = "sync";
      f->saved = errno;
    }
    if (close(f->fd) != 0 && !f->what) {
      f->what = "write";
      f->saved = errno;
    }
    if (commit && !f->what && rename(f->tmp, f->target) != 0) {
      f->what = "write";
      f->saved = errno;
    }
    if (!commit || f->what)
      unlink(f->tmp);
    unguard_tmp();
  }
  int rc = f->what ? -1 : 0;
  if (f->what) {
    if (f->stream == stdout)
      snprintf(err, errlen, "cannot write to standard output: %s", strerror(f->saved));
    else
      snprintf(err, errlen, "cannot %s '%s': %s", f->what, f->path, strerror(f->saved));
  }
  rg_free(f->tmp);
  rg_free(f->target);
  rg_free(f);
  return commit ? rc : -1;
}

int rgs_write_file(const char *path, const char *data, size_t len, unsigned flags, char *err,
                  size_t errlen) {
  RgsFileOut *f = rgs_file_out_open(path, flags, err, errlen);
  if (!f)
    return -1;
  rgs_file_out_write(f, data, len);
  return rgs_file_out_close(f, true, err, errlen);
}

int rgs_write_file_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen) {
  return rgs_write_file(path, data, len, 0, err, errlen);
}

/* `path` made absolute through its directory (which must exist), for
 * comparing names of files that do not exist yet. Caller frees. */
static char *canonical_name(const char *path) {
  const char *slash = strrchr(path, '/');
  char dir[4096];
  if (!slash)
    strcpy(dir, ".");
  else if (slash == path)
    strcpy(dir, "/");
  else if ((size_t)(slash - path) < sizeof dir) {
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = 0;
  } else
    return NULL;
  char *real = realpath(dir, NULL);
  if (!real)
    return NULL;
  const char *base = slash ? slash + 1 : path;
  char *p = rg_alloc(strlen(real) + strlen(base) + 2);
  if (p)
    sprintf(p, "%s/%s", real, base);
  free(real);
  return p;
}

bool rgs_path_same_file(const char *a, const char *b) {
  if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
    return false;
  struct stat sa, sb;
  bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
  if (ea && eb)
    return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (ea || eb)
    return false;
  char *ca = write_target(a), *cb = write_target(b);
  char *na = ca ? canonical_name(ca) : NULL, *nb = cb ? canonical_name(cb) : NULL;
  bool same = na && nb ? strcmp(na, nb) == 0 : strcmp(a, b) == 0;
  rg_free(ca);
  rg_free(cb);
  rg_free(na);
  rg_free(nb);
  return same;
}
