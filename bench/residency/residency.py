#!/usr/bin/env python3
"""The residency benchmark (README.md here): build, check, run.

  residency.py build DIR [--offload] [--cuda]
      builds every program's ferry and OpenMP versions into DIR (the
      OpenMP ones for the nvptx device with --offload, else for the host
      only), and the CUDA ones with --cuda (needs nvcc).
  residency.py check DIR
      on the sim device, at a small size: ferry must move exactly the bytes
      its `residency-bytes` marker states, and every run (ferry on the host
      and the sim device, naive, the OpenMP build) must give the same
      checksum.  The test suite's bench group runs build and check.
  residency.py run DIR [CSV]
      on the GPU: each version REPEATS times (default 3) at the default
      size; writes program,version,n,steps,seconds,checksum,h2d,d2h lines.

A program P is P_ferry.cc, P_openmp.cc and P_cuda.cu, whose markers in
P_ferry.cc say what else to link:
  // residency-bytes: h2d=EXPR d2h=EXPR    what ferry moves (n, steps, every)
  // residency-openmp: h2d=EXPR d2h=EXPR   what the OpenMP version moves,
                                           where it differs, and
  // residency-why: TEXT                   why
  // residency-with: FILE                  compiled with each version
  // residency-plain: FILE                 compiled by plain g++
Compilers come from FERRY_GXX (ferry-g++), CXX (g++) and NVCC.
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK_SIZE = {"RESIDENCY_N": "16384", "RESIDENCY_STEPS": "10",
              "RESIDENCY_EVERY": "5"}
OFFLOAD = ["-foffload=nvptx-none", "-foffload-options=nvptx-none=-misa=sm_80"]


def programs():
    """(name, markers) for every program, in order."""
    found = []
    for name in sorted(os.listdir(HERE)):
        if not name.endswith("_ferry.cc"):
            continue
        markers = {}
        with open(os.path.join(HERE, name)) as source:
            for line in source:
                match = re.match(r"// residency-([a-z]+): (.*)$", line.strip())
                if match:
                    markers.setdefault(match.group(1), []).append(
                        match.group(2))
        found.append((name[:-len("_ferry.cc")], markers))
    return found


def compile_to(command, log):
    result = subprocess.run(command, cwd=HERE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True)
    log.write(" ".join(command) + "\n" + result.stdout)
    if result.returncode != 0:
        sys.exit("residency.py: failed: %s\n%s" % (" ".join(command),
                                                  result.stdout))


def build(directory, offload, cuda):
    os.makedirs(directory, exist_ok=True)
    ferry_gxx = os.environ.get("FERRY_GXX", "ferry-g++")
    cxx = os.environ.get("CXX", "g++")
    nvcc = os.environ.get("NVCC", shutil.which("nvcc") or
                          "/usr/local/cuda/bin/nvcc")
    with open(os.path.join(directory, "build.log"), "w") as log:
        for name, markers in programs():
            plain = []
            for source in markers.get("plain", []):
                plain.append(os.path.join(directory, source + ".o"))
                compile_to([cxx, "-O2", "-c", "-o", plain[-1], source], log)
            extra = markers.get("with", [])
            out = os.path.join(directory, name)
            compile_to([ferry_gxx, "-O3", "-o", out + "_ferry",
                        name + "_ferry.cc"] + extra + plain, log)
            compile_to([cxx, "-O3", "-fopenmp"] +
                       (OFFLOAD if offload else ["-foffload=disable"]) +
                       ["-o", out + "_openmp", name + "_openmp.cc"] + extra +
                       plain, log)
            if cuda:
                compile_to([nvcc, "-O3", "-arch=sm_90", "-Xcompiler",
                            "-fopenmp", "-o", out + "_cuda", name + "_cuda.cu"]
                           + extra + plain, log)


def execute(binary, extra):
    env = dict(os.environ, **extra)
    result = subprocess.run([binary], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True,
                            env=env, cwd=os.path.dirname(binary), timeout=600)
    return result.returncode, result.stdout, result.stderr


def stats(stderr):
    match = re.search(r"^ferry-stats (.*)$", stderr, re.M)
    if not match:
        return {}
    return {k: int(v) for k, v in
            (item.split("=") for item in match.group(1).split())}


def expected(expression, size):
    n, steps, every = (int(size[k]) for k in
                       ("RESIDENCY_N", "RESIDENCY_STEPS", "RESIDENCY_EVERY"))
    fields = dict(item.split("=", 1) for item in expression.split())
    return {key + "_bytes": eval(value, {}, {"n": n, "steps": steps,
                                              "every": every})
            for key, value in fields.items()}


def check(directory):
    """Returns a list of problems."""
    problems = []
    # The warm-up launches (ferry_kernels.hpp) move 16 doubles up and two
    # times 16 down: the second launch finds its input unchanged.
    warm_up = {"h2d_bytes": 128, "d2h_bytes": 256}
    for name, markers in programs():
        binary = os.path.join(directory, name)
        checksums = {}
        runs = [("ferry sim", binary + "_ferry",
                 {"FERRY_DEVICE": "sim", "FERRY_STATS": "1"}),
                ("ferry host", binary + "_ferry", {"FERRY_DEVICE": "host"}),
                ("naive sim", binary + "_ferry",
                 {"FERRY_DEVICE": "sim", "FERRY_RESIDENCY": "0"}),
                ("openmp", binary + "_openmp", {})]
        for label, path, extra in runs:
            code, out, err = execute(path, dict(CHECK_SIZE, **extra))
            if code != 0 or not out.strip():
                problems.append("%s %s: exit %d\n%s" % (name, label, code, err))
                continue
            checksums[label] = out.strip().split(",")[-1]
            if label != "ferry sim":
                continue
            moved = stats(err)
            want = expected(markers["bytes"][0], CHECK_SIZE)
            for key, value in want.items():
                got = moved.get(key, -1) - warm_up[key]
                if got != value:
                    problems.append("%s: ferry moved %s=%s, expected %d" %
                                    (name, key, got, value))
        if len(set(checksums.values())) > 1:
            problems.append("%s: checksums differ: %s" % (name, checksums))
    return problems


def run(directory, csv_path):
    repeats = int(os.environ.get("REPEATS", "3"))
    lines = ["program,version,n,steps,seconds,checksum,h2d_bytes,d2h_bytes"]
    versions = [("ferry", "_ferry", {"FERRY_STATS": "1"}),
                ("naive", "_ferry", {"FERRY_STATS": "1",
                                     "FERRY_RESIDENCY": "0"}),
                ("openmp", "_openmp", {}), ("cuda", "_cuda", {})]
    for name, _ in programs():
        for _ in range(repeats):
            for version, suffix, extra in versions:
                path = os.path.join(directory, name + suffix)
                if not os.path.exists(path):
                    continue
                code, out, err = execute(path, extra)
                if code != 0:
                    print("%s %s: exit %d\n%s" % (name, version, code, err),
                          file=sys.stderr)
                    continue
                moved = stats(err)
                line = "%s,%s,%s" % (out.strip(), moved.get("h2d_bytes", ""),
                                     moved.get("d2h_bytes", ""))
                print(line, flush=True)
                lines.append(line)
    if csv_path:
        with open(csv_path, "w") as f:
            f.write("\n".join(lines) + "\n")


def main(argv):
    if len(argv) >= 3 and argv[1] == "build":
        build(os.path.abspath(argv[2]), "--offload" in argv, "--cuda" in argv)
    elif len(argv) == 3 and argv[1] == "check":
        problems = check(os.path.abspath(argv[2]))
        for problem in problems:
            print(problem)
        print("residency: %d programs, %s" %
              (len(programs()), "%d problems" % len(problems) if problems
               else "bytes and checksums as expected"))
        return 1 if problems else 0
    elif len(argv) in (3, 4) and argv[1] == "run":
        run(os.path.abspath(argv[2]), argv[3] if len(argv) == 4 else None)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
