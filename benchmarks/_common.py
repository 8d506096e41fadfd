"""Timing and report helpers shared by the benchmark scripts (not part of the package).

Every script takes ``--write [PATH]`` (:func:`add_write_option`): it then writes its
results as a Markdown file (default ``docs/benchmarks/<script>.md``) with
:func:`write_markdown_report`, which puts the command, the date, the machine (cores,
Python) and the data sets at the top. No figure in ``docs/`` is typed by hand.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import math
import os
import platform
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path and not os.environ.get("SUDOKU_CP_BASELINE"):
    # the package of this checkout, not another one the environment installed in editable
    # mode (a git worktree's benchmarks otherwise time the main checkout's code); not in a
    # ``--baseline`` child, which times the package its PYTHONPATH names
    sys.path.insert(1, str(ROOT))
REPORT_DIR = ROOT / "docs" / "benchmarks"

#: Every :func:`summary_ms` line of this run, as a row (label, n, median, mean, max in ms);
#: :func:`summary_frame` turns them into a table for :func:`write_markdown_report`.
SUMMARIES: list[dict[str, object]] = []


def time_each(function: Callable[[object], object], items: Iterable[object]) -> list[float]:
    """Call ``function`` on each item; return the wall seconds of each call."""
    seconds = []
    for item in items:
        start = time.perf_counter()
        function(item)
        seconds.append(time.perf_counter() - start)
    return seconds


def summary_ms(label: str, seconds: list[float]) -> str:
    """One line: label, count, median, mean and max in milliseconds (also kept in SUMMARIES)."""
    ms = [s * 1000 for s in seconds]
    SUMMARIES.append(
        {
            "measure": label,
            "n": len(ms),
            "median ms": statistics.median(ms),
            "mean ms": statistics.fmean(ms),
            "max ms": max(ms),
        }
    )
    return (
        f"{label:<40} n={len(ms):<5} median={statistics.median(ms):9.2f} ms  "
        f"mean={statistics.fmean(ms):9.2f} ms  max={max(ms):9.2f} ms"
    )


def summary_frame() -> pandas.DataFrame:
    """The :func:`summary_ms` lines of this run as a DataFrame (one row per line)."""
    import pandas

    return pandas.DataFrame(SUMMARIES, columns=["measure", "n", "median ms", "mean ms", "max ms"])


def machine() -> str:
    """A line naming the machine and Python, printed at the top of every benchmark."""
    return f"# {platform.node()} {platform.machine()} Python {platform.python_version()}"


def machine_description() -> str:
    """The machine for a report: cores, load average, CPU architecture, OS and Python."""
    load = f", load average {os.getloadavg()[0]:.2f} at the end" if hasattr(os, "getloadavg") else ""
    return (
        f"{os.cpu_count()} cores{load}, {platform.machine()}, {platform.system()} {platform.release()}, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def command_line(argv: Sequence[str] | None = None) -> str:
    """The command that ran this script, as typed from the repository root."""
    argv = list(sys.argv if argv is None else argv)
    script = Path(argv[0]).resolve()
    with contextlib.suppress(ValueError):
        argv[0] = str(script.relative_to(ROOT))
    return "python " + shlex.join(argv)


def add_write_option(parser: argparse.ArgumentParser, script: str) -> None:
    """Add ``--write [PATH]`` to a script's parser: PATH defaults to ``docs/benchmarks/<script>.md``."""
    default = REPORT_DIR / f"{Path(script).stem}.md"
    parser.add_argument(
        "--write",
        nargs="?",
        const=str(default),
        default=None,
        metavar="PATH",
        help=f"also write the results as Markdown to PATH (default {default.relative_to(ROOT)})",
    )


def markdown_table(frame: pandas.DataFrame, digits: int = 3) -> str:
    """A DataFrame as a Markdown table (its index dropped; floats to ``digits`` significant
    digits, no exponent; NaN as ``n/a``)."""

    def cell(value: object) -> str:
        if isinstance(value, float):
            if value != value:
                return "n/a"
            magnitude = math.floor(math.log10(abs(value))) if value else 0
            return f"{value:,.{max(0, digits - 1 - magnitude)}f}"
        return str(value).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(str(c) for c in frame.columns) + " |", "|" + "---|" * len(frame.columns)]
    for row in frame.itertuples(index=False):
        lines.append("| " + " | ".join(cell(v) for v in row) + " |")
    return "\n".join(lines)


def text_block(text: str) -> str:
    """Plain output (a script's printed lines) as a fenced Markdown block."""
    return "```text\n" + text.strip("\n") + "\n```"


def write_markdown_report(
    path: str | os.PathLike[str],
    title: str,
    command: str | None = None,
    tables: Sequence[pandas.DataFrame | str] = (),
    datasets: str = "",
    notes: str = "",
) -> Path:
    """Write a benchmark's results as a Markdown file; return its path.

    The file starts with ``# title``, then the command (``command_line()`` if None), the
    date (UTC), the machine (:func:`machine_description`) and the data sets (free text:
    names, samples, seeds), then ``notes``, then each table: a DataFrame is written as a
    Markdown table, a string as it is (Markdown: wrap plain output in :func:`text_block`).
    The file is written to a temporary file and renamed, so it is never left half-written.
    """
    import pandas

    path = Path(path)
    lines = [
        f"# {title}",
        "",
        "Written by the benchmark script; rerun the command to regenerate this file.",
        "",
        f"- command: `{command or command_line()}`",
        f"- date: {datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {machine_description()}",
    ]
    if datasets:
        lines.append(f"- data sets: {datasets}")
    lines.append("")
    if notes:
        lines += [notes.strip(), ""]
    for table in tables:
        lines += [markdown_table(table) if isinstance(table, pandas.DataFrame) else table.strip("\n"), ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False, suffix=".md") as f:
        f.write("\n".join(lines))
    os.replace(f.name, path)
    return path


class _Tee(io.TextIOBase):
    def __init__(self, stream: io.TextIOBase, log: io.StringIO) -> None:
        self.stream, self.log = stream, log

    def write(self, text: str) -> int:
        self.log.write(text)
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


@contextlib.contextmanager
def recording() -> Iterator[io.StringIO]:
    """Within the block, what is printed still goes to standard output and is also kept.

    ``with recording() as log: ...`` then ``text_block(log.getvalue())`` puts a script's
    printed lines in its report.
    """
    log = io.StringIO()
    stdout = sys.stdout
    sys.stdout = _Tee(stdout, log)
    try:
        yield log
    finally:
        sys.stdout = stdout


def write_if_asked(
    args: argparse.Namespace,
    log: io.StringIO,
    title: str,
    datasets: str,
    tables: Sequence[pandas.DataFrame | str] = (),
    notes: str = "",
) -> None:
    """The usual end of a script: if ``--write`` was given, write its report.

    The report holds ``tables``, then the :func:`summary_ms` lines as a table (if any),
    then everything the script printed (``log`` from :func:`recording`).
    """
    if not args.write:
        return
    parts: list[pandas.DataFrame | str] = list(tables)
    if SUMMARIES:
        parts += ["## Summary (every timed measure of the run)", summary_frame()]
    parts += ["## The script's output", text_block(log.getvalue())]
    path = write_markdown_report(args.write, title, tables=parts, datasets=datasets, notes=notes)
    print(f"wrote {path}", file=sys.stderr)


def datasets_text(names: Iterable[str], limit: int | None = None, sample: int | None = None) -> str:
    """The data sets of a run in words: names, and the first ``limit`` or a seed-0 ``sample``."""
    names = list(names)
    if not names:
        return ""
    text = ", ".join(names)
    if sample is not None:
        text += f" (a random sample of {sample} puzzles of each larger set, seed 0)"
    if limit is not None:
        text += f" (the first {limit} puzzles of each)"
    return text


def spearman(a: Iterable[float], b: Iterable[float]) -> float:
    """Spearman's rho of two equally long sequences of numbers: Pearson's correlation of their
    ranks (ties get their mean rank), as pandas computes it.

    >>> spearman([1, 2, 3], [10, 30, 20])
    0.5
    """
    import pandas

    return float(pandas.Series(list(a)).rank().corr(pandas.Series(list(b)).rank()))
