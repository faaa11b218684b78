// Ownership attributes apply to kernel parameters, kernel to functions.
double *global_buffer [[ferry::borrow(4)]]; // { dg-error "'ferry::borrow' applies to pointer parameters" }
[[ferry::kernel]] int not_a_function;        // { dg-error "'ferry::kernel' applies to functions" }
