// Mistakes a newcomer makes, each an error at its line that says what to
// write, instead of an internal detail (a vtable pointer to annotate, a
// libstdc++ iterator's operator-, "uses 'f' as a whole"):
#include <functional>
#include <vector>

struct Op {
    virtual double apply(double v) const { return 2 * v; }
};

[[ferry::kernel]]
void apply_op(int n, const Op &op, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = op.apply(y[i]); // { dg-error "kernel 'void apply_op\\(int, const Op&, double\\*\\)' calls a virtual function" }
} // { dg-message "mark the class or the function 'final'" .-1 }

[[ferry::kernel]]
void apply_function(int n, std::function<double(double)> f, // { dg-error "parameter 'f' of kernel .* is a 'std::function', which calls through a pointer the GPU cannot follow" }
                    [[ferry::borrow_mut(n)]] double *y)      // { dg-message "make the kernel a template over the callable" .-1 }
{
    for (int i = 0; i < n; ++i)
        y[i] = f(y[i]);
}

[[ferry::kernel]]
void doubled(std::vector<double> &v)
{
    for (double &x : v) // { dg-error "a range-based 'for' over a parameter of kernel 'void doubled\\(std::vector<double>&\\)'" }
        x *= 2;         // { dg-message "write 'for \\(std::size_t i = 0; i < v.size\\(\\); \\+\\+i\\)' and 'v\\[i\\]'" .-1 }
}

[[ferry::kernel]]
void flip(std::vector<bool> &flags) // { dg-error "parameter 'flags' of kernel .* is a 'std::vector<bool>', which packs its elements into bits" }
{                                   // { dg-message "use 'std::vector<char>'" .-1 }
    for (std::size_t i = 0; i < flags.size(); ++i)
        flags[i] = !flags[i];
}

[[ferry::kernel]]
void checked(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        if (y[i] < 0)
            throw 1; // { dg-error "exceptions cannot be used in kernel" }
        y[i] *= 2;   // { dg-message "set a flag in an 'out' buffer and throw after the kernel returns" .-1 }
    }
}
