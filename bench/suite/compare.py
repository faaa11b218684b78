#!/usr/bin/env python3
"""Checks that every variant of each kernel in a benchmark CSV computed the
same checksum, within a relative tolerance (GPU code contracts a*b + c into
one FMA and sums reductions in another order).  A disagreement is a
failure.  Variants that ran a different number of repetitions (ferry-naive
with fewer) are compared only if the kernel's result does not depend on it.

  compare.py results.csv [--tolerance 1e-6]
"""
import argparse
import csv
import sys
from collections import defaultdict


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv")
    parser.add_argument("--tolerance", type=float, default=1e-6)
    args = parser.parse_args()
    by_kernel = defaultdict(list)
    with open(args.csv) as f:
        for row in csv.DictReader(f):
            by_kernel[row["kernel"]].append(row)
    problems = 0
    for kernel, rows in by_kernel.items():
        groups = defaultdict(list)
        for row in rows:
            groups[(row["n"], row["reps"])].append(row)
        for (n, reps), group in groups.items():
            reference = float(group[0]["checksum"])
            for row in group[1:]:
                value = float(row["checksum"])
                scale = max(abs(reference), abs(value), 1e-300)
                if abs(value - reference) > args.tolerance * scale:
                    problems += 1
                    print("compare.py: %s: %s checksum %s differs from %s's %s"
                          % (kernel, row["variant"], row["checksum"],
                             group[0]["variant"], group[0]["checksum"]))
    kernels = len(by_kernel)
    print("compare.py: %d kernels, %d disagreements" % (kernels, problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
