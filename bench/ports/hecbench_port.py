#!/usr/bin/env python3
"""Ports four HeCBench apps' OpenMP versions to ferry kernels as their users
would, and builds them.

HeCBench (github.com/zjin-lcf/HeCBench, commit f27000a) holds each app as
<name>-omp (OpenMP offload) and <name>-cuda, by the same authors.  The
ports follow doc/porting.md, step 2; doc/ports.md records each round (the
error, the edit, the answer, the time).  Each port changes only this:

  md         SHOC's Lennard-Jones forces over a neighbour list (gathers of
             float4 structs): `[[ferry::kernel]]` on `md`, `borrow` on the
             positions and the neighbour list, `out` on the forces; the
             region's pragma, the `target data` and its `target update`
             go.
  haccmk     HACC's short-range force kernel (each of 784 particles sums
             over 15,000): the region's loop becomes the kernel
             `haccmk_forces` beside `haccmk`, called where the region was.
             The `target data` and its `target update to` stay: the app
             resets the device's velocities from the host's zeros before
             each repetition, which only the directive says.
  laplace3d  a 3-D Jacobi time loop (collapse(3), pointers swapped each
             step): `[[ferry::kernel]]` on `laplace3d`, `borrow` on the
             input, `out` on the output.  The `target data` stays: the
             app's check starts its reference from the host's copy of
             `h_u2` after the loop, the initial values, which only an
             `alloc` map leaves there.
  heat2d     a 2-D periodic heat time loop (neighbours through `% Lx`,
             pointers swapped each step): `[[ferry::kernel]]` on
             `dev_lapl_iter`, `borrow` on the input, `out` on the output;
             the region's pragma and the `target data` go.

Every port adds `#include <ferry/ferry.hpp>` and a `ferry::wait()` before
its timer stops (ferry's launches are asynchronous; an `omp target`
region without `nowait` is not).

Usage: hecbench_port.py HECBENCH_SRC OUT_DIR FERRY_GXX
HECBENCH_SRC is HeCBench's src/ folder.  Writes OUT_DIR/<app>-port (the
ported sources), OUT_DIR/<app>.port (built with FERRY_GXX) and
OUT_DIR/<app>.port_serial (the port built with g++ without the plugin:
plain C++ on the host, whose OpenMP directives run on the host too).
"""
import os
import shutil
import subprocess
import sys

INCLUDE = "#include <ferry/ferry.hpp>\n"
WAIT = ("    auto end = std::chrono::steady_clock::now();",
        "    ferry::wait();\n    auto end = std::chrono::steady_clock::now();")


def fail(app, what):
    sys.exit("hecbench_port: %s: %s (not the expected HeCBench version)"
             % (app, what))


def replace(app, text, old, new):
    if old not in text:
        fail(app, "no %r" % old.strip().splitlines()[0])
    return text.replace(old, new, 1)


def port_md(app, files):
    main = files["main.cpp"]
    main = replace(app, main, '#include "MD.h"', INCLUDE + '#include "MD.h"')
    main = replace(app, main, """void md (
    const POSVECTYPE* __restrict position,
    FORCEVECTYPE* __restrict force,
    const int* __restrict neighborList, """, """[[ferry::kernel]]
void md (
    [[ferry::borrow(nAtom)]] const POSVECTYPE* __restrict position,
    [[ferry::out(nAtom)]] FORCEVECTYPE* __restrict force,
    [[ferry::borrow(nAtom * maxNeighbors)]] const int* __restrict neighborList, """)
    main = replace(app, main, "  #pragma omp target teams distribute parallel "
                   "for thread_limit(256) \n", "")
    main = replace(app, main, """  #pragma omp target data map(to: position[0:nAtom], \\
                                  neighborList[0:nAtom * maxNeighbors]) \\
                          map(alloc: force[0:nAtom])
""", "")
    main = replace(app, main,
                   "    #pragma omp target update from(force[0:nAtom])\n", "")
    files["main.cpp"] = replace(app, main, *WAIT)


HACCMK_KERNEL = """// The force loop, as a ferry kernel (was the `omp target` region in haccmk).
template <typename T>
[[ferry::kernel]]
void haccmk_forces (
    const size_t n,
    const int ilp,
    const T fsrrmax,
    const T mp_rsm,
    const T fcoeff,
    [[ferry::borrow(ilp)]] const T*__restrict xx,
    [[ferry::borrow(ilp)]] const T*__restrict yy,
    [[ferry::borrow(ilp)]] const T*__restrict zz,
    [[ferry::borrow(ilp)]] const T*__restrict mass,
    [[ferry::borrow_mut(n)]] T*__restrict vx2,
    [[ferry::borrow_mut(n)]] T*__restrict vy2,
    [[ferry::borrow_mut(n)]] T*__restrict vz2 )
{
%s}

"""


def port_haccmk(app, files):
    text = files["haccmk.cpp"]
    text = replace(app, text, "#include <omp.h>\n", "#include <omp.h>\n" + INCLUDE)
    try:
        region = text.index("      #pragma omp target teams distribute parallel for\n")
        loop = text.index("      for (int i = 0; i < n; i++) {", region)
        end = text.index("      auto end = std::chrono::steady_clock::now();", loop)
        host = text.index("template <typename T>\nvoid haccmk (")
    except ValueError:
        fail(app, "the force region is not where it was")
    call = ("      haccmk_forces(n, ilp, fsrrmax, mp_rsm, fcoeff, xx, yy, zz, mass,"
            " vx2, vy2, vz2);\n      ferry::wait();\n\n")
    kernel = HACCMK_KERNEL % text[loop:end]
    files["haccmk.cpp"] = (text[:host] + kernel + text[host:region] + call +
                           text[end:])


def port_laplace3d(app, files):
    kernel = files["kernel.h"]
    files["kernel.h"] = replace(app, kernel, """void laplace3d(
  int NX, int NY, int NZ, int pitch, 
  const float *__restrict u1,
        float *__restrict u2)
{
  #pragma omp target teams distribute parallel for collapse(3) thread_limit(BLOCK_X*BLOCK_Y)
""", """[[ferry::kernel]]
void laplace3d(
  int NX, int NY, int NZ, int pitch, 
  [[ferry::borrow(NX * NY * NZ)]] const float *__restrict u1,
  [[ferry::out(NX * NY * NZ)]]          float *__restrict u2)
{
""")
    main = files["main.cpp"]
    main = replace(app, main, '#include "kernel.h"', INCLUDE + '#include "kernel.h"')
    files["main.cpp"] = replace(app, main, *WAIT)


def port_heat2d(app, files):
    main = files["main.cpp"]
    main = replace(app, main, "#include <omp.h>\n", "#include <omp.h>\n" + INCLUDE)
    main = replace(app, main, """void dev_lapl_iter(float *out, const float *in, const float delta, const float norm, const int Lx, const int Ly)
{
  #pragma omp target teams distribute parallel for collapse(2) thread_limit(256)
""", """[[ferry::kernel]]
void dev_lapl_iter([[ferry::out(Lx * Ly)]] float *out, [[ferry::borrow(Lx * Ly)]] const float *in, const float delta, const float norm, const int Lx, const int Ly)
{
""")
    main = replace(app, main, """  #pragma omp target data map (tofrom: d_in[0:Lx*Ly]) map(alloc: d_out[0:Lx*Ly])
""", "")
    files["main.cpp"] = replace(app, main,
                                "    t0 = stop_watch(t0)/(double)niter;",
                                "    ferry::wait();\n"
                                "    t0 = stop_watch(t0)/(double)niter;")


# name: (port, sources, compile options of the app's Makefile)
APPS = {
    "md": (port_md, ["main.cpp"], ["-DSINGLE_PRECISION", "-I../md-cuda"]),
    "haccmk": (port_haccmk, ["haccmk.cpp"], []),
    "laplace3d": (port_laplace3d, ["main.cpp"], ["-I../laplace3d-cuda"]),
    "heat2d": (port_heat2d, ["main.cpp"], []),
}


def build(compiler, folder, sources, options, binary, extra):
    print("hecbench_port: %s %s" % (os.path.basename(compiler), binary),
          file=sys.stderr)
    subprocess.run([compiler, "-std=c++17", "-O3", "-fopenmp"] + options +
                   sources + ["-o", binary] + extra, cwd=folder, check=True)


def main():
    if len(sys.argv) != 4:
        sys.exit(next(p for p in __doc__.split("\n\n") if p.startswith("Usage:")))
    hecbench, out, ferry_gxx = sys.argv[1:]
    out = os.path.abspath(out)
    include = os.environ.get("FERRY_INCLUDE", "")
    libdir = os.environ.get("FERRY_LIBDIR", "")
    serial = (["-foffload=disable"] + (["-I", include] if include else []),
              (["-L", libdir, "-Wl,-rpath," + libdir] if libdir else []) +
              ["-lferry"])
    for app, (port, sources, options) in APPS.items():
        folder = os.path.join(out, app + "-port")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(os.path.join(hecbench, app + "-omp"), folder)
        # The apps include headers of their CUDA versions (-I../<app>-cuda).
        cuda = os.path.join(out, app + "-cuda")
        shutil.rmtree(cuda, ignore_errors=True)
        shutil.copytree(os.path.join(hecbench, app + "-cuda"), cuda)
        files = {}
        for name in os.listdir(folder):
            if name.endswith((".cpp", ".h")):
                with open(os.path.join(folder, name)) as f:
                    files[name] = f.read()
        port(app, files)
        for name, text in files.items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
        build(ferry_gxx, folder, sources, options,
              os.path.join(out, app + ".port"), [])
        build("g++", folder, sources, options + serial[0],
              os.path.join(out, app + ".port_serial"), serial[1])


if __name__ == "__main__":
    main()
