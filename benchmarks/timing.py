"""Timing shared by the Python baselines: a warm-up, then N runs; median, min and max in seconds."""
import time


def measure(runs, body):
    body()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        samples.append(time.perf_counter() - start)
    samples.sort()
    return samples[len(samples) // 2], samples[0], samples[-1]
