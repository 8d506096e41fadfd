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
