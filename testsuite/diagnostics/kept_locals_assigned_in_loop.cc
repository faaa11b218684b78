// A local of the function around the loop keeps one value through it only
// when the loop never assigns it, directly or through its address: then a
// subscript may add it as it adds a parameter
// (programs/kept_locals_in_subscripts.cc).  Assigned in the loop, it moves
// with the iterations, and rule 2 cannot show whose element it reaches.
// { dg-options "-fplugin-arg-ferry-explain" }
#include <ferry/ferry.hpp>

void region(int n, float *out) {
  int off = 0;
#pragma omp target teams distribute parallel for map(tofrom: out[0:n]) // { dg-message "did not show all of it right" }
  for (int j = 0; j < n; ++j) {
    off = j; // { dg-warning "'off' is shared by the threads of the region; writing it from the loop is a data race" }
    out[off] = j; // { dg-message "the subscript is not a sum of loop variables times sizes that do not change in the loop" }
  }
}

[[ferry::kernel]] void assigned(int n, [[ferry::borrow_mut(2 * n)]] float *out) {
  int base = 0;
  for (int j = 0; j < n; ++j) {
    base = 2 * j; // { dg-error "'base' is shared by all iterations; writing it from the parallel loop is a data race" }
    out[base] = j; // { dg-error "possible data race: this write of 'out' is not at an element that only the current iteration touches" }
  }
}

[[ferry::kernel]] void through_address(int n,
                                       [[ferry::borrow_mut(2 * n)]] float *out) {
  int base = 1;
  int *where = &base;
  for (int j = 0; j < n; ++j) {
    *where = j; // { dg-error "ferry cannot tell what this assignment writes" }
    out[base] = j; // { dg-error "possible data race: this write of 'out' is not at an element that only the current iteration touches" }
  }
}

// Memory the loop writes is not read as one value either.
[[ferry::kernel]] void through_written(int n,
                                       [[ferry::borrow_mut(n + 1)]] int *where,
                                       [[ferry::borrow_mut(2 * n)]] float *out) {
  for (int j = 0; j < n; ++j) {
    where[j + 1] = j; // { dg-error "possible data race: this write of .where." }
    out[where[0] + j] = j; // { dg-error "possible data race: this write of 'out' is not at an element that only the current iteration touches" }
  }
}
