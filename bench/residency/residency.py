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
  residency.py summary CSV [SVG]
      the table of doc/performance.md from such a CSV (means over the
      repeats; bytes without the warm-up), and a bar chart of each
      version's time over CUDA's.

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


DEFAULT_SIZE = {"RESIDENCY_N": str(1 << 22), "RESIDENCY_STEPS": "100",
                "RESIDENCY_EVERY": "10"}
VERSIONS = ("ferry", "naive", "openmp", "cuda")


def mebibytes(count):
    return "%.1f" % (count / 2**20) if count >= 2**20 else "%.2f" % (
        count / 2**20)


def summary(csv_path, svg_path):
    import csv
    times, moved = {}, {}
    with open(csv_path) as f:
        for row in csv.DictReader(f):
            key = (row["program"], row["version"])
            times.setdefault(key, []).append(float(row["seconds"]))
            if row["h2d_bytes"]:
                moved[key] = (int(row["h2d_bytes"]) - 128,
                              int(row["d2h_bytes"]) - 256)
    print("| program | ferry MiB up / down | OpenMP target data MiB up / "
          "down | ferry s | OpenMP s | CUDA s | naive s | ferry/CUDA | "
          "naive/ferry |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for name, markers in programs():
        mean = {v: sum(times[(name, v)]) / len(times[(name, v)])
                for v in VERSIONS if (name, v) in times}
        up, down = moved.get((name, "ferry"), (0, 0))
        openmp = expected((markers.get("openmp") or markers["bytes"])[0],
                          DEFAULT_SIZE)
        print("| %s | %s / %s | %s / %s | %.3f | %.3f | %.3f | %.3f | %.2f | "
              "%.1f |" % (name, mebibytes(up), mebibytes(down),
                          mebibytes(openmp["h2d_bytes"]),
                          mebibytes(openmp["d2h_bytes"]), mean["ferry"],
                          mean["openmp"], mean["cuda"], mean["naive"],
                          mean["ferry"] / mean["cuda"],
                          mean["naive"] / mean["ferry"]))
        ratios.append((name, [mean[v] / mean["cuda"] for v in VERSIONS[:3]]))
    if svg_path:
        write_svg(ratios, svg_path)


def write_svg(ratios, path):
    """Horizontal bars, one group per program, on a log scale of the time
    over CUDA's (1 = CUDA's time)."""
    import math
    colours = {"ferry": "#1b7837", "naive": "#b2182b", "openmp": "#2166ac"}
    left, width, bar, gap = 130, 520, 9, 12
    top = 40
    height = top + len(ratios) * (3 * bar + gap) + 40
    lowest, highest = math.log10(0.5), math.log10(100)

    def x(ratio):
        clamped = min(max(math.log10(ratio), lowest), highest)
        return left + (clamped - lowest) / (highest - lowest) * width

    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'font-family="sans-serif" font-size="11">' % (left + width + 20,
                                                         height),
             '<text x="%d" y="16" font-size="13">Residency benchmark on an '
             'H200: time over CUDA\'s (log scale)</text>' % left]
    for tick in (0.5, 1, 2, 5, 10, 20, 50, 100):
        parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ccc"/>'
                     '<text x="%.1f" y="%d" text-anchor="middle">%g</text>' %
                     (x(tick), top - 6, x(tick), height - 30, x(tick),
                      height - 16, tick))
    y = top
    for name, values in ratios:
        parts.append('<text x="%d" y="%d" text-anchor="end">%s</text>' %
                     (left - 6, y + 2 * bar, name))
        for version, ratio in zip(VERSIONS, values):
            parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" '
                         'fill="%s"><title>%s %.2f</title></rect>' %
                         (left, y, x(ratio) - left, bar - 1,
                          colours[version], version, ratio))
            y += bar
        y += gap
    for i, version in enumerate(VERSIONS[:3]):
        parts.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                     '<text x="%d" y="%d">%s</text>' %
                     (left + 120 * i + 200, 22, colours[version],
                      left + 120 * i + 214, 31, version))
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


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
    elif len(argv) in (3, 4) and argv[1] == "summary":
        summary(argv[2], argv[3] if len(argv) == 4 else None)
    elif len(argv) in (3, 4) and argv[1] == "run":
        run(os.path.abspath(argv[2]), argv[3] if len(argv) == 4 else None)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
