#!/usr/bin/env python3
"""Writes a declarations file with N generated URL-template sources (every third with bounds, attribution
and a visible zoom range), for the benchmarks. Usage: generate_declarations.py N BASE_STYLE OUT.yaml"""
import sys


def main(count, base, out):
    lines = ["version: 1", "target: tomtom", f"base: {base}", "defaults: { tileSize: 256, opacity: 1.0 }", "sources:"]
    for index in range(count):
        lines.append(f"  - id: generated-{index:05d}")
        lines.append(f"    urlTemplate: https://tiles{index % 4}.example.com/layer-{index}/{{z}}/{{x}}/{{y}}.png")
        lines.append(f"    minZoom: {index % 5}")
        lines.append(f"    maxZoom: {16 + index % 6}")
        lines.append(f"    opacity: {0.3 + (index % 7) / 10:.1f}")
        lines.append(f"    zIndex: {index % 11}")
        if index % 3 == 0:
            west = -170 + index % 300
            lines.append(f"    bounds: [{west}, -40.5, {west + 20}, 55.25]")
            lines.append(f"    attribution: [{{ text: \"Generated {index}\", minZoom: 3 }}]")
            lines.append("    visibleZoom: [4, 18]")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3])
