#!/usr/bin/env python3
"""Python's json.loads / json.dumps on the same files, timed the way mc-style-bench times its own parser and
writer: a warm-up, then N runs, median/min/max; parsed trees are kept until the end so that freeing the
previous tree is not part of a parse. Prints the same tab-separated columns as `mc-style-bench json`."""
import json
import sys

from timing import measure


def row(name, operation, size, timing):
    median, low, high = timing
    return f"{name}\t{operation}\t{size}\t{median * 1e3:.2f}\t{low * 1e3:.2f}\t{high * 1e3:.2f}\t{round(size / median / 1e6)}"


def main(argv):
    runs = 15
    if len(argv) > 1 and argv[0] == "--runs":
        runs = int(argv[1])
        argv = argv[2:]
    print("file\toperation\tbytes\tmedian_ms\tmin_ms\tmax_ms\tMB/s")
    for path in argv:
        with open(path, "rb") as handle:
            data = handle.read()
        name = path.rsplit("/", 1)[-1]
        kept = []
        print(row(name, "json.loads", len(data), measure(runs, lambda: kept.append(json.loads(data)))))
        tree = kept[0]
        kept.clear()
        compact = lambda: json.dumps(tree, ensure_ascii=False, separators=(",", ":")).encode()
        print(row(name, "json.dumps-compact", len(data), measure(runs, compact)))
        pretty = lambda: json.dumps(tree, ensure_ascii=False, indent=2).encode()
        print(row(name, "json.dumps-pretty", len(data), measure(runs, pretty)))


if __name__ == "__main__":
    main(sys.argv[1:])
