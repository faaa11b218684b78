#!/usr/bin/env python3
"""Ports XSBench's OpenMP-offload model to ferry as its users would, and builds it.

XSBench (github.com/ANL-CESAR/XSBench) is ANL's proxy for OpenMC's
cross-section lookups.  Its openmp-offload model runs the event-based
lookups as one `omp target teams distribute parallel for` with a map per
array of `SimulationData`.  The port changes only what a user would:

  - `[[ferry::borrow(length_...)]]` on the six pointer members of
    `SimulationData` that the lookups read, and `#include <ferry/ferry.hpp>`
    in XSbench_header.h;
  - the target region's loop becomes the body of a kernel,
    `[[ferry::kernel]] void event_lookups(Inputs in, SimulationData SD,
    [[ferry::out(in.lookups)]] unsigned long long *verification)`, called
    where the region was (its maps go: ferry derives them);
  - `const` on the table parameters of the helpers the kernel calls
    (calculate_macro_xs, calculate_micro_xs, grid_search,
    grid_search_nuclide) and on the two grid-point pointers inside
    calculate_micro_xs, since ferry refuses to hand a `borrow` member to a
    helper that may write through it (and says so at the call).

The helpers stay as they are, taking the seed and the result arrays by
pointer.  The C sources compile as C++ (`-x c++`), with `restrict` spelt
`__restrict`.

Usage: xsbench_port.py XSBENCH_DIR OUT_DIR FERRY_GXX
Writes OUT_DIR/src (the ported model), OUT_DIR/xsbench_ferry (built with
FERRY_GXX), OUT_DIR/xsbench_serial (the port built with g++ without the
plugin: plain serial C++) and, where nvcc is installed, OUT_DIR/xsbench_cuda
(XSBench's own CUDA model, with the flags of its Makefile, but C++17).  Compare their
"Verification checksum" lines for the same arguments, e.g.
`-m event -s small -l 100000`.
"""
import os
import re
import subprocess
import sys

from port_tools import find_nvcc, start_port

MEMBERS = ["num_nucs", "concs", "mats", "unionized_energy_array", "index_grid",
           "nuclide_grid"]
CONST_PARAMETERS = {
    "calculate_micro_xs": ["egrid", "index_data", "nuclide_grids"],
    "calculate_macro_xs": ["num_nucs", "concs", "egrid", "index_data",
                           "nuclide_grids", "mats"],
    "grid_search": ["A"],
    "grid_search_nuclide": ["A"],
}
KERNEL = """// The event-based lookups, as a ferry kernel (was an `omp target` region
// with a map per array).
[[ferry::kernel]]
void event_lookups(Inputs in, SimulationData SD,
                   [[ferry::out(in.lookups)]] unsigned long long * verification)
{
%s}

"""


def fail(what):
    sys.exit("xsbench_port: " + what + " (not the expected XSBench version)")


def annotate_members(header):
    for member in MEMBERS:
        pattern = r"\n(\t\w+ \* %s;)" % member
        if not re.search(pattern, header):
            fail("no member %s in SimulationData" % member)
        header = re.sub(pattern, r"\n\t[[ferry::borrow(length_%s)]] \1"
                        % member, header, count=1)
    return "#include <ferry/ferry.hpp>\n" + header


def add_consts(text):
    """const on the named pointer parameters, in every declaration and
    definition of the helpers."""
    for function, names in CONST_PARAMETERS.items():
        def constify(match):
            parameters = match.group(2)
            for name in names:
                parameters = re.sub(r"(?<!const )\b(double|int|NuclideGridPoint)"
                                    r"\s*\*\s*%s\b" % name,
                                    r"const \1 * %s" % name, parameters)
            return match.group(1) + parameters + ")"
        text = re.sub(r"((?:void|long)\s+%s\s*\()([^)]*)\)" % function,
                      constify, text)
    return text


def port_simulation(text):
    start = text.index("\t#pragma omp target teams distribute parallel for\\")
    loop = text.index("\tfor( int i = 0; i < in.lookups; i++ )", start)
    end = text.index("  // Reduce validation hash on the host", loop)
    body = text[loop:end]
    text = text[:start] + "\tevent_lookups(in, SD, verification);\n\n" + \
        text[end:]
    at = text.index("unsigned long long run_event_based_simulation(")
    text = text[:at] + KERNEL % body + text[at:]
    grid_points = "\tNuclideGridPoint * low, * high;"
    if grid_points not in text:
        fail("calculate_micro_xs has no grid-point pointers")
    text = text.replace(grid_points, "\tconst NuclideGridPoint * low, * high;", 1)
    return add_consts(text)


def edit(path, change):
    with open(path) as f:
        text = f.read()
    try:
        text = change(text)
    except ValueError:
        fail("%s is not as expected" % os.path.basename(path))
    with open(path, "w") as f:
        f.write(text)


def build(model, compiler, flags, binary, work, libraries):
    os.makedirs(work, exist_ok=True)
    objects = []
    for name in sorted(os.listdir(model)):
        if not name.endswith(".c"):
            continue
        objects.append(os.path.join(work, name + ".o"))
        print("xsbench_port: %s %s" % (os.path.basename(compiler), name),
              file=sys.stderr)
        subprocess.run([compiler, "-x", "c++", "-Drestrict=__restrict", "-O3"] +
                       flags + ["-c", os.path.join(model, name), "-o",
                                objects[-1]], check=True)
    subprocess.run([compiler, "-O3"] + flags + objects + ["-o", binary, "-lm"] +
                   libraries, check=True)


def build_cuda(xsbench, binary, work):
    nvcc = find_nvcc("xsbench_port")
    if not nvcc:
        return
    os.makedirs(work, exist_ok=True)
    model = os.path.join(xsbench, "cuda")
    sources = [os.path.join(model, f) for f in sorted(os.listdir(model))
               if f.endswith(".cu")]
    # XSBench's Makefile says C++14; CUDA 13's CUB needs C++17.
    subprocess.run([nvcc, "-std=c++17", "-O3", "-arch=sm_90"] +
                   sources + ["-o", binary, "-lm"], check=True)


def main():
    xsbench, out, ferry_gxx, model = start_port(__doc__, "openmp-offload")
    edit(os.path.join(model, "XSbench_header.h"),
         lambda text: add_consts(annotate_members(text)))
    edit(os.path.join(model, "Simulation.c"), port_simulation)
    build(model, ferry_gxx, [], os.path.join(out, "xsbench_ferry"),
          os.path.join(out, "obj_ferry"), [])
    # Without the plugin the port is plain serial C++ (libferry answers
    # ferry's API calls; the kernel is an ordinary function).
    include = os.environ.get("FERRY_INCLUDE", "")
    libdir = os.environ.get("FERRY_LIBDIR", "")
    build(model, "g++", ["-fopenmp"] + (["-I", include] if include else []),
          os.path.join(out, "xsbench_serial"), os.path.join(out, "obj_serial"),
          (["-L", libdir, "-Wl,-rpath," + libdir] if libdir else []) +
          ["-lferry"])
    build_cuda(xsbench, os.path.join(out, "xsbench_cuda"),
               os.path.join(out, "obj_cuda"))


if __name__ == "__main__":
    main()
