// Rule 2 over a flat index split into digits: a whole decomposition
// (id / 12, (id % 12) / 3, id % 3) weighted by its radices is one-to-one;
// digits that leave a gap or overlap are not, and stay errors.
struct Cell { double v[4][3]; };

[[ferry::kernel]]
void whole(int n, [[ferry::out(n)]] Cell *c)
{
    for (int id = 0; id < n * 12; ++id)
        c[id / 12].v[(id % 12) / 3][id % 3] = id;
}

[[ferry::kernel]]
void overlapping(int n, [[ferry::borrow_mut(n)]] Cell *c)
{
    // id % 2 repeats within each group of 3: two ids write one number.
    for (int id = 0; id < n * 12; ++id)
        c[id / 12].v[(id % 12) / 3][id % 2] = id; // { dg-error "possible data race: this write of 'c'" }
}

[[ferry::kernel]]
void missing_digit(int n, [[ferry::borrow_mut(n)]] Cell *c)
{
    // No digit for (id % 12) / 3: the four rows share their columns.
    for (int id = 0; id < n * 12; ++id)
        c[id / 12].v[0][id % 3] = id; // { dg-error "possible data race: this write of 'c'" }
}

[[ferry::kernel]]
void negative_start(int n, [[ferry::borrow_mut(n)]] Cell *c)
{
    // C's division rounds towards zero: -1 / 12 and 0 / 12 are both 0.
    for (int id = -12; id < n * 12; ++id)
        c[id / 12 + 1].v[(id % 12) / 3][id % 3] = id; // { dg-error "possible data race: this write of 'c'" }
}

struct Pair { double a, b; };

// Whole elements still: an iteration that writes one member of its element
// and reads the other owns the element, as before members could be owned.
[[ferry::kernel]]
void members_of_own_element(int n, [[ferry::borrow_mut(n)]] Pair *p)
{
    for (int i = 0; i < n; ++i)
        p[i].a = p[i].b;
}
