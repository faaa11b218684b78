#!/usr/bin/env python3
"""Compares the ferry and cuda variants of a benchmark CSV (run.sh) with
each other and with RAJAPerf's own CUDA figures for the same kernels
(a CSV of kernel,us,best_variant), and adds the path and geometry each
ferry loop took (the ferry-path lines of FERRY_STATS=1, if given).
Prints a Markdown table; with --svg FILE, draws ferry/cuda per kernel.
Each variant's best repetition time over the CSV's runs counts.

  rajaperf.py RUN.csv RAJAPERF.csv [--paths STATS.txt] [--svg FILE]
"""
import argparse
import csv
import math
import re
from collections import defaultdict


COLUMNS = ["kernel", "variant", "n", "reps", "kernel_ms", "total_ms",
           "checksum"]


def best_times(path):
    """Rows as run.sh writes them; header lines, if any, are skipped."""
    best = defaultdict(dict)
    with open(path) as f:
        for values in csv.reader(f):
            row = dict(zip(COLUMNS, values))
            if len(values) != len(COLUMNS) or row["kernel"] == "kernel":
                continue
            us = float(row["kernel_ms"]) * 1000
            kernel, variant = row["kernel"], row["variant"]
            best[kernel][variant] = min(us, best[kernel].get(variant, us))
    return best


def paths(path):
    """kernel function name -> "HOW" texts of its loops, in order (the
    entry's name may be shortened to "loop N")."""
    found = defaultdict(list)
    if path:
        for line in open(path):
            m = re.match(r"ferry-path (?:\w+::)?(\S+) (?:loop \d+|\S+) "
                         r"direct=(\d+)(?: \((.*?)\))? omp=(\d+)", line)
            if m:
                how = m.group(3) or ""
                if int(m.group(4)):
                    how = "OpenMP path"
                found[m.group(1)].append(how)
    return found


def described(loops):
    """One kernel's loops: "direct: HOW", "2 loops, direct: HOW" when they
    all ran the same way, else each loop's."""
    texts = ["OpenMP path" if h == "OpenMP path" else "direct: " + h
             for h in loops] or ["direct"]
    if len(set(texts)) == 1:
        return ("%d loops, " % len(texts) if len(texts) > 1 else "") + texts[0]
    return "; ".join(texts)


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def svg(rows, path):
    width, height, left, bottom = 900, 360, 60, 120
    top = 20
    plot_h = height - bottom - top
    step = (width - left - 20) / len(rows)
    top_ratio = max(1.6, max(r for _, r in rows) * 1.1)
    y = lambda v: top + plot_h * (1 - v / top_ratio)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height),
           '<text x="%d" y="14">ferry / RAJAPerf-faithful cuda, kernel time per '
           'repetition (H200)</text>' % left]
    for value, colour in ((1.0, "black"), (1.3, "#c00")):
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/>'
                   % (left, width - 20, y(value), y(value), colour))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%.1f</text>'
                   % (left - 4, y(value) + 4, value))
    for i, (kernel, ratio) in enumerate(rows):
        x = left + i * step + step * 0.15
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" '
                   'fill="%s"/>' % (x, y(ratio), step * 0.7, y(0) - y(ratio),
                                    "#c00" if ratio > 1.3 else "#4477aa"))
        label_x, label_y = x + step * 0.35, height - bottom + 8
        out.append('<text transform="translate(%.1f,%.1f) rotate(60)">%s'
                   '</text>' % (label_x, label_y, kernel))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("run")
    parser.add_argument("rajaperf")
    parser.add_argument("--paths")
    parser.add_argument("--svg")
    args = parser.parse_args()
    best = best_times(args.run)
    with open(args.rajaperf) as f:  # "#" lines say where the figures come from
        reference = {r["kernel"]: r for r in csv.DictReader(
            line for line in f if not line.startswith("#"))}
    how = paths(args.paths)
    print("| kernel | ferry µs | cuda µs | ferry/cuda | RAJAPerf CUDA µs | "
          "ferry/RAJAPerf | path and geometry |")
    print("|---|---:|---:|---:|---:|---:|---|")
    ratios, rows = [], []
    for kernel in sorted(best):
        ferry, cuda = best[kernel].get("ferry"), best[kernel].get("cuda")
        if ferry is None or cuda is None:
            continue
        ratios.append(ferry / cuda)
        rows.append((kernel.split("_", 1)[1], ferry / cuda))
        ref = reference.get(kernel)
        function = kernel.split("_", 1)[1].lower()
        print("| %s | %.1f | %.1f | %.2f | %s | %s | %s |" % (
            kernel, ferry, cuda, ferry / cuda,
            ref["us"] if ref else "",
            "%.2f" % (ferry / float(ref["us"])) if ref else "",
            described(how.get(function, []))))
    print("| **geometric mean** | | | **%.3f** | | | |" % geomean(ratios))
    if args.svg:
        svg(rows, args.svg)


if __name__ == "__main__":
    main()
