// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Device helpers of ferry's direct launch path (doc/design.md, "Direct
// launch").  Not for users: the plugin calls these from the device entries
// it adds for every kernel loop, which libferry launches through the CUDA
// driver API instead of through an OpenMP target region.
//
// Why inline PTX: the entries run outside libgomp's device runtime, so
// neither omp_get_team_num() nor GCC's own atomics (which -mgomp predicates
// on libgomp's per-warp state) work there.  Every asm text starts with
// "// ferry-ptx": the host copy of these functions is compiled too but never
// runs, and the plugin empties those asm texts in the host compilation so
// that the host assembler never sees PTX.
//
// Only the operand constraints "r" and "m" are used: nvptx gives "r" a
// register of the operand's own type and prints "m" as [address], and the
// x86 host accepts both for the emptied asm.
#ifndef FERRY_DIRECT_HPP
#define FERRY_DIRECT_HPP

#if defined(__FERRY_PLUGIN__) && defined(_OPENMP)

// C++ even where the plugin reads a C source as C++ with C linkage
// (ferry-gcc: every declaration of the unit as if in `extern "C"`).
extern "C++" {

#include <type_traits>

#pragma omp declare target
namespace ferry::direct {

// The PTX special registers the entries read, one accessor each.
#define FERRY_DIRECT_SPECIAL_REGISTER(NAME, REGISTER)                          \
  inline unsigned NAME() {                                                     \
    unsigned value;                                                            \
    asm("// ferry-ptx\n\tmov.u32 %0, %%" REGISTER ";" : "=r"(value));          \
    return value;                                                              \
  }
FERRY_DIRECT_SPECIAL_REGISTER(thread_x, "tid.x")
FERRY_DIRECT_SPECIAL_REGISTER(thread_y, "tid.y")
FERRY_DIRECT_SPECIAL_REGISTER(thread_z, "tid.z")
FERRY_DIRECT_SPECIAL_REGISTER(block_width, "ntid.x")
FERRY_DIRECT_SPECIAL_REGISTER(block_height, "ntid.y")
FERRY_DIRECT_SPECIAL_REGISTER(block_depth, "ntid.z")
FERRY_DIRECT_SPECIAL_REGISTER(block_x, "ctaid.x")
FERRY_DIRECT_SPECIAL_REGISTER(block_y, "ctaid.y")
FERRY_DIRECT_SPECIAL_REGISTER(block_z, "ctaid.z")
FERRY_DIRECT_SPECIAL_REGISTER(grid_width, "nctaid.x")
FERRY_DIRECT_SPECIAL_REGISTER(grid_height, "nctaid.y")
FERRY_DIRECT_SPECIAL_REGISTER(grid_depth, "nctaid.z")
FERRY_DIRECT_SPECIAL_REGISTER(lane, "laneid")
#undef FERRY_DIRECT_SPECIAL_REGISTER

// BLOCK * THREADS + THREAD, in 64 bits.
inline unsigned long long place(unsigned block, unsigned threads,
                                unsigned thread) {
  return static_cast<unsigned long long>(block) * threads + thread;
}

// The global index of this GPU thread in a 1-D launch, and the number of
// threads of the launch: a grid-stride loop's start and step.
inline unsigned long long thread_index() {
  return place(block_x(), block_width(), thread_x());
}

inline unsigned long long thread_count() {
  return place(grid_width(), block_width(), 0);
}

// The same along y and z, for the grid of a collapsed nest.  Its blocks
// are one layer deep but where its two inner levels are short
// (runtime/nvptx/launch_geometry.h, nest_geometry).
inline unsigned long long grid_y_index() {
  return place(block_y(), block_height(), thread_y());
}

inline unsigned long long grid_y_count() {
  return place(grid_height(), block_height(), 0);
}

inline unsigned long long grid_z_index() {
  return place(block_z(), block_depth(), thread_z());
}

inline unsigned long long grid_z_count() {
  return place(grid_depth(), block_depth(), 0);
}

// The same for a framed entry, whose blocks are one column of threads (y).
inline unsigned long long framed_thread_index() {
  return place(block_x(), block_height(), thread_y());
}

inline unsigned long long framed_thread_count() {
  return place(grid_width(), block_height(), 0);
}

} // namespace ferry::direct

// GCC's soft stacks: with -mgomp, a device function that needs a stack
// frame takes it below __nvptx_stacks[%tid.y] (a .shared array of libgcc's;
// libgomp sets one slot per warp).  The plugin adds the "shared" attribute
// this declaration cannot spell on the host; libferry defines a host
// stand-in, for the host copies of the entries, which never run.
extern "C" unsigned long long __nvptx_stacks[32];

namespace ferry::direct {

// Gives this thread its own stack, STACK_BYTES bytes of the launch's
// frame arena at STACK.  Framed entries are launched as columns of 32
// threads, so that every thread of a block has its own %tid.y and slot;
// each calls this before its body, which is a function of its own so that
// no frame is taken before.
inline void enter_frame(unsigned long long stack,
                        unsigned long long stack_bytes) {
  __nvptx_stacks[thread_y()] =
      stack + (framed_thread_index() + 1) * stack_bytes;
}

// VALUE of the lane DELTA places up in the warp; every lane takes part.
inline unsigned shuffle_down(unsigned value, unsigned delta) {
  unsigned result;
  asm volatile("// ferry-ptx\n\tshfl.sync.down.b32 %0, %1, %2, 31, -1;"
               : "=r"(result)
               : "r"(value), "r"(delta));
  return result;
}

inline unsigned long long shuffle_down(unsigned long long value,
                                       unsigned delta) {
  unsigned long long result;
  asm volatile("// ferry-ptx\n\t{\n\t.reg .b32 lo, hi;\n\t"
               "mov.b64 {lo, hi}, %1;\n\t"
               "shfl.sync.down.b32 lo, lo, %2, 31, -1;\n\t"
               "shfl.sync.down.b32 hi, hi, %2, 31, -1;\n\t"
               "mov.b64 %0, {lo, hi};\n\t}"
               : "=r"(result)
               : "r"(value), "r"(delta));
  return result;
}

// The unsigned integer of T's size, for moving T's bits.
template <class T> struct bits_of;
template <> struct bits_of<float> { using type = unsigned; };
template <> struct bits_of<double> { using type = unsigned long long; };
template <> struct bits_of<signed char> { using type = unsigned; };
template <> struct bits_of<unsigned char> { using type = unsigned; };
template <> struct bits_of<short> { using type = unsigned; };
template <> struct bits_of<unsigned short> { using type = unsigned; };
template <> struct bits_of<int> { using type = unsigned; };
template <> struct bits_of<unsigned> { using type = unsigned; };
template <> struct bits_of<long> { using type = unsigned long long; };
template <> struct bits_of<unsigned long> { using type = unsigned long long; };
template <> struct bits_of<long long> { using type = unsigned long long; };
template <> struct bits_of<unsigned long long> {
  using type = unsigned long long;
};
template <> struct bits_of<bool> { using type = unsigned; };

template <class T> unsigned long long to_bits(T value) {
  typename bits_of<T>::type bits = 0;
  __builtin_memcpy(&bits, &value, sizeof value);
  return bits;
}

template <class T> T from_bits(unsigned long long bits) {
  T value;
  const typename bits_of<T>::type narrow = bits;
  __builtin_memcpy(&value, &narrow, sizeof value);
  return value;
}

template <class T> T shuffle_down(T value, unsigned delta) {
  using Bits = typename bits_of<T>::type;
  return from_bits<T>(shuffle_down(static_cast<Bits>(to_bits(value)), delta));
}

// VALUE of the warp's lane 0, in every lane; every lane takes part.
inline unsigned shuffle_first(unsigned value) {
  unsigned result;
  asm volatile("// ferry-ptx\n\tshfl.sync.idx.b32 %0, %1, 0, 31, -1;"
               : "=r"(result)
               : "r"(value));
  return result;
}

inline unsigned long long shuffle_first(unsigned long long value) {
  unsigned long long result;
  asm volatile("// ferry-ptx\n\t{\n\t.reg .b32 lo, hi;\n\t"
               "mov.b64 {lo, hi}, %1;\n\t"
               "shfl.sync.idx.b32 lo, lo, 0, 31, -1;\n\t"
               "shfl.sync.idx.b32 hi, hi, 0, 31, -1;\n\t"
               "mov.b64 %0, {lo, hi};\n\t}"
               : "=r"(result)
               : "r"(value));
  return result;
}

template <class T> T shuffle_first(T value) {
  using Bits = typename bits_of<T>::type;
  return from_bits<T>(shuffle_first(static_cast<Bits>(to_bits(value))));
}

inline unsigned compare_and_swap(unsigned *target, unsigned expected,
                                 unsigned desired) {
  unsigned old;
  asm volatile("// ferry-ptx\n\tatom.cas.b32 %0, [%1], %2, %3;"
               : "=r"(old)
               : "r"(target), "r"(expected), "r"(desired)
               : "memory");
  return old;
}

inline unsigned long long compare_and_swap(unsigned long long *target,
                                           unsigned long long expected,
                                           unsigned long long desired) {
  unsigned long long old;
  asm volatile("// ferry-ptx\n\tatom.cas.b64 %0, [%1], %2, %3;"
               : "=r"(old)
               : "r"(target), "r"(expected), "r"(desired)
               : "memory");
  return old;
}

// The operations of reductions and shared_mut updates.  (Plain functions
// rather than lambdas: everything here must be a declare-target function.)
enum class op {
  plus,
  minus,
  times,
  divide,
  bit_and,
  bit_or,
  bit_xor,
  shift_left,
  shift_right,
  min,
  max
};

// X OP VALUE with C++'s conversions back to T.
template <op O, class T, class V> T combine(T x, V value) {
  if constexpr (O == op::plus)
    return static_cast<T>(x + value);
  else if constexpr (O == op::minus)
    return static_cast<T>(x - value);
  else if constexpr (O == op::times)
    return static_cast<T>(x * value);
  else if constexpr (O == op::divide)
    return static_cast<T>(x / value);
  else if constexpr (O == op::bit_and)
    return static_cast<T>(x & value);
  else if constexpr (O == op::bit_or)
    return static_cast<T>(x | value);
  else if constexpr (O == op::bit_xor)
    return static_cast<T>(x ^ value);
  else if constexpr (O == op::shift_left)
    return static_cast<T>(x << value);
  else if constexpr (O == op::shift_right)
    return static_cast<T>(x >> value);
  else if constexpr (O == op::min)
    return value < x ? static_cast<T>(value) : x;
  else
    return x < value ? static_cast<T>(value) : x;
}

// *TARGET = *TARGET OP VALUE, atomically, for a 1- or 2-byte T, returning
// the value *TARGET held before: a compare-and-swap of the 32-bit word
// that holds it, which changes only its bytes.  GCC 12's own atomics on
// such numbers fail on nvptx: an update of a negative short writes its
// sign into the rest of the word, and an unsigned short's update, which
// GCC leaves to libatomic's __atomic_fetch_add_2, lost updates (an H100,
// twenty-fifth session: programs/openmp_regions_narrow_atomics).  GCC's
// 32-bit builtins, not PTX, so that a region's host fallback runs it too.
template <op O, class T, class V> T atomic_apply_in_word(T *target, V value) {
  static_assert(sizeof(T) < 4, "ferry: atomic_apply_in_word is for 1 and 2 bytes");
  typedef unsigned __attribute__((may_alias)) Word;
  const unsigned long long address = reinterpret_cast<unsigned long long>(target);
  Word *word = reinterpret_cast<Word *>(address & ~3ULL);
  // Little-endian, as nvptx and x86-64 are.
  const unsigned shift = static_cast<unsigned>(address & 3) * 8;
  const unsigned mask = ((1u << (8 * sizeof(T))) - 1) << shift;
  unsigned seen = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    // T's bytes are the low ones of an unsigned (any 1- or 2-byte T:
    // char, char16_t, short, ...).
    const unsigned bits = (seen & mask) >> shift;
    T current;
    __builtin_memcpy(&current, &bits, sizeof current);
    const T next = combine<O>(current, value);
    unsigned next_bits = 0;
    __builtin_memcpy(&next_bits, &next, sizeof next);
    const unsigned desired = (seen & ~mask) | ((next_bits << shift) & mask);
    if (__atomic_compare_exchange_n(word, &seen, desired, false,
                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return current;
  }
}

// The same for a 4- or 8-byte T, a compare-and-swap of T's own bits.
template <op O, class T, class V> T atomic_apply_word(T *target, V value) {
  using Bits = typename bits_of<T>::type;
  Bits *word = reinterpret_cast<Bits *>(target);
  Bits seen = *static_cast<volatile Bits *>(word);
  for (;;) {
    T current;
    __builtin_memcpy(&current, &seen, sizeof current);
    const T next = combine<O>(current, value);
    Bits desired = 0;
    __builtin_memcpy(&desired, &next, sizeof next);
    const Bits old = compare_and_swap(word, seen, desired);
    if (old == seen)
      return current;
    seen = old;
  }
}

// *TARGET = *TARGET OP VALUE, atomically, for any 1-, 2-, 4- or 8-byte T;
// returns the value *TARGET held before.
template <op O, class T, class V> T atomic_apply(T *target, V value) {
  static_assert(sizeof(T) <= 8, "ferry: atomic updates need at most 8 bytes");
  if constexpr (sizeof(T) < 4)
    return atomic_apply_in_word<O>(target, value);
  else
    return atomic_apply_word<O>(target, value);
}

// The hardware adds these types in one instruction.  The value goes in
// as its bits, moved to a register of the float type inside: a float that
// GCC made of bits (a team's reduction, from_bits) reaches an asm operand
// as an integer register, which red.add.f32 does not take.
inline void atomic_add(float *target, float value) {
  asm volatile("// ferry-ptx\n\t{\n\t.reg .f32 %%ferry_value;\n\t"
               "mov.b32 %%ferry_value, %1;\n\t"
               "red.add.f32 [%0], %%ferry_value;\n\t}" ::"r"(target),
               "r"(__builtin_bit_cast(unsigned, value))
               : "memory");
}
inline void atomic_add(double *target, double value) {
  asm volatile("// ferry-ptx\n\t{\n\t.reg .f64 %%ferry_value;\n\t"
               "mov.b64 %%ferry_value, %1;\n\t"
               "red.add.f64 [%0], %%ferry_value;\n\t}" ::"r"(target),
               "r"(__builtin_bit_cast(unsigned long long, value))
               : "memory");
}
// Integer adds go through an address that depends on the lane (by a zero
// offset that ptxas does not fold away, from a shuffle among the lanes
// active there, so that it is safe in divergent code).  In the frames module,
// built without -mgomp, the driver's ptxas took an address made from a value
// that a callee had stored in the caller's frame for the same in every
// lane, and combined the warp's adds into one, at one lane's address: a
// histogram's counts came out in multiples of 32 on the H200
// (doc/gpu-results.md).  Floating-point adds are not combined.
template <class T> T *lane_dependent(T *target) {
  T *address;
  asm volatile("// ferry-ptx\n\t{\n\t.reg .u32 lane, active;\n\t"
               ".reg .u64 zero;\n\tmov.u32 lane, %%laneid;\n\t"
               "activemask.b32 active;\n\t"
               "shfl.sync.idx.b32 lane, lane, lane, 31, active;\n\t"
               "cvt.u64.u32 zero, lane;\n\tand.b64 zero, zero, 0;\n\t"
               "add.u64 %0, %1, zero;\n\t}"
               : "=r"(address)
               : "r"(target));
  return address;
}
inline void atomic_add(unsigned *target, unsigned value) {
  asm volatile(
      "// ferry-ptx\n\tred.add.u32 [%0], %1;" ::"r"(lane_dependent(target)),
      "r"(value)
      : "memory");
}
inline void atomic_add(unsigned long long *target, unsigned long long value) {
  asm volatile(
      "// ferry-ptx\n\tred.add.u64 [%0], %1;" ::"r"(lane_dependent(target)),
      "r"(value)
      : "memory");
}

// Whether `*target += value` is one hardware add of T.
template <class T, class V> constexpr bool adds_in_hardware() {
  if constexpr (!std::is_same_v<decltype(T() + V()), T>)
    return false;
  else
    return std::is_same_v<T, float> || std::is_same_v<T, double> ||
           (std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8));
}

template <class T> void atomic_add_same(T *target, T value) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
    atomic_add(target, value);
  else if constexpr (sizeof(T) == 4)
    atomic_add(reinterpret_cast<unsigned *>(target),
               static_cast<unsigned>(value));
  else
    atomic_add(reinterpret_cast<unsigned long long *>(target),
               static_cast<unsigned long long>(value));
}

// The updates of shared_mut elements, `*target OP= value`.  Those without
// a hardware add return the value *TARGET held before, which an atomic
// construct's capture takes (atomic_fetch_plus and atomic_fetch_minus
// below for the adds).
template <class T, class V> void atomic_plus(T *target, V value) {
  if constexpr (adds_in_hardware<T, V>())
    atomic_add_same(target, static_cast<T>(value));
  else
    atomic_apply<op::plus>(target, value);
}
template <class T, class V> void atomic_minus(T *target, V value) {
  if constexpr (adds_in_hardware<T, V>())
    atomic_add_same(target, static_cast<T>(-value));
  else
    atomic_apply<op::minus>(target, value);
}
template <class T, class V> T atomic_times(T *target, V value) {
  return atomic_apply<op::times>(target, value);
}
template <class T, class V> T atomic_divide(T *target, V value) {
  return atomic_apply<op::divide>(target, value);
}
template <class T, class V> T atomic_and(T *target, V value) {
  return atomic_apply<op::bit_and>(target, value);
}
template <class T, class V> T atomic_or(T *target, V value) {
  return atomic_apply<op::bit_or>(target, value);
}
template <class T, class V> T atomic_xor(T *target, V value) {
  return atomic_apply<op::bit_xor>(target, value);
}
template <class T, class V> T atomic_shift_left(T *target, V value) {
  return atomic_apply<op::shift_left>(target, value);
}
template <class T, class V> T atomic_shift_right(T *target, V value) {
  return atomic_apply<op::shift_right>(target, value);
}

// The captures of atomic constructs' adds in team entries (`v = x++`,
// `{v = x; x += e;}`): `*target += value` atomically, returning the value
// *TARGET held before.  Adds of 4- and 8-byte integers and of floats are
// one `atom.add` (through a lane-dependent address, as atomic_add's).
template <class T, class V> T atomic_fetch_plus(T *target, V value) {
  if constexpr (adds_in_hardware<T, V>() && sizeof(T) == 4) {
    typename bits_of<T>::type old;
    if constexpr (std::is_same_v<T, float>)
      asm volatile("// ferry-ptx\n\tatom.add.f32 %0, [%1], %2;"
                   : "=r"(old)
                   : "r"(lane_dependent(target)), "r"(value)
                   : "memory");
    else
      asm volatile("// ferry-ptx\n\tatom.add.u32 %0, [%1], %2;"
                   : "=r"(old)
                   : "r"(lane_dependent(target)),
                     "r"(static_cast<unsigned>(value))
                   : "memory");
    return from_bits<T>(old);
  } else if constexpr (adds_in_hardware<T, V>() && std::is_integral_v<T>) {
    unsigned long long old;
    asm volatile("// ferry-ptx\n\tatom.add.u64 %0, [%1], %2;"
                 : "=r"(old)
                 : "r"(lane_dependent(target)),
                   "r"(static_cast<unsigned long long>(value))
                 : "memory");
    return from_bits<T>(old);
  } else {
    return atomic_apply<op::plus>(target, value);
  }
}
template <class T, class V> T atomic_fetch_minus(T *target, V value) {
  if constexpr (adds_in_hardware<T, V>())
    return atomic_fetch_plus(target, static_cast<T>(-value));
  else
    return atomic_apply<op::minus>(target, value);
}
// `{v = x; x = e;}`: *TARGET = VALUE, returning what it held.
template <class T, class V> T atomic_exchange(T *target, V value) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "ferry: atomic writes need a 4- or 8-byte element");
  using Bits = typename bits_of<T>::type;
  const Bits desired = static_cast<Bits>(to_bits(static_cast<T>(value)));
  Bits old;
  if constexpr (sizeof(T) == 4)
    asm volatile("// ferry-ptx\n\tatom.exch.b32 %0, [%1], %2;"
                 : "=r"(old)
                 : "r"(target), "r"(desired)
                 : "memory");
  else
    asm volatile("// ferry-ptx\n\tatom.exch.b64 %0, [%1], %2;"
                 : "=r"(old)
                 : "r"(target), "r"(desired)
                 : "memory");
  return from_bits<T>(old);
}

// The threads of this block in the order the hardware makes warps of
// them, x fastest (a framed entry's block is one column in y, a nest's up
// to 32 x 8 or a stack of short layers in z, any other's a row in x).
inline unsigned block_thread() {
  return (thread_z() * block_height() + thread_y()) * block_width() +
         thread_x();
}

inline unsigned block_threads() {
  return block_width() * block_height() * block_depth();
}

// This block's place in the grid, x fastest, and the grid's blocks.
inline unsigned block_index() {
  return (block_z() * grid_height() + block_y()) * grid_width() + block_x();
}

inline unsigned block_count() {
  return grid_width() * grid_height() * grid_depth();
}

// Every thread of the block waits here; the memory operations before it
// are visible to the block after it.  `barrier.sync`, not `bar.sync`
// (which is `barrier.sync.aligned`): GCC does not know the asm is a
// barrier and may copy it into both arms of a branch before it (jump
// threading), so that the threads of one warp wait at different copies,
// which an aligned barrier does not allow (HeCBench's matern hung).
inline void block_barrier() {
  asm volatile("// ferry-ptx\n\tbarrier.sync 0;" ::: "memory");
}

// Orders this thread's earlier writes to global memory before its later
// ones, for every thread of the GPU.
inline void device_fence() {
  asm volatile("// ferry-ptx\n\tmembar.gl;" ::: "memory");
}

// *COUNTER += 1, returning the old value.
inline unsigned fetch_increment(unsigned *counter) {
  unsigned old;
  asm volatile("// ferry-ptx\n\tatom.add.u32 %0, [%1], 1;"
               : "=r"(old)
               : "r"(counter)
               : "memory");
  return old;
}

// What the blocks of a reduction share, one per reduction variable, in
// device memory that libferry allocates for the call site
// (runtime/nvptx/cuda_launch.cc): each block leaves its partial result in
// PARTIALS, and the block that counts last combines them and stores the
// variable's new value at RESULT, in page-locked host memory that the
// device writes directly.  It sets BLOCKS_DONE back to 0, so that the next
// launch needs no reset.
struct reduction_tally {
  unsigned long long result;
  unsigned blocks_done;
  unsigned unused;
  unsigned long long partials[1]; // one per block of the launch
};

// The block's threads' values, each block's scratch for combining them:
// one value per warp, and whether this block counted last.  The plugin
// gives it the nvptx "shared" attribute (the .shared state space, one
// instance per block), which the host's front end cannot spell; internal
// linkage gives every unit its own, so no unit needs to define it.
struct block_scratch_space {
  unsigned long long warp_values[32];
  unsigned last;
};
[[maybe_unused]] static block_scratch_space block_scratch;

// The warp's VALUEs combined, in lane 0, where only the first VALID lanes
// hold one.  Every lane of the warp calls.
template <op O, class T>
[[gnu::always_inline]] inline T combine_warp(T value, unsigned valid) {
  const unsigned me = lane();
  for (unsigned delta = 16; delta > 0; delta >>= 1) {
    const T other = shuffle_down(value, delta);
    if (me + delta < valid)
      value = combine<O>(value, other);
  }
  return value;
}

// The block's VALUEs combined, in thread 0, where only the first VALID
// threads (in block_thread order) hold one.  Every thread of the block
// calls; block_scratch is free again when it returns.
template <op O, class T>
[[gnu::always_inline]] inline T combine_block(T value, unsigned valid) {
  const unsigned thread = block_thread();
  const unsigned warp = thread / 32;
  const unsigned warp_valid = valid > warp * 32 ? valid - warp * 32 : 0;
  value = combine_warp<O>(value, warp_valid < 32 ? warp_valid : 32);
  const unsigned threads = block_threads();
  if (threads <= 32)
    return value;
  if (lane() == 0)
    block_scratch.warp_values[warp] = to_bits(value);
  block_barrier();
  if (warp == 0) {
    const unsigned warps_valid = (valid + 31) / 32;
    value = from_bits<T>(
        block_scratch.warp_values[lane() < warps_valid ? lane() : 0]);
    value = combine_warp<O>(value, warps_valid);
  }
  block_barrier();
  return value;
}

// Inlined into the entries, as the helpers above: a call costs the
// entry registers and its loads their address space.
//
// A reduction's end, in every thread of the launch: the variable becomes
// INITIAL OP (the VALUEs of all threads) in one pass.  Each block combines
// its threads' values and leaves the result in the tally; the last block
// to finish combines those and stores the variable's value for the host.
// No atomic update of the value itself, so every operator takes the same
// path, and nothing needs resetting before the next launch.
template <op O, class T>
[[gnu::always_inline]] inline void reduce_grid(void *where, T value,
                                               T initial) {
  reduction_tally *tally = static_cast<reduction_tally *>(where);
  volatile unsigned long long *partials = tally->partials;
  value = combine_block<O>(value, block_threads());
  if (block_thread() == 0) {
    partials[block_index()] = to_bits(value);
    device_fence();
    block_scratch.last =
        fetch_increment(&tally->blocks_done) == block_count() - 1;
  }
  block_barrier();
  if (!block_scratch.last)
    return;
  device_fence();
  const unsigned blocks = block_count(), threads = block_threads();
  const unsigned thread = block_thread();
  if (thread < blocks) {
    value = from_bits<T>(partials[thread]);
    for (unsigned b = thread + threads; b < blocks; b += threads)
      value = combine<O>(value, from_bits<T>(partials[b]));
  }
  value = combine_block<O>(value, blocks < threads ? blocks : threads);
  if (thread == 0) {
    *reinterpret_cast<volatile T *>(tally->result) = combine<O>(initial, value);
    *static_cast<volatile unsigned *>(&tally->blocks_done) = 0;
  }
}

template <class T>
[[gnu::always_inline]] inline void reduce_plus(void *tally, T value,
                                               T initial) {
  reduce_grid<op::plus>(tally, value, initial);
}
template <class T>
[[gnu::always_inline]] inline void reduce_times(void *tally, T value,
                                                T initial) {
  reduce_grid<op::times>(tally, value, initial);
}
template <class T>
[[gnu::always_inline]] inline void reduce_min(void *tally, T value, T initial) {
  reduce_grid<op::min>(tally, value, initial);
}
template <class T>
[[gnu::always_inline]] inline void reduce_max(void *tally, T value, T initial) {
  reduce_grid<op::max>(tally, value, initial);
}
template <class T>
[[gnu::always_inline]] inline void reduce_and(void *tally, T value, T initial) {
  reduce_grid<op::bit_and>(tally, value, initial);
}
template <class T>
[[gnu::always_inline]] inline void reduce_or(void *tally, T value, T initial) {
  reduce_grid<op::bit_or>(tally, value, initial);
}
template <class T>
[[gnu::always_inline]] inline void reduce_xor(void *tally, T value, T initial) {
  reduce_grid<op::bit_xor>(tally, value, initial);
}

// A team's reduction (plugin/team_loops.cc), in every thread of the
// block: INITIAL OP (the VALUEs of all its threads), the same in each.
// Each warp combines the warps' values itself, in the same order as the
// others, so that no barrier waits for one warp to hand the total round.
// Every thread calls; the first barrier ends the parallel loop before it,
// and block_scratch is free again when it returns.
template <op O, class T>
[[gnu::always_inline]] inline T team_reduce(T value, T initial) {
  const unsigned warp = block_thread() / 32;
  const unsigned threads = block_threads();
  const unsigned warp_valid = threads > warp * 32 ? threads - warp * 32 : 0;
  value = combine_warp<O>(value, warp_valid < 32 ? warp_valid : 32);
  if (lane() == 0)
    block_scratch.warp_values[warp] = to_bits(value);
  block_barrier();
  const unsigned warps = (threads + 31) / 32;
  value = combine_warp<O>(
      from_bits<T>(block_scratch.warp_values[lane() < warps ? lane() : 0]),
      warps);
  block_barrier();
  return combine<O>(initial, shuffle_first(value));
}
#define FERRY_DIRECT_TEAM_REDUCE(NAME, OP)                                     \
  template <class T>                                                           \
  [[gnu::always_inline]] inline T NAME(T value, T initial) {                   \
    return team_reduce<OP>(value, initial);                                    \
  }
FERRY_DIRECT_TEAM_REDUCE(team_reduce_plus, op::plus)
FERRY_DIRECT_TEAM_REDUCE(team_reduce_times, op::times)
FERRY_DIRECT_TEAM_REDUCE(team_reduce_min, op::min)
FERRY_DIRECT_TEAM_REDUCE(team_reduce_max, op::max)
FERRY_DIRECT_TEAM_REDUCE(team_reduce_and, op::bit_and)
FERRY_DIRECT_TEAM_REDUCE(team_reduce_or, op::bit_or)
FERRY_DIRECT_TEAM_REDUCE(team_reduce_xor, op::bit_xor)
#undef FERRY_DIRECT_TEAM_REDUCE

// A load from a `borrow` buffer.  Nothing writes such a buffer while the
// kernel runs (rules 1 and 6 of doc/rules.md), so the load may take the
// read-only, non-coherent path, as nvcc's loads through const __restrict__
// pointers do; GCC 12's nvptx back end never emits ld.global.nc itself.
// The memory operand keeps GCC from moving the load to where the source
// would not have made it (a non-volatile asm with only register inputs
// counts as unable to fault) and lets it drop a load whose value is unused.
template <class T> T load_nc(const T *address) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "ferry: non-coherent loads of 4- and 8-byte numbers only");
  T value;
  if constexpr (sizeof(T) == 4)
    asm("// ferry-ptx\n\tld.global.nc.b32 %0, %1;"
        : "=r"(value)
        : "m"(*address));
  else
    asm("// ferry-ptx\n\tld.global.nc.b64 %0, %1;"
        : "=r"(value)
        : "m"(*address));
  return value;
}

// A read of a whole struct of 8 or 16 bytes aligned to its size (CUDA's
// float2 and float4, a struct of four floats): one vector load, as nvcc's,
// where GCC 12 loads each member the code uses with one instruction of its
// own (md's gathers of float4 positions: three loads each).  The words come
// back through registers; the struct is made of them as bytes.
template <class T> struct VectorWords {
  static_assert((sizeof(T) == 8 || sizeof(T) == 16) && alignof(T) >= sizeof(T),
                "ferry: vector loads of aligned 8- and 16-byte structs only");
  unsigned word[sizeof(T) / 4];
};
#define FERRY_DIRECT_LOAD_VECTOR(NAME, SPACE)                                  \
  template <class T> T NAME(const T *address) {                               \
    unsigned w0, w1, w2 = 0, w3 = 0;                                           \
    if constexpr (sizeof(T) == 16)                                             \
      asm("// ferry-ptx\n\tld" SPACE ".v4.b32 {%0, %1, %2, %3}, %4;"           \
          : "=r"(w0), "=r"(w1), "=r"(w2), "=r"(w3)                             \
          : "m"(*address));                                                    \
    else                                                                       \
      asm("// ferry-ptx\n\tld" SPACE ".v2.b32 {%0, %1}, %2;"                   \
          : "=r"(w0), "=r"(w1)                                                 \
          : "m"(*address));                                                    \
    if constexpr (sizeof(T) == 16)                                             \
      return __builtin_bit_cast(T, (VectorWords<T>{{w0, w1, w2, w3}}));        \
    else                                                                       \
      return __builtin_bit_cast(T, (VectorWords<T>{{w0, w1}}));                \
  }
FERRY_DIRECT_LOAD_VECTOR(load_vector, "")
// From a `borrow` buffer under -fplugin-arg-ferry-nc-loads, as load_nc.
FERRY_DIRECT_LOAD_VECTOR(load_vector_nc, ".global.nc")
#undef FERRY_DIRECT_LOAD_VECTOR

// The first statement of the entries of a kernel compiled with
// -ffast-math (GCC's -funsafe-math-optimizations, which also makes the host
// flush denormals): in the frames module, ferry's mkoffload makes the
// single-precision divisions, reciprocals and square roots of the
// functions that carry this mark approximate and flushing, as nvcc's
// --use_fast_math does.  GCC's nvptx back end rounds them to nearest
// always, and ptxas turns each into a subroutine with a slow path.
inline void mark_fast_math() { asm volatile("// ferry-ptx fast-math"); }

} // namespace ferry::direct

#include <ferry/device_maths.hpp>
#pragma omp end declare target
}

#endif
#endif
