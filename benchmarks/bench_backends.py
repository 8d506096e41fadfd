"""Every backend on every bundled set, the shared sets and two generated families, against
the fastest backend on each puzzle, plain CP-SAT and Norvig's solver.

For each set (a random sample of the large ones) every puzzle is solved, in the same run
and interleaved puzzle by puzzle, by:

* each backend named (default ``auto``, ``backtracking``, ``cpsat``, ``sat``,
  ``python-constraint``, the last on classic 9x9 sets only), through
  ``sudoku_cp.solve_with_stats``: the proven smallest solution. A label ``name:value``
  runs a backend with one option (``sat:cadical195`` is the ``sat`` backend with
  ``solver="cadical195"``);
* ``plain CP-SAT``: ``sudoku_cp.cpsat.first_solution``, one default one-worker CP-SAT
  solve of the same model, with no guarantee;
* ``Norvig``: a re-implementation of Peter Norvig's constraint propagation and search
  ("Solving Every Sudoku Puzzle", 2006, https://norvig.com/sudoku.html), first solution
  only, no guarantee; classic grids up to 16x16, not variants.

The sets: the bundled ones (``--dataset``), JSON files of variant records read from where
they are (``--shared PATH``, a file or a folder: ``../shared/data/variants`` holds
published variants whose licences allow local benchmarking only), and two families this
script makes from ``--seed`` (``--family``):

* ``sparse-0``, ``sparse-10``, ``sparse-30``: for each side of :data:`SPARSE_SIDES` (4 to
  25, rectangular boxes of :func:`sudoku_cp.model.grid.standard_box`), a random full grid
  (a pattern grid with its digits, bands, stacks, rows and columns shuffled) keeping 0%,
  10% or 30% of its cells as givens, ``--family-seeds`` grids per side;
* ``few-<set>``: the first ``--few-per-set`` puzzles of each variant set (bundled and
  shared) with all but two givens removed (two drawn from the seed), plus two Latin
  squares of :data:`LATIN_RULES` (9x9, no boxes) with two givens.

Times are CPU seconds of this process (``time.process_time``, CP-SAT's solver thread
included), which other processes on a shared machine disturb less than wall time; each
puzzle's best of ``--repeat`` runs is kept. OR-Tools is imported, and each solver called
once on the set's first puzzle, before timing (and ``auto``'s SAT fallback is preloaded
with the set's rules). The SAT backend keeps a loaded solver per rule set, and what it
learns and the phases it saves there change the next call with the same rules (a second
solve of a two-given anti-knight puzzle takes 2 ms after 40 ms). So each label gets a
store of kept solvers of its own (``sat_runner._KEPT`` is swapped before each call), and
a variant puzzle (a puzzle with rules) is solved from fresh solvers, as if alone:
``auto``'s fallback to SAT never profits from the ``sat`` column's work or the reverse,
and a variant's time does not depend on the puzzles before it. The package caches some
values by value (the digit combinations of a cage, ``sudoku_cp.engine.sums``): before
the labels, each puzzle's propagation is built once, untimed, so that the first label does
not pay for the others. A solve
that runs out of ``--time-limit`` counts as the limit (its median is then a lower bound,
marked ``>``); a proven "no solution" counts like an answer. The calls on a puzzle start
after a full garbage collection and run with the collector off, as in ``timeit`` (a
collection of the earlier calls' garbage, up to 70 ms, was charged to whichever call it
fell in). The first call after that collection still ran about 0.1 ms slower (on easy50,
0.78 against 0.65 ms a call): the untimed propagation comes after it, and the labels take
turns at going first, puzzle by puzzle and run by run; with ``--shuffle`` they run in a
random order per puzzle and run instead, so that no label always follows the same one
(``auto`` followed Norvig and, two labels back, plain CP-SAT in every turn, and on the
puzzles the backtracker answers for it measured 0.13-0.18 ms more than ``backtracking``,
which followed ``auto``, against 0.04 ms in a plain loop).

Per set, the column ``auto / fastest`` compares ``auto`` with the fastest guaranteed
backend on the same puzzle (every backend but ``auto``, plain CP-SAT and Norvig): the
share of puzzles where auto is within x2 of it, and the largest ratio; ``stalls`` counts
the puzzles where auto ran out of time although some backend answered within 10 s.

Prints one line per set and solver, then a Markdown table (medians in milliseconds, each
backend's median over plain CP-SAT's, and auto's per-puzzle ratios). ``--write PATH``
also writes the table to a Markdown file (``docs/benchmarks/backends.md``);
``--write-auto PATH`` writes auto's routes (per route of
:func:`sudoku_cp.backends.auto.route`: puzzles, each backend's median and how often it
was the fastest) between the markers of ``docs/auto.md``; ``--csv PATH`` writes one row
per puzzle (features and times).

Usage::

    python benchmarks/bench_backends.py                                   # every bundled set
    python benchmarks/bench_backends.py --dataset top95 --dataset hex16 --repeat 3
    python benchmarks/bench_backends.py --dataset sudoku25 --time-limit 60 --limit 4
    python benchmarks/bench_backends.py --family sparse --family few --shared ../shared/data/variants \\
        --backends auto,backtracking,cpsat,sat --sample 20 --write docs/benchmarks/backends.md
"""

from __future__ import annotations

import argparse
import csv
import gc
import os
import random
import statistics
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine  # noqa: E402

import sudoku_cp  # noqa: E402
from sudoku_cp import Grid, NoSolutionError, Puzzle, SolveTimeoutError, cpsat, datasets, sat  # noqa: E402
from sudoku_cp.backends import auto, sat_runner  # noqa: E402
from sudoku_cp.engine.search import BitmaskSearch  # noqa: E402
from sudoku_cp.model.grid import standard_box  # noqa: E402

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
NORVIG_MAX_SIDE = 16  # no time limit can stop it, and it takes minutes and more on sudoku25: n/a there
PYCONSTRAINT_MAX_SIDE = 9
"""python-constraint runs on classic grids up to this side (``--pyconstraint-max-side``;
variants and larger grids could take minutes, and it runs with no time limit: see solvers())."""
BASELINES = ("plain CP-SAT", "Norvig")  # no guarantee: never "the fastest backend"
SOLVED_WITHIN = 10.0  # seconds: a puzzle some backend answers this fast must not stall auto
SPARSE_SIDES = (4, 6, 8, 9, 10, 12, 15, 16, 20, 24, 25)
SPARSE_SHARES = (0, 10, 30)  # percent of the cells given
LATIN_RULES = {  # 9x9 Latin squares (no boxes) with these rules, two givens: the few-given family
    "latin-antiknight-antiking": {"anti_knight": True, "anti_king": True},
    "latin-nonconsecutive": {"all_white_given": True},
}
OPTION_OF = {"sat": "solver", "cpsat": "seed"}  # the option a label "backend:value" sets
DOCS_MARKER = "<!-- bench_backends:{name}:{end} -->"  # a table's place in a Markdown file


# -- Norvig's solver ------------------------------------------------------------------------
# A re-implementation of the algorithm of Peter Norvig, "Solving Every Sudoku Puzzle"
# (2006): each square keeps a string of possible digits; assigning a digit eliminates the
# others, and elimination propagates two rules: (1) a square reduced to one digit removes
# it from its peers, (2) a unit with only one place left for a digit puts it there. Search
# is depth-first on the square with the fewest possibilities (more than one), trying its
# digits in order on copies of the values. Written from the essay's description for any
# box shape (squares are cell indices, digits are the first n symbols of SYMBOLS).


class Norvig:
    """Norvig's propagation and search for one grid shape."""

    def __init__(self, grid: sudoku_cp.Grid) -> None:
        geometry = grid.geometry
        self.digits = SYMBOLS[: grid.side]
        self.squares = range(grid.side * grid.side)
        self.units = [[u.cells for u in geometry.units if s in u.cells] for s in self.squares]
        self.peers = [set().union(*units) - {s} for s, units in enumerate(self.units)]

    def solve(self, grid: sudoku_cp.Grid) -> dict[int, str] | None:
        values = self.parse_grid(grid)
        return self.search(values) if values else None

    def parse_grid(self, grid: sudoku_cp.Grid) -> dict[int, str] | None:
        values = {s: self.digits for s in self.squares}
        for s, value in enumerate(grid.cells):
            if value and not self.assign(values, s, self.digits[value - 1]):
                return None
        return values

    def assign(self, values: dict[int, str], s: int, d: str) -> dict[int, str] | None:
        other_values = values[s].replace(d, "")
        if all(self.eliminate(values, s, d2) for d2 in other_values):
            return values
        return None

    def eliminate(self, values: dict[int, str], s: int, d: str) -> dict[int, str] | None:
        if d not in values[s]:
            return values
        values[s] = values[s].replace(d, "")
        if len(values[s]) == 0:
            return None
        if len(values[s]) == 1:
            d2 = values[s]
            if not all(self.eliminate(values, s2, d2) for s2 in self.peers[s]):
                return None
        for u in self.units[s]:
            dplaces = [s2 for s2 in u if d in values[s2]]
            if len(dplaces) == 0:
                return None
            if len(dplaces) == 1 and not self.assign(values, dplaces[0], d):
                return None
        return values

    def search(self, values: dict[int, str] | None) -> dict[int, str] | None:
        if values is None:
            return None
        if all(len(values[s]) == 1 for s in self.squares):
            return values
        _, s = min((len(values[s]), s) for s in self.squares if len(values[s]) > 1)
        for d in values[s]:
            found = self.search(self.assign(values.copy(), s, d))
            if found:
                return found
        return None


# -- the generated families ---------------------------------------------------------------


def full_grid(side: int, box: tuple[int, int], rng: random.Random) -> list[int]:
    """A random complete grid of ``side`` with boxes of ``box`` (rows, columns): the pattern
    grid ``(C * (r % R) + r // R + c) % n + 1`` with its bands, rows within a band, stacks,
    columns within a stack and digits shuffled (each shuffle keeps every unit whole)."""
    rows_per_box, columns_per_box = box

    def order(groups: int, size: int) -> list[int]:
        bands = rng.sample(range(groups), groups)
        return [band * size + inner for band in bands for inner in rng.sample(range(size), size)]

    row_order = order(columns_per_box, rows_per_box)  # side // R bands of R rows
    column_order = order(rows_per_box, columns_per_box)  # side // C stacks of C columns
    digits = rng.sample(range(1, side + 1), side)
    return [
        digits[(columns_per_box * (r % rows_per_box) + r // rows_per_box + c) % side]
        for r in row_order
        for c in column_order
    ]


def sparse_family(seed: int, per_side: int) -> dict[str, list[Grid]]:
    """``sparse-<share>``: per side of :data:`SPARSE_SIDES`, ``per_side`` random full grids
    keeping ``share`` percent of their cells (see the module docstring)."""
    rng = random.Random(seed)
    family: dict[str, list[Grid]] = {f"sparse-{share}": [] for share in SPARSE_SHARES}
    for side in SPARSE_SIDES:
        box = standard_box(side)
        for _ in range(per_side):
            for share in SPARSE_SHARES:
                cells = full_grid(side, box, rng)
                kept = set(rng.sample(range(side * side), round(share * side * side / 100)))
                family[f"sparse-{share}"].append(
                    Grid([v if i in kept else 0 for i, v in enumerate(cells)], box)
                )
    return family


def few_givens(puzzle: Puzzle, rng: random.Random, keep: int = 2) -> Puzzle:
    """The puzzle with all but ``keep`` of its givens (drawn from ``rng``) removed."""
    cells = list(puzzle.grid.cells)
    givens = [i for i, v in enumerate(cells) if v]
    kept = set(rng.sample(givens, min(keep, len(givens))))
    return puzzle.with_grid(Grid([v if i in kept else 0 for i, v in enumerate(cells)], puzzle.box))


def few_family(variant_sets: dict[str, list[Puzzle]], seed: int, per_set: int) -> dict[str, list[Puzzle]]:
    """``few-<set>``: the first ``per_set`` puzzles of each variant set with two givens left;
    ``few-latin``: the Latin squares of :data:`LATIN_RULES` with two givens."""
    rng = random.Random(seed)
    family = {
        f"few-{name}": [few_givens(p, rng) for p in puzzles[:per_set]]
        for name, puzzles in variant_sets.items()
        if puzzles and puzzles[0].model.cell_count == puzzles[0].side ** 2  # not a multi-grid board
    }
    latin = []
    for rules in LATIN_RULES.values():
        cells = ["."] * 81
        for cell, value in zip(rng.sample(range(81), 2), rng.sample("123456789", 2), strict=True):
            cells[cell] = value
        latin.append(Puzzle.from_dict({"size": 9, "box": None, "grid": "".join(cells), "rules": rules}))
    family["few-latin"] = latin
    return family


def load_shared(paths: list[Path]) -> dict[str, list[Puzzle]]:
    """The variant records of JSON files (a folder: its ``*.json``), by file stem; files
    this package cannot read (multi-grid boards) are skipped with a note."""
    found: dict[str, list[Puzzle]] = {}
    for path in paths:
        for file in sorted(path.glob("*.json")) if path.is_dir() else [path]:
            try:
                found[file.stem] = sudoku_cp.load_puzzles(file)
            except sudoku_cp.SudokuError as error:
                print(f"# skipped {file}: {str(error)[:100]}")
    return found


# -- timing -------------------------------------------------------------------------------


def cpu_time(function: Callable[[], object], time_limit: float) -> tuple[float, object]:
    """CPU seconds of one call and what it returned; ``time_limit`` when it raised
    SolveTimeoutError. A proven "no solution" is an answer like a solution."""
    gc.disable()  # the garbage of earlier calls is not this one's to collect (see bench())
    start = time.process_time()
    try:
        answer = function()
    except SolveTimeoutError:
        return time_limit, None
    except NoSolutionError:
        answer = None
    finally:
        gc.enable()
    return time.process_time() - start, answer


def backend_call(label: str, puzzle, time_limit: float) -> Callable[[], object]:
    """The call of a backend label: ``name`` or ``name:value`` (see :data:`OPTION_OF`)."""
    name, _, value = label.partition(":")
    options = {OPTION_OF[name]: int(value) if name == "cpsat" else value} if value else {}
    return lambda: sudoku_cp.solve_with_stats(puzzle, backend=name, time_limit=time_limit, **options)


def fresh(puzzle):
    """A copy of a :class:`Puzzle` with nothing computed yet but its model (each label gets
    its own, so that none pays for what the model caches on first use for the others; a
    :class:`Grid` becomes a new Puzzle in every call anyway)."""
    return Puzzle(puzzle.grid, puzzle.rules, puzzle.metadata) if isinstance(puzzle, Puzzle) else puzzle


def solvers(puzzle, backends: list[str], time_limit: float) -> dict[str, Callable[[], object]]:
    """The calls to time for one puzzle, by label."""
    calls = {
        label: backend_call(label, fresh(puzzle), time_limit)
        for label in backends
        if label != "python-constraint"
    }
    classic_small = isinstance(puzzle, sudoku_cp.Grid) and puzzle.side <= PYCONSTRAINT_MAX_SIDE
    if "python-constraint" in backends and classic_small:
        # no time limit: with one, python-constraint solves in a child process, whose CPU
        # time this process would not see
        calls["python-constraint"] = lambda: sudoku_cp.solve(puzzle, backend="python-constraint")
    plain = fresh(puzzle)
    calls["plain CP-SAT"] = lambda: cpsat.first_solution(plain, time_limit=time_limit)
    if isinstance(puzzle, sudoku_cp.Grid) and puzzle.box is not None and puzzle.side <= NORVIG_MAX_SIDE:
        norvig = Norvig(puzzle)
        calls["Norvig"] = lambda: norvig.solve(puzzle)
    return calls


def bench(name: str, puzzles: list, backends: list[str], args: argparse.Namespace) -> dict:
    """Times of every solver on one set, per puzzle (``None`` where a solver does not run),
    with auto's choice per puzzle; prints one line per solver."""
    best: dict[str, list[float | None]] = {}
    chosen: list[str] = [""] * len(puzzles)
    nodes: list[int | None] = [None] * len(puzzles)
    kept: dict[str, OrderedDict] = {}  # per label, the SAT solvers it loaded (see the module docstring)
    for label, call in solvers(puzzles[0], backends, args.time_limit).items():
        sat_runner._KEPT = kept.setdefault(label, OrderedDict())
        cpu_time(call, args.time_limit)  # first-call costs (a solver kept for the set's rules) stay out
        if label == "auto":
            sat.preload(puzzles[0])  # for auto's fallback, which the first puzzle may not reach
    for run in range(args.repeat):
        for index, puzzle in enumerate(puzzles):
            gc.collect()
            BitmaskSearch(
                Puzzle(puzzle).model if isinstance(puzzle, Grid) else fresh(puzzle).model
            )  # values cached by value (cage combinations) for everyone
            calls = list(solvers(puzzle, backends, args.time_limit).items())
            turn = (index + run) % len(calls)  # no label always first (see the module docstring)
            order = calls[turn:] + calls[:turn]
            if (
                args.shuffle
            ):  # nor always after the same label (a CP-SAT solve's threads wind down in the next)
                random.Random(f"{args.seed}:{name}:{index}:{run}").shuffle(order)
            for label, call in order:
                sat_runner._KEPT = kept.setdefault(label, OrderedDict())
                if getattr(puzzle, "rules", ()):
                    sat_runner.forget_solvers()  # a variant is solved as alone, from a fresh solver
                seconds, answer = cpu_time(call, args.time_limit)
                times = best.setdefault(label, [None] * len(puzzles))
                times[index] = seconds if times[index] is None else min(times[index], seconds)
                if label == "backtracking" and answer is not None:
                    nodes[index] = answer.stats.get("nodes")
                if label == "auto" and answer is not None:
                    stats = answer.stats
                    chosen[index] = auto.answered_by(stats) + (" (fallback)" if stats.get("fallback") else "")
    result = {"times": best, "chosen": chosen, "nodes": nodes, "puzzles": puzzles}
    for label, times in best.items():
        ran = [t for t in times if t is not None]
        timeouts = sum(t >= args.time_limit for t in ran)
        print(
            f"{name:<22} {label:<16} n={len(ran):<4} median={statistics.median(ran) * 1000:10.2f} ms  "
            f"max={max(ran) * 1000:10.2f} ms  timeouts={timeouts}",
            flush=True,
        )
    ratios = auto_ratios(result, args.time_limit)
    if ratios:
        within, worst, stalls = ratio_summary(ratios, result, args.time_limit)
        print(f"{name:<22} {'auto / fastest':<16} within x2: {within:.1%}  max x{worst:.2f}  stalls={stalls}")
    return result


def fastest_guaranteed(times: dict[str, list[float | None]], index: int) -> float | None:
    """The least time of a guaranteed backend (not auto, not a baseline) on puzzle ``index``."""
    found = [t[index] for label, t in times.items() if label != "auto" and label not in BASELINES]
    found = [t for t in found if t is not None]
    return min(found) if found else None


def auto_ratios(result: dict, time_limit: float) -> list[float]:
    """Per puzzle, auto's time over the fastest guaranteed backend's (1 when both timed out)."""
    times = result["times"]
    if "auto" not in times:
        return []
    ratios = []
    for index, mine in enumerate(times["auto"]):
        fastest = fastest_guaranteed(times, index)
        if mine is None or fastest is None:
            continue
        ratios.append(1.0 if mine >= time_limit and fastest >= time_limit else mine / max(fastest, 1e-6))
    return ratios


def ratio_summary(ratios: list[float], result: dict, time_limit: float) -> tuple[float, float, int]:
    """Share of puzzles with auto within x2 of the fastest, the largest ratio, and the
    stalls (auto out of time where some backend answered within :data:`SOLVED_WITHIN`)."""
    times = result["times"]
    stalls = sum(
        1
        for index, mine in enumerate(times["auto"])
        if mine is not None
        and mine >= time_limit
        and (fastest_guaranteed(times, index) or time_limit) <= SOLVED_WITHIN
    )
    return sum(r <= 2 for r in ratios) / len(ratios), max(ratios), stalls


# -- reports --------------------------------------------------------------------------------


def _median_cell(times: list[float | None] | None, time_limit: float) -> str:
    ran = [t for t in times or () if t is not None]
    if not ran:
        return "n/a"
    return (">" if any(t >= time_limit for t in ran) else "") + f"{statistics.median(ran) * 1000:.1f}"


def markdown(table: dict[str, dict], backends: list[str], time_limit: float) -> str:
    """The table: per set, each solver's median (ms), auto's median over plain CP-SAT's,
    and auto's per-puzzle ratio to the fastest guaranteed backend."""
    columns = [*backends, *BASELINES]
    head = "| set | n | " + " | ".join(f"{c} (ms)" for c in columns)
    head += " | auto / plain CP-SAT | auto / fastest: within x2 | max | stalls |"
    rows = [head, "|" + "---|" * (2 + len(columns) + 4)]
    for name, result in table.items():
        times = result["times"]
        cells = [str(len(result["puzzles"]))] + [_median_cell(times.get(c), time_limit) for c in columns]
        if "auto" in times and "plain CP-SAT" in times:
            mine, base = statistics.median(times["auto"]), statistics.median(times["plain CP-SAT"])
            cells.append(f"{mine / base:.2f}")
        else:
            cells.append("n/a")
        ratios = auto_ratios(result, time_limit)
        if ratios:
            within, worst, stalls = ratio_summary(ratios, result, time_limit)
            cells += [f"{within:.0%}", f"x{worst:.2f}", str(stalls)]
        else:
            cells += ["n/a", "n/a", "n/a"]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def routes_markdown(table: dict[str, dict], backends: list[str], time_limit: float) -> str:
    """auto's routes (:func:`sudoku_cp.backends.auto.route`) over every puzzle of the run:
    puzzles, each guaranteed backend's median (ms) and how often it was the fastest, and
    auto's ratio to the fastest."""
    guaranteed = [b for b in backends if b != "auto"]
    by_route: dict[str, dict[str, list]] = {}
    for result in table.values():
        times = result["times"]
        for index, puzzle in enumerate(result["puzzles"]):
            route = auto.route(puzzle).label
            group = by_route.setdefault(route, {"sets": set(), "ratios": [], **{b: [] for b in guaranteed}})
            group["sets"].add(_set_of(result, table))
            present = {b: times[b][index] for b in guaranteed if b in times and times[b][index] is not None}
            for b, t in present.items():
                group[b].append(t)
            if present:
                group.setdefault("wins", []).append(min(present, key=present.get))
            if "auto" in times and times["auto"][index] is not None and present:
                fastest = min(present.values())
                mine = times["auto"][index]
                both_out = mine >= time_limit and fastest >= time_limit
                group["ratios"].append(1.0 if both_out else mine / max(fastest, 1e-6))
    head = "| route | puzzles | " + " | ".join(f"{b}: median ms (fastest on)" for b in guaranteed)
    head += " | auto / fastest: within x2 | max | sets |"
    rows = [head, "|" + "---|" * (4 + len(guaranteed) + 1)]
    for route, group in sorted(by_route.items()):
        wins = group.get("wins", [])
        cells = [str(len(wins))]
        for b in guaranteed:
            cells.append(f"{_median_cell(group[b], time_limit)} ({wins.count(b)})" if group[b] else "n/a")
        ratios = group["ratios"]
        cells += (
            [f"{sum(r <= 2 for r in ratios) / len(ratios):.0%}", f"x{max(ratios):.2f}"]
            if ratios
            else ["n/a"] * 2
        )
        cells.append(", ".join(sorted(group["sets"])))
        rows.append(f"| {route} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _set_of(result: dict, table: dict[str, dict]) -> str:
    return next(name for name, r in table.items() if r is result)


def write_between_markers(path: Path, text: str, heading: str, name: str) -> None:
    """Write ``text`` into a Markdown file between the markers of ``name``
    (:data:`DOCS_MARKER`), replacing what was there; when the file has no such markers,
    append them with the text (a new file starts with ``heading``). A small local helper:
    ``benchmarks/_common.py`` has no shared one on this branch."""
    start, end = DOCS_MARKER.format(name=name, end="start"), DOCS_MARKER.format(name=name, end="end")
    block = f"{start}\n{text}\n{end}"
    old = path.read_text(encoding="utf-8") if path.exists() else f"{heading}\n"
    if start in old and end in old:
        before, rest = old.split(start, 1)
        new = before + block + rest.split(end, 1)[1]
    else:
        new = f"{old.rstrip()}\n\n{block}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")
    print(f"wrote {path}")


def write_csv(path: Path, table: dict[str, dict], backends: list[str]) -> None:
    """One row per puzzle: set, index, features, auto's route and choice, CPU seconds per solver."""
    labels = [*backends, *BASELINES]
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(
            [
                "set",
                "index",
                "side",
                "box",
                "rules",
                "givens",
                "route",
                "auto chose",
                "backtracking nodes",
                *labels,
            ]
        )
        for name, result in table.items():
            for index, puzzle in enumerate(result["puzzles"]):
                times = [result["times"].get(label, [None] * (index + 1))[index] for label in labels]
                rules = "+".join(type(r).__name__ for r in getattr(puzzle, "rules", ())) or "classic"
                writer.writerow(
                    [
                        name,
                        index,
                        puzzle.side,
                        puzzle.box,
                        rules,
                        puzzle.givens,
                        auto.route(puzzle).label,
                        result["chosen"][index],
                        result["nodes"][index],
                        *("" if t is None else f"{t:.5f}" for t in times),
                    ]
                )
    print(f"wrote {path}")


def collect(args: argparse.Namespace) -> dict[str, list]:
    """The sets of the run, by name (see the module docstring)."""
    sets: dict[str, list] = {}
    bundled = (
        args.dataset if args.dataset is not None else ([] if args.family or args.shared else datasets.names())
    )
    for name in bundled:
        sample = args.sample if datasets.count(name) > args.sample else None
        sets[name] = datasets.load(name, sample=sample)
    shared = load_shared(args.shared or [])
    for name, puzzles in {} if args.families_only else shared.items():
        sets[f"shared-{name}"] = (
            random.Random(args.seed).sample(puzzles, args.sample) if len(puzzles) > args.sample else puzzles
        )
    families = set(args.family or ())
    if "sparse" in families:
        sets.update(sparse_family(args.seed, args.family_seeds))
    if "few" in families:
        variant_sets = {n: datasets.load(n) for n in datasets.names() if datasets.is_variant_set(n)}
        variant_sets.update(shared)
        sets.update(few_family(variant_sets, args.seed, args.few_per_set))
    return {name: puzzles[: args.limit] for name, puzzles in sets.items() if puzzles}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", action="append", choices=datasets.names(), help="repeatable")
    parser.add_argument(
        "--shared", action="append", type=Path, help="variant JSON file or folder; repeatable"
    )
    parser.add_argument("--family", action="append", choices=["sparse", "few"], help="repeatable")
    parser.add_argument("--backends", default="auto,backtracking,cpsat,sat,python-constraint", help="a,b,...")
    parser.add_argument("--sample", type=int, default=100, help="sample size of larger sets (default 100)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument("--repeat", type=int, default=1, help="runs per puzzle; the best is kept (default 1)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="seed of samples and families (default 0)")
    parser.add_argument(
        "--family-seeds", type=int, default=1, help="sparse grids per side and share (default 1)"
    )
    parser.add_argument(
        "--few-per-set", type=int, default=5, help="puzzles per variant set, few family (default 5)"
    )
    parser.add_argument(
        "--write", type=Path, help="write the Markdown table here (docs/benchmarks/backends.md)"
    )
    parser.add_argument(
        "--write-auto", type=Path, help="write auto's routes table into this file (docs/auto.md)"
    )
    parser.add_argument(
        "--pyconstraint-max-side",
        type=int,
        default=PYCONSTRAINT_MAX_SIDE,
        help="python-constraint on classic grids up to this side (default 9; no time limit)",
    )
    parser.add_argument("--csv", type=Path, help="write one row per puzzle here")
    parser.add_argument(
        "--families-only", action="store_true", help="only the --family sets (--shared feeds the few family)"
    )
    parser.add_argument("--marker", default="main", help="which table of the --write files (default main)")
    parser.add_argument(
        "--shuffle",
        action="store_true",
        help="the labels in a random order per puzzle and run, not in turns of one order",
    )
    parser.add_argument(
        "--same-routes",
        type=Path,
        help="a --csv file of an earlier run: count the puzzles where auto's choice differs from it",
    )
    args = parser.parse_args()
    globals()["PYCONSTRAINT_MAX_SIDE"] = args.pyconstraint_max_side
    backends = args.backends.split(",")
    command = "python benchmarks/bench_backends.py " + " ".join(sys.argv[1:])
    print(machine())
    print(f"# {command}")
    print(f"# CPU time; sample={args.sample} limit={args.limit} repeat={args.repeat}", end=" ")
    print(f"time_limit={args.time_limit}")
    sets = collect(args)
    warm = Grid.parse("123434..........")
    for call in solvers(warm, backends, args.time_limit).values():
        call()  # imports and first-call costs stay out
    table = {name: bench(name, puzzles, backends, args) for name, puzzles in sets.items()}
    text = markdown(table, backends, args.time_limit)
    print()
    print(text)
    runs = "one run" if args.repeat == 1 else f"the best of {args.repeat} runs per puzzle and solver"
    load = f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the end"
    note = f"{machine()[2:]}; CPU seconds, {runs}; {load}.\n\n`{command}`\n\n"
    if args.same_routes:
        note += compare_routes(args.same_routes, table) + "\n\n"
    if args.write:
        heading = "# Backends compared\n\nTables written by `benchmarks/bench_backends.py --write`."
        write_between_markers(args.write, note + text, heading, args.marker)
    if args.write_auto:
        routes = routes_markdown(table, backends, args.time_limit)
        print()
        print(routes)
        write_between_markers(args.write_auto, note + routes, "# auto's routes", args.marker)
    if args.csv:
        write_csv(args.csv, table, backends)
    print(f"# {load}")


def compare_routes(path: Path, table: dict[str, dict]) -> str:
    """Print, and return, on how many puzzles (of those in both runs, by set and index) auto's choice
    (the backend that answered, and whether it was a fallback) differs from the run of the
    ``--csv`` file ``path``: the route must not depend on the machine's load."""
    with open(path, newline="", encoding="utf-8") as file:
        earlier = {(row["set"], int(row["index"])): row["auto chose"] for row in csv.DictReader(file)}
    same = differ = 0
    for name, result in table.items():
        for index, chose in enumerate(result["chosen"]):
            if (name, index) in earlier:
                same += earlier[(name, index)] == chose
                differ += earlier[(name, index)] != chose
    text = (
        f"auto's choice (backend, fallback or not) against the run of `{path.name}`: "
        f"the same on {same} puzzles, different on {differ}."
    )
    print(f"# {text}")
    return text


if __name__ == "__main__":
    main()
