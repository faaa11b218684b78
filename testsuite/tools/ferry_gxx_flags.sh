#!/bin/sh
# ferry-g++ adds OpenMP, the offload flags, the plugin and ferry's include
# and link flags; passes the user's flags through; and a user -foffload=
# replaces its default, with the device options of the targets it names.  Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

line=$("$FERRY_GXX" --showme -O2 -DNAME='a b' app.cc -o app) || fail "--showme failed"
case $line in *" -fopenmp "*) ;; *) fail "no -fopenmp: $line" ;; esac
case $line in *"-fplugin=$FERRY_PLUGIN"*) ;; *) fail "no plugin: $line" ;; esac
case $line in *"-I$FERRY_INCLUDE"*) ;; *) fail "no include dir: $line" ;; esac
case $line in *"-lferry"*) ;; *) fail "no -lferry when linking: $line" ;; esac
case $line in *"'-DNAME=a b'"*) ;; *) fail "user flag not passed through quoted: $line" ;; esac
case $line in *"-foffload="*) ;; *) fail "no default offload targets: $line" ;; esac

line=$("$FERRY_GXX" --showme -c app.cc) || fail "--showme -c failed"
case $line in *"-lferry"*) fail "-lferry when only compiling: $line" ;; esac

line=$("$FERRY_GXX" --showme -foffload=disable -c app.cc)
count=$(printf '%s\n' "$line" | tr ' ' '\n' | grep -c '^-foffload=')
[ "$count" = 1 ] || fail "user -foffload= did not replace the default: $line"
case $line in *"-foffload=disable"*) ;; *) fail "user -foffload= lost: $line" ;; esac

# A user -foffload= gets the device options of the targets it names, and
# only those: the AMD target without nvptx's -latomic (Debian ships no
# amdgcn libatomic).
line=$("$FERRY_GXX" --showme -foffload=amdgcn-amdhsa -c app.cc)
case $line in *"-foffload-options=amdgcn-amdhsa=-march="*) ;;
  *) fail "no amdgcn -march for -foffload=amdgcn-amdhsa: $line" ;; esac
case $line in *"amdgcn-amdhsa=-latomic"*|*"nvptx-none="*)
  fail "options of another target or -latomic for amdgcn: $line" ;; esac
line=$("$FERRY_GXX" --showme -foffload=nvptx-none,amdgcn-amdhsa -c app.cc)
case $line in *"-foffload-options=nvptx-none=-misa="*"-foffload-options=amdgcn-amdhsa=-march="*) ;;
  *) fail "not both targets' options for a two-image build: $line" ;; esac

# GCC's own -foffload=TARGETS=OPTIONS form passes through as it is, and
# its targets get their device options.
line=$("$FERRY_GXX" --showme -foffload=amdgcn-amdhsa=-march=gfx906 -c app.cc)
case $line in *" -foffload=amdgcn-amdhsa=-march=gfx906 "*) ;;
  *) fail "-foffload=T=OPTS not passed through: $line" ;; esac
case $line in *"=-march=gfx906=-march"*|*"amdgcn-amdhsa=-march=gfx906="*)
  fail "-foffload=T=OPTS rewritten: $line" ;; esac
case $line in *"-foffload-options=amdgcn-amdhsa=-lm"*) ;;
  *) fail "no device options for the target of -foffload=T=OPTS: $line" ;; esac

# --version and --help say what ferry is before what g++ says.
out=$("$FERRY_GXX" --version) || fail "--version failed"
case $out in "ferry-g++ (ferry "*"g++"*) ;; *) fail "--version: $out" ;; esac
out=$("$FERRY_GXX" --help) || fail "--help failed"
case $out in *"[[ferry::kernel]]"*"-fplugin-arg-ferry-explain"*"Usage: g++"*) ;;
  *) fail "--help does not describe ferry, then g++" ;; esac

# It really compiles and links a kernel.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cstdio>
[[ferry::kernel]]
void twice(int n, [[ferry::borrow_mut(n)]] int *v) { for (int i = 0; i < n; ++i) v[i] *= 2; }
int main() { int v[3] = {1, 2, 3}; twice(3, v); std::printf("%d %d %d on %s\n", v[0], v[1], v[2], ferry::device_name().c_str()); }
CC
"$FERRY_GXX" -O2 "$dir/k.cc" -o "$dir/k" || fail "build failed"
out=$(FERRY_DEVICE=sim "$dir/k") || fail "run failed"
[ "$out" = "2 4 6 on sim" ] || fail "unexpected output: $out"
echo "ok"
