// Found by the differential fuzzer (seed 2, case 240): a buffer whose
// elements are pointers was accepted, and its host addresses would have
// been copied to the device.
struct Node { double value; Node *next; };

[[ferry::kernel]]
void flags(int n, [[ferry::shared_mut(16)]] bool **x) // { dg-error "the elements of 'x' have type 'bool\\*', which holds pointers or references" }
{
    for (int i = 0; i < n; ++i)
        (void)i;
}

[[ferry::kernel]]
void nodes(int n, [[ferry::borrow(n)]] const Node *list, // { dg-error "the elements of 'list' have type 'const Node'" }
           [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = list[i].value;
}
