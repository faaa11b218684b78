// A probe for a program that dies of SIGSEGV on the GPU machine, which has
// no gdb (adamw's ferry build, twenty-second and twenty-third sessions):
// preloaded, it prints the faulting address and a backtrace to stderr
// before the process dies as it would have.
//   gcc -shared -fPIC -O1 -o segv_backtrace.so segv_backtrace.c
//   LD_PRELOAD=$PWD/segv_backtrace.so ./program
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
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
