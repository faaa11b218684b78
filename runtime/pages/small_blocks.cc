// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See small_blocks.h.  Every slab's metadata (Slab) sits in its own
// reservation, indexed like the slabs; a size class keeps a list of its
// slabs with room, under its own lock, so threads that allocate blocks of
// different sizes do not wait for each other.
#include "pages/small_blocks.h"

#include "core/scopes.h"
#include "core/settings.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace ferry::rt::small_blocks {

namespace {

constexpr std::size_t kPageBytes = 4096;
constexpr std::size_t kSlabBytes = 64 * 1024;
constexpr std::size_t kPagesPerSlab = kSlabBytes / kPageBytes;
constexpr std::size_t kSmallestBytes = 16;
constexpr std::size_t kMostSlots = kSlabBytes / kSmallestBytes;
constexpr unsigned kClasses = 28;
constexpr std::uint32_t kNoSlab = ~std::uint32_t{0};
// Empty slabs kept with their memory; more are given back to the system.
constexpr std::uint32_t kSpareSlabsKept = 64;

// Classes 0-7 are 16 to 128 bytes in steps of 16; then each doubling has
// four classes (160, 192, 224, 256; 320, ...; up to 4096).
constexpr unsigned class_of(std::size_t bytes) {
  if (bytes <= 128)
    return bytes ? static_cast<unsigned>((bytes - 1) / kSmallestBytes) : 0;
  const std::size_t last = bytes - 1;
  const unsigned power = 63 - __builtin_clzl(last);
  return 8 + (power - 7) * 4 + static_cast<unsigned>((last >> (power - 2)) - 4);
}

constexpr std::size_t class_bytes(unsigned size_class) {
  if (size_class < 8)
    return (size_class + 1) * kSmallestBytes;
  const unsigned group = (size_class - 8) / 4, step = (size_class - 8) % 4;
  return (step + 5) * (std::size_t{32} << group);
}

static_assert(class_of(1) == 0 && class_of(128) == 7 && class_of(129) == 8);
static_assert(class_bytes(class_of(1536)) == 1536);
static_assert(class_bytes(class_of(kLargestBytes - 1)) == kLargestBytes);
static_assert(class_of(kLargestBytes - 1) == kClasses - 1);

struct Slab {
  std::uint8_t size_class;
  bool listed; // in its class's list of slabs with room
  std::uint16_t capacity;
  std::uint16_t live;
  std::uint16_t first_word; // no free slot in the words before it
  std::uint32_t next, previous;
  std::uint32_t entries; // residency entries with bytes here (atomic access)
  std::uint16_t claims[kPagesPerSlab];    // buffers' guards on each page
  std::uint8_t protection[kPagesPerSlab]; // PROT_* bits, as page_guard set
  std::uint64_t free[kMostSlots / 64];    // a set bit: the slot is free
};

struct SizeClass {
  std::mutex mutex;
  std::uint32_t first_with_room = kNoSlab;
};

// Constant-initialized: malloc may run before any constructor.
struct Arena {
  std::uintptr_t base = 0, end = 0;
  Slab *slabs = nullptr;
  std::uint32_t slab_count = 0;
  std::mutex slabs_mutex; // the two below
  std::uint32_t slabs_used = 0;
  std::uint32_t first_spare = kNoSlab, spares = 0;
  SizeClass classes[kClasses];
};

Arena arena;
std::atomic<bool> on{false};
thread_local bool plain_thread = false;

std::uint32_t slab_index(std::uintptr_t address) {
  return static_cast<std::uint32_t>((address - arena.base) / kSlabBytes);
}

std::uintptr_t slab_start(std::uint32_t index) {
  return arena.base + std::uintptr_t{index} * kSlabBytes;
}

[[noreturn]] void bad_pointer(const char *what, const void *block) {
  char message[160];
  const int length =
      std::snprintf(message, sizeof message,
                    "ferry: free(): %s %p (libferry's small-block "
                    "allocator; FERRY_SMALL_BLOCKS=0 turns it off)\n",
                    what, block);
  if (length > 0)
    ::write(STDERR_FILENO, message,
            std::min<std::size_t>(length, sizeof message - 1));
  std::abort();
}

void link(SizeClass &size_class, std::uint32_t index) {
  Slab &slab = arena.slabs[index];
  slab.listed = true;
  slab.previous = kNoSlab;
  slab.next = size_class.first_with_room;
  if (slab.next != kNoSlab)
    arena.slabs[slab.next].previous = index;
  size_class.first_with_room = index;
}

void unlink(SizeClass &size_class, std::uint32_t index) {
  Slab &slab = arena.slabs[index];
  slab.listed = false;
  if (slab.previous != kNoSlab)
    arena.slabs[slab.previous].next = slab.next;
  else
    size_class.first_with_room = slab.next;
  if (slab.next != kNoSlab)
    arena.slabs[slab.next].previous = slab.previous;
}

// A slab for SIZE_CLASS, from the spares or never used; kNoSlab when the
// reservation is full.
std::uint32_t new_slab(unsigned size_class) {
  std::uint32_t index;
  {
    std::lock_guard<std::mutex> lock(arena.slabs_mutex);
    if (arena.first_spare != kNoSlab) {
      index = arena.first_spare;
      arena.first_spare = arena.slabs[index].next;
      --arena.spares;
    } else if (arena.slabs_used < arena.slab_count) {
      index = arena.slabs_used++;
    } else {
      return kNoSlab;
    }
  }
  Slab &slab = arena.slabs[index];
  std::memset(&slab, 0, sizeof slab);
  slab.size_class = static_cast<std::uint8_t>(size_class);
  std::fill(std::begin(slab.protection), std::end(slab.protection),
            PROT_READ | PROT_WRITE);
  slab.capacity =
      static_cast<std::uint16_t>(kSlabBytes / class_bytes(size_class));
  for (unsigned slot = 0; slot < slab.capacity; slot += 64)
    slab.free[slot / 64] =
        slab.capacity - slot >= 64
            ? ~std::uint64_t{0}
            : (std::uint64_t{1} << (slab.capacity - slot)) - 1;
  return index;
}

// An empty slab back to the spares; beyond a few, its memory back to the
// system (madvise itself: libferry's hook would take it for the program's).
void retire(std::uint32_t index) {
  std::lock_guard<std::mutex> lock(arena.slabs_mutex);
  if (arena.spares >= kSpareSlabsKept)
    syscall(SYS_madvise, slab_start(index), kSlabBytes, MADV_DONTNEED);
  arena.slabs[index].next = arena.first_spare;
  arena.first_spare = index;
  ++arena.spares;
}

bool on_claimed_page(const Slab &slab, std::size_t slot, std::size_t bytes) {
  const std::size_t first = slot * bytes / kPageBytes,
                    last = (slot * bytes + bytes - 1) / kPageBytes;
  for (std::size_t page = first; page <= last; ++page)
    if (slab.claims[page])
      return true;
  return false;
}

// A free slot of slab INDEX on no claimed page, taken; nullptr if none.
void *take_slot(std::uint32_t index, SizeClass &size_class) {
  Slab &slab = arena.slabs[index];
  const std::size_t bytes = class_bytes(slab.size_class);
  const unsigned words = (slab.capacity + 63) / 64;
  for (unsigned word = slab.first_word; word < words; ++word) {
    for (std::uint64_t left = slab.free[word]; left; left &= left - 1) {
      const std::size_t slot = word * 64 + __builtin_ctzll(left);
      if (on_claimed_page(slab, slot, bytes))
        continue;
      slab.free[word] &= ~(std::uint64_t{1} << (slot % 64));
      if (++slab.live == slab.capacity)
        unlink(size_class, index);
      return reinterpret_cast<void *>(slab_start(index) + slot * bytes);
    }
    if (!slab.free[word] && word == slab.first_word)
      ++slab.first_word;
  }
  return nullptr;
}

void lock_all() {
  for (SizeClass &size_class : arena.classes)
    size_class.mutex.lock();
  arena.slabs_mutex.lock();
}

void unlock_all() {
  arena.slabs_mutex.unlock();
  for (SizeClass &size_class : arena.classes)
    size_class.mutex.unlock();
}

// The address space to reserve: 16 GiB of blocks, less under a limit on
// the process's address space (ulimit -v), which a reservation counts in.
std::size_t reservation_bytes() {
  std::size_t bytes = std::size_t{16} << 30;
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    bytes = std::min<std::size_t>(bytes, limit.rlim_cur / 8);
  return bytes / kSlabBytes * kSlabBytes;
}

void *reserve(std::size_t bytes) {
  void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return memory == MAP_FAILED ? nullptr : memory;
}

// Not from malloc itself: reading the settings may allocate.
__attribute__((constructor)) void start() {
  const Settings &config = settings();
  if (!config.small_blocks || !config.residency ||
      !(config.check || config.coherence == Coherence::pages) ||
      sysconf(_SC_PAGESIZE) != static_cast<long>(kPageBytes))
    return;
  RuntimeScope ours; // its own mappings, not the program's
  for (std::size_t bytes = reservation_bytes();
       bytes >= (std::size_t{64} << 20); bytes /= 2) {
    const std::uint32_t slabs = static_cast<std::uint32_t>(bytes / kSlabBytes);
    void *blocks = reserve(bytes);
    void *metadata = blocks ? reserve(slabs * sizeof(Slab)) : nullptr;
    if (!metadata) {
      if (blocks)
        munmap(blocks, bytes);
      continue;
    }
    // Small pages: guards change single pages, and huge ones would hold
    // memory for a few blocks.
    madvise(blocks, bytes, MADV_NOHUGEPAGE);
    arena.base = reinterpret_cast<std::uintptr_t>(blocks);
    arena.end = arena.base + bytes;
    arena.slabs = static_cast<Slab *>(metadata);
    arena.slab_count = slabs;
    pthread_atfork(lock_all, unlock_all, unlock_all);
    on.store(true, std::memory_order_release);
    return;
  }
}

} // namespace

bool enabled() { return on.load(std::memory_order_relaxed); }

bool serving() {
  return on.load(std::memory_order_relaxed) && !plain_thread &&
         inside_runtime() == 0 && signals_held() == 0 && own_allocations() == 0;
}

bool owns(const void *block) {
  const auto at = reinterpret_cast<std::uintptr_t>(block);
  return at >= arena.base && at < arena.end;
}

void *allocate(std::size_t bytes) {
  const unsigned which = class_of(bytes);
  SizeClass &size_class = arena.classes[which];
  std::lock_guard<std::mutex> lock(size_class.mutex);
  for (std::uint32_t index = size_class.first_with_room; index != kNoSlab;) {
    const std::uint32_t next = arena.slabs[index].next;
    if (void *block = take_slot(index, size_class))
      return block;
    unlink(size_class, index); // its room is on claimed pages
    index = next;
  }
  const std::uint32_t index = new_slab(which);
  if (index == kNoSlab)
    return nullptr;
  link(size_class, index);
  return take_slot(index, size_class);
}

void release(void *block) {
  const auto at = reinterpret_cast<std::uintptr_t>(block);
  const std::uint32_t index = slab_index(at);
  Slab &slab = arena.slabs[index];
  // Its class stays while one of its blocks lives.
  SizeClass &size_class = arena.classes[slab.size_class];
  std::lock_guard<std::mutex> lock(size_class.mutex);
  const std::size_t bytes = class_bytes(slab.size_class),
                    offset = at - slab_start(index), slot = offset / bytes;
  if (offset % bytes || slot >= slab.capacity)
    bad_pointer("invalid pointer", block);
  const std::uint64_t bit = std::uint64_t{1} << (slot % 64);
  if (slab.free[slot / 64] & bit)
    bad_pointer("double free of", block);
  slab.free[slot / 64] |= bit;
  slab.first_word = std::min<std::uint16_t>(slab.first_word, slot / 64);
  --slab.live;
  if (!slab.listed)
    link(size_class, index);
  // An empty slab goes back, unless it is the class's only room.
  if (slab.live == 0 &&
      std::none_of(std::begin(slab.claims), std::end(slab.claims),
                   [](std::uint16_t claims) { return claims != 0; }) &&
      (size_class.first_with_room != index || slab.next != kNoSlab)) {
    unlink(size_class, index);
    retire(index);
  }
}

std::size_t usable_bytes(const void *block) {
  return class_bytes(
      arena.slabs[slab_index(reinterpret_cast<std::uintptr_t>(block))]
          .size_class);
}

bool holds_whole(Range range) {
  if (range.empty() || !owns(reinterpret_cast<void *>(range.begin)))
    return false;
  const std::uint32_t index = slab_index(range.begin);
  Slab &slab = arena.slabs[index];
  std::lock_guard<std::mutex> lock(arena.classes[slab.size_class].mutex);
  const std::size_t bytes = class_bytes(slab.size_class),
                    slot = (range.begin - slab_start(index)) / bytes;
  const std::uintptr_t end = slab_start(index) + (slot + 1) * bytes;
  return slot < slab.capacity && !((slab.free[slot / 64] >> (slot % 64)) & 1) &&
         range.end <= end;
}

bool claim_pages(Range checked, const Range *claims, std::size_t count,
                 bool (*covered)(Range block, void *context), void *context) {
  if (checked.empty() || !owns(reinterpret_cast<void *>(checked.begin)))
    return false;
  const std::uint32_t index = slab_index(checked.begin);
  if (slab_index(checked.end - 1) != index)
    return false;
  Slab &slab = arena.slabs[index];
  std::lock_guard<std::mutex> lock(arena.classes[slab.size_class].mutex);
  const std::uintptr_t start = slab_start(index);
  const std::size_t bytes = class_bytes(slab.size_class);
  const std::size_t first = (checked.begin - start) / bytes,
                    last = std::min<std::size_t>(
                        (checked.end - 1 - start) / bytes, slab.capacity - 1);
  for (std::size_t slot = first; slot <= last; ++slot)
    if (!((slab.free[slot / 64] >> (slot % 64)) & 1) &&
        !covered({start + slot * bytes, start + (slot + 1) * bytes}, context))
      return false;
  for (const Range *claim = claims; claim != claims + count; ++claim)
    for (std::uintptr_t page = claim->begin; page < claim->end;
         page += kPageBytes)
      ++slab.claims[(page - start) / kPageBytes];
  return true;
}

void release_pages(Range pages) {
  const std::uint32_t index = slab_index(pages.begin);
  Slab &slab = arena.slabs[index];
  SizeClass &size_class = arena.classes[slab.size_class];
  std::lock_guard<std::mutex> lock(size_class.mutex);
  const std::uintptr_t start = slab_start(index);
  for (std::uintptr_t page = pages.begin; page < pages.end; page += kPageBytes)
    --slab.claims[(page - start) / kPageBytes];
  if (!slab.listed && slab.live < slab.capacity)
    link(size_class, index);
}

void count_entries(Range range, int delta) {
  if (range.empty() || !owns(reinterpret_cast<void *>(range.begin)))
    return;
  for (std::uint32_t index = slab_index(range.begin),
                     last = slab_index(range.end - 1);
       index <= last; ++index)
    __atomic_fetch_add(&arena.slabs[index].entries,
                       static_cast<std::uint32_t>(delta), __ATOMIC_RELAXED);
}

bool slab_holds_entries(const void *block) {
  return __atomic_load_n(
             &arena.slabs[slab_index(reinterpret_cast<std::uintptr_t>(block))]
                  .entries,
             __ATOMIC_RELAXED) != 0;
}

void note_protection(Range pages, int protection) {
  if (!owns(reinterpret_cast<void *>(pages.begin)))
    return;
  for (std::uintptr_t page = pages.begin; page < pages.end; page += kPageBytes)
    arena.slabs[slab_index(page)]
        .protection[(page - arena.base) / kPageBytes % kPagesPerSlab] =
        static_cast<std::uint8_t>(protection);
}

std::vector<std::pair<Range, int>> protection_of(Range pages) {
  std::vector<std::pair<Range, int>> stretches;
  for (std::uintptr_t page = pages.begin; page < pages.end;
       page += kPageBytes) {
    const int protection =
        arena.slabs[slab_index(page)]
            .protection[(page - arena.base) / kPageBytes % kPagesPerSlab];
    if (!stretches.empty() && stretches.back().second == protection)
      stretches.back().first.end = page + kPageBytes;
    else
      stretches.push_back({{page, page + kPageBytes}, protection});
  }
  return stretches;
}

bool program_thread_creator(const void *caller) {
  if (inside_runtime() > 0 || signals_held() > 0)
    return false;
  Dl_info info;
  struct link_map *object = nullptr;
  if (!dladdr1(caller, &info, reinterpret_cast<void **>(&object),
               RTLD_DL_LINKMAP) ||
      !object)
    return false;
  if (!object->l_name || !*object->l_name)
    return true; // the executable
  const char *slash = std::strrchr(object->l_name, '/');
  const char *name = slash ? slash + 1 : object->l_name;
  return std::strncmp(name, "libgomp.so", 10) == 0 ||
         std::strncmp(name, "libstdc++.so", 12) == 0;
}

void mark_thread_plain() { plain_thread = true; }

} // namespace ferry::rt::small_blocks
