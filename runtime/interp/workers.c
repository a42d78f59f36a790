/* runtime/interp/workers.c - the threads the heavy fp32 kernels split their
 * work over (rg_eval_parallel): started on first use, then kept waiting
 * for the next job. A job is a number of parts; the calling thread and
 * the workers take parts in turn until none is left, so a worker the
 * machine runs late only means the caller does more of them. Each part
 * writes its own outputs and computes each of them exactly as one thread
 * would, so results do not depend on the number of threads. */
#include <pthread.h>
#include <unistd.h>
#include "rulegen/eval.h"
#include "interp/interp_internal.h"

/* The most threads a job uses, and the default's limit: the kernels are
 * memory-bound past a few cores. */
enum { MAX_THREADS = 64, DEFAULT_MAX = 8 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t job_ready = PTHREAD_COND_INITIALIZER, job_done = PTHREAD_COND_INITIALIZER;
static uint32_t wanted;  /* threads set with rg_eval_set_threads, 0: the default */
static uint32_t workers; /* threads started besides the callers */
static bool busy;        /* a job is running: another caller runs its own alone */
/* the job: parts [0, parts), the next one not taken, those not finished,
 * and the workers taking part (the first `helpers`) */
static uint64_t job_no;
static void (*job_fn)(void *ctx, uint32_t part);
static void *job_ctx;
static uint32_t job_parts, job_next, job_left, job_helpers;

uint32_t rg_eval_threads(void) {
  pthread_mutex_lock(&lock);
  uint32_t n = wanted;
  pthread_mutex_unlock(&lock);
  if (n)
    return n;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  return cpus < 1 ? 1 : cpus > DEFAULT_MAX ? DEFAULT_MAX : (uint32_t)cpus;
}

void rg_eval_set_threads(uint32_t n) {
  pthread_mutex_lock(&lock);
  wanted = n > MAX_THREADS ? MAX_THREADS : n;
  pthread_mutex_unlock(&lock);
}

/* Whether this thread is running a part of a job now. */
static _Thread_local bool in_part;

bool interp_in_part(void) { return in_part; }

/* Runs parts of the current job until none is left; lock held on entry
 * and on return. */
static void take_parts(void) {
  while (job_next < job_parts) {
    uint32_t p = job_next++;
    void (*fn)(void *, uint32_t) = job_fn;
    void *ctx = job_ctx;
    pthread_mutex_unlock(&lock);
    in_part = true;
    fn(ctx, p);
    in_part = false;
    pthread_mutex_lock(&lock);
    if (--job_left == 0)
      pthread_cond_broadcast(&job_done);
  }
}

static void *worker(void *arg) {
  uint32_t self = (uint32_t)(uintptr_t)arg;
  uint64_t seen = 0;
  pthread_mutex_lock(&lock);
  seen = job_no;
  for (;;) {
    while (job_no == seen)
      pthread_cond_wait(&job_ready, &lock);
    seen = job_no;
    if (self < job_helpers)
      take_parts();
  }
  return NULL;
}

/* Runs of rg_eval_for: part p takes items [p * per, min(n, (p + 1) * per)). */
typedef struct Runs {
  int64_t n, per;
  void (*fn)(void *ctx, int64_t lo, int64_t hi);
  void *ctx;
} Runs;

static void run_part(void *ctx, uint32_t part) {
  const Runs *r = ctx;
  int64_t lo = (int64_t)part * r->per, hi = lo + r->per < r->n ? lo + r->per : r->n;
  if (lo < hi)
    r->fn(r->ctx, lo, hi);
}

void rg_eval_for(int64_t n, int64_t elements, void (*fn)(void *ctx, int64_t lo, int64_t hi), void *ctx) {
  if (n <= 0)
    return;
  int64_t parts = elements >= ((int64_t)1 << 18) ? rg_eval_threads() : 1;
  if (parts > n)
    parts = n;
  Runs r = {n, (n + parts - 1) / parts, fn, ctx};
  if (parts == 1)
    fn(ctx, 0, n);
  else
    rg_eval_parallel((uint32_t)((n + r.per - 1) / r.per), run_part, &r);
}

/* A child process forked after the pool started has only the forking
 * thread: it starts with no workers, no job and the lock free (the fork
 * waits for the lock, so that it is not copied held). */
static void fork_prepare(void) { pthread_mutex_lock(&lock); }
static void fork_parent(void) { pthread_mutex_unlock(&lock); }
static void fork_child(void) {
  pthread_mutex_init(&lock, NULL);
  pthread_cond_init(&job_ready, NULL);
  pthread_cond_init(&job_done, NULL);
  workers = 0;
  busy = false;
  in_part = false;
}

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_register(void) { pthread_atfork(fork_prepare, fork_parent, fork_child); }

void rg_eval_parallel(uint32_t parts, void (*fn)(void *ctx, uint32_t part), void *ctx) {
  uint32_t threads = rg_eval_threads();
  pthread_once(&fork_once, fork_register);
  pthread_mutex_lock(&lock);
  if (parts < 2 || threads < 2 || busy) {
    pthread_mutex_unlock(&lock);
    for (uint32_t p = 0; p < parts; p++)
      fn(ctx, p);
    return;
  }
  busy = true;
  while (workers + 1 < threads) {
    pthread_t t;
    pthread_attr_t at;
    bool made = pthread_attr_init(&at) == 0;
    if (made) {
      pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
      made = pthread_create(&t, &at, worker, (void *)(uintptr_t)workers) == 0;
      pthread_attr_destroy(&at);
    }
    if (!made)
      break; /* fewer threads: the parts are taken all the same */
    workers++;
  }
  job_fn = fn;
  job_ctx = ctx;
  job_parts = parts;
  job_next = 0;
  job_left = parts;
  job_helpers = threads - 1;
  job_no++;
  pthread_cond_broadcast(&job_ready);
  take_parts();
  while (job_left)
    pthread_cond_wait(&job_done, &lock);
  busy = false;
  pthread_mutex_unlock(&lock);
}
