// A pointer that only the statements outside the loops use stays on the
// host when it has no ownership (programs/host_result_pointer.cc); with
// one, the error says to remove it rather than to move the statement into
// a loop.
#include <cstddef>

[[ferry::kernel]]
void total(std::size_t n, [[ferry::borrow(n)]] const double *x,
           [[ferry::borrow_mut(1)]] double *norm)
{
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
        sum += x[i];
    *norm = sum; // { dg-error "this statement of kernel 'void total\\(std::size_t, const double\\*, double\\*\\)' is outside its loops and uses 'norm'" }
} // { dg-message "remove its ownership attribute, and the pointer stays there" .-1 }
