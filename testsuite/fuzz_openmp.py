"""ferry-fuzz --openmp: the program's own OpenMP target loops.

Each case is a function with a `#pragma omp target teams distribute
parallel for` over the tame statements of fuzz_cases.py, its maps the
kinds the statements need (read: `to`, written whole first: `from`, read
and written: `tofrom`), its reductions with their clauses, and a main()
that fills the buffers, calls it and prints a checksum of each.  ferry-g++
must build it as g++ does, without a word: every such region is right by
OpenMP's meaning, so a warning is a false one.  A third of the cases get
one mistake OpenMP's meaning makes certain (a section that is written
mapped `to`, a reduction without its clause), and ferry-g++ must warn
about it at its line.  Some regions index from a local set before them
(`off + i`), carry an `if` clause (true or false) or `nowait`, or count
into a histogram through `#pragma omp atomic` (an update, or a capture of
the value before or after it).  Correct cases run in both builds and
must print the same (on the host: both run libgomp's host fallback)."""
import random
import re

from fuzz_cases import TAME_TYPES, Case, overwrites, tame_statement

PRELUDE = """#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
const double kConstant = 3;
inline int idx(int i) { return i ^ 1; }
template <class V> inline void set(V *p, int v) { *p = v; }
template <class V> inline V helper(V v) { return v + 1; }
constexpr int kCapacity = 4096;
template <class V> void fill(V *p, int salt)
{
    for (int k = 0; k < kCapacity; ++k)
        p[k] = (V)((k * 7 + salt * 3) % 13 - 4);
}
template <class V> void report(const char *name, const V *p)
{
    double sum = 0, weighted = 0;
    for (int k = 0; k < kCapacity; ++k) {
        sum += (double)p[k];
        weighted += (double)p[k] * (k % 7 + 1);
    }
    std::printf("%s %.17g %.17g\\n", name, sum, weighted);
}
"""

MAP_KINDS = {"borrow": "to", "borrow_mut": "tofrom", "out": "from"}


class RegionCase:
    def __init__(self, source, mistake=None, line=0):
        self.source = source
        self.mistake = mistake  # the warning ferry must give, or None
        self.line = line        # its line


def generate_region(seed, index):
    rng = random.Random("openmp %d/%d" % (seed, index))
    case = Case(rng)
    case.wild = False
    case.nest = rng.random() < 0.25
    case.params = []
    names = ["x", "y", "z", "w"][:rng.randint(1, 4)]
    for number, name in enumerate(names):
        ownership = rng.choice(["borrow_mut", "out"] if number == 0 else
                               ["borrow", "borrow_mut", "out"])
        case.params.append((name, "pointer", rng.choice(TAME_TYPES),
                            ownership))
    body = overwrites(case, "i")
    # An out section is copied back whole: only one written first counts.
    written_first = {re.match(r"(\w+)\[", st).group(1) for st in body}
    case.params = [p if p[3] != "out" or p[0] in written_first else
                   (p[0], p[1], p[2], "borrow_mut") for p in case.params]
    # Braces keep the locals of two statements apart.
    body += ["{ %s }" % tame_statement(case, "i")
             for _ in range(rng.randint(1, 4))]
    text = "\n        ".join(body)
    # One operator per accumulator.
    if "s +=" in text:
        text = re.sub(r"s = std::min\(s, [^;]*\);", "(void)0;", text)
    reductions = []
    if "s +=" in text:
        reductions.append(("+", "s"))
    elif "std::min(s," in text:
        reductions.append(("min", "s"))
    if "count +=" in text:
        reductions.append(("+", "count"))

    length = "n * m" if case.nest else "n"
    # Some regions index from a local of the function, set before them
    # and never in them; some carry an `if` clause, true or false, or
    # `nowait` with a `taskwait` after.
    offset = rng.random() < 0.3
    start = "off" if offset else "0"
    condition = rng.choice([None, None, "n > 0", "n < 0"])
    nowait = rng.random() < 0.2
    maps = {p[0]: MAP_KINDS[p[3]] for p in case.params}
    mistake = None
    choice = rng.random()
    outs = [p[0] for p in case.params if p[3] == "out"]
    if choice < 0.17 and outs:
        target = rng.choice(outs)
        maps[target] = "to"
        mistake = ("'%s' is mapped 'to', but the loop writes it" % target,
                   "pragma")
    elif choice < 0.34 and reductions:
        _, var = reductions.pop(rng.randrange(len(reductions)))
        mistake = ("every iteration updates '%s', which has no reduction "
                   "clause" % var, var)

    # Some regions count into a histogram `h` through `#pragma omp
    # atomic`, iterations sharing its elements.
    atomic = rng.random() < 0.25
    pragma = "#pragma omp target teams distribute parallel for"
    if case.nest:
        pragma += " collapse(2)"
    for name, kind in maps.items():
        pragma += " map(%s: %s[%s:%s])" % (kind, name, start, length)
    if atomic:
        pragma += " map(tofrom: h[0:16])"
    pragma += " map(tofrom: s, count)"
    for op, var in reductions:
        pragma += " reduction(%s: %s)" % (op, var)
    if condition:
        pragma += " if(%s)" % condition
    if nowait:
        pragma += " nowait"

    parameters = ", ".join(
        "%s%s *%s" % ("const " if p[3] == "borrow" else "", p[2], p[0])
        for p in case.params) + (", int *h" if atomic else "")
    element = "i"
    if case.nest:
        element = "(i * m + j)"
        text = text.replace("[i]", "[i * m + j]").replace(" + i;",
                                                            " + (i * m + j);")
    if offset:
        # Every access of a buffer, through a subscript or a pointer, moves
        # into the section, `x[i % 7]` too: a read before `off` is outside
        # what the map brings (undefined on a GPU, where libgomp's build
        # and ferry's read different bytes).
        text = text.replace("[%s]" % element.strip("()"),
                            "[off + %s]" % element.strip("()"))
        text = text.replace("[i % 7]", "[off + i % 7]")
        text = re.sub(r"\b([xyzw]) \+ %s;" % re.escape(element),
                      r"\1 + off + %s;" % element, text)
    if atomic:
        # An update, or a capture of the value before or after it.
        update = "h[(%s * 5) %% 16] += %s %% 3 + 1;" % (element, element)
        form = rng.choice(("update", "capture_new", "capture_old"))
        if form == "update":
            text += "\n#pragma omp atomic\n        " + update
        elif form == "capture_new":
            text += ("\n        int seen;\n#pragma omp atomic capture\n"
                     "        seen = %s\n        (void)seen;" % update)
        else:
            text += ("\n        int seen;\n#pragma omp atomic capture\n"
                     "        { seen = h[(%s * 5) %% 16]; %s }\n"
                     "        (void)seen;" % (element, update))
    if case.nest:
        loop = ("for (int i = 0; i < n; ++i)\n    for (int j = 0; j < m; "
                "++j) {\n        %s\n    }" % text)
    else:
        loop = "for (int i = 0; i < n; ++i) {\n        %s\n    }" % text
    before = ("    int off = n / 2;\n    if (m > 8)\n        off = 0;\n"
              if offset else "")
    after = "    #pragma omp taskwait\n" if nowait else ""
    function = ("double region(int n, int m, %s)\n{\n    double s = 0;\n"
                "    int count = 0;\n%s%s\n    %s\n%s    return s + count;\n}\n"
                % (parameters, before, pragma, loop, after))
    arguments = ", ".join("buffer_%s" % p[0] for p in case.params) + \
        (", buffer_h" if atomic else "")
    main = ["const int n = 64, m = 4;"]
    for number, (name, _, element, _) in enumerate(case.params):
        main.append("%s *buffer_%s = (%s *)std::calloc(kCapacity, "
                    "sizeof(%s));" % (element, name, element, element))
        main.append("fill(buffer_%s, %d);" % (name, number))
    if atomic:
        main.append("int *buffer_h = (int *)std::calloc(kCapacity, "
                    "sizeof(int));")
        main.append("fill(buffer_h, 7);")
    main.append("std::printf(\"result %%.17g\\n\", region(n, m, %s));"
                % arguments)
    main.append("std::printf(\"result %%.17g\\n\", region(n, m, %s));"
                % arguments)
    for name, _, _, _ in case.params:
        main.append("report(\"%s\", buffer_%s);" % (name, name))
    if atomic:
        main.append("report(\"h\", buffer_h);")
    source = PRELUDE + function + "int main()\n{\n    %s\n    return 0;\n}\n" \
        % "\n    ".join(main)
    if not mistake:
        return RegionCase(source)
    message, where = mistake
    lines = source.splitlines()
    if where == "pragma":
        line = next(n for n, l in enumerate(lines, 1)
                    if l.startswith("#pragma omp target"))
    else:
        line = next(n for n, l in enumerate(lines, 1)
                    if re.search(r"\b%s (\+=|= std::min)" % where, l))
    return RegionCase(source, message, line)
