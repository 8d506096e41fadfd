"""Make the generated sets of the modern rules bundled in ``sudoku_cp/data/`` (``gen_arrow.json``...).

Puzzle ``i`` of a set: the solution of ``sudoku_cp.generate(seed=i)`` (a random full grid),
clues of the set's rule read off that solution (:data:`CLUES`, with ``random.Random(i)``),
then every given, in a random order, removed while the puzzle keeps exactly one
solution (the backtracker counts, up to 2) and more than the set's floor of givens
(:data:`FLOORS`: near-empty little-killer grids take the backtracker seconds per
count). Before a set is written, every puzzle is checked unique by two backends (the
backtracker and CP-SAT), and its recorded solution is CP-SAT's. The package makes this
data (licence: the package's).

Usage::

    python scripts/make_modern_sets.py              # every set
    python scripts/make_modern_sets.py gen_arrow    # one set
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import sudoku_cp
from sudoku_cp.puzzle import Puzzle

COUNT = 5
"""Puzzles per set."""

FLOORS = {"gen_little_killer": 24}
"""Sets whose puzzles keep at least this many givens."""

DATA = Path(__file__).resolve().parent.parent / "sudoku_cp" / "data"
N = 9

Grid9 = list[list[int]]


def _neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and 0 <= r + dr < N and 0 <= c + dc < N
    ]


def _walks(rng: random.Random, length: int, fits: Callable[[list], bool], count: int, used: set) -> list:
    """``count`` random lines of ``length`` touching cells, off ``used`` cells, that ``fits`` accepts."""
    lines = []
    for _ in range(20000):
        if len(lines) == count:
            break
        line = [(rng.randrange(N), rng.randrange(N))]
        while len(line) < length:
            options = [c for c in _neighbours(line[-1]) if c not in line and c not in used]
            if not options:
                break
            line.append(rng.choice(options))
        if len(line) == length and not used & set(line) and fits(line):
            lines.append(line)
            used.update(line)
    return lines


def _line(side: str, index: int) -> list[tuple[int, int]]:
    return {
        "left": [(index, c) for c in range(N)],
        "right": [(index, c) for c in reversed(range(N))],
        "top": [(r, index) for r in range(N)],
        "bottom": [(r, index) for r in reversed(range(N))],
    }[side]


def _arrows(s: Grid9, rng: random.Random) -> dict:
    used: set = set()
    out = []
    for length in (3, 3, 4, 4, 3):

        def fits(w: list) -> bool:
            return s[w[0][0]][w[0][1]] == sum(s[r][c] for r, c in w[1:])

        for line in _walks(rng, length, fits, 1, used):
            out.append({"circle": [list(line[0])], "arrow": [list(c) for c in line[1:]]})
    return {"arrows": out}


def _little_killers(s: Grid9, rng: random.Random) -> dict:
    starts = [((-1, c), (1, 1)) for c in range(-1, N - 2)] + [((-1, c), (1, -1)) for c in range(2, N + 1)]
    starts += [((N, c), (-1, 1)) for c in range(-1, N - 2)] + [((N, c), (-1, -1)) for c in range(2, N + 1)]
    out, taken = [], set()
    for (r, c), (dr, dc) in rng.sample(starts, len(starts)):
        if (r, c) in taken or len(out) == 8:
            continue  # one clue per position outside the grid
        taken.add((r, c))
        total, (i, j) = 0, (r + dr, c + dc)
        while 0 <= i < N and 0 <= j < N:
            total, i, j = total + s[i][j], i + dr, j + dc
        out.append({"sum": total, "clue": [r, c], "direction": [dr, dc]})
    return {"little_killers": out}


def _sandwiches(s: Grid9, rng: random.Random) -> dict:
    out = []
    for side in ("left", "top"):
        for index in range(N):
            digits = [s[r][c] for r, c in _line(side, index)]
            i, j = sorted((digits.index(1), digits.index(N)))
            out.append({"side": side, "index": index, "sum": sum(digits[i + 1 : j])})
    return {"sandwiches": out}


def _skyscrapers(s: Grid9, rng: random.Random) -> dict:
    out = []
    for side, index in itertools.product(("left", "right", "top", "bottom"), range(N)):
        seen = tallest = 0
        for r, c in _line(side, index):
            if s[r][c] > tallest:
                seen, tallest = seen + 1, s[r][c]
        out.append({"side": side, "index": index, "seen": seen})
    return {"skyscrapers": rng.sample(out, 20)}


def _outside_sums(s: Grid9, rng: random.Random) -> dict:
    out = []
    for side, index in itertools.product(("left", "right", "top", "bottom"), range(N)):
        out.append({"side": side, "index": index, "sum": sum(s[r][c] for r, c in _line(side, index)[:3])})
    return {"outside_sums": rng.sample(out, 20)}


def _xv(s: Grid9, rng: random.Random) -> dict:
    out: dict = {"x": [], "v": [], "all_xv_given": True}
    for r, c in itertools.product(range(N), repeat=2):
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < N and c2 < N and s[r][c] + s[r2][c2] in (5, 10):
                out["x" if s[r][c] + s[r2][c2] == 10 else "v"].append([[r, c], [r2, c2]])
    return out


def _lines_rule(key: str, lengths: tuple[int, ...], fits) -> Callable[[Grid9, random.Random], dict]:
    def make(s: Grid9, rng: random.Random) -> dict:
        used: set = set()
        lines = []
        for length in lengths:
            lines += _walks(rng, length, lambda w: fits(s, w), 1, used)
        return {key: [[list(c) for c in line] for line in lines]}

    return make


def _whispers_fit(s, w):
    return all(abs(s[a][b] - s[c][d]) >= 5 for (a, b), (c, d) in itertools.pairwise(w))


def _renban_fit(s, w):
    digits = sorted(s[r][c] for r, c in w)
    return digits == list(range(digits[0], digits[0] + len(w)))


def _palindrome_fit(s, w):
    digits = [s[r][c] for r, c in w]
    return digits == digits[::-1]


def _between_fit(s, w):
    low, high = sorted((s[w[0][0]][w[0][1]], s[w[-1][0]][w[-1][1]]))
    return all(low < s[r][c] < high for r, c in w[1:-1])


def _region_sum_fit(s, w):
    sums, previous = [], None
    for r, c in w:
        here = (r // 3, c // 3)
        if here != previous:
            sums.append(0)
        sums[-1] += s[r][c]
        previous = here
    return len(sums) > 1 and len(set(sums)) == 1


def _quadruples(s: Grid9, rng: random.Random) -> dict:
    out = []
    for r, c in rng.sample(list(itertools.product(range(N - 1), repeat=2)), 8):
        digits = [s[r][c], s[r][c + 1], s[r + 1][c], s[r + 1][c + 1]]
        out.append({"cell": [r, c], "digits": sorted(rng.sample(digits, rng.choice((2, 3, 4))))})
    return {"quadruples": out}


CLUES: dict[str, Callable[[Grid9, random.Random], dict]] = {
    "gen_arrow": _arrows,
    "gen_little_killer": _little_killers,
    "gen_sandwich": _sandwiches,
    "gen_skyscraper": _skyscrapers,
    "gen_outside_sum": _outside_sums,
    "gen_xv": _xv,
    "gen_whispers": _lines_rule("german_whispers", (4, 4, 3, 3, 3), _whispers_fit),
    "gen_renban": _lines_rule("renban", (4, 3, 3, 3, 2, 2), _renban_fit),
    "gen_palindrome": _lines_rule("palindromes", (5, 4, 3, 3, 3), _palindrome_fit),
    "gen_between": _lines_rule("between_lines", (4, 4, 3, 3, 3), _between_fit),
    "gen_region_sum": _lines_rule("region_sum_lines", (4, 4, 3, 3, 3), _region_sum_fit),
    "gen_quadruple": _quadruples,
}
"""Set name: the clues of its rule read off a solution."""


def make_one(name: str, seed: int) -> Puzzle:
    """Puzzle ``seed`` of the set ``name`` (see the module docstring)."""
    solution = sudoku_cp.generate(seed=seed, time_limit=None).metadata["solution"]
    s = [[int(solution[r * N + c]) for c in range(N)] for r in range(N)]
    rng = random.Random(seed)
    rules = CLUES[name](s, rng)
    grid = list(solution)
    record = {"size": N, "box": [3, 3], "grid": "".join(grid), "rules": rules}
    floor = FLOORS.get(name, 0)
    for cell in rng.sample(range(N * N), N * N):
        if sum(ch != "." for ch in grid) <= floor:
            break
        kept = grid[cell]
        grid[cell] = "."
        trial = Puzzle.from_dict({**record, "grid": "".join(grid)})
        if sudoku_cp.count_solutions(trial, limit=2, backend="backtracking") != 1:
            grid[cell] = kept
    return Puzzle.from_dict(
        {
            **record,
            "grid": "".join(grid),
            "solution": solution,
            "generator": {"script": "scripts/make_modern_sets.py", "set": name, "seed": seed},
        }
    )


def make(name: str) -> None:
    start = time.perf_counter()
    records = []
    for seed in range(COUNT):
        puzzle = make_one(name, seed)
        for backend in ("backtracking", "cpsat"):
            assert sudoku_cp.count_solutions(puzzle, limit=2, backend=backend) == 1, (name, seed, backend)
        solution = sudoku_cp.solve(puzzle, backend="cpsat").to_string()
        assert solution == puzzle.metadata["solution"], (name, seed)
        records.append({"id": f"{name}-{seed}", **puzzle.to_dict()})
    (DATA / f"{name}.json").write_text(json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{name}: {COUNT} puzzles in {time.perf_counter() - start:.1f} s, each unique on two backends")


if __name__ == "__main__":
    for name in sys.argv[1:] or CLUES:
        make(name)
