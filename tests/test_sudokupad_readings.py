"""Readings of real SudokuPad and f-puzzles links added for issue 31, each on a small
hand-written payload: the drawn element or the rules sentence is read as the rule it
states, and a near one that does not state it is still refused."""

from __future__ import annotations

import json

import lzstring
import pytest

import sudoku_cp
from sudoku_cp import datasets
from sudoku_cp.errors import UnsupportedRuleError
from sudoku_cp.io import links
from sudoku_cp.io.account import read_sentence
from sudoku_cp.io.sudokupad import colour_family, record_to_scl, scl_to_record


def fpuzzles(data) -> str:
    return "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))


def killer_scl() -> dict:
    data = record_to_scl(datasets.load("gen_killer")[0].to_dict())
    data.pop("metadata", None)
    return data


# -- sentences restating a drawn rule -----------------------------------------------------------

ARROWS = {"arrows": [{"circle": [[0, 0]], "arrow": [[0, 1]]}]}


@pytest.mark.parametrize(
    "sentence",
    [
        "Digits may repeat along an arrow if permitted by other rules.",
        "-Arrows: Digits on an arrow must sum to the digit in the corresponding circle and may repeat "
        "if allowed by other rules.",
        "Digits on an arrow can repeat.",
    ],
)
def test_digits_repeating_on_an_arrow_restate_the_arrows_rule(sentence):
    assert read_sentence(sentence, ARROWS)[0] == "explains"


@pytest.mark.parametrize(
    "sentence",
    [
        "Digits may repeat in cages and along arrows.",
        "Digits may repeat on arrows and lines.",
        "Digits may repeat in a cage.",
        "Digits may repeat in rows if permitted by other rules.",
    ],
)
def test_digits_repeating_anywhere_else_is_still_a_change(sentence):
    assert read_sentence(sentence, {**ARROWS, "cages": [{"cells": [[0, 0]], "sum": 1}]})[0] == "refused"


def test_a_heading_announcing_the_rules_is_cosmetic_and_a_rule_after_it_is_read():
    assert read_sentence("Rules:", {})[0] == "cosmetic"
    assert read_sentence("The rules are:", {})[0] == "cosmetic"
    assert read_sentence("Rules: digits may repeat in rows.", {})[0] == "refused"


def test_a_label_in_brackets_and_bold_letters_are_read_as_plain_text():
    sentence = "[𝗦𝘂𝗱𝗼𝗸𝘂] Place the digits from 1 to 6 once each into every Row, Column and Region."
    assert read_sentence(sentence, {}, 6, True)[0] == "standard"
    assert read_sentence(sentence, {}, 9, True)[0] == "refused"  # the size still counts
    assert read_sentence("[𝗦𝗻𝗮𝗸𝗲] Draw a snake through the grid.", {})[0] == "refused"


@pytest.mark.parametrize(
    "sentence",
    [
        "- A white dot between two cells requires that the value in one cell is exactly 1 greater than "
        "the value of the other cell.",
        "- A black dot between two cells requires that the value in one cell is exactly double the value "
        "of the other cell.",
    ],
)
def test_a_kropki_dot_stated_with_exactly_explains_the_drawn_dots(sentence):
    assert (
        read_sentence(sentence, {"white": [[[0, 0], [0, 1]]], "black": [[[1, 0], [1, 1]]]})[0] == "explains"
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "The digit in a circle is exactly 1 greater than the number of circles.",
        "A white dot between two cells requires that one value is exactly 2 greater than the other.",
    ],
)
def test_exactly_outside_a_kropki_dots_rule_is_still_refused(sentence):
    assert read_sentence(sentence, {"white": [[[0, 0], [0, 1]]]})[0] == "refused"


# -- colours and shapes named by the rules text -------------------------------------------------


def test_a_translucent_colour_is_the_colour_it_shows_on_the_grid():
    assert colour_family("#0003") == "grey"  # 20% black
    assert colour_family("#46386c45") == "grey"  # a faint purple
    assert colour_family("#d4da31e6") == "yellow"
    assert colour_family("#000000ff") == "black"


def _parity_marks(colour: str) -> list[dict]:
    return [
        {"center": [0.5, 0.5], "rounded": True, "width": 0.7, "height": 0.7, "backgroundColor": colour},
        {"center": [0.5, 1.5], "width": 0.7, "height": 0.7, "backgroundColor": colour},
    ]


def test_odd_circles_and_even_squares_of_the_colour_the_rules_text_names():
    data = killer_scl()
    data["underlays"] = _parity_marks("#d4da31e6")
    data["metadata"] = {
        "rules": "The yellow circles contain odd digits. The yellow squares contain even digits."
    }
    rules = scl_to_record(data)["rules"]
    assert rules["odd"] == [[0, 0]] and rules["even"] == [[0, 1]]
    data["underlays"] = _parity_marks("#0003")  # translucent black: grey on the grid
    data["metadata"] = {"rules": "Grey circles are odd. Grey square must contain even digit."}
    rules = scl_to_record(data)["rules"]
    assert rules["odd"] == [[0, 0]] and rules["even"] == [[0, 1]]


@pytest.mark.parametrize(
    "rules",
    [
        "The grey circles contain odd digits. The grey squares contain even digits.",  # not yellow
        "Yellow circles contain odd digits and yellow squares contain even digits.",  # both in one
        "The yellow circles contain odd digits. The yellow circles contain even digits.",
    ],
)
def test_parity_marks_of_another_colour_or_an_unclear_sentence_are_refused(rules):
    data = killer_scl()
    data["underlays"] = _parity_marks("#d4da31e6")
    data["metadata"] = {"rules": rules}
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(data)


# -- f-puzzles generic drawings -----------------------------------------------------------------


def test_an_f_puzzles_generic_line_drawn_over_a_constraints_line_is_its_colouring():
    data = links.record_to_fpuzzles(datasets.load("gen_whispers")[0].to_dict())
    data.pop("solution", None)
    line = data["whispers"][0]["lines"][0]
    data["line"] = [{"lines": [line[::-1]], "outlineC": "#67F067", "width": 0.3, "isNewConstraint": True}]
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    row = next(r for r in puzzle.metadata["read"] if r["element"] == "line 1")
    assert row["read as"] == "cosmetic" and "whispers" in row["reason"]
    for other in ([line[:-1]], [line, [line[0], "R9C9"]]):  # not (only) a constraint's line
        data["line"][0]["lines"] = other
        with pytest.raises(UnsupportedRuleError, match="line 1"):
            sudoku_cp.Puzzle.from_link(fpuzzles(data))


# -- arrows drawn as lines ----------------------------------------------------------------------


def _arrow_drawn_as_lines() -> dict:
    data = killer_scl()
    grey = "#bbbf"
    data["lines"] = [
        {"wayPoints": [[0.5, 0.5], [0.5, 2.5], [1.5, 2.5]], "color": grey, "thickness": 3},  # the shaft
        {"wayPoints": [[1.167, 2.5], [1.5, 2.5], [1.5, 2.167]], "color": grey, "thickness": 3},  # its head
    ]
    data["overlays"] = [
        {"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True, "backgroundColor": "#FFFFFF",
         "borderColor": grey},
    ]  # fmt: skip
    data["metadata"] = {"rules": "[𝗔𝗿𝗿𝗼𝘄] Digits on an arrow sum to the digit in its circle."}
    return data


def test_a_line_with_an_arrowhead_from_a_circle_is_an_arrow_not_a_thermometer():
    record = scl_to_record(_arrow_drawn_as_lines())
    assert record["rules"]["arrows"] == [{"circle": [[0, 0]], "arrow": [[0, 1], [0, 2], [1, 2]]}]
    assert "thermos" not in record["rules"]
    rows = {r["element"]: r["read as"] for r in record["read"]}
    assert rows["line 1"] == "arrow" and rows["line 2"] == "arrowhead"


def test_a_line_with_an_arrowhead_without_its_circle_or_without_arrows_in_the_text_is_refused():
    data = _arrow_drawn_as_lines()
    data["overlays"] = []
    with pytest.raises(UnsupportedRuleError, match="line 1 .*does not start in a circle"):
        scl_to_record(data)
    data = _arrow_drawn_as_lines()
    data["metadata"] = {"rules": "Digits increase along a thermometer from its bulb."}
    with pytest.raises(UnsupportedRuleError, match="the rules text does not name arrows"):
        scl_to_record(data)
    data = _arrow_drawn_as_lines()  # a head that does not meet the shaft's end: no arrowhead
    data["lines"][1]["wayPoints"] = [[1.167, 1.5], [1.5, 1.5], [1.5, 1.167]]
    with pytest.raises(UnsupportedRuleError, match="line 2"):
        scl_to_record(data)


def _fpuzzles_line(colour: str, ruleset: str) -> dict:
    return {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "ruleset": "Normal sudoku rules apply. " + ruleset,
        "line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": colour, "width": 0.3}],
        "circle": [{"cells": ["R1C2"], "baseC": colour, "outlineC": colour, "width": 0.4, "height": 0.4}],
    }


def test_an_f_puzzles_generic_line_takes_the_rule_the_rules_text_names_for_its_colour():
    data = _fpuzzles_line(
        "#CDB1EC",
        "Digits an equal distance from the center of a lavender Zipper Line sum to the same total. "
        "For odd-length lines, the total is the digit placed in the line's (circled) center. "
        "Digits may repeat on a Zipper Line.",
    )
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(data))
    assert puzzle.to_dict()["rules"]["zipper_lines"] == [[[0, 0], [0, 1], [0, 2]]]
    rows = {r["element"]: r["read as"] for r in puzzle.metadata["read"]}
    assert rows["line 1"] == "zipper lines" and rows["circle 1"] == "part of a drawn rule"
    solution = sudoku_cp.solve(puzzle)
    assert solution.cells[0] + solution.cells[2] == solution.cells[1]


@pytest.mark.parametrize(
    "colour, ruleset",
    [
        ("#67F067", "Digits an equal distance from the center of a lavender zipper line sum to its center."),
        ("#CDB1EC", "Lavender lines are zipper lines and renban lines."),  # two rules: unclear
        ("#CDB1EC", "Digits on a lavender line lie between the digits in the circles (between line)."),
    ],
)
def test_an_f_puzzles_generic_line_of_a_colour_named_for_no_plain_line_rule_is_refused(colour, ruleset):
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_line(colour, ruleset)))


def test_digits_repeating_on_a_line_are_a_change_except_on_a_zipper_line():
    zipper = {"zipper_lines": [[[0, 0], [0, 1], [0, 2]]]}
    assert read_sentence("Digits may repeat on a Zipper Line.", zipper)[0] == "explains"
    assert (
        read_sentence("Digits may repeat on a renban line.", {**zipper, "renban": [[[1, 0]]]})[0] == "refused"
    )


# -- region-sum lines on jigsaw regions ---------------------------------------------------------

JIGSAW4 = "aabbabbcaddcddcc"


def test_a_region_sum_line_on_jigsaw_regions_sums_alike_in_each_region():
    line = [[0, 1], [0, 2], [0, 3]]  # region a: r1c2; region b: r1c3, r1c4
    record = {
        "size": 4,
        "box": None,
        "grid": "." * 16,
        "rules": {"regions": JIGSAW4, "region_sum_lines": [line]},
    }
    puzzle = sudoku_cp.Puzzle.from_dict(record)
    assert puzzle.to_dict()["rules"] == record["rules"]  # the line does not write the regions again
    cells = sudoku_cp.solve(puzzle).cells
    assert cells[1] == cells[2] + cells[3]
    assert sudoku_cp.Puzzle.from_dict(record).model.constraints == puzzle.model.constraints
    without = {"size": 4, "box": None, "grid": "." * 16, "rules": {"region_sum_lines": [line]}}
    with pytest.raises(sudoku_cp.errors.InvalidPuzzleError, match="need boxes or jigsaw regions"):
        sudoku_cp.Puzzle.from_dict(without)


def test_a_sudokupad_region_sum_line_on_jigsaw_regions_is_read():
    regions = {}
    for i, label in enumerate(JIGSAW4):
        regions.setdefault(label, []).append([i // 4, i % 4])
    data = {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": list(regions.values()),
        "lines": [{"wayPoints": [[0.5, 1.5], [0.5, 3.5]], "color": "#2ecbffff", "thickness": 10}],
        "metadata": {"rules": "Place the digits 1-4, once each, in every row, column, and region. "
                     "Region borders divide the blue line into segments with the same sum."},
    }  # fmt: skip
    rules = scl_to_record(data)["rules"]
    assert rules["region_sum_lines"] == [[[0, 1], [0, 2], [0, 3]]] and rules["regions"] == JIGSAW4


# -- negative constraints stated in a sentence of their own -------------------------------------


def _fpuzzles_with(rules_text: str, **keys) -> dict:
    return {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "ruleset": rules_text, **keys}


def test_all_v_given_forbids_every_other_pair_adding_up_to_5_and_only_that():
    v = [[[0, 0], [0, 1]]]
    record = {"size": 6, "box": [2, 3], "grid": "." * 36, "rules": {"v": v, "all_v_given": True}}
    puzzle = sudoku_cp.Puzzle.from_dict(record)
    assert puzzle.to_dict()["rules"] == record["rules"]
    cells = sudoku_cp.solve(puzzle).cells
    assert cells[0] + cells[1] == 5
    for a in range(36):
        for b in (a + 1, a + 6):
            if b < 36 and (b == a + 6 or a % 6 < 5) and {a, b} != {0, 1}:
                assert cells[a] + cells[b] != 5
    assert (
        len(puzzle.model.constraints)
        == len(sudoku_cp.Puzzle.from_dict({**record, "rules": {"v": v}}).model.constraints) + 59
    )
    with pytest.raises(sudoku_cp.errors.InvalidPuzzleError, match="cannot be written"):
        links.fpuzzles_link(record)  # f-puzzles' negative constraint is for X and V together


@pytest.mark.parametrize(
    "text, flag",
    [
        (
            "Normal sudoku rules apply. Digits joined by a V sum to 5. All such pairs are given.",
            "all_v_given",
        ),
        (
            "Normal sudoku rules apply. Cells separated by an X sum to 10. All of these are given.",
            "all_x_given",
        ),
    ],
)
def test_all_such_pairs_are_given_is_read_with_the_sentence_before(text, flag):
    xv = [{"cells": ["R1C1", "R1C2"], "value": "V" if "V" in text else "X"}]
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_with(text, xv=xv)))
    rules = puzzle.to_dict()["rules"]
    assert rules[flag] is True and "all_xv_given" not in rules


@pytest.mark.parametrize(
    "text",
    [
        "All such pairs are given. Digits joined by a V sum to 5.",  # nothing before it
        "Digits joined by a V sum to 5. Have fun! All such pairs are given.",  # not a rule before it
    ],
)
def test_all_such_pairs_with_no_rule_before_it_is_refused(text):
    xv = [{"cells": ["R1C1", "R1C2"], "value": "V"}]
    with pytest.raises(UnsupportedRuleError, match="All such pairs"):
        sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_with(text, xv=xv)))


@pytest.mark.parametrize(
    "text, flags",
    [
        ("Digits joined by a white dot are consecutive. All possible dots are given.", {"all_white_given"}),
        (
            "Digits joined by a white dot are consecutive; by a black dot, one is double the other. "
            "All possible dots are given.",
            {"all_white_given", "all_black_given"},
        ),
        ("Digits joined by a white dot are consecutive. All kropki dots are given.",
         {"all_white_given", "all_black_given"}),
    ],
)  # fmt: skip
def test_all_dots_given_are_the_dots_the_rules_text_defines(text, flags):
    dots = [{"cells": ["R1C1", "R1C2"]}]
    rules = sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_with(text, difference=dots))).to_dict()["rules"]
    assert {k for k in rules if k.startswith("all_")} == flags


def test_an_f_puzzles_generic_line_of_no_colour_or_outside_the_grid_is_refused_not_guessed():
    data = _fpuzzles_line("#CDB1EC", "Digits on a renban line form a set of consecutive digits in any order.")
    del data["line"][0]["outlineC"], data["circle"]
    with pytest.raises(UnsupportedRuleError, match="line 1 .*generic line tool"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    data = _fpuzzles_line(
        "#CDB1EC", "Digits on a lavender line form a set of consecutive digits in any order."
    )
    data["line"][0]["lines"] = [["R0C1", "R1C1", "R1C2"]]
    del data["circle"]
    with pytest.raises(UnsupportedRuleError, match="line 1 .*generic line tool"):
        sudoku_cp.Puzzle.from_link(fpuzzles(data))
    data["line"][0]["lines"] = [["R1C1", "R1C2", "R1C3"]]  # the same line inside the grid: a renban
    assert sudoku_cp.Puzzle.from_link(fpuzzles(data)).to_dict()["rules"]["renban"] == [
        [[0, 0], [0, 1], [0, 2]]
    ]


# -- lines of one rule that meet ------------------------------------------------------------------

RENBAN_TEXT = (
    "Normal sudoku rules apply. Digits on a purple line are a set of consecutive digits in any order."
)


def _renban_lines(*paths) -> dict:
    return {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": [
            [[r, c] for r in rows for c in cols] for rows in ((0, 1), (2, 3)) for cols in ((0, 1), (2, 3))
        ],
        "lines": [{"wayPoints": path, "color": "#C060F0", "thickness": 10} for path in paths],
        "metadata": {"rules": RENBAN_TEXT},
    }


def test_two_renban_lines_that_share_a_cell_are_refused_as_one_line_or_two():
    # r1c1-r1c2 and r1c2-r2c2 meet at r1c2: drawn through cell centres, they look like one
    # bent line; one renban of 3 cells and two of 2 are different puzzles.
    data = _renban_lines([[0.5, 0.5], [0.5, 1.5]], [[0.5, 1.5], [1.5, 1.5]])
    with pytest.raises(UnsupportedRuleError, match=r"meets line 2 of the same rule at r1c2"):
        scl_to_record(data)


def test_renban_lines_apart_are_read():
    apart = scl_to_record(_renban_lines([[0.5, 0.5], [0.5, 1.5]], [[2.5, 2.5], [3.5, 2.5]]))["rules"]
    assert apart["renban"] == [[[0, 0], [0, 1]], [[2, 2], [3, 2]]]


# -- counting circles, Sudoku Maker's hidden regions and drawings that show nothing ------------

COUNTING_TEXT = (
    "Normal sudoku rules apply. Any digit in a circle indicates exactly how many circles contain that "
    "digit. As an example, if there is a 2 in any circle, there are exactly two 2s in circles."
)


def _boxes4() -> list:
    return [[[r, c] for r in rows for c in cols] for rows in ((0, 1), (2, 3)) for cols in ((0, 1), (2, 3))]


def _circles(cells, border="#000000") -> list[dict]:
    return [
        {"center": [r + 0.5, c + 0.5], "width": 0.82, "height": 0.82, "rounded": True,
         "backgroundColor": "#FFFFFF", "borderColor": border}
        for r, c in cells
    ]  # fmt: skip


CIRCLED = [[0, 0], [0, 1], [1, 2], [2, 3], [3, 0], [3, 3]]


def _counting(text: str = COUNTING_TEXT, circles=None) -> dict:
    return {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": _boxes4(),
        "underlays": circles if circles is not None else _circles(CIRCLED),
        "metadata": {"rules": text},
    }


def test_circles_the_rules_text_calls_counting_circles_are_one_set_of_them():
    record = scl_to_record(_counting())
    assert record["rules"]["counting_circles"] == [sorted(CIRCLED)]
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    circled = [cells[r * 4 + c] for r, c in CIRCLED]
    for digit in set(circled):  # checked here, not by the package's own constraints
        assert circled.count(digit) == digit


@pytest.mark.parametrize(
    "text, circles",
    [
        ("Normal sudoku rules apply. A digit in a circle indicates the number of borders it sees.", None),
        (COUNTING_TEXT, _circles(CIRCLED[:3]) + _circles(CIRCLED[3:], border="#FF0000")),  # two looks
        ("Normal sudoku rules apply. Circles contain odd digits. " + COUNTING_TEXT, None),
    ],
)
def test_circles_of_another_rule_or_of_two_looks_are_not_counting_circles(text, circles):
    with pytest.raises(UnsupportedRuleError, match="underlay 1|sentence 4"):
        scl_to_record(_counting(text, circles))


def _hidden_regions(hidden: bool = True) -> dict:
    regions = {}
    for i, label in enumerate(JIGSAW4):
        regions.setdefault(label, []).append([i // 4, i % 4])
    return {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": [],
        "cages": [{"cells": cells, "unique": True, "hidden": hidden} for cells in regions.values()],
        "lines": [  # the outline of region a, along cell edges
            {"wayPoints": [[0, 0], [0, 2], [1, 2], [1, 1], [3, 1], [3, 0], [0, 0]], "color": "#000000"}
        ],
        "underlays": [{"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "backgroundColor": "#fff3"}],
        "metadata": {"rules": "Place the digits 1-4 once each in every row, column and outlined region."},
    }


def test_hidden_cages_of_different_digits_splitting_the_grid_are_its_regions_and_their_outline_cosmetic():
    record = scl_to_record(_hidden_regions())
    assert record["rules"]["regions"] == JIGSAW4 and "cages" not in record["rules"]
    rows = {r["element"]: r["read as"] for r in record["read"]}
    assert rows["cage 1"] == "jigsaw region" and rows["line 1"] == rows["underlay 1"] == "cosmetic"


def test_cages_that_are_not_hidden_or_a_line_inside_a_region_are_still_refused():
    with pytest.raises(UnsupportedRuleError, match="cage 1"):
        scl_to_record(_hidden_regions(hidden=False))
    data = _hidden_regions()
    data["lines"][0]["wayPoints"] = [[0, 1], [1, 1]]  # between r1c1 and r1c2, both in region a
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        scl_to_record(data)
    data = _hidden_regions()
    data["overlays"] = [{"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "backgroundColor": "#FFFFFF"}]
    with pytest.raises(UnsupportedRuleError, match="overlay 1"):  # opaque over the grid: it hides
        scl_to_record(data)
    data = _hidden_regions()
    data["underlays"][0]["backgroundColor"] = "#FFFFFF"  # opaque: it may cover another mark
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(data)


def _fpuzzles_circles(text: str, looks=("#FFFFFF", "#FFFFFF")) -> dict:
    circles = [
        {"cells": [_cell], "baseC": looks[i % 2], "outlineC": "#000000", "width": 0.75, "height": 0.75}
        for i, _cell in enumerate(("R1C1", "R1C2", "R2C3", "R3C4", "R4C1", "R4C4"))
    ]
    return _fpuzzles_with(text, circle=circles)


def test_f_puzzles_generic_circles_the_rules_text_calls_counting_circles_are_read():
    text = (
        "Normal sudoku rules apply. A digit inside a circle indicates how many circles that digit appears in."
    )
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_circles(text)))
    assert puzzle.to_dict()["rules"]["counting_circles"] == [sorted(CIRCLED)]
    with pytest.raises(UnsupportedRuleError, match="circle 1"):  # two looks: two rules?
        sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_circles(text, looks=("#FFFFFF", "#FF0000"))))
    with pytest.raises(UnsupportedRuleError, match="circle 1"):  # circles of another rule
        sudoku_cp.Puzzle.from_link(
            fpuzzles(
                _fpuzzles_circles(
                    "Normal sudoku rules apply. A digit in a circle is the number of odd digits."
                )
            )
        )


HALVES_TEXT = (
    "Normal sudoku rules apply. In each line of four cells the sum of the first two digits equals the sum "
    "of the last two digits."
)


def _halves(text: str = HALVES_TEXT, way=((0.5, 0.5), (3.5, 3.5))) -> dict:
    return {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": _boxes4(),
        "lines": [{"wayPoints": [list(p) for p in way], "color": "#6bab4cff", "thickness": 10}],
        "metadata": {"rules": text},
    }


def test_a_line_of_four_cells_whose_first_two_digits_add_up_to_its_last_two():
    record = scl_to_record(_halves())
    assert record["rules"]["equal_sums"] == [[[[0, 0], [1, 1]], [[2, 2], [3, 3]]]]
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    assert cells[0] + cells[5] == cells[10] + cells[15]


@pytest.mark.parametrize(
    "text, way",
    [
        (HALVES_TEXT, ((0.5, 0.5), (2.5, 2.5))),  # three cells: no halves of two
        (
            "Normal sudoku rules apply. On each line the sum of the first two digits is less than the rest.",
            None,
        ),
    ],
)
def test_a_line_of_other_length_or_another_sum_rule_is_refused(text, way):
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        scl_to_record(_halves(text, way or ((0.5, 0.5), (3.5, 3.5))))


SLOW_TEXT = (
    "Normal sudoku rules apply. Slow Thermos: Digits along a gray thermometer must generally increase from "
    "bulb to tip. Digits may remain the same when allowed by other rules, but may never decrease."
)


def _generic_thermo(text: str = SLOW_TEXT, bulb: str = "#BFBFBF") -> dict:
    grey = "#BFBFBF"
    return _fpuzzles_with(
        text,
        line=[
            {"lines": [["R1C1", "R2C1", "R3C1"]], "outlineC": grey, "width": 0.6},
            {"lines": [["R2C1", "R2C2"]], "outlineC": grey, "width": 0.6},  # a branch from r2c1
        ],
        circle=[{"cells": ["R1C1"], "baseC": bulb, "outlineC": bulb, "width": 0.7, "height": 0.7}],
    )


def test_f_puzzles_generic_lines_with_a_bulb_are_thermometers_and_a_grey_slow_sentence_makes_them_slow():
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(_generic_thermo()))
    rules = puzzle.to_dict()["rules"]
    assert rules["slow_thermos"] == [[[0, 0], [1, 0], [2, 0]], [[0, 0], [1, 0], [1, 1]]]
    assert "thermos" not in rules
    plain = "Normal sudoku rules apply. Digits along a thermometer increase from the bulb."
    rules = sudoku_cp.Puzzle.from_link(fpuzzles(_generic_thermo(plain))).to_dict()["rules"]
    assert rules["thermos"] == [[[0, 0], [1, 0], [2, 0]], [[0, 0], [1, 0], [1, 1]]]


@pytest.mark.parametrize(
    "text, bulb",
    [
        (SLOW_TEXT, "#FF0000"),  # a bulb of another colour: no thermometer
        ("Normal sudoku rules apply. Digits along a grey line increase.", "#BFBFBF"),  # no thermometers named
        (SLOW_TEXT.replace("gray", "green"), "#BFBFBF"),  # slow thermometers of a colour not drawn
    ],
)
def test_generic_lines_without_their_bulb_or_their_rule_or_a_slow_rule_of_another_colour_are_refused(
    text, bulb
):
    with pytest.raises(UnsupportedRuleError, match="line 1|sentence 2"):
        sudoku_cp.Puzzle.from_link(fpuzzles(_generic_thermo(text, bulb)))


KNIGHT_TEXT = (
    "Normal Sudoku rules apply. A digit in a circle must belong to the same entropic group (high [789], "
    "medium [456] or low [123]) as every cell a single chess knights move away from it."
)


def test_a_circle_in_the_entropic_group_of_its_knights_move_cells():
    boxes = [[[r, c] for r in range(R, R + 3) for c in range(C, C + 3)] for R in (0, 3, 6) for C in (0, 3, 6)]
    data = {"cells": [[{} for _ in range(9)] for _ in range(9)], "regions": boxes}
    data["underlays"] = [{"center": [4.5, 4.5], "width": 0.85, "height": 0.85, "rounded": True,
                          "borderColor": "#000000"}]  # fmt: skip
    data["metadata"] = {"rules": KNIGHT_TEXT}
    record = scl_to_record(data)
    (relation,) = record["rules"]["relations"]
    assert len(relation["pairs"]) == 8 and all(a == [4, 4] for a, _ in relation["pairs"])
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        assert (cells[40] - 1) // 3 == (cells[(4 + dr) * 9 + 4 + dc] - 1) // 3
    data["metadata"] = {"rules": KNIGHT_TEXT.replace("the same", "a different")}
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(data)
    data["metadata"] = {"rules": KNIGHT_TEXT.replace("knights move", "king's move")}
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(data)


FIBONACCI_TEXT = (
    "Normal sudoku rules apply. Fibonacci Lines: Blue lines strictly increase from one end to the other "
    "where any digit on the line beyond the lowest 2 digits is the sum of the previous 2 digits in the "
    "sequence."
)


def test_a_fibonacci_line_reads_either_way_as_a_regular_line_of_its_words():
    data = _halves(FIBONACCI_TEXT, ((2.5, 0.5), (2.5, 2.5)))
    data["lines"][0]["color"] = "#6adaedff"
    record = scl_to_record(data)
    assert record["rules"]["regular"] == [{"cells": [[2, 0], [2, 1], [2, 2]], "pattern": "123|321|134|431"}]
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    low, middle, high = sorted(cells[8:11])
    assert cells[9] == middle and low + middle == high
    data["lines"][0]["wayPoints"] = [[2.5, 0.5], [2.5, 1.5]]  # two cells: no Fibonacci line
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        scl_to_record(data)
    data = _halves("Normal sudoku rules apply. Blue lines strictly increase.", ((2.5, 0.5), (2.5, 2.5)))
    data["lines"][0]["color"] = "#6adaedff"
    with pytest.raises(UnsupportedRuleError, match="line 1"):
        scl_to_record(data)


@pytest.mark.parametrize("side", [4, 6])
def test_three_neighbours_in_a_row_or_column_never_of_one_parity(side):
    text = "In every row and column, strings of 3 digits are never all even nor all odd."
    status, _, added = read_sentence(text, {}, side, True)
    assert status == "rule"
    record = {"size": side, "grid": "." * side * side, "rules": added}
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    rows = [cells[r * side : (r + 1) * side] for r in range(side)]
    for line in rows + [list(col) for col in zip(*rows, strict=True)]:
        for i in range(side - 2):
            assert len({d % 2 for d in line[i : i + 3]}) == 2
    assert read_sentence("In every row and column, strings of 3 digits are never all even.", {}, side, True)[
        0
    ] == ("refused")


RED_DOTS = (
    "Normal sudoku rules apply. Digits separated by a red dot are non-consecutive and contain one even digit "
    "and one odd digit."
)


def _red_dots(text: str = RED_DOTS) -> dict:
    dot = {"cells": ["R1C1", "R1C2"], "baseC": "#FF4043", "outlineC": "#FF4043", "width": 0.3, "height": 0.3}
    return {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], "ruleset": text, "circle": [dot]}


def test_dots_of_a_colour_with_a_stated_rule_are_relations_and_all_dots_given_forbids_it_elsewhere():
    rules = sudoku_cp.Puzzle.from_link(fpuzzles(_red_dots())).to_dict()["rules"]
    assert rules["relations"] == [{"pairs": [[[0, 0], [0, 1]]], "predicate": "abs(a-b)!=1 and (a+b)%2==1"}]
    rules = sudoku_cp.Puzzle.from_link(fpuzzles(_red_dots(RED_DOTS + " All dots are given!"))).to_dict()[
        "rules"
    ]
    negative = rules["relations"][1]
    assert negative["predicate"] == "not (abs(a-b)!=1 and (a+b)%2==1)" and len(negative["pairs"]) == 143
    assert [[0, 0], [0, 1]] not in negative["pairs"] and "all_white_given" not in rules


@pytest.mark.slow
def test_all_dots_given_of_a_stated_rule_holds_in_the_answer():
    puzzle = sudoku_cp.Puzzle.from_link(fpuzzles(_red_dots(RED_DOTS + " All dots are given!")))
    cells = sudoku_cp.solve(puzzle).cells
    red = lambda a, b: abs(a - b) != 1 and (a + b) % 2 == 1  # noqa: E731
    assert red(cells[0], cells[1])
    for a in range(81):
        for b in (a + 1, a + 9):
            if b < 81 and (b == a + 9 or a % 9 < 8) and (a, b) != (0, 1):
                assert not red(cells[a], cells[b])


@pytest.mark.parametrize(
    "text",
    [
        "Normal sudoku rules apply. Digits separated by a red dot are prime.",  # a clause not in the grammar
        "Normal sudoku rules apply. Digits separated by a blue dot are consecutive.",  # another colour
        "Normal sudoku rules apply. Digits separated by a red dot are either consecutive and odd.",
    ],
)
def test_dots_whose_rule_is_not_stated_in_the_grammar_are_refused(text):
    with pytest.raises(UnsupportedRuleError, match="circle 1"):
        sudoku_cp.Puzzle.from_link(fpuzzles(_red_dots(text)))


def test_a_sudokupad_grey_dot_either_consecutive_or_in_ratio_2():
    text = (
        "Normal sudoku rules apply. Cells separated by a grey dot are either consecutive or in a 1:2 ratio."
    )
    data = _halves(text + " (or both)")
    data.pop("lines")
    data["overlays"] = [{"center": [0.5, 1], "width": 0.31, "height": 0.31, "rounded": True,
                         "backgroundColor": "#383838", "borderColor": "#000000"}]  # fmt: skip
    record = scl_to_record(data)
    assert record["rules"]["relations"] == [
        {"pairs": [[[0, 0], [0, 1]]], "predicate": "abs(a-b)==1 or (a==2*b or b==2*a)"}
    ]


LOCKOUT_TEXT = (
    "Normal sudoku rules apply. Digits along a purple lockout line must not be between the values of the "
    "diamond endpoints, which have a difference of at least 2."
)


def _diamond(cell) -> dict:
    return {"angle": 45, "center": [cell[0] + 0.5, cell[1] + 0.5], "width": 0.587, "height": 0.587,
            "backgroundColor": "#ebeaffd6", "borderColor": "#490aa5"}  # fmt: skip


def test_a_lockout_line_with_its_diamonds_is_read_and_its_difference_is_not_whispers():
    data = _halves(LOCKOUT_TEXT, ((0.5, 0.5), (0.5, 3.5)))
    data["lines"][0]["color"] = "#9b86ecff"
    data["overlays"] = [_diamond([0, 0]), _diamond([0, 3])]
    rules = scl_to_record(data)["rules"]
    assert rules == {"lockout_lines": [{"line": [[0, 0], [0, 1], [0, 2], [0, 3]], "difference": 2}]}
    data["overlays"] = [_diamond([0, 0])]  # one diamond: refused, not whispers
    with pytest.raises(UnsupportedRuleError, match="line 1 .*lockout line needs a diamond at each end"):
        scl_to_record(data)


def test_a_sequence_line_is_an_arithmetic_sequence_either_way():
    data = _halves("Normal sudoku rules apply. Grey sequence lines contain digits in order, with the same "
                   "difference between each adjacent pair.", ((0.5, 0.5), (2.5, 0.5)))  # fmt: skip
    data["lines"][0]["color"] = "#9d9d9dff"
    record = scl_to_record(data)
    assert record["rules"]["regular"] == [{"cells": [[0, 0], [1, 0], [2, 0]], "pattern": "321|432|123|234"}]
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    assert cells[0] - cells[4] == cells[4] - cells[8] != 0


def test_a_whispers_loop_is_its_path_and_the_pair_that_closes_it():
    boxes = [[[r, c] for r in range(R, R + 3) for c in range(C, C + 3)] for R in (0, 3, 6) for C in (0, 3, 6)]
    loop = [[0.5, 0.5], [0.5, 1.5], [1.5, 1.5], [1.5, 0.5], [0.5, 0.5]]
    data = {
        "cells": [[{} for _ in range(9)] for _ in range(9)],
        "regions": boxes,
        "lines": [{"wayPoints": loop, "color": "#67f067ff", "thickness": 10}],
        "metadata": {
            "rules": "Normal sudoku rules apply. Adjacent digits along a green line differ by at least 5."
        },
    }
    rules = scl_to_record(data)["rules"]
    assert rules["german_whispers"] == [[[1, 0], [0, 0]], [[0, 0], [0, 1], [1, 1], [1, 0]]]


def _stolen(text: str, side: int = 6) -> dict:
    def mark(cells, colour):
        return {"cells": cells, "baseC": colour, "outlineC": "#000000", "width": 0.25, "height": 0.25}

    square, dot = mark(["R1C1", "R1C2"], "#00E1FF"), mark(["R2C1", "R2C2"], "#38DE00")
    grid = [[{} for _ in range(side)] for _ in range(side)]
    return {
        "size": side,
        "grid": grid,
        "ruleset": text,
        "rectangle": [square],
        "circle": [dot],
        "negative": ["xv"],
    }


STOLEN = (
    "Normal sudoku rules apply. Cells connected by an X must sum to 10. Cells connected by a V must sum to "
    "5. The green dots are either X or V. All X's and V's are given. Cells connected by a blue square must "
    "sum to 3. All blue squares are given."
)


def test_squares_and_dots_of_a_stated_sum_and_their_negative_constraints():
    rules = sudoku_cp.Puzzle.from_link(fpuzzles(_stolen(STOLEN))).to_dict()["rules"]
    assert "all_xv_given" not in rules
    by_rule = {r["predicate"]: r["pairs"] for r in rules["relations"]}
    assert by_rule["a+b==3"] == [[[0, 0], [0, 1]]] and by_rule["a+b==10 or a+b==5"] == [[[1, 0], [1, 1]]]
    assert [[0, 0], [0, 1]] not in by_rule["not (a+b==3)"] and [[1, 0], [1, 1]] in by_rule["not (a+b==3)"]
    assert [[1, 0], [1, 1]] not in by_rule["not (a+b==10 or a+b==5)"]
    with pytest.raises(UnsupportedRuleError, match="sentence"):  # a negative with a change: refused
        sudoku_cp.Puzzle.from_link(
            fpuzzles(_stolen(STOLEN.replace("squares are given.", "squares are given, but")))
        )


@pytest.mark.slow
def test_squares_and_dots_of_a_stated_sum_and_their_negative_constraints_hold_in_the_answer():
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_link(fpuzzles(_stolen(STOLEN, 9)))).cells
    assert cells[0] + cells[1] == 3 and cells[9] + cells[10] in (5, 10)
    for a in range(81):
        for b in (a + 1, a + 9):
            if b < 81 and (b == a + 9 or a % 9 < 8) and (a, b) not in ((0, 1), (9, 10)):
                assert cells[a] + cells[b] not in (3, 5, 10)


# -- fortress cells, inequality signs, lines ending a gap apart, outlined sum lines ---------

FORTRESS_TEXT = (
    "Normal sudoku rules apply. Digits in grey shaded cells must be greater than their orthogonally "
    "adjacent unshaded neighbours."
)


def _shaded(cells, colour="#0003") -> list[dict]:
    return [
        {"center": [r + 0.5, c + 0.5], "width": 1, "height": 1, "stroke": "none", "backgroundColor": colour}
        for r, c in cells
    ]


def _sign(cell, edge, toward: bool) -> dict:
    """A ``<`` drawn as three points in ``cell`` near its ``edge`` ("left", "right", "top",
    "bottom"), its tip toward that edge (pointing at the neighbour) or away from it."""
    r, c = cell
    near, tip = (0.11, 0.06) if toward else (0.06, 0.11)
    if edge in ("left", "right"):
        x, t = (c + near, c + tip) if edge == "left" else (c + 1 - near, c + 1 - tip)
        way = [[r + 0.38, x], [r + 0.5, t], [r + 0.62, x]]
    else:
        y, t = (r + near, r + tip) if edge == "top" else (r + 1 - near, r + 1 - tip)
        way = [[y, c + 0.38], [t, c + 0.5], [y, c + 0.62]]
    return {"wayPoints": way, "color": "#000000", "thickness": 1}


def _fortress(text: str = FORTRESS_TEXT, cells=((0, 0), (0, 1)), signs=(), colour="#0003") -> dict:
    return {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": _boxes4(),
        "underlays": _shaded(cells, colour),
        "lines": list(signs),
        "metadata": {"rules": text},
    }


def test_grey_cells_the_rules_text_calls_fortress_cells_are_greater_than_their_unshaded_neighbours():
    record = scl_to_record(_fortress())
    assert record["rules"] == {"less": [[[1, 0], [0, 0]], [[1, 1], [0, 1]], [[0, 2], [0, 1]]]}
    assert [row["read as"] for row in record["read"] if row["element"] == "sentence 2"] == [
        "explains the drawn fortress cells"
    ]
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    assert cells[0] > cells[4] and cells[1] > cells[5] and cells[1] > cells[2]


NEIGHBOURING = (
    "Normal sudoku rules apply. Digits in shaded cells are less than all neighbouring unshaded cells."
)
LESS_SIGNS = [  # r1c1 is shaded, its neighbours r1c2 and r2c1; each tip points into r1c1 (the smaller)
    _sign((0, 0), "right", toward=False),
    _sign((0, 0), "bottom", toward=False),
]


def test_neighbours_not_said_orthogonal_are_those_the_inequality_signs_show():
    record = scl_to_record(_fortress(NEIGHBOURING, cells=[(0, 0)], signs=LESS_SIGNS))
    assert record["rules"] == {"less": [[[0, 0], [1, 0]], [[0, 0], [0, 1]]]}
    assert {row["read as"] for row in record["read"] if row["element"].startswith("line")} == {
        "inequality sign of a fortress cell"
    }


@pytest.mark.parametrize(
    ("text", "cells", "signs", "colour"),
    [
        (FORTRESS_TEXT.replace(" unshaded", ""), [(0, 0), (0, 1)], [], "#0003"),  # shaded neighbours?
        (NEIGHBOURING, [(0, 0)], [], "#0003"),  # no signs: are diagonal neighbours meant?
        (NEIGHBOURING, [(0, 0)], LESS_SIGNS[:1], "#0003"),  # a sign on one edge only
        (NEIGHBOURING, [(0, 0)], [LESS_SIGNS[0], _sign((0, 0), "bottom", toward=True)], "#0003"),  # against
        (FORTRESS_TEXT.replace("orthogonally", "orthogonally or diagonally"), [(0, 0)], [], "#0003"),
        (FORTRESS_TEXT, [(0, 0)], [], "#67F067"),  # green cells, the sentence names grey ones
    ],
)
def test_shaded_cells_whose_neighbours_or_colour_are_unclear_are_refused(text, cells, signs, colour):
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(_fortress(text, cells, signs, colour))


def test_two_lines_ending_in_one_cell_a_gap_apart_are_two_lines_holding_it():
    data = _renban_lines([[0.5, 1.3], [0.5, 0.5]], [[0.5, 1.7], [0.5, 3.5]])
    assert scl_to_record(data)["rules"]["renban"] == [[[0, 1], [0, 0]], [[0, 1], [0, 2], [0, 3]]]
    touching = _renban_lines([[0.5, 1.45], [0.5, 0.5]], [[0.5, 1.55], [0.5, 3.5]])  # their widths meet
    with pytest.raises(UnsupportedRuleError, match=r"meets line 2 of the same rule at r1c2"):
        scl_to_record(touching)


SUM_LINES_TEXT = "Normal sudoku rules apply. Each white line can be divided into segments that each sum to 5."


def _outlined(text: str = SUM_LINES_TEXT, thick=(9.6, 5.12)) -> dict:
    way = [[0.5, 0.5], [0.5, 3.5]]
    return {
        "cells": [[{} for _ in range(4)] for _ in range(4)],
        "regions": _boxes4(),
        "lines": [
            {"wayPoints": way, "color": "#aaaf", "thickness": thick[0]},
            {"wayPoints": way, "color": "#FFFFFF", "thickness": thick[1]},
        ],
        "metadata": {"rules": text},
    }


def test_a_white_line_drawn_over_a_grey_border_is_a_sum_line_of_the_total_stated():
    record = scl_to_record(_outlined())
    assert record["rules"] == {"sum_lines": [{"line": [[0, 0], [0, 1], [0, 2], [0, 3]], "sum": 5}]}
    assert [row["read as"] for row in record["read"] if row["element"] == "line 1"] == ["cosmetic"]
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    assert cells[0] + cells[1] == 5 and cells[2] + cells[3] == 5


@pytest.mark.parametrize(
    ("text", "thick", "refused"),
    [
        (SUM_LINES_TEXT, (5.12, 5.12), "line 1"),  # not a border: a grey line of no rule
        (SUM_LINES_TEXT + " Each white loop has segments that each sum to 6.", (9.6, 5.12), "line 2"),
        (SUM_LINES_TEXT.replace("to 5.", "to 5 or 6."), (9.6, 5.12), "line 2"),  # no one total
    ],
)
def test_a_line_of_no_border_or_of_no_one_total_is_refused(text, thick, refused):
    with pytest.raises(UnsupportedRuleError, match=refused):
        scl_to_record(_outlined(text, thick))


SKYSCRAPER_TEXT = (
    "Normal sudoku rules apply. Clues outside the grid give the number of skyscrapers seen from that "
    "direction, each digit the height of a skyscraper."
)
SANDWICH_TEXT = (
    "Normal sudoku rules apply. Numbers outside the grid give the sum of the digits between the 1 and the 9 "
    "in that row or column."
)


def _outside(text: str, clues, side: int = 4) -> dict:
    box = 2 if side == 4 else 3
    regions = [
        [[r, c] for r in range(top, top + box) for c in range(left, left + box)]
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    marks = [
        {"center": [y, x], "width": 0.8, "height": 0.8, "text": t, "color": "#000000"} for y, x, t in clues
    ]
    return {
        "cells": [[{} for _ in range(side)] for _ in range(side)],
        "regions": regions,
        "overlays": marks,
        "metadata": {"rules": text},
    }


def test_numbers_outside_the_grid_are_the_clues_of_the_one_outside_rule_stated():
    record = scl_to_record(_outside(SKYSCRAPER_TEXT, [(-0.5, 0.5, "4"), (2.5, 4.5, 2)]))
    assert record["rules"] == {
        "skyscrapers": [{"side": "right", "index": 2, "seen": 2}, {"side": "top", "index": 0, "seen": 4}]
    }
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    assert [cells[4 * r] for r in range(4)] == [1, 2, 3, 4]
    row = cells[8:12][::-1]
    assert sum(v > max(row[:i], default=0) for i, v in enumerate(row)) == 2
    sandwiches = scl_to_record(_outside(SANDWICH_TEXT, [(-0.5, 0.5, "0"), (4.5, -0.5, "35")], 9))["rules"]
    assert sandwiches == {
        "sandwiches": [{"side": "left", "index": 4, "sum": 35}, {"side": "top", "index": 0, "sum": 0}]
    }
    assert read_sentence("Digits separated by an X sum to 10.", {"x": [[[0, 0], [0, 1]]]})[0] == "explains"


@pytest.mark.parametrize(
    ("text", "clues"),
    [
        (SANDWICH_TEXT + " " + SKYSCRAPER_TEXT.split(". ")[1], [(-0.5, 0.5, "0")]),  # two rules stated
        (SANDWICH_TEXT.replace("1 and the 9", "2 and the 8"), [(-0.5, 0.5, "0")]),  # a variant
        (SANDWICH_TEXT + " Numbered rooms: a clue outside the grid is the Nth digit.", [(-0.5, 0.5, "0")]),
        (SANDWICH_TEXT, [(-0.5, 0.5, "0"), (-0.3, 0.5, "5")]),  # two numbers in one place
        ("Normal sudoku rules apply.", [(-0.5, 0.5, "0")]),  # no rule for them
    ],
)
def test_numbers_outside_of_no_one_clear_rule_are_refused(text, clues):
    with pytest.raises(UnsupportedRuleError, match="overlay 1"):
        scl_to_record(_outside(text, clues, 9))


X_SUMS_TEXT = (
    "Normal sudoku rules apply. X-Sums: a clue outside the grid gives the sum of the first X digits in that "
    "row or column from the clue, where X is the first of those digits."
)


def _fpuzzles_texts(text: str, cells=("R0C1", "R5C10")) -> dict:
    grid = [[{} for _ in range(9)] for _ in range(9)]
    texts = [
        {"cells": [cell], "value": value, "fontC": "#000000"}
        for cell, value in zip(cells, ("1", "45"), strict=True)
    ]
    return {"size": 9, "grid": grid, "ruleset": text, "text": texts}


def test_f_puzzles_numbers_written_outside_the_grid_are_the_clues_of_the_outside_rule_stated():
    record = links.fpuzzles_to_record(_fpuzzles_texts(X_SUMS_TEXT))
    assert record["rules"] == {
        "x_sums": [{"side": "right", "index": 4, "sum": 45}, {"side": "top", "index": 0, "sum": 1}]
    }
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_link(fpuzzles(_fpuzzles_texts(X_SUMS_TEXT)))).cells
    assert cells[0] == 1 and cells[44] == 9  # the first digit seen from the right of row 5 is 9: all 9 add up


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("Normal sudoku rules apply.", ("R0C1", "R5C10")),  # no rule for them
        (X_SUMS_TEXT, ("R0C0", "R5C10")),  # a corner: in line with no row or column
        (X_SUMS_TEXT, ("R1C1", "R5C10")),  # inside the grid
    ],
)
def test_f_puzzles_texts_outside_of_no_rule_or_not_in_line_are_refused(text, cells):
    with pytest.raises(UnsupportedRuleError, match="text 1"):
        links.fpuzzles_to_record(_fpuzzles_texts(text, cells))


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        ("Digits in grey cells must be greater than all neighbouring unshaded cells.", "explains"),
        ("Digits in shaded cells are not greater than their orthogonal neighbours.", "refused"),
        ("Digits in shaded cells are greater than their diagonally adjacent cells.", "refused"),
    ],
)
def test_a_fortress_sentence_explains_the_drawn_cells_unless_negated_or_diagonal(sentence, status):
    assert read_sentence(sentence, {"less": [[[0, 0], [0, 1]]]})[0] == status


WINDOKU_TEXT = (
    "Normal sudoku rules apply. Windoku: the four grey 3x3 boxes must also contain the digits 1-9 once each."
)
NO_REPEAT_TEXT = "Normal sudoku rules apply. Digits cannot repeat in a shaded region."


def _square(top: int, left: int, span: int = 1, colour: str = "#CFCFCF") -> dict:
    middle = [top + span / 2, left + span / 2]
    return {"center": middle, "width": span, "height": span, "backgroundColor": colour}


def _shaded_regions(text: str, marks: list[dict]) -> dict:
    return {
        "cells": [[{} for _ in range(9)] for _ in range(9)],
        "regions": [
            [[r, c] for r in range(t, t + 3) for c in range(f, f + 3)] for t in (0, 3, 6) for f in (0, 3, 6)
        ],
        "underlays": marks,
        "metadata": {"rules": text},
    }


WINDOWS = [_square(1, 1, 3), _square(1, 5, 3), _square(5, 1, 3), _square(5, 5, 3)]
L_SHAPE = [_square(0, c) for c in range(4)] + [_square(1, c) for c in range(5)]


def test_shaded_regions_the_rules_text_says_hold_every_digit_are_windows_or_extra_regions():
    assert scl_to_record(_shaded_regions(WINDOKU_TEXT, WINDOWS))["rules"] == {
        "windows": [[1, 1], [1, 5], [5, 1], [5, 5]]
    }
    record = scl_to_record(_shaded_regions(NO_REPEAT_TEXT, L_SHAPE))
    assert record["rules"] == {"extra_regions": [[[0, c] for c in range(4)] + [[1, c] for c in range(5)]]}
    cells = sudoku_cp.solve(sudoku_cp.Puzzle.from_dict(record)).cells
    assert sorted(cells[0:4] + cells[9:14]) == list(range(1, 10))


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        (NO_REPEAT_TEXT, L_SHAPE + [_square(2, 0)]),  # ten cells: two regions that touch?
        (WINDOKU_TEXT.replace("1-9", "1-8"), WINDOWS),  # not every digit of the grid
        (WINDOKU_TEXT.replace("must also", "do not"), WINDOWS),  # negated
        (NO_REPEAT_TEXT, WINDOWS[:3] + [_square(5, 5, 3, "#67F067")]),  # two colours, none named
        ("Normal sudoku rules apply.", WINDOWS),  # no rule for them
    ],
)
def test_shaded_cells_of_no_clear_region_rule_are_refused(text, marks):
    with pytest.raises(UnsupportedRuleError, match="underlay 1"):
        scl_to_record(_shaded_regions(text, marks))
