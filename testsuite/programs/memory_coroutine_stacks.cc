// Kernels called on coroutine stacks (makecontext and swapcontext, on a
// stack the program allocated with malloc, a page-aligned block of
// libferry's): a local array of the coroutine is a buffer, resident while
// the coroutine is switched out.  Guarding the whole pages of that block
// would close the frames around the array too, and the fault handler,
// which runs on that stack, could not even start.  Every step must give
// the serial build's answers.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <ucontext.h>

[[ferry::kernel]] void bump(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] = a[i] * 2.0 + 1.0;
}

namespace {

ucontext_t main_context, coroutine_context[2];
double results[2];

void body(int which) {
  double local[3000]; // 24,000 bytes: pages wholly its own, and edges
  for (int i = 0; i < 3000; ++i)
    local[i] = i % 17 + which;
  for (int round = 0; round < 3; ++round) {
    bump(3000, local);
    local[round] += 1.0; // the host writes between launches
    swapcontext(&coroutine_context[which], &main_context);
  }
  double sum = 0;
  for (double v : local)
    sum += v;
  results[which] = sum;
}

void first() { body(0); }
void second() { body(1); }

} // namespace

int main() {
  const std::size_t stack_bytes = 256 * 1024;
  char *stacks[2];
  void (*bodies[2])() = {first, second};
  for (int c = 0; c < 2; ++c) {
    stacks[c] = static_cast<char *>(std::malloc(stack_bytes));
    getcontext(&coroutine_context[c]);
    coroutine_context[c].uc_stack.ss_sp = stacks[c];
    coroutine_context[c].uc_stack.ss_size = stack_bytes;
    coroutine_context[c].uc_link = &main_context;
    makecontext(&coroutine_context[c], bodies[c], 0);
  }
  double mine[2048];
  for (int i = 0; i < 2048; ++i)
    mine[i] = 1.0;
  for (int turn = 0; turn < 4; ++turn) {
    swapcontext(&main_context, &coroutine_context[0]);
    bump(2048, mine);
    swapcontext(&main_context, &coroutine_context[1]);
  }
  std::printf("%.1f %.1f %.1f\n", results[0], results[1], mine[2047]);
  for (char *stack : stacks)
    std::free(stack);
}
