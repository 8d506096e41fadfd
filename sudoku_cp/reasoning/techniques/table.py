"""The one table of techniques: what :func:`sudoku_cp.explain`, :func:`sudoku_cp.hint` and
:func:`sudoku_cp.grade` know, in one place, so that they cannot disagree.

Each row (a :class:`Technique`) gives a technique's typed id (:class:`TechniqueId`), its
name as HoDoKu and SudokuWiki say it, its finder, its grade level (:class:`Level`) and band
(:class:`Band`), and the wording of its step; a variant row also what it covers (a
constraint kind and the :class:`~sudoku_cp.model.constraints.OriginKind` of its rule), from
which its finder and :func:`variant_row` follow. :data:`TECHNIQUES` lists the rows simplest
first: that is the order in which :func:`solving_path` (and so ``explain`` and ``grade``)
tries them. :data:`KIND_ROWS` and :data:`ORIGIN_ROWS` say which rows explain each
constraint kind and each origin kind; :mod:`sudoku_cp.reasoning.techniques.docs` writes
the catalogue in the docs from this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from sudoku_cp.errors import InvalidArgumentError
from sudoku_cp.model.constraints import (
    HOUSE_KINDS,
    KINDS,
    AllDifferent,
    And,
    Constraint,
    Count,
    Element,
    Less,
    Linear,
    Or,
    OriginKind,
    Regular,
    Relation,
    Sandwich,
    Skyscraper,
    Sum,
    Table,
    cell_name,
)
from sudoku_cp.reasoning.techniques import basic
from sudoku_cp.reasoning.techniques.als import find_als_xy_wing, find_als_xz
from sudoku_cp.reasoning.techniques.basic_fish import fish
from sudoku_cp.reasoning.techniques.board import Board, Deduction, Finder
from sudoku_cp.reasoning.techniques.chains import find_aic, find_x_chain, find_xy_chain
from sudoku_cp.reasoning.techniques.coloring import find_multi_colors, find_simple_colors
from sudoku_cp.reasoning.techniques.finned_fish import (
    find_finned_jellyfish,
    find_finned_swordfish,
    find_finned_x_wing,
    find_sashimi_jellyfish,
    find_sashimi_swordfish,
    find_sashimi_x_wing,
)
from sudoku_cp.reasoning.techniques.forcing import find_forcing_chains, find_nested_forcing_nets
from sudoku_cp.reasoning.techniques.killer import cage_combinations_in_units, cage_pointing
from sudoku_cp.reasoning.techniques.kraken import find_kraken_fish
from sudoku_cp.reasoning.techniques.minimal import find_minimal_deduction
from sudoku_cp.reasoning.techniques.nice_loops import find_continuous_nice_loop
from sudoku_cp.reasoning.techniques.single_digit import (
    find_empty_rectangle,
    find_skyscraper,
    find_turbot_fish,
    find_two_string_kite,
)
from sudoku_cp.reasoning.techniques.sue_de_coq import find_sue_de_coq
from sudoku_cp.reasoning.techniques.unique_rectangles import (
    find_unique_rectangle_3,
    find_unique_rectangle_5,
    find_unique_rectangle_6,
)
from sudoku_cp.reasoning.techniques.uniqueness import (
    find_bug_plus_one,
    find_hidden_rectangle,
    find_unique_rectangle,
    find_unique_rectangle_2,
    find_unique_rectangle_4,
)
from sudoku_cp.reasoning.techniques.wings import find_w_wing, find_xy_wing, find_xyz_wing


class TechniqueId(StrEnum):
    """The id of each row of :data:`TECHNIQUES`. A ``StrEnum``: each member equals its
    value (``TechniqueId.X_WING == "x-wing"``), the key a :class:`~sudoku_cp.reasoning.stepwise.Step`
    records as its ``technique_id``."""

    NAKED_SINGLE = "naked-single"
    HIDDEN_SINGLE = "hidden-single"
    REQUIRED_DIGIT = "required-digit"
    CAGE_COMBINATIONS = "cage-combinations"
    THERMOMETER = "thermometer"
    INEQUALITY = "inequality"
    KROPKI_DOT = "kropki-dot"
    NO_DOT = "no-dot"
    SUM = "sum"
    RELATION = "relation"
    XV = "xv"
    NO_X_OR_V = "no-x-or-v"
    WHISPERS = "whispers"
    RENBAN = "renban"
    PALINDROME = "palindrome"
    ARROW = "arrow"
    LITTLE_KILLER = "little-killer"
    OUTSIDE_SUM = "outside-sum"
    REGION_SUM_LINE = "region-sum-line"
    BETWEEN_LINE = "between-line"
    QUADRUPLE = "quadruple"
    SLOW_THERMOMETER = "slow-thermometer"
    CLONE = "clone"
    MODULAR_LINE = "modular-line"
    ENTROPIC_LINE = "entropic-line"
    PARITY_LINE = "parity-line"
    NABNER_LINE = "nabner-line"
    INDEX_LINE = "index-line"
    INDEXER = "indexer"
    NUMBERED_ROOM = "numbered-room"
    ANTI_TAXICAB = "anti-taxicab"
    ZIPPER_LINE = "zipper-line"
    DIFFERENCE_COUNT_LINE = "difference-count-line"
    DUTCH_FLATMATES = "dutch-flatmates"
    X_SUM = "x-sum"
    HIDDEN_SKYSCRAPER = "hidden-skyscraper"
    LUNCHBOX = "lunchbox"
    RELLIK_CAGE = "rellik-cage"
    COUNTING_CIRCLES = "counting-circles"
    EQUALITY_CAGE = "equality-cage"
    DOUBLE_ARROW = "double-arrow"
    LOCKOUT_LINE = "lockout-line"
    GLOBAL_ENTROPY = "global-entropy"
    GLOBAL_MODULAR = "global-modular"
    LOOK_AND_SAY = "look-and-say"
    COUNT_DISTINCT = "count-distinct"
    SAME_VALUES = "same-values"
    SUM_LINE = "sum-line"
    EQUAL_SUMS = "equal-sums"
    FULL_RANK = "full-rank"
    REGULAR_LINE = "regular-line"
    COUNT = "count"
    ELEMENT = "element"
    EITHER = "either"
    SANDWICH = "sandwich"
    SKYSCRAPER_CLUE = "skyscraper-clue"
    LINEAR = "linear"
    TABLE = "table"
    LINE_CLUE = "line-clue"
    CHAOS_CONSTRUCTION = "chaos-construction"
    RULE_OF_45 = "rule-of-45"
    CAGES_IN_UNIT = "cage-combinations-in-a-unit"
    LOCKED_CANDIDATES = "locked-candidates"
    CAGE_POINTING = "cage-pointing"
    NAKED_PAIR = "naked-pair"
    HIDDEN_PAIR = "hidden-pair"
    NAKED_TRIPLE = "naked-triple"
    HIDDEN_TRIPLE = "hidden-triple"
    NAKED_QUAD = "naked-quad"
    HIDDEN_QUAD = "hidden-quad"
    X_WING = "x-wing"
    SWORDFISH = "swordfish"
    JELLYFISH = "jellyfish"
    SKYSCRAPER = "skyscraper"
    TWO_STRING_KITE = "2-string-kite"
    TURBOT_FISH = "turbot-fish"
    EMPTY_RECTANGLE = "empty-rectangle"
    XY_WING = "xy-wing"
    XYZ_WING = "xyz-wing"
    W_WING = "w-wing"
    UNIQUE_RECTANGLE_1 = "unique-rectangle-1"
    UNIQUE_RECTANGLE_2 = "unique-rectangle-2"
    UNIQUE_RECTANGLE_4 = "unique-rectangle-4"
    HIDDEN_RECTANGLE = "hidden-rectangle"
    BUG_PLUS_1 = "bug-plus-1"
    UNIQUE_RECTANGLE_3 = "unique-rectangle-3"
    UNIQUE_RECTANGLE_5 = "unique-rectangle-5"
    UNIQUE_RECTANGLE_6 = "unique-rectangle-6"
    FINNED_X_WING = "finned-x-wing"
    SASHIMI_X_WING = "sashimi-x-wing"
    FINNED_SWORDFISH = "finned-swordfish"
    SASHIMI_SWORDFISH = "sashimi-swordfish"
    FINNED_JELLYFISH = "finned-jellyfish"
    SASHIMI_JELLYFISH = "sashimi-jellyfish"
    SIMPLE_COLORS = "simple-colors"
    MULTI_COLORS = "multi-colors"
    X_CHAIN = "x-chain"
    XY_CHAIN = "xy-chain"
    CONTINUOUS_NICE_LOOP = "continuous-nice-loop"
    AIC = "aic"
    ALS_XZ = "als-xz"
    ALS_XY_WING = "als-xy-wing"
    SUE_DE_COQ = "sue-de-coq"
    KRAKEN_FISH = "kraken-fish"
    FORCING_CHAIN = "forcing-chain"
    NESTED_FORCING_NET = "nested-forcing-net"
    MINIMAL_DEDUCTION = "minimal-deduction"


class Level(StrEnum):
    """The grade levels, weakest first (:data:`LEVELS`). A ``StrEnum``: each member equals
    its name in words (``Level.FISH == "fish"``)."""

    NAKED_SINGLES = "naked singles"
    HIDDEN_SINGLES = "hidden singles"
    LOCKED_CANDIDATES = "locked candidates"
    HALL_SETS = "Hall sets"
    FISH = "fish"
    SINGLE_DIGIT_PATTERNS = "single-digit patterns"
    WINGS = "wings"
    UNIQUENESS = "uniqueness"
    FINNED_FISH = "finned fish"
    COLOURING = "colouring"
    CHAINS = "chains"
    ALS = "ALS"
    FORCING_CHAINS = "forcing chains"
    MINIMAL_DEDUCTION = "minimal deduction"
    SEARCH = "search"


class Band(StrEnum):
    """The human-facing bands of proper puzzles, easiest first (:data:`BAND_NAMES`). A
    ``StrEnum``: ``Band.EASY == "easy"``."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    FIENDISH = "fiendish"


LEVELS: tuple[Level, ...] = tuple(Level)
"""The grade levels, weakest first (Simonis 2005: the weakest propagation that solves a
puzzle, extended with the families of HoDoKu's and SudokuWiki's technique lists); a
technique's ``level`` is one of them, the last means none solves it (a path that stalls:
only on a puzzle with several solutions, since the minimal deduction always finds a step
on a proper one)."""

SEARCH = Level.SEARCH

BAND_NAMES: tuple[Band, ...] = tuple(Band)
"""The human-facing bands of proper puzzles, easiest first (an improper puzzle's band is
``"not proper"``):

* ``"easy"``: naked singles, and a variant's constraints on their own;
* ``"medium"``: hidden singles, the rule of 45;
* ``"hard"``: locked candidates, naked and hidden subsets;
* ``"expert"``: needs a fish, a single-digit pattern, a wing, a uniqueness pattern,
  colouring, a chain or an ALS, but no forcing step;
* ``"fiendish"``: needs a forcing chain or a minimal deduction (or search)."""

Cover = tuple[type, "OriginKind | None"]
"""What a variant row reasons over: a constraint kind (a class of
:data:`~sudoku_cp.model.constraints.KINDS`) and the :class:`~sudoku_cp.model.constraints.OriginKind`
of the rule it comes from, or ``None`` for any origin no other row names (the generic
rows: ``"sum"``, ``"relation"``, ``"linear"``...)."""


@dataclass(frozen=True)
class Technique:
    """One row of the table.

    Attributes:
        id: a short unique key, a :class:`TechniqueId` for a row of :data:`TECHNIQUES`
            (equal to ``"naked-single"``, ``"x-wing"``): what a
            :class:`~sudoku_cp.reasoning.stepwise.Step` records as its ``technique_id``; a
            plain string for a row built outside the table (:func:`as_techniques`).
        name: the technique's name as HoDoKu and SudokuWiki say it (``"X-Wing"``); the
            grade names it. A finder may give its deductions a more precise name
            (``"locked candidates (pointing)"``, ``"rule of 45 (innies)"``).
        find: the finder, ``find(board, candidates, placed)`` yielding
            :class:`~sudoku_cp.reasoning.techniques.board.Deduction`\\ s.
        level: its grade level, a :class:`Level` of :data:`LEVELS` (not ``"search"``).
        band: the band of puzzles whose hardest technique it is, a :class:`Band` (every
            technique of a level has the same band).
        cost: the cost of one step, an int for a numeric score (the sum of a path's step
            costs, in the spirit of HoDoKu's per-technique scores): singles small, subsets
            more, fish and wings more, chains, ALS, forcing chains and the minimal
            deduction most.
        wording: the premise of a step that removes candidates, as a :meth:`str.format`
            template over the fields of :func:`wording_fields` (``{cells}``, ``{values}``,
            ``{unit}``, ``{both}``, ``{units}``, ``{placement}``, ``{reason}``,
            ``{argument}``: a variant step's argument, ``": 12 in 3 cells: {3,4,5}"``, or
            ``""``).
        placing: the premise of a step that places a digit (it is then the whole step:
            the conclusion is the placement).
        needs_unique: the technique rests on the puzzle having one solution (Unique
            Rectangle, BUG+1): :func:`next_step` tries it only once the puzzle is proven
            proper (:attr:`~sudoku_cp.reasoning.techniques.board.Board.proper`), and its steps are
            checked against the solution, not from their premises.
        search_backed: its steps are proven by a backtracking search over their
            constraints, not by an argument a reader can replay (the minimal deduction,
            the last resort): marked as such in the step's text and counted apart by the
            benchmarks.
        covers: for a variant row, the constraints it reasons over (:data:`Cover`: a
            constraint kind and the :class:`~sudoku_cp.model.constraints.OriginKind` of
            its rule, or ``None`` for any other); ``()`` for the other rows.
        needs_complete_units: the technique rests on each unit holding every value (a
            value has a place in each unit: hidden singles and subsets, locked candidates,
            fish, strong links of a value in a unit, uniqueness patterns, the rule of 45's
            fixed unit totals): :func:`next_step` does not try it on a board whose units
            hold ``n`` of ``k > n`` values
            (:attr:`~sudoku_cp.reasoning.techniques.board.Board.complete_units` false).
        partial_units_only: the technique is for such boards only (the required digit:
            on a board of complete units every value is required, and the hidden single
            finds its steps first): :func:`next_step` tries it only when
            ``complete_units`` is false.

    A row can be called like its finder.
    """

    id: TechniqueId | str
    name: str
    find: Finder
    level: Level
    band: Band
    cost: int = 0
    wording: str = "{unit}{argument}; "
    placing: str = "{placement} ({unit})"
    needs_unique: bool = False
    search_backed: bool = False
    covers: tuple[Cover, ...] = ()
    needs_complete_units: bool = False
    partial_units_only: bool = False

    def fits(self, board: Board) -> bool:
        """Whether the row applies to ``board``: :attr:`needs_complete_units` and
        :attr:`partial_units_only` against its
        :attr:`~sudoku_cp.reasoning.techniques.board.Board.complete_units`."""
        if board.complete_units:
            return not self.partial_units_only
        return not self.needs_complete_units

    def __call__(self, board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        return self.find(board, candidates, placed)

    @property
    def order(self) -> int:
        """Its position in :data:`TECHNIQUES` (simplest first); past the end for a row that
        is not in the table."""
        return _ORDER.get(self.id, len(TECHNIQUES))

    @property
    def level_index(self) -> int:
        """The index of its level in :data:`LEVELS`."""
        return LEVELS.index(self.level)

    @property
    def hardness(self) -> tuple[int, int]:
        """``(level index, order)``: the hardest technique of a path is the largest."""
        return (self.level_index, self.order)

    def premise(self, placing: bool, **fields: str) -> str:
        """The step's premise in words: :attr:`placing` or :attr:`wording`, filled in."""
        return (self.placing if placing else self.wording).format(**fields)


_SUBSET = "{cells} hold only {values} between them ({unit}); "
_HIDDEN = "{values} fit only in {cells} ({unit}); "
_FISH = "{values} in {cells} ({units}); "
_PATTERN = "{values} in {cells} ({units}); "
_UNIQUE = "{cells} would otherwise allow a second solution (uniqueness: the puzzle has one); "
_REASON = "{reason} ({units}); "
(_NAKED_SINGLES, _HIDDEN_SINGLES, _LOCKED, _HALL, _FISH_LEVEL, _SINGLE_DIGIT, _WINGS, _UNIQUENESS, _FINNED,
 _COLOURING, _CHAINS, _ALS, _FORCING, _MINIMAL) = LEVELS[:-1]  # fmt: skip
_T = TechniqueId
_EASY, _MEDIUM, _HARD, _EXPERT, _FIENDISH = Band
_O = OriginKind


def variant_finder(technique_id: TechniqueId | str) -> Finder:
    """The finder of one variant row of :data:`TECHNIQUES` (``TechniqueId.ARROW``...):
    each constraint that row covers (:func:`variant_row`), applied on its own by the
    engine's propagator for it (:func:`~sudoku_cp.reasoning.techniques.basic.variant_step`),
    its steps named after the row.

    Raises:
        InvalidArgumentError: ``technique_id`` is not a :class:`TechniqueId` (a name such as
            ``"cage combinations"`` is not an id: ``"cage-combinations"`` is).
    """
    try:
        technique_id = TechniqueId(technique_id)
    except ValueError:
        raise InvalidArgumentError(
            f"unknown technique id {technique_id!r}; the variant rows' ids are those of TechniqueId"
        ) from None

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        for constraint, propagate, row in _variant_rows(board).get(technique_id, ()):
            yield from basic.variant_step(board, candidates, constraint, propagate, row.name)

    find.__name__ = find.__qualname__ = str(technique_id).replace("-", "_")
    return find


_Filter = Callable[[list[int]], "list[int] | None"]


def _variant_rows(board: Board) -> dict[TechniqueId, list[tuple[Constraint, _Filter, Technique]]]:
    """The constraints of ``board.others`` by the id of their :func:`variant_row` (each with
    its propagator and row), in the model's order; computed once per board."""
    rows = board.memo.get("variant rows")
    if rows is None:
        rows = board.memo["variant rows"] = {}
        for constraint, propagate in board.others:
            row = _row_on(board, constraint)
            if row is not None:
                rows.setdefault(row.id, []).append((constraint, propagate, row))
    return rows


def _variant(technique_id: TechniqueId, name: str, *covers: Cover) -> Technique:
    """The row of one kind of variant reasoning (level naked singles, band easy, cost 10):
    its finder applies each constraint it covers on its own (:func:`variant_finder`)."""
    finder = variant_finder(technique_id)
    return Technique(technique_id, name, finder, _NAKED_SINGLES, _EASY, 10, covers=covers)


TECHNIQUES: tuple[Technique, ...] = (
    # id, name, finder, level, band, cost, wording (premise of a step that removes; that places)
    Technique(_T.NAKED_SINGLE, "naked single", basic.naked_singles, _NAKED_SINGLES, _EASY, 4,
              placing="{placement} (the only candidate left in {cells})"),
    Technique(_T.HIDDEN_SINGLE, "hidden single", basic.hidden_singles, _HIDDEN_SINGLES, _MEDIUM, 14,
              placing="{placement} (the only place for {values} in {unit})", needs_complete_units=True),
    Technique(_T.REQUIRED_DIGIT, "required digit", basic.required_digits, _HIDDEN_SINGLES, _MEDIUM, 16,
              placing="{placement} ({reason})", partial_units_only=True),
    _variant(_T.CAGE_COMBINATIONS, "cage combinations", (Sum, _O.CAGE)),
    _variant(_T.THERMOMETER, "thermometer", (Less, _O.THERMOMETER)),
    _variant(_T.INEQUALITY, "inequality", (Less, _O.INEQUALITY), (Less, None)),
    _variant(_T.KROPKI_DOT, "Kropki dot", (Relation, _O.WHITE_DOT), (Relation, _O.BLACK_DOT)),
    _variant(_T.NO_DOT, "no dot", (Relation, _O.NO_WHITE_DOT), (Relation, _O.NO_BLACK_DOT),
             (Relation, _O.NO_DOT)),
    _variant(_T.SUM, "sum", (Sum, None), (Linear, _O.SUM)),
    _variant(_T.RELATION, "relation", (Relation, None), (Relation, _O.RELATION)),
    _variant(_T.XV, "XV", (Relation, _O.X), (Relation, _O.V)),
    _variant(_T.NO_X_OR_V, "no X or V", (Relation, _O.NO_XV), (Relation, _O.NO_X), (Relation, _O.NO_V)),
    _variant(_T.WHISPERS, "whispers", (Relation, _O.WHISPERS)),
    _variant(_T.RENBAN, "renban", (AllDifferent, _O.RENBAN), (Relation, _O.RENBAN)),
    _variant(_T.PALINDROME, "palindrome", (Relation, _O.PALINDROME)),
    _variant(_T.ARROW, "arrow", (Linear, _O.ARROW)),
    _variant(_T.LITTLE_KILLER, "little killer", (Linear, _O.LITTLE_KILLER)),
    _variant(_T.OUTSIDE_SUM, "outside sum", (Linear, _O.OUTSIDE_SUM)),
    _variant(_T.REGION_SUM_LINE, "region-sum line", (Linear, _O.REGION_SUM_LINE)),
    _variant(_T.BETWEEN_LINE, "between line", (Table, _O.BETWEEN_LINE)),
    _variant(_T.QUADRUPLE, "quadruple", (Table, _O.QUADRUPLE)),
    _variant(_T.SLOW_THERMOMETER, "slow thermometer", (Relation, _O.SLOW_THERMOMETER)),
    _variant(_T.CLONE, "clone", (Relation, _O.CLONE)),
    _variant(_T.MODULAR_LINE, "modular line", (Relation, _O.MODULAR_LINE)),
    _variant(_T.ENTROPIC_LINE, "entropic line", (Relation, _O.ENTROPIC_LINE)),
    _variant(_T.PARITY_LINE, "parity line", (Relation, _O.PARITY_LINE)),
    _variant(_T.NABNER_LINE, "nabner line", (Relation, _O.NABNER_LINE)),
    _variant(_T.INDEX_LINE, "index line", (Relation, _O.INDEX_LINE)),
    _variant(_T.INDEXER, "indexer", (Relation, _O.ROW_INDEXER), (Relation, _O.COLUMN_INDEXER)),
    _variant(_T.NUMBERED_ROOM, "numbered room", (Relation, _O.NUMBERED_ROOM)),
    _variant(_T.ANTI_TAXICAB, "anti-taxicab", (Relation, _O.ANTI_TAXICAB)),
    _variant(_T.ZIPPER_LINE, "zipper line", (Linear, _O.ZIPPER_LINE)),
    _variant(_T.DIFFERENCE_COUNT_LINE, "difference-count line", (Table, _O.DIFFERENCE_COUNT_LINE)),
    _variant(_T.DUTCH_FLATMATES, "Dutch flatmates", (Table, _O.DUTCH_FLATMATES)),
    _variant(_T.X_SUM, "X-sum", (Regular, _O.X_SUM)),
    _variant(_T.HIDDEN_SKYSCRAPER, "hidden skyscraper", (Regular, _O.HIDDEN_SKYSCRAPER)),
    _variant(_T.LUNCHBOX, "lunchbox", (Regular, _O.LUNCHBOX), (Sandwich, _O.LUNCHBOX), (Table, _O.LUNCHBOX)),
    _variant(_T.RELLIK_CAGE, "rellik cage", (Regular, _O.RELLIK_CAGE)),
    _variant(_T.COUNTING_CIRCLES, "counting circles", (Regular, _O.COUNTING_CIRCLES)),
    _variant(_T.EQUALITY_CAGE, "equality cage", (Regular, _O.EQUALITY_CAGE)),
    _variant(_T.DOUBLE_ARROW, "double arrow", (Linear, _O.DOUBLE_ARROW)),
    _variant(_T.LOCKOUT_LINE, "lockout line", (Relation, _O.LOCKOUT_LINE), (Table, _O.LOCKOUT_LINE)),
    _variant(_T.GLOBAL_ENTROPY, "global entropy", (Table, _O.GLOBAL_ENTROPY)),
    _variant(_T.GLOBAL_MODULAR, "global mod 3", (Table, _O.GLOBAL_MODULAR)),
    _variant(_T.LOOK_AND_SAY, "look-and-say", (Regular, _O.LOOK_AND_SAY)),
    _variant(_T.COUNT_DISTINCT, "count-distinct", (Regular, _O.COUNT_DISTINCT)),
    _variant(_T.SAME_VALUES, "same values", (Regular, _O.SAME_VALUES)),
    _variant(_T.SUM_LINE, "sum line", (Regular, _O.SUM_LINE)),
    _variant(_T.EQUAL_SUMS, "equal sums", (Linear, _O.EQUAL_SUMS)),
    _variant(_T.FULL_RANK, "full rank", (Regular, _O.FULL_RANK)),
    _variant(_T.REGULAR_LINE, "regular line", (Regular, _O.REGULAR)),
    _variant(_T.COUNT, "count", (Regular, _O.COUNT)),
    _variant(_T.ELEMENT, "element", (Table, _O.ELEMENT), (Relation, _O.ELEMENT)),
    _variant(_T.EITHER, "either", (Table, _O.EITHER)),
    _variant(_T.SANDWICH, "sandwich", (Sandwich, _O.SANDWICH)),
    # the skyscraper clue (a variant rule), not the single-digit pattern "Skyscraper" below
    _variant(_T.SKYSCRAPER_CLUE, "skyscraper", (Skyscraper, _O.SKYSCRAPER)),
    _variant(_T.LINEAR, "linear", (Linear, None)),
    _variant(_T.TABLE, "table", (Table, None)),
    _variant(_T.LINE_CLUE, "line clue", (Sandwich, None), (Skyscraper, None), (Regular, None)),
    Technique(_T.CHAOS_CONSTRUCTION, "chaos construction", basic.chaos_regions, _NAKED_SINGLES, _EASY, 10,
              wording="the regions are connected, each of as many cells as a row, each digit once in each, "
              "numbered in order of first appearance; "),
    Technique(_T.RULE_OF_45, "rule of 45", basic.innies_and_outies, _HIDDEN_SINGLES, _MEDIUM, 20,
              wording="{reason}{argument}; ", placing="{placement} ({reason})", needs_complete_units=True),
    Technique(_T.CAGES_IN_UNIT, "cage combinations in a unit", cage_combinations_in_units, _HIDDEN_SINGLES,
              _MEDIUM, 30, wording="{reason}; ", needs_complete_units=True),
    Technique(_T.LOCKED_CANDIDATES, "locked candidates", basic.locked_candidates, _LOCKED, _HARD, 50,
              wording="{values} lies only in {cells}, in both {both}; ", needs_complete_units=True),
    Technique(_T.CAGE_POINTING, "cage pointing", cage_pointing, _LOCKED, _HARD, 50,
              wording="{reason}; it lies in {cells}, all seen by each cell it leaves; "),
    Technique(_T.NAKED_PAIR, "naked pair", basic.naked_subsets(2), _HALL, _HARD, 60, wording=_SUBSET),
    Technique(_T.HIDDEN_PAIR, "hidden pair", basic.hidden_subsets(2), _HALL, _HARD, 70, wording=_HIDDEN,
              needs_complete_units=True),
    Technique(_T.NAKED_TRIPLE, "naked triple", basic.naked_subsets(3), _HALL, _HARD, 80, wording=_SUBSET),
    Technique(_T.HIDDEN_TRIPLE, "hidden triple", basic.hidden_subsets(3), _HALL, _HARD, 100, wording=_HIDDEN,
              needs_complete_units=True),
    Technique(_T.NAKED_QUAD, "naked quad", basic.naked_subsets(4), _HALL, _HARD, 120, wording=_SUBSET),
    Technique(_T.HIDDEN_QUAD, "hidden quad", basic.hidden_subsets(4), _HALL, _HARD, 150, wording=_HIDDEN,
              needs_complete_units=True),
    Technique(_T.X_WING, "X-Wing", fish(2), _FISH_LEVEL, _EXPERT, 140, wording=_FISH,
              needs_complete_units=True),
    Technique(_T.SWORDFISH, "Swordfish", fish(3), _FISH_LEVEL, _EXPERT, 150, wording=_FISH,
              needs_complete_units=True),
    Technique(_T.JELLYFISH, "Jellyfish", fish(4), _FISH_LEVEL, _EXPERT, 160, wording=_FISH,
              needs_complete_units=True),
    Technique(_T.SKYSCRAPER, "Skyscraper", find_skyscraper, _SINGLE_DIGIT, _EXPERT, 130, wording=_PATTERN,
              needs_complete_units=True),
    Technique(_T.TWO_STRING_KITE, "2-String Kite", find_two_string_kite, _SINGLE_DIGIT, _EXPERT, 150,
              wording=_PATTERN, needs_complete_units=True),
    Technique(_T.TURBOT_FISH, "Turbot Fish", find_turbot_fish, _SINGLE_DIGIT, _EXPERT, 120, wording=_PATTERN,
              needs_complete_units=True),
    Technique(_T.EMPTY_RECTANGLE, "Empty Rectangle", find_empty_rectangle, _SINGLE_DIGIT, _EXPERT, 120,
              wording=_PATTERN, needs_complete_units=True),
    Technique(_T.XY_WING, "XY-Wing", find_xy_wing, _WINGS, _EXPERT, 160, wording=_PATTERN),
    Technique(_T.XYZ_WING, "XYZ-Wing", find_xyz_wing, _WINGS, _EXPERT, 180, wording=_PATTERN),
    Technique(_T.W_WING, "W-Wing", find_w_wing, _WINGS, _EXPERT, 150, wording=_PATTERN,
              needs_complete_units=True),
    Technique(_T.UNIQUE_RECTANGLE_1, "Unique Rectangle type 1", find_unique_rectangle, _UNIQUENESS, _EXPERT,
              100, wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.UNIQUE_RECTANGLE_2, "Unique Rectangle type 2", find_unique_rectangle_2, _UNIQUENESS, _EXPERT,
              100, wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.UNIQUE_RECTANGLE_4, "Unique Rectangle type 4", find_unique_rectangle_4, _UNIQUENESS, _EXPERT,
              100, wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.HIDDEN_RECTANGLE, "Hidden Rectangle", find_hidden_rectangle, _UNIQUENESS, _EXPERT, 100,
              wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.BUG_PLUS_1, "BUG+1", find_bug_plus_one, _UNIQUENESS, _EXPERT, 100,
              placing="{placement} (every other cell has two candidates; uniqueness: the puzzle has one)",
              needs_unique=True, needs_complete_units=True),
    Technique(_T.UNIQUE_RECTANGLE_3, "Unique Rectangle type 3", find_unique_rectangle_3, _UNIQUENESS, _EXPERT,
              100, wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.UNIQUE_RECTANGLE_5, "Unique Rectangle type 5", find_unique_rectangle_5, _UNIQUENESS, _EXPERT,
              100, wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.UNIQUE_RECTANGLE_6, "Unique Rectangle type 6", find_unique_rectangle_6, _UNIQUENESS, _EXPERT,
              100, wording=_UNIQUE, needs_unique=True, needs_complete_units=True),
    Technique(_T.FINNED_X_WING, "finned X-Wing", find_finned_x_wing, _FINNED, _EXPERT, 130, wording=_FISH,
              needs_complete_units=True),
    Technique(_T.SASHIMI_X_WING, "sashimi X-Wing", find_sashimi_x_wing, _FINNED, _EXPERT, 150, wording=_FISH,
              needs_complete_units=True),
    Technique(_T.FINNED_SWORDFISH, "finned Swordfish", find_finned_swordfish, _FINNED, _EXPERT, 200,
              wording=_FISH, needs_complete_units=True),
    Technique(_T.SASHIMI_SWORDFISH, "sashimi Swordfish", find_sashimi_swordfish, _FINNED, _EXPERT, 240,
              wording=_FISH, needs_complete_units=True),
    Technique(_T.FINNED_JELLYFISH, "finned Jellyfish", find_finned_jellyfish, _FINNED, _EXPERT, 250,
              wording=_FISH, needs_complete_units=True),
    Technique(_T.SASHIMI_JELLYFISH, "sashimi Jellyfish", find_sashimi_jellyfish, _FINNED, _EXPERT, 260,
              wording=_FISH, needs_complete_units=True),
    Technique(_T.SIMPLE_COLORS, "Simple Colors", find_simple_colors, _COLOURING, _EXPERT, 150,
              wording=_PATTERN, needs_complete_units=True),
    Technique(_T.MULTI_COLORS, "Multi-Colors", find_multi_colors, _COLOURING, _EXPERT, 200, wording=_PATTERN,
              needs_complete_units=True),
    Technique(_T.X_CHAIN, "X-Chain", find_x_chain, _CHAINS, _EXPERT, 260, wording=_PATTERN,
              needs_complete_units=True),
    Technique(_T.XY_CHAIN, "XY-Chain", find_xy_chain, _CHAINS, _EXPERT, 260, wording=_PATTERN),
    # HoDoKu's step order: Continuous Nice Loop (an entry AIC shares) right after XY-Chain
    Technique(_T.CONTINUOUS_NICE_LOOP, "Continuous Nice Loop", find_continuous_nice_loop, _CHAINS, _EXPERT,
              280, wording=_PATTERN, needs_complete_units=True),
    Technique(_T.AIC, "AIC", find_aic, _CHAINS, _EXPERT, 280, wording=_PATTERN, needs_complete_units=True),
    Technique(_T.ALS_XZ, "ALS-XZ", find_als_xz, _ALS, _EXPERT, 300, wording=_PATTERN),
    Technique(_T.ALS_XY_WING, "ALS-XY-Wing", find_als_xy_wing, _ALS, _EXPERT, 320, wording=_PATTERN),
    Technique(_T.SUE_DE_COQ, "Sue de Coq", find_sue_de_coq, _ALS, _EXPERT, 250, wording=_PATTERN,
              needs_complete_units=True),
    Technique(_T.KRAKEN_FISH, "Kraken Fish", find_kraken_fish, _FORCING, _FIENDISH, 450,
              wording="{reason}; ", needs_complete_units=True),
    Technique(_T.FORCING_CHAIN, "forcing chain", find_forcing_chains, _FORCING, _FIENDISH, 500,
              wording="{reason}; "),
    Technique(_T.NESTED_FORCING_NET, "nested forcing net", find_nested_forcing_nets, _FORCING, _FIENDISH, 600,
              wording="{reason}; "),
    Technique(_T.MINIMAL_DEDUCTION, "minimal deduction", find_minimal_deduction, _MINIMAL, _FIENDISH, 700,
              wording="{reason}; ", search_backed=True),
)  # fmt: skip
"""Every technique, simplest first: the order of :func:`solving_path`."""

RATINGS: dict[TechniqueId, float] = {
    _T.NAKED_SINGLE: 2.3, _T.HIDDEN_SINGLE: 1.5, _T.REQUIRED_DIGIT: 2.0, _T.RULE_OF_45: 2.0,
    _T.LOCKED_CANDIDATES: 2.7, _T.NAKED_PAIR: 3.0, _T.HIDDEN_PAIR: 3.4, _T.NAKED_TRIPLE: 3.6,
    _T.HIDDEN_TRIPLE: 4.0, _T.NAKED_QUAD: 5.0, _T.HIDDEN_QUAD: 5.4,
    _T.X_WING: 3.2, _T.SWORDFISH: 3.8, _T.JELLYFISH: 5.2,
    _T.SKYSCRAPER: 6.6, _T.TWO_STRING_KITE: 6.6, _T.TURBOT_FISH: 6.6, _T.EMPTY_RECTANGLE: 6.6,
    _T.XY_WING: 4.2, _T.XYZ_WING: 4.4, _T.W_WING: 6.6,
    _T.UNIQUE_RECTANGLE_1: 4.5, _T.UNIQUE_RECTANGLE_2: 4.6, _T.UNIQUE_RECTANGLE_4: 4.6,
    _T.HIDDEN_RECTANGLE: 4.6,
    _T.BUG_PLUS_1: 5.6,
    _T.FINNED_X_WING: 6.6, _T.SASHIMI_X_WING: 6.6, _T.FINNED_SWORDFISH: 6.6, _T.SASHIMI_SWORDFISH: 6.6,
    _T.FINNED_JELLYFISH: 6.6, _T.SASHIMI_JELLYFISH: 6.6,
    _T.SIMPLE_COLORS: 6.5, _T.MULTI_COLORS: 6.6, _T.X_CHAIN: 6.6, _T.XY_CHAIN: 6.6,
    _T.AIC: 7.0, _T.ALS_XZ: 7.0, _T.ALS_XY_WING: 7.2,
    _T.FORCING_CHAIN: 7.5, _T.NESTED_FORCING_NET: 9.5, _T.MINIMAL_DEDUCTION: 10.0,
    _T.UNIQUE_RECTANGLE_3: 4.6, _T.UNIQUE_RECTANGLE_5: 4.6, _T.UNIQUE_RECTANGLE_6: 4.6, _T.SUE_DE_COQ: 7.0,
    _T.CONTINUOUS_NICE_LOOP: 7.0, _T.KRAKEN_FISH: 7.5,
    _T.CAGES_IN_UNIT: 2.0, _T.CAGE_POINTING: 2.7,
}  # fmt: skip
"""Each technique's base rating on Sudoku Explainer's scale ("Difficulty ratings in Sudoku
Explainer v1.2.1", the Sukaku Explainer wiki): the values SE gives the same technique
(hidden single 1.5, naked pair 3.0, X-Wing 3.2, XY-Wing 4.2...), and for the patterns SE
finds as chains (Skyscraper, finned fish, W-Wing) its forcing X-chain's 6.6. Forcing
steps are rated from their net (:func:`step_rating`). A variant's own constraints rate
2.0, as do the cages inside a unit together (killer reasoning SE has none of, like the
rule of 45); cage pointing rates as locked candidates."""

SE_ABSENT: tuple[TechniqueId, ...] = (
    _T.ALS_XZ,
    _T.ALS_XY_WING,
    _T.SUE_DE_COQ,
    _T.KRAKEN_FISH,
)
"""The rows Sudoku Explainer has no technique for: almost locked sets, Sue de Coq and
Kraken fish. SE reaches their eliminations only through forcing chains and nets, so its
rating of a puzzle that needs them is that of a forcing step; nor does it link groups
(its chains and cycles join single candidates), so its rating path also skips a chain
step with a group or an ALS node (:func:`se_knows`).
:func:`sudoku_cp.reasoning.grading.grade` rates on a path without them
(:data:`sudoku_cp.reasoning.grading.RATING_TECHNIQUES`)."""


def se_knows(deduction: Deduction) -> bool:
    """Whether Sudoku Explainer finds this step as it is: False for a chain with a group
    node (several cells) or an almost locked set node (SE's chains, cycles and forcing
    chains link single candidates); True otherwise."""
    chain = deduction.chain
    return chain is None or all(len(node.cells) == 1 and not node.als for node in chain.nodes)


NET_RATINGS = {"chain": 7.5, "cell": 8.2, "unit": 8.2, "net": 8.5, "nested": 9.5}
"""The base ratings of forcing steps, after SE: a contradiction along one chain (Nishio,
7.5), a cell or unit forcing chain (8.2), a net (a node needing several others:
dynamic forcing chains, 8.5), nested contradictions (nested forcing chains, 9.5; half
a point more for each further level)."""


def length_bonus(length: int) -> float:
    """SE's length increment: 0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, 32, ...
    (alternately times 1.5 and 4/3) that ``length`` exceeds.

    >>> length_bonus(4), length_bonus(5), length_bonus(40)
    (0.0, 0.1, 0.7)
    """
    bonus, threshold, factor = 0.0, 4, 1.5
    while length > threshold:
        bonus += 0.1
        threshold = round(threshold * factor)
        factor = 4 / 3 if factor == 1.5 else 1.5
    return round(bonus, 1)


def step_rating(technique: Technique, deduction: Deduction) -> float:
    """A step's rating on Sudoku Explainer's scale: its row's base (:data:`RATINGS`) plus
    :func:`length_bonus` of its chain's nodes; for a forcing step, from its net: the base of
    its kind (:data:`NET_RATINGS`) plus the length bonus of the net's implications; a
    search-backed step 10.0 plus the bonus of its constraints."""
    net = deduction.net
    if net is not None:
        branches = net.branches
        dynamic = any(len(n.because) > 1 for b in branches for n in b.nodes)
        if net.depth > 1:
            base = NET_RATINGS["nested"] + 0.5 * (net.depth - 2)
        elif net.kind == "fins":  # a Kraken fish: its row's base
            base = RATINGS.get(technique.id, NET_RATINGS["chain"])
        elif net.kind != "contradiction":
            base = NET_RATINGS["net"] if dynamic else NET_RATINGS["cell"]
        else:
            base = NET_RATINGS["net"] if dynamic else NET_RATINGS["chain"]
        return round(base + length_bonus(net.size), 1)
    base = RATINGS.get(technique.id, 2.0)
    if deduction.chain is not None:
        return round(base + length_bonus(len(deduction.chain.nodes)), 1)
    if technique.search_backed:
        return round(base + length_bonus(len(deduction.constraints)), 1)
    return base


_ORDER = {technique.id: order for order, technique in enumerate(TECHNIQUES)}

BY_ID: dict[str, Technique] = {technique.id: technique for technique in TECHNIQUES}
"""The rows by id (a :class:`TechniqueId`, or its string)."""

BY_COVER: dict[Cover, Technique] = {cover: row for row in TECHNIQUES for cover in row.covers}
"""The variant rows by what they cover: ``(constraint kind, origin kind or None)``."""


def variant_row(constraint: Constraint) -> Technique | None:
    """The variant row of :data:`TECHNIQUES` whose steps apply ``constraint`` on its own: the
    row covering its kind and its origin's kind, else the generic row of its kind (an origin
    no row names, a constraint built with a plain label); ``None`` for an AllDifferent (but
    a renban line's, read whole: :attr:`Board.whole_lines`), a ValueIn or a kind no row
    covers.

    >>> from sudoku_cp.model.constraints import Less, Origin, OriginKind
    >>> variant_row(Less(0, 1, origin=Origin(OriginKind.THERMOMETER, 1))).id
    <TechniqueId.THERMOMETER: 'thermometer'>
    >>> variant_row(Less(0, 1, label="my rule")).name
    'inequality'
    """
    kind = type(constraint)
    return BY_COVER.get((kind, constraint.origin.kind)) or BY_COVER.get((kind, None))


def variant_technique(constraint: Constraint) -> str:
    """The name of the reasoning one variant constraint supports, its :func:`variant_row`'s
    name (``"cage combinations"``, ``"thermometer"``, ``"Kropki dot"``, ``"arrow"``,
    ``"sandwich"``, ``"linear"`` for a Linear of no named rule...), ``"constraint"`` for a
    kind no row covers."""
    row = variant_row(constraint)
    return "constraint" if row is None else row.name


def variant_constraints(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """One cage, thermometer, inequality, Kropki dot, arrow, sandwich clue... keeps only the
    values it supports (every variant row at once, in the model's order of constraints;
    each step named by :func:`variant_technique`)."""
    for constraint, propagate in board.others:
        row = _row_on(board, constraint)
        name = "constraint" if row is None else row.name
        yield from basic.variant_step(board, candidates, constraint, propagate, name)


def _row_on(board: Board, constraint: Constraint) -> Technique | None:
    """:func:`variant_row` of a constraint of ``board.others``; for a group of pair clues
    read whole (:attr:`Board.seeing`: a Table of their fillings), that of its clues (a
    whispers line's row, not the generic table's)."""
    group = board.seeing.get(id(constraint))
    return variant_row(constraint if group is None else group[1][0])


_SEES_ROWS: tuple[TechniqueId, ...] = (
    _T.NAKED_SINGLE,
    _T.LOCKED_CANDIDATES,
    _T.NAKED_PAIR,
    _T.NAKED_TRIPLE,
    _T.NAKED_QUAD,
)
"""The rows that read any AllDifferent (not only a unit) as "these cells see each other"."""

HOUSE_ROWS: tuple[TechniqueId, ...] = tuple(
    t.id
    for t in TECHNIQUES
    if not t.covers
    and t.level not in (Level.FORCING_CHAINS, Level.MINIMAL_DEDUCTION)
    and t.id not in (_T.RULE_OF_45, _T.CAGES_IN_UNIT, _T.CAGE_POINTING)
)
"""The rows that reason over the houses (rows, columns, boxes, regions, diagonals,
windows): every row that is neither a variant row, the rule of 45, a forcing step nor the
minimal deduction."""

_ORIGINS_WITHOUT_VARIANT_ROW: dict[OriginKind, tuple[TechniqueId, ...]] = {
    **{kind: HOUSE_ROWS for kind in sorted(HOUSE_KINDS)},
    _O.ANTI_KNIGHT: _SEES_ROWS,
    _O.ANTI_KING: _SEES_ROWS,
    # its AllDifferent; its Sum has a variant row
    _O.CAGE: _SEES_ROWS + (_T.RULE_OF_45, _T.CAGES_IN_UNIT, _T.CAGE_POINTING),
    _O.RENBAN: _SEES_ROWS,  # its AllDifferent as a unit; read whole (with its Relations): the renban row
    _O.DISJOINT_GROUP: HOUSE_ROWS,  # one AllDifferent of n cells: a house
    _O.EXTRA_REGION: _SEES_ROWS,  # an AllDifferent of up to n cells
    _O.SUM: _SEES_ROWS,  # the AllDifferent of a distinct sum; its Linear has the sum row
    _O.INNIES: (_T.RULE_OF_45,),
    _O.OUTIES: (_T.RULE_OF_45,),
    _O.CUSTOM: _SEES_ROWS,  # an AllDifferent built with a plain label; other kinds: the generic rows
    _O.EVEN: (),
    _O.ODD: (),
    _O.GIVEN: (),
    _O.CANDIDATES: (),
    # chaos construction (sudoku_cp.model.chaos): its regions over hidden cells (the region
    # of each cell), its own row; its clues are Regular lines, the generic row
    _O.CHAOS_CONSTRUCTION: (_T.CHAOS_CONSTRUCTION,),
    _O.CHAOS_COUNT: (_T.LINE_CLUE,),
    _O.CHAOS_ARROW: (_T.LINE_CLUE,),
    # doppelganger (sudoku_cp.model.extra_cells): units with their extra cells, and the tables at a 0
    _O.DOPPELGANGER: _SEES_ROWS + (_T.TABLE,),
}
"""The origins a step names through rows other than the variant rows; ``()`` for those
that only cut the starting candidates (:meth:`~sudoku_cp.model.constraints.Model.domains`:
givens, even and odd cells, the candidates a step is checked against), which no step names."""


def _origin_rows() -> dict[OriginKind, tuple[TechniqueId, ...]]:
    rows = {kind: list(ids) for kind, ids in _ORIGINS_WITHOUT_VARIANT_ROW.items()}
    for cover, row in BY_COVER.items():
        origin = _O.CUSTOM if cover[1] is None else cover[1]
        rows.setdefault(origin, []).append(row.id)
    return {kind: tuple(dict.fromkeys(rows[kind])) for kind in OriginKind if kind in rows}


ORIGIN_ROWS: dict[OriginKind, tuple[TechniqueId, ...]] = _origin_rows()
"""For each :class:`~sudoku_cp.model.constraints.OriginKind`, the rows whose steps reason
over its constraints (the variant rows that cover it, the house and "sees" rows for its
AllDifferents); ``()`` for an origin that only cuts the starting candidates. The forcing
steps and the minimal deduction reason over every kind and are not listed.
``tests/test_technique_table.py`` checks that every origin kind has its entry."""

REWRITTEN_FOR_THE_BOARD: dict[type, tuple[type, ...]] = {
    Count: (Regular,),
    Element: (Relation, Table),
    And: (AllDifferent, Sum, Less, Relation, Linear, Table, Regular),  # its parts, any kind
    Or: (Table,),
}
"""The kinds the engine does not propagate itself, and the kinds their rewriting
(:mod:`sudoku_cp.model.decompose`) gives the explanations' board."""


def _kind_rows(kind: type) -> tuple[TechniqueId, ...]:
    if kind is AllDifferent:
        return HOUSE_ROWS
    if kind in REWRITTEN_FOR_THE_BOARD:
        return tuple(dict.fromkeys(i for part in REWRITTEN_FOR_THE_BOARD[kind] for i in _kind_rows(part)))
    return tuple(dict.fromkeys(r.id for c, r in BY_COVER.items() if c[0] is kind))


KIND_ROWS: dict[type, tuple[TechniqueId, ...]] = {kind: _kind_rows(kind) for kind in KINDS}
"""For each constraint kind of :data:`~sudoku_cp.model.constraints.KINDS`, the rows whose
steps reason over it: the house rows for ``AllDifferent``, the variant rows covering it for
the others (for a kind the engine receives rewritten, those of the kinds it is rewritten
into: :data:`REWRITTEN_FOR_THE_BOARD`), ``()`` for ``ValueIn`` (it only cuts the starting
candidates)."""

BANDS: dict[Level, Band] = {
    **{technique.level: technique.band for technique in TECHNIQUES},
    SEARCH: Band.FIENDISH,
}
"""The band of each level (derived from the table)."""

LEVEL_TECHNIQUES: tuple[tuple[Technique, ...], ...] = tuple(
    tuple(t for t in TECHNIQUES if t.level == level) for level in LEVELS[:-1]
)
"""The techniques of each level before ``"search"``, in table order (derived from the table)."""


@dataclass(frozen=True)
class Family:
    """A family of rows that one sentence describes (the naked subsets, the fish...): the
    catalogue of :mod:`sudoku_cp.reasoning.techniques` and ``docs/techniques.md`` show one
    line per family (:mod:`sudoku_cp.reasoning.techniques.docs` writes them).

    Attributes:
        ids: its rows' ids, in table order; every row of :data:`TECHNIQUES` is in one family
            and the rows of a family share a level and a band.
        sees: what it sees, in words.
    """

    ids: tuple[TechniqueId, ...]
    sees: str

    @property
    def rows(self) -> tuple[Technique, ...]:
        """Its rows of :data:`TECHNIQUES`."""
        return tuple(BY_ID[i] for i in self.ids)


FAMILIES: tuple[Family, ...] = (
    Family((_T.NAKED_SINGLE,), "a cell with one candidate left takes it"),
    Family((_T.HIDDEN_SINGLE,), "a value with one place left in a unit goes there"),
    Family(
        (_T.REQUIRED_DIGIT,),
        "(grids of more digits than the side, whose units hold some of them) cells of a unit "
        "holding only as many digits between them as they are hold each of them: such a digit with "
        "one place left in the unit goes there",
    ),
    Family(
        tuple(t.id for t in TECHNIQUES if t.covers),
        "one cage, thermometer, inequality, dot, XV pair, line, arrow or outside clue on its own "
        "keeps only the values it supports (the engine's propagator for it)",
    ),
    Family(
        (_T.CHAOS_CONSTRUCTION,),
        "a chaos construction's regions (the region of each cell, unknown) keep only what they "
        "allow: connected, as many cells as a row, each digit once, numbered in order of first "
        "appearance (the engine's propagator for them)",
    ),
    Family(
        (_T.RULE_OF_45,),
        "a unit (or a run of parallel units) adds up to ``n(n+1)/2`` each; less the cages inside "
        "it, its other cells (*innies*) have a known sum; the cages meeting it, less it, leave the "
        "cells sticking out (*outies*) one; with only some of the cages crossing it, the innies "
        "less the outies have a known difference",
    ),
    Family(
        (_T.CAGES_IN_UNIT,),
        "the killer cages inside a unit use different digits, and leave the unit's other cells "
        "the rest: the combinations of a cage that no choice of the others' fits are out",
    ),
    Family(
        (_T.CAGE_POINTING,),
        "a digit every combination of a cage holds lies in the cage: a cell seeing each of the "
        "cage's cells with it cannot hold it",
    ),
    Family(
        (_T.LOCKED_CANDIDATES,),
        "a value whose places in a unit all lie in another AllDifferent leaves the rest of that "
        "one: *pointing* (box to line), *claiming* (line to box)",
    ),
    Family(
        (_T.NAKED_PAIR, _T.NAKED_TRIPLE, _T.NAKED_QUAD),
        "``k`` cells of an AllDifferent with ``k`` candidates between them keep those values from "
        "its other cells",
    ),
    Family(
        (_T.HIDDEN_PAIR, _T.HIDDEN_TRIPLE, _T.HIDDEN_QUAD),
        "``k`` values with ``k`` places between them in a unit: those cells keep only those values",
    ),
    Family(
        (_T.X_WING, _T.SWORDFISH, _T.JELLYFISH),
        "a value whose places in ``k`` rows lie in ``k`` columns leaves the rest of those columns "
        "(and swapped)",
    ),
    Family(
        (_T.SKYSCRAPER, _T.TWO_STRING_KITE, _T.TURBOT_FISH, _T.EMPTY_RECTANGLE),
        "two strong links on a value joined by a weak link (a box's cross for the Empty "
        "Rectangle): cells seeing both free ends lose it",
    ),
    Family(
        (_T.XY_WING, _T.XYZ_WING, _T.W_WING),
        "a pivot and two pincers (or two ``{x,y}`` cells and a strong link on ``x``): ``z`` "
        "(``y``) leaves the cells seeing both pincers",
    ),
    Family(
        (
            _T.UNIQUE_RECTANGLE_1,
            _T.UNIQUE_RECTANGLE_2,
            _T.UNIQUE_RECTANGLE_4,
            _T.HIDDEN_RECTANGLE,
            _T.BUG_PLUS_1,
            _T.UNIQUE_RECTANGLE_3,
            _T.UNIQUE_RECTANGLE_5,
            _T.UNIQUE_RECTANGLE_6,
        ),
        "(proper puzzles only, resting on uniqueness) a deadly rectangle's corners, its extra "
        "candidates (as a naked set with other cells: type 3; on a diagonal: 5) or a strong link "
        "in it (twice: 6); the one cell with three candidates",
    ),
    Family(
        (
            _T.FINNED_X_WING,
            _T.SASHIMI_X_WING,
            _T.FINNED_SWORDFISH,
            _T.SASHIMI_SWORDFISH,
            _T.FINNED_JELLYFISH,
            _T.SASHIMI_JELLYFISH,
        ),
        "a fish but for fins: only cover cells seeing every fin lose the value",
    ),
    Family(
        (_T.SIMPLE_COLORS, _T.MULTI_COLORS),
        "a value's strong-link clusters two-coloured: trap and wrap; two clusters linked",
    ),
    Family(
        (_T.X_CHAIN, _T.XY_CHAIN, _T.CONTINUOUS_NICE_LOOP, _T.AIC),
        "alternating strong and weak links (grouped nodes for AIC): a candidate weakly linked to "
        "both ends is false; closed into a loop, every weak link of it removes",
    ),
    Family(
        (_T.ALS_XZ, _T.ALS_XY_WING, _T.SUE_DE_COQ),
        "two (three) almost locked sets, restricted commons and a common ``z``; Sue de Coq: a "
        "box-line intersection's candidates split between an ALS of the box and one of the line",
    ),
    Family(
        (_T.KRAKEN_FISH, _T.FORCING_CHAIN, _T.NESTED_FORCING_NET),
        "singles from a supposition: a contradiction, or the same outcome for each candidate of a "
        "cell or place of a value in a unit (Kraken: for each fin of a finned fish); nested: "
        "suppositions inside suppositions",
    ),
    Family(
        (_T.MINIMAL_DEDUCTION,),
        "the last resort: a subset-minimal set of constraints (with their cells' candidates) "
        "refuting a candidate",
    ),
)
"""The rows in families, simplest first: what the catalogue tables show, one line each."""


def as_techniques(techniques: Sequence[Technique | Finder] | None) -> tuple[Technique, ...]:
    """The rows of ``techniques`` (``None``: the whole table). A bare finder function is
    its table row if it has one, else a row of its own (named after the function, at the
    level and cost of forcing chains)."""
    if techniques is None:
        return TECHNIQUES
    rows = []
    for item in techniques:
        if not isinstance(item, Technique):
            row = next((t for t in TECHNIQUES if t.find is item), None)
            name = getattr(item, "__name__", "technique")
            item = row or Technique(name, name, item, _FORCING, BANDS[_FORCING], BY_ID[_T.FORCING_CHAIN].cost)
        rows.append(item)
    return tuple(rows)


class Contradiction(Exception):
    """The candidates leave a cell with no value."""


def apply(candidates: list[int], placed: set[int], deduction: Deduction) -> None:
    """Remove a deduction's candidates and mark its placements (in place).

    Raises:
        Contradiction: a cell is left with no value.
    """
    for cell, value in deduction.eliminations:
        candidates[cell] &= ~(1 << (value - 1))
        if not candidates[cell]:
            side = round(len(candidates) ** 0.5)
            raise Contradiction(f"{cell_name(cell, side)} has no value left")
    placed.update(cell for cell, _ in deduction.placements)


def next_step(
    board: Board, candidates: list[int], placed: set[int], techniques: Sequence[Technique] = TECHNIQUES
) -> tuple[Technique, Deduction] | None:
    """The first deduction of the first technique (in the order given) that finds one,
    with its row; ``None`` when none does. A row that needs uniqueness
    (:attr:`Technique.needs_unique`) gives its deduction only once ``board.proven_proper``
    proves the puzzle proper, else is passed over; the proof is asked for when such a row
    first finds its pattern (decided then and remembered: paths that never meet a deadly
    pattern do not pay for the count, which can cost seconds on a variant board)."""
    for technique in techniques:
        if not technique.fits(board):
            continue  # resting on complete units on a board of more digits than its side (or the reverse)
        for deduction in technique.find(board, candidates, placed):
            if technique.needs_unique and not board.proven_proper:
                break  # resting on uniqueness, unproven: this row finds nothing here
            return technique, deduction
    return None


def next_deduction(
    board: Board, candidates: list[int], placed: set[int], techniques: Sequence[Technique] = TECHNIQUES
) -> Deduction | None:
    """The deduction of :func:`next_step` alone, or ``None``."""
    found = next_step(board, candidates, placed, as_techniques(techniques))
    return None if found is None else found[1]


def solving_path(
    board: Board, candidates: list[int], placed: set[int], techniques: Sequence[Technique] = TECHNIQUES
) -> Iterator[tuple[Technique, Deduction]]:
    """The solving path people follow: while a cell is open, apply the first deduction of
    the simplest technique that finds one (:func:`next_step`), and yield it with its row
    once applied (``candidates`` and ``placed`` change in place; the candidates before a
    step are those after it with its eliminations put back). Ends when every cell is
    placed or no technique finds anything. :func:`sudoku_cp.explain` shows this path and
    :func:`sudoku_cp.grade` grades by it.

    Raises:
        Contradiction: a deduction left a cell with no value (the puzzle has no solution).
    """
    while len(placed) < len(candidates):
        found = next_step(board, candidates, placed, techniques)
        if found is None:
            return
        apply(candidates, placed, found[1])
        yield found


def hardest(techniques: Sequence[Technique]) -> Technique | None:
    """The hardest of ``techniques`` (by level, then by order), or ``None`` for none."""
    return max(techniques, key=lambda t: t.hardness, default=None)


__all__ = [
    "BANDS",
    "NET_RATINGS",
    "RATINGS",
    "SE_ABSENT",
    "se_knows",
    "BAND_NAMES",
    "BY_COVER",
    "BY_ID",
    "Band",
    "Contradiction",
    "Cover",
    "FAMILIES",
    "Family",
    "HOUSE_ROWS",
    "KIND_ROWS",
    "LEVELS",
    "LEVEL_TECHNIQUES",
    "Level",
    "ORIGIN_ROWS",
    "SEARCH",
    "TECHNIQUES",
    "Technique",
    "TechniqueId",
    "apply",
    "as_techniques",
    "hardest",
    "length_bonus",
    "next_deduction",
    "next_step",
    "solving_path",
    "step_rating",
    "variant_constraints",
    "variant_finder",
    "variant_row",
    "variant_technique",
]
