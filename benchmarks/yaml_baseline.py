#!/usr/bin/env python3
"""PyYAML's C loader (yaml.CSafeLoader) on the same declarations files, timed like `mc-style-bench yaml`:
read + parse, a warm-up, then N runs, median/min/max. It builds the tree only; it validates nothing."""
import sys

import yaml
from timing import measure


def main(argv):
    runs = 15
    if argv[:1] == ["--runs"]:
        runs = int(argv[1])
        argv = argv[2:]
    print("file\toperation\tbytes\tmedian_ms\tmin_ms\tmax_ms\tMB/s")
    for path in argv:
        def body():
            with open(path, "rb") as handle:
                return yaml.load(handle, Loader=yaml.CSafeLoader)
        median, low, high = measure(runs, body)
        size = len(open(path, "rb").read())
        name = path.rsplit("/", 1)[-1]
        print(f"{name}\tyaml.load(CSafeLoader)\t{size}\t{median * 1e3:.2f}\t{low * 1e3:.2f}\t{high * 1e3:.2f}\t{round(size / median / 1e6)}")


if __name__ == "__main__":
    main(sys.argv[1:])
