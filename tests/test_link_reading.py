"""Reading real puzzle links faithfully (issue 29): the account of every key, drawn element
and rules sentence; refusals that name or quote; the links people paste; bounded reading
of malformed links; writers that keep the puzzle."""

from __future__ import annotations

import json
import random

import lzstring
import pytest
from conftest import fillings_4x4
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.cli import main
from sudoku_cp.errors import InvalidPuzzleError, SudokuError, UnsupportedRuleError
from sudoku_cp.io import links, payloads
from sudoku_cp.io.account import read_sentence
from sudoku_cp.io.sudokupad import encode_scl, record_to_scl, scl_to_record

LZ = lzstring.LZString()


def fpuzzles(data) -> str:
    return "https://f-puzzles.com/?load=" + LZ.compressToBase64(json.dumps(data))


def scl(data) -> str:
    return "https://sudokupad.app/scl" + encode_scl(data)


def killer_fpuzzles() -> dict:
    """A killer's f-puzzles JSON, without its solution (the tests change its rules)."""
    data = links.record_to_fpuzzles(datasets.load("gen_killer")[0].to_dict())
    data.pop("solution", None)
    return data


def killer_scl() -> dict:
    data = record_to_scl(datasets.load("gen_killer")[0].to_dict())
    data.pop("metadata", None)
    return data


# -- values are read, never dropped ------------------------------------------------------------


def test_an_f_puzzles_given_written_as_the_string_true_keeps_the_given():
    data = killer_fpuzzles()
    data["grid"][0][0] = {"value": 5, "given": "true"}
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).grid.to_string()[0] == "5"
    data["grid"][0][0] = {"value": 5, "given": "perhaps"}
    with pytest.raises(UnsupportedRuleError, match=r"grid R1C1 'given': 'perhaps'"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


@pytest.mark.parametrize("value, read", [("yes", True), ("true", True), (True, True), ("no", None)])
def test_a_sudokupad_antiknight_flag_in_any_spelling_is_the_rule(value, read):
    data = killer_scl()
    data["metadata"] = {"antiknight": value}
    assert scl_to_record(data)["rules"].get("anti_knight") is read


def test_f_puzzles_flags_written_as_strings_are_read_and_odd_values_refused():
    data = killer_fpuzzles()
    data["antiknight"] = "true"
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).to_dict()["rules"]["anti_knight"] is True
    data["antiknight"] = "sometimes"
    with pytest.raises(UnsupportedRuleError, match="key 'antiknight'"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


@pytest.mark.parametrize(
    "key, entry",
    [
        ("line", {"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#C060C0", "width": 0.5}),
        ("cage", {"cells": ["R1C1", "R1C2"], "outlineC": "#000000"}),
        ("text", {"cells": ["R2C2"], "value": "X", "fontC": "#000000"}),
        ("circle", {"cells": ["R3C3"], "baseC": "#FFFFFF", "outlineC": "#000000"}),
        ("rectangle", {"cells": ["R3C3", "R3C4"], "baseC": "#FFFFFF", "outlineC": "#000000"}),
    ],
)
def test_f_puzzles_generic_drawings_are_refused_by_name_not_dropped(key, entry):
    data = killer_fpuzzles()
    data[key] = [entry]
    with pytest.raises(UnsupportedRuleError, match=rf"{key} 1 \(at R\dC\d") as caught:
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert caught.value.elements == (f"{key} 1",)
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data), ignore=[f"{key} 1"])
    assert puzzle.metadata["ignored"] == [f"{key} 1"]


def test_an_unknown_key_is_refused_and_every_key_has_a_row():
    data = killer_fpuzzles()
    data["doublearrow"] = [{"lines": [["R1C1", "R1C2"]]}]
    with pytest.raises(UnsupportedRuleError, match="key 'doublearrow'"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    del data["doublearrow"]
    rows = sudoku_cp.Puzzle.from_link(fpuzzles(data)).metadata["read"]
    elements = {row["element"] for row in rows}
    assert {"key 'size'", "key 'grid'", "killercage 1"} <= elements
    assert all(row["read as"] not in ("refused", "") for row in rows)


# -- the rules text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "Digits along thermometers increase or stay the same from the bulb end (slow thermometers).",
        "Normal sudoku rules do NOT apply.",
        "Digits may repeat in cages.",
        "No three digits in a row of one parity may be adjacent along a row or column.",
        "Shaded cells are negators: their clue is negated.",
        "Cells marked as hot must be warmer than their neighbours.",
        "The grid holds a snake from one corner to the other.",
        "Each clue counts the number of odd digits in its row.",
        "Digits in the grey cells are clones of the cells in the other grey area.",
    ],
)
def test_a_sentence_that_changes_or_adds_a_rule_is_refused_quoted(sentence):
    data = killer_fpuzzles()
    data["ruleset"] = (
        "Normal sudoku rules apply. Killer cages: digits in a cage sum to its total.\n" + sentence
    )
    with pytest.raises(UnsupportedRuleError, match=r"sentence 3 of the rules text \"") as caught:
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert sentence[:40] in str(caught.value)
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data), ignore=["sentence 3"])
    assert puzzle.metadata["ignored"] == ["sentence 3"]


@pytest.mark.parametrize(
    "sentence, rule",
    [
        ("Cells a chess knight's move apart cannot contain the same digit.", "anti_knight"),
        ("Anti-king: diagonally adjacent cells may not contain the same digit.", "anti_king"),
        ("Orthogonally adjacent cells cannot contain consecutive digits.", "all_white_given"),
        ("Digits cannot repeat along either of the two main diagonals.", "diagonals"),
    ],
)
def test_a_rule_stated_only_in_the_text_becomes_that_rule(sentence, rule):
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}
    data["ruleset"] = "Normal sudoku rules apply. " + sentence + " Have fun!"
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert puzzle.to_dict()["rules"][rule] is True
    if rule == "anti_knight":
        solution = sudoku_cp.solve(puzzle)
        assert puzzle.model.holds(solution.cells)


def test_a_sentence_for_a_drawn_rule_that_is_not_drawn_is_refused():
    data = killer_fpuzzles()
    data["ruleset"] = "Digits along a thermometer increase from the bulb."
    with pytest.raises(UnsupportedRuleError, match="thermos, which the puzzle does not draw"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


@pytest.mark.parametrize(
    "sentence, status",
    [
        ("Normal sudoku rules apply.", "standard"),
        ("Place the digits 1 to 9 once each in every row, column and box.", "standard"),
        ("Have fun!", "cosmetic"),
        ("Thanks to Ann and Bob for testing.", "cosmetic"),
        ("Digits in a cage sum to the clue in its corner.", "explains"),
        ("Something mysterious happens in row 5.", "refused"),
        ("Thanks to X for testing.", "cosmetic"),
        ("Killers apply.", "explains"),
        ("Renban lines apply.", "refused"),
    ],
)
def test_sentences_are_read_by_the_table_of_phrasings(sentence, status):
    assert read_sentence(sentence, {"cages": [1]})[0] == status


def test_ignore_must_name_an_element_of_the_link():
    with pytest.raises(InvalidPuzzleError, match="ignore names 'line 9'"):
        sudoku_cp.Puzzle.from_link(fpuzzles(killer_fpuzzles()), ignore=["line 9"])


# -- the links people paste ----------------------------------------------------------------------


def test_links_without_https_and_with_every_sudokupad_prefix_are_read():
    payload = LZ.compressToBase64(json.dumps(killer_fpuzzles()))
    grid = datasets.load("gen_killer")[0].grid.to_string()
    for link in (
        "f-puzzles.com/?load=" + payload,
        "www.f-puzzles.com/?load=" + payload,
        "sudokupad.app/fpuzzles" + payload,
        "https://sudokupad.app/fpuz" + payload,
        "https://sudokupad.app/?puzzle=fpuzzles" + payload,
        "sudokupad.app/scl" + encode_scl(killer_scl()),
        "https://sudokupad.app/scl" + encode_scl(killer_scl()) + "?setting-nogrid=1",
        "https://sudokupad.app/?puzzle=fpuzzles" + payload + "&setting-x=1",
    ):
        assert links.is_link(link)
        assert sudoku_cp.Puzzle.from_link(link).grid.to_string() == grid, link


def test_a_videos_key_is_cosmetic_and_a_short_id_says_where_to_get_the_full_link():
    data = killer_scl()
    data["metadata"] = {"videos": ["https://youtu.be/x"], "title": "T"}
    rows = scl_to_record(data)["read"]
    assert {"element": "metadata 'videos'", "read as": "cosmetic", "reason": "metadata"} in rows
    with pytest.raises(InvalidPuzzleError, match="network.*share"):
        sudoku_cp.Puzzle.from_link("sudokupad.app/abc123xyz")


def test_sudokupad_killer_totals_written_as_cell_text_are_read():
    data = killer_scl()
    record = datasets.load("gen_killer")[0].to_dict()
    data["overlays"] = []
    for cage in data["cages"]:
        r, c = min(cage["cells"])
        data["overlays"].append(
            {"center": [r + 0.2, c + 0.2], "text": cage.pop("value"), "width": 0, "height": 0}
        )
    read = scl_to_record(data)
    assert read["rules"]["cages"] == record["rules"]["cages"]


def test_f_puzzles_killer_totals_written_as_cell_text_are_read():
    data = killer_fpuzzles()
    data["text"] = []
    for cage in data["killercage"]:
        data["text"].append(
            {"cells": [min(cage["cells"], key=lambda n: links._cell(n, 9, ""))], "value": cage.pop("value")}
        )
    record = datasets.load("gen_killer")[0].to_dict()
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).to_dict()["rules"]["cages"] == record["rules"]["cages"]


def test_sudokupad_even_and_odd_drawn_as_underlay_squares_and_circles():
    data = killer_scl()
    data["underlays"] = [
        {"center": [0.5, 0.5], "rounded": True, "width": 0.8, "height": 0.8, "backgroundColor": "#CFCFCF"},
        {"center": [0.5, 1.5], "rounded": False, "width": 0.8, "height": 0.8, "backgroundColor": "#CFCFCF"},
    ]
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(data)
    data["metadata"] = {"rules": "A grey circle holds an odd digit. A grey square holds an even digit."}
    rules = scl_to_record(data)["rules"]
    assert rules["odd"] == [[0, 0]] and rules["even"] == [[0, 1]]


def test_sudokupad_little_killers_drawn_as_arrows_with_a_clue_outside():
    data = killer_scl()
    data["arrows"] = [{"wayPoints": [[-0.3, -0.3], [0.2, 0.2]], "color": "#000000"}]
    data["overlays"] = [{"center": [-0.5, -0.5], "text": "45", "width": 0.5, "height": 0.5}]
    data["metadata"] = {
        "rules": "Clues outside the grid give the sum of the digits along the indicated diagonal."
    }
    rules = scl_to_record(data)["rules"]
    assert rules["little_killers"] == [{"sum": 45, "clue": [-1, -1], "direction": [1, 1]}]
    data["overlays"] = []
    with pytest.raises(UnsupportedRuleError, match="arrow 1 starts outside the grid"):
        scl_to_record(data)


def test_a_7x7_f_puzzles_grid_without_regions_is_read_as_f_puzzles_draws_it():
    # f-puzzles' default regions on a side with no box shape are 1 x n strips, its rows
    data = {"size": 7, "grid": [[{} for _ in range(7)] for _ in range(7)]}
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert puzzle.box is None and not puzzle.rules


# -- bounded reading -----------------------------------------------------------------------------


def test_a_decompression_bomb_is_refused_for_every_link_kind(monkeypatch):
    # lz-string expands n codes to about n**2/2 characters: 4 KB of payload stand for
    # 3,000,000 "["; the cap is lowered here so that the bomb is quick to build
    monkeypatch.setattr(payloads, "MAX_PAYLOAD_CHARS", 20_000)
    bomb = LZ.compressToBase64("[" * 30_000)
    for link in (
        "https://f-puzzles.com/?load=" + bomb,
        "https://sudokupad.app/scl" + bomb,
        "https://sudokupad.app/ctc" + bomb,
        "https://sudokupad.app/fpuzzles" + bomb,
    ):
        with pytest.raises(InvalidPuzzleError, match="more than 20,000 characters"):
            sudoku_cp.Puzzle.from_link(link)


def test_an_overlong_link_of_any_kind_is_refused_before_decompressing():
    for prefix in ("https://sudokupad.app/scl", "https://f-puzzles.com/?load="):
        with pytest.raises(InvalidPuzzleError, match="characters; at most"):
            sudoku_cp.Puzzle.from_link(prefix + "A" * (links.MAX_LINK_LENGTH + 1))


def _scl_text(text: str) -> str:
    return "https://sudokupad.app/scl" + LZ.compressToBase64(text)


@pytest.mark.parametrize(
    "link",
    [
        fpuzzles({"size": 9, "grid": "[" * 5000}),
        "https://f-puzzles.com/?load=" + LZ.compressToBase64("[" * 5000 + "]" * 5000),
        _scl_text("{ce:" + "[" * 5000 + "]" * 5000 + "}"),
        "https://f-puzzles.com/?load=" + LZ.compressToBase64('{"size": ' + "9" * 5000 + "}"),
        _scl_text(json.dumps({"cells": [[{"value": "\u00b2"}] * 4] * 4, "regions": []})),
        _scl_text('{"cells": [[{}, {}, {}, {}]], "lines": [{"wayPoints": [[1e400, 0], [1, 1]]}]}'),
        scl({**killer_scl(), "overlays": [{"center": ["a", "b"], "rounded": True}]}),
        scl({**killer_scl(), "arrows": [{"wayPoints": [[1e400, 1], [1, 1]]}]}),
        scl({**killer_scl(), "lines": [{"wayPoints": [[0.5, 0.5], [1e300, 0.5]]}]}),
    ],
)
def test_malformed_links_raise_invalid_puzzle_error_only(link):
    with pytest.raises(InvalidPuzzleError):
        sudoku_cp.Puzzle.from_link(link)


def test_error_messages_are_bounded():
    junk = "x" * 8000
    data = killer_fpuzzles()
    data[junk] = 1
    for link in (fpuzzles(data), "https://f-puzzles.com/?load=" + "!" * 8000, "https://example.org/" + junk):
        with pytest.raises(InvalidPuzzleError) as caught:
            sudoku_cp.Puzzle.from_link(link)
        assert len(str(caught.value)) <= links.MAX_MESSAGE


def test_a_link_longer_than_a_text_line_is_read_whole_by_load_puzzles_and_the_cli(tmp_path):
    data = killer_fpuzzles()
    generator = random.Random(29)
    data["title"] = "".join(generator.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(30_000))
    link = fpuzzles(data)
    assert len(link) > 20_004
    path = tmp_path / "long.txt"
    path.write_text(link + "\n")
    [puzzle] = sudoku_cp.load_puzzles(path)
    assert puzzle.grid == sudoku_cp.Puzzle.from_link(link).grid
    assert main(["count", str(path)]) == 0


def test_the_cli_read_command_prints_the_account_and_exits_2_on_a_refusal(capsys):
    data = killer_fpuzzles()
    data["line"] = [{"lines": [["R1C1", "R1C2"]]}]
    link = fpuzzles(data)
    assert main(["read", link]) == 2
    out, err = capsys.readouterr()
    assert "line 1" in out and "refused" in out and "killer cage" in out
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert main(["read", link, "--ignore", "line 1", "--solve"]) == 0
    out, err = capsys.readouterr()
    assert "ignored" in out and "solved without line 1" in err
    answer = out.strip().splitlines()[-1]
    assert answer == sudoku_cp.solve(datasets.load("gen_killer")[0]).to_string()
    assert main(["read", _scl_text("[" * 5000)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_every_error_of_reading_is_a_sudoku_error():
    assert issubclass(UnsupportedRuleError, InvalidPuzzleError) and issubclass(
        UnsupportedRuleError, SudokuError
    )


# -- fuzzing: random and mutated links raise SudokuError only -----------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
_BASES = {
    "f-puzzles": killer_fpuzzles(),
    "scl": {**killer_scl(), "lines": [{"color": "#67F067", "wayPoints": [[0.5, 0.5], [0.5, 2.5]]}]},
}


def _read_or_refuse(link: str) -> None:
    try:
        sudoku_cp.Puzzle.from_link(link)
    except SudokuError as error:
        assert len(str(error)) <= links.MAX_MESSAGE + 100


_ANY_VALUE = {
    "kind": st.sampled_from(sorted(_BASES)),
    "path": st.lists(st.one_of(st.text(max_size=10), st.integers(0, 5)), min_size=1, max_size=4),
    "value": _JSON,
}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_ANY_VALUE)
def test_a_link_with_any_value_anywhere_is_read_or_refused_with_a_sudoku_error(kind, path, value):
    _any_value_anywhere(kind, path, value)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_ANY_VALUE)
def test_many_links_with_any_value_anywhere_are_read_or_refused_with_a_sudoku_error(kind, path, value):
    _any_value_anywhere(kind, path, value)


def _any_value_anywhere(kind, path, value) -> None:
    data = json.loads(json.dumps(_BASES[kind]))
    node = data
    for step in path[:-1]:  # walk down as far as the path fits, then replace
        child = node.get(step) if isinstance(node, dict) and isinstance(step, str) else None
        if isinstance(node, list) and isinstance(step, int) and step < len(node):
            child = node[step]
        if not isinstance(child, dict | list):
            break
        node = child
    last = path[-1]
    if isinstance(node, dict):
        node[str(last)] = value
    elif isinstance(last, int) and last < len(node):
        node[last] = value
    text = json.dumps(data, allow_nan=True)
    _read_or_refuse(fpuzzles(data) if kind == "f-puzzles" else _scl_text(text))


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(["f-puzzles", "scl", "text"]),
    edits=st.lists(st.tuples(st.integers(0, 10_000), st.text(max_size=3)), min_size=1, max_size=4),
)
def test_a_mutated_link_is_read_or_refused_with_a_sudoku_error(kind, edits):
    if kind == "text":  # the payload's characters themselves
        link = fpuzzles(_BASES["f-puzzles"])
        for at, text in edits:
            at = len("https://f-puzzles.com/?load=") + at % (len(link) - 28)
            link = link[:at] + text + link[at + 1 :]
        _read_or_refuse(link)
        return
    text = json.dumps(_BASES["f-puzzles" if kind == "f-puzzles" else "scl"])
    for at, chunk in edits:  # the decompressed JSON (zipped JSON for scl)
        at %= len(text)
        text = text[:at] + chunk + text[at + 1 :]
    prefix = "https://f-puzzles.com/?load=" if kind == "f-puzzles" else "https://sudokupad.app/scl"
    _read_or_refuse(prefix + LZ.compressToBase64(text))


@given(st.text(max_size=60))
@settings(max_examples=60, deadline=None)
def test_any_text_after_a_link_prefix_is_read_or_refused_with_a_sudoku_error(rest):
    for prefix in (
        "https://f-puzzles.com/?load=",
        "https://sudokupad.app/",
        "sudokupad.app/scl",
        "f-puzzles.com/",
    ):
        _read_or_refuse(prefix + rest)


# -- writers keep the puzzle -----------------------------------------------------------------------

_KINDS = [
    *("gen_6x6", "gen_minimal", "gen_x", "gen_jigsaw", "gen_killer", "gen_thermo", "anti_knight"),
    *("gen_arrow", "gen_little_killer", "gen_sandwich", "gen_xv", "gen_whispers", "gen_renban"),
    *(
        "gen_palindrome",
        "gen_between",
        "gen_region_sum",
        "gen_quadruple",
        "gen_skyscraper",
        "gen_outside_sum",
    ),
]
_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3)]


def _boxed_puzzle(shape, keep) -> sudoku_cp.Puzzle:
    """A puzzle with ``shape`` boxes: givens ``keep`` of a solution grid made by the usual
    pattern (row r shifted by its place in its box band)."""
    rows, columns = shape
    side = rows * columns
    cells = [(columns * (r % rows) + r // rows + c) % side + 1 for r in range(side) for c in range(side)]
    grid = "".join(sudoku_cp.Grid.empty(side).to_string()[0] if not keep[i % len(keep)] else
                   (str(v) if v < 10 else chr(ord("A") + v - 10)) for i, v in enumerate(cells))  # fmt: skip
    solution = "".join(str(v) if v < 10 else chr(ord("A") + v - 10) for v in cells)
    return sudoku_cp.Puzzle.from_dict(
        {"size": side, "box": list(shape), "grid": grid, "rules": {}, "solution": solution}
    )


def _same(a: sudoku_cp.Puzzle, b: sudoku_cp.Puzzle) -> bool:
    """Equal puzzles, jigsaw regions compared as partitions (a link letters them anew)."""
    if a.rules == b.rules:
        return a == b
    return (
        a.grid == b.grid
        and a.model.peers == b.model.peers
        and set(a.model.constraints) == set(b.model.constraints)
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(_KINDS + [None] * 6),
    index=st.integers(0, 4),
    shape=st.sampled_from(_SHAPES),
    keep=st.lists(st.booleans(), min_size=1, max_size=30),
    app=st.sampled_from(["f-puzzles", "sudokupad", "sudokupad-scl"]),
    title=st.text(max_size=20),
)
def test_a_written_link_reads_back_to_an_equal_puzzle_or_the_writer_names_the_rule(
    kind, index, shape, keep, app, title
):
    if kind is None:
        puzzle = _boxed_puzzle(shape, keep)
    else:
        puzzles = datasets.load(kind)
        puzzle = puzzles[index % len(puzzles)]
    record = puzzle.to_dict()
    record.update(title=title or "untitled", author="someone")
    puzzle = sudoku_cp.Puzzle.from_dict(record)
    try:
        link = puzzle.to_link(app)
    except InvalidPuzzleError as error:  # a rule the format cannot state, named
        names = [*record["rules"], *(name.rstrip("s").replace("_", " ") for name in record["rules"])]
        assert any(name in str(error) for name in names) or "inequality" in str(error), str(error)
        return
    again = sudoku_cp.Puzzle.from_link(link)
    assert _same(again, puzzle) and again.box == puzzle.box
    assert again.metadata["title"] == record["title"] and again.metadata["author"] == "someone"
    if isinstance(record.get("solution"), str) and (app != "sudokupad-scl" or puzzle.side <= 9):
        assert again.metadata["solution"] == record["solution"]


@pytest.mark.parametrize(
    "sentence, side, status",
    [
        ("Normal 9x9 sudoku rules apply.", 9, "standard"),
        (
            "- Fill the grid with the digits 1-4 so that no digit repeats in a row, column, or box.",
            4,
            "standard",
        ),
        ("Digits must not repeat within the same row, column, or box.", 9, "standard"),
        ("Sudoku: Fill every row, column and marked 3x3 box with the digits 1-9.", 9, "standard"),
        ("Not all possible dots are necessarily given.", 9, "cosmetic"),
        (
            "- Digits on a purple Renban line must be a set of consecutive, non-repeating digits.",
            9,
            "explains",
        ),
        ("Normal 6x6 sudoku rules apply.", 9, "refused"),
        ("Place the digits 1-9 in each row, column and 3x3 box.", 6, "refused"),
        (
            "Place the same 4-digit subset from the digits 1 - 9 in each row, column and 2 x 2 box.",
            4,
            "refused",
        ),
        ("In every row and column, strings of 3 digits are never all even nor all odd.", 9, "rule"),
        ("In every row and column, strings of 3 digits are never all even nor all odd.", 16, "refused"),
        ("In every row and column, strings of 3 digits are never all even.", 9, "refused"),
        ("Each row and column contains the digits 1-4 once each.", 4, "refused"),
        ("Fill each row, 3x3 box, and column with 1-9.", 9, "standard"),
        ("Fill each row, 3x3 box, and column with 1-9.", 6, "refused"),
    ],
)
def test_setters_wordings_of_the_standard_rules_and_their_size(sentence, side, status):
    assert read_sentence(sentence, {"renban": [1]}, side)[0] == status


def test_f_puzzles_candidates_are_a_solvers_notes_and_given_pencil_marks_are_refused():
    """'candidates' is what a solver (f-puzzles', kaji's) noted in a cell, full or partial;
    marks a setter gives are 'givenPencilMarks', which restrict the cell and are refused."""
    data = killer_fpuzzles()
    data["grid"][0][1]["candidates"] = [1, 2]
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    rows = {row["element"]: row for row in puzzle.metadata["read"]}
    assert "grid candidates" in rows and "notes" in rows["grid candidates"]["reason"]
    del data["grid"][0][1]["candidates"]
    data["grid"][0][1]["givenPencilMarks"] = [1, 2]
    with pytest.raises(UnsupportedRuleError, match="grid R1C2 'givenPencilMarks'"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


def test_a_sudokupad_cage_without_a_total_of_distinct_digits_in_a_box_shape_is_a_windoku_window():
    data = killer_scl()
    data["cages"] = [{"cells": [[r, c] for r in range(1, 4) for c in range(1, 4)], "unique": True}]
    data["metadata"] = {"rules": "Normal sudoku rules apply. Digits cannot repeat within a cage."}
    read = scl_to_record(data)
    assert read["rules"]["windows"] == [[1, 1]] and "cages" not in read["rules"]
    data["cages"][0]["unique"] = False
    with pytest.raises(UnsupportedRuleError, match="cage 1"):
        scl_to_record(data)


def test_a_sudokupad_line_leaving_the_grid_is_a_refused_element_not_malformed_data():
    data = killer_scl()
    data["lines"] = [{"color": "#000000", "wayPoints": [[0.5, 0.5], [0.5, -1.5]]}]
    with pytest.raises(UnsupportedRuleError, match="line 1") as caught:
        scl_to_record(data)
    assert caught.value.elements == ("line 1",)
    assert scl_to_record(data, ignore=["line 1"])["ignored"] == ["line 1"]


def test_sentences_split_keep_abbreviations_and_examples_are_cosmetic():
    text = (
        "Cells a knight's move apart (i.e. two steps one way, one the other) cannot be equal. "
        "For example, r1c1 and r2c3."
    )
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], "ruleset": text}
    rows = sudoku_cp.Puzzle.from_link(fpuzzles(data)).metadata["read"]
    assert [r["read as"] for r in rows if r["element"].startswith("sentence")] == ["anti-knight", "cosmetic"]


def test_a_sudokupad_cell_key_other_than_its_value_is_refused():
    data = killer_scl()
    data["cells"][2][3] = {"value": 4, "c": "#FF0000"}
    with pytest.raises(UnsupportedRuleError, match="cell r3c4 'c'"):
        scl_to_record(data)


def test_an_f_puzzles_entry_with_a_field_the_reader_does_not_read_is_refused():
    data = killer_fpuzzles()
    data["killercage"][0]["modulo"] = 3
    with pytest.raises(UnsupportedRuleError, match="killercage 1 has the field"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


@pytest.mark.parametrize(
    "sentence, drawn",
    [
        ("Digits along a thermometer decrease from the bulb.", "thermos"),
        ("Cells separated by a black dot are in a 1:3 ratio.", "black"),
        ("Cells separated by a white dot differ by 2.", "white"),
        ("A V marks two cells that sum to 6.", "v"),
        ("Clues give the sum of the digits sandwiched between the 2 and the 8.", "sandwiches"),
        ("The digit in a circle is the difference of the digits along its arrow.", "arrows"),
    ],
)
def test_a_sentence_stating_a_variant_of_a_drawn_rule_is_refused(sentence, drawn):
    assert read_sentence(sentence, {drawn: [1]}, 9)[0] == "refused"


def test_sudokupads_renban_colour_is_read_when_the_rules_text_calls_it_purple():
    puzzle = datasets.load("gen_renban")[0]
    data = record_to_scl(puzzle.to_dict())
    data["metadata"] = {
        "rules": "Normal sudoku rules apply. Each purple line holds consecutive digits in any order."
    }
    assert scl_to_record(data)["rules"]["renban"] == puzzle.to_dict()["rules"]["renban"]
    data["lines"].append({"color": "#9050E0", "thickness": 10, "wayPoints": [[8.5, 0.5], [8.5, 1.5]]})
    with pytest.raises(UnsupportedRuleError, match="line"):  # a purple line is drawn too: no guess
        scl_to_record(data)


def test_a_published_solution_that_breaks_a_rule_as_read_is_refused():
    puzzle = datasets.load("gen_killer")[0]
    data = killer_fpuzzles()
    solution = sudoku_cp.solve(puzzle).to_string()
    data["solution"] = [int(ch) for ch in solution]
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).metadata["solution"] == solution
    data["killercage"][0]["value"] = str(int(data["killercage"][0]["value"]) + 1)  # misread: a wrong total
    with pytest.raises(UnsupportedRuleError, match="published solution breaks cage 1"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    with pytest.raises(UnsupportedRuleError, match="published solution"):  # every way a link is read
        sudoku_cp.solve(fpuzzles(data))
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data), ignore=["published solution"])


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=200)
    | st.lists(st.sampled_from(["digits", "cage", "not", "repeat", "1-9", "x", "."]), max_size=30).map(
        " ".join
    )
)
def test_any_sentence_is_read_as_one_of_the_statuses(sentence):
    assert read_sentence(sentence, {}, 9)[0] in ("rule", "explains", "standard", "cosmetic", "refused")


def test_an_overlong_sentence_is_refused_before_it_is_matched():
    sentence = "each row " + "contains digits " * 10_000
    assert read_sentence(sentence, {}, 9)[:1] == ("refused",)


def test_standard_rules_for_a_grid_read_without_boxes_are_refused():
    data = killer_scl()
    data["regions"] = []
    data["metadata"] = {"rules": "Normal sudoku rules apply."}
    with pytest.raises(UnsupportedRuleError, match="no boxes or regions"):
        scl_to_record(data)
    data["metadata"] = {"rules": "Each row and column contains every digit once."}
    assert scl_to_record(data)["box"] is None


def test_f_puzzles_cell_colours_are_cosmetic_only_when_the_rules_text_says_nothing_of_colour():
    data = killer_fpuzzles()
    data["grid"][4][4]["c"] = "#A8A8A8"
    with pytest.raises(UnsupportedRuleError, match="cell colours"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    data["ruleset"] = "Normal sudoku rules apply. Digits in grey cells are even."
    with pytest.raises(UnsupportedRuleError, match="cell colours"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    data["ruleset"] = "Normal sudoku rules apply. Digits in a cage sum to its total."
    rows = sudoku_cp.Puzzle.from_link(fpuzzles(data)).metadata["read"]
    assert {"element": "cell colours", "read as": "cosmetic"}.items() <= next(
        r for r in rows if r["element"] == "cell colours"
    ).items()


def test_a_title_naming_a_rule_the_puzzle_does_not_carry_is_refused():
    data = killer_fpuzzles()
    data["title"] = "Anti-King Killer"
    with pytest.raises(UnsupportedRuleError, match="title 'Anti-King Killer' names anti-king"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    data["antiking"] = True
    data["grid"] = [[{} for _ in range(9)] for _ in range(9)]
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).to_dict()["rules"]["anti_king"] is True


def test_a_title_naming_a_rule_the_rules_text_states_is_read():
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], "title": "Anti-King"}
    data["ruleset"] = (
        "Normal sudoku rules apply. Anti-king: diagonally adjacent cells cannot hold the same digit."
    )
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).to_dict()["rules"]["anti_king"] is True


def test_a_title_naming_a_variant_rule_is_refused():
    data = killer_fpuzzles()
    data["title"] = "Slow Thermo Killer"
    with pytest.raises(UnsupportedRuleError, match="title 'Slow Thermo Killer' names a variant rule"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


def test_solve_takes_ignore_for_a_link():
    data = killer_fpuzzles()
    data["line"] = [{"lines": [["R1C1", "R1C2"]]}]
    link = fpuzzles(data)
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        sudoku_cp.solve(link)
    assert sudoku_cp.solve(link, ignore=["line 1"]) == sudoku_cp.solve(datasets.load("gen_killer")[0])
    with pytest.raises(ValueError, match="not a link"):
        sudoku_cp.solve(datasets.load("gen_killer")[0], ignore=["line 1"])


def test_an_f_puzzles_line_drawn_as_a_copy_of_a_read_constraint_is_cosmetic():
    data = links.record_to_fpuzzles(datasets.load("gen_whispers")[0].to_dict())
    data.pop("solution", None)
    line = data["whispers"][0]["lines"][0]
    data["line"] = [
        {"lines": [line], "outlineC": "#67F067", "width": 0.3, "fromConstraint": "German Whispers"}
    ]
    rows = sudoku_cp.Puzzle.from_link(fpuzzles(data)).metadata["read"]
    assert next(r for r in rows if r["element"] == "line 1")["read as"] == "cosmetic"
    data["line"][0]["lines"] = [line[:-1]]  # not the same line: refused
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


def _blank_fpuzzles(side: int = 4) -> dict:
    return {"size": side, "grid": [[{} for _ in range(side)] for _ in range(side)]}


def _brute_force_4x4(check) -> list[tuple[int, ...]]:
    """Every 4x4 sudoku (2x2 boxes) that ``check`` accepts, as row-major values."""
    return [tuple(v for row in grid for v in row) for grid in fillings_4x4() if check(grid)]


def test_clamages_slow_thermometer_zipper_and_x_sum_keys_are_read_with_their_drawn_copies():
    data = _blank_fpuzzles()
    data["slowthermometer"] = [{"lines": [["R2C1", "R3C2", "R3C3"]]}]
    data["zipperline"] = [{"lines": [["R4C1", "R4C2", "R4C3"]]}]
    data["xsum"] = [{"cell": "R1C5", "value": "6"}]  # right of row 1: its last X digits, X = r1c4
    data["circle"] = [{"cells": ["R2C1"], "fromConstraint": "Slow Thermometer"}]  # the bulb
    data["text"] = [
        {"cells": ["R1C5"], "value": "\u25ef", "fromConstraint": "X Sum"},
        {"cells": ["R1C5"], "value": "6", "fromConstraint": "X Sum"},
    ]
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert puzzle.to_dict()["rules"] == {
        "slow_thermos": [[[1, 0], [2, 1], [2, 2]]],
        "zipper_lines": [[[3, 0], [3, 1], [3, 2]]],
        "x_sums": [{"side": "right", "index": 0, "sum": 6}],
    }

    def check(g):
        x = g[0][3]
        return g[1][0] <= g[2][1] <= g[2][2] and g[3][0] + g[3][2] == g[3][1] and sum(g[0][4 - x :]) == 6

    found = _brute_force_4x4(check)
    assert found and sudoku_cp.solve(puzzle, backend="auto").values == found[0]
    assert sudoku_cp.count_solutions(puzzle, limit=1000, backend="auto") == len(found)


@pytest.mark.parametrize(
    ("sentence", "drawn", "status"),
    [
        ("- Without negative constraint, so not all existing dots are given.", {"white": [1]}, "cosmetic"),
        ("Without the negative constraint all dots are given.", {"white": [1]}, "refused"),
        ("white = consecutive black = 1:2 ratio", {"white": [1], "black": [1]}, "explains"),
        ("1-5-9 Sudoku rules apply.", {"column_indexers": [1]}, "explains"),
        ("1-5-9 Sudoku rules apply.", {}, "refused"),
        ("Normal sudoku rules, renban rules, and indexer rules apply.", {"renban": [1]}, "refused"),
        ("Normal sudoku rules, renban rules, and 159 rules apply.", {"renban": [1]}, "refused"),
        ("Digits may repeat on a line, if allowed by other rules.", {"entropic_lines": [1]}, "explains"),
        (
            "Digits may repeat on a line, if allowed by other rules.",
            {"entropic_lines": [1], "renban": [1]},
            "refused",
        ),
        ("Digits may repeat on a line.", {"cages": [1]}, "refused"),
    ],
)
def test_sentences_are_read_against_the_rules_the_puzzle_draws(sentence, drawn, status):
    assert read_sentence(sentence, drawn, 9, True)[0] == status


def test_an_f_puzzles_cell_with_no_region_on_a_side_without_boxes_is_in_its_row():
    # f-puzzles writes only the regions that differ from its default: on 4x4 the boxes,
    # on 5x5 (no box shape) the rows; rows 3 and 4 redrawn as two interlocking regions:
    regions = [[None] * 5, [None] * 5, [3, 3, None, None, None], [3, 3, 3, 2, 2], [None] * 5]
    layout = "aaaaabbbbbccdddcccddeeeee"  # regions lettered in reading order
    data = {"size": 5, "grid": [[{} if r is None else {"region": r} for r in row] for row in regions]}
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert puzzle.to_dict()["rules"]["regions"] == layout


@pytest.mark.parametrize(
    "element",
    [
        {"cells": ["R1C5"], "value": "8", "fromConstraint": "X Sum"},  # another number than the clue's
        {"cells": ["R2C5"], "value": "\u25ef", "fromConstraint": "X Sum"},  # where no clue is
        {"cells": ["R1C5"], "value": "7", "fromConstraint": "Sandwich Sum"},  # a key the puzzle has not
    ],
)
def test_a_drawn_text_that_is_not_a_copy_of_a_clue_is_refused(element):
    data = {**_blank_fpuzzles(), "xsum": [{"cell": "R1C5", "value": "7"}], "text": [element]}
    with pytest.raises(UnsupportedRuleError, match="text 1"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))


def test_a_sentence_wrapped_over_two_lines_is_read_as_one():
    from sudoku_cp.io.account import sentences

    text = "Whispers: Along each green line, each pair of\nadjacent digits differ by at least 5.\nHave fun"
    assert len(sentences(text)) == 2
    assert read_sentence(sentences(text)[0], {"german_whispers": [1]}, 9)[0] == "explains"


@settings(max_examples=150, deadline=None)
@given(
    st.text(st.characters(max_codepoint=0xFFFF, exclude_categories=["Cs"]), max_size=400)
    | st.text(alphabet='{}[]":,0123456789abcdef ', max_size=2000)
)
def test_the_bounded_decoder_agrees_with_the_lzstring_package(text):
    """payloads.decompress is the package's own lz-string decoder (it must stop past a cap,
    which the lzstring package cannot); on any text it gives what the package compressed."""
    payload = LZ.compressToBase64(text)
    if text:
        assert payloads.decompress(payload) == text == LZ.decompressFromBase64(payload)


def test_a_character_beyond_the_bmp_comes_out_whole():
    """JavaScript compresses UTF-16 code units: an emoji is two surrogates in the payload."""
    payload = LZ.compressToBase64('{"title": "\ud83d\ude00 Killer"}')  # as the apps write it
    assert payloads.decompress(payload) == '{"title": "\U0001f600 Killer"}'
