// What overhead.cc calls in its file compiled without the plugin.  The
// buffer is handed over once, so that no call the plugin sees later is
// given it (the plugin would sync the buffer before such a call).
#ifndef FERRY_BENCH_RESIDENCY_OVERHEAD_PLAIN_HPP
#define FERRY_BENCH_RESIDENCY_OVERHEAD_PLAIN_HPP
void watch(double *p);
double read_one(long i);
void write_each_page(long pages, double value);
#endif
