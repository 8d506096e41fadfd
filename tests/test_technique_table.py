"""The technique table is typed and complete: every row has a typed id, level and band;
every variant row is tied to its finder by what it covers (a constraint kind and an
OriginKind), not by display strings; every constraint kind and every origin kind has its
explanation row, read from the code (``KINDS``, ``OriginKind``), so that a kind added
later fails here until the table says how steps explain it."""

from __future__ import annotations

import pytest

from sudoku_cp import datasets
from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.model.constraints import (
    KINDS,
    AllDifferent,
    Automaton,
    Less,
    Linear,
    Model,
    Origin,
    OriginKind,
    Regular,
    Relation,
    Sandwich,
    Skyscraper,
    Sum,
    Table,
    ValueIn,
    unit_constraints,
)
from sudoku_cp.model.grid import geometry
from sudoku_cp.model.puzzle import Puzzle
from sudoku_cp.reasoning.techniques import table
from sudoku_cp.reasoning.techniques.board import Board
from sudoku_cp.reasoning.techniques.table import (
    BY_COVER,
    KIND_ROWS,
    ORIGIN_ROWS,
    REWRITTEN_FOR_THE_BOARD,
    TECHNIQUES,
    Band,
    Level,
    TechniqueId,
    variant_row,
)

VARIANT_ROWS = [row for row in TECHNIQUES if row.covers]


def test_rows_are_typed_and_every_id_has_one_row():
    assert [row.id for row in TECHNIQUES] == list(TechniqueId)
    for row in TECHNIQUES:
        assert isinstance(row.id, TechniqueId) and isinstance(row.level, Level) and isinstance(row.band, Band)
        assert row.level is not Level.SEARCH
    # the enums equal today's strings, so stored ids and names keep working
    assert TechniqueId.X_WING == "x-wing" and f"{Level.FISH}" == "fish" and str(Band.EASY) == "easy"
    assert table.BY_ID["x-wing"] is table.BY_ID[TechniqueId.X_WING]
    assert set(table.RATINGS) <= set(TechniqueId)


def test_each_cover_belongs_to_one_row():
    covers = [cover for row in VARIANT_ROWS for cover in row.covers]
    assert len(covers) == len(set(covers)) == len(BY_COVER)
    for kind, origin in covers:
        assert kind in KINDS and kind is not ValueIn
        # an AllDifferent only as a line read whole (a renban line's, with its pair Relations)
        assert kind is not AllDifferent or origin is OriginKind.RENBAN
        assert origin is None or isinstance(origin, OriginKind)


def _origin(origin: OriginKind | None) -> dict:
    # an origin locates its clue by a cell, as a link's does (a step's text names it)
    return {"label": "my rule"} if origin is None else {"origin": Origin(origin, 1, cells=((0, 0),))}


def _constraint(kind: type, origin: OriginKind | None):
    """A constraint of ``kind`` on a 4x4 grid whose propagator removes candidates of its
    cells from full candidates."""
    o = _origin(origin)
    if kind is Sum:
        return Sum((0, 1), 3, **o)  # {1, 2}
    if kind is AllDifferent:  # a line read whole with its pair Relation (_board adds it)
        return AllDifferent((0, 1), **o)
    if kind is Less:
        return Less(0, 1, **o)  # r1c1 is not 4
    if kind is Relation:
        return Relation(0, 1, frozenset({(1, 2), (2, 1)}), **o)
    if kind is Linear:
        return Linear((0, 1), (1, 1), "==", 3, **o)
    if kind is Table:
        return Table((0, 1), frozenset({(1, 2)}), **o)
    if kind is Sandwich:
        return Sandwich((0, 1, 2, 3), 5, **o)  # 1 and 4 at the ends
    if kind is Skyscraper:
        return Skyscraper((0, 1, 2, 3), 4, **o)  # 1, 2, 3, 4
    if kind is Regular:
        one_two = Automaton.build(0, lambda s, v: s + 1 if v == s + 1 else None, lambda s: s == 2, 4)
        return Regular((0, 1), one_two, pattern="12", **o)  # 1 then 2
    pytest.fail(f"no example constraint of kind {kind.__name__}: add one to _constraint")


def _board(constraint) -> Board:
    units = unit_constraints(geometry(4, (2, 2)).units, 4)
    extra = ()
    if isinstance(constraint, AllDifferent):  # its pair: the run {1, 2}
        extra = (Relation(0, 1, frozenset({(1, 2), (2, 1)}), origin=constraint.origin),)
    return Board(Model(4, (0,) * 16, units + (constraint, *extra)))


@pytest.mark.parametrize(
    ("row", "cover"),
    [(row, cover) for row in VARIANT_ROWS for cover in row.covers],
    ids=lambda x: x.id if hasattr(x, "id") else f"{x[0].__name__}-{x[1]}",
)
def test_every_variant_row_is_tied_to_its_finder(row, cover):
    constraint = _constraint(*cover)
    assert variant_row(constraint) is row
    board = _board(constraint)
    found = list(row.find(board, board.initial(), set()))
    assert found, f"{row.id} finds no step over {constraint.label}"
    assert {d.technique for d in found} == {row.name}
    assert all(constraint in d.constraints for d in found)
    for other in VARIANT_ROWS:
        if other is not row:
            assert not list(other.find(board, board.initial(), set())), f"{other.id} took {constraint.label}"


def test_every_constraint_kind_has_an_explanation_row():
    """Every kind of KINDS (read from the code: a kind added later is checked too)."""
    assert set(KIND_ROWS) == set(KINDS)
    for kind in KINDS:
        if kind is ValueIn:
            assert KIND_ROWS[kind] == ()  # it only cuts the starting candidates
            continue
        assert KIND_ROWS[kind], f"no row of the technique table explains {kind.__name__}"
        assert set(KIND_ROWS[kind]) <= set(TechniqueId)
        if kind in REWRITTEN_FOR_THE_BOARD:
            continue  # explained by the rows of the kinds it is rewritten into
        if kind is not AllDifferent:
            # a constraint of this kind from any rule (or none) still has a row
            assert (kind, None) in BY_COVER, (
                f"{kind.__name__} has no generic row (cover ({kind.__name__}, None))"
            )


def test_every_origin_kind_has_an_explanation_row():
    """Every OriginKind (read from the code): its rows, or ``()`` for the origins that
    only cut the starting candidates (givens, even and odd cells, a check's candidates)."""
    assert set(ORIGIN_ROWS) == set(OriginKind)
    starting = {OriginKind.GIVEN, OriginKind.EVEN, OriginKind.ODD, OriginKind.CANDIDATES}
    for kind, ids in ORIGIN_ROWS.items():
        assert set(ids) <= set(TechniqueId)
        assert bool(ids) == (kind not in starting), kind


def test_the_rules_of_the_bundled_sets_meet_their_own_rows():
    """Every (constraint kind, origin kind) the bundled sets' rules compile to is explained:
    a variant constraint by a row that names its origin (not a generic row)."""
    seen = set()
    for name in datasets.names():
        if not datasets.is_variant_set(name):
            continue
        for puzzle in datasets.load(name, limit=1):
            assert isinstance(puzzle, Puzzle)
            for constraint in puzzle.model.constraints:
                kind, origin = type(constraint), constraint.origin.kind
                seen.add((kind, origin))
                assert ORIGIN_ROWS[origin], (name, constraint.label)
                if kind in (AllDifferent, ValueIn):
                    continue
                row = variant_row(constraint)
                assert row is not None and (kind, origin) in row.covers, (name, constraint.label)
    assert (Sum, OriginKind.CAGE) in seen and (Skyscraper, OriginKind.SKYSCRAPER) in seen


def test_a_variant_finder_takes_an_id_not_a_display_name():
    assert table.variant_finder("cage-combinations").__name__ == "cage_combinations"
    with pytest.raises(InvalidArgumentError, match="cage combinations"):
        table.variant_finder("cage combinations")  # the display name: refused, not a finder of nothing
