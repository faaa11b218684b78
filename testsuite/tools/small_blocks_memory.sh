#!/bin/sh
# libferry's allocator for blocks under a page (runtime/pages/small_blocks.h)
# against glibc's, on bench/heap/small_vectors.cc: 100,000 live 1.5 KiB
# vectors (1,536 bytes, one size class exactly, and 1,500, which rounds up)
# take at most 1.3x the memory and, best of five runs, at most 2x the time
# to allocate of the program's plain g++ build; and they do come from
# libferry's allocator (malloc_usable_size of a 1,500-byte block is its
# class's 1,536 bytes, where glibc's gives 1,512) in the program's threads
# only.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source="$FERRY_SRC_DIR/bench/heap/small_vectors.cc"
g++ -O2 -I"$FERRY_SRC_DIR/include" -o "$dir/plain" "$source" > "$dir/log" 2>&1 ||
  { cat "$dir/log"; fail "the g++ build failed"; }
"$FERRY_GXX" -O2 -o "$dir/ferry" "$source" > "$dir/log" 2>&1 ||
  { cat "$dir/log"; fail "the ferry-g++ build failed"; }

# Which threads take libferry's blocks: the program's own (the main
# thread, std::thread, OpenMP's team), not those a library other than
# libgomp and libstdc++ starts (as the GPU driver and MPI start theirs).
cat > "$dir/spawner.cc" <<'CC'
#include <pthread.h>
#include <cstdlib>
#include <malloc.h>
static void *probe(void *usable) {
  void *block = std::malloc(1500);
  *static_cast<std::size_t *>(usable) = malloc_usable_size(block);
  std::free(block);
  return nullptr;
}
std::size_t usable_in_library_thread() {
  std::size_t usable = 0;
  pthread_t thread;
  pthread_create(&thread, nullptr, probe, &usable);
  pthread_join(thread, nullptr);
  return usable;
}
CC
cat > "$dir/usable.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <omp.h>
#include <thread>
std::size_t usable_in_library_thread();
[[ferry::kernel]] void touch(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] += 1.0;
}
static std::size_t usable() {
  void *block = std::malloc(1500);
  const std::size_t bytes = malloc_usable_size(block);
  std::free(block);
  return bytes;
}
int main() {
  std::size_t in_std_thread = 0, in_team = 0;
  std::thread([&] { in_std_thread = usable(); }).join();
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    in_team = usable();
  std::printf("%zu %zu %zu %zu\n", usable(), in_std_thread, in_team,
              usable_in_library_thread());
}
CC
g++ -O2 -fPIC -shared -o "$dir/libspawner.so" "$dir/spawner.cc" > "$dir/log" 2>&1 ||
  { cat "$dir/log"; fail "the thread-starting library does not build"; }
"$FERRY_GXX" -O2 -o "$dir/usable" "$dir/usable.cc" -L"$dir" -lspawner \
  -Wl,-rpath,"$dir" > "$dir/log" 2>&1 ||
  { cat "$dir/log"; fail "the malloc_usable_size probe does not build"; }
set -- $(FERRY_DEVICE=sim "$dir/usable")
[ "$1" = 1536 ] ||
  fail "a 1500-byte block holds $1 bytes: not from libferry's allocator"
[ "$2" = 1536 ] && [ "$3" = 1536 ] ||
  fail "a std::thread's or an OpenMP thread's block is not libferry's ($2, $3)"
[ "$4" != 1536 ] ||
  fail "a thread another library started took a block from libferry's allocator"

# Best of five: the least time to allocate, and the memory of that run.
best() { # program bytes
  for run in 1 2 3 4 5; do
    FERRY_DEVICE=sim "$dir/$1" 100000 "$2" || fail "$1 $2 failed"
  done | sort -t, -k4 -g | head -1
}
for bytes in 1536 1500; do
  plain=$(best plain "$bytes")
  ferry=$(best ferry "$bytes")
  echo "g++:       $plain"
  echo "ferry-g++: $ferry"
  echo "$plain $ferry" | awk -F'[ ,]' -v bytes="$bytes" '{
      time = $10 / $4; memory = $12 / $6
      printf "%d bytes: time %.2fx, memory %.2fx\n", bytes, time, memory
      if (time > 2.0 || memory > 1.3) exit 1 }' ||
    fail "$bytes-byte vectors: over 2x the time or 1.3x the memory of g++'s"
done
echo "PASS"
