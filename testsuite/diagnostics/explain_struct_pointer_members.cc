// A pointer member of a struct of the iteration, set once to an array of
// the iteration, is followed there: writes through it are the
// iteration's own (bonds' `cashFlows.legs = cashLegs;`).  Anything else
// that a member may point to stays unknown: a member set to a buffer
// (the checker does not follow buffers through members), a struct whose
// address a call takes (the call may set the member), a member set twice.
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }
struct Leg {
  float amount;
};
struct Flows {
  Leg *legs;
  int count;
};

void reset(Flows *flows);

void own_array(int n, float *y) {
#pragma omp target teams distribute parallel for map(from: y[0:n]) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i) {
    Flows flows;
    Leg legs[4];
    flows.legs = legs;
    flows.legs[i % 4].amount = i;
    y[i] = legs[i % 4].amount;
  }
}

void member_into_buffer(int n, Leg *all, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: all[0:n]) map(from: y[0:n]) // { dg-message "GCC compiles it as written" }
  for (int i = 0; i < n; ++i) {
    Flows flows;
    flows.legs = all + i;
    flows.legs[0].amount = i; // { dg-message "ferry cannot tell what this assignment writes" }
    y[i] = 1;
  }
}

void address_taken(int n, float *y) {
#pragma omp target teams distribute parallel for map(from: y[0:n]) // { dg-message "GCC compiles it as written" }
  for (int i = 0; i < n; ++i) {
    Flows flows;
    Leg legs[4];
    flows.legs = legs;
    reset(&flows);
    flows.legs[0].amount = i; // { dg-message "ferry cannot tell what this assignment writes" }
    y[i] = legs[0].amount;
  }
}

void set_twice(int n, float *y) {
#pragma omp target teams distribute parallel for map(from: y[0:n]) // { dg-message "GCC compiles it as written" }
  for (int i = 0; i < n; ++i) {
    Flows flows;
    Leg a[4], b[4];
    flows.legs = a;
    if (i & 1)
      flows.legs = b;
    flows.legs[0].amount = i; // { dg-message "ferry cannot tell what this assignment writes" }
    y[i] = a[0].amount + b[0].amount;
  }
}
