"""sudoku_cp.io.iss: the Interactive Sudoku Solver's constraint strings, read type by type
against the rule built directly, written back, refused by name when not modelled."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

import sudoku_cp
from sudoku_cp.errors import InvalidPuzzleError, UnsupportedRuleError
from sudoku_cp.io import iss
from sudoku_cp.model.puzzle import Puzzle

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "links" / "iss.jsonl"


def rules(text: str) -> dict:
    return iss.record_from_string(text)["rules"]


@pytest.mark.parametrize(
    "text, expected",
    [
        (".Thermo~R1C1~R1C2~R2C2", {"thermos": [[[0, 0], [0, 1], [1, 1]]]}),
        (".Arrow~R1C1~R1C2~R1C3", {"arrows": [{"circle": [[0, 0]], "arrow": [[0, 1], [0, 2]]}]}),
        (".Cage~10~R1C1~R1C2", {"cages": [{"cells": [[0, 0], [0, 1]], "sum": 10}]}),
        (".Cage~~R1C1~R1C2", {"cages": [{"cells": [[0, 0], [0, 1]]}]}),
        (
            ".Sum~12~R1C1~R2C1~R3C1",
            {"sums": [{"cells": [[0, 0], [1, 0], [2, 0]], "total": 12, "distinct": False}]},
        ),
        (".Whisper~R1C1~R1C2", {"german_whispers": [[[0, 0], [0, 1]]]}),
        (".Whisper~3~R1C1~R1C2", {"whispers": [{"line": [[0, 0], [0, 1]], "difference": 3}]}),
        (".Renban~R1C1~R1C2", {"renban": [[[0, 0], [0, 1]]]}),
        (".Palindrome~R1C1~R1C2", {"palindromes": [[[0, 0], [0, 1]]]}),
        (".Zipper~R1C1~R1C2~R1C3", {"zipper_lines": [[[0, 0], [0, 1], [0, 2]]]}),
        (".Between~R1C1~R1C2~R1C3", {"between_lines": [[[0, 0], [0, 1], [0, 2]]]}),
        (".RegionSumLine~R1C3~R1C4", {"region_sum_lines": [[[0, 2], [0, 3]]]}),
        (".Modular~3~R1C1~R1C2~R1C3", {"modular_lines": [[[0, 0], [0, 1], [0, 2]]]}),
        (".Entropic~R1C1~R1C2~R1C3", {"entropic_lines": [[[0, 0], [0, 1], [0, 2]]]}),
        (".WhiteDot~R1C1~R1C2", {"white": [[[0, 0], [0, 1]]]}),
        (".BlackDot~R1C1~R2C1", {"black": [[[0, 0], [1, 0]]]}),
        (".X~R1C1~R1C2", {"x": [[[0, 0], [0, 1]]]}),
        (".V~R1C1~R1C2", {"v": [[[0, 0], [0, 1]]]}),
        (".GreaterThan~R1C1~R1C2", {"less": [[[0, 1], [0, 0]]]}),
        (".StrictXV", {"all_xv_given": True}),
        (".StrictKropki", {"all_white_given": True, "all_black_given": True}),
        (".AntiConsecutive", {"all_white_given": True}),
        (".LittleKiller~20~R1C1", {"little_killers": [{"sum": 20, "clue": [-1, -1], "direction": [1, 1]}]}),
        (".LittleKiller~20~R9C4", {"little_killers": [{"sum": 20, "clue": [9, 2], "direction": [-1, 1]}]}),
        (".Sandwich~8~C3", {"sandwiches": [{"side": "top", "index": 2, "sum": 8}]}),
        (
            ".Skyscraper~R2~3~",
            {"skyscrapers": [{"side": "left", "index": 1, "seen": 3}]},
        ),  # fmt: skip
        (
            ".NumberedRoom~C4~~7",
            {"numbered_rooms": [{"side": "bottom", "index": 3, "value": 7}]},
        ),  # fmt: skip
        (".Indexing~C~R1C1~R2C1", {"column_indexers": [[0, 0], [1, 0]]}),
        (".Indexing~R~R1C2", {"row_indexers": [[0, 1]]}),
        (".Diagonal~1.Diagonal~-1", {"diagonals": True}),
        (".Diagonal~-1", {"extra_regions": [[[i, i] for i in range(9)]]}),
        (".AntiKnight.AntiKing", {"anti_knight": True, "anti_king": True}),
        (
            ".AntiTaxicab.DutchFlatmates.DisjointSets",
            {"anti_taxicab": True, "dutch_flatmates": True, "disjoint_groups": True},
        ),  # fmt: skip
        (".Windoku", {"windows": [[1, 1], [1, 5], [5, 1], [5, 5]]}),
        (".Quad~R1C1~1~2", {"quadruples": [{"cell": [0, 0], "digits": [1, 2]}]}),
        (".AllDifferent~R1C1~R2C2", {"extra_regions": [[[0, 0], [1, 1]]]}),
        (
            ".ContainExact~1_2_2~R1C1~R1C2~R2C1",
            {
                "counts": [
                    {"cells": [[0, 0], [0, 1], [1, 0]], "value": 1, "count": 1, "operator": "=="},
                    {"cells": [[0, 0], [0, 1], [1, 0]], "value": 2, "count": 2, "operator": "=="},
                ]
            },
        ),  # fmt: skip
        (".SameValues~2~R1C1~R2C2", {"relations": [{"pairs": [[[0, 0], [1, 1]]], "predicate": "a==b"}]}),
        (
            ".Regex~MVsyLThdKjk~R1C1~R1C2~R1C3",
            {"regular": [{"cells": [[0, 0], [0, 1], [0, 2]], "pattern": "1[2-8]*9"}]},
        ),  # fmt: skip
        (".~R1C1_2_4_6", {"regular": [{"cells": [[0, 0]], "pattern": "[246]"}]}),
    ],
)
def test_each_type_reads_as_the_rule_built_directly(text, expected):
    assert rules(text) == expected
    Puzzle.from_dict(iss.record_from_string(text))  # and the package builds it


def test_givens_shape_and_jigsaw():
    layout = "".join(str((r // 3) * 3 + c // 3) for r in range(9) for c in range(9))
    rotated = layout[1:] + layout[:1]  # not the boxes: a jigsaw
    record = iss.record_from_string(f".NoBoxes.Jigsaw~{rotated}.~R1C1_5~R9C9_1")
    assert record["box"] is None and record["grid"][0] == "5" and record["grid"][80] == "1"
    assert len(set(record["rules"]["regions"])) == 9
    kept = iss.record_from_string(f".Jigsaw~{layout}")  # ISS: a jigsaw with the boxes kept
    assert kept["box"] == [3, 3] and len(kept["rules"]["extra_regions"]) == 9
    six = iss.record_from_string(".Shape~6x6.~R1C1_6")
    assert six["size"] == 6 and six["box"] == [2, 3] and six["grid"][0] == "6"
    assert iss.record_from_string(".NoBoxes")["box"] is None  # a Latin square
    sixteen = iss.record_from_string(".Shape~16x16.~RgCg_16~RaC1_10")
    assert sixteen["grid"][255] == "G" and sixteen["grid"][9 * 16] == "A"


def test_pair_keys_decode_into_the_table():
    # ISS's key of "a < b" on 4 values: bit (a-1)*4 + (b-1) set when a < b
    bits = [int(a < b) for a in range(1, 5) for b in range(1, 5)]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    key = "".join(alphabet[sum(bit << i for i, bit in enumerate(bits[k : k + 6]))] for k in range(0, 16, 6))
    assert iss.binary_key_pairs(key, 4) == {(a, b) for a in range(1, 5) for b in range(1, 5) if a < b}
    read = iss.record_from_string(f".Shape~4x4.Pair~{key}~R1C1~R1C2~R1C3")["rules"]["regular"]
    assert [line["cells"] for line in read] == [[[0, 0], [0, 1]], [[0, 1], [0, 2]]]
    puzzle = Puzzle.from_dict(iss.record_from_string(f".Shape~4x4.Pair~{key}~R1C1~R1C2~R1C3"))
    row = sudoku_cp.solve(puzzle).to_string()[:3]
    assert row[0] < row[1] < row[2]


def test_or_is_either():
    read = rules(".Or.Cage~3~R1C1~R1C2.Cage~17~R1C1~R1C2.End")
    assert read == {"either": [{"any": [{"cages": [{"cells": [[0, 0], [0, 1]], "sum": 3}]},
                                        {"cages": [{"cells": [[0, 0], [0, 1]], "sum": 17}]}]}]}  # fmt: skip
    answer = sudoku_cp.solve(".Or.Cage~3~R1C1~R1C2.Cage~17~R1C1~R1C2.End").to_string()
    assert int(answer[0]) + int(answer[1]) in (3, 17)


def test_legacy_formats():
    plain = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert iss.record_from_string(plain)["grid"] == plain
    killer = iss.record_from_string("3x3::k:" + ":".join(["3585"] * 2 + ["0"] * 79) + ":")
    assert killer["rules"]["cages"] == [{"sum": 14, "cells": [[0, 0], [0, 1]]}]
    # the short killer format: each cell an arrow towards its cage's total (E: 14), or a total
    short = iss.record_from_string("E<0" + "<" * 6 + "0<<<<<<<<" * 8)
    assert short["rules"]["cages"][0] == {"sum": 14, "cells": [[0, 0], [0, 1]]}
    assert short["rules"]["cages"][1] == {"cells": [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8]]}


@pytest.mark.parametrize(
    "text, named",
    [
        (".~R1C1_5.SearchPriority~R1C2", "part 2 ('.SearchPriority"),
        (".Shape~9x9~0-8~Raw", "Shape 9x9~0-8~Raw"),  # other digits are read (tests/test_shapes.py)
        (".Shape~6x8", "Shape 6x8"),
        (".Frobnicate~R1C1", "Frobnicate"),
        (".Var~A~~2.WhiteDot~R1C1~VA1", "ISS's WhiteDot on the extra cell VA1"),
    ],
)
def test_what_is_not_modelled_is_refused_by_name(text, named):
    with pytest.raises(UnsupportedRuleError, match=named.replace("(", r"\(").replace(".", r"\.")):
        iss.record_from_string(text)


@pytest.mark.parametrize(
    "text, named",
    [
        ("Thermo~R1C1", "starts with '.'"),
        (".Thermo~R1C1~R1CX", r"part 1 \('\.Thermo~R1C1~R1CX'\): 'R1CX' is not a cell"),
        (".Cage~ten~R1C1", "part 1.*sum 'ten'"),
        (".~R1C1_5.End", r"part 2 \('\.End'\): '\.End' closes no"),
        (".Or.Cage~3~R1C1~R1C2", "never closed"),
        (".Thermo~R1C1~RaC1", "outside the 9x9 grid"),
        (".Thermo~R1C1~VA1", "'VA1' is no cell: no Var"),
    ],
)
def test_malformed_strings_name_the_part(text, named):
    with pytest.raises(InvalidPuzzleError, match=named):
        iss.record_from_string(text)


@pytest.mark.parametrize(
    "text",
    [
        ".~R1C1_5~R2C3_7.Thermo~R2C2~R3C3.Arrow~R5C5~R5C6~R5C7.Cage~10~R9C1~R9C2.Sum~12~R8C8~R8C9",
        ".Whisper~5~R4C1~R4C2~R4C3.Renban~R6C1~R6C2.Palindrome~R7C1~R7C2~R7C3.WhiteDot~R1C5~R1C6",
        ".BlackDot~R2C5~R2C6.X~R3C5~R3C6.V~R3C7~R3C8.LittleKiller~15~R1C2.Sandwich~10~R4"
        ".Skyscraper~C1~3~4.Diagonal~1.Diagonal~-1.AntiKnight.Quad~R5C1~1~2",
        ".Shape~6x6.~R1C1_1.Zipper~R2C1~R2C2~R2C3.Between~R3C1~R3C2~R3C3.StrictKropki.WhiteDot~R6C1~R6C2",
        ".NoBoxes.Jigsaw~"
        + "".join(str((r // 3) * 3 + (c + r % 3) % 9 // 3) for r in range(9) for c in range(9)),
    ],
)
def test_round_trip(text):
    puzzle = Puzzle.from_dict(iss.record_from_string(text))
    again = Puzzle.from_link(puzzle.to_iss())
    assert again == puzzle
    assert Puzzle.from_link(puzzle.to_link("iss")) == puzzle


def test_writing_refuses_what_iss_has_no_type_for():
    puzzle = Puzzle.from_dict({"size": 9, "grid": "." * 81, "rules": {"slow_thermos": [[[0, 0], [0, 1]]]}})
    with pytest.raises(UnsupportedRuleError, match="slow_thermos"):
        puzzle.to_iss()


def test_links_and_bare_strings_are_read_where_every_input_is():
    text = ".~R1C1_5.Thermo~R2C2~R2C3"
    link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C1_5.Thermo~R2C2~R2C3"
    encoded = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.%7ER1C1_5.Thermo%7ER2C2%7ER2C3"
    assert Puzzle.from_link(link) == Puzzle.from_link(encoded) == sudoku_cp.io.inputs.as_puzzle(text)[0]
    assert sudoku_cp.solve(link).to_string()[0] == "5"
    assert [e.where for e in sudoku_cp.io.readers.read_text(text)] == ["the ISS string"]


def _published(limit: int | None = None) -> list[dict]:
    records = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    return records[:limit] if limit else records


FAST = [
    "iss/Thermo",
    "iss/German Whispers",
    "iss/Sudoku Variants Series (173) - Between Lines Sudoku",
    "iss/Modular Lines 1",
    "iss/Entropic connections",
    "iss/Odd & even",
    pytest.param("iss/16x16: Jigsaw", marks=pytest.mark.slow),  # about 1 s
    pytest.param("iss/Stepped Thermos", marks=pytest.mark.slow),
    pytest.param("iss/Sequence sudoku", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("name", FAST)
def test_published_puzzles_solve_to_the_setters_solution(name):
    records = {r["id"]: r for r in _published()}
    record = records[name]
    assert sudoku_cp.solve(record["link"]).to_string() == record["solution"]


def test_given_candidates_solve_on_every_engine_path():
    # a one-cell regular line (given candidates): the engine's line propagator once took a
    # lone cell's mask for a tuple of masks (TypeError), on the backtracker
    text = ".~R1C1_2_4_6~R1C2_1"
    for backend in ("backtracking", "sat"):
        answer = sudoku_cp.solve(text, backend=backend).to_string()
        assert answer[0] in "246" and answer[1] == "1"


def _packed_nfa(
    starts: int, accepting: int, moves: dict[int, dict[int, int]], symbols: int, bits_: int
) -> str:
    """ISS's packed NFA format, written here from its description (header, then per state
    a mask of its symbols and their targets), for the reader to decode independently."""
    state_bits = bits_
    bits = "01" + format(state_bits - 1, "04b") + format(symbols - 1, "04b")
    bits += format(starts, f"0{state_bits}b") + format(accepting, f"0{state_bits}b") + "0" * starts
    for state in range(max(moves) + 1):
        out = moves.get(state, {})
        bits += format(sum(1 << (v - 1) for v in out), f"0{symbols}b")
        bits += "".join(format(out[v], f"0{state_bits}b") for v in sorted(out))
    bits += "0" * (-len(bits) % 8)
    data = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_nfa_is_a_regular_line_given_by_its_automaton():
    # "the first digit is 4": state 0 (start) --4--> state 1 (accepting) --any--> 1
    token = _packed_nfa(1, 1, {0: {4: 1}, 1: {1: 1, 2: 1, 3: 1, 4: 1}}, 4, 1)
    assert iss.decode_nfa(token)[:3] == ((0,), (1,), ((0, 4, 1), (1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1)))
    text = f".Shape~4x4.NFA~{token}~R1C1~R2C1"
    (line,) = rules(text)["regular"]
    assert line["cells"] == [[0, 0], [1, 0]] and line["nfa"][0] == [0]
    assert sudoku_cp.solve(text).to_string()[0] == "4"
    puzzle = Puzzle.from_link(text)
    assert ".NFA~" in puzzle.to_iss() and Puzzle.from_link(puzzle.to_iss()) == puzzle


def test_replicate_shifts_its_parts_onto_each_target():
    # targets: bit 0 (the origin R1C1) and bit 9 (R2C1 on 9x9): "B" (1), "I" (8 = bit 3 of the 2nd)
    assert rules(".Replicate~BI.Thermo~R1C1~R1C2.End") == {"thermos": [[[0, 0], [0, 1]], [[1, 0], [1, 1]]]}
    shifted = rules(".Replicate~BI~R5C5.Thermo~R5C5~R5C6.End")  # from R5C5: R5C5 and R6C5
    assert shifted == {"thermos": [[[4, 4], [4, 5]], [[5, 4], [5, 5]]]}


def test_the_command_line_takes_an_iss_string_as_its_argument():
    from click.testing import CliRunner

    from sudoku_cp.cli import main

    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        code = main(["solve", ".~R1C1_5.Thermo~R2C2~R2C3"])
        refused = main(["solve", ".SearchPriority~R1C1"])
    assert code == 0 and out.getvalue().decode().startswith("5")
    assert refused == 2 and "SearchPriority" in err.getvalue().decode()


def _key(test, side: int) -> str:
    """ISS's binary key of a relation, written from its description (bit (a-1)*side + (b-1),
    6 bits a character, lowest first)."""
    bits = [int(test(a, b)) for a in range(1, side + 1) for b in range(1, side + 1)]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "".join(
        alphabet[sum(bit << i for i, bit in enumerate(bits[k : k + 6]))] for k in range(0, len(bits), 6)
    )


def test_pairx_relates_every_two_cells_and_must_be_symmetric():
    read = rules(f".Shape~4x4.PairX~{_key(lambda a, b: abs(a - b) >= 2, 4)}~R1C1~R2C2~R3C3")["regular"]
    assert [line["cells"] for line in read] == [[[0, 0], [1, 1]], [[0, 0], [2, 2]], [[1, 1], [2, 2]]]
    with pytest.raises(InvalidPuzzleError, match="symmetric"):
        iss.record_from_string(f".Shape~4x4.PairX~{_key(lambda a, b: a < b, 4)}~R1C1~R2C2")


def test_a_refused_part_can_be_ignored_by_its_name():
    text = ".~R1C1_5.SearchPriority~R1C1.Thermo~R2C2~R2C3"
    with pytest.raises(UnsupportedRuleError) as refusal:
        Puzzle.from_link(text)
    assert refusal.value.elements == ("part 2",)
    puzzle = Puzzle.from_link(text, ignore=refusal.value.elements)
    assert puzzle.metadata["ignored"] == ["part 2"] and puzzle.rules[0].keys == ("thermos",)
