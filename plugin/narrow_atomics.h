// SPDX-License-Identifier: GPL-3.0-or-later
// Atomic updates of numbers narrower than 32 bits (narrow_atomics.cc), made
// as <ferry/direct.hpp>'s compare-and-swap of the 32-bit word that holds
// the number (atomic_apply_in_word), not as GCC's: GCC 12's nvptx
// atomics on such numbers write a negative short's sign into the rest of
// its word, and an unsigned short's update, left to libatomic's
// __atomic_fetch_add_2, lost updates (an H100, twenty-fourth and
// twenty-fifth sessions; GCC's own builds make the same calls).
#ifndef FERRY_PLUGIN_NARROW_ATOMICS_H
#define FERRY_PLUGIN_NARROW_ATOMICS_H

#include "gcc_compat.h"

namespace ferry {

// The numbers whose atomics simt_safety.h calls narrow that the word's
// update takes: integers of 1 and 2 bytes (a bool has no arithmetic to
// combine).
bool is_narrow_integer(tree type);

// The statement `#pragma omp atomic` TARGET OP= VALUE (OP NOP_EXPR: a
// store), with ORDER; on an integer narrower than 32 bits, a call of
// ferry::direct's update of its word instead (a store stays an atomic
// construct: no compare-and-swap writes it).
tree atomic_update(location_t where, tree_code op, tree target, tree value,
                   omp_memory_order order);

// The program's own `#pragma omp atomic` updates of integers narrower than
// 32 bits in BODY, a region ferry runs as a kernel, made again by
// atomic_update, in place, before the kernel's entries copy the body: the
// front end wrote `x OP= v` as OMP_ATOMIC (&x, (T) (x' OP v)), x' the read
// of x converted to int or to T's unsigned twin.  Any other form (a read,
// a capture) stays as written.
void narrow_atomics_in_words(tree *body);

} // namespace ferry

#endif // FERRY_PLUGIN_NARROW_ATOMICS_H
