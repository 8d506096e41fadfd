"""Benchmark explaining real published variant puzzles from their links (issue 32's "real
variant puzzles" target: each puzzle the package solves is explained to the end in under
10 s of CPU, with variant steps that give their argument).

Reads the links corpus (``benchmarks/links_corpus.py`` builds it; the records whose
licence is unknown are read from a path, never shipped) and the results of
``bench_links.py`` (a JSON Lines file of ``id`` and ``outcome``) to keep the puzzles it
answered right; takes a seeded sample of them, and explains each in a child process
capped at ``--cpu`` seconds of CPU (``RLIMIT_CPU``), for this checkout and, in the same
run, for ``--baseline`` (another checkout's root; the two in turn on each puzzle, so both
see the same load), then a table of both per puzzle. Per puzzle: explained to the end or
not (stalled, cut off, over the cap), CPU seconds, steps, variant steps over a sum,
arrow or sandwich, and how many of them carry an argument (``Step.argument``). With ``--rows``,
where each child's CPU went: before the first step (the solve and the board), per
technique row (CPU inside its finder, calls, deductions found) and the rest (mostly the
steps' checks), also for a child stopped at the CPU cap (it stops on SIGXCPU and says
where the time had gone): the profile to read before speeding anything up.

Usage::

    python benchmarks/bench_explain_links.py --corpus /work/corpus --all \\
        --results /work/notes/links_results_s12b.jsonl --sample 60 --jobs 2 \\
        --include sudoku_bench/39GDNpTT9J --baseline /work/main --write
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARGUED = {
    "cage-combinations",
    "sum",
    "little-killer",
    "outside-sum",
    "arrow",
    "region-sum-line",
    "sandwich",
    "renban",
    "rule-of-45",
    "cage-combinations-in-a-unit",
    "cage-pointing",
}
"""The ids (``Step.technique_id``, a row of the technique table) of the techniques whose
steps give an argument: as data (``Step.argument``: a sum's combinations, an arrow's
totals) or in words (``Step.reason``: the rule of 45's arithmetic, the combinations of
the cages in a unit)."""
KINDS = (
    "killercage",
    "cage with total",
    "littlekillersum",
    "arrow",
    "sandwichsum",
    "regionsumline",
    "iss:cage",
    "iss:littlekiller",
    "iss:sandwich",
    "iss:sum",
)
"""The link elements (:func:`bench_links.payload_kinds`, compared in lower case: f-puzzles
and SudokuPad keys, ISS constraint types such as ``iss:Cage``) of the clues whose steps
give an argument: a puzzle with one of them is kept unless ``--all``."""


class _OverCap(BaseException):
    """The child's CPU soft limit passed (SIGXCPU, with ``--rows``): stop and report the rows' times."""


def _over_cap(signum, frame) -> None:
    raise _OverCap


def timed_rows(times: dict[str, list], first: list[float]) -> tuple:
    """The technique table (:data:`sudoku_cp.reasoning.techniques.TECHNIQUES`, same rows,
    same order) with each row's finder timed: ``times[row id] = [CPU seconds inside the
    finder, calls, deductions yielded]``; ``first[0]`` becomes the CPU time
    (``time.process_time``) of the first finder call (what comes before it is the solve and
    the board). Only the time spent inside the finder counts, not the caller's between two
    deductions."""
    from dataclasses import replace

    from sudoku_cp.reasoning.techniques import TECHNIQUES

    def timed(row):
        key, finder = str(row.id), row.find

        def find(board, candidates, placed):
            entry = times.setdefault(key, [0.0, 0, 0])
            entry[1] += 1
            if not first:
                first.append(time.process_time())
            found = iter(finder(board, candidates, placed))
            while True:
                start = time.process_time()
                try:
                    deduction = next(found)
                except StopIteration:
                    return
                finally:
                    entry[0] += time.process_time() - start
                entry[2] += 1
                yield deduction

        return replace(row, find=find)

    return tuple(timed(row) for row in TECHNIQUES)


def child(record: dict, cpu: float, wall: float = 3.0, rows: bool = False) -> dict:
    """Explain one record in this process (the child, whose ``PYTHONPATH`` names the
    checkout: nothing here imports the package before), with a time limit of ``wall``
    times ``cpu`` seconds (a busy machine gives a child less than a core); its row. With
    ``rows``, the row also says where the CPU went (:func:`timed_rows`; ``"rows"``:
    per technique row, ``"before"``: seconds before the first finder call), and a child
    over the CPU cap stops on SIGXCPU and reports them too."""
    cap = max(1, int(cpu + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
    import sudoku_cp

    times: dict[str, list] = {}
    first: list[float] = []
    techniques = timed_rows(times, first) if rows else None
    if rows:
        signal.signal(signal.SIGXCPU, _over_cap)
    start = time.process_time()

    def spent() -> dict:
        if not rows:
            return {}
        now = time.process_time()
        return {"rows": times, "before": (first[0] if first else now) - start, "spent": now - start}

    try:
        path = sudoku_cp.explain(record["link"], time_limit=cpu * wall, techniques=techniques)
    except (sudoku_cp.errors.SolveTimeoutError, _OverCap):  # the wall-clock limit, or the CPU cap
        return _failed("over the CPU cap", "over", **spent())
    except sudoku_cp.errors.SudokuError as error:
        return _failed(str(error)[:200], type(error).__name__, **spent())
    seconds = time.process_time() - start
    variant = [s for s in path if s.technique_id in ARGUED]
    argued = [s for s in variant if s.argument is not None or s.reason]
    return {
        "solved": bool(path.solved),
        "cpu": seconds,
        "steps": len(path.steps),
        "variant": len(variant),
        "argued": len(argued),
        "example": str(argued[0]) if argued else "",
        "package": str(Path(sudoku_cp.__file__).parent.parent),
        **spent(),
    }


def where_it_went(row: dict, top: int = 5) -> str:
    """One line of a ``--rows`` row: the CPU seconds before the first step (the solve and
    the board), of the ``top`` costliest technique rows (with their calls and deductions
    found), and of the rest (mostly the step checks)."""
    rows = sorted(row["rows"].items(), key=lambda item: -item[1][0])
    inside = sum(seconds for seconds, _, _ in row["rows"].values())
    parts = [f"before the first step {row['before']:.2f} s"]
    parts += [
        f"{key} {seconds:.2f} s ({calls} calls, {found} found)" for key, (seconds, calls, found) in rows[:top]
    ]
    parts.append(f"other rows {inside - sum(r[1][0] for r in rows[:top]):.2f} s")
    parts.append(f"the rest (step checks) {row['spent'] - row['before'] - inside:.2f} s")
    return "; ".join(parts)


def _failed(error: str, error_class: str, **extra) -> dict:
    """The row of an explanation that did not finish: ``error`` its message, ``error_class``
    the exception's class name (``"over"`` when the CPU cap stopped the child)."""
    return {"solved": False, "cpu": None, "steps": 0, "variant": 0, "argued": 0,
            "error": error, "error_class": error_class, **extra}  # fmt: skip


def run_one(record: dict, root: Path, cpu: float, wall: float = 3.0, rows: bool = False) -> dict:
    """Run :func:`child` in a fresh interpreter (importing ``sudoku_cp`` from ``root``)."""
    command = [sys.executable, __file__, "--child", json.dumps(record), str(cpu), str(wall)]
    command += ["--rows"] if rows else []
    env = {**os.environ, "PYTHONPATH": str(Path(root).resolve())}
    start = time.time()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env, cwd="/")
    if done.returncode == 0 and done.stdout.strip():
        return json.loads(done.stdout.strip().splitlines()[-1])
    wall_seconds = time.time() - start
    if done.returncode < 0:  # killed by RLIMIT_CPU's signal (or the wall-clock limit)
        return _failed("over the CPU cap", "over", wall=wall_seconds)
    reason = (done.stderr.strip().splitlines() or ["crash"])[-1][:200]
    return _failed(reason, "crash", wall=wall_seconds)


def records_of(args: argparse.Namespace, payload_kinds) -> list[dict]:
    """The sampled records the package answered right."""
    right = set()
    for line in args.results.read_text(encoding="utf-8").splitlines():
        row = json.loads(line) if line.strip() else {}
        if row.get("outcome") == "right":
            right.add(row["id"])
    records = []
    for file in sorted(args.corpus.glob("*.jsonl")):
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line) if line.strip() else {}
            if record.get("id") not in right or "link" not in record:
                continue
            kinds = [kind.lower() for kind in payload_kinds(record["link"])]
            if args.all or any(k in kind for kind in kinds for k in KINDS):
                records.append({"id": record["id"], "source": record["source"], "link": record["link"]})
    random.Random(args.seed).shuffle(records)
    included = set(args.include)
    chosen = [r for r in records if r["id"] in included]
    chosen += [r for r in records if r["id"] not in included][: max(0, args.sample - len(chosen))]
    return sorted(chosen, key=lambda r: r["id"])


def _cell(row: dict, cpu: float) -> str:
    """A row's CPU seconds when explained to the end within ``cpu``, else why not."""
    if row["solved"] and row["cpu"] is not None and row["cpu"] <= cpu:
        return f"{row['cpu']:.2f}"
    if row["cpu"] is None:
        return "over" if row.get("error_class") == "over" else "refused"
    return f"{row['cpu']:.2f} (not to the end)"


def summary(name: str, rows: list[dict], cpu: float) -> None:
    solved = [r for r in rows if r["solved"] and r["cpu"] is not None and r["cpu"] <= cpu]
    times = [r["cpu"] for r in rows if r["cpu"] is not None]
    median = statistics.median(times) if times else float("nan")
    variant = sum(r["variant"] for r in rows)
    argued = sum(r["argued"] for r in rows)
    print(
        f"{name}: n={len(rows)}  explained to the end within {cpu:g} s CPU: {len(solved)}/{len(rows)}  "
        f"median CPU (finished calls)= {median:.3f} s  max= {max(times, default=float('nan')):.3f} s  "
        f"variant steps with their argument= {argued}/{variant}"
    )
    missed = Counter(_why_not(r, cpu) for r in rows if r not in solved)
    for why, count in missed.most_common():
        print(f"    not explained within {cpu:g} s: {count} x {why}")


def _why_not(row: dict, cpu: float) -> str:
    """Why a row was not explained to the end within ``cpu`` seconds, by the error's class."""
    if row["cpu"] is not None:
        return "stopped before the end" if not row["solved"] else f"finished past {cpu:g} s"
    error_class = row.get("error_class", "crash")
    if error_class == "over":
        return "over the CPU cap"
    if error_class == "crash":
        return "crash: " + row.get("error", "")[:80]
    return f"refused ({error_class})"


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import add_write_option, recording, write_if_asked
    from bench_links import payload_kinds

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/corpus"))
    parser.add_argument(
        "--results",
        type=Path,
        default=Path("/work/notes/links_results_s12b.jsonl"),
        help="bench_links.py's per-puzzle outcomes (JSON Lines of id and outcome)",
    )
    parser.add_argument("--sample", type=int, default=12)
    parser.add_argument(
        "--include",
        action="append",
        default=[],
        metavar="ID",
        help="a puzzle id always measured (counted in --sample; repeat the option)",
    )
    parser.add_argument(
        "--all", action="store_true", help="every puzzle answered right, not only those with sums"
    )
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--cpu", type=float, default=10.0, help="CPU seconds per explanation (default 10)")
    parser.add_argument(
        "--wall",
        type=float,
        default=3.0,
        help="wall-clock limit per explanation, in multiples of --cpu (default 3; more on a busy machine)",
    )
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout's root, same puzzles")
    parser.add_argument(
        "--jobs", type=int, default=1, help="puzzles measured at once (each child's own CPU time is measured)"
    )
    parser.add_argument(
        "--rows",
        action="store_true",
        help="say where each child's CPU went: before the first step (the solve), the costliest "
        "technique rows (CPU, calls, found), the rest (the step checks); over the cap too",
    )
    parser.add_argument("--note", default="", help="a sentence for the report (the machine's load...)")
    add_write_option(parser, __file__)
    args = parser.parse_args()
    records = records_of(args, payload_kinds)
    with recording() as log:
        which = "puzzles" if args.all else "puzzles with a clue of " + ", ".join(KINDS)
        print(
            f"# {len(records)} {which} answered right by bench_links ({args.results.name}), seed {args.seed}"
        )
        print(
            f"# each explained in a child process capped at {args.cpu:g} s of CPU "
            f"(and {args.cpu * args.wall:g} s of wall-clock time)"
        )
        roots = [("this checkout", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
        rows: dict[str, list[dict]] = {name: [] for name, _ in roots}

        def measure(record: dict) -> list[dict]:  # the checkouts in turn on a puzzle: the same load
            return [run_one(record, root, args.cpu, args.wall, args.rows) for _, root in roots]

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:  # children in parallel, read in order
            measured = pool.map(measure, records)
            for record, results in zip(records, measured, strict=True):
                for (name, _), row in zip(roots, results, strict=True):
                    rows[name].append(row)
                    cpu = "over" if row["cpu"] is None else f"{row['cpu']:.2f} s"
                    end = "solved" if row["solved"] else row.get("error", "stalled or cut off")
                    print(
                        f"  {record['id']} ({name}): {cpu}, {end}, steps {row['steps']}, "
                        f"argued {row['argued']}/{row['variant']}"
                    )
                    if row.get("example") and name == roots[0][0]:
                        print(f"      e.g. {row['example'][:240]}")
                    if "rows" in row:
                        print(f"      {where_it_went(row)}")
        for name, _ in roots:
            packages = sorted({r["package"] for r in rows[name] if "package" in r})
            print(f"# {name}: the package imported from {', '.join(packages) or 'n/a'}")
            summary(name, rows[name], args.cpu)
        if args.baseline:
            print(f"# per puzzle, CPU seconds: this checkout / baseline ('over': past {args.cpu:g} s)")
            for i, record in enumerate(records):
                now, before = rows[roots[0][0]][i], rows["baseline"][i]
                print(f"  {record['id']}: {_cell(now, args.cpu)} / {_cell(before, args.cpu)}")
    data = f"{len(records)} published puzzles sampled (seed {args.seed}) from {args.corpus}"
    data += " (provenance and licences in benchmarks/data/links/README.md)"
    write_if_asked(args, log, "Explaining real published variant puzzles", data, notes=args.note)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:  # a child: explain one record
        wall = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
        print(json.dumps(child(json.loads(sys.argv[2]), float(sys.argv[3]), wall, "--rows" in sys.argv[5:])))
    else:
        main()
