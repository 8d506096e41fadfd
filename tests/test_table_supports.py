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
        masks = [generator.randint(1, 511) for _ in range(size)]
        fitting = [row for row in allowed if all(masks[i] >> (v - 1) & 1 for i, v in enumerate(row))]
        candidates = list(masks)
        changed = _table(table)(candidates)
        if not fitting:
            assert changed is None
            continue
        expected = [sum({1 << (row[i] - 1) for row in fitting}) for i in range(size)]
        assert candidates == expected
        assert changed == [i for i in range(size) if masks[i] != expected[i]]
