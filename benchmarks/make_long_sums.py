"""Make the long-sum benchmark set: 9x9 arrow puzzles whose circles are two-cell pills
(the circle read as ``10·a + b``), or with ``--pill 3`` three-cell pills (``100·a + 10·b +
c``, ISS's 3-digit pill arrows), fed by long arrows, each with one solution.

For each seed: take the solution of a bundled ``gen_arrow`` puzzle, place pills (two
orthogonal neighbours whose number is 10..60; three in a row or column reading 100..160)
and grow from each a random path of touching, unused cells until the digits on it add up
to the pill's number (at least ``--min-length`` cells; a walk that overshoots is dropped),
then add givens of the solution in a seeded random order until CP-SAT finds exactly one
solution. The set is written as JSON records (``Puzzle.from_dict``) with their
``solution``; made by this script, so the package's licence applies. It stands in for the
two published long-arrow puzzles of issue 31 (not in the corpus of real links; see
docs/benchmarks/bench_long_sums.md).

Usage::

    python benchmarks/make_long_sums.py --seeds 0-4 --arrows 7 --min-length 5 > a.json
    python benchmarks/make_long_sums.py --pill 3 --seeds 0-5 --arrows 3 --min-length 12 \
        > benchmarks/data/long_sums_3.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _common  # noqa: E402, F401  (this checkout's package first on the path)

import sudoku_cp  # noqa: E402
from sudoku_cp import Puzzle, datasets  # noqa: E402


def make(seed: int, arrows_wanted: int, min_length: int, pill: int = 2) -> dict:
    """One puzzle record (see the module docstring)."""
    rng = random.Random(seed)
    sol = sudoku_cp.solve(datasets.load("gen_arrow")[seed % 5], backend="cpsat").cells
    n = 9
    used: set[tuple[int, int]] = set()
    arrows = []
    for _ in range(5000):
        if len(arrows) >= arrows_wanted:
            break
        r, c = rng.randrange(n), rng.randrange(n)
        dr, dc = rng.choice([(0, 1), (1, 0)])
        circle = [(r + k * dr, c + k * dc) for k in range(pill)]
        if any(a >= n or b >= n or (a, b) in used for a, b in circle):
            continue
        value = int("".join(str(sol[a * n + b]) for a, b in circle))
        if not (10 <= value <= 60 if pill == 2 else 100 <= value <= 160):
            continue
        cur = rng.choice(circle)
        taken = used | set(circle)
        path: list[tuple[int, int]] = []
        total = 0
        for _ in range(12 if pill == 2 else 40):
            options = [(cur[0] + a, cur[1] + b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
            options = [
                o for o in options if 0 <= o[0] < n and 0 <= o[1] < n and o not in taken and o not in path
            ]
            rng.shuffle(options)
            options = [o for o in options if total + sol[o[0] * n + o[1]] <= value]
            if not options:
                break
            cur = options[0]
            path.append(cur)
            total += sol[cur[0] * n + cur[1]]
            if total == value:
                break
        if total == value and len(path) >= min_length:
            arrows.append({"circle": [list(p) for p in circle], "arrow": [list(p) for p in path]})
            used |= {*circle, *path}
    givens = [0] * 81
    record: dict = {"grid": "." * 81, "rules": {"arrows": arrows}}
    order = list(range(81))
    rng.shuffle(order)
    for cell in order:
        if sudoku_cp.count_solutions(Puzzle.from_dict(record), backend="cpsat", limit=2) == 1:
            break
        givens[cell] = sol[cell]
        record["grid"] = "".join(str(v) if v else "." for v in givens)
    record["solution"] = "".join(map(str, sol))
    record["title"] = (
        f"long sums {seed} ({len(arrows)} pill arrows)" if pill == 2 else f"3-pills {seed} ({len(arrows)})"
    )
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0-4", help="a range FIRST-LAST of seeds (default 0-4)")
    parser.add_argument("--arrows", type=int, default=7, help="pill arrows wanted per puzzle (default 7)")
    parser.add_argument("--min-length", type=int, default=5, help="the fewest cells of an arrow (default 5)")
    parser.add_argument("--pill", type=int, choices=(2, 3), default=2, help="cells of a pill (default 2)")
    args = parser.parse_args()
    first, last = map(int, args.seeds.split("-"))
    records = [make(seed, args.arrows, args.min_length, args.pill) for seed in range(first, last + 1)]
    json.dump(records, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
