#!/bin/sh
# configure refuses a GCC ferry's plugin is not ported to, before anything
# else, with a message that says what to do: GCC 11 and 15 (not ported),
# GCC 13 without --enable-untested-gcc, GCC 14 (attribute handlers).  A
# fake compiler reports the version and is g++ otherwise.
# Runs against the source tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"

refuses() {
  version=$1 expected=$2
  shift 2
  cat > fake-g++ <<SH
#!/bin/sh
case "\$1" in -dumpversion) echo $version ;; *) exec g++ "\$@" ;; esac
SH
  chmod +x fake-g++
  if "$FERRY_SRC_DIR/configure" CXX="$dir/fake-g++" "$@" > out 2>&1; then
    fail "configure accepted GCC $version"
  fi
  grep -q "$expected" out || { cat out; fail "GCC $version: no '$expected'"; }
}

refuses 11 "Use g++-12"
refuses 15 "ported to GCC 12 (tested)"
refuses 13 "enable-untested-gcc"
refuses 14 "no longer calls the handlers"
echo "ok"
