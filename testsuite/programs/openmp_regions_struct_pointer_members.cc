// A target loop whose iteration keeps an array of structs and a struct
// whose pointer member it sets once to that array, as HeCBench's bonds
// writes it (`cashFlowsStruct cashFlows; couponStruct cashLegs[9];
// cashFlows.legs = cashLegs;`, then `cashFlows.legs[k].amount = ...` and
// helpers that take the struct by value): the writes through the member
// are the iteration's own, so ferry runs the loop as a kernel.  Before,
// the checker could not tell what `cashFlows.legs[k].x = ...` writes and
// the loop kept GCC's path (whose own build of bonds stops in tree-nrv).
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdio>
#include <vector>

struct Leg {
  float start, end, amount;
};
struct Flows {
  Leg *legs;
  float rate;
  int count;
};

static float present_value(Flows flows) {
  float value = 0;
  for (int k = 0; k < flows.count; ++k)
    value += flows.legs[k].amount / (1 + flows.rate * flows.legs[k].end);
  return value;
}

static void price(const float *rates, const int *terms, float *values,
                  int n) {
#pragma omp target teams distribute parallel for map(to: rates[0:n], terms[0:n]) map(from: values[0:n])
  for (int b = 0; b < n; ++b) {
    Flows flows;
    Leg legs[9];
    flows.legs = legs;
    flows.rate = rates[b];
    flows.count = terms[b];
    float start = 0;
    for (int k = 0; k < flows.count - 1; ++k) {
      flows.legs[k].start = start;
      flows.legs[k].end = start + 0.5f;
      flows.legs[k].amount = 100 * flows.rate * 0.5f;
      start += 0.5f;
    }
    flows.legs[flows.count - 1].start = start;
    flows.legs[flows.count - 1].end = start;
    flows.legs[flows.count - 1].amount = 100;
    values[b] = present_value(flows);
  }
}

int main() {
  const int n = 3000;
  std::vector<float> rates(n), values(n);
  std::vector<int> terms(n);
  for (int b = 0; b < n; ++b) {
    rates[b] = 0.01f + 0.0001f * (b % 97);
    terms[b] = 1 + b % 9;
  }
  price(rates.data(), terms.data(), values.data(), n);
  double sum = 0;
  for (float v : values)
    sum += v;
  price(rates.data(), terms.data(), values.data(), n / 2);
  std::printf("%.3f %.4f %.4f\n", sum, values[0], values[n / 2 - 1]);
}
