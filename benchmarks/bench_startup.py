"""Start-up costs: ``import sudoku_cp``, and one-shot ``sudoku-cp solve`` runs, in milliseconds.

Each figure is the median (and the minimum) of ``--runs`` fresh Python processes:

* ``import sudoku_cp``: the package's own line of ``python -X importtime`` (cumulative
  microseconds of importing it, interpreter start-up excluded), and the heaviest modules
  it pulls in (their self time, median over the runs);
* wall and CPU time of ``python -c "import sudoku_cp"`` and, for reference, of
  ``python -c pass`` (CPU time is robust to other load on the machine; wall time is not);
* wall and CPU time of ``sudoku-cp solve --backend B`` on one 9x9 puzzle (the first of top95),
  for each backend named by ``--backend`` (``backtracking`` and ``auto``, the default, by default).

* with ``--instructions``: the instructions executed (Valgrind's callgrind, one run each) by
  bare Python, ``import sudoku_cp`` and each CLI solve, each less bare Python's: unlike a
  CPU time, a count other load on the machine does not change;
* with ``--first N``: the CPU time of the first solve of a process, for each of the first
  N puzzles of top95, by ``auto``, ``backtracking`` and ``sat`` (each in fresh processes,
  the median of ``--runs``; the backend's imports are in it, the interpreter's and
  ``import sudoku_cp`` are not), and auto's ratio to the faster of the two backends on
  each puzzle: what the first puzzle of a process costs.

The package is byte-compiled first (``compileall``): a user's installed package has its
``.pyc`` files, so compiling it on every run (as with ``PYTHONDONTWRITEBYTECODE``) would
measure the compiler, not the import.

Usage::

    python benchmarks/bench_startup.py
    python benchmarks/bench_startup.py --runs 21 --backend backtracking --backend cpsat
    python benchmarks/bench_startup.py --instructions   # also Valgrind's instruction counts
    python benchmarks/bench_startup.py --instructions --baseline ../main   # and main's, with ratios
"""

from __future__ import annotations

import argparse
import compileall
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import add_write_option, machine, recording, write_if_asked  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-c", "import sys; from sudoku_cp.cli import app; sys.exit(app())"]
"""``sudoku-cp`` as its console script runs it, on the package of this checkout (every
process runs in the checkout's root, so the installed package does not stand in for it)."""


def import_times(runs: int) -> tuple[list[float], dict[str, list[float]]]:
    """Milliseconds of ``import sudoku_cp`` per run, and each module's self milliseconds per run."""
    totals, selves = [], {}
    for _ in range(runs):
        err = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import sudoku_cp"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stderr
        lines = [line.split("|") for line in err.splitlines() if line.startswith("import time:")]
        rows = [(int(a.split(":")[1]), int(b), name.rstrip()) for a, b, name in lines[1:]]
        totals.append(next(cum for _, cum, name in rows if name == " sudoku_cp") / 1000)
        start = next(i for i, (_, _, name) in enumerate(rows) if name.strip() == "sudoku_cp")
        # the modules imported on behalf of sudoku_cp come just before its own line
        top = start
        while top > 0 and rows[top - 1][2].startswith("  "):
            top -= 1
        for own, _, name in rows[top:start]:
            selves.setdefault(name.strip(), []).append(own / 1000)
    return totals, selves


def process_times(command: list[str], runs: int, stdin: str = "") -> tuple[list[float], list[float]]:
    """Milliseconds of wall time, and of CPU time (user plus system), of ``command``
    (given ``stdin``) per run. CPU time is what the process costs whatever else the
    machine runs; wall time is what a user waits on this machine now."""
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, input=stdin.encode(), check=True, capture_output=True, cwd=ROOT)
        wall.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return wall, cpu


def instructions(command: list[str], stdin: str = "", root: Path = ROOT) -> float:
    """Millions of instructions ``command`` executes, counted by Valgrind's callgrind: the
    same on a busy machine as on a quiet one (a CPU time is not), about 6 a nanosecond
    of this package's Python code here (the ratio varies between machines)."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        input=stdin.encode(),
        capture_output=True,
        check=True,
        cwd=root,
    ).stderr.decode()
    return int(re.search(r"Collected : (\d+)", out)[1]) / 1e6


def instruction_lines(puzzle: str, backends: list[str], baseline: Path | None = None) -> None:
    """Print the instructions of bare Python, ``import sudoku_cp`` and each CLI solve, each
    less bare Python's (one run each: the count barely varies); with ``baseline`` (another
    checkout's root), its counts too, and this checkout's ratio to them."""
    bare = instructions([sys.executable, "-c", "pass"])
    print(f"{'python -c pass (instructions)':<62} {bare:8.1f} M")
    commands = {"import sudoku_cp": ([sys.executable, "-c", "import sudoku_cp"], "")}
    for backend in backends:
        label = f"sudoku-cp solve --backend {backend} (9x9)"
        commands[label] = ([*CLI, "solve", "--backend", backend], puzzle + "\n")
    if baseline is not None:
        compileall.compile_dir(baseline / "sudoku_cp", quiet=1)
    for label, (command, stdin) in commands.items():
        own = instructions(command, stdin) - bare
        text = f"{label + ', less python -c pass (instructions)':<62} {own:8.1f} M"
        if baseline is not None:
            theirs = instructions(command, stdin, baseline) - bare
            text += f"  baseline {theirs:8.1f} M  x{own / theirs:.2f}"
        print(text)


FIRST_SOLVE = """
import sys, time
import sudoku_cp
from sudoku_cp import datasets
puzzle = datasets.load("top95")[int(sys.argv[1])]
start = time.process_time()
sudoku_cp.solve(puzzle, backend=sys.argv[2])
print(time.process_time() - start)
"""


def first_solves(count: int, runs: int) -> None:
    """Print the first solve of a process (CPU ms, median of ``runs``) per puzzle and backend."""
    ratios = []
    for index in range(count):
        ms = {}
        for backend in ("auto", "backtracking", "sat"):
            times = []
            for _ in range(runs):
                out = subprocess.run(
                    [sys.executable, "-c", FIRST_SOLVE, str(index), backend],
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=ROOT,
                ).stdout
                times.append(float(out.split()[-1]) * 1000)
            ms[backend] = statistics.median(times)
        ratio = ms["auto"] / min(ms["backtracking"], ms["sat"])
        ratios.append(ratio)
        print(
            f"first solve of a process, top95 #{index:<3} auto {ms['auto']:7.1f} ms  "
            f"backtracking {ms['backtracking']:7.1f} ms  sat {ms['sat']:7.1f} ms  auto/faster x{ratio:.2f}"
        )
    print(
        f"first solve of a process: auto / faster backend median x{statistics.median(ratios):.2f}, "
        f"max x{max(ratios):.2f}"
    )


def line(label: str, ms: list[float]) -> str:
    return f"{label:<52} median={statistics.median(ms):8.1f} ms  min={min(ms):8.1f} ms  (n={len(ms)})"


def lines(label: str, command: list[str], runs: int, stdin: str = "") -> list[float]:
    """Print the wall and CPU lines of ``command``; return its CPU milliseconds per run."""
    wall, cpu = process_times(command, runs, stdin)
    print(line(f"{label} (wall)", wall))
    print(line(f"{label} (CPU)", cpu))
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=11, help="processes per figure (default 11)")
    parser.add_argument("--backend", action="append", help="repeatable; default: backtracking")
    parser.add_argument("--top", type=int, default=8, help="heaviest modules to list (default 8)")
    parser.add_argument("--first", type=int, default=0, help="time the first solve of a process on N puzzles")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count instructions with Valgrind (callgrind): figures a busy machine does not move",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="with --instructions: another checkout's root (e.g. main's) to count and compare with",
    )
    add_write_option(parser, __file__)
    args = parser.parse_args()
    with recording() as log:
        print(machine())
        compileall.compile_dir(ROOT / "sudoku_cp", quiet=1)
        totals, selves = import_times(args.runs)
        print(line("import sudoku_cp (-X importtime, cumulative)", totals))
        heaviest = sorted(selves.items(), key=lambda item: -statistics.median(item[1]))[: args.top]
        for name, ms in heaviest:
            print(f"    {name:<40} self median={statistics.median(ms):7.1f} ms")
        bare = statistics.median(lines("python -c pass", [sys.executable, "-c", "pass"], args.runs))
        shares = {
            "import sudoku_cp": lines(
                "python -c 'import sudoku_cp'", [sys.executable, "-c", "import sudoku_cp"], args.runs
            )
        }
        puzzle = (ROOT / "sudoku_cp" / "data" / "top95.txt").read_text().split()[0]
        for backend in args.backend or ["backtracking", "auto"]:
            command = [*CLI, "solve", "--backend", backend]
            label = f"sudoku-cp solve --backend {backend} (9x9)"
            shares[label] = lines(label, command, args.runs, puzzle + "\n")
        # the package's own share: the process's CPU median less bare Python's, in the same run
        for label, cpu in shares.items():
            print(
                f"{label + ', less python -c pass (CPU)':<62} median={statistics.median(cpu) - bare:8.1f} ms"
            )
        if args.instructions:
            if shutil.which("valgrind") is None:
                parser.error("--instructions needs valgrind (apt-get install valgrind)")
            instruction_lines(puzzle, args.backend or ["backtracking", "auto"], args.baseline)
        if args.first:
            first_solves(args.first, args.runs)
    write_if_asked(args, log, "Start-up: import and one-shot CLI", "one top95 puzzle (the first)")


if __name__ == "__main__":
    main()
