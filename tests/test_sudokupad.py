"""SudokuPad's own format (sudoku_cp.io.sudokupad): public scl links, SudokuPad's zipped
JSON, round trips of the bundled puzzles, and refusals naming the element."""

from __future__ import annotations

import json
from pathlib import Path

import lzstring
import pytest

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.io.sudokupad import SHORT_KEYS, decode_scl, encode_scl, record_to_scl, scl_to_record

LINKS = json.loads((Path(__file__).parent / "data" / "sudokupad_scl_links.json").read_text())["links"]
LONG_TO_SHORT = {long: short for short, long in SHORT_KEYS.items()}


def zipped(value) -> str:
    """SudokuPad's zipped JSON of a value, written here from its rules (short unquoted keys,
    single quotes, t/f, #0/#F and bare colours, empty objects as empty slots)."""
    if isinstance(value, dict):
        if not value:
            return ""
        return "{" + ",".join(f"{LONG_TO_SHORT.get(k, k)}:{zipped_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(zipped(v) for v in value) + "]"
    return json.dumps(value).replace("'", "\\'").replace('"', "'")


def zipped_value(value) -> str:
    if value is True or value is False:
        return "t" if value else "f"
    if isinstance(value, str) and value.upper() in ("#000000", "#FFFFFF"):
        return "#0" if value.upper() == "#000000" else "#F"
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        return value[1:]
    return zipped(value)


def zipped_link(data) -> str:
    return "https://sudokupad.app/scl" + lzstring.LZString().compressToBase64(zipped(data))


def same_puzzle(a: sudoku_cp.Puzzle, b: sudoku_cp.Puzzle) -> bool:
    return a.grid == b.grid and a.model.constraints == b.model.constraints


REFUSED = [e for e in LINKS if "refused" in e]
SOLVED = [e for e in LINKS if "solves" in e]


@pytest.mark.parametrize("entry", REFUSED, ids=[e["name"] for e in REFUSED])
def test_public_puzzles_with_what_cannot_be_read_are_refused_naming_it(entry):
    data = decode_scl(entry["link"].split("/scl", 1)[1])
    assert len(data["cells"]) in (4, 8, 9)
    with pytest.raises(InvalidPuzzleError, match=entry["refused"]):
        sudoku_cp.Puzzle.from_link(entry["link"])


READ = [e for e in LINKS if "reads" in e]


@pytest.mark.parametrize("entry", READ, ids=[e["name"] for e in READ])
def test_public_puzzles_of_a_rule_read_solve_to_their_published_solution(entry):
    puzzle = sudoku_cp.Puzzle.from_link(entry["link"])
    assert entry["reads"] in puzzle.to_dict()["rules"]
    assert sudoku_cp.solve(puzzle).to_string() == entry["solution"]


@pytest.mark.parametrize("entry", SOLVED, ids=[e["name"] for e in SOLVED])
def test_a_public_killer_is_read_and_solved_checked_against_its_own_drawing(entry):
    drawing = decode_scl(entry["link"].split("/scl", 1)[1])
    puzzle = sudoku_cp.Puzzle.from_link(entry["link"])
    solutions = list(sudoku_cp.solutions(puzzle, limit=2))
    assert len(solutions) == 1  # proper: its one solution is the smallest
    solution = solutions[0]
    assert sudoku_cp.solve(entry["link"]) == solution
    digits = [[solution.cells[r * 9 + c] for c in range(9)] for r in range(9)]
    for cage in drawing["cages"]:  # checked from the drawing, not from the package's model
        values = [digits[r][c] for r, c in cage["cells"]]
        assert sum(values) == int(cage["value"]) and len(set(values)) == len(values)
    for region in drawing["regions"]:
        assert sorted(digits[r][c] for r, c in region) == list(range(1, 10))
    assert all(sorted(row) == list(range(1, 10)) for row in digits)
    assert all(sorted(column) == list(range(1, 10)) for column in zip(*digits, strict=True))


def test_the_kropki_dots_of_a_public_puzzle_hold_in_its_published_solution():
    # Parity Fish without its background picture and parity lines: the dots read from the
    # public link must all hold in the published solution, and the smallest solution of
    # the dots alone keeps them too.
    entry = next(e for e in LINKS if e["name"].startswith("Parity Fish"))
    data = decode_scl(entry["link"].split("/scl", 1)[1])
    del data["metadata"]["bgimage"]
    data["metadata"]["rules"] = "Normal sudoku rules apply. White dots: consecutive. Black dots: ratio 2."
    puzzle = sudoku_cp.Puzzle.from_dict(scl_to_record(data))
    rules = puzzle.to_dict()["rules"]
    assert len(rules["white"]) == 16 and len(rules["black"]) == 5
    assert puzzle.metadata["solution"] == entry["solution"]
    published = [int(d) for d in entry["solution"]]
    assert puzzle.model.holds(published)
    solution = sudoku_cp.solve(puzzle)
    assert puzzle.model.holds(solution.cells)


ROUND_TRIP_SETS = (
    "gen_killer",
    "gen_thermo",
    "gen_x",
    "gen_jigsaw",
    "gen_arrow",
    "gen_xv",
    "gen_whispers",
    "gen_renban",
    "gen_palindrome",
    "gen_between",
    "gen_region_sum",
    "anti_knight",
    "gen_6x6",
)


@pytest.mark.parametrize("name", ROUND_TRIP_SETS)
def test_bundled_puzzles_round_trip_through_scl_links(name):
    for puzzle in datasets.load(name)[:3]:
        again = sudoku_cp.Puzzle.from_link(puzzle.to_link("sudokupad-scl"))
        assert same_puzzle(again, puzzle)


def test_an_scl_link_in_sudokupads_zipped_json_solves_with_its_rules():
    puzzle = datasets.load("gen_arrow")[0]
    data = record_to_scl(puzzle.to_dict())
    data["metadata"] = {"title": "it's 'quoted'"}
    data["id"] = "test"
    link = zipped_link(data)
    assert not lzstring.LZString().decompressFromBase64(link.split("/scl")[1]).startswith('{"')
    again = sudoku_cp.Puzzle.from_link(link)
    assert same_puzzle(again, puzzle) and again.metadata["title"] == "it's 'quoted'"
    solution = sudoku_cp.solve(link)
    assert again.model.holds(solution.cells) and solution == sudoku_cp.solve(puzzle)


def test_lines_are_read_by_the_colour_the_rules_text_names():
    puzzle = datasets.load("gen_whispers")[0]
    data = record_to_scl(puzzle.to_dict())
    data["metadata"] = {
        "rules": "Normal rules. Green lines are German whispers: neighbours on them differ by 5 or more."
    }
    assert same_puzzle(sudoku_cp.Puzzle.from_dict(scl_to_record(data)), puzzle)
    data["metadata"]["rules"] = "Normal sudoku rules apply."
    with pytest.raises(InvalidPuzzleError, match=r"SudokuPad: line 1 \(colour #67F067, green\) has no rule"):
        scl_to_record(data)
    data["metadata"]["rules"] = "Green lines are German whispers. Green lines are also renban lines."
    with pytest.raises(InvalidPuzzleError, match="line 1"):
        scl_to_record(data)


def test_a_rule_stated_only_in_the_rules_text_becomes_the_rule():
    record = datasets.load("gen_killer")[0].to_dict()
    data = record_to_scl(record)
    data["metadata"] = {"rules": "Normal sudoku rules apply. Cells a knight's move apart cannot be equal."}
    read = scl_to_record(data)
    assert read["rules"]["anti_knight"] is True
    assert [r["read as"] for r in read["read"] if r["element"].startswith("sentence")] == [
        "standard rules",
        "anti-knight",
    ]
    data["metadata"] = {"antiknight": "yes"}  # a value links write for true: the rule, never dropped
    assert scl_to_record(data)["rules"]["anti_knight"] is True
    data["metadata"] = {"antiknight": "maybe"}
    with pytest.raises(UnsupportedRuleError, match="metadata 'antiknight'"):
        scl_to_record(data)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(foglight=[{"center": [1, 1]}]), "'foglight'"),
        (
            lambda d: d["metadata"].update(rules="Normal rules. Anti-knight. Digits may repeat in cages."),
            "repeat",
        ),
        (lambda d: d["metadata"].update(rules="All possible kropki dots are given."), None),
        (
            lambda d: d["overlays"].append({"center": [0.5, 0.5], "text": "7", "width": 0.5, "height": 0.5}),
            r"overlay \d+ \(at \(0.5, 0.5\), text '7'\)",
        ),
        (lambda d: d["cages"].append({"cells": [[0, 0], [0, 1]]}), r"cage \d+ \(at r1c1\) has no total"),
        (
            lambda d: d["lines"].append({"color": "#FF0000", "wayPoints": [[0.5, 0.5], [0.5, 1.5]]}),
            r"line \d+ \(colour #FF0000, red\) has no rule",
        ),
        (lambda d: d["cells"][0].__setitem__(0, {"value": "A"}), "r1c1: given 'A'"),
        (lambda d: d.update(arrows=[{"wayPoints": [[0.5, -0.5], [1.5, 0.5]]}]), "arrow 1 starts outside"),
        (lambda d: d["regions"].pop(), "regions do not cover"),
    ],
)
def test_what_the_package_cannot_read_for_sure_is_refused_by_name(change, message):
    record = datasets.load("gen_killer")[0].to_dict()
    data = record_to_scl(record)
    data["metadata"] = {"title": "x"}
    data["overlays"], data["lines"] = [], []
    data["cages"].insert(0, {"value": "author: someone"})
    change(data)
    if message is None:  # a negative constraint for dots the puzzle does not have: read, harmless
        assert scl_to_record(data)["rules"]["all_white_given"] is True
        return
    with pytest.raises(InvalidPuzzleError, match=message):
        scl_to_record(data)


@pytest.mark.parametrize(
    "payload, message",
    [
        ("not-base64!!", "does not decompress"),
        (encode_scl({"cells": 3}), "'cells'"),
        (lzstring.LZString().compressToBase64("{ce:[[,,,],[,,,]"), "zipped"),
        (lzstring.LZString().compressToBase64("{ce:[[x]]}"), "unknown word 'x'"),
        (encode_scl({"cells": [[{}] * 4] * 4, "regions": [], "mystery": 1}), "'mystery'"),
    ],
)
def test_malformed_payloads_raise_invalid_puzzle_error(payload, message):
    with pytest.raises(InvalidPuzzleError, match=message):
        sudoku_cp.Puzzle.from_link("https://sudokupad.app/scl" + payload)


def test_links_of_every_sudokupad_shape_and_short_ids():
    record = datasets.load("gen_killer")[0].to_dict()
    payload = encode_scl(record_to_scl(record))
    for link in (
        f"https://sudokupad.app/scl{payload}",
        f"https://sudokupad.app/?puzzle=scl{payload}",
        f"https://sudokupad.app/ctc{payload}",
        f"https://app.crackingthecryptic.com/sudoku/scl{payload}",
    ):
        assert sudoku_cp.Puzzle.from_link(link).grid.to_string() == record["grid"]
    with pytest.raises(InvalidPuzzleError, match="full link"):
        sudoku_cp.Puzzle.from_link("https://sudokupad.app/wsj7iunsg6")
    with pytest.raises(InvalidPuzzleError, match="subset of rules; not for sandwiches"):
        datasets.load("gen_sandwich")[0].to_link("sudokupad-scl")


def test_a_line_drawn_by_its_corners_passes_through_the_cells_between():
    # SudokuPad keeps only the corners of a line; the straight runs between them hold cells.
    def corners(points):
        kept = [points[0]]
        for before, point, after in zip(points, points[1:], points[2:], strict=False):
            turn = (point[0] - before[0]) * (after[1] - point[1]) - (point[1] - before[1]) * (
                after[0] - point[0]
            )
            if turn:
                kept.append(point)
        return kept + [points[-1]]

    for name in ("gen_renban", "gen_thermo"):
        puzzle = datasets.load(name)[0]
        data = record_to_scl(puzzle.to_dict())
        for line in data["lines"]:
            line["wayPoints"] = corners(line["wayPoints"])
        assert same_puzzle(sudoku_cp.Puzzle.from_dict(scl_to_record(data)), puzzle)
    data["lines"][0]["wayPoints"] = [[0.5, 0.5], [1.5, 2.5]]
    with pytest.raises(InvalidPuzzleError, match="not a straight run"):
        scl_to_record(data)
