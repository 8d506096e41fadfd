"""The hardest-puzzle rating against Sudoku Explainer's on rated lists read from a path.

``bench_grading.py`` measures the grade on the lists the repository ships. This script takes
any list of rated puzzles that cannot be shipped (a forum's list, a file of another project)
and reports, per list, Spearman's rho (ties averaged: pandas' ``rank`` then ``corr``) between
the list's rating and each number of :func:`sudoku_cp.grade` (``rating``, ``score``,
``hardest``, ``effort``), the median of ``rating`` minus the list's rating, how our ratings
spread, and grade's median CPU seconds. No part of the grade is fitted here (the one
fitted choice of the rating was made on the odd half of the forum list, see ``NOTES``).

A list is one of:

- lines ``<puzzle> <rating>`` (81 characters, ``0`` or ``.`` a blank; whitespace between);
- the Players' Forum "hardest" database format: a header ``#!sudoku -c1,PuzzleR,Label,
  Poster,q1,q2,ER,EP,ED,...`` naming comma-separated columns, then one puzzle a line;
  ``--column`` picks the rating (default ``ER``, Sudoku Explainer's rating), and lines
  where it is empty are left out. ``HardestDatabase110626.txt`` (375 puzzles, 269 with an
  ER; compiled from the forum thread "The hardest sudokus (new thread)",
  forum.enjoysudoku.com, t6539) is in this format; a copy is in hodoku-py's
  ``tests/testdata`` (github.com/alexdej/hodoku-py). No licence allows shipping it: read
  it from a path.

A rule fitted on one half of a list is measured on the other, held out: the columns
"rho (rating), odd half" and "even half" measure the 1st, 3rd, 5th... and the 2nd, 4th...
rated puzzles of a list (in its order) apart, and ``--half odd`` (``even``) keeps only those.

Usage::

    python benchmarks/bench_rating_lists.py PATH [PATH ...] [--jobs 2] [--half odd|even] [--write]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, spearman, write_if_asked  # noqa: E402

import sudoku_cp  # noqa: E402  (after _common: this checkout's package)


def read_rated(path: Path, column: str = "ER") -> list[tuple[str, float]]:
    """``(puzzle, rating)`` per rated line of ``path`` (either format of the module's doc).

    Raises:
        ValueError: a line that is neither format, or a header without ``column``.
    """
    rows: list[tuple[str, float]] = []
    lines = path.read_text().splitlines()
    header = next((i for i, line in enumerate(lines) if line.startswith("#!sudoku")), None)
    index = None
    if header is not None:  # the forum's format: what comes before its header is a title
        # "#!sudoku -c1,PuzzleR,Label,...": an option, then the columns' names
        names = [name for name in lines[header].split(None, 1)[-1].split(",") if not name.startswith("-")]
        if column not in names:
            raise ValueError(f"{path}:{header + 1}: no column {column!r} in the header {names}")
        index = names.index(column)
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#") or (header is not None and number <= header + 1):
            continue
        fields = line.split(",") if index is not None else line.split()
        if index is None and len(fields) != 2:
            raise ValueError(f"{path}:{number}: expected '<puzzle> <rating>', got {line[:40]!r}")
        value = fields[index if index is not None else 1]
        if value:
            rows.append((fields[0].replace("0", "."), float(value)))
    return rows


def half_of(rated: list[tuple[str, float]], half: str | None) -> list[tuple[str, float]]:
    """The rated puzzles in odd (1st, 3rd...) or even (2nd, 4th...) positions of ``rated``,
    or all of them for ``None``.

    >>> half_of([("a", 1.0), ("b", 2.0), ("c", 3.0)], "odd")
    [('a', 1.0), ('c', 3.0)]
    """
    if half is None:
        return rated
    return rated[0 if half == "odd" else 1 :: 2]


def graded(puzzle: str) -> dict[str, float]:
    """grade's numbers for one puzzle and its CPU seconds (in the worker process)."""
    start = time.process_time()
    result = sudoku_cp.grade(puzzle)
    return {
        "rating": result.rating,
        "score": result.score,
        "hardest": result.hardest,
        "effort": result.effort,
        "cpu": time.process_time() - start,
    }


def measure(name: str, rated: list[tuple[str, float]], jobs: int) -> dict[str, object]:
    """One list's row of the report (every puzzle graded once, ``jobs`` at a time)."""
    puzzles = list(dict.fromkeys(p for p, _ in rated))
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        ours = dict(zip(puzzles, pool.map(graded, puzzles), strict=True))
    theirs = [v for _, v in rated]
    row: dict[str, object] = {"list": name, "n": len(rated)}
    for key in ("rating", "score", "hardest", "effort"):
        row[f"rho ({key})"] = spearman([ours[p][key] for p, _ in rated], theirs)
    if len(rated) > 3:  # each half (odd, even positions), as --half keeps them
        for half in ("odd", "even"):
            part = half_of(rated, half)
            row[f"rho (rating), {half} half"] = spearman(
                [ours[p]["rating"] for p, _ in part], [v for _, v in part]
            )
    row["median (our rating - theirs)"] = statistics.median(ours[p]["rating"] - v for p, v in rated)
    row["their range"] = f"{min(theirs):.1f} to {max(theirs):.1f}"
    ratings = [ours[p]["rating"] for p, _ in rated]
    row["our range"] = f"{min(ratings):.1f} to {max(ratings):.1f}"
    row["distinct ratings (ours, theirs)"] = f"{len(set(ratings))}, {len(set(theirs))}"
    row["grade median CPU s"] = statistics.median(ours[p]["cpu"] for p in puzzles)
    return row


def main() -> None:
    import pandas

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lists", nargs="+", type=Path, help="rated lists (see the module's doc)")
    parser.add_argument("--column", default="ER", help="the rating's column in the forum format")
    parser.add_argument("--jobs", type=int, default=2, help="puzzles graded at a time")
    parser.add_argument(
        "--half",
        choices=("odd", "even"),
        help="keep the rated puzzles in odd (1st, 3rd...) or even positions of each list only",
    )
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        print(machine())
        frame = pandas.DataFrame(
            [
                measure(
                    path.name + (f" ({args.half} half)" if args.half else ""),
                    half_of(read_rated(path, args.column), args.half),
                    args.jobs,
                )
                for path in args.lists
            ]
        )
        print(frame.to_string(index=False))
    write_if_asked(
        args,
        log,
        "The hardest-puzzle rating against rated lists read from a path",
        ", ".join(f"{path.name} (read from {path})" for path in args.lists),
        [frame],
        NOTES,
    )


NOTES = """The rating's one fitted choice, how the nested nets of its path are rated together
(`sudoku_cp.reasoning.grading.se_nested_rating`), was made on the odd half of
HardestDatabase110626.txt (its 1st, 3rd, 5th... rated puzzles); the even half is held out,
and se_diabolical_9plus_heldout.txt too (no fit there)."""


if __name__ == "__main__":
    main()
