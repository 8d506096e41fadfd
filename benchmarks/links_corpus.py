"""Rebuild the corpus of real published puzzles given as links, read by ``bench_links.py``.

Every record is one published puzzle as the link its setter (or the collection) shared,
with the setter's solution. The corpus is JSON Lines, one record per puzzle::

    {"id", "source", "licence", "link", "solution", "setter", "title", "size"}

``solution`` is the row-major digits string (``size * size`` characters; for sides over 9
the digits are written ``1..9`` then ``A..``). Records are built from public git
repositories at a fixed commit, read with ``git show COMMIT:PATH`` from a local clone (a
``git clone`` of the repository, or a bare mirror), so anyone can redo it:

=====================  =======================================================  ========
source                 repository @ commit, path                                licence
=====================  =======================================================  ========
``sudoku_bench``       ``Hubiele/Sudoku-Bench`` @ ``91c3781b``,                  unknown:
                       ``Sudoku-Bench_json_conversion/challenge/*.json``: the     not
                       100 puzzles of SakanaAI's Sudoku-Bench ``challenge_100``   shipped
                       (Cracking the Cryptic / SudokuPad puzzles by 68 setters;
                       each with its SudokuPad payload ``encoded_puzzle``, after
                       ``scl`` or ``fpuz``, and the setter's solution)
``kaji``               ``kinnison/kaji`` @ ``221c6a49``, ``sample-puzzles/*.json``  MIT
                       (f-puzzles files with their setter's solution; the files
                       in SudokuMaker's format, without a solution, are skipped)
``iss``                ``sigh/Interactive-Sudoku-Solver`` @ ``e373f981``,         MIT
                       ``data/example_puzzles.js``, ``data/collections.js``: the
                       published puzzles (a ``src`` and a ``solution``) of the
                       solver's example library, each link the ISS constraint
                       string itself (:mod:`sudoku_cp.io.iss` reads it; a user
                       script is left out, counted as ``legacy format``)
=====================  =======================================================  ========

The **held-out** sources (``--holdout``, written to ``/work/corpus_holdout``) were not used
while the readers were developed; they measure the package on puzzles no one here has seen
(issue 31). A puzzle whose solution is already in the main corpus is left out of them:

=====================  =======================================================  ========
source                 repository @ commit, path                                licence
=====================  =======================================================  ========
``rangsk_cs``          ``dclamage/SudokuSolver`` @ ``226e55bb``,                 GPL-3.0:
                       ``SudokuTests/Puzzles.cs``: the unit tests' published     not
                       f-puzzles puzzles with their solutions                    shipped
                       (``uniqueClassicFPuzzles``, ``uniqueVariantFPuzzles``;
                       title and setter from the comment above each)
``rangsk_rs``          ``dclamage/SudokuSolverRust`` @ ``83984fe8``,             AGPL-3.0:
                       ``standard-constraints/src/fpuzzles_parser/``             not
                       ``fpuzzles_test_data.rs``: the same kind of list (the     shipped
                       puzzles also in ``rangsk_cs`` are left out)
``iss_killers``        ``sigh/Interactive-Sudoku-Solver`` @ ``a9e9e118``,         MIT
                       ``data/killers.js``, ``data/thermos.js``: the forum
                       puzzles with solutions (``HARD_KILLERS``: Tarek's,
                       rcbroughton.co.uk forum; ``HS_KILLERS``: "human-solvable
                       zero", enjoysudoku forum; in ISS's two compact killer
                       formats; ``HARD_THERMOS``: the sudokutheory.com wiki's
                       thermo snipes, ISS strings); the files were folded
                       into ``collections.js`` later, whose ``src`` entries the
                       main ``iss`` source reads
``nikoli``             ``NatBrian/sudoku-llm-arena`` @ ``310d489d``,             CC-BY-4.0
                       ``data/nikoli_100.json``: SakanaAI Sudoku-Bench's         (Sakana);
                       ``nikoli_100`` (100 classic 9x9 by Nikoli), cached from    not
                       Hugging Face; the published link is a short SudokuPad      shipped
                       address (``published``), so the link is the givens
                       string
``iss_history``        ``sigh/Interactive-Sudoku-Solver`` @ ``e373f981``: the     MIT
                       published puzzles (``src`` and ``solution``) of every
                       earlier version of ``data/example_puzzles.js`` and
                       ``data/collections.js`` in the history of that commit
                       (puzzles since removed or rewritten), and the puzzles
                       given as sandbox scripts (``/data/scripts/X.js``, left
                       out of ``iss``) through their pre-expanded ``X.iss``
                       mirrors, at their last version
=====================  =======================================================  ========

Data whose licence is unknown is written under ``--out`` (default ``/work/corpus``, outside
the repository); MIT data may be shipped: ``--ship`` writes it to
``benchmarks/data/links/`` (see its README for provenance).

Each record is checked: a solution of the right length, with digits 1..n (a puzzle whose
digits are chosen from a larger set, a 6x6 with digits from 1-9, is kept with its
``digits`` noted), and a Latin square (every row and column holds distinct digits). A
record without a solution is dropped and counted; a solution that is not a
Latin square is kept but reported, since some rule sets allow repeats. When ``sudoku_cp``
reads a link, its givens must agree with the solution (else the record is dropped).

Usage::

    python benchmarks/links_corpus.py                       # both sources to /work/corpus
    python benchmarks/links_corpus.py --ship                # the MIT source also to benchmarks/data/links
    python benchmarks/links_corpus.py --git Hubiele/Sudoku-Bench=/path/to/clone
    python benchmarks/links_corpus.py --holdout             # the held-out sources to /work/corpus_holdout
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package

MIRRORS = Path("/work/.mirror")
SHIP_DIR = Path(__file__).resolve().parent / "data" / "links"

SOURCES = {
    "sudoku_bench": {
        "repo": "Hubiele/Sudoku-Bench",
        "commit": "91c3781bf278fc12f23db5242733741c74e451c1",
        "folder": "Sudoku-Bench_json_conversion/challenge",
        "licence": "unknown (SakanaAI Sudoku-Bench challenge_100, copied without a licence file; "
        "puzzles by their setters): not shipped",
        "shippable": False,
    },
    "kaji": {
        "repo": "kinnison/kaji",
        "commit": "221c6a49d182e09178d99cb341d3b087754300eb",
        "folder": "sample-puzzles",
        "licence": "MIT (kinnison/kaji LICENCE.md, Copyright 2025 Daniel Silverstone)",
        "shippable": True,
    },
    "iss": {
        "repo": "sigh/Interactive-Sudoku-Solver",
        "commit": "e373f9811c087246b097eb444d838ab492c55f35",
        "files": ("data/example_puzzles.js", "data/collections.js"),
        "licence": "MIT (sigh/Interactive-Sudoku-Solver LICENSE, Copyright 2023 sigh); "
        "puzzles by their setters, as ISS constraint strings",
        "shippable": True,
    },
    "rangsk_cs": {
        "repo": "dclamage/SudokuSolver",
        "commit": "226e55bba25e522ce0c1824f9187f8c866383d44",
        "files": ("SudokuTests/Puzzles.cs",),
        "licence": "GPL-3.0 (dclamage/SudokuSolver LICENSE); puzzles by their setters: not shipped",
        "shippable": False,
        "holdout": True,
    },
    "rangsk_rs": {
        "repo": "dclamage/SudokuSolverRust",
        "commit": "83984fe841dbe95147f248a1760b3e69e7470408",
        "files": ("standard-constraints/src/fpuzzles_parser/fpuzzles_test_data.rs",),
        "licence": "AGPL-3.0 (dclamage/SudokuSolverRust LICENSE); puzzles by their setters: not shipped",
        "shippable": False,
        "holdout": True,
    },
    "iss_killers": {
        "repo": "sigh/Interactive-Sudoku-Solver",
        "commit": "a9e9e11849997c9ac15e351dd24caf46bd7514c1",
        "files": ("data/killers.js", "data/thermos.js"),
        "arrays": {
            "HARD_KILLERS": "http://www.rcbroughton.co.uk/sudoku/forum/viewtopic.php?f=3&t=434",
            "HS_KILLERS": "http://forum.enjoysudoku.com/human-solvable-zero-t33357.html",
            "HARD_THERMOS": "https://sudokutheory.com/wiki/index.php?title=Snipes#Thermo",
        },
        "licence": "MIT (sigh/Interactive-Sudoku-Solver LICENSE, Copyright 2023 sigh); "
        "puzzles by their setters",
        "shippable": False,
        "holdout": True,
    },
    "nikoli": {
        "repo": "NatBrian/sudoku-llm-arena",
        "commit": "310d489d385c03902da8f55599eb018fbc245908",
        "files": ("data/nikoli_100.json",),
        "licence": "CC-BY-4.0 (SakanaAI/Sudoku-Bench nikoli_100 on Hugging Face, cached by "
        "NatBrian/sudoku-llm-arena); puzzles by Nikoli: not shipped",
        "shippable": False,
        "holdout": True,
    },
    "iss_history": {
        "repo": "sigh/Interactive-Sudoku-Solver",
        "commit": "e373f9811c087246b097eb444d838ab492c55f35",
        "files": ("data/example_puzzles.js", "data/collections.js"),
        "licence": "MIT (sigh/Interactive-Sudoku-Solver LICENSE, Copyright 2023 sigh); "
        "puzzles by their setters, as ISS constraint strings",
        "shippable": False,
        "holdout": True,
    },
}

DIGITS = "123456789ABCDEFGHIJKLMNOPQ"


def git_dir(repo: str, overrides: dict[str, str]) -> Path:
    """The local git directory of ``repo`` (``owner/name``): from ``--git``, else the mirror."""
    if repo in overrides:
        return Path(overrides[repo])
    return MIRRORS / repo.replace("/", "+") / "repo"


def git_show(directory: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", str(directory), "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def git_ls(directory: Path, commit: str, folder: str) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(directory), "ls-tree", "--name-only", commit, folder + "/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sorted(line for line in out.splitlines() if line.endswith(".json"))


def fpuzzles_link(data: dict) -> str:
    """An f-puzzles link of an f-puzzles JSON object (lz-string ``compressToBase64``, as the app)."""
    import lzstring

    return "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))


def check_solution(solution: str, size: int) -> str | None:
    """Why ``solution`` is not a filled ``size`` x ``size`` grid of digits 1..size, or None.

    >>> check_solution("123", 4)
    '3 characters, not 16'
    >>> check_solution("1234341221434321", 4) is None
    True
    """
    if len(solution) != size * size:
        return f"{len(solution)} characters, not {size * size}"
    allowed = set(DIGITS[:size])
    if not set(solution) <= allowed:
        return f"characters outside 1..{size}: {sorted(set(solution) - allowed)}"
    return None


def is_latin(solution: str, size: int) -> bool:
    """Every row and every column holds ``size`` distinct digits."""
    rows = [solution[r * size : (r + 1) * size] for r in range(size)]
    columns = ["".join(row[c] for row in rows) for c in range(size)]
    return all(len(set(line)) == size for line in rows + columns)


def givens_agree(record: dict) -> bool | None:
    """Whether the link's givens, as ``sudoku_cp`` reads them, agree with the solution;
    None when the package does not read the link (then they are not checked)."""
    try:
        import sudoku_cp

        grid = sudoku_cp.Puzzle.from_link(record["link"]).grid.to_string()
    except Exception:  # a link the package refuses: nothing to compare
        return None
    return len(grid) == len(record["solution"]) and all(
        given in (".", digit) for given, digit in zip(grid, record["solution"], strict=True)
    )


def sudoku_bench(directory: Path, spec: dict) -> Iterator[dict]:
    for path in git_ls(directory, spec["commit"], spec["folder"]):
        data = json.loads(git_show(directory, spec["commit"], path))
        encoded = data["encoded_puzzle"]
        yield {
            "id": f"sudoku_bench/{data['puzzle_id']}",
            "link": "https://sudokupad.app/" + encoded,
            "solution": data.get("solution") or "",
            "setter": data.get("author"),
            "title": data.get("title"),
            "size": data["rows"] if data["rows"] == data["cols"] else None,
            "published": data.get("sudokupad_url"),
            "path": path,
        }


def kaji(directory: Path, spec: dict) -> Iterator[dict]:
    for path in git_ls(directory, spec["commit"], spec["folder"]):
        data = json.loads(git_show(directory, spec["commit"], path))
        if "size" not in data:  # SudokuMaker's format, no solution: not a link
            continue
        solution = data.get("solution") or []
        yield {
            "id": f"kaji/{Path(path).stem}",
            "link": fpuzzles_link(data),
            "solution": "".join(DIGITS[int(v) - 1] for v in solution if v),
            "setter": data.get("author"),
            "title": data.get("title"),
            "size": data["size"],
            "path": path,
        }


# -- sigh's Interactive Sudoku Solver: its example library, as ISS constraint strings ---------

_JS_STRING = r"(?:'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)"
_JS_FIELD = re.compile(
    r"\b(name|input|solution|src):\s*(" + _JS_STRING + r"(?:\s*\+\s*" + _JS_STRING + r")*"
    r"|\[(?:\s*" + _JS_STRING + r"\s*,?)*\s*\])"
)


def _js_strings(value: str) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", m[1:-1]) for m in re.findall(_JS_STRING, value)]


def iss_entries(texts: list[str]) -> list[dict]:
    """The puzzle entries of ISS's data files (``name``, ``input``, ``solution``, ``src``),
    read from the JavaScript object literals' fields in order (a ``name`` opens an entry);
    the first entry of each ``input`` is kept."""
    entries: list[dict] = []
    for text in texts:
        current: dict | None = None
        for match in _JS_FIELD.finditer(text):
            key, value = match[1], match[2]
            if key == "name":
                current = {"name": "".join(_js_strings(value))}
                entries.append(current)
            elif current is not None:
                current[key] = _js_strings(value) if value.startswith("[") else "".join(_js_strings(value))
    seen: set[str] = set()
    unique = []
    for entry in entries:
        if "input" in entry and entry["input"] not in seen:
            seen.add(entry["input"])
            unique.append(entry)
    return unique


def iss(directory: Path, spec: dict) -> Iterator[dict]:
    """Every published puzzle of ISS's library (a ``src`` and a ``solution``), its link the
    ISS constraint string itself (read by :mod:`sudoku_cp.io.iss`). An input in none of
    ISS's text formats (a user script: ``/data/scripts/...js``) is left out, counted as
    ``legacy format``."""
    from sudoku_cp.io import iss as iss_format

    texts = [git_show(directory, spec["commit"], path) for path in spec["files"]]
    for entry in iss_entries(texts):
        src = entry.get("src") or []
        src = [src] if isinstance(src, str) else src
        if not entry.get("solution") or not src:  # a test grid, not a published puzzle
            continue
        text = re.sub(r"\s+", "", entry["input"])
        if not text.startswith(".") and iss_format.legacy_record(text) is None:
            yield {"id": f"iss/{entry['name']}", "not_convertible": "legacy format", "path": spec["files"][0]}
            continue
        size = round(len(entry["solution"]) ** 0.5)
        solution = entry["solution"]
        if size > 9 and set(solution) <= set("ABCDEFGHIJKLMNOP"):  # ISS writes 1..16 as A..P
            solution = "".join(DIGITS[ord(ch) - ord("A")] for ch in solution)
        yield {
            "id": f"iss/{entry['name']}",
            "link": text,
            "solution": solution,
            "setter": None,
            "title": entry["name"],
            "size": size if size * size == len(entry["solution"]) else None,
            "published": src,
            "path": "data/" + ("example_puzzles.js|collections.js"),
        }


# -- rangsk's SudokuSolver test data: (f-puzzles payload, solution) pairs in source code ------

_PAIR = re.compile(r'(?:@"|r#")(N4Ig[A-Za-z0-9+/=]+)"#?\s*,\s*(?:@"|r#"|")([0-9A-Za-z]+)"')
_TITLE = re.compile(r'^\s*//\s*"?(?P<title>[^"]+?)"?\s+by\s+(?P<setter>.+?)\s*(?::.*|\(.*)?$')


def source_pairs(text: str) -> list[tuple[str, str, str | None, str | None]]:
    """The ``(payload, solution, title, setter)`` of every ``("N4Ig...", "digits")`` pair in
    a test file's source (C# ``@"..."`` or Rust ``r#"..."#`` strings), the title and setter
    from the nearest ``// "Title" by Setter (...)`` comment line above the pair, if any
    (a 16x16's solution is kept as written, run-together decimal numbers).

    >>> source_pairs('// "Peak" by Rangsk (4x4)\\n(@"N4IgAB", "1234")')
    [('N4IgAB', '1234', 'Peak', 'Rangsk')]
    """
    pairs = []
    for match in _PAIR.finditer(text):
        title = setter = None
        for line in reversed(text[: match.start()].splitlines()[-4:]):
            if found := _TITLE.match(line):
                title, setter = found["title"], found["setter"]
                break
            if "N4Ig" in line:  # the pair above: no comment of this one
                break
        pairs.append((match[1], match[2], title, setter))
    return pairs


def rangsk(directory: Path, spec: dict) -> Iterator[dict]:
    """The published f-puzzles puzzles (payload and solution) of a SudokuSolver test file."""
    import lzstring

    for path in spec["files"]:
        for payload, solution, title, setter in source_pairs(git_show(directory, spec["commit"], path)):
            data = json.loads(lzstring.LZString().decompressFromBase64(payload))
            digest = re.sub(r"\W+", "_", title or payload[-12:]).strip("_")
            yield {
                "id": f"{spec['repo'].split('/')[1]}/{digest}",
                "link": "https://f-puzzles.com/?load=" + payload,
                "solution": solution,  # a 16x16's is written in decimal numbers: dropped by the checks
                "setter": setter or data.get("author") or None,
                "title": title or data.get("title") or None,
                "size": data["size"],
                "path": path,
            }


_ARRAY = re.compile(r"^const (\w+) = \[(.*?)^\];", re.MULTILINE | re.DOTALL)
_INPUT_SOLUTION = re.compile(r"\[\s*(['`])([^'`]+)\1,\s*'(\d+)',?\s*\]")


def iss_killers(directory: Path, spec: dict) -> Iterator[dict]:
    """The ``[input, solution]`` pairs of the named arrays of ISS's old ``killers.js`` and
    ``thermos.js``, each input a killer in one of ISS's compact text formats or an ISS
    constraint string (read by :mod:`sudoku_cp.io.iss`; whitespace removed)."""
    for path in spec["files"]:
        for match in _ARRAY.finditer(git_show(directory, spec["commit"], path)):
            if match[1] not in spec["arrays"]:
                continue
            for number, (_, text, solution) in enumerate(_INPUT_SOLUTION.findall(match[2]), 1):
                yield {
                    "id": f"iss_killers/{match[1]} {number}",
                    "link": re.sub(r"\s+", "", text),
                    "solution": solution,
                    "setter": None,
                    "title": f"{match[1]} {number}",
                    "size": 9,
                    "published": spec["arrays"][match[1]],
                    "path": path,
                }


def nikoli(directory: Path, spec: dict) -> Iterator[dict]:
    """Sudoku-Bench's ``nikoli_100`` records (``clues`` and ``solution`` as 9x9 lists), the
    link the givens string (the published short SudokuPad address needs the network)."""
    for path in spec["files"]:
        for data in json.loads(git_show(directory, spec["commit"], path)):
            yield {
                "id": f"nikoli/{data['puzzle_id']}",
                "link": "".join(str(v) if v else "." for row in data["clues"] for v in row),
                "solution": "".join(str(v) for row in data["solution"] for v in row),
                "setter": data.get("author"),
                "title": data.get("title"),
                "size": data["size"],
                "published": data.get("sudokupad_url"),
                "path": path,
            }


def git_revisions(directory: Path, commit: str, path: str) -> list[str]:
    """The commits of ``path``'s history reachable from ``commit``, newest first."""
    out = subprocess.run(
        ["git", "-C", str(directory), "log", "--format=%H", commit, "--", path],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.split()


def last_version(directory: Path, commit: str, path: str) -> str | None:
    """``path``'s text at its last version in the history of ``commit`` (before the commit
    that deleted it, if one did), or None when it never existed."""
    for revision in git_revisions(directory, commit, path)[:1]:
        for candidate in (revision, revision + "^"):
            try:
                return git_show(directory, candidate, path)
            except subprocess.CalledProcessError:
                continue
    return None


def iss_history(directory: Path, spec: dict) -> Iterator[dict]:
    """ISS's published puzzles that the ``iss`` source does not hold: the sandbox-script
    puzzles through their ``.iss`` mirrors, and the entries of every earlier version of its
    library files (one record per solution: the newest version of the puzzle)."""
    seen: set[str] = set()

    def record(entry: dict, text: str, path: str, revision: str) -> dict | None:
        solution, src = entry.get("solution"), entry.get("src")
        if not isinstance(solution, str) or not solution or not src or solution in seen:
            return None
        seen.add(solution)
        size = round(len(solution) ** 0.5)
        if set(solution) <= set("ABCDEFGHIJKLMNOP"):  # ISS writes 1..16 as A..P past 9 values
            solution = "".join(DIGITS[ord(ch) - ord("A")] for ch in solution)
        return {
            "id": f"iss_history/{entry['name']}",
            "link": re.sub(r"\s+", "", re.sub(r"(?m)^\s*#.*$", "", text)),  # no '#' comment lines
            "solution": solution,
            "setter": None,
            "title": entry["name"],
            "size": size if size * size == len(solution) else None,
            "published": src if isinstance(src, list) else [src],
            "path": f"{path}@{revision[:8]}",
        }

    head = [git_show(directory, spec["commit"], path) for path in spec["files"]]
    for entry in iss_entries(head):
        script = re.fullmatch(r"/data/scripts/(\w+)\.js", entry.get("input", "").strip())
        if not script:
            continue
        for path in (f"data/scripts/{script[1]}.iss", f"data/{script[1]}.iss"):
            text = last_version(directory, spec["commit"], path)
            if text and (found := record(entry, text, path, spec["commit"])):
                yield found
                break
    for path in spec["files"]:
        for revision in git_revisions(directory, spec["commit"], path):
            try:
                entries = iss_entries([git_show(directory, revision, path)])
            except subprocess.CalledProcessError:  # the commit that deleted or moved it
                continue
            for entry in entries:
                text = entry.get("input", "")
                if text.strip().startswith("/data/scripts/"):
                    continue
                if file := re.fullmatch(r"/(data/\w+\.iss)", text.strip()):  # the puzzle in a file
                    text = last_version(directory, spec["commit"], file[1]) or ""
                if found := record(entry, text, path, revision):
                    yield found


READERS = {
    "iss_history": iss_history,
    "nikoli": nikoli,
    "sudoku_bench": sudoku_bench,
    "kaji": kaji,
    "iss": iss,
    "rangsk_cs": rangsk,
    "rangsk_rs": rangsk,
    "iss_killers": iss_killers,
}


def build(
    overrides: dict[str, str], holdout: bool = False, exclude: frozenset[str] = frozenset()
) -> tuple[dict[str, list[dict]], list[str]]:
    """The records of every source (the held-out ones when ``holdout``), and the report lines
    (counts, drops, warnings). A record whose link an earlier source gave, or whose solution
    is in ``exclude`` (the main corpus's, for the held-out set), is dropped as a duplicate."""
    corpus: dict[str, list[dict]] = {}
    report: list[str] = []
    seen_links: set[str] = set()
    for name, spec in SOURCES.items():
        if spec.get("holdout", False) != holdout:
            continue
        directory = git_dir(spec["repo"], overrides)
        kept, dropped, not_latin, other_digits = [], [], [], []
        not_convertible: collections.Counter[str] = collections.Counter()
        checked = 0
        for record in READERS[name](directory, spec):
            record = {"source": name, "licence": spec["licence"], **record}
            record["provenance"] = f"{spec['repo']}@{spec['commit']}:{record.pop('path')}"
            if "not_convertible" in record:
                not_convertible[record.pop("not_convertible")] += 1
                continue
            if not record["solution"]:
                dropped.append(f"{record['id']}: no solution")
                continue
            if record["link"] in seen_links or record["solution"] in exclude:
                dropped.append(f"{record['id']}: a duplicate of an earlier source's or the main corpus's")
                continue
            seen_links.add(record["link"])
            problem = check_solution(record["solution"], record["size"] or 0)
            if problem and not problem.startswith("characters outside"):
                dropped.append(f"{record['id']}: {problem}")
                continue
            if problem:  # digits chosen from a larger set (a 6x6 with digits from 1-9): kept, noted
                record["digits"] = "".join(sorted(set(record["solution"])))
                other_digits.append(f"{record['id']} (digits {record['digits']})")
            if not is_latin(record["solution"], record["size"]):
                not_latin.append(record["id"])
            agree = givens_agree(record)
            if agree is False:
                dropped.append(f"{record['id']}: the link's givens disagree with the solution")
                continue
            checked += agree is True
            kept.append(record)
        corpus[name] = kept
        report.append(
            f"{name}: {len(kept)} records kept, {len(dropped)} dropped, {len(not_latin)} not Latin, "
            f"{len(other_digits)} with digits other than 1..n, givens checked against the solution "
            f"on the {checked} the package reads "
            f"({spec['repo']}@{spec['commit'][:8]}, licence {spec['licence']})"
        )
        report += [f"  dropped {line}" for line in dropped] + [f"  not Latin: {i}" for i in not_latin]
        report += [f"  other digits: {line}" for line in other_digits]
        if not_convertible:
            report.append(
                f"  left out, {sum(not_convertible.values())} published puzzles not in a text format: "
                + ", ".join(f"{k} {n}" for k, n in not_convertible.most_common())
            )
    return corpus, report


def write_jsonl(path: Path, records: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--out", default="/work/corpus", help="folder for the corpus files (default /work/corpus)"
    )
    parser.add_argument(
        "--ship", action="store_true", help="also write the MIT sources to benchmarks/data/links/"
    )
    parser.add_argument(
        "--git",
        action="append",
        default=[],
        metavar="OWNER/NAME=DIR",
        help="a local clone of a source repository",
    )
    parser.add_argument(
        "--holdout",
        action="store_true",
        help="build the held-out sources instead (default --out /work/corpus_holdout), leaving out "
        "the puzzles whose solution is in the main corpus (--main)",
    )
    parser.add_argument(
        "--main", default="/work/corpus", help="the main corpus's folder (default /work/corpus)"
    )
    args = parser.parse_args(argv)
    overrides = dict(item.split("=", 1) for item in args.git)
    exclude: frozenset[str] = frozenset()
    if args.holdout:
        args.out = "/work/corpus_holdout" if args.out == "/work/corpus" else args.out
        exclude = frozenset(
            json.loads(line).get("solution", "")
            for path in sorted(Path(args.main).glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()
        )
    corpus, report = build(overrides, args.holdout, exclude)
    for name, records in corpus.items():
        write_jsonl(Path(args.out) / f"{name}.jsonl", records)
        if args.ship and SOURCES[name]["shippable"]:
            write_jsonl(SHIP_DIR / f"{name}.jsonl", records)
    print("\n".join(report))
    print(f"{sum(map(len, corpus.values()))} records written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
