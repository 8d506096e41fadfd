"""The one registry of readers (issue 18 item 4) and JSON read safely (issue 22 items 4, 12, 13,
16): every input reads through sudoku_cp.io.readers; JSON values are checked by key before anything
is built; bounds are kept for text (per line) and JSON (a whole document)."""

from __future__ import annotations

import io
import json

import pytest

from sudoku_cp import Grid, InvalidPuzzleError, Layout, Puzzle, datasets, load_puzzles, solve
from sudoku_cp.io import readers
from sudoku_cp.io.inputs import build, read_puzzles
from sudoku_cp.model.rules import AntiKnight, rules_from_json
from sudoku_cp.naming import canonical_name

EMPTY4 = "." * 16
TOP = datasets.load("top95", limit=2)


def entries(text: str, **options) -> list[readers.Entry]:
    return list(readers.read_text(text, **options))


# -- the registry ------------------------------------------------------------------------------


def test_readers_are_registered_and_sniffed():
    assert readers.reader_names() == ["link", "jsonl", "json", "iss", "text"]
    record = json.dumps({"grid": EMPTY4})
    assert readers.sniff(record).name == "jsonl"
    assert readers.sniff("{").name == "json"
    assert readers.sniff("[\n{").name == "json"
    assert readers.sniff("[[5, 3, 0, 0], [0, 0, 0, 0]]").name == "text"
    assert readers.sniff(TOP[0].to_string()).name == "text"
    assert readers.sniff(".~R1C1_5.Thermo~R2C2~R2C3").name == "iss"
    assert readers.sniff("..3.5" + "." * 76).name == "text"  # a grid opening with blanks stays text


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"grid": EMPTY4}),  # one record
        json.dumps([{"grid": EMPTY4}, {"grid": "1" + EMPTY4[1:]}]),  # a list on one line
        json.dumps([{"grid": EMPTY4}, {"grid": "1" + EMPTY4[1:]}], indent=2),  # pretty
        json.dumps({"grid": EMPTY4}) + "\n\n" + json.dumps({"grid": "1" + EMPTY4[1:]}) + "\n",  # JSON Lines
    ],
)
def test_json_json_lines_and_lists_give_the_same_puzzles(text):
    puzzles = [build(entry)[0] for entry in entries(text)]
    assert [p.grid for p in puzzles] == [Grid.parse(EMPTY4), Grid.parse("1" + EMPTY4[1:])][: len(puzzles)]


def test_text_entries_read_lazily_and_name_their_line():
    text = TOP[0].to_string() + "\n" + "11" + "." * 79 + "\n" + TOP[1].format("pretty") + "\n"
    found = entries(text)
    assert [e.where for e in found] == ["line 1", "line 2", "line 3"]
    assert build(found[0]) == (Puzzle(TOP[0]), Layout.LINE)
    assert build(found[2]) == (Puzzle(TOP[1]), Layout.PRETTY)
    with pytest.raises(InvalidPuzzleError, match="two 1s") as error:
        build(found[1])
    assert found[1].locate(error.value).startswith("line 2: ")


def test_adding_a_reader_is_one_function_and_one_registration():
    def read_pairs(source):  # "cells=..." lines, a made-up format
        for number, line in enumerate(readers.text_lines(source), 1):
            yield readers.Entry(f"line {number}", lambda line=line: {"grid": line.strip()[6:]}, line=number)

    readers.register_reader("pairs", read_pairs, lambda head: head.startswith("cells="))
    try:
        assert readers.reader_names()[-1] == "text"  # the fallback stays last
        source = readers.Source(io.BytesIO(b"cells=" + EMPTY4.encode() + b"\n"), "mine")
        assert list(read_puzzles(source)) == [Puzzle(Grid.parse(EMPTY4))]
        assert solve("cells=" + EMPTY4) == solve(EMPTY4)
    finally:
        readers._READERS.pop("pairs")


def test_load_puzzles_reads_every_format(tmp_path):
    text = tmp_path / "p.txt"
    text.write_text("\n".join(g.to_string() for g in TOP))
    lines = tmp_path / "p.jsonl"
    lines.write_text("\n".join(Puzzle(g).to_json() for g in TOP))
    assert load_puzzles(text) == load_puzzles(lines) == [Puzzle(g) for g in TOP]
    assert load_puzzles(text, format="text", one_per_line=True) == [Puzzle(g) for g in TOP]
    with pytest.raises(InvalidPuzzleError, match="unknown input format 'csv'"):
        load_puzzles(text, format="csv")


# -- bounds (item 4) -------------------------------------------------------------------------


def test_dev_zero_and_endless_streams_are_refused_after_the_first_long_line():
    with pytest.raises(InvalidPuzzleError, match="line 1 is longer than"):
        load_puzzles("/dev/zero")

    class Endless(io.RawIOBase):
        def readable(self):
            return True

        def readinto(self, buffer):
            buffer[:] = b"1" * len(buffer)
            return len(buffer)

    with pytest.raises(InvalidPuzzleError, match="line 1 is longer than"):
        list(readers.read(io.BufferedReader(Endless())))


def test_json_beyond_the_documented_size_is_refused(monkeypatch):
    monkeypatch.setattr(readers, "MAX_JSON_BYTES", 1000)
    big = json.dumps([{"grid": EMPTY4}] * 100)
    with pytest.raises(InvalidPuzzleError, match="JSON longer than"):
        entries(big)
    assert len(entries(json.dumps([{"grid": EMPTY4}] * 10))) == 10


# -- JSON values (items 12 and 13) -----------------------------------------------------------

BAD_RECORDS = {
    "rules-a-string": ({"rules": "cages"}, r"'rules' is an object"),
    "rules-a-number": ({"rules": 5}, r"'rules' is an object"),
    "rules-pairs": ({"rules": [["diagonals", True]]}, r"'rules' is an object .* not a list"),
    "diagonals-string": ({"rules": {"diagonals": "false"}}, r"rules.diagonals is true or false, not 'false'"),
    "anti-knight-no": ({"rules": {"anti_knight": "no"}}, r"rules.anti_knight is true or false"),
    "white-given-2": ({"rules": {"all_white_given": 2}}, r"rules.all_white_given is true or false, not 2"),
    "region-space": (
        {"box": None, "rules": {"regions": "aabb aabbccddccdd"}},
        r"rules.regions holds a space",
    ),
    "cell-not-pair": ({"rules": {"even": [[0, 0, 1]]}}, r"rules.even\[0\] is a \[row, column\] pair"),
    "cage-sum-text": (
        {"rules": {"cages": [{"sum": "3", "cells": [[0, 0]]}]}},
        r"rules.cages\[0\].sum is an int",
    ),
    "box-string": ({"box": "2x2"}, r"'box' is \[rows, columns\] or null"),
    "grid-number": ({"grid": 5}, r"'grid' is a string or a list of rows, not 5"),
    "two-spellings": ({"rules": {"anti-knight": True, "anti_knight": True}}, r"both name 'anti_knight'"),
}


@pytest.mark.parametrize("change, message", BAD_RECORDS.values(), ids=BAD_RECORDS.keys())
def test_malformed_json_values_name_their_key(change, message):
    record = {"size": 4, "grid": EMPTY4, **change}
    with pytest.raises(InvalidPuzzleError, match=message):
        Puzzle.from_dict(record)
    with pytest.raises(InvalidPuzzleError, match=message):
        solve(json.dumps(record))


def test_huge_integers_and_deep_nesting_are_invalid_puzzle_errors():
    digits = "9" * 4400
    with pytest.raises(InvalidPuzzleError, match="'size' is an integer of 4400 digits"):
        solve('{"size": ' + digits + ', "grid": "' + EMPTY4 + '"}')
    with pytest.raises(InvalidPuzzleError, match=r"'seed': an integer of 4400 digits"):
        solve('{"seed": ' + digits + ', "grid": "' + EMPTY4 + '"}')
    with pytest.raises(InvalidPuzzleError, match="nested too deeply"):
        solve('{"grid": "' + EMPTY4 + '", "rules": {"cages": ' + "[" * 100_000 + "]" * 100_000 + "}}")


def test_a_million_one_cell_cages_are_refused_by_count():
    record = {"grid": "." * 81, "rules": {"cages": [{"sum": 1, "cells": [[0, 0]]}] * 1_000_000}}
    with pytest.raises(InvalidPuzzleError, match="refused before decoding"):
        solve(json.dumps(record))  # the lists are counted before the JSON is decoded
    cages = record["rules"]["cages"]
    with pytest.raises(InvalidPuzzleError, match="rules.cages has 1000000 items; .* at most 81"):
        rules_from_json({"cages": cages}, side=9)
    many = [{"sum": 3, "cells": [[r, c], [r, c + 1]]} for r in range(9) for c in range(0, 8, 2)]
    many += [{"sum": 3, "cells": [[0, 8], [1, 8]]}] * 10
    with pytest.raises(InvalidPuzzleError, match="rules.cages: more than 81 cells"):
        rules_from_json({"cages": many}, side=9)


def test_one_spelling_per_name_and_the_others_accepted():
    assert canonical_name("AntiKnight") == canonical_name("anti-knight") == "anti_knight"
    for key in ("anti_knight", "anti-knight", "AntiKnight", "antiKnight"):
        assert rules_from_json({key: True}) == (AntiKnight(),)
    assert AntiKnight().to_json() == {"anti_knight": True}
    assert "anti_knight" in datasets.names()


# -- 16x16 in 0-F notation (item 16) ---------------------------------------------------------


def test_a_16x16_with_0_and_no_g_is_refused_as_ambiguous():
    hexadoku = "".join("0123456789ABCDEF"[(r * 4 + r // 4 + c) % 16] for r in range(16) for c in range(16))
    puzzle = hexadoku[:200] + "0" * 56  # zeros as blanks? or as values? no G to tell
    with pytest.raises(InvalidPuzzleError, match="holds '0' but never 'G'.*ambiguous"):
        Grid.parse(puzzle)
    dotted = hexadoku[:200] + "." * 56  # '.' blanks: the zeros are values, a hexadoku
    with pytest.raises(InvalidPuzzleError, match="reads as a hexadoku in 0-F notation"):
        solve(dotted)
    shifted = "".join("123456789ABCDEFG"["0123456789ABCDEF".index(ch)] for ch in hexadoku[:200]) + "0" * 56
    assert Grid.parse(shifted).givens == 200  # with a G, 0 is a blank
    spaced = "\n".join(" ".join(str(v) for v in row) for row in datasets.load("hex16")[0].rows())
    assert Grid.parse(spaced) == datasets.load("hex16")[0]  # decimal numbers: 0 is a blank


def test_a_bad_json_line_is_reported_in_its_place_and_the_rest_read():
    text = "\n".join(
        [json.dumps({"grid": EMPTY4}), '{"grid": ', json.dumps({"id": "x", "grid": "11" + "." * 14})]
    )
    found = entries(text)
    assert [e.where for e in found] == ["line 1", "line 2", "line 3 (id 'x')"]
    assert build(found[0])[0] == Puzzle(Grid.parse(EMPTY4))
    with pytest.raises(InvalidPuzzleError, match="not valid JSON") as error:
        build(found[1])
    assert found[1].locate(error.value).startswith("line 2: not valid JSON")
    with pytest.raises(InvalidPuzzleError, match="two 1s") as error:
        build(found[2])
    assert found[2].locate(error.value).startswith("line 3 (id 'x'): row 1 has two 1s")
