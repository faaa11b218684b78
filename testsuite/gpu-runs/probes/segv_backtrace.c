// A probe for a program that dies of SIGSEGV on the GPU machine, which has
// no gdb (adamw's ferry build, twenty-second and twenty-third sessions):
// preloaded, it prints the faulting address and a backtrace to stderr
// before the process dies as it would have.  With BACKTRACE_AT_EXIT set
// it also prints one where the program exits with a failure status, as
// libgomp's gomp_fatal does ("libgomp: Duplicate node", RSBench's ferry
// build, twenty-third session).
//   gcc -shared -fPIC -O1 -o segv_backtrace.so segv_backtrace.c -ldl
//   LD_PRELOAD=$PWD/segv_backtrace.so ./program
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void report(int number, siginfo_t *info, void *context) {
  (void)context;
  char line[96];
  static const char digits[] = "0123456789abcdef";
  unsigned long address = (unsigned long)info->si_addr;
  char *at = line + sizeof line;
  *--at = '\n';
  do {
    *--at = digits[address & 15];
    address >>= 4;
  } while (address);
  static const char head[] = "segv_backtrace: fault at 0x";
  write(2, head, sizeof head - 1);
  write(2, at, line + sizeof line - at);
  void *frames[64];
  backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
  signal(number, SIG_DFL);
  raise(number);
}

__attribute__((constructor)) static void install(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = report;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigaction(SIGSEGV, &action, 0);
  sigaction(SIGBUS, &action, 0);
}

void exit(int status) {
  if (status != 0 && getenv("BACKTRACE_AT_EXIT")) {
    static const char head[] = "segv_backtrace: exit with a failure status\n";
    write(2, head, sizeof head - 1);
    void *frames[64];
    backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
  }
  void (*real)(int) = (void (*)(int))dlsym(RTLD_NEXT, "exit");
  real(status);
  __builtin_unreachable();
}
