#!/usr/bin/env python3
"""Ports BabelStream's OpenMP model to ferry as its users would, and builds it.

BabelStream (github.com/UoB-HPC/BabelStream) measures memory bandwidth with
five loops over three arrays.  Its OpenMP model (src/omp/OMPStream.cpp)
allocates the arrays with `aligned_alloc(2 MiB, ...)` and runs each loop
under `#pragma omp parallel for` on the host, or under `target teams
distribute parallel for simd` with OMP_TARGET_GPU.  The port changes only
what a user would, in the host build's shape:

  - each loop (init_arrays, copy, mul, add, triad, nstream, dot) becomes a
    `[[ferry::kernel]]` function template over the arrays it touches, each
    with the ownership its statement gives it (written only: `out`, read
    and written: `borrow_mut`, read: `borrow`), called where the loop was;
    the `omp parallel for` pragma stays on the loop;
  - dot's reduction is the kernel's result.

The allocation stays as written: blocks of glibc's aligned to 2 MiB, whose
copies on a GPU must not span the edge of their page-locked pages (doc/
residency.md, "Memory a buffer may live in").

Usage: babelstream_port.py BABELSTREAM_DIR OUT_DIR FERRY_GXX
Writes OUT_DIR/src (the ported model), OUT_DIR/babelstream_ferry (built
with FERRY_GXX), OUT_DIR/babelstream_serial (the port with g++ -fopenmp,
without the plugin) and, where nvcc is installed,
OUT_DIR/babelstream_cuda (BabelStream's own CUDA model).  Each checks its
own results and prints "Validation failed" if they are wrong; compare
their bandwidth tables for the same arguments, e.g. `-s 33554432 -n 20`.
"""
import os
import re
import subprocess
import sys

from port_tools import find_nvcc, start_port

LOOP = re.compile(
    r"(template <class T>\n(?:void|T) OMPStream<T>::(\w+)\([^)]*\)\n\{\n)"
    r"((?:(?!\n\}\n).)*?)"  # inside the function: before its loop
    r"  for \(intptr_t i = 0; i < array_size; i\+\+\)\n  \{\n(.*?)\n  \}\n",
    re.S)


def ownership(name, body):
    written = re.search(r"\b%s\[i\]\s*(\+?=)" % name, body)
    read = re.search(r"\b%s\[i\](?!\s*=)" % name, body) or \
        (written and written.group(1) == "+=")
    if written and read:
        return "borrow_mut"
    return "out" if written else "borrow"


def kernel_for(function, body):
    """The kernel that runs the loop of FUNCTION, and the call."""
    arrays = [n for n in "abc" if re.search(r"\b%s\[i\]" % n, body)]
    scalars = sorted(set(re.findall(r"\b(scalar|init[ABC])\b", body)))
    params = ["intptr_t array_size"] + ["T %s" % s for s in scalars]
    for name in arrays:
        own = ownership(name, body)
        const = "const " if own == "borrow" else ""
        params.append("[[ferry::%s(array_size)]] %sT *%s" % (own, const, name))
    reduction = "sum +=" in body
    text = ("template <class T>\n[[ferry::kernel]] %s babel_%s(%s)\n{\n"
            % ("T" if reduction else "void", function, ", ".join(params)))
    if reduction:
        text += "  T sum{};\n"
    text += ("  #pragma omp parallel for%s\n"
             "  for (intptr_t i = 0; i < array_size; i++)\n  {\n%s\n  }\n"
             % (" reduction(+:sum)" if reduction else "", body))
    if reduction:
        text += "  return sum;\n"
    text += "}\n\n"
    arguments = ["this->array_size"] + scalars + \
        ["this->%s" % n for n in arrays]
    call = "  %sbabel_%s<T>(%s);\n" % ("sum = " if reduction else "", function,
                                      ", ".join(arguments))
    return text, call


def port(source):
    kernels = []

    def replace(match):
        head, function, before, body = match.groups()
        text, call = kernel_for(function, body)
        kernels.append(text)
        # What the loop's pragmas and the device's locals were: only the
        # scalars and the reduction's variable stay.
        kept = "\n".join(line for line in before.split("\n")
                         if re.match(r"\s*(const T scalar|T sum)", line))
        return head + (kept + "\n" if kept else "") + call

    ported = LOOP.sub(replace, source)
    ported = ported.replace('#include "OMPStream.h"\n',
                            '#include "OMPStream.h"\n#include <ferry/ferry.hpp>\n\n' +
                            "".join(kernels), 1)
    return ported


def main():
    app, out, ferry_gxx, model = start_port(__doc__, "src")
    path = os.path.join(model, "omp", "OMPStream.cpp")
    with open(path) as f:
        source = f.read()
    ported = port(source)
    if ported.count("babel_") < 14:
        sys.exit("babelstream_port.py: the loops of OMPStream.cpp were not "
                 "all found; the model has changed")
    with open(path, "w") as f:
        f.write(ported)
    common = ["-std=c++17", "-O3", "-DOMP", "-I" + model,
              "-I" + os.path.join(model, "omp"),
              os.path.join(model, "main.cpp"), path]
    subprocess.run([ferry_gxx] + common +
                   ["-o", os.path.join(out, "babelstream_ferry")], check=True)
    include = subprocess.run([ferry_gxx, "--showme"], capture_output=True,
                             text=True, check=True).stdout.split()
    include = [w for w in include if w.startswith("-I")][:1]
    subprocess.run(["g++", "-fopenmp"] + include + common +
                   ["-o", os.path.join(out, "babelstream_serial")], check=True)
    nvcc = find_nvcc("babelstream_port.py")
    # BabelStream's CUDA model includes nvml.h, which not every toolkit
    # installs.
    if nvcc and subprocess.run(
            [nvcc, "-std=c++17", "-O3", "-arch=sm_90", "-DCUDA",
             "--extended-lambda", "-I" + model,
             "-I" + os.path.join(model, "cuda"), "-x", "cu",
             os.path.join(model, "main.cpp"),
             os.path.join(model, "cuda", "CUDAStream.cu"), "-lnvidia-ml",
             "-o", os.path.join(out, "babelstream_cuda")]).returncode != 0:
        print("babelstream_port.py: BabelStream's CUDA model did not build "
              "(see above); the ported model did", file=sys.stderr)


if __name__ == "__main__":
    main()
