// Rule 5: a virtual call has no callee the device can know.
struct Shape {
    virtual double area(double r) const { return r * r; }
};

inline double area_of(const Shape &s, double r) { return s.area(r); } // { dg-error "virtual" }

[[ferry::kernel]]
void areas(int n, [[ferry::borrow_mut(n)]] double *y)
{
    Shape s;
    for (int i = 0; i < n; ++i)
        y[i] = area_of(s, y[i]);
}
