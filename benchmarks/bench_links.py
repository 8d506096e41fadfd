"""Benchmark reading real published puzzles from their links: right, wrong or refused.

Each record of the corpus (JSON Lines, built by ``benchmarks/links_corpus.py``: ``id``,
``source``, ``link``, ``solution``...) is one real published variant puzzle, given as the
SudokuPad or f-puzzles link its setter shared, with the setter's solution. The script
calls ``sudoku_cp.solve(link, time_limit=...)`` on each, in a child process per puzzle
(its CPU time capped, so one stall cannot hang the run), and classifies the outcome:

* **right**: the answer equals the published solution;
* **wrong**: a different grid (the package solved another puzzle than the setter's);
* **no solution (wrong)**: ``NoSolutionError`` on a puzzle that has a solution;
* **refused**: another ``SudokuError`` (the package says what it cannot read or model),
  grouped by a normalised reason: the element or rule its message names, numbers and
  cells taken out;
* **timeout**: the child used its CPU time limit (``--time-limit``, CPU seconds, so a busy
  machine does not turn solves into timeouts), or ``SolveTimeoutError`` (the solve's own
  wall-clock ``time_limit``, set 3x longer, as a guard);
* **crash**: any other exception, or a child that died.

It reports the counts overall, per source, per rule as the package reads it (the keys of
the link's record, ``sudoku_cp.io.links.record_from_link``), per key of the link's raw
payload (for every puzzle, read or not), and every refusal reason with its count; and the
share right among the puzzles whose rules are all in the vocabulary (issue 31's target):
those it reads, less the ones labelled by hand in ``benchmarks/data/links/labels.json``
(a rule stated only in the rules text, which the reader does not see). For
each wrong answer it says whether the published solution obeys the package's reading of
the link (then the reading lacks a rule: the puzzle as read has several solutions) or
which of its constraints the published solution breaks (then a rule was misread).

``sudoku_cp`` is imported from the current directory first, so another worktree can run
this script against its own code::

    cd OTHER_WORKTREE && python PATH/TO/benchmarks/bench_links.py --corpus /work/corpus

Usage::

    python benchmarks/bench_links.py                          # the shipped corpus, benchmarks/data/links
    python benchmarks/bench_links.py --corpus /work/corpus --jobs 2 --write
    python benchmarks/bench_links.py --corpus /work/corpus --findings /work/corpus/FINDINGS.md
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import multiprocessing
import multiprocessing.connection
import os
import re
import resource
import signal
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

sys.path.insert(0, os.getcwd())  # the package of the directory the script is run from
sys.path.insert(1, str(Path(__file__).resolve().parent))

from _common import REPORT_DIR, ROOT, add_write_option, machine, recording, write_if_asked  # noqa: E402

import sudoku_cp  # noqa: E402
from sudoku_cp.errors import NoSolutionError, SolveTimeoutError, SudokuError  # noqa: E402

SHIPPED = Path(__file__).resolve().parent / "data" / "links"
LABELS = SHIPPED / "labels.json"
"""Hand labels: id -> the rules outside the package's vocabulary of a puzzle it reads anyway."""

OUTCOMES = ("right", "wrong", "no solution (wrong)", "refused", "timeout", "crash")
"""The classes of an outcome, in the order of the report's columns."""


# -- the corpus ---------------------------------------------------------------------------


def load_corpus(paths: list[str]) -> list[dict[str, Any]]:
    """The records of every ``*.jsonl`` file under ``paths`` (files or folders), first
    occurrence of an ``id`` kept, in file then line order; lines without a ``link`` and a
    ``solution`` are skipped."""
    records: dict[str, dict[str, Any]] = {}
    for path in map(Path, paths):
        files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
        for file in files:
            for line in file.read_text(encoding="utf-8").splitlines():
                record = json.loads(line) if line.strip() else {}
                if "link" in record and "solution" in record:  # other JSON Lines files (results) are skipped
                    record.setdefault("file", str(file))
                    records.setdefault(record["id"], record)
    return list(records.values())


# -- what a link holds --------------------------------------------------------------------

_NOT_RULES = {
    "size", "grid", "title", "author", "ruleset", "solution", "id", "cellSize", "settings",
    "metadata", "cells", "regions", "highlightConflicts", "disabledlogic", "truecandidatesoptions",
    "activeConstraints",
}  # fmt: skip


def payload_kinds(link: str) -> list[str]:
    """The non-empty keys of a link's raw payload that can carry a rule (an f-puzzles key,
    a SudokuPad element list, a SudokuPad metadata key), sorted; ``["unreadable"]`` when
    the payload does not decode. Independent of the package's reader. An Interactive Sudoku
    Solver string (or link) gives its parts' types (``iss:Thermo``), split here by hand."""
    text = re.sub(r"\s+", "", link)
    if "sigh.github.io" in text:
        text = urllib.parse.unquote(text.split("q=", 1)[-1].split("&")[0])
    if text.startswith(".") and "~" in text:
        return sorted(
            {f"iss:{item.split('~')[0] or 'Given'}" for item in text.split(".")[1:] if item != "End"}
        )
    try:
        data, app = raw_payload(link)
    except Exception:
        return ["unreadable"]
    kinds = {
        f"{app}:{key}"
        for key, value in data.items()
        if key not in _NOT_RULES and value not in ("", [], {}, None, False)
    }
    metadata = data.get("metadata")
    if isinstance(metadata, dict):
        kinds |= {f"{app}:metadata.{key}" for key in metadata if key not in _METADATA_TEXT}
    if app == "sudokupad":
        kinds = _sudokupad_kinds(data, kinds)
    grid = data.get("grid")
    if app == "f-puzzles" and isinstance(grid, list):
        if any(isinstance(c, dict) and "region" in c for row in grid if isinstance(row, list) for c in row):
            kinds.add("f-puzzles:grid.region")
    return sorted(kinds) or [f"{app}:classic"]


_METADATA_TEXT = {"title", "author", "rules", "solution", "source", "msgcorrect", "description", "copyright"}


def _sudokupad_kinds(data: dict[str, Any], kinds: set[str]) -> set[str]:
    """SudokuPad's element lists told apart by what can carry a rule: a line by its colour
    family, a cage with or without a total, an overlay or underlay as a circle, a square or
    text; the regions only when they are not the standard boxes."""
    from sudoku_cp.io.sudokupad import colour_family
    from sudoku_cp.model.grid import standard_box

    kinds = {k for k in kinds if k.split(":", 1)[1] not in ("lines", "cages", "overlays", "underlays")}
    for line in data.get("lines") or []:
        if isinstance(line, dict):
            kinds.add(f"sudokupad:line {colour_family(line.get('color')) or 'no colour'}")
    for cage in data.get("cages") or []:
        if isinstance(cage, dict):
            total = cage.get("value") not in (None, "")
            kinds.add("sudokupad:cage with total" if total else "sudokupad:cage without total")
    for key in ("overlays", "underlays"):
        for mark in data.get(key) or []:
            if isinstance(mark, dict):
                shape = (
                    "text"
                    if mark.get("text") not in (None, "")
                    else "circle"
                    if mark.get("rounded")
                    else "square"
                )
                kinds.add(f"sudokupad:{key[:-1]} {shape}")
    regions, side = data.get("regions"), len(data.get("cells") or [])
    try:
        height, width = standard_box(side)
        standard = sorted(
            sorted((r, c) for r in range(top, top + height) for c in range(left, left + width))
            for top in range(0, side, height)
            for left in range(0, side, width)
        )
        if sorted(sorted(tuple(cell) for cell in region) for region in regions) != standard:
            kinds.add("sudokupad:regions (not boxes)")
    except Exception:  # no standard box for this side, or regions of another shape
        if regions:
            kinds.add("sudokupad:regions (not boxes)")
    return kinds


def raw_payload(link: str) -> tuple[dict[str, Any], str]:
    """The JSON object a link carries and its app (``"f-puzzles"`` or ``"sudokupad"``),
    decoded here without the package's reader (only its lz-string and zipped-JSON helpers)."""
    from sudoku_cp.io.payloads import decompress
    from sudoku_cp.io.sudokupad import decode_scl

    link = link.strip()
    match = re.search(r"[?&]load=([^&#\s]*)", link)
    if match:
        return json.loads(decompress(match[1])), "f-puzzles"
    rest = re.sub(r"^(https?://)?[^/]*/(sudoku/)?(\?puzzle=|\?puzzleid=)?", "", link)
    for prefix in ("fpuzzles", "fpuz"):
        if rest.startswith(prefix):
            return json.loads(decompress(rest[len(prefix) :])), "f-puzzles"
    for prefix in ("scl", "ctc"):
        if rest.startswith(prefix):
            return decode_scl(rest[len(prefix) :]), "sudokupad"
    raise ValueError("not a link with its data")


def reader_kinds(link: str) -> list[str] | None:
    """The rules the package reads from a link (the keys of its record's ``rules``, plus
    ``jigsaw`` for irregular regions and the grid side), or None when it refuses to read it."""
    from sudoku_cp.io.links import record_from_link

    try:
        record = record_from_link(link)
    except Exception:
        return None
    kinds = sorted(record.get("rules") or {})
    if record.get("regions"):
        kinds.append("regions")
    return kinds or ["classic"]


# -- classifying an outcome ---------------------------------------------------------------

_NUMBERED = re.compile(
    r"\b(line|cage|arrow|overlay|underlay|sentence|circle|rectangle|text|whispers|thermometer|"
    r"cell colour|killercage|renban|palindrome|entry|element|item|quadruple|inequality|constraint)s? \d+",
    re.IGNORECASE,
)


def normalise_reason(error: BaseException) -> str:
    """The reason of a refusal without what varies between puzzles: the exception's type
    and its message's first clause, with element numbers, cells, coordinates, colour codes
    and totals taken out (a colour's family name is kept).

    >>> from sudoku_cp.errors import InvalidPuzzleError
    >>> normalise_reason(InvalidPuzzleError(
    ...     "SudokuPad line 2 (colour #f067f0ff, pink) has no rule the package can tell (the rules ..."))
    'InvalidPuzzleError: SudokuPad line (pink) has no rule the package can tell'
    >>> normalise_reason(InvalidPuzzleError("SudokuPad cage 4 (at r5c5) has no total (''); sudoku_cp ..."))
    'InvalidPuzzleError: SudokuPad cage has no total'
    """
    text = str(error).split("\n")[0]
    text = re.split(r"; | \(the |: it is not solved|, which the package|, which sudoku_cp", text)[0]
    text = re.sub(r"\(-?[\d.]+, -?[\d.]+\)", "", text)
    text = re.sub(r"\((at|from) [^,)]*(, |\))", lambda m: "(" if m[2] == ", " else "", text)
    text = re.sub(r"\(colour [^,)]*, ([\w ]+)\)", r"(\1)", text)
    text = re.sub(r"\(colour #\w+\)|,? colour #\w+", "", text)
    text = re.sub(r"text '[^']*'", "text", text)
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"has no total \([^)]*\)", "has no total", text)
    text = _NUMBERED.sub(lambda m: m[1], text)
    text = re.sub(r"\br\d+c\d+\b", "rXcY", text)
    text = re.sub(r"'([^']{40})[^']+'", r"'\1...'", text)
    text = re.sub(r"\s+", " ", text).strip(" .,")
    return f"{type(error).__name__}: {text[:160]}"


def classify(
    record: dict[str, Any], answer: str | None = None, error: BaseException | None = None
) -> tuple[str, str]:
    """The outcome class (one of :data:`OUTCOMES`) and its reason, for a solve of
    ``record`` that returned ``answer`` (the grid as a row-major string) or raised ``error``.

    >>> record = {"solution": "1234341221434321"}
    >>> classify(record, answer="1234341221434321")
    ('right', '')
    >>> classify(record, answer="1234341243212143")
    ('wrong', 'differs from the published solution in 8 cells')
    """
    if error is None:
        expected = record["solution"]
        if answer == expected:
            return "right", ""
        if answer is None or len(answer) != len(expected):
            return "wrong", f"an answer of {0 if answer is None else len(answer)} cells, not {len(expected)}"
        differ = sum(a != b for a, b in zip(answer, expected, strict=True))
        return "wrong", f"differs from the published solution in {differ} cells"
    if isinstance(error, NoSolutionError):
        return "no solution (wrong)", normalise_reason(error)
    if isinstance(error, SolveTimeoutError):
        return "timeout", "SolveTimeoutError"
    if isinstance(error, SudokuError):
        return "refused", normalise_reason(error)
    return "crash", f"{type(error).__name__}: {str(error).splitlines()[0][:160] if str(error) else ''}"


def published_obeys_reading(record: dict[str, Any]) -> str:
    """For a wrong answer: whether the setter's solution obeys the package's reading of the
    link ("obeys": the reading lacks a rule), or the first constraint it breaks."""
    try:
        puzzle = sudoku_cp.Puzzle.from_link(record["link"])
        values = [int(ch, 36) for ch in record["solution"]]
        broken = puzzle.model.broken_by(values)
    except Exception as error:  # a diagnosis only: never stops the run
        return f"not checked ({type(error).__name__})"
    if broken is None:
        return "obeys the reading (a rule is missing: the puzzle as read has other solutions)"
    label = getattr(broken, "label", None) or getattr(broken, "origin", None) or ""
    return f"breaks {type(broken).__name__} {label}".strip()[:200]


# -- running one puzzle in a child --------------------------------------------------------


def solve_one(record: dict[str, Any], backend: str | None, time_limit: float) -> dict[str, Any]:
    """Solve one record in this process; the row of its outcome (see :func:`classify`)."""
    start = time.process_time()
    answer, error = None, None
    try:
        answer = sudoku_cp.solve(record["link"], backend=backend, time_limit=time_limit).to_string()
    except Exception as caught:  # classified below: refused, timeout, crash
        error = caught
    outcome, reason = classify(record, answer, error)
    return {
        "outcome": outcome,
        "reason": reason,
        "message": "" if error is None else f"{type(error).__name__}: {str(error)[:400]}",
        "cpu": time.process_time() - start,
    }


def _child(connection: Any, record: dict, backend: str | None, limit: float) -> None:
    # The limit is CPU seconds (the machine may be shared): SIGXCPU ends the child when its
    # CPU time passes it; the solve's own (wall-clock) time_limit is only a guard, 3x longer.
    cap = max(1, math.ceil(limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 5))
    connection.send(solve_one(record, backend, limit * 3))
    connection.close()


def run_all(records: list[dict], backend: str | None, time_limit: float, jobs: int) -> list[dict[str, Any]]:
    """Solve every record, ``jobs`` children at a time; rows in the order of ``records``."""
    context = multiprocessing.get_context("fork")
    rows: list[dict[str, Any] | None] = [None] * len(records)
    pending = list(range(len(records)))
    running: dict[Any, tuple[int, Any, float]] = {}
    wall_cap = time_limit * 6 + 60  # seconds of wall time: a guard only (the machine is shared)
    while pending or running:
        while pending and len(running) < jobs:
            index = pending.pop(0)
            parent, child = context.Pipe(duplex=False)
            process = context.Process(
                target=_child, args=(child, records[index], backend, time_limit), daemon=True
            )
            process.start()
            child.close()
            running[parent] = (index, process, time.monotonic())
        ready = multiprocessing.connection.wait(list(running), timeout=1.0)
        for connection in list(running):
            index, process, started = running[connection]
            row = None
            if connection in ready:
                try:
                    row = connection.recv()
                except EOFError:
                    process.join()
                    killed = process.exitcode in (-signal.SIGXCPU, -signal.SIGKILL)
                    row = {
                        "outcome": "timeout" if killed else "crash",
                        "reason": "CPU time limit" if killed else f"child died (exit {process.exitcode})",
                        "message": "",
                        "cpu": float("nan"),
                    }
            elif time.monotonic() - started > wall_cap:
                process.kill()
                row = {"outcome": "timeout", "reason": "wall cap", "message": "", "cpu": float("nan")}
            if row is not None:
                process.join()
                connection.close()
                del running[connection]
                rows[index] = row
                report_progress(records[index], row)
    return [row for row in rows if row is not None]


def report_progress(record: dict, row: dict) -> None:
    print(
        f"  {row['outcome']:<20} {row['cpu']:6.2f} s  {record['id'][:60]:<60} {row['reason'][:90]}",
        file=sys.stderr,
    )


# -- the report ---------------------------------------------------------------------------


def count_table(groups: dict[str, list[str]], first: str) -> Any:
    """A DataFrame: one row per group, the count of each outcome and the share right."""
    import pandas

    rows = []
    for name, outcomes in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        counts = collections.Counter(outcomes)
        row = {first: name, "puzzles": len(outcomes), **{o: counts[o] for o in OUTCOMES}}
        row["share right"] = f"{counts['right'] / len(outcomes):.0%}"
        rows.append(row)
    return pandas.DataFrame(rows)


def build_report(records: list[dict], rows: list[dict]) -> tuple[list[Any], str]:
    """The report's tables and its summary lines."""
    import pandas

    by_source: dict[str, list[str]] = collections.defaultdict(list)
    by_rule: dict[str, list[str]] = collections.defaultdict(list)
    by_key: dict[str, list[str]] = collections.defaultdict(list)
    read_by_source: dict[str, list[str]] = collections.defaultdict(list)
    vocabulary_by_source: dict[str, list[str]] = collections.defaultdict(list)
    reasons: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    for record, row in zip(records, rows, strict=True):
        outcome = row["outcome"]
        by_source[record["source"]].append(outcome)
        by_source["all"].append(outcome)
        for kind in record["payload_kinds"]:
            by_key[kind].append(outcome)
        if record["reader_kinds"] is not None:
            read_by_source[record["source"]].append(outcome)
            read_by_source["all"].append(outcome)
            if not record.get("outside_vocabulary"):
                vocabulary_by_source[record["source"]].append(outcome)
                vocabulary_by_source["all"].append(outcome)
            for kind in record["reader_kinds"]:
                by_rule[kind].append(outcome)
        if outcome not in ("right", "wrong"):
            reasons[(outcome, row["reason"])].append(record["id"])
    reason_rows = [
        {
            "outcome": o,
            "reason": r,
            "puzzles": len(ids),
            "ids": ", ".join(i.split("/", 1)[1][:28] for i in ids[:4]),
        }
        for (o, r), ids in sorted(reasons.items(), key=lambda item: (-len(item[1]), item[0]))
    ]
    total = len(rows)
    counts = collections.Counter(row["outcome"] for row in rows)
    read = read_by_source.get("all", [])
    known = vocabulary_by_source.get("all", [])
    summary = (
        f"{total} puzzles: {counts['right']} right ({counts['right'] / max(total, 1):.0%}), "
        f"{counts['wrong']} wrong, {counts['no solution (wrong)']} no solution (wrong), "
        f"{counts['refused']} refused, {counts['timeout']} timeout, {counts['crash']} crash. "
        f"Read by the package (every element of the link mapped to a rule): {len(read)}, of which "
        f"{read.count('right')} right ({read.count('right') / max(len(read), 1):.0%}); of those, with every "
        f"rule in the vocabulary (no rule outside it found by hand, labels.json): {len(known)}, of which "
        f"{known.count('right')} right ({known.count('right') / max(len(known), 1):.0%})."
    )
    tables = [
        "## Overall and per source",
        count_table(by_source, "source"),
        "## Puzzles whose rules are all in the vocabulary (issue 31: every one is right)",
        "A puzzle counts here when `record_from_link` reads its link without refusing and no rule "
        "outside the vocabulary was found in it by hand (`benchmarks/data/links/labels.json`: "
        "rules stated only in the rules text, which the reader does not see); its outcome is "
        "still that of `solve`.",
        count_table(vocabulary_by_source, "source"),
        "## Puzzles the package reads (every element of the link mapped to a rule)",
        count_table(read_by_source, "source"),
        "## Per rule, as the package reads it (puzzles it reads)",
        count_table(by_rule, "rule"),
        "## Per key of the link's raw payload (every puzzle)",
        "f-puzzles keys, and SudokuPad element lists and metadata keys; a SudokuPad line "
        "or cage is a drawn element whose rule comes from its colour or the rules text.",
        count_table(by_key, "payload key"),
        "## Every refusal, no-solution, timeout and crash reason",
        pandas.DataFrame(reason_rows, columns=["outcome", "reason", "puzzles", "ids"]),
    ]
    return tables, summary


def write_findings(path: Path, records: list[dict], rows: list[dict], summary: str, code: str) -> None:
    """A Markdown note for the links helper: wrong answers, crashes, then refusal reasons."""
    lines = [
        "# Findings of bench_links.py on the real-links corpus",
        "",
        f"Written {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `benchmarks/bench_links.py` "
        f"(sudoku_cp from `{code}`). Rerun: "
        "`cd YOUR_WORKTREE && python /work/wt-corpus/benchmarks/bench_links.py --corpus /work/corpus "
        "--findings /tmp/FINDINGS.md` (its `--write` then goes to YOUR_WORKTREE/docs/benchmarks).",
        "",
        summary,
        "",
        "Hand notes on what each wrong answer missed: NOTES.md beside the corpus (not regenerated).",
        "",
    ]
    for title, wanted in (
        ("Wrong answers (a grid other than the setter's)", ("wrong",)),
        ("No solution on a puzzle that has one (wrong)", ("no solution (wrong)",)),
        ("Crashes", ("crash",)),
        ("Timeouts", ("timeout",)),
    ):
        chosen = [(r, w) for r, w in zip(records, rows, strict=True) if w["outcome"] in wanted]
        lines += [f"## {title}: {len(chosen)}", ""]
        for record, row in chosen:
            lines += [
                f"- `{record['id']}` ({record.get('title')}, by {record.get('setter')}), "
                f"file `{record['file']}`",
                f"  - outcome: {row['reason'] or row['outcome']}; {row['message'][:300]}",
                f"  - read as: {record['reader_kinds']}; payload keys: {record['payload_kinds']}",
                f"  - outside the vocabulary (hand label): {record.get('outside_vocabulary') or 'none'}",
            ]
            if row["outcome"] == "wrong" or row["outcome"] == "no solution (wrong)":
                lines.append(f"  - published solution: {published_obeys_reading(record)}")
            rules = rules_text(record["link"])
            if rules:
                lines.append(f"  - rules text: {rules[:600]!r}")
        lines.append("")
    reasons: dict[str, list[str]] = collections.defaultdict(list)
    for record, row in zip(records, rows, strict=True):
        if row["outcome"] == "refused":
            reasons[row["reason"]].append(record["id"])
    lines += ["## Refusal reasons, by count", ""]
    for reason, ids in sorted(reasons.items(), key=lambda item: -len(item[1])):
        lines.append(f"- {len(ids)} x `{reason}`: {', '.join(ids)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def rules_text(link: str) -> str:
    """The rules text a link carries (f-puzzles ``ruleset``, SudokuPad ``metadata.rules``), or ''."""
    try:
        data, _ = raw_payload(link)
    except Exception:
        return ""
    text = data.get("ruleset") or (data.get("metadata") or {}).get("rules") or ""
    return " ".join(text) if isinstance(text, list) else str(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--corpus",
        action="append",
        metavar="PATH",
        help=f"a JSON Lines file or a folder of them (repeatable; default {SHIPPED})",
    )
    parser.add_argument("--time-limit", type=float, default=20.0, help="CPU seconds per solve (default 20)")
    parser.add_argument("--backend", default=None, help="the backend (default: the package's default)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="puzzles solved at once, each in a child (default 1)"
    )
    parser.add_argument("--limit", type=int, default=None, help="only the first N records")
    parser.add_argument("--source", default=None, help="only the records of this source")
    parser.add_argument(
        "--labels",
        default=str(LABELS) if LABELS.exists() else None,
        metavar="PATH",
        help="hand labels: id -> rules outside the vocabulary (default benchmarks/data/links/labels.json)",
    )
    parser.add_argument("--results", metavar="PATH", help="also write one JSON line per puzzle to PATH")
    parser.add_argument(
        "--findings", metavar="PATH", help="also write the wrong answers and refusals as Markdown"
    )
    add_write_option(parser, __file__)
    args = parser.parse_args(argv)
    default_report = str(REPORT_DIR / "bench_links.md")
    if args.write == default_report and Path.cwd().resolve() != ROOT:  # run from another worktree
        args.write = str(Path.cwd() / "docs" / "benchmarks" / "bench_links.md")

    corpus = args.corpus or [str(SHIPPED)]
    records = load_corpus(corpus)
    if args.source:
        records = [r for r in records if r["source"] == args.source]
    records = records[: args.limit]
    labels = json.loads(Path(args.labels).read_text(encoding="utf-8")) if args.labels else {}
    for record in records:
        record["outside_vocabulary"] = labels.get(record["id"], [])
        record["payload_kinds"] = payload_kinds(record["link"])
        record["reader_kinds"] = reader_kinds(record["link"])
    code = str(Path(sudoku_cp.__file__).resolve().parent)
    with recording() as log:
        print(machine())
        print(f"# sudoku_cp from {code}; backend {args.backend or 'default'}; time limit {args.time_limit} s")
        print(f"# corpus: {', '.join(corpus)}: {len(records)} puzzles")
        rows = run_all(records, args.backend, args.time_limit, max(1, args.jobs))
        tables, summary = build_report(records, rows)
        print(summary)
        for table in tables:
            print(table if isinstance(table, str) else table.to_string(index=False))
    if args.results:
        with open(args.results, "w", encoding="utf-8") as f:
            for record, row in zip(records, rows, strict=True):
                f.write(json.dumps({"id": record["id"], "source": record["source"], **row}) + "\n")
    if args.findings:
        write_findings(Path(args.findings), records, rows, summary, code)
    sources = sorted({r["source"] for r in records})
    write_if_asked(
        args,
        log,
        "Real published puzzles from their links: right, wrong, refused",
        f"{len(records)} real published puzzles from {', '.join(corpus)} (sources {', '.join(sources)}; "
        "provenance and licences in benchmarks/data/links/README.md)",
        tables=[summary, *tables],
        notes=f"""Each puzzle is solved from its link in a child process (time limit {args.time_limit:g} s of
CPU, default backend unless `--backend`), and the answer compared with the setter's solution.
Sources: `sudoku_bench` are the SudokuPad links of Sakana AI's Sudoku-Bench `challenge_100`
(Cracking the Cryptic puzzles by 68 setters; licence unknown, read from a path, rebuilt by
`benchmarks/links_corpus.py`); `kaji` are f-puzzles files of the kaji solver's samples (MIT);
`iss` are the published puzzles of sigh's Interactive Sudoku Solver's example library (MIT),
written as f-puzzles links by `links_corpus.py` (so they test solving each kind more than
reading what setters draw). `benchmarks/data/links/README.md` gives each source's commit.

"Read by the package" is not issue 31's "rules all in the vocabulary": a puzzle whose rules
text adds a rule the reader does not see (a snake, negator cells, a slow thermometer) is
read, then answered wrong or with no solution. Such puzzles are labelled by hand in
`benchmarks/data/links/labels.json` (the rule outside the vocabulary) and left out of the
"all in the vocabulary" table. "wrong" and "no solution (wrong)" must both be 0 (issue 29).""",
    )


if __name__ == "__main__":
    main()
