#!/usr/bin/env python3
"""Ports miniBUDE's OpenMP model to ferry as its users would, and builds it.

miniBUDE (github.com/UoB-HPC/miniBUDE) is the University of Bristol's
mini-app for BUDE's virtual screening: each work item scores PPWI poses
of a ligand against a protein (per-thread arrays of PPWI floats,
sin/cos/sqrt, -ffast-math), PPWI a template parameter.  Its OpenMP model
(src/omp/fasten.hpp) maps the arrays in an `omp target data` region and
runs the groups' loop as an `omp target teams distribute parallel for`
that calls `fasten_main`.  The port changes only what a user would:

  - `#include <ferry/ferry.hpp>`;
  - beside `fasten_main`, a kernel `fasten_groups` whose loop over the
    groups is the region's loop, with `[[ferry::borrow(...)]]` on the
    arrays it reads and `[[ferry::out(ngroups * PPWI)]]` on the energies
    (ferry cannot show that `nposes / PPWI` groups write all `nposes`);
    it is called where the region was;
  - the `omp target data` maps and the `target update` of one energy
    after each call go: ferry derives the maps, and the host's read of
    `energies[0]` after each call (miniBUDE's `discard`) stays.

`fasten_main`, with its `omp simd` loops over the poses, stays as it is.
The port builds with OMP_TARGET defined (the offload build's device list
and work-group sizes; ferry chooses its own geometry).

Usage: minibude_port.py MINIBUDE_DIR OUT_DIR FERRY_GXX
Writes OUT_DIR/src (the ported model), OUT_DIR/bude_ferry (built with
FERRY_GXX), OUT_DIR/bude_serial (the port built with g++ without the
plugin: plain serial C++) and, where nvcc is installed, OUT_DIR/bude_cuda
(miniBUDE's own CUDA model, with the flags of its model.cmake).  All take
miniBUDE's options; `--deck MINIBUDE_DIR/data/bm1` is the small deck, bm2
the larger, and each checks its energies against the deck's reference.
"""
import os
import subprocess
import sys

from port_tools import find_nvcc, start_port

ARRAYS = ["transforms_%d" % k for k in range(6)]
KERNEL = """
  // The groups' loop, as a ferry kernel (was an `omp target teams
  // distribute parallel for` inside an `omp target data` region).
  [[ferry::kernel]] static void fasten_groups(
      size_t ngroups, size_t ntypes, size_t nposes, size_t natlig, size_t natpro,
      [[ferry::borrow(natpro)]] const Atom *protein,
      [[ferry::borrow(natlig)]] const Atom *ligand,
%s
      [[ferry::borrow(ntypes)]] const FFParams *forcefield,
      [[ferry::out(ngroups * PPWI)]] float *energies) {
    for (size_t group = 0; group < ngroups; group++) {
      fasten_main(group, ntypes, nposes, natlig, natpro,
                  protein, ligand,
                  %s,
                  forcefield, energies);
    }
  }

public:"""
CALL = """      fasten_groups(nposes / PPWI, ntypes, nposes, natlig, natpro,        //
                    protein, ligand,                                      //
                    poses_0, poses_1, poses_2, poses_3, poses_4, poses_5, //
                    forcefield, energies);
"""


def fail(what):
    sys.exit("minibude_port: " + what + " (not the expected miniBUDE version)")


def port_model(text):
    text = text.replace('#include "omp.h"\n',
                        '#include "omp.h"\n#include <ferry/ferry.hpp>\n', 1)
    parameters = "\n".join("      [[ferry::borrow(nposes)]] const float *%s," % a
                           for a in ARRAYS)
    text = text.replace("\npublic:", KERNEL % (parameters, ", ".join(ARRAYS)),
                        1)
    # The maps of the target data region.
    start = text.index("#ifdef OMP_TARGET // clang-format off\n  #pragma omp target data")
    end = text.index("#endif // OMP_TARGET clang-format on\n", start)
    text = text[:start] + text[end + len("#endif // OMP_TARGET clang-format on\n"):]
    # The region and its loop.
    start = text.index("#ifdef OMP_TARGET // clang-format off\n  #pragma omp target teams")
    end = text.index("      #pragma omp target update from(energies[:1])\n", start)
    text = text[:start] + CALL + \
        text[end + len("      #pragma omp target update from(energies[:1])\n"):]
    return text


def build(model, compiler, flags, binary):
    print("minibude_port: %s main.cpp" % os.path.basename(compiler),
          file=sys.stderr)
    subprocess.run([compiler, "-std=c++17", "-O3", "-ffast-math"] + flags +
                   ["-I", model, os.path.join(model, "main.cpp"), "-o", binary],
                   check=True)


def main():
    _, out, ferry_gxx, model = start_port(__doc__, "src")
    path = os.path.join(model, "omp", "fasten.hpp")
    with open(path) as f:
        text = f.read()
    try:
        text = port_model(text)
    except ValueError:
        fail("omp/fasten.hpp is not as expected")
    with open(path, "w") as f:
        f.write(text)
    model_flags = ["-DOMP", "-DOMP_TARGET"]
    build(model, ferry_gxx, model_flags,
          os.path.join(out, "bude_ferry"))
    # Without the plugin the port is plain serial C++ (libferry answers
    # ferry's API calls; the kernel is an ordinary function).
    include = os.environ.get("FERRY_INCLUDE", "")
    libdir = os.environ.get("FERRY_LIBDIR", "")
    build(model, "g++",
          model_flags + ["-fopenmp"] + (["-I", include] if include else []) +
          (["-L", libdir, "-Wl,-rpath," + libdir] if libdir else []) +
          ["-lferry"], os.path.join(out, "bude_serial"))
    nvcc = find_nvcc("minibude_port")
    if nvcc:
        # src/cuda/model.cmake's flags, main.cpp compiled as CUDA.
        subprocess.run([nvcc, "-std=c++17", "-O3", "-use_fast_math",
                        "-restrict", "-arch=sm_90", "-DCUDA", "-I", model, "-x", "cu", os.path.join(model, "main.cpp"), "-o",
                        os.path.join(out, "bude_cuda")], check=True)


if __name__ == "__main__":
    main()
