// Rule 2 on a collapsed nest: ferry must see that the row stride covers the
// inner range; with an unrelated bound it says what it could not prove.
#include <cstddef>

[[ferry::kernel]]
void pad(std::size_t ni, std::size_t nj, std::size_t ld,
         [[ferry::out(ni * ld)]] double *y)
{
    for (std::size_t i = 0; i < ni; ++i)
        for (std::size_t j = 0; j < nj; ++j)
            y[i * ld + j] = 0; // { dg-error "possible data race: this write of 'y'" }
                               // { dg-message "ferry cannot show that the stride of 'i' covers the whole range of 'j'" .-1 }
}

[[ferry::kernel]]
void rows(std::size_t ni, std::size_t ld, [[ferry::out(ni * ld)]] double *y)
{
    for (std::size_t i = 0; i < ni; ++i)
        for (std::size_t j = 0; j < ld; ++j)
            y[i * ld + j] = 1; // fine: j covers exactly one row
}

[[ferry::kernel]]
void column(std::size_t ni, std::size_t ld, [[ferry::out(ni * ld)]] double *y)
{
    for (std::size_t i = 0; i < ni; ++i)
        for (std::size_t j = 0; j < ld; ++j)
            y[i * ld] = 2; // { dg-error "possible data race" }
                           // { dg-message "the subscript does not depend on 'j'" .-1 }
}
