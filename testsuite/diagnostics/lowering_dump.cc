// The rewritten kernel, as GCC sees it: one combined target construct with
// the computed maps, the launch sequence around it, restrict parameters.
#include <cstddef>

[[ferry::kernel]]
void scale(std::size_t n, float s, [[ferry::borrow(n)]] const float *in,
           [[ferry::out(n)]] float *out)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = s * in[i];
}
// { dg-final { scan-tree-dump-times "#pragma omp target " 1 "original" } }
// { dg-final { scan-tree-dump "map\\(to:\\*NON_LVALUE_EXPR <in> \\[len: \\(sizetype\\) MAX_EXPR <\\(long long int\\) n, 0> \\* 4\\]\\)" "original" } }
// { dg-final { scan-tree-dump "map\\(from:\\*NON_LVALUE_EXPR <out> \\[len: \\(sizetype\\) MAX_EXPR <\\(long long int\\) n, 0> \\* 4\\]\\)" "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp teams" 1 "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp distribute" 1 "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp parallel" 1 "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp for nowait" 1 "original" } }
// { dg-final { scan-tree-dump-times "#pragma omp simd" 1 "original" } }
// { dg-final { scan-tree-dump "__ferry_launch_begin \\(10, &\"scale\"" "original" } }
// { dg-final { scan-tree-dump "__ferry_launch_buffer \\(1, &\"out\"\\[0\\], 2, \\(void \\*\\) out, \\(long long int\\) n, 4, 4\\)" "original" } }
// { dg-final { scan-tree-dump-times "__ferry_launch_end" 1 "original" } }
// { dg-final { scan-tree-dump "const float \\* restrict\\) __ferry_launch_view \\(0\\)" "original" } }
