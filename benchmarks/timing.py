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


def alternate(runs, first, second):
    """Runs `first` and `second` once each as a warm-up, then `runs` rounds of one of each in alternation (so a
    change in the machine's load falls on both); the median of each, in seconds."""
    first()
    second()
    firsts, seconds = [], []
    for _ in range(runs):
        start = time.perf_counter()
        first()
        firsts.append(time.perf_counter() - start)
        start = time.perf_counter()
        second()
        seconds.append(time.perf_counter() - start)
    median = lambda samples: sorted(samples)[len(samples) // 2]
    return median(firsts), median(seconds)


def tool_run(name, words, cwd, accepted=(0,)):
    """A body for `measure` or `alternate`: the tool run with `words` in `cwd`, output discarded; exits naming
    `name` when the tool's status is not one of `accepted`."""
    import subprocess
    import sys

    def body():
        done = subprocess.run(words, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode not in accepted:
            sys.exit(f"{name}: {' '.join(words[1:])} failed: {done.stderr.decode()}")
    return body
