"""Benchmark the other paradigms: integer programming (``"mip"``, HiGHS) and exact cover
(``"exact-cover"``, Algorithm X with dancing links), each proving the smallest row-major
solution, against plain one-worker CP-SAT (``"cpsat"``, the package's baseline) in the same run.

For each data set, every puzzle is solved by each configuration in turn (CPU seconds of
the process, ``time.process_time``: HiGHS's threads included), and each answer is checked
against CP-SAT's (the run stops on a disagreement). Printed per set and configuration:
puzzles, median, mean and max milliseconds, and the ratio of medians to CP-SAT's.

Configurations: ``cpsat`` (``workers=1``), ``mip`` (``proof="hybrid"``, the default),
``exact-cover`` (``proof="witness"``, the default) and ``exact-cover row-major``
(``proof="row-major"``); ``--proofs`` adds ``mip witness`` and ``mip chain``.

Default sets: top95 and hex16 in full, the first ``--sample`` puzzles of easy50, hardest,
top1465 and sudoku17, and of each bundled variant set. ``--mip-limit`` caps the puzzles
MIP gets per set (it is the slowest here). ``--write`` puts the figures into
``docs/backends/mip.md`` and ``docs/backends/exact_cover.md`` (between the
``figures`` markers); ``--csv PATH`` writes one row per (configuration, puzzle).

Usage::

    python benchmarks/bench_paradigms.py                      # about 10 minutes
    python benchmarks/bench_paradigms.py --dataset top95 --dataset hex16 --write
    python benchmarks/bench_paradigms.py --dataset gen_killer --proofs
    python benchmarks/bench_paradigms.py --csv runs.csv         # then, without solving again:
    python benchmarks/bench_paradigms.py --from-csv runs.csv --write
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPORT_DIR, machine, write_markdown_report  # noqa: E402

from sudoku_cp import datasets  # noqa: E402
from sudoku_cp.backends import get_backend  # noqa: E402
from sudoku_cp.io.inputs import to_puzzle  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs" / "backends"
FULL_SETS = ["top95", "hex16"]
SAMPLED_SETS = ["easy50", "hardest", "top1465", "sudoku17"]
VARIANT_SETS = [name for name in datasets.names() if datasets.is_variant_set(name)]

CONFIGURATIONS = {
    "cpsat": ("cpsat", {"workers": 1}),
    "mip": ("mip", {}),
    "exact-cover": ("exact-cover", {}),
    "exact-cover row-major": ("exact-cover", {"proof": "row-major"}),
}
PROOF_CONFIGURATIONS = {
    "mip witness": ("mip", {"proof": "witness"}),
    "mip chain": ("mip", {"proof": "chain"}),
}


def puzzles_of(name: str, sample: int) -> list:
    if name in FULL_SETS:
        return [to_puzzle(p) for p in datasets.load(name)]
    if name == "sudoku17":
        return [to_puzzle(p) for p in datasets.load(name, sample=sample, seed=1)]
    return [to_puzzle(p) for p in datasets.load(name)[:sample]]


def run(name: str, puzzles: list, configurations: dict, mip_limit: int | None, rows: list) -> list[dict]:
    """Time every configuration on every puzzle; the summary lines of the set."""
    answers: dict[int, str] = {}
    summary = []
    for label, (backend, options) in configurations.items():
        solve = get_backend(backend).solve
        chosen = puzzles[:mip_limit] if backend == "mip" and mip_limit else puzzles
        seconds = []
        for index, puzzle in enumerate(chosen):
            start = time.process_time()
            solution, stats = solve(puzzle, time_limit=600, **options)
            seconds.append(time.process_time() - start)
            text = solution.to_string()
            if answers.setdefault(index, text) != text:
                raise SystemExit(f"{name} #{index}: {label} disagrees with cpsat: {text} != {answers[index]}")
            rows.append(
                {"dataset": name, "configuration": label, "puzzle": index, "cpu_s": seconds[-1], **stats}
            )
        summary.append(summarize(name, label, seconds))
    return with_ratios(summary, rows)


def summarize(name: str, label: str, seconds: list[float]) -> dict:
    ms = [s * 1000 for s in seconds]
    return {
        "dataset": name,
        "configuration": label,
        "n": len(ms),
        "median": statistics.median(ms),
        "mean": statistics.fmean(ms),
        "max": max(ms),
    }


def with_ratios(summary: list[dict], rows: list[dict]) -> list[dict]:
    """Add each line's ratio of medians to CP-SAT's (on the same puzzles when a sample)."""
    for line in summary:
        cpsat = [
            r["cpu_s"] for r in rows if r["dataset"] == line["dataset"] and r["configuration"] == "cpsat"
        ]
        line["ratio"] = line["median"] / (statistics.median(cpsat[: line["n"]]) * 1000)
    return summary


def from_csv(path: Path) -> list[dict]:
    """The summary lines of a run written with ``--csv`` (no solving)."""
    with path.open(newline="") as handle:
        rows = [dict(row, cpu_s=float(row["cpu_s"])) for row in csv.DictReader(handle)]
    keys = list(dict.fromkeys((r["dataset"], r["configuration"]) for r in rows))
    lines = [
        summarize(d, c, [r["cpu_s"] for r in rows if (r["dataset"], r["configuration"]) == (d, c)])
        for d, c in keys
    ]
    return with_ratios(lines, rows)


def show(line: dict) -> None:
    head = f"{line['dataset']:<12} {line['configuration']:<24} n={line['n']:<4}"
    times = f"median={line['median']:9.2f} ms  mean={line['mean']:9.2f} ms  max={line['max']:9.2f} ms"
    print(f"{head} {times}  x{line['ratio']:.2f} of cpsat", flush=True)


def table(lines: list[dict]) -> str:
    out = [
        "| set | configuration | puzzles | median ms | mean ms | max ms | median / cpsat |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for s in lines:
        out.append(
            f"| {s['dataset']} | {s['configuration']} | {s['n']} | {s['median']:.1f} | {s['mean']:.1f} "
            f"| {s['max']:.1f} | {s['ratio']:.2f} |"
        )
    return "\n".join(out)


def write_docs(lines: list[dict], command: str) -> None:
    for name, prefix in (("mip.md", "mip"), ("exact_cover.md", "exact-cover")):
        path = DOCS / name
        text = path.read_text(encoding="utf-8")
        start, end = "<!-- figures:start -->", "<!-- figures:end -->"
        if start not in text or end not in text:
            print(f"# {path}: no figures markers, not written")
            continue
        chosen = [
            s for s in lines if s["configuration"] in ("cpsat",) or s["configuration"].startswith(prefix)
        ]
        intro = f"Measured with `{command}` ({machine()[2:]}; CPU ms per puzzle):"
        block = f"{start}\n{intro}\n\n{table(chosen)}\n{end}"
        before, rest = text.split(start, 1)
        path.write_text(before + block + rest.split(end, 1)[1], encoding="utf-8")
        print(f"# wrote {path}")
    report = write_markdown_report(
        REPORT_DIR / "bench_paradigms.md",
        "Paradigms: exact cover and MIP against CP-SAT",
        command,
        [table(lines)],
        datasets=", ".join(dict.fromkeys(s["dataset"] for s in lines)),
        notes="CPU milliseconds per puzzle, every configuration with the proven smallest solution; "
        "median / cpsat is the ratio to one-worker CP-SAT's median in the same run.",
    )
    print(f"# wrote {report}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dataset", action="append", help="a bundled set (repeatable); default: see above")
    parser.add_argument("--sample", type=int, default=20, help="puzzles of each sampled set (default 20)")
    parser.add_argument(
        "--mip-limit", type=int, default=None, help="at most this many puzzles per set for mip"
    )
    parser.add_argument("--proofs", action="store_true", help="also mip's witness and chain proofs")
    parser.add_argument("--write", action="store_true", help="write the figures into docs/backends/")
    parser.add_argument("--csv", type=Path, help="one row per (configuration, puzzle)")
    parser.add_argument("--from-csv", type=Path, help="summarize (and --write) a run saved with --csv")
    args = parser.parse_args()
    if args.from_csv:
        lines = from_csv(args.from_csv)
        for line in lines:
            show(line)
        if args.write:
            write_docs(lines, f"python benchmarks/bench_paradigms.py --csv {args.from_csv.name}")
        return
    names = args.dataset or FULL_SETS + SAMPLED_SETS + VARIANT_SETS
    configurations = dict(CONFIGURATIONS, **(PROOF_CONFIGURATIONS if args.proofs else {}))
    print(machine())
    rows: list[dict] = []
    lines: list[dict] = []
    for name in names:
        puzzles = puzzles_of(name, args.sample)
        for line in run(name, puzzles, configurations, args.mip_limit, rows):
            lines.append(line)
            show(line)
    if args.csv:
        keys = sorted({key for row in rows for key in row}, key=lambda k: (k not in rows[0], k))
        with args.csv.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=keys)
            writer.writeheader()
            writer.writerows(rows)
    if args.write:
        write_docs(
            lines, "python benchmarks/bench_paradigms.py " + " ".join(sys.argv[1:]).replace(" --write", "")
        )


if __name__ == "__main__":
    main()
