"""f-puzzles and SudokuPad links (sudoku_cp.io.links): payloads written by the reference
JavaScript lz-string, round trips of every bundled variant puzzle, and refusals."""

from __future__ import annotations

import re

import pytest

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.io import links
from sudoku_cp.model.puzzle import Puzzle

# Made for these tests with the JavaScript lz-string 1.5.0 (npm), compressToBase64 of the
# f-puzzles JSON of a classic puzzle with a title, and of a variant with X, a killer cage,
# a thermometer, an odd cell, a white and a black dot, a text decoration and app settings.
CLASSIC = (
    "N4IgzglgXgpiBcBOANCALhNAbO8QGEsBDMSAYwAIAzAJwHsBbCgOzoBM5UiBXNACzo0E4bmzoBrbgH0yABwpoYYNGBCoA5jQhsEAbV2gAb"
    "kSzdcAVg0RDMZgjQ0zAX2RGTZhAGYrNu/AfOri7AwSDGprgA7D629o4wwYlBQQC6yAZh7rgAbDF+AQnJIa6ZEQgAjHlxgW5lSFX+8aHhHvCW"
    "IOrWsY01SSFpBs1ZCCgdXflNJS24ABwNBX2LU8PwuWO+1YX96bWtc+vdC0V9pa1rnRs9W0u7uN4HE84DtwgALPOTxV+nsx+9y3V7hdDp8TtMKn"
    "8Es8fghog9NjchnUAEyQxEAs5o55IzHwq7o77g+CovFHF7wfbAx7XbHHDG4d6kz4w+CVJk1FmjKkIunk9rc/G0r5glaU8Y84X02FoqX1dlQlJO"
    "IA"
)
VARIANT = (
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0Q2CAEM0AewB2mgDYBqBA"
    "BcMAVxioN2/UYC05qzZABrCIcMwMAY204eEIQPxhvMHwQACUARgBhWJBUOPiAJhA1ADcjawQQAGYQIjUzAAtfAFsdSpgzX3xQQwg9GEjgvBjEROS"
    "u9N7o7qLaWhLUHWxcYNAw73zogFZ4heK1DQAzdd8YPTDG0PDDds7ogBZ404HzldG1DE0zCB192aOo6IA2eI+Br4B2TKoHKGPLwEAZMYgeoADzML0"
    "OxxiCUQgJAwNBIDKEFWqE0fkeWRg8X0YAsmhaZkRAGkvD4MAACeKBTJEIA=="
)
UNMODELLED = (  # a double arrow, which the package does not model
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0Q2APYBXAEYAbGAEM"
    "MGDQHd8oAMYw9esPhAAlAIwBhFyFSu3AJhBqVnoaAHYwbrb2jk6IbgAcXs6xiAFEtERAA==="
)
ARROW = (
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAQwwYA9gHd8oAMYwANib"
    "D4QAJQCMAYRsg1JiADsYF+AWv3HqW3YATCD+9gDMTrREUUA"
)


def test_a_classic_link_written_by_f_puzzles_lz_string_solves():
    puzzle = sudoku_cp.Puzzle.from_link("https://f-puzzles.com/?load=" + CLASSIC)
    assert puzzle.grid.to_string().startswith("53..7....6..195")
    assert puzzle.metadata["title"] == "Classic from node"
    solution = sudoku_cp.solve(puzzle)
    assert puzzle.model.holds(solution.cells)


def test_a_sudokupad_link_reads_the_variant_rules_and_refuses_a_drawn_text_unless_ignored():
    link = "https://sudokupad.app/fpuzzles" + VARIANT
    with pytest.raises(UnsupportedRuleError, match=r"text 1 \(at R1C9, value 'hi'\)") as caught:
        sudoku_cp.Puzzle.from_link(link)
    assert caught.value.elements == ("text 1",)
    puzzle = sudoku_cp.Puzzle.from_link(link, ignore=["text 1"])
    assert puzzle.metadata["ignored"] == ["text 1"]
    rows = {row["element"]: row for row in puzzle.metadata["read"]}
    assert rows["text 1"]["read as"] == "ignored"
    assert rows["killercage 1"]["read as"] == "killer cage"
    assert rows["key 'activeConstraints'"]["read as"] == "cosmetic"
    rules = puzzle.to_dict()["rules"]
    assert rules["diagonals"] is True
    assert rules["cages"] == [{"sum": 3, "cells": [[0, 0], [0, 1]]}]
    assert rules["thermos"] == [[[8, 0], [8, 1], [8, 2]]]
    assert rules["odd"] == [[4, 4]] and rules["white"] == [[[3, 3], [3, 4]]]
    assert rules["black"] == [[[5, 5], [5, 6]]]
    solution = sudoku_cp.solve(puzzle, backend="cpsat")
    assert puzzle.model.holds(solution.cells)
    assert solution == min(sudoku_cp.solutions(puzzle, limit=2, backend="cpsat"))


def test_a_constraint_the_package_does_not_model_is_refused_by_name():
    with pytest.raises(InvalidPuzzleError, match="'doublearrow'"):
        sudoku_cp.Puzzle.from_link("https://f-puzzles.com/?load=" + UNMODELLED)


def test_an_arrow_written_by_f_puzzles_lz_string_is_read_and_solved():
    puzzle = sudoku_cp.Puzzle.from_link("https://f-puzzles.com/?load=" + ARROW)
    assert puzzle.to_dict()["rules"]["arrows"] == [{"circle": [[0, 0]], "arrow": [[0, 1], [0, 2]]}]
    solution = sudoku_cp.solve(puzzle)
    assert solution.cells[0] == solution.cells[1] + solution.cells[2]


@pytest.mark.parametrize(
    ("link", "says"),
    [
        ("https://sudokupad.app/scl" + CLASSIC, "f-puzzles data after 'scl'"),
        ("https://sudokupad.app/abc123xyz", "short id"),
        ("https://f-puzzles.com/?load=N4IgAAAA", "decompress"),
        ("https://example.com/?load=" + CLASSIC, "not an f-puzzles or SudokuPad link"),
    ],
)
def test_links_that_cannot_be_read_say_why(link, says):
    with pytest.raises(InvalidPuzzleError, match=says):
        sudoku_cp.Puzzle.from_link(link)


def test_one_diagonal_alone_is_refused():
    data = sudoku_cp.Puzzle(sudoku_cp.Grid.empty(4)).to_fpuzzles()
    data["diagonal+"] = True
    with pytest.raises(InvalidPuzzleError, match="alone"):
        sudoku_cp.Puzzle.from_fpuzzles(data)


def _same_puzzle(a, b):
    return (
        a.grid == b.grid
        and a.model.peers == b.model.peers
        and {(type(c).__name__, c.cells, getattr(c, "total", None)) for c in a.model.constraints}
        == {(type(c).__name__, c.cells, getattr(c, "total", None)) for c in b.model.constraints}
    )


WRITABLE = [
    *("gen_6x6", "gen_minimal", "gen_x", "gen_jigsaw", "gen_killer", "gen_thermo", "anti_knight"),
    *("gen_arrow", "gen_little_killer", "gen_sandwich", "gen_xv", "gen_whispers", "gen_renban"),
    *("gen_palindrome", "gen_between", "gen_region_sum", "gen_quadruple"),
]


@pytest.mark.parametrize("name", WRITABLE)
def test_every_bundled_variant_puzzle_survives_a_round_trip_through_a_link(name):
    for puzzle in datasets.load(name):
        for app in ("f-puzzles", "sudokupad"):
            back = sudoku_cp.Puzzle.from_link(puzzle.to_link(app))
            assert _same_puzzle(back, puzzle), (name, puzzle.metadata.get("id"))


def test_solve_load_puzzles_and_the_cli_read_links(tmp_path, capsys):
    from sudoku_cp.cli import main

    puzzles = datasets.load("gen_killer")[:2]
    path = tmp_path / "links.txt"
    path.write_text("\n".join(p.to_link() for p in puzzles) + "\n\n")
    assert sudoku_cp.solve(puzzles[0].to_link("sudokupad")) == sudoku_cp.solve(puzzles[0])
    loaded = sudoku_cp.load_puzzles(path)
    assert [_same_puzzle(a, b) for a, b in zip(loaded, puzzles, strict=True)] == [True, True]
    assert main(["solve", str(path)]) == 0
    assert capsys.readouterr().out.split() == [sudoku_cp.solve(p).to_string() for p in puzzles]
    assert main(["solve", "https://f-puzzles.com/?load=" + UNMODELLED]) == 2
    assert "'doublearrow'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("https://f-puzzles.com/?load=", "no puzzle data after 'load='"),
        ("https://f-puzzles.com/", "no puzzle data (no 'load=')"),
        ("https://example.com/puzzle?x=1", "not an f-puzzles or SudokuPad link (a link to 'example.com')"),
        ("https://sudokupad.app/", "carries no puzzle after the address"),
    ],
)
def test_a_web_address_that_holds_no_puzzle_is_refused_by_what_it_lacks(link, message):
    with pytest.raises(InvalidPuzzleError, match=re.escape(message)):
        sudoku_cp.solve(link)


@pytest.mark.parametrize(
    "rules",
    [
        {"relations": [{"pairs": [[[0, 0], [0, 1]]], "predicate": "abs(a-b)>=2"}]},
        {"regular": [{"cells": [[0, 0], [0, 1]], "pattern": "1[2-4]"}]},
        {"sums": [{"cells": [[0, 0], [1, 1]], "total": 5, "distinct": False}]},
        {"counts": [{"cells": [[0, 0], [1, 1], [2, 2]], "value": 1, "count": 1, "operator": "=="}]},
    ],
    ids=lambda rules: next(iter(rules)),
)
def test_a_rule_the_link_cannot_carry_is_refused_by_name_never_dropped(rules):
    puzzle = Puzzle.from_dict({"grid": "." * 16, "rules": rules})
    key = next(iter(rules))
    for app in ("f-puzzles", "sudokupad", "sudokupad-scl"):
        with pytest.raises(InvalidPuzzleError, match=key):
            puzzle.to_link(app)


def test_a_multigrid_record_is_refused_by_the_fpuzzles_writer():
    record = sudoku_cp.datasets.load("gen_samurai", limit=1)[0].to_dict()
    with pytest.raises(InvalidPuzzleError, match="multi-grid"):
        links.record_to_fpuzzles(record)
