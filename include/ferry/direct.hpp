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

#include <type_traits>

#pragma omp declare target
namespace ferry::direct {

// The global index of this GPU thread in a 1-D launch, and the number of
// threads of the launch: a grid-stride loop's start and step.
inline unsigned long long thread_index() {
  unsigned block, threads, thread;
  asm("// ferry-ptx\n\tmov.u32 %0, %%ctaid.x;" : "=r"(block));
  asm("// ferry-ptx\n\tmov.u32 %0, %%ntid.x;" : "=r"(threads));
  asm("// ferry-ptx\n\tmov.u32 %0, %%tid.x;" : "=r"(thread));
  return static_cast<unsigned long long>(block) * threads + thread;
}

inline unsigned long long thread_count() {
  unsigned blocks, threads;
  asm("// ferry-ptx\n\tmov.u32 %0, %%nctaid.x;" : "=r"(blocks));
  asm("// ferry-ptx\n\tmov.u32 %0, %%ntid.x;" : "=r"(threads));
  return static_cast<unsigned long long>(blocks) * threads;
}

// The same for a framed entry, whose blocks are one column of threads (y).
inline unsigned long long framed_thread_index() {
  unsigned block, threads, thread;
  asm("// ferry-ptx\n\tmov.u32 %0, %%ctaid.x;" : "=r"(block));
  asm("// ferry-ptx\n\tmov.u32 %0, %%ntid.y;" : "=r"(threads));
  asm("// ferry-ptx\n\tmov.u32 %0, %%tid.y;" : "=r"(thread));
  return static_cast<unsigned long long>(block) * threads + thread;
}

inline unsigned long long framed_thread_count() {
  unsigned blocks, threads;
  asm("// ferry-ptx\n\tmov.u32 %0, %%nctaid.x;" : "=r"(blocks));
  asm("// ferry-ptx\n\tmov.u32 %0, %%ntid.y;" : "=r"(threads));
  return static_cast<unsigned long long>(blocks) * threads;
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
  unsigned y;
  asm("// ferry-ptx\n\tmov.u32 %0, %%tid.y;" : "=r"(y));
  __nvptx_stacks[y] = stack + (framed_thread_index() + 1) * stack_bytes;
}

inline unsigned lane() {
  unsigned lane;
  asm("// ferry-ptx\n\tmov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
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

template <class T> T shuffle_down(T value, unsigned delta) {
  using Bits = typename bits_of<T>::type;
  Bits bits = 0;
  __builtin_memcpy(&bits, &value, sizeof value);
  bits = shuffle_down(bits, delta);
  __builtin_memcpy(&value, &bits, sizeof value);
  return value;
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

// *TARGET = *TARGET OP VALUE, atomically, for any 4- or 8-byte T.
template <op O, class T, class V> void atomic_apply(T *target, V value) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "ferry: atomic updates need a 4- or 8-byte element");
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
      return;
    seen = old;
  }
}

// The hardware adds these types in one instruction.
inline void atomic_add(float *target, float value) {
  asm volatile("// ferry-ptx\n\tred.add.f32 [%0], %1;" ::"r"(target), "r"(value)
               : "memory");
}
inline void atomic_add(double *target, double value) {
  asm volatile("// ferry-ptx\n\tred.add.f64 [%0], %1;" ::"r"(target), "r"(value)
               : "memory");
}
inline void atomic_add(unsigned *target, unsigned value) {
  asm volatile("// ferry-ptx\n\tred.add.u32 [%0], %1;" ::"r"(target), "r"(value)
               : "memory");
}
inline void atomic_add(unsigned long long *target, unsigned long long value) {
  asm volatile("// ferry-ptx\n\tred.add.u64 [%0], %1;" ::"r"(target), "r"(value)
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

// The updates of shared_mut elements, `*target OP= value`.
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
template <class T, class V> void atomic_times(T *target, V value) {
  atomic_apply<op::times>(target, value);
}
template <class T, class V> void atomic_divide(T *target, V value) {
  atomic_apply<op::divide>(target, value);
}
template <class T, class V> void atomic_and(T *target, V value) {
  atomic_apply<op::bit_and>(target, value);
}
template <class T, class V> void atomic_or(T *target, V value) {
  atomic_apply<op::bit_or>(target, value);
}
template <class T, class V> void atomic_xor(T *target, V value) {
  atomic_apply<op::bit_xor>(target, value);
}
template <class T, class V> void atomic_shift_left(T *target, V value) {
  atomic_apply<op::shift_left>(target, value);
}
template <class T, class V> void atomic_shift_right(T *target, V value) {
  atomic_apply<op::shift_right>(target, value);
}

// Integer minimum and maximum in one instruction.
#define FERRY_DIRECT_RED(NAME, TYPE, INSTRUCTION)                              \
  inline void NAME(TYPE *target, TYPE value) {                                 \
    asm volatile("// ferry-ptx\n\t" INSTRUCTION " [%0], %1;" ::"r"(target),    \
                 "r"(value)                                                    \
                 : "memory");                                                  \
  }
FERRY_DIRECT_RED(atomic_min, int, "red.min.s32")
FERRY_DIRECT_RED(atomic_min, unsigned, "red.min.u32")
FERRY_DIRECT_RED(atomic_min, long long, "red.min.s64")
FERRY_DIRECT_RED(atomic_min, unsigned long long, "red.min.u64")
FERRY_DIRECT_RED(atomic_max, int, "red.max.s32")
FERRY_DIRECT_RED(atomic_max, unsigned, "red.max.u32")
FERRY_DIRECT_RED(atomic_max, long long, "red.max.s64")
FERRY_DIRECT_RED(atomic_max, unsigned long long, "red.max.u64")
#undef FERRY_DIRECT_RED

// The same integer type as T, in the spelling the overloads above take.
template <class T>
using word_of = std::conditional_t<
    sizeof(T) == 4, std::conditional_t<std::is_signed_v<T>, int, unsigned>,
    std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>>;

// *SLOT = *SLOT OP VALUE for a reduction, with a hardware atomic where
// there is one: contended compare-and-swap loops are slow.
template <op O, class T> void reduce_into(T *slot, T value) {
  constexpr bool word =
      std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (O == op::plus && adds_in_hardware<T, T>())
    atomic_add_same(slot, value);
  else if constexpr (O == op::min && word)
    atomic_min(reinterpret_cast<word_of<T> *>(slot),
               static_cast<word_of<T>>(value));
  else if constexpr (O == op::max && word)
    atomic_max(reinterpret_cast<word_of<T> *>(slot),
               static_cast<word_of<T>>(value));
  else
    atomic_apply<O>(slot, value);
}

// A reduction's end in every thread: the warp combines its lanes' values
// with shuffles, and lane 0 folds the result into *SLOT, which holds the
// variable's value from before the loop.  Every lane of the warp calls.
template <op O, class T> void reduce_warp(T *slot, T value) {
  for (unsigned delta = 16; delta > 0; delta >>= 1)
    value = combine<O>(value, shuffle_down(value, delta));
  if (lane() == 0)
    reduce_into<O>(slot, value);
}

template <class T> void reduce_plus(T *slot, T value) {
  reduce_warp<op::plus>(slot, value);
}
template <class T> void reduce_times(T *slot, T value) {
  reduce_warp<op::times>(slot, value);
}
template <class T> void reduce_min(T *slot, T value) {
  reduce_warp<op::min>(slot, value);
}
template <class T> void reduce_max(T *slot, T value) {
  reduce_warp<op::max>(slot, value);
}
template <class T> void reduce_and(T *slot, T value) {
  reduce_warp<op::bit_and>(slot, value);
}
template <class T> void reduce_or(T *slot, T value) {
  reduce_warp<op::bit_or>(slot, value);
}
template <class T> void reduce_xor(T *slot, T value) {
  reduce_warp<op::bit_xor>(slot, value);
}

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

// exp for the direct entries: newlib's, which the device code would call
// otherwise, takes a stack frame on its overflow path, and a direct launch
// has none.  Cody-Waite reduction and a degree-13 polynomial: within 2 ulp.
inline double exp(double x) {
  if (!(x == x))
    return x;
  if (x > 709.782712893384)
    return __builtin_inf();
  if (x < -745.1332191019412)
    return 0.0;
  const double log2e = 1.4426950408889634;
  const double ln2_hi = 6.93147180369123816490e-01;
  const double ln2_lo = 1.90821492927058770002e-10;
  const long long k = static_cast<long long>(x * log2e + (x >= 0 ? 0.5 : -0.5));
  const double kd = static_cast<double>(k);
  const double r = (x - kd * ln2_hi) - kd * ln2_lo;
  double p = 1.0 / 6227020800.0;
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // 2^k in two factors, so that neither overflows nor goes subnormal.
  const long long half = k / 2;
  const unsigned long long bits1 = static_cast<unsigned long long>(1023 + half)
                                   << 52;
  const unsigned long long bits2 =
      static_cast<unsigned long long>(1023 + (k - half)) << 52;
  double scale1, scale2;
  __builtin_memcpy(&scale1, &bits1, sizeof scale1);
  __builtin_memcpy(&scale2, &bits2, sizeof scale2);
  return p * scale1 * scale2;
}

} // namespace ferry::direct
#pragma omp end declare target

#endif
#endif
