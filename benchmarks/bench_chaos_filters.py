"""Benchmark a chaos construction's filters (``sudoku_cp/engine/chaos.py``): CPU per call of
the regions propagator (``chaos_propagator``) and of the chaos count and arrow filters
(``clue_propagator``), on states of real chaos puzzles, for this checkout and, in the same
run, for ``--baseline`` (another checkout's root), with a check that both remove the same
candidates.

The states: for each chaos construction of the links corpus (the records whose link holds
``ChaosConstruction``, read from ``--corpus``: not shipped), a seeded walk from the Board's
initial candidates: suppose a random candidate of a random open cell (a digit or a region
label), record the state (what a filter sees in a forcing net), run the filters to a fixpoint
(this checkout's), and start again from the initial candidates after a contradiction. Each
checkout then runs each filter on each state in a child process (``PYTHONPATH`` its root):
CPU microseconds per call (``time.process_time``, the states in turn, ``--repeat`` times),
and a SHA-256 of every result and narrowed state (equal digests: the same removals). The
table gives, per puzzle, both checkouts' figures and their ratio, and the median ratio.

Usage::

    python benchmarks/bench_chaos_filters.py --corpus /work/corpus --baseline /work/wt16-base --write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def filters(link: str):
    """The puzzle's regions propagator and clue filters (as the Board builds them), and its
    Board's initial candidates."""
    from sudoku_cp.engine.chaos import chaos_propagator, clue_propagator
    from sudoku_cp.io.inputs import as_puzzle
    from sudoku_cp.model.chaos import ChaosRegions
    from sudoku_cp.model.constraints import Regular
    from sudoku_cp.reasoning.techniques.board import Board

    board = Board(as_puzzle(link)[0].model)
    model = board.model
    regions = [
        chaos_propagator(c, model.value_count) for c in model.constraints if isinstance(c, ChaosRegions)
    ]
    clues = [clue_propagator(c, model.side) for c in model.constraints if isinstance(c, Regular)]
    return regions, [c for c in clues if c is not None], board.initial()


def walk(link: str, count: int, seed: int) -> list[list[int]]:
    """``count`` states of a seeded walk of suppositions (see the module docstring)."""
    regions, clues, initial = filters(link)
    rng = random.Random(seed)
    states, state = [], list(initial)
    while len(states) < count:
        open_cells = [c for c, m in enumerate(state) if m & (m - 1)]
        if not open_cells:
            state = list(initial)
            continue
        cell = rng.choice(open_cells)
        values = [v for v in range(state[cell].bit_length()) if state[cell] >> v & 1]
        state[cell] = 1 << rng.choice(values)
        states.append(list(state))
        alive = True
        for _ in range(20):  # a few rounds towards the fixpoint
            changed = False
            for propagate in (*regions, *clues):
                result = propagate(state)
                if result is None:
                    alive = False
                    break
                changed |= bool(result)
            if not alive or not changed:
                break
        if not alive:  # a contradiction: start again
            state = list(initial)
    return states


def child(path: str, repeat: int) -> dict:
    """Time this process's package's filters on the states in ``path``: per puzzle, µs per
    call of the regions propagator and of the clue filters, and the digest of the results."""
    puzzles = pickle.loads(Path(path).read_bytes())
    out = {}
    for name, (link, states) in puzzles.items():
        regions, clues, _ = filters(link)
        row = {}
        digest = hashlib.sha256()
        for kind, group in (("regions", regions), ("clues", clues)):
            spent, calls = 0.0, 0
            for propagate in group:
                for state in states:  # the results once, for the digest
                    trial = list(state)
                    digest.update(repr((propagate(trial), trial)).encode())
                start = time.process_time()
                for _ in range(repeat):
                    for state in states:
                        propagate(list(state))
                spent += time.process_time() - start
                calls += repeat * len(states)
            row[kind] = 1e6 * spent / calls if calls else None
        row["digest"] = digest.hexdigest()
        out[name] = row
    return out


def run(root: Path, path: str, repeat: int) -> dict:
    """:func:`child` in a fresh interpreter importing ``sudoku_cp`` from ``root``."""
    command = [sys.executable, __file__, "--child", path, "--repeat", str(repeat)]
    env = {**os.environ, "PYTHONPATH": str(root.resolve())}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env, cwd="/")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import add_write_option, recording, write_if_asked

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/corpus"))
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout's root")
    parser.add_argument("--states", type=int, default=150, help="states per puzzle (default 150)")
    parser.add_argument("--repeat", type=int, default=3, help="runs over the states (default 3)")
    parser.add_argument("--seed", type=int, default=16)
    add_write_option(parser, __file__)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    puzzles = {}
    for file in sorted(args.corpus.glob("*.jsonl")):
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line) if line.strip() else {}
            if "ChaosConstruction" in record.get("link", ""):
                puzzles[record["id"]] = (record["link"], walk(record["link"], args.states, args.seed))
    with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as handle:
        handle.write(pickle.dumps(puzzles))
    try:
        mine = run(ROOT, handle.name, args.repeat)
        base = run(args.baseline, handle.name, args.repeat) if args.baseline else None
    finally:
        os.unlink(handle.name)
    with recording() as log:
        report(mine, base, len(puzzles), args)
    licences = "provenance and licences in benchmarks/data/links/README.md"
    sources = f"the chaos constructions of {args.corpus} ({licences})"
    write_if_asked(args, log, "The chaos construction's filters, per call", sources)


def report(mine: dict, base: dict | None, count: int, args: argparse.Namespace) -> None:
    """Print each puzzle's CPU per call of both filters, both checkouts, and the medians."""
    print(f"# {count} chaos constructions of {args.corpus}, {args.states} states each, seed {args.seed}")
    print("# µs per call (CPU): this checkout / baseline (ratio); same: the same removals")
    ratios: dict[str, list[float]] = {"regions": [], "clues": []}
    for name, row in mine.items():
        cells = []
        for kind in ("regions", "clues"):
            here = row[kind]
            there = base[name][kind] if base else None
            if here is None:
                cells.append(f"{kind} -")
            elif there:
                ratios[kind].append(here / there)
                cells.append(f"{kind} {here:.1f} / {there:.1f} (x{here / there:.2f})")
            else:
                cells.append(f"{kind} {here:.1f}")
        same = "" if base is None else f", same: {row['digest'] == base[name]['digest']}"
        print(f"  {name}: {', '.join(cells)}{same}")
    for kind, found in ratios.items():
        if found:
            print(f"median ratio {kind}: x{statistics.median(found):.2f} over {len(found)} puzzles")


def child_main() -> None:
    """A child's entry (``--child PATH --repeat N``): it imports nothing from the
    benchmarks' helpers, which would put this checkout's root before ``PYTHONPATH``'s."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", required=True)
    parser.add_argument("--repeat", type=int, required=True)
    args = parser.parse_args()
    print(json.dumps(child(args.child, args.repeat)))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child_main()
    else:
        main()
