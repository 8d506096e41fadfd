"""The engine's filter of a table constraint (a Dutch flatmates cell, an element, any
rule given by its allowed tuples): each cell keeps exactly the values of the allowed
tuples that fit every cell's candidates, checked against the definition."""

from __future__ import annotations

import random

from sudoku_cp.engine.propagators import _table
from sudoku_cp.model.constraints import Table


def test_a_table_keeps_exactly_the_values_of_the_fitting_tuples():
    generator = random.Random(5)
    for _ in range(300):
        size = generator.randint(1, 4)
        top = generator.choice((4, 7, 9))
        allowed = frozenset(
            tuple(generator.randint(1, top) for _ in range(size)) for _ in range(generator.randint(1, 40))
        )
        table = Table(tuple(range(size)), allowed, label="table")
        _check(table, [generator.randint(1, 511) for _ in range(size)])


def _check(table, masks):
    """The table's filter on ``masks`` keeps exactly the values of the fitting tuples (from
    the definition), and names the cells it narrowed; ``None`` when no tuple fits."""
    fitting = [row for row in table.allowed if all(masks[i] >> (v - 1) & 1 for i, v in enumerate(row))]
    candidates = list(masks)
    changed = _table(table)(candidates)
    if not fitting:
        assert changed is None
        return
    expected = [sum({1 << (row[i] - 1) for row in fitting}) for i in range(len(masks))]
    assert candidates == expected
    assert changed == [i for i in range(len(masks)) if masks[i] != expected[i]]


def test_a_large_table_of_an_ambiguous_arrow_keeps_the_fitting_values():
    """A table of hundreds of tuples (an arrow of four cells whose circle is any of them, as
    the rewriting of its Or lists it), read by its rows' index: the definition's values on
    candidate states from full to nearly solved."""
    from itertools import product

    allowed = frozenset(
        values
        for values in product(range(1, 10), repeat=4)
        if any(2 * values[i] == sum(values) for i in range(4))
    )
    table = Table((0, 1, 2, 3), allowed, label="ambiguous arrow")
    generator = random.Random(6)
    for _ in range(200):
        _check(
            table,
            [
                generator.choice((511, generator.randint(1, 511), 1 << generator.randrange(9)))
                for _ in range(4)
            ],
        )
