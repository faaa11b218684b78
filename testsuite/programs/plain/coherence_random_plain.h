// What programs/coherence_random.cc calls in its uninstrumented file.
#ifndef FERRY_TEST_COHERENCE_RANDOM_PLAIN_H
#define FERRY_TEST_COHERENCE_RANDOM_PLAIN_H

constexpr int kPlainSlots = 8;
void plain_register(int slot, double *base);
double plain_sum(int slot, long begin, long end);
void plain_fill(int slot, long begin, long end, double value);

#endif
