#!/usr/bin/env python3
"""Summarises a benchmark CSV (bench/suite/run.sh): a Markdown table of
every kernel and variant with the ratios doc/performance.md discusses, and,
with --plot FILE, a PNG of the ratios (needs python3-matplotlib).

  summary.py bench/results/h200.csv [--plot doc/performance.png]
"""
import argparse
import csv
import math
from collections import defaultdict

VARIANTS = ["ferry", "ferry-omp", "ferry-naive", "omp", "cuda"]


def load(path):
    table = defaultdict(dict)
    with open(path) as f:
        for row in csv.DictReader(f):
            table[row["kernel"]][row["variant"]] = row
    return table


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def ratio(table, kernel, a, b, column):
    return float(table[kernel][a][column]) / float(table[kernel][b][column])


def markdown(table):
    lines = ["| kernel | ferry ms | ferry-omp ms | ferry-naive ms | omp ms | "
             "cuda ms | ferry/cuda | ferry-omp/cuda | omp/cuda | naive/ferry "
             "| ferry/cuda total |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    columns = defaultdict(list)
    for kernel in table:
        ms = [float(table[kernel][v]["kernel_ms"]) for v in VARIANTS]
        r = {"f/c": ratio(table, kernel, "ferry", "cuda", "kernel_ms"),
             "fo/c": ratio(table, kernel, "ferry-omp", "cuda", "kernel_ms"),
             "o/c": ratio(table, kernel, "omp", "cuda", "kernel_ms"),
             "n/f": ratio(table, kernel, "ferry-naive", "ferry", "kernel_ms"),
             "t": ratio(table, kernel, "ferry", "cuda", "total_ms")}
        for key, value in r.items():
            columns[key].append(value)
        lines.append("| %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.2f | %.0f | "
                     "%.0f | %.0f | %.2f |" % ((kernel,) + tuple(ms) + (
                         r["f/c"], r["fo/c"], r["o/c"], r["n/f"], r["t"])))
    lines.append("| **geometric mean** | | | | | | **%.2f** | **%.0f** | "
                 "**%.0f** | **%.0f** | **%.2f** |" % (
                     geomean(columns["f/c"]), geomean(columns["fo/c"]),
                     geomean(columns["o/c"]), geomean(columns["n/f"]),
                     geomean(columns["t"])))
    return "\n".join(lines)


def plot(table, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    kernels = list(table)
    series = [("ferry / cuda", "ferry", "cuda"),
              ("ferry-omp / cuda", "ferry-omp", "cuda"),
              ("omp / cuda", "omp", "cuda"),
              ("ferry-naive / ferry", "ferry-naive", "ferry")]
    fig, ax = plt.subplots(figsize=(12, 5))
    width = 0.2
    for n, (label, a, b) in enumerate(series):
        values = [ratio(table, k, a, b, "kernel_ms") for k in kernels]
        ax.bar([i + (n - 1.5) * width for i in range(len(kernels))], values,
               width, label=label)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels([k.split("_", 1)[1] for k in kernels], rotation=70,
                       fontsize=8)
    ax.set_ylabel("ratio of kernel time per repetition (log)")
    ax.set_title("ferry on an H200: kernel time per repetition, ratios")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv")
    parser.add_argument("--plot")
    args = parser.parse_args()
    table = load(args.csv)
    print(markdown(table))
    if args.plot:
        plot(table, args.plot)


if __name__ == "__main__":
    main()
