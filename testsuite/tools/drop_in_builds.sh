#!/bin/sh
# ferry-g++ as CXX of the builds users already have: it links whatever g++
# links (a program of no kernels, a shared library, an MPI program through
# OMPI_CXX), so that autoconf's and CMake's compiler checks pass, and a
# kernel project built by `CXX=ferry-g++ ./configure && make` or
# `cmake -DCMAKE_CXX_COMPILER=ferry-g++` runs its kernels through ferry.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"

# A program of no kernels, and a shared library of no kernels.
cat > hello.cc <<'CC'
#include <cstdio>
int main() { std::puts("hello"); }
CC
"$FERRY_GXX" -O2 hello.cc -o hello > hello.log 2>&1 ||
  { cat hello.log; fail "a program without kernels does not link"; }
[ "$(./hello)" = hello ] || fail "the kernel-less program printed $(./hello)"
cat > lib.cc <<'CC'
int answer() { return 42; }
CC
"$FERRY_GXX" -O2 -fPIC -shared lib.cc -o libanswer.so > lib.log 2>&1 ||
  { cat lib.log; fail "a shared library without kernels does not link"; }

# One kernel, in a file that includes nothing of ferry: the wrapper's
# forced include gives it its direct entry too.
mkdir project
cat > project/heat.cc <<'CC'
#include <cstdio>
#include <vector>
[[ferry::kernel]]
void relax(int n, [[ferry::borrow(n)]] const double *u,
           [[ferry::out(n)]] double *v) {
  for (int i = 0; i < n; ++i)
    v[i] = 0.5 * u[i] + 1.0;
}
int main() {
  std::vector<double> u(1000, 2.0), v(1000);
  relax(1000, u.data(), v.data());
  double sum = 0;
  for (double x : v) sum += x;
  std::printf("sum %.1f\n", sum);
}
CC

# The kernel's answer, and its one launch through libferry.
check_run() {
  case $1 in *"sum 2000.0"*) ;; *) echo "$1"; fail "$2 build: wrong sum" ;; esac
  case $1 in *"ferry-stats launches=1 "*) ;;
    *) echo "$1"; fail "$2 build: the kernel did not launch through ferry" ;; esac
}

# autoconf: AC_PROG_CXX's "C++ compiler works" test links a kernel-less
# program with $CXX.
if command -v autoreconf > /dev/null; then
  cat > project/configure.ac <<'AC'
AC_INIT([heat], [1.0])
AM_INIT_AUTOMAKE([foreign])
AC_PROG_CXX
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
  cat > project/Makefile.am <<'AM'
bin_PROGRAMS = heat
heat_SOURCES = heat.cc
AM
  (cd project && autoreconf -fi) > autoreconf.log 2>&1 ||
    { cat autoreconf.log; fail "autoreconf of the test project failed"; }
  mkdir autotools
  (cd autotools && CXX="$FERRY_GXX" ../project/configure) > configure.log 2>&1 ||
    { cat configure.log; fail "CXX=ferry-g++ ./configure failed"; }
  make -C autotools > make.log 2>&1 || { cat make.log; fail "make failed"; }
  out=$(FERRY_DEVICE=sim FERRY_STATS=1 autotools/heat 2>&1) ||
    { echo "$out"; fail "the autotools build failed to run"; }
  check_run "$out" autotools
fi

# CMake: its compiler check and a kernel target, with ferry-g++ as the
# compiler and no ferry package at all.
if command -v cmake > /dev/null; then
  cat > project/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(heat LANGUAGES CXX)
add_executable(heat heat.cc)
CMAKE
  cmake -S project -B cmake -DCMAKE_CXX_COMPILER="$FERRY_GXX" > cmake.log 2>&1 ||
    { cat cmake.log; fail "cmake -DCMAKE_CXX_COMPILER=ferry-g++ failed"; }
  cmake --build cmake > cmake-build.log 2>&1 ||
    { cat cmake-build.log; fail "the CMake build failed"; }
  out=$(FERRY_DEVICE=sim FERRY_STATS=1 cmake/heat 2>&1) ||
    { echo "$out"; fail "the CMake build failed to run"; }
  check_run "$out" CMake
fi

# MPI's wrapper over ferry-g++, with a program of no kernels.
if command -v mpicxx > /dev/null; then
  cat > mpi_hello.cc <<'CC'
#include <mpi.h>
#include <cstdio>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::printf("rank %d\n", rank);
  MPI_Finalize();
}
CC
  OMPI_CXX="$FERRY_GXX" mpicxx -O2 mpi_hello.cc -o mpi_hello > mpi.log 2>&1 ||
    { cat mpi.log; fail "OMPI_CXX=ferry-g++ mpicxx does not link a kernel-less MPI program"; }
fi
echo "ok"
