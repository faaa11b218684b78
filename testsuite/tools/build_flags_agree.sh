#!/bin/sh
# ferry-g++, pkg-config's ferry.pc and CMake's ferry::ferry, all made from
# one list in configure.ac, compile a C++ source with the same flags
# (OpenMP, the offload options, the plugin, ferry's include directory and
# the forced include of <ferry/direct.hpp>, without which kernels in files
# that do not include <ferry/ferry.hpp> silently lose the direct launch
# path), and link with the same flags in the same order (libgomp's
# --no-as-needed brackets).  Against an installed tree (make install
# DESTDIR=...).  Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
command -v pkg-config > /dev/null || fail "pkg-config is not installed (build.sh installs it)"
command -v cmake > /dev/null || fail "cmake is not installed (build.sh installs it)"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
root="$dir/root"
make -s -C "$FERRY_BUILD_DIR" install DESTDIR="$root" > "$dir/install.log" 2>&1 ||
  { cat "$dir/install.log"; fail "make install failed"; }
wrapper=$(find "$root" -name ferry-g++ -type f)
pc=$(find "$root" -name ferry.pc)
config=$(find "$root" -name ferryConfig.cmake)
[ -n "$wrapper" ] && [ -n "$pc" ] && [ -n "$config" ] || fail "not all installed"
prefix=$(sed -n 's/^prefix=//p' "$pc")

# One flag a line, sorted; the installation's paths without DESTDIR, and
# CMake's -isystem for an imported target's directory as -I.
normalise() {
  tr ' ' '\n' | sed -e "s|$root||g" -e '/^$/d' | awk '
    pending { print "-I" $0; pending = 0; next }
    $0 == "-isystem" { pending = 1; next }
    { print }' | grep -v -e '^-c$' -e '^-o$' -e 'flags\.cc' -e '\.o$' \
      -e '^g++$' -e '/g++$' -e '^-DNDEBUG$' | sort -u
}

# The installed wrapper, not the build tree the tests point it at.
env -u FERRY_PLUGIN -u FERRY_INCLUDE -u FERRY_LIBDIR -u FERRY_OFFLOAD_TOOLS "$wrapper" --showme \
  -c flags.cc | normalise > "$dir/wrapper"
PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --define-variable=prefix="$root$prefix" \
  --cflags ferry | normalise > "$dir/pkg-config"

mkdir "$dir/project"
echo 'int main() { return 0; }' > "$dir/project/flags.cc"
cat > "$dir/project/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(flags LANGUAGES CXX)
find_package(ferry REQUIRED)
add_executable(flags flags.cc)
target_link_libraries(flags PRIVATE ferry::ferry)
CMAKE
cmake -S "$dir/project" -B "$dir/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DCMAKE_PREFIX_PATH="$root$prefix" -DCMAKE_CXX_COMPILER=g++ \
  > "$dir/cmake.log" 2>&1 || { cat "$dir/cmake.log"; fail "cmake failed"; }
python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[0]["command"])' \
  "$dir/build/compile_commands.json" | normalise > "$dir/cmake"

for other in pkg-config cmake; do
  diff "$dir/wrapper" "$dir/$other" > "$dir/diff" ||
    { cat "$dir/diff"; fail "ferry-g++ (<) and $other (>) compile with different flags"; }
done
grep -q -- '-include.*ferry/direct.hpp' "$dir/wrapper" || fail "no forced include of direct.hpp"

# The link, in order: the driver's flags, then ferry's after the objects.
# CMake's link line has no compile flags; the other two are given them.
link_flags() {
  tr ' ' '\n' | sed -e "s|$root||g" -e '/^$/d' |
    grep -v -e '^-fplugin=' -e '^-I' -e '^-include' -e 'flags\.o$' \
      -e 'flags\.cc\.o$' -e '^-o$' -e '^flags$' -e '^g++$' -e '/g++$'
}
env -u FERRY_PLUGIN -u FERRY_INCLUDE -u FERRY_LIBDIR -u FERRY_OFFLOAD_TOOLS "$wrapper" --showme \
  flags.o -o flags | link_flags > "$dir/wrapper.link"
PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --define-variable=prefix="$root$prefix" \
  --libs ferry | link_flags > "$dir/pkg-config.link"
link_txt=$(find "$dir/build" -name link.txt | head -n 1)
[ -n "$link_txt" ] || fail "CMake wrote no link.txt"
link_flags < "$link_txt" > "$dir/cmake.link"
for other in pkg-config cmake; do
  diff "$dir/wrapper.link" "$dir/$other.link" > "$dir/diff" ||
    { cat "$dir/diff"; fail "ferry-g++ (<) and $other (>) link with different flags"; }
done
# libferry, and libgomp whatever --as-needed says.
case $(tr '\n' ' ' < "$dir/wrapper.link") in
  *"-lferry -Wl,--push-state,--no-as-needed -lgomp -Wl,--pop-state"*) ;;
  *) cat "$dir/wrapper.link"; fail "no libferry, or libgomp not linked --no-as-needed" ;;
esac
echo "ok"
