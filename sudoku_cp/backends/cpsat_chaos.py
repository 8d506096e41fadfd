"""CP-SAT's compiler of a chaos construction (:class:`~sudoku_cp.model.chaos.ChaosRegions`):
the regions found while solving, over the model's hidden label and level cells.

* **Each region holds every digit once**: ``z[r][v]``, the region of the digit ``v`` of
  row ``r`` (an internal variable, ``1..n``), is different for the ``n`` rows of each
  digit (an ``AllDifferent`` per digit), and a cell's label is ``z[its row][its digit]``
  (CP-SAT's ``add_element``). Every region then holds one cell of each digit, so ``n``
  cells.
* **Labels in order of first appearance** (value precedence): ``m[c]``, the largest label
  of the cells up to ``c``; a cell's label is at most ``m[c-1] + 1``, and the cell is its
  region's *root* (its first cell) exactly when ``m`` grows there.
* **Connectivity by exact levels**: a root has level 1, any other cell is next to a cell of
  its region whose level is one less, and no cell of its region next to it is lower than
  that (the breadth-first distances: :mod:`sudoku_cp.model.chaos`).
* **Redundant constraints** that only speed the search: ``n`` cells a region (a sum of
  the Booleans of ``add_map_domain`` per region), no cell alone, and two cells ``n`` or
  more steps apart (Manhattan distance) in two regions, since a connected region of ``n``
  cells spans at most ``n - 1`` steps. With CP-SAT's LP relaxation off for these models
  (the ``"hidden"`` parameters of
  :data:`~sudoku_cp.backends.cpsat._PARAMETERS`), four of ISS's nine hard 9x9
  chaos constructions that timed out at 20 s of CPU solve within it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sudoku_cp.model.chaos import ChaosRegions, neighbours


def add_chaos_regions(model: Any, x: Sequence[Any], constraint: ChaosRegions) -> None:
    """Add ``constraint`` to the CP-SAT ``model`` over the cell variables ``x``."""
    n = constraint.side
    count = n * n
    grid = [x[c] for c in constraint.cells[:count]]
    labels = [x[c] for c in constraint.cells[count : 2 * count]]
    levels = [x[c] for c in constraint.cells[2 * count :]]
    z = [[model.new_int_var(1, n, f"region_r{r + 1}_{v + 1}") for v in range(n)] for r in range(n)]
    for v in range(n):
        model.add_all_different(z[r][v] for r in range(n))
    for cell in range(count):
        model.add_element(grid[cell] - 1, z[cell // n], labels[cell])

    model.add(labels[0] == 1)
    model.add(levels[0] == 1)
    largest = labels[0]
    for cell in range(1, count):
        before = largest
        largest = model.new_int_var(1, n, f"largest_label_{cell}")
        model.add_max_equality(largest, [before, labels[cell]])
        model.add(labels[cell] <= before + 1)
        root = model.new_bool_var(f"root_{cell}")
        model.add(largest == before + 1).only_enforce_if(root)
        model.add(largest == before).only_enforce_if(~root)
        model.add(levels[cell] == 1).only_enforce_if(root)
        model.add(levels[cell] >= 2).only_enforce_if(~root)
        closer = []
        for other in neighbours(cell, n):
            same = _same(model, labels, cell, other)
            model.add(levels[other] >= levels[cell] - 1).only_enforce_if(same)
            step = model.new_bool_var(f"closer_{cell}_{other}")
            model.add_implication(step, same)
            model.add(levels[other] == levels[cell] - 1).only_enforce_if(step)
            closer.append(step)
        model.add_bool_or(closer).only_enforce_if(~root)
    member = [[model.new_bool_var(f"in_region_{cell}_{k + 1}") for k in range(n)] for cell in range(count)]
    for cell in range(count):
        model.add_map_domain(labels[cell], member[cell], 1)
    for k in range(n):  # redundant: n cells a region
        model.add(sum(member[cell][k] for cell in range(count)) == n)
    for cell in range(count):  # redundant: a region of n >= 2 cells leaves no cell alone
        model.add_bool_or([_same(model, labels, cell, other) for other in neighbours(cell, n)])
    for a in range(count):  # redundant: a connected region of n cells spans fewer than n steps
        for b in range(a + 1, count):
            if abs(a // n - b // n) + abs(a % n - b % n) >= n:
                model.add(labels[a] != labels[b])


def _same(model: Any, labels: Sequence[Any], a: int, b: int) -> Any:
    """The Boolean "cells ``a`` and ``b`` are in one region", made once per pair."""
    key = (min(a, b), max(a, b))
    made = model.__dict__.setdefault("_chaos_same", {})
    if key not in made:
        same = model.new_bool_var(f"same_{key[0]}_{key[1]}")
        model.add(labels[a] == labels[b]).only_enforce_if(same)
        model.add(labels[a] != labels[b]).only_enforce_if(~same)
        made[key] = same
    return made[key]
