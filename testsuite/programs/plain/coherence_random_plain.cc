// The uninstrumented half of programs/coherence_random.cc, compiled by
// plain g++ without the plugin: it reaches the buffers through a table
// registered once, so no call the plugin sees hands them over.
#include "coherence_random_plain.h"

namespace {
double *slots[kPlainSlots];
} // namespace

void plain_register(int slot, double *base) { slots[slot] = base; }

double plain_sum(int slot, long begin, long end) {
  double sum = 0;
  for (long i = begin; i < end; ++i)
    sum += slots[slot][i];
  return sum;
}

void plain_fill(int slot, long begin, long end, double value) {
  for (long i = begin; i < end; ++i)
    slots[slot][i] = value + static_cast<double>(i % 3);
}
