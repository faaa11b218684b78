#!/usr/bin/env python3
"""Ports TeaLeaf's OpenMP model to ferry as its users would, and builds it.

TeaLeaf (github.com/UoB-HPC/TeaLeaf) is a heat-conduction mini-app whose
omp model (src/omp/) has one function per kernel, each a collapsed loop
nest over raw `double *` arrays of x * y cells, with `#pragma omp parallel
for` kept for the host.  The port changes nothing but what a user would:

  - `[[ferry::kernel]]` on each of the 21 kernel functions of cg.cpp,
    cheby.cpp, jacobi.cpp, ppcg.cpp, solver_methods.cpp and local_halos.cpp
    (the halo updates copy interior cells into halo cells of the same
    array, in place);
  - `[[ferry::borrow(x * y)]]` on each `const double *` array and
    `[[ferry::borrow_mut(x * y)]]` on each other `double *` array; the
    reduction results (`double *rro`, `*norm`, ...) stay plain pointers,
    which ferry syncs for the `*norm += norm_temp;` after the loop;
  - `#include <ferry/ferry.hpp>`;
  - cheby_init and cheby_iterate end by calling the kernel cheby_calc_u,
    which a kernel cannot do (ferry says so and how to fix it): the calls
    move to their callers, run_cheby_init and run_cheby_iterate.

pack_halos.cpp (the MPI halo exchange, unused with one rank) stays host code.

Usage: tealeaf_port.py TEALEAF_DIR OUT_DIR FERRY_GXX
Writes OUT_DIR/src (the ported omp model), OUT_DIR/tealeaf_ferry (built
with FERRY_GXX), OUT_DIR/tealeaf_serial (the unported source built with
g++ -fopenmp, for the reference answers) and, where nvcc is installed,
OUT_DIR/tealeaf_cuda (TeaLeaf's own CUDA model, with the flags of its
CMake build).  bench/ports/tealeaf_run.sh runs them; doc/gpu-results.md
has the results on an H200.
"""
import os
import re
import subprocess
import sys

from port_tools import find_nvcc, start_port

KERNELS = {
    "cg.cpp": ["cg_init", "cg_calc_w", "cg_calc_ur", "cg_calc_p"],
    "cheby.cpp": ["cheby_calc_u", "cheby_init", "cheby_iterate"],
    "jacobi.cpp": ["jacobi_init", "jacobi_iterate"],
    "ppcg.cpp": ["ppcg_init", "ppcg_inner_iteration"],
    "solver_methods.cpp": ["store_energy", "field_summary", "copy_u",
                           "calculate_residual", "calculate_2norm", "finalise"],
    "local_halos.cpp": ["update_left", "update_right", "update_top",
                        "update_bottom"],
}
# Pointers to one number that a kernel adds its reduction to.
RESULTS = {"rro", "pw", "rrn", "error", "norm", "volOut", "massOut", "ieOut",
           "tempOut"}
CHEBY_CALL = "  cheby_calc_u(x, y, halo_depth, u, p);\n"
CHEBY_CALLER_CALL = ("\n  cheby_calc_u(chunk->x, chunk->y, settings.halo_depth, "
                     "chunk->u, chunk->p);")


def annotate_parameter(parameter):
    match = re.match(r"(\s*)(const double \*|double \*)(\w+)$", parameter)
    if not match or match.group(3) in RESULTS:
        return parameter
    space, pointer, name = match.groups()
    ownership = "borrow" if pointer.startswith("const") else "borrow_mut"
    return "%s[[ferry::%s(x * y)]] %s%s" % (space, ownership, pointer, name)


def port_file(path, kernels):
    with open(path) as f:
        text = f.read()
    for name in kernels:
        match = re.search(r"\nvoid %s\(([^)]*)\)" % name, text)
        if not match:
            sys.exit("tealeaf_port: no kernel %s in %s" % (name, path))
        parameters = ",".join(annotate_parameter(p)
                              for p in match.group(1).split(","))
        text = (text[:match.start()] + "\n[[ferry::kernel]] void %s(%s)" %
                (name, parameters) + text[match.end():])
    if path.endswith("cheby.cpp"):
        if text.count(CHEBY_CALL) != 2:
            sys.exit("tealeaf_port: cheby.cpp is not the expected version")
        text = text.replace("\n" + CHEBY_CALL, "")
        for caller in ("cheby_init(chunk->x", "cheby_iterate(chunk->x"):
            start = text.index(caller)
            end = text.index(";", start) + 1
            text = text[:end] + CHEBY_CALLER_CALL + text[end:]
    with open(path, "w") as f:
        f.write("#include <ferry/ferry.hpp>\n" + text)


def build(source_dir, model_dir, compiler, binary, work):
    os.makedirs(work, exist_ok=True)
    objects = []
    sources = [os.path.join(source_dir, "driver", f)
               for f in sorted(os.listdir(os.path.join(source_dir, "driver")))
               if f.endswith(".cpp")]
    sources += [os.path.join(model_dir, f) for f in sorted(os.listdir(model_dir))
                if f.endswith(".cpp")]
    for source in sources:
        obj = os.path.join(work, os.path.basename(os.path.dirname(source)) +
                           "_" + os.path.basename(source) + ".o")
        print("tealeaf_port: %s %s" % (os.path.basename(compiler),
                                       os.path.relpath(source, source_dir)),
              file=sys.stderr)
        subprocess.run([compiler, "-O3", "-std=c++17", "-fopenmp", "-DNO_MPI",
                        "-I", os.path.join(source_dir, "driver"), "-I",
                        model_dir, "-c", source, "-o", obj], check=True)
        objects.append(obj)
    subprocess.run([compiler, "-O3", "-fopenmp"] + objects +
                   ["-o", binary, "-lm"], check=True)


def build_cuda(source_dir, binary, work):
    nvcc = find_nvcc("tealeaf_port")
    if not nvcc:
        return
    os.makedirs(work, exist_ok=True)
    model = os.path.join(source_dir, "src", "cuda")
    driver = os.path.join(source_dir, "driver")
    objects = []
    for name in sorted(os.listdir(model)):
        if name.endswith(".cpp"):
            objects.append(os.path.join(work, name + ".o"))
            subprocess.run([nvcc, "-x", "cu", "-std=c++17", "-O3", "-arch=sm_90",
                            "-use_fast_math", "-restrict", "-DNO_MPI", "-I",
                            driver, "-I", model, "-c",
                            os.path.join(model, name), "-o", objects[-1]],
                           check=True)
    for name in sorted(os.listdir(driver)):
        if name.endswith(".cpp"):
            objects.append(os.path.join(work, "driver_" + name + ".o"))
            subprocess.run(["g++", "-O3", "-std=c++17", "-DNO_MPI", "-I", driver,
                            "-I", model, "-I", os.path.join(
                                os.path.dirname(os.path.dirname(nvcc)),
                                "include"),
                            "-c", os.path.join(driver, name), "-o",
                            objects[-1]], check=True)
    subprocess.run([nvcc, "-arch=sm_90"] + objects + ["-o", binary], check=True)


def main():
    tealeaf, out, ferry_gxx, model = start_port(__doc__, "src", "omp")
    for name, kernels in KERNELS.items():
        port_file(os.path.join(model, name), kernels)
    build(tealeaf, model, ferry_gxx, os.path.join(out, "tealeaf_ferry"),
          os.path.join(out, "obj_ferry"))
    build(tealeaf, os.path.join(tealeaf, "src", "omp"), "g++",
          os.path.join(out, "tealeaf_serial"), os.path.join(out, "obj_serial"))
    build_cuda(tealeaf, os.path.join(out, "tealeaf_cuda"),
               os.path.join(out, "obj_cuda"))


if __name__ == "__main__":
    main()
