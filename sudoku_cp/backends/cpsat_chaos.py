"""CP-SAT's compiler of a chaos construction (:class:`~sudoku_cp.model.chaos.ChaosRegions`):
the regions found while solving, over the model's hidden label cells.

* **Each region holds every digit once**: ``z[r][v]``, the region of the digit ``v`` of
  row ``r`` (an internal variable, ``1..n``), is different for the ``n`` rows of each
  digit (an ``AllDifferent`` per digit), and a cell's label is ``z[its row][its digit]``
  (CP-SAT's ``add_element``). Every region then holds one cell of each digit, so ``n``
  cells (also stated, redundantly: a sum of the Booleans of ``add_map_domain`` per region).
* **Labels in order of first appearance** (value precedence): ``m[c]``, the largest label
  of the cells up to ``c``; a cell's label is at most ``m[c-1] + 1``, and the cell is its
  region's root exactly when ``m`` grows there.
* **Connectivity by closed pieces**: for every connected piece ``P`` of at most ``n // 2``
  cells (:func:`~sudoku_cp.model.chaos.connected_pieces`: 1675 on a 9x9 grid), one clause
  "``P`` is not a whole component of a region": some edge of a spanning tree of ``P``
  joins two regions, or some cell next to ``P`` shares a region with it. A region of ``n``
  cells that is not connected has such a closed component (its smallest), so with the
  regions' size this is connectivity, over ``same`` Booleans of neighbouring cells only.
  It is the small-component half of the cut-set description of connected partitions
  (the cutting-plane approach to connected graph partitioning, e.g. Hojny, Joormann,
  Lüthen and Schmidt, "Mixed-integer programming techniques for the connected max-k-cut
  problem", Math. Prog. Comp. 2021), here complete because every region has ``n`` cells.
* **Levels, redundant**: internal variables (not model cells) for each cell's
  breadth-first distance + 1 from its region's *root* (its first cell: where the largest
  label grows), the Bellman equations: a root has level 1, any other cell is next to a
  cell of its region one level lower (``closer``) and no cell of its region next to it
  is lower than that. They propagate what the clauses above see late (on ISS's
  ``Chaos Construction: x-sums``, 10 s of CPU with them, 64 s without). Every internal
  variable is a function of the grid and labels (``closer`` is *exactly* "same region
  and one level lower"), so CP-SAT's enumeration meets each (grid, partition) once and
  proves a unique solution in its first solve; with ``closer`` only implying that, it
  met every solution twice and the lexicographic chain ran a second, longer solve.
* **Redundant**: two cells ``n`` or more steps apart (Manhattan distance) lie in two
  regions, since a connected region of ``n`` cells spans at most ``n - 1`` steps.

The clues about regions (:class:`~sudoku_cp.model.chaos.ChaosCounts`,
:class:`~sudoku_cp.model.chaos.ChaosRegionCounts`, :class:`~sudoku_cp.model.chaos.ChaosArrows`)
are ``Regular`` lines over label cells then the control, which the other backends compile
as automata; here (:func:`add_chaos_clue`) they are linear sums of the same ``same``
Booleans, since their automata became large tables (ISS's ``Cavernous Construction``:
486 tables, 340k rows, 29 s of CPU; natively 1.6 s, and ISS's ``Let there be chaos`` and
``The Fountain`` 8.4 s and 1.2 s instead of over 60: ``benchmarks/bench_links.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sudoku_cp.model.chaos import ChaosRegions, ClueShape, connected_pieces, neighbours


def add_chaos_regions(model: Any, x: Sequence[Any], constraint: ChaosRegions) -> None:
    """Add ``constraint`` to the CP-SAT ``model`` over the cell variables ``x``."""
    n = constraint.side
    count = n * n
    grid = [x[c] for c in constraint.cells[:count]]
    labels = [x[c] for c in constraint.cells[count:]]
    z = [[model.new_int_var(1, n, f"region_r{r + 1}_{v + 1}") for v in range(n)] for r in range(n)]
    for v in range(n):
        model.add_all_different(z[r][v] for r in range(n))
    for cell in range(count):
        model.add_element(grid[cell] - 1, z[cell // n], labels[cell])

    model.add(labels[0] == 1)
    levels = [model.new_int_var(1, n, f"level_{c}") for c in range(count)]
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
            model.add(levels[other] != levels[cell] - 1).only_enforce_if([same, ~step])
            closer.append(step)
        model.add_bool_or(closer).only_enforce_if(~root)
    member = [[model.new_bool_var(f"in_region_{cell}_{k + 1}") for k in range(n)] for cell in range(count)]
    for cell in range(count):
        model.add_map_domain(labels[cell], member[cell], 1)
    for k in range(n):  # redundant: n cells a region
        model.add(sum(member[cell][k] for cell in range(count)) == n)
    for piece in connected_pieces(n, n // 2):  # no closed piece: connected regions
        inside = set(piece)
        tree, reached = [], [piece[0]]
        for cell in reached:  # a breadth-first spanning tree of the piece
            for other in neighbours(cell, n):
                if other in inside and other not in reached:
                    reached.append(other)
                    tree.append(~_same(model, labels, cell, other))
        rim = [_same(model, labels, c, o) for c in piece for o in neighbours(c, n) if o not in inside]
        model.add_bool_or(tree + rim)
    for a in range(count):  # redundant: a connected region of n cells spans fewer than n steps
        for b in range(a + 1, count):
            if abs(a // n - b // n) + abs(a % n - b % n) >= n:
                model.add(labels[a] != labels[b])


def add_chaos_clue(model: Any, x: Sequence[Any], cells: Sequence[int], shape: ClueShape, side: int) -> bool:
    """Add a chaos clue's ``Regular`` line (``cells``: label cells, then the control cell;
    ``shape``: :func:`~sudoku_cp.model.chaos.clue_shape` of its automaton) to the CP-SAT
    ``model`` as a linear equation over ``same`` Booleans (each reified both ways, so a
    function of the labels): a count is ``1 + sum(same(first, c))``, a region count the
    number of cells in no region of an earlier one, an arrow ``1 +`` its runs, each run
    cell the conjunction of the one before and ``same(start, c)``. Returns ``False``
    (adding nothing) when the line is not of that form, for the caller's general
    compilation."""
    count = side * side
    *labels, control = cells
    if not labels or control >= count or any(not count <= c < 2 * count for c in labels):
        return False
    grid = [c - count for c in labels]
    every = [x[count + c] for c in range(count)]

    def same(a: int, b: int) -> Any:
        return _same(model, every, a, b)

    first = grid[0]
    if shape.kind == "count":
        terms = [same(first, c) for c in grid[1:] if c != first]
        fixed = 1 + sum(1 for c in grid[1:] if c == first)
    elif shape.kind == "regions":
        terms, fixed = [], 1
        for i, c in enumerate(grid[1:], 1):
            if c in grid[:i]:
                continue
            new = model.new_bool_var(f"new_region_{c}")
            earlier = [same(c, o) for o in dict.fromkeys(grid[:i])]
            for literal in earlier:
                model.add_implication(new, ~literal)
            model.add_bool_or([new, *earlier])
            terms.append(new)
    elif shape.kind == "arrow" and len(grid) == 1 + sum(shape.arms):
        terms, fixed, at = [], 1, 1
        for length in shape.arms:
            running = None
            for c in grid[at : at + length]:
                step = model.new_constant(1) if c == first else same(first, c)
                if running is None:
                    running = step
                else:
                    both = model.new_bool_var(f"run_{first}_{c}")
                    model.add_implication(both, running)
                    model.add_implication(both, step)
                    model.add_bool_or([~running, ~step, both])
                    running = both
                terms.append(running)
            at += length
    else:
        return False
    model.add(x[control] == fixed + sum(terms) - shape.offset)
    return True


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
