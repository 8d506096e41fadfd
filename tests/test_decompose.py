"""The decomposition layer (:mod:`sudoku_cp.model.decompose`), and the recipe of a new kind:
a test module alone adds a constraint kind (a product cage) with its decomposition and
runs it on every backend."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import pytest
from test_general_kinds import _GRIDS_4x4 as GRIDS_4x4

import sudoku_cp
from sudoku_cp import Grid, NotSupportedError, Puzzle
from sudoku_cp.model.constraints import (
    AllDifferent,
    Count,
    Element,
    Model,
    Or,
    Origin,
    OriginKind,
    Regular,
    Relation,
    Sandwich,
    Sum,
    Table,
    table_of,
)
from sudoku_cp.model.decompose import decompose
from sudoku_cp.model.rules import Rule

BACKENDS = sudoku_cp.backend_names()
EMPTY = (0,) * 16


def test_a_model_of_native_kinds_is_returned_as_it_is() -> None:
    model = Puzzle(Grid.empty(4)).model
    assert decompose(model, frozenset({AllDifferent})) is model


def test_each_part_keeps_the_origin_of_its_constraint() -> None:
    origin = Origin(OriginKind.COUNT, 1, ((0, 0),), text="exactly 1 x 2")
    model = Model(4, EMPTY, (Count((0, 1, 2), 2, 1, origin=origin),))
    for native in (frozenset({Regular}), frozenset({Table}), frozenset({Regular, Table})):
        parts = decompose(model, native).constraints
        assert parts and all(p.origin == origin for p in parts)
        assert {type(p) for p in parts} <= native


def test_rewriting_is_recursive_and_remembered() -> None:
    model = Model(4, EMPTY, (Sandwich((0, 1, 2, 3), 2, label="sandwich 2"),))
    once = decompose(model, frozenset({Table}))
    assert [type(c) for c in once.constraints] == [Table]  # Sandwich -> Regular -> Table
    assert decompose(model, frozenset({Table})) is once
    grids = [v for v in itertools.permutations(range(1, 5))]
    assert [v for v in grids if model.holds(v + (1,) * 12)] == [v for v in grids if once.holds(v + (1,) * 12)]


def test_a_distinct_sum_is_rewritten_even_where_sum_is_native() -> None:
    model = Model(4, EMPTY, (Sum((0, 5), 5, distinct=True, label="cage"),))
    parts = decompose(model, frozenset({Sum, AllDifferent})).constraints
    assert [type(p) for p in parts] == [AllDifferent, Sum] and not parts[1].distinct


def test_no_rewriting_that_reaches_the_native_kinds_is_an_error_naming_the_chain() -> None:
    model = Model(4, EMPTY, (Table((0, 1), frozenset({(1, 2)}), label="pair"),))
    with pytest.raises(NotSupportedError, match=r"backend 'toy'.*Table \(pair\).*Table -> Regular -> Table"):
        decompose(model, frozenset({Sum}), "toy")


def test_a_kind_refused_by_design_is_refused_not_rewritten() -> None:
    model = Model(4, EMPTY, (Count((0, 1), 2, 1, label="one 2"),))
    with pytest.raises(NotSupportedError, match=r"backend 'toy'.*Count \(one 2\).*by design"):
        decompose(model, frozenset({Regular, Table}), "toy", refused=frozenset({Count}))


def test_a_table_too_large_to_enumerate_is_refused_saying_so() -> None:
    parts = tuple(Relation(c, c + 1, frozenset({(1, 2)}), label="r") for c in range(8))
    model = Model(9, (0,) * 81, (Or(parts, label="wide"),))
    with pytest.raises(NotSupportedError, match="wide: its language has more than 200000 words"):
        decompose(model, frozenset({Table}))


@pytest.mark.parametrize("array, index, value", [((4, 5, 6, 7), 0, 1), ((0, 5, 10), 0, 3), ((3, 6), 0, 3)])
def test_an_element_decomposes_into_tables_with_the_same_solutions(array, index, value) -> None:
    element = Element(array, index, value, label="element")
    model = Model(4, EMPTY, (element,))
    parts = decompose(model, frozenset({Table, Relation}))
    cells = sorted(set(element.cells))
    for digits in itertools.product(range(1, 5), repeat=len(cells)):
        values = [1] * 16
        for cell, digit in zip(cells, digits, strict=True):
            values[cell] = digit
        assert element.holds(values) == parts.holds(values), digits


# -- the recipe: a new kind from a test module alone ------------------------------------------


@dataclass(frozen=True)
class ProductCage:
    """A new kind: the digits of the cells differ and multiply to ``total``."""

    cells: tuple[int, ...]
    total: int
    origin: Origin

    @property
    def label(self) -> str:
        return self.origin.label

    def holds(self, values) -> bool:
        digits = [values[c] for c in self.cells]
        return len(set(digits)) == len(digits) and math.prod(digits) == self.total

    def givens_conflict(self, givens, side) -> str | None:
        return None

    def decompose(self, side: int) -> tuple:
        """Differ (an AllDifferent) and multiply to the total (a table of the products)."""
        product = table_of(
            self.cells, lambda v: math.prod(v.values()) == self.total, side, origin=self.origin
        )
        return (AllDifferent(self.cells, origin=self.origin), product)


@dataclass(frozen=True)
class ProductCages(Rule):
    cages: tuple[tuple[tuple[tuple[int, int], ...], int], ...]

    def constraints(self, side, box):
        return [
            ProductCage(
                tuple(r * side + c for r, c in cells),
                total,
                Origin.custom(f"product cage {number} ({total})"),
            )
            for number, (cells, total) in enumerate(self.cages, 1)
        ]


PRODUCT = Puzzle(Grid.empty(4), (ProductCages(((((0, 0), (1, 0)), 3), (((0, 2), (0, 3), (1, 3)), 8))),))


def _product_solutions() -> list[tuple[int, ...]]:
    """Every 4x4 grid (the independent enumeration of test_general_kinds) whose cages hold,
    checked from the definition."""
    cages = [((0, 4), 3), ((2, 3, 7), 8)]
    return [
        g
        for g in GRIDS_4x4
        if all(
            len({g[c] for c in cells}) == len(cells) and math.prod(g[c] for c in cells) == t
            for cells, t in cages
        )
    ]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_kind_added_by_a_test_module_runs_on_every_backend(backend: str) -> None:
    solutions = _product_solutions()
    assert 1 < len(solutions) < 20
    assert sudoku_cp.solve(PRODUCT, backend=backend).cells == solutions[0]
    assert sudoku_cp.count_solutions(PRODUCT, backend=backend) == len(solutions)
