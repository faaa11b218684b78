"""The cases ferry-fuzz generates: from a seed and an index, one small
translation unit of C++ built from random parts (see ferry-fuzz), and the
memory kinds its buffers live in.

Each part draws from a random stream of its own where it was added after
the first corpora (the member-function kernels, the GPU's shapes, the
launch cache's shape, the memory kinds), so that a seed's other choices
stay as they were."""

import random
import re

TAME_TYPES = ["double", "float", "int", "long"]
ELEMENT_TYPES = ["double", "float", "int", "long", "unsigned", "char",
                 "Cell", "bool", "short", "long double"]
OWNERSHIPS = ["borrow", "borrow_mut", "out", "scratch", "shared_mut"]
BAD_OWNERSHIPS = ["borrowed", "mut", "kernel", "own"]
LENGTHS = ["n", "n", "n", "m", "n * m", "2 * n", "n + 1", "kSize", "16",
           "N", "sizeof(double)"]
TAME_LENGTHS = ["n * m", "n * m + m", "kSize * n * m"]
BAD_LENGTHS = ["", "(", "n,", "\"n\"", "1.5", "-1", "k", "n -", "n n",
               "x", "n, m", "0x", "std::size_t(n)", "n)"]
KERNEL_OPTIONS = ["", "", "", "(threads(128))", "(teams(64))",
                  "(threads(64), teams(8))", "(threads(0))", "(threads(-1))",
                  "(threads())", "(bogus(3))", "(threads(n))", "(teams(1 << 30))"]


class Case:
    """One generated unit.  A tame case keeps to what ferry should accept,
    so that the later stages (lowering, host sync, the offload compiler)
    are exercised too; a wild one draws from everything."""

    def __init__(self, rng):
        self.rng = rng
        self.params = []   # (name, kind, element, ownership)
        self.wild = rng.random() < 0.45
        # A collapsed i, j nest over y[i * m + j], or one loop over y[i].
        self.nest = rng.random() < 0.25

    def pick(self, options):
        return self.rng.choice(options)

    def chance(self, p):
        return self.rng.random() < p


def attribute(case, ownership):
    if not case.wild:
        exact = "n * m" if case.nest else "n"
        length = exact if ownership == "out" and case.chance(0.9) else \
            case.pick(TAME_LENGTHS + [exact])
        return "[[ferry::%s(%s)]]" % (ownership, length)
    if case.chance(0.05):
        ownership = case.pick(BAD_OWNERSHIPS)
    if case.chance(0.08):
        return "[[ferry::%s]]" % ownership
    length = case.pick(BAD_LENGTHS) if case.chance(0.1) else case.pick(LENGTHS)
    return "[[ferry::%s(%s)]]" % (ownership, length)


def signature(case, template):
    """The kernel's parameter list; records what main() passes for each."""
    params = [("int n", "n"), ("int m", "m")] if case.chance(0.9) or \
        not case.wild else [("long n", "n")]
    case.params = []
    names = ["x", "y", "z", "w"]
    for number, name in enumerate(names[:case.rng.randint(1, 4)]):
        element = "T" if template and case.chance(0.5) else \
            case.pick(ELEMENT_TYPES if case.wild else TAME_TYPES)
        ownership = case.pick(OWNERSHIPS if case.wild or number else
                              ["borrow_mut", "out"])
        const = "const " if ownership == "borrow" and \
            (case.chance(0.8) or not case.wild) else ""
        attr = attribute(case, ownership) if case.chance(0.95) or \
            not case.wild else ""
        actual = "double" if element == "T" else element
        kind = "pointer"
        argument = "(%s *)buffer_%s" % (actual, name)
        if case.wild and case.chance(0.04):
            text = "%s %s%s &%s" % (attr, const, element, name)
            kind = "reference"
            argument = "*" + argument
        elif case.wild and case.chance(0.04):
            text = "%s %s**%s" % (attr, element, name)
            kind = "double_pointer"
            argument = "nullptr"
        else:
            text = "%s %s%s *%s" % (attr, const, element, name)
        if case.wild and case.chance(0.03):
            text += " = nullptr"
        params.append((text, argument))
        case.params.append((name, kind, element, ownership))
    if case.wild and case.chance(0.05):
        params.append(("double (*f)(double)", "nullptr"))
    if case.chance(0.1):
        params.append(("double a", "2.0"))
    if case.wild and case.chance(0.05):
        params.append(("Cell c", "Cell{}"))
    if case.wild:
        case.rng.shuffle(params)
    case.arguments = [argument for _, argument in params]
    return ", ".join(text for text, _ in params)


def element_expression(case, pointer, index):
    return case.pick([
        "%s[%s]" % (pointer, index),
        "*(%s + %s)" % (pointer, index),
        "%s[%s + 1]" % (pointer, index),
        "%s[0]" % pointer,
        "%s[n - 1 - %s]" % (pointer, index),
        "%s[%s * 2]" % (pointer, index),
        "%s[idx(%s)]" % (pointer, index),
    ])


def tame_statement(case, index, depth=0):
    """Statements ferry accepts: each iteration writes its own elements."""
    writable = [p for p in case.params
                if p[1] == "pointer" and p[3] in ("borrow_mut", "out", "scratch")]
    readable = [p for p in case.params
                if p[1] == "pointer" and
                p[3] in ("borrow", "borrow_mut", "out", "scratch")]
    shared = [p for p in case.params
              if p[1] == "pointer" and p[3] == "shared_mut"]
    if not writable:
        return "(void)%s;" % index
    target_param = case.pick(writable)
    target = target_param[0]
    picked = case.pick(readable) if readable else None
    source = picked[0] if picked else None
    own = "%s[%s]" % (target, index)
    value = "%s[%s]" % (source, index) if source else "1"
    # A floating value stored into an integer element within the integer's
    # range: the values grow with every call of the kernel (lanes_sum and
    # its kin), and one out of range converts with undefined behaviour
    # (x86 gives INT_MIN, the GPU saturates: kernel corpus seed 2612, case
    # 538, on an H100).
    in_range = picked and picked[2] in ("double", "float", "T") and \
        target_param[2] not in ("double", "float", "T", "Cell")
    if in_range:
        value = "std::max(-1e9, std::min(1e9, (double)%s))" % value
    # Another iteration's element only of a buffer no iteration writes
    # (the second pick keeps every seed's later choices as they were).
    near = "%s[%s %% 7]" % (source, index) if source and \
        case.pick(readable)[3] == "borrow" and picked[3] == "borrow" else value
    if in_range and near != value:
        near = "std::max(-1e9, std::min(1e9, (double)%s))" % near
    choices = [
        "%s = %s;" % (own, value),
        "%s = %s * 2 + 1;" % (own, near),
        # Of a number that is never negative: a NaN stored into an int
        # element is undefined (x86 stores INT_MIN, the GPU 0; OpenMP
        # corpus seed 72, case 110, on an H100).
        "%s = std::sqrt(std::fabs((double)%s) + 1.0);" % (own, value),
        "%s = %s > 0 ? %s : 0;" % (own, value, value),
        "s += %s;" % value,
        "count += %s > 0;" % value,
        "s = std::min(s, (double)%s);" % value,
        "{ auto *p = %s + %s; *p = %s; }" % (target, index, value),
        "{ auto &r = %s; r = %s; }" % (own, value),
        "set(&%s, 1);" % own,
        "%s = helper(%s);" % (own, value),
        "%s = kConstant + %s;" % (own, index),
        "if (%s > 0) continue;" % value,
        "for (int k = 0; k < 4; ++k) %s += k;" % own,
        "double t = %s; %s = t;" % (value, own),
        "int local[4] = {}; local[%s %% 4] = 1; s += local[0];" % index,
    ]
    if shared:
        choices.append("%s[%s %% 4] += 1;" % (shared[0][0], index))
    if depth < 1 and case.chance(0.15):
        return "if (%s %% 3) { %s } else { %s }" % (
            index, tame_statement(case, index, depth + 1),
            tame_statement(case, index, depth + 1))
    return case.pick(choices)


def gpu_semantics_statement(case, index):
    """Shapes whose meaning the sim device cannot see (it runs kernels as
    host code): inner `omp simd` loops over a per-iteration array, simd
    reductions, per-thread arrays filled by helpers through pointers, a
    helper with its own simd loop, min/max forms; and variable-length
    arrays, which ferry must refuse.  Drawn from the case's own stream, so
    that every other choice of a seed stays as it was."""
    rng = case.extra_rng
    # Floating-point targets only: the values grow with every call of the
    # kernel, and a double out of an integer's range converts to it with
    # undefined behaviour (x86 gives INT_MIN, the GPU saturates; two
    # disagreements of the first GPU corpus).
    writable = [p[0] for p in case.params
                if p[1] == "pointer" and p[3] in ("borrow_mut", "out") and
                p[2] in ("double", "float", "T")]
    readable = [p[0] for p in case.params
                if p[1] == "pointer" and p[3] in ("borrow", "borrow_mut")]
    if not writable:
        return None
    own = "%s[%s]" % (rng.choice(writable), index)
    value = "(double)%s[%s]" % (rng.choice(readable), index) \
        if readable else "(double)%s" % index
    return rng.choice([
        "{ double lanes[4];\n#pragma omp simd\n        for (int k = 0; k < 4; "
        "++k) lanes[k] = %s * (k + 1);\n        %s = lanes[%s %% 4] + "
        "lanes[3]; }" % (value, own, index),
        "{ double acc = 0;\n#pragma omp simd reduction(+ : acc)\n        for "
        "(int k = 0; k < 4; ++k) acc += %s - k;\n        %s = acc; }"
        % (value, own),
        "{ double lanes[4]; fill_lanes(lanes, %s); %s = lanes[%s %% 4] - "
        "lanes[0]; }" % (value, own, index),
        "%s = lanes_sum(%s);" % (own, value),
        "s = std::max(s, %s);" % value,
        "s = %s < s ? %s : s;" % (value, value),
        "{ double scratch[m + 1]; scratch[0] = %s; %s = scratch[0]; }"
        % (value, own),
    ])


def statement(case, index, depth=0):
    if not case.wild:
        if case.extra_rng.random() < 0.12:
            extra = gpu_semantics_statement(case, index)
            if extra:
                return extra
        return tame_statement(case, index, depth)
    pointers = [p for p in case.params if p[1] == "pointer"]
    if not pointers:
        return "(void)%s;" % index
    target = case.pick(pointers)
    source = case.pick(pointers)
    lhs = element_expression(case, target[0], index)
    rhs = element_expression(case, source[0], index)
    if target[2] == "Cell":
        lhs += ".v"
    if source[2] == "Cell":
        rhs += ".v"
    choices = [
        "%s = %s;" % (lhs, rhs),
        "%s += %s;" % (lhs, rhs),
        "%s = %s * 2 + 1;" % (lhs, rhs),
        "s += %s;" % rhs,
        "s = std::max(s, (double)%s);" % rhs,
        "s = s < %s ? %s : s;" % (rhs, rhs),
        "count++;",
        "%s = std::sqrt(std::fabs((double)%s));" % (lhs, rhs),
        "{ auto *p = %s + %s; *p = %s; }" % (target[0], index, rhs),
        "{ auto &r = %s; r = %s; }" % (lhs, rhs),
        "set(&%s, 1);" % lhs,
        "set(%s + %s, 2);" % (target[0], index),
        "shift(&%s);" % lhs,
        "keep(%s);" % target[0],
        "%s = helper(%s);" % (lhs, rhs),
        "const_cast<%s *>(%s)[%s] = %s;" % (target[2], target[0], index, rhs),
        "((%s *)%s)[%s] = 0;" % (target[2], source[0], index),
        "global_value = %s;" % rhs,
        "%s = global_value;" % lhs,
        "%s = kConstant;" % lhs,
        "if (%s > 0) continue;" % rhs,
        "if (%s > 0) break;" % rhs,
        "if (%s < 0) return;" % rhs,
        "if (%s < 0) goto out;" % rhs,
        "switch ((int)%s) { case 0: %s = 1; break; default: break; }"
        % (rhs, lhs),
        "static int counter; counter++;",
        "throw 1;",
        "try { %s = 1; } catch (...) {}" % lhs,
        "asm(\"\");",
        "[&] { %s = 1; }();" % lhs,
        "{ auto twice = [](double x) { return 2 * x; }; %s = twice(%s); }"
        % (lhs, rhs),
        "f(%s);" % rhs,
        "undefined_function(%s);" % rhs,
        "shape->area(1.0);",
        "#pragma omp atomic\n        %s += 1;" % lhs,
        "for (int k = 0; k < 4; ++k) %s += k;" % lhs,
        "double t = %s; %s = t;" % (rhs, lhs),
        "%s[%s] = %s[%s];" % (target[0], index, target[0], index),
        "Cell tmp{}; tmp.v = 1; (void)tmp;",
        "int local[4] = {}; local[%s %% 4] = 1; s += local[0];" % index,
        "%s = n;" % index,
    ]
    if depth < 1 and case.chance(0.15):
        return "if (%s) { %s } else { %s }" % (
            case.pick(["n > 2", rhs + " > 0", "%s %% 2" % index]),
            statement(case, index, depth + 1),
            statement(case, index, depth + 1))
    return case.pick(choices)


def overwrites(case, index):
    """Most tame loops first write every out and scratch buffer whole, as
    their contract asks, so that the statements after them may read it."""
    sources = ["1", index] + ["%s[%s]" % (p[0], index) for p in case.params
                              if p[1] == "pointer" and p[3] in
                              ("borrow", "borrow_mut")]
    return ["%s[%s] = %s;" % (p[0], index, case.pick(sources))
            for p in case.params if p[1] == "pointer" and
            p[3] in ("out", "scratch") and case.chance(0.85)]


def loop(case, body_statements):
    header = case.pick(TAME_LOOPS) if not case.wild else case.pick(TAME_LOOPS + [
        "for (int i = 0; i < n; ++i)",
        "for (int i = 0; i < n; ++i)",
        "for (long i = 0; i < n; i++)",
        "for (int i = 1; i <= n - 2; ++i)",
        "for (int i = 0; i != n; ++i)",
        "for (int i = 0; i + 1 < n; ++i)",
        "for (int i = n - 1; i >= 0; --i)",
        "for (int i = 0; i < n; i += 2)",
        "for (int i = 0; i < n * m; ++i)",
        "for (unsigned i = 0; i < (unsigned)n; ++i)",
        "for (int i = 0; i < n;)",
        "for (int i = 0; i < idx(n); ++i)",
        "while (n > 0)",
        "for (;;)",
    ])
    body = "\n        ".join(body_statements)
    # OpenMP codes keep their loop pragmas (doc/rules.md).
    pragma = case.extra_rng.choice(["", "", "", "", "", "", "",
                                    "#pragma omp simd\n    ",
                                    "#pragma omp parallel for\n    "])
    if pragma and not header.startswith("while"):
        header = pragma + header
    if case.nest and not header.startswith("while"):
        return ("%s\n    for (int j = 0; j < m; ++j) {\n        %s\n    }"
                % (header, body.replace("[i]", "[i * m + j]")))
    return "%s {\n        %s\n    }" % (header, body)


TAME_LOOPS = ["for (int i = 0; i < n; ++i)", "for (long i = 0; i < n; i++)",
              "for (int i = 1; i <= n - 2; ++i)", "for (int i = 0; i != n; ++i)",
              "for (unsigned i = 0; i < (unsigned)n; ++i)"]

PRELUDE = """#include <ferry/ferry.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <new>
#include <sys/mman.h>
#include <type_traits>
#include <unistd.h>
#include <utility>
struct Cell { double v; int k; };
struct Shape { virtual double area(double r) const { return r; } };
const double kConstant = 3;
constexpr int kSize = 64;
double global_value;
double *kept;
Shape *shape;
inline int idx(int i) { return i ^ 1; }
template <class V> inline void set(V *p, int v) { *p = v; }
template <class V> inline void shift(V *p) { p[1] = p[0]; }
template <class V> inline void keep(V *p) { kept = (double *)p; }
template <class V> inline V helper(V v) { return v + 1; }
template <class V> inline void fill_lanes(V *lanes, V v)
{
    for (int k = 0; k < 4; ++k)
        lanes[k] = v * (k + 1);
}
inline double lanes_sum(double v)
{
    double sum = 0;
#pragma omp simd reduction(+ : sum)
    for (int k = 0; k < 8; ++k)
        sum += v * k;
    return sum;
}
void undefined_function(double);
// Differential runs: known values in, a checksum of each buffer out.
constexpr int kCapacity = kSize * 512 * 2; // elements of up to 16 bytes
template <class V> void fill(V *p, int salt)
{
    for (int k = 0; k < kCapacity * 8 / (int)sizeof(V); ++k)
        p[k] = (V)((k * 7 + salt * 3) % 13 - 4);
}
// NaN, infinities, -0.0 and denormals among the known values, for the
// IEEE meaning of reductions and of min and max.
template <class V> void fill_special(V *p, int salt)
{
    fill(p, salt);
    if constexpr (std::is_floating_point<V>::value) {
        using limits = std::numeric_limits<V>;
        const V specials[] = {limits::quiet_NaN(), limits::infinity(),
                              -limits::infinity(), (V)-0.0,
                              limits::denorm_min(), -limits::denorm_min()};
        for (int k = salt % 5; k < kCapacity * 8 / (int)sizeof(V); k += 29)
            p[k] = specials[(k / 29) % 6];
    }
}
void fill(Cell *p, int salt);
void fill_special(Cell *p, int salt) { fill(p, salt); }
void fill(Cell *p, int salt)
{
    for (int k = 0; k < kCapacity / 2; ++k)
        p[k] = Cell{(double)((k + salt) % 11) - 3.5, k % 5};
}
inline void note(double result) { std::printf("result %.17g\\n", result); }
template <class Value> void report_blocks(const char *name, int count,
                                          Value value)
{
    const int block = count / 32;
    for (int b = 0; b < 32; ++b) {
        double sum = 0, weighted = 0;
        int nans = 0;
        for (int k = b * block; k < (b + 1) * block; ++k) {
            const double v = value(k);
            if (v != v) { ++nans; continue; }
            sum += v;
            weighted += v * (k % 7 + 1);
        }
        std::printf("%s[%d] %.17g %.17g %d\\n", name, b, sum, weighted, nans);
    }
}
template <class V> void report(const char *name, const V *p)
{
    report_blocks(name, kCapacity * 8 / (int)sizeof(V),
                  [&](int k) { return (double)p[k]; });
}
void report(const char *name, const Cell *p)
{
    report_blocks(name, kCapacity / 2,
                  [&](int k) { return p[k].v + 1000.0 * p[k].k; });
}
"""


def kernel(case, name):
    template = case.chance(0.15)
    # The same parameters as the members of a struct whose member function
    # is the kernel: the body reaches them through `this`, unchanged.  Its
    # own random stream leaves every other choice as it was without it.
    case.member = not template and case.member_rng.random() < 0.25
    options = case.pick(KERNEL_OPTIONS) if case.wild else ""
    attr = "[[ferry::kernel%s]]" % options if case.chance(0.97) or \
        not case.wild else "[[ferry::kernel(]]"
    text = ""
    if template:
        text += "template <class T>\n"
    parameters = signature(case, template)
    if case.member:
        members = "".join("    %s;\n" % part.strip()
                          for part in split_params(parameters))
        text += "struct Args_%s {\n%s%s\ndouble %s()\n{\n" % (
            name, members, attr, name)
    else:
        text += "%s\n%s %s(%s)\n{\n" % (attr, "RESULT", name, parameters)
    body = "    double s = 0;\n    int count = 0;\n"
    loops = case.pick([1, 1, 1, 2, 0] if case.wild else [1, 1, 2])
    for number in range(loops):
        statements = [] if case.wild else overwrites(case, "i")
        statements += [statement(case, "i")
                       for _ in range(case.rng.randint(1, 4))]
        body += "    " + loop(case, statements) + "\n"
        if case.chance(0.1):
            body += "    count = 0;\n"
        if number == 0:
            first = statements
    if case.wild and case.chance(0.1):
        body += "out:\n    ;\n"
    body += "    return s + count;\n"
    # A kernel whose body is its one loop, returning nothing: the shape
    # that takes its call site's launch cache (runtime/abi.h,
    # __ferry_launch_again).  Its first loop without the statements that
    # reach s and count; a random stream of its own leaves the other
    # cases as they were.
    case.alone = False
    if not template and not case.member and not case.wild and \
            case.alone_rng.random() < 0.35:
        kept = [st for st in first if not re.search(r"\b(s|count)\b", st)]
        if kept:
            case.alone = True
            body = "    " + loop(case, kept) + "\n"
    text = text.replace("RESULT", "void" if case.alone else "double", 1)
    text += body + "}\n"
    if case.member:
        text += "};\n"
    if template:
        text += "INSTANCE\n"
    return text, template


# How main() allocates a buffer of BYTES bytes: (declaration, release).
# Each gives memory aligned for every element type the cases use; the
# GPU's copy path treats them differently (guarded pages of heap blocks or
# only of their inner pages, page-locked pages, a file's pages).
MEMORY_KINDS = {
    "static": ("alignas(64) static double storage_%(name)s[%(doubles)s];",
               ""),
    "stack": ("alignas(64) double storage_%(name)s[%(doubles)s];", ""),
    "thread_local": ("alignas(64) static thread_local double "
                     "storage_%(name)s[%(doubles)s];", ""),
    "malloc": ("double *storage_%(name)s = (double *)std::malloc("
               "%(bytes)s);", "std::free(storage_%(name)s);"),
    "posix_memalign": ("double *storage_%(name)s = nullptr; if (posix_memalign"
                       "((void **)&storage_%(name)s, 2 << 20, %(bytes)s)) "
                       "return 1;", "std::free(storage_%(name)s);"),
    "aligned_alloc": ("double *storage_%(name)s = (double *)std::aligned_alloc"
                      "(65536, (%(bytes)s + 65535) / 65536 * 65536);",
                      "std::free(storage_%(name)s);"),
    "aligned_new": ("double *storage_%(name)s = (double *)::operator new("
                    "%(bytes)s, std::align_val_t(4096));",
                    "::operator delete(storage_%(name)s, "
                    "std::align_val_t(4096));"),
    "mmap": ("double *storage_%(name)s = (double *)mmap(nullptr, %(bytes)s, "
             "PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);",
             "munmap(storage_%(name)s, %(bytes)s);"),
    "file_mapping": ("std::FILE *file_%(name)s = std::tmpfile(); if (!file_"
                     "%(name)s || ftruncate(fileno(file_%(name)s), "
                     "%(bytes)s)) return 1; double *storage_%(name)s = "
                     "(double *)mmap(nullptr, %(bytes)s, PROT_READ | "
                     "PROT_WRITE, MAP_PRIVATE, fileno(file_%(name)s), 0);",
                     "munmap(storage_%(name)s, %(bytes)s); "
                     "std::fclose(file_%(name)s);"),
}


def allocation(case, name):
    """Where main() keeps buffer NAME: (declarations, release); the buffer
    starts SKIP doubles into its storage, whose size is not a whole number
    of pages unless it starts there."""
    rng = case.memory_rng
    kind = rng.choice(sorted(MEMORY_KINDS))
    skip = rng.choice([0, 0, 0, 1, 3, 7])
    doubles = "kCapacity + %d" % (skip + rng.choice([0, 0, 5]))
    values = {"name": name, "doubles": doubles,
              "bytes": "(%s) * sizeof(double)" % doubles}
    declare, release = MEMORY_KINDS[kind]
    return ("%s double *buffer_%s = storage_%s + %d;" % (
        declare % values, name, name, skip), release % values, kind)


def caller(case, name, template):
    if template:
        return "int main() { return 0; }\n"
    if case.member:
        call = "note(Args_%s{%s}.%s());" % (name, ", ".join(case.arguments),
                                           name)
    else:
        call = ("%s(%s);" if case.alone else "note(%s(%s));") % (
            name, ", ".join(case.arguments))
    body = ["const int n = 64, m = 4;"]
    filled = [p for p in case.params if p[1] != "double_pointer"]
    releases = []
    case.memory_kinds = []
    for pname, _, _, _ in case.params:
        declaration, release, kind = allocation(case, pname)
        body.append(declaration)
        releases.append(release)
        case.memory_kinds.append(kind)
    for number, (pname, _, element, _) in enumerate(filled):
        actual = "double" if element == "T" else element
        body.append("%s((%s *)buffer_%s, %d);" % (
            "fill_special" if case.specials else "fill", actual, pname,
            number))
    calls = [call, "for (int t = 0; t < 10; ++t) { %s if (t %% 5 == 0) "
             "std::printf(\"%%d\\n\", t); }" % call]
    # What a scratch buffer's host memory holds after a kernel is not
    # specified (the host fallback uses it, a device does not).
    printed = [p[0] for p in case.params if p[3] != "scratch"]
    if printed:
        first, last = printed[0], printed[-1]
        calls += [
            "%s std::printf(\"%%g\\n\", buffer_%s[1]);" % (call, first),
            "double *a = buffer_%s, *b = buffer_%s; for (int t = 0; t < 3; "
            "++t) { %s std::swap(a, b); } std::printf(\"%%g\\n\", a[0]);"
            % (first, last, call),
            "{ ferry::resident_scope keep; %s } std::printf(\"%%g\\n\", "
            "buffer_%s[2]);" % (call, first),
        ]
    if case.memory_rng.random() < 0.15:
        # No elements first: n and m passed as 0.
        empty = [{"n": "0", "m": "0"}.get(a, a) for a in case.arguments]
        body.append(call.replace(", ".join(case.arguments),
                                 ", ".join(empty), 1))
    body.append(case.pick(calls))
    for pname, _, element, ownership in filled:
        if ownership == "scratch":
            continue
        actual = "double" if element == "T" else element
        body.append("report(\"%s\", (%s *)buffer_%s);" % (pname, actual, pname))
    body += [release for release in releases if release]
    return "int main()\n{\n    %s\n    return 0;\n}\n" % \
        "\n    ".join(body)


def mangle(case, text):
    """Now and then breaks the C++ itself."""
    if not case.wild or not case.chance(0.08):
        return text
    tokens = text.split(" ")
    i = case.rng.randrange(len(tokens))
    if case.chance(0.5):
        del tokens[i]
    else:
        tokens.insert(i, tokens[i])
    return " ".join(tokens)


def generate(seed, index):
    case = Case(random.Random("%d/%d" % (seed, index)))
    case.member_rng = random.Random("%d/%d/member" % (seed, index))
    case.extra_rng = random.Random("%d/%d/gpu" % (seed, index))
    case.alone_rng = random.Random("%d/%d/alone" % (seed, index))
    case.memory_rng = random.Random("%d/%d/memory" % (seed, index))
    specials = case.extra_rng.random() < 0.3
    # NaN and infinities only where every buffer holds floating-point
    # numbers: converted to an integer they are undefined behaviour (x86
    # gives LLONG_MIN, a GPU saturates), which no build need agree on.
    # Template kernels are instantiated, with T = double.
    text, template = kernel(case, "k%d" % index)
    case.specials = specials and all(
        p[2] in ("double", "float", "T") for p in case.params)
    if template:
        sig = text.split("\n")[2]
        inside = sig[sig.index("(") + 1:sig.rindex(")")]
        instance_args = []
        for part in split_params(inside):
            decl = part.split("]]")[-1].strip()
            decl = decl.split("=")[0].strip()
            words = decl.replace("*", " * ").replace("&", " & ").split()
            if words:
                words = words[:-1]  # drop the name
            instance_args.append(" ".join(words).replace("T", "double"))
        text = text.replace("INSTANCE", "template double k%d<double>(%s);" % (
            index, ", ".join(instance_args)))
    source = PRELUDE + text + caller(case, "k%d" % index, template)
    options = case.pick([["-O2"], ["-O2"], ["-O0"], ["-O1"], ["-O3"],
                         ["-O2", "-fplugin-arg-ferry-explain"],
                         ["-O2", "-fplugin-arg-ferry-nc-loads"]])
    return mangle(case, source), options, getattr(case, "memory_kinds", [])


def split_params(text):
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts
