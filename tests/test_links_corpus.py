"""benchmarks/links_corpus.py: the Interactive Sudoku Solver's library becomes records whose
link is the ISS string itself, without the source repositories."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import sudoku_cp

ROOT = Path(__file__).resolve().parent.parent

LIBRARY = """
const PUZZLES = [
  {name: 'Thermo', input: '.~R1C1_5 .Thermo~R2C2~R2C3', solution: 'SOLUTION', src: 'https://example.org/a'},
  {name: 'A test grid', input: '.~R1C1_5', solution: 'SOLUTION'},
  {name: 'A script', input: '/data/scripts/x.js', solution: 'SOLUTION', src: 'https://example.org/b'},
];
"""


@pytest.fixture(scope="module")
def corpus():
    spec = importlib.util.spec_from_file_location("links_corpus", ROOT / "benchmarks" / "links_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_iss_records_are_iss_strings(corpus, monkeypatch):
    monkeypatch.setattr(
        corpus, "git_show", lambda directory, commit, path: LIBRARY if "example" in path else ""
    )
    records = list(corpus.iss(Path("."), corpus.SOURCES["iss"]))
    assert [r["id"] for r in records] == ["iss/Thermo", "iss/A script"]
    assert records[0]["link"] == ".~R1C1_5.Thermo~R2C2~R2C3"  # whitespace removed
    assert records[1]["not_convertible"] == "legacy format"
    assert sudoku_cp.Puzzle.from_link(records[0]["link"]).grid.to_string()[0] == "5"


# -- the held-out sources (issue 31: puzzles the readers were not developed on) -----------------

TEST_SOURCE = """
    public static readonly (string, string)[] uniqueVariantFPuzzles = new (string, string)[]
    {
            // "Four" by Someone (Classic)
            (@"PAYLOAD", "1234341221434321"),

            // A comment without a title
            (@"PAYLOAD", "1234341221434321"),
    };
"""

KILLERS_JS = """
const HARD_KILLERS = [
  ['G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^',
    '432851769786239415159467823263974581971583642548612397397148256614725938825396174'],
];

const EXTREME_KILLERS = [
  'Wecoc #1',
];
"""


def test_rangsk_pairs_carry_title_setter_and_solution(corpus, monkeypatch):
    import json

    import lzstring

    payload = lzstring.LZString().compressToBase64(
        json.dumps({"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)]})
    )
    assert payload.startswith("N4Ig")
    monkeypatch.setattr(corpus, "git_show", lambda d, c, p: TEST_SOURCE.replace("PAYLOAD", payload))
    records = list(corpus.rangsk(Path("."), corpus.SOURCES["rangsk_cs"]))
    assert [(r["title"], r["setter"], r["size"]) for r in records] == [
        ("Four", "Someone", 4),
        (None, None, 4),
    ]
    assert records[0]["link"] == "https://f-puzzles.com/?load=" + payload
    assert records[0]["solution"] == "1234341221434321"


def test_iss_killers_read_the_named_arrays_with_solutions(corpus, monkeypatch):
    monkeypatch.setattr(corpus, "git_show", lambda d, c, p: KILLERS_JS if p.endswith("killers.js") else "")
    records = list(corpus.iss_killers(Path("."), corpus.SOURCES["iss_killers"]))
    assert [r["id"] for r in records] == ["iss_killers/HARD_KILLERS 1"]
    assert sudoku_cp.solve(records[0]["link"]).to_string() == records[0]["solution"]


def test_a_holdout_build_drops_duplicates_of_the_main_corpus(corpus, monkeypatch):
    monkeypatch.setattr(corpus, "git_show", lambda d, c, p: KILLERS_JS if p.endswith("killers.js") else "")
    monkeypatch.setattr(corpus, "SOURCES", {"iss_killers": corpus.SOURCES["iss_killers"]})
    solution = "432851769786239415159467823263974581971583642548612397397148256614725938825396174"
    kept, report = corpus.build({}, holdout=True, exclude=frozenset({solution}))
    assert kept["iss_killers"] == [] and "duplicate" in "\n".join(report)
    kept, _ = corpus.build({}, holdout=True)
    assert len(kept["iss_killers"]) == 1


def test_nikoli_records_are_givens_strings(corpus, monkeypatch):
    import json

    rows = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    clues = [[v if (r + c) % 3 == 0 else 0 for c, v in enumerate(row)] for r, row in enumerate(rows)]
    data = [{"puzzle_id": "n1", "clues": clues, "solution": rows, "size": 4, "author": "Nikoli"}]
    monkeypatch.setattr(corpus, "git_show", lambda d, c, p: json.dumps(data))
    (record,) = corpus.nikoli(Path("."), corpus.SOURCES["nikoli"])
    assert record["link"] == "1..4..1..1..4..1" and record["solution"] == "1234341221434321"


def test_iss_history_reads_old_versions_and_script_mirrors(corpus, monkeypatch):
    head = "{name: 'Scripted', input: '/data/scripts/knots.js', solution: 'S1', src: 'https://a'},"
    old = "{name: 'Removed', input: '.~R1C1_5 .Thermo~R2C2~R2C3', solution: 'S2', src: 'https://b'},"
    files = {("HEAD", "data/scripts/knots.iss"): "# Knots by someone\n.~R1C1_1\n.AntiKnight\n"}
    monkeypatch.setattr(corpus, "git_revisions", lambda d, c, p: ["OLD"] if p.endswith(".js") else ["HEAD"])

    def show(directory, commit, path):
        if path.endswith(".js"):
            return head if commit != "OLD" else old
        if (commit, path) in files:
            return files[(commit, path)]
        raise corpus.subprocess.CalledProcessError(128, "git show")

    monkeypatch.setattr(corpus, "git_show", show)
    records = list(corpus.iss_history(Path("."), corpus.SOURCES["iss_history"]))
    assert [(r["title"], r["link"], r["solution"]) for r in records] == [
        ("Scripted", ".~R1C1_1.AntiKnight", "S1"),  # the '#' line left out
        ("Removed", ".~R1C1_5.Thermo~R2C2~R2C3", "S2"),
    ]
