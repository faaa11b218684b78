/* Where a launch's host time goes: an LD_PRELOAD library that wraps the
 * ABI calls a ferry kernel call makes (runtime/abi.h) and, at exit, prints
 * to stderr the calls of each and their mean time in nanoseconds, from the
 * CPU's time-stamp counter (calibrated against CLOCK_MONOTONIC at load).
 * "whole" is from the start of __ferry_launch_begin to the end of
 * __ferry_launch_end.  The means include the first calls, which open the
 * device and link the module: run enough steps that they do not count.
 *
 *   gcc -O2 -shared -fPIC -o libabi_phases.so abi_phases.c -ldl
 *   LD_PRELOAD=$PWD/libabi_phases.so ./launch_ferry 256 20000
 *
 * x86-64 only (rdtsc).  doc/performance.md, "The launch path's
 * bookkeeping", has what it measured on the H200. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

enum phase {
  BEGIN, BUFFER, REACH, ACQUIRE, VIEW, GEOMETRY, DIRECT, END, WHOLE,
  HOST_ACCESS, FRAME, PHASES
};
static const char *const phase_names[PHASES] = {
    "begin", "buffer", "reach", "acquire", "view", "geometry",
    "direct", "end", "whole", "host_access", "frame_*"};
static unsigned long long ticks[PHASES], calls[PHASES], launch_started;
static double nanoseconds_per_tick;

/* The next definition of NAME, libferry's, as a pointer of TYPE. */
#define NEXT(name, type)                                                       \
  static __typeof__(type) next;                                                \
  if (!next)                                                                   \
    next = (__typeof__(type))dlsym(RTLD_NEXT, #name)
#define START unsigned long long started = __rdtsc()
#define COUNT(phase)                                                           \
  do {                                                                         \
    ticks[phase] += __rdtsc() - started;                                       \
    ++calls[phase];                                                            \
  } while (0)

static double since(const struct timespec *from, const struct timespec *to) {
  return (to->tv_sec - from->tv_sec) * 1e9 + (to->tv_nsec - from->tv_nsec);
}

__attribute__((constructor)) static void calibrate(void) {
  struct timespec from, to;
  clock_gettime(CLOCK_MONOTONIC, &from);
  const unsigned long long first = __rdtsc();
  do
    clock_gettime(CLOCK_MONOTONIC, &to);
  while (since(&from, &to) < 2e7);
  nanoseconds_per_tick = since(&from, &to) / (double)(__rdtsc() - first);
}

__attribute__((destructor)) static void report(void) {
  for (int k = 0; k < PHASES; ++k)
    if (calls[k])
      fprintf(stderr, "phase %-12s calls %10llu  ns/call %8.1f\n",
              phase_names[k], calls[k],
              ticks[k] * nanoseconds_per_tick / calls[k]);
}

void __ferry_launch_begin(unsigned abi, const char *kernel, const char *file,
                          unsigned line, unsigned buffers) {
  NEXT(__ferry_launch_begin,
       void (*)(unsigned, const char *, const char *, unsigned, unsigned));
  START;
  launch_started = started;
  next(abi, kernel, file, line, buffers);
  COUNT(BEGIN);
}

void __ferry_launch_buffer(unsigned index, const char *name,
                           unsigned ownership, void *host, long long count,
                           unsigned long long element_size,
                           unsigned long long element_alignment) {
  NEXT(__ferry_launch_buffer,
       void (*)(unsigned, const char *, unsigned, void *, long long,
                unsigned long long, unsigned long long));
  START;
  next(index, name, ownership, host, count, element_size, element_alignment);
  COUNT(BUFFER);
}

void __ferry_launch_reach(unsigned index, long long first, long long end,
                          unsigned line) {
  NEXT(__ferry_launch_reach, void (*)(unsigned, long long, long long, unsigned));
  START;
  next(index, first, end, line);
  COUNT(REACH);
}

int __ferry_launch_acquire(void) {
  NEXT(__ferry_launch_acquire, int (*)(void));
  START;
  const int device = next();
  COUNT(ACQUIRE);
  return device;
}

void *__ferry_launch_view(unsigned index) {
  NEXT(__ferry_launch_view, void *(*)(unsigned));
  START;
  void *view = next(index);
  COUNT(VIEW);
  return view;
}

unsigned long long __ferry_launch_geometry(unsigned long long trip_count,
                                           int teams, int threads,
                                           unsigned flags) {
  NEXT(__ferry_launch_geometry,
       unsigned long long (*)(unsigned long long, int, int, unsigned));
  START;
  const unsigned long long geometry = next(trip_count, teams, threads, flags);
  COUNT(GEOMETRY);
  return geometry;
}

int __ferry_launch_direct(const char *entry, unsigned nargs, void **args,
                          const char *roles, int teams, int threads) {
  NEXT(__ferry_launch_direct,
       int (*)(const char *, unsigned, void **, const char *, int, int));
  START;
  const int launched = next(entry, nargs, args, roles, teams, threads);
  COUNT(DIRECT);
  return launched;
}

void __ferry_launch_end(void) {
  NEXT(__ferry_launch_end, void (*)(void));
  START;
  next();
  COUNT(END);
  ticks[WHOLE] += __rdtsc() - launch_started;
  ++calls[WHOLE];
}

void __ferry_host_access(const void *host, unsigned long long bytes,
                         int access) {
  NEXT(__ferry_host_access, void (*)(const void *, unsigned long long, int));
  START;
  next(host, bytes, access);
  COUNT(HOST_ACCESS);
}

void __ferry_frame_enter(void) {
  NEXT(__ferry_frame_enter, void (*)(void));
  START;
  next();
  COUNT(FRAME);
}

void __ferry_frame_leave(void) {
  NEXT(__ferry_frame_leave, void (*)(void));
  START;
  next();
  COUNT(FRAME);
}

void __ferry_frame_call(const char *file, unsigned line) {
  NEXT(__ferry_frame_call, void (*)(const char *, unsigned));
  START;
  next(file, line);
  COUNT(FRAME);
}
