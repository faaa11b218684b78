#!/bin/sh
# One-step set-up of ferry on a fresh Debian 12: installs the Debian
# packages it needs, builds it in _build/, then runs the example or the
# tests.
#
#   ./build.sh example   build and run examples/saxpy
#   ./build.sh test      build and run the whole test suite (make check)
#   ./build.sh build     only build
#   ./build.sh deps      only install the packages
#
# Environment: JOBS (parallel jobs, default: the number of cores),
# CONFIGURE_FLAGS (extra ./configure options, e.g. --prefix=...).
set -eu

cd "$(dirname "$0")"
what=${1:-}
case $what in
  example|test|build|deps) ;;
  *) echo "usage: $0 example|test|build|deps" >&2; exit 2 ;;
esac

# The amdgcn offload compiler builds the test suite's AMD subset (no AMD
# GPU is needed for that); users of NVIDIA GPUs alone may drop it.  Open
# MPI builds ferry's MPI layer and examples/mpi_heat, and runs their tests.
packages="g++-12 gcc-12-plugin-dev gcc-12-offload-nvptx nvptx-tools \
libgomp-plugin-nvptx1 gcc-12-offload-amdgcn libgomp-plugin-amdgcn1 \
libboost-test-dev autoconf automake libtool make pkg-config python3 cmake \
libopenmpi-dev openmpi-bin"

missing=
for package in $packages; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  case $status in
    *"ok installed"*) ;;
    *) missing="$missing $package" ;;
  esac
done
if [ -n "$missing" ]; then
  echo "build.sh: installing Debian packages:$missing"
  if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
  $sudo apt-get update -q
  # shellcheck disable=SC2086 # a list of package names
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
fi
[ "$what" = deps ] && exit 0

# CUDA 13's ptxas, when present, checks the PTX that GCC's nvptx offload
# compiler writes.
[ -d /usr/local/cuda/bin ] && PATH=$PATH:/usr/local/cuda/bin && export PATH

jobs=${JOBS:-$(nproc)}
[ -x configure ] || autoreconf -fi
mkdir -p _build
cd _build
if [ ! -f Makefile ]; then
  # shellcheck disable=SC2086 # user-supplied options
  ../configure ${CONFIGURE_FLAGS:-}
fi
make -j"$jobs"

case $what in
  example) make -C examples run-examples ;;
  test) make -j"$jobs" check FERRY_TEST_JOBS="$jobs" ;;
esac
