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
