"""Benchmark reasoning to the end: how many puzzles the techniques solve with no guess.

For each named data set, :func:`sudoku_cp.explain` runs the techniques of the one table
(:data:`sudoku_cp.reasoning.techniques.TECHNIQUES`: singles ... fish, wings, chains, ALS, forcing
chains, and the minimal deduction last), every step checked (it follows from its
premises and agrees with the solution; ``--no-check`` skips the premise search). One
line per set: the share of puzzles solved to the end, the median and max CPU seconds per
full explanation, the median number of steps, the share of non-single steps that are
search-backed (the minimal deduction, the last resort: issue 32's target is at most 5%),
how many forcing steps carry their printed net (all of them), and the median CPU seconds
of a :func:`sudoku_cp.hint` at the middle state of each path (with its candidates).
With ``--hodoku``, hodoku-py (a GPL port of HoDoKu, installed separately, never a
dependency) solves the same 9x9 puzzles in the same run, as the baseline of issue 19 (its
share solved and median CPU seconds), and the ratio of the two medians. With ``--larsdoku``, the
same for larsdoku (AGPL, ``pip install larsdoku``: benchmark only, never a dependency), run
with ``no_oracle=True`` (its logic alone: a puzzle counts as solved when it is not stalled),
timed after one untimed warm-up solve (its Numba functions compile on first use).
``--techniques`` prints how often each technique was used. ``--cold-hint`` times each hint
with nothing remembered from the explanation of the same puzzle (whether it is proper, the line clues' memos).

Sets (issue 19's targets): easy50, top95, hardest, a 300-puzzle sample of sudoku17, a
300-puzzle sample of top1465 (seed 0), a sample of hex16 (16x16), the bundled anti-knight
puzzles and samples of the generated variant sets (gen_x, gen_jigsaw, gen_killer,
gen_thermo). ``--shared PATH`` adds the published variant records of a JSON file or
folder (``../shared/data/variants``: read from there, never shipped), a seed-0 sample of
``--shared-sample`` puzzles per file, as sets ``shared-<file>``. ``--file PATH`` adds a
text list of 9x9 puzzles read from its path (``benchmarks/data/se_diabolical_8plus.txt``,
or a public hardest list kept outside the repository), as set ``file-<name>``.

Usage::

    python benchmarks/bench_reasoning.py                       # every set
    python benchmarks/bench_reasoning.py --sets top95 --hodoku # one set, with the baseline
    python benchmarks/bench_reasoning.py --sets top95 hardest anti_knight --hodoku --write
    python benchmarks/bench_reasoning.py --limit 20            # the first 20 puzzles of each
    python benchmarks/bench_reasoning.py --sets hardest --baseline ../main   # and an older checkout
    python benchmarks/bench_reasoning.py --sets --shared ../shared/data/variants \
        --write docs/benchmarks/bench_reasoning_shared.md       # the published variants only
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, datasets_text, machine, recording, write_if_asked  # noqa: E402

from sudoku_cp import Grid, Puzzle, datasets, explain, hint, load_puzzles  # noqa: E402
from sudoku_cp.reasoning import stepwise  # noqa: E402

SETS = {
    "easy50": {},
    "top95": {},
    "hardest": {},
    "sudoku17": {"sample": 300},
    "top1465": {"sample": 300},
    "hex16": {"sample": 20},
    "anti_knight": {},
    "gen_x": {"sample": 10},
    "gen_jigsaw": {"sample": 10},
    "gen_killer": {"sample": 10},
    "gen_thermo": {"sample": 10},
}


SINGLES = ("naked-single", "hidden-single")
FORCING = ("forcing-chain", "nested-forcing-net", "kraken-fish")
"""The forcing steps, each printed with its net (a Kraken fish: its fins' chains)."""


def search_backed(step) -> bool:
    """Whether a step is proven by search (the flag; before it existed, the minimal deduction),
    so that the script also measures an older checkout of the package (``PYTHONPATH``)."""
    return getattr(step, "search_backed", step.technique_id == "minimal-deduction")


def is_classic_9x9(puzzle) -> bool:
    """True for what hodoku-py solves: one 9x9 grid (a Grid, or a Puzzle of classic rules)."""
    if isinstance(puzzle, Puzzle):
        return puzzle.is_classic and not puzzle.is_multigrid and puzzle.side == 9
    return puzzle.side == 9


def hodoku_line(grids) -> str:
    """hodoku-py on the same grids: share solved and median CPU seconds."""
    from hodoku import Solver

    solver = Solver()
    seconds, solved = [], 0
    for grid in grids:
        text = "".join(str(v) if v else "." for v in grid.cells)
        start = time.process_time()
        result = solver.solve(text)
        seconds.append(time.process_time() - start)
        solved += bool(result.solved)
    return solved, seconds


def larsdoku_line(grids) -> tuple[int, list[float]]:
    """larsdoku on the same grids: how many it solves by its logic alone (``no_oracle``:
    no guess, not stalled) and the CPU seconds of each, after one untimed warm-up solve."""
    from larsdoku.cli import solve_selective

    lines = ["".join(str(v) for v in grid.cells) for grid in grids]
    solve_selective(lines[0], no_oracle=True)  # compile its Numba functions, untimed
    seconds, solved = [], 0
    for line in lines:
        start = time.process_time()
        result = solve_selective(line, no_oracle=True)
        seconds.append(time.process_time() - start)
        solved += bool(result["success"] and not result.get("stalled"))
    return solved, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="*", default=list(SETS))
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--shared", type=Path, action="append", help="variant records: a JSON file or folder")
    parser.add_argument("--shared-sample", type=int, default=20, help="puzzles per shared file (default 20)")
    parser.add_argument(
        "--file",
        type=Path,
        action="append",
        help="a text file of 9x9 puzzles, one a line (its first field; a rating after it is ignored), "
        "read from its path (never shipped): set file-<name>",
    )
    parser.add_argument("--no-check", action="store_true", help="skip the premise check of each step")
    parser.add_argument("--hodoku", action="store_true", help="hodoku-py on the same 9x9 puzzles")
    parser.add_argument("--larsdoku", action="store_true", help="larsdoku on the same 9x9 puzzles")
    parser.add_argument("--techniques", action="store_true", help="how often each technique was used")
    parser.add_argument(
        "--cold-hint",
        action="store_true",
        help="time each hint with nothing remembered from the explanation before it "
        "(Board.proper, the line automata and their memos)",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="a checkout of the package (its root folder) to run the same sets with, in the same run",
    )
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        run(args)
        if args.baseline is not None:
            baseline(args)
    names = args.sets + [f"shared-{path.stem}" for path in shared_files(args.shared)]
    names += [f"file-{path.stem}" for path in args.file or ()]
    write_if_asked(args, log, "Reasoning to the end", datasets_text(names, limit=args.limit))


def baseline(args: argparse.Namespace) -> None:
    """The same sets with the package of ``--baseline`` (a child process with that checkout
    first on the path), printed under a heading: the baseline of the same run."""
    import os
    import subprocess

    argv = [sys.executable, __file__, "--sets", *args.sets]
    for path in args.file or ():
        argv += ["--file", str(path)]
    for path in args.shared or ():
        argv += ["--shared", str(path)]
    if args.limit is not None:
        argv += ["--limit", str(args.limit)]
    if args.no_check:
        argv.append("--no-check")
    env = {**os.environ, "PYTHONPATH": str(args.baseline.resolve()), "SUDOKU_CP_BASELINE": "1"}
    print(f"# baseline: the package of {args.baseline} on the same sets")
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    print(done.stdout + done.stderr, end="", flush=True)


def shared_files(paths: list[Path] | None) -> list[Path]:
    """The JSON files of ``--shared`` (a folder: its ``*.json``, sorted)."""
    return [f for p in paths or () for f in (sorted(p.glob("*.json")) if p.is_dir() else [p])]


def collect(args: argparse.Namespace) -> dict[str, list]:
    """The puzzles of the run by set name: the bundled ``--sets``, then ``shared-<file>``."""
    sets = {name: datasets.load(name, limit=args.limit, **SETS.get(name, {})) for name in args.sets}
    for path in args.file or ():
        lines = [line.split()[0] for line in path.read_text().splitlines() if line.strip()]
        sets[f"file-{path.stem}"] = [Grid.parse(line) for line in lines][: args.limit]
    for path in shared_files(args.shared):
        puzzles = load_puzzles(path)
        if len(puzzles) > args.shared_sample:
            puzzles = random.Random(0).sample(puzzles, args.shared_sample)
        sets[f"shared-{path.stem}"] = puzzles[: args.limit]
    return sets


def forget_memos() -> None:
    """Drop what an explanation leaves for a hint of the same puzzle: whether the model is
    proper, and the line clues' automata with their memos (private caches, cleared here
    so that ``--cold-hint`` times a hint as a fresh process would)."""
    from sudoku_cp.model import constraints
    from sudoku_cp.reasoning.techniques import board

    board._is_proper.cache_clear()
    constraints._sandwich_automaton.cache_clear()
    constraints._skyscraper_automaton.cache_clear()


def run(args: argparse.Namespace) -> None:
    """Explain every puzzle of each set to the end and print one line per set."""
    print(machine())
    print(f"# premise check: {'off' if args.no_check else 'on'}; CPU seconds per full explanation")
    if args.cold_hint:
        print("# hints timed cold: nothing remembered from the explanation before them")
    if args.no_check:
        stepwise.check_deduction = lambda *arguments, **options: None
    for name, grids in collect(args).items():
        seconds, hints, steps, used = [], [], [], Counter()
        solved = last_resort = total = hard = forcing = printed = 0
        for grid in grids:
            start = time.process_time()
            path = explain(grid)
            seconds.append(time.process_time() - start)
            solved += path.solved
            steps.append(len(path))
            used.update(step.technique_id for step in path)
            last_resort += sum(search_backed(step) for step in path)
            total += len(path)
            hard += sum(step.technique_id not in SINGLES for step in path)
            forcing += sum(step.technique_id in FORCING for step in path)
            printed += sum(
                step.technique_id in FORCING and getattr(step, "net", None) is not None for step in path
            )
            middle = path.state(len(path) // 2)[1]
            if args.cold_hint:
                forget_memos()
            start = time.process_time()
            hint(grid, candidates=middle)
            hints.append(time.process_time() - start)
        line = (
            f"{name:<11} n={len(grids):<4} solved={100 * solved / len(grids):5.1f}%  "
            f"median={statistics.median(seconds):6.3f} s  max={max(seconds):6.2f} s  "
            f"steps={statistics.median(steps):5.0f}  "
            f"search-backed={100 * last_resort / max(hard, 1):5.2f}% of non-single steps  "
            f"forcing steps with their net={printed}/{forcing}  "
            f"hint median={statistics.median(hints):6.3f} s"
        )
        print(line, flush=True)
        if args.hodoku and grids and is_classic_9x9(grids[0]):
            ok, theirs = hodoku_line(grids)
            ratio = statistics.median(seconds) / statistics.median(theirs)
            print(
                f"{'  hodoku':<11} n={len(grids):<4} solved={100 * ok / len(grids):5.1f}%  "
                f"median={statistics.median(theirs):6.3f} s  max={max(theirs):6.2f} s  "
                f"(ours / hodoku-py median: x{ratio:.2f})",
                flush=True,
            )
        if args.larsdoku and grids and is_classic_9x9(grids[0]):
            ok, theirs = larsdoku_line(grids)
            ratio = statistics.median(seconds) / statistics.median(theirs)
            print(
                f"{'  larsdoku':<11} n={len(grids):<4} solved={100 * ok / len(grids):5.1f}%  "
                f"median={statistics.median(theirs):6.3f} s  max={max(theirs):6.2f} s  "
                f"(ours / larsdoku median: x{ratio:.2f})",
                flush=True,
            )
        if args.techniques:
            for technique, count in used.most_common():
                print(f"    {technique:<34} {count}")


if __name__ == "__main__":
    main()
