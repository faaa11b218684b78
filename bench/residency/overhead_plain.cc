// The host accesses of overhead.cc, compiled by plain g++: nothing syncs
// before them, so each access to a page the device holds newer faults.
#include "overhead_plain.hpp"

namespace {
double *watched = nullptr;
} // namespace

void watch(double *p) { watched = p; }

double read_one(long i) { return watched[i]; }

void write_each_page(long pages, double value) {
  for (long page = 0; page < pages; ++page)
    watched[page * 512] = value;
}
