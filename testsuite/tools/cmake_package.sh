#!/bin/sh
# The CMake package: ferry installed with its man page and guides (make
# install DESTDIR=..., so the package must find its files relative to
# itself), examples/cmake found
# with find_package(ferry 0.1), built with ferry::ferry, and run on the sim
# device with every launch through the plugin's kernels.  A request for a
# newer version, and a compiler other than the GCC the plugin was built
# for, make find_package fail with the reason.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v cmake > /dev/null || fail "cmake is not installed (build.sh installs it)"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
make -s -C "$FERRY_BUILD_DIR" install DESTDIR="$dir/root" > "$dir/install.log" 2>&1 ||
  { cat "$dir/install.log"; fail "make install failed"; }
# The installation carries ferry-g++'s man page and the guides.
for file in ferry-g++.1 user-guide.md mpi.md rules.md openmp-regions.md robustness.md porting.md; do
  [ -n "$(find "$dir/root" -name "$file")" ] || fail "make install did not install $file"
done
config=$(find "$dir/root" -name ferryConfig.cmake)
[ -n "$config" ] || fail "no ferryConfig.cmake installed"
prefix=$(dirname "$(dirname "$(dirname "$(dirname "$config")")")")

cmake -S "$FERRY_SRC_DIR/examples/cmake" -B "$dir/build" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER=g++ \
  > "$dir/cmake.log" 2>&1 || { cat "$dir/cmake.log"; fail "cmake configure failed"; }
cmake --build "$dir/build" > "$dir/build.log" 2>&1 ||
  { cat "$dir/build.log"; fail "cmake build failed"; }
out=$(FERRY_DEVICE=sim FERRY_STATS=1 "$dir/build/heat_cmake" 2>&1) ||
  { echo "$out"; fail "heat_cmake failed"; }
case $out in *"heat_cmake: OK"*) ;; *) echo "$out"; fail "no OK" ;; esac
case $out in *"ferry-stats launches=202 "*) ;;
  *) echo "$out"; fail "the kernels did not run through ferry (202 launches)" ;; esac

# find_package refuses what it cannot give, and says why.
mkdir "$dir/newer"
cat > "$dir/newer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(newer LANGUAGES CXX)
find_package(ferry 9.0 REQUIRED)
CMAKE
if cmake -S "$dir/newer" -B "$dir/newer/build" -DCMAKE_PREFIX_PATH="$prefix" \
     -DCMAKE_CXX_COMPILER=g++ > "$dir/newer.log" 2>&1; then
  fail "find_package(ferry 9.0) succeeded"
fi
grep -q 'requested version "9.0"' "$dir/newer.log" ||
  { cat "$dir/newer.log"; fail "no version reason"; }
if command -v clang++ > /dev/null; then
  if cmake -S "$FERRY_SRC_DIR/examples/cmake" -B "$dir/clang" \
       -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER=clang++ \
       > "$dir/clang.log" 2>&1; then
    fail "find_package(ferry) accepted clang++"
  fi
  grep -q "plugin runs in GCC" "$dir/clang.log" ||
    { cat "$dir/clang.log"; fail "no compiler reason"; }
fi
echo "ok"
