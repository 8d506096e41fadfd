"""Timing helpers shared by the benchmark scripts (not part of the package)."""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable, Iterable


def time_each(function: Callable[[object], object], items: Iterable[object]) -> list[float]:
    """Call ``function`` on each item; return the wall seconds of each call."""
    seconds = []
    for item in items:
        start = time.perf_counter()
        function(item)
        seconds.append(time.perf_counter() - start)
    return seconds


def summary_ms(label: str, seconds: list[float]) -> str:
    """One line: label, count, median, mean and max in milliseconds."""
    ms = [s * 1000 for s in seconds]
    return (
        f"{label:<40} n={len(ms):<5} median={statistics.median(ms):9.2f} ms  "
        f"mean={statistics.fmean(ms):9.2f} ms  max={max(ms):9.2f} ms"
    )


def machine() -> str:
    """A line naming the machine and Python, printed at the top of every benchmark."""
    return f"# {platform.node()} {platform.machine()} Python {platform.python_version()}"
