// A shared_mut element of 1 or 2 bytes has a direct entry: each update is
// a compare-and-swap of the 32-bit word around the element, on the GPU as
// on the OpenMP path (<ferry/direct.hpp>, atomic_apply_in_word).  Before,
// such a kernel took the OpenMP path only ("the direct path does 4- and
// 8-byte numbers only"), one lane a thread.
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }

[[ferry::kernel]] void count_shorts(int n, [[ferry::borrow(n)]] const int *key,
                                    [[ferry::shared_mut(16)]] short *counts) {
  for (int i = 0; i < n; ++i) // { dg-message "direct entry '__ferry_direct__Z12count_shortsiPKiPs_0': on NVIDIA, libferry launches it" }
    counts[key[i] & 15] += 1; // { dg-message "this update of 'counts' is atomic: it is 'shared_mut'" }
}

[[ferry::kernel]] void flip_chars(int n, [[ferry::shared_mut(4)]] unsigned char *flags) {
  for (int i = 0; i < n; ++i) // { dg-message "direct entry '__ferry_direct__Z10flip_charsiPh_0': on NVIDIA, libferry launches it" }
    flags[i & 3] ^= static_cast<unsigned char>(1u << (i & 7)); // { dg-message "this update of 'flags' is atomic: it is 'shared_mut'" }
}
