// (f) A monitor in a file compiled by plain g++, without the plugin: it
// keeps a pointer to the field it watches and reads the whole field when
// asked, without being handed the buffer at the call.
#ifndef FERRY_BENCH_RESIDENCY_F_MONITOR_HPP
#define FERRY_BENCH_RESIDENCY_F_MONITOR_HPP

void monitor_watch(const double *const *field, long n);
double monitor_norm(); // the sum of squares of the watched field
#endif
