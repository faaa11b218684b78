// Structs at the kernel boundary: each pointer member a kernel reads
// carries one ownership attribute whose length names the other members;
// members are read-only in a kernel, and the struct is never used whole.
#include <cstddef>
#include <string>

struct Data {
    std::size_t n;
    double *x; // { dg-message "give 'Data::x' of 'Data' exactly one, with its length an expression of the other members" }
    [[ferry::borrow(n)]] const double *y;
    std::string name;
    [[ferry::borrow(count)]] const double *z; // { dg-error "'count' is not a member of 'Data' or an integral constant" }
    [[ferry::borrow]] const double *w; // { dg-error "'ferry::borrow' needs the number of elements of 'Data::w'" }
    double half() const { return n * 0.5; } // an accessor: read as n * 0.5
    double total() const
    {
        double t = n;
        return t + half();
    }
};

[[ferry::kernel]]
void unannotated(const Data &d, [[ferry::out(d.n)]] double *out)
{
    for (std::size_t i = 0; i < d.n; ++i)
        out[i] = d.x[i]; // { dg-error "reads the pointer 'd.x', whose member 'Data::x' has no ownership attribute" }
}

[[ferry::kernel]]
void writes_member(Data d, [[ferry::out(4)]] double *out)
{
    for (std::size_t i = 0; i < 4; ++i) {
        d.n = 3; // { dg-error "assigns 'd.n'; what a kernel reads through its parameters is read-only there" }
        out[i] = d.total() + d.half(); // { dg-error "calls 'total' on 'd'" }
    }
}

// A struct handed to a helper: fine when the helper reads only numbers.
struct Mesh {
    int n;
    double h;
    [[ferry::borrow(n)]] const double *y;
};
double first(const Mesh &m, int i) { return m.y[i]; } // { dg-message "reads the array member 'Mesh::y' here; pass the array to it as a parameter of its own" }
double half(const Mesh &m) { return 0.5 * m.h; }

[[ferry::kernel]]
void whole(const Mesh &m, [[ferry::out(m.n)]] double *out)
{
    for (int i = 0; i < m.n; ++i)
        out[i] = first(m, i) + half(m); // { dg-error "passes 'm' to 'double first.const Mesh&, int.', which reaches its arrays" }
}

[[ferry::kernel]]
void kept_whole(const Mesh &m, [[ferry::out(m.n)]] double *out)
{
    for (int i = 0; i < m.n; ++i) {
        const Mesh &alias = m; // { dg-error "uses 'm' as a whole; a kernel reaches only its members" }
        out[i] = alias.h;
    }
}

[[ferry::kernel]]
void library_member(const Data &d, [[ferry::out(d.n)]] double *out)
{
    for (std::size_t i = 0; i < d.n; ++i)
        out[i] = d.name.size(); // { dg-error "calls 'size' on 'd.name'" }
}

[[ferry::kernel]]
void bad_member_lengths(const Data &d, [[ferry::out(d.n)]] double *out)
{
    for (std::size_t i = 0; i < d.n; ++i)
        out[i] = d.z[i] + d.w[i];
}

[[ferry::kernel]]
void pointer_as_length(const Data &d, [[ferry::out(d.z)]] double *out) // { dg-error "member of type 'const double.' cannot be an element count" }
{
    for (std::size_t i = 0; i < d.n; ++i)
        out[i] = 0;
}

// The ownership of a borrowed member holds like a parameter's (rule 1).
struct Pair {
    int n;
    [[ferry::borrow(n)]] const double *in;
    [[ferry::borrow(n)]] double *also_in; // { dg-message "'p.also_in' is declared 'ferry::borrow'" }
};

[[ferry::kernel]]
void rule1(Pair p)
{
    for (int i = 0; i < p.n; ++i)
        p.also_in[i] = p.in[i]; // { dg-error "'p.also_in' is borrowed read-only, but the kernel writes it" }
}

// A pointer to one struct of arrays: take it by reference instead.
[[ferry::kernel]]
void through_pointer([[ferry::borrow(1)]] const Mesh *m, // { dg-error "the elements of 'm' have type 'const Mesh', which holds pointers" }
                     [[ferry::out(4)]] double *out)     // { dg-message "take it by reference .'const Mesh &'. and give its pointer members ownership attributes" .-1 }
{
    for (int i = 0; i < 4; ++i)
        out[i] = m->y[i];
}
