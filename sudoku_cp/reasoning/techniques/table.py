"""The one table of techniques: what :func:`sudoku_cp.explain`, :func:`sudoku_cp.hint` and
:func:`sudoku_cp.grade` know, in one place, so that they cannot disagree.

Each row (a :class:`Technique`) gives a technique's typed id, its name as HoDoKu and
SudokuWiki say it, its finder, its grade level and band, and the wording of its step.
:data:`TECHNIQUES` lists the rows simplest first: that is the order in which
:func:`solving_path` (and so ``explain`` and ``grade``) tries them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sudoku_cp.model.constraints import cell_name
from sudoku_cp.reasoning.techniques.als import find_als_xy_wing, find_als_xz
from sudoku_cp.reasoning.techniques.basic import (
    hidden_singles,
    hidden_subsets,
    innies_and_outies,
    locked_candidates,
    naked_singles,
    naked_subsets,
    variant_finder,
)
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

LEVELS: tuple[str, ...] = (
    "naked singles",
    "hidden singles",
    "locked candidates",
    "Hall sets",
    "fish",
    "single-digit patterns",
    "wings",
    "uniqueness",
    "finned fish",
    "colouring",
    "chains",
    "ALS",
    "forcing chains",
    "minimal deduction",
    "search",
)
"""The grade levels, weakest first (Simonis 2005: the weakest propagation that solves a
puzzle, extended with the families of HoDoKu's and SudokuWiki's technique lists); a
technique's ``level`` is one of them, the last means none solves it (a path that stalls:
only on a puzzle with several solutions, since the minimal deduction always finds a step
on a proper one)."""

SEARCH = LEVELS[-1]

BAND_NAMES: tuple[str, ...] = ("easy", "medium", "hard", "expert", "fiendish")
"""The human-facing bands of proper puzzles, easiest first (an improper puzzle's band is
``"not proper"``):

* ``"easy"``: naked singles, and a variant's constraints on their own;
* ``"medium"``: hidden singles, the rule of 45;
* ``"hard"``: locked candidates, naked and hidden subsets;
* ``"expert"``: needs a fish, a single-digit pattern, a wing, a uniqueness pattern,
  colouring, a chain or an ALS, but no forcing step;
* ``"fiendish"``: needs a forcing chain or a minimal deduction (or search)."""


@dataclass(frozen=True)
class Technique:
    """One row of the table.

    Attributes:
        id: a short unique key (``"naked-single"``, ``"x-wing"``): what a
            :class:`~sudoku_cp.reasoning.stepwise.Step` records as its ``technique_id``.
        name: the technique's name as HoDoKu and SudokuWiki say it (``"X-Wing"``); the
            grade names it. A finder may give its deductions a more precise name
            (``"locked candidates (pointing)"``, ``"rule of 45 (innies)"``).
        find: the finder, ``find(board, candidates, placed)`` yielding
            :class:`~sudoku_cp.reasoning.techniques.board.Deduction`\\ s.
        level: its grade level, one of :data:`LEVELS` (not ``"search"``).
        band: the band of puzzles whose hardest technique it is, one of :data:`BAND_NAMES`
            (every technique of a level has the same band).
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

    A row can be called like its finder.
    """

    id: str
    name: str
    find: Finder
    level: str
    band: str
    cost: int = 0
    wording: str = "{unit}{argument}; "
    placing: str = "{placement} ({unit})"
    needs_unique: bool = False
    search_backed: bool = False

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
_variant = variant_finder
TECHNIQUES: tuple[Technique, ...] = (
    # id, name, finder, level, band, cost, wording (premise of a step that removes; that places)
    Technique("naked-single", "naked single", naked_singles, _NAKED_SINGLES, "easy", 4,
              placing="{placement} (the only candidate left in {cells})"),
    Technique("hidden-single", "hidden single", hidden_singles, _HIDDEN_SINGLES, "medium", 14,
              placing="{placement} (the only place for {values} in {unit})"),
    Technique("cage-combinations", "cage combinations", _variant("cage combinations"), _NAKED_SINGLES, "easy",
              10),
    Technique("thermometer", "thermometer", _variant("thermometer"), _NAKED_SINGLES, "easy", 10),
    Technique("inequality", "inequality", _variant("inequality"), _NAKED_SINGLES, "easy", 10),
    Technique("kropki-dot", "Kropki dot", _variant("Kropki dot"), _NAKED_SINGLES, "easy", 10),
    Technique("no-dot", "no dot", _variant("no dot"), _NAKED_SINGLES, "easy", 10),
    Technique("sum", "sum", _variant("sum"), _NAKED_SINGLES, "easy", 10),
    Technique("relation", "relation", _variant("relation"), _NAKED_SINGLES, "easy", 10),
    Technique("xv", "XV", _variant("XV"), _NAKED_SINGLES, "easy", 10),
    Technique("no-x-or-v", "no X or V", _variant("no X or V"), _NAKED_SINGLES, "easy", 10),
    Technique("whispers", "whispers", _variant("whispers"), _NAKED_SINGLES, "easy", 10),
    Technique("renban", "renban", _variant("renban"), _NAKED_SINGLES, "easy", 10),
    Technique("palindrome", "palindrome", _variant("palindrome"), _NAKED_SINGLES, "easy", 10),
    Technique("arrow", "arrow", _variant("arrow"), _NAKED_SINGLES, "easy", 10),
    Technique("little-killer", "little killer", _variant("little killer"), _NAKED_SINGLES, "easy", 10),
    Technique("outside-sum", "outside sum", _variant("outside sum"), _NAKED_SINGLES, "easy", 10),
    Technique("region-sum-line", "region-sum line", _variant("region-sum line"), _NAKED_SINGLES, "easy", 10),
    Technique("between-line", "between line", _variant("between line"), _NAKED_SINGLES, "easy", 10),
    Technique("quadruple", "quadruple", _variant("quadruple"), _NAKED_SINGLES, "easy", 10),
    Technique("sandwich", "sandwich", _variant("sandwich"), _NAKED_SINGLES, "easy", 10),
    # the skyscraper clue (a variant rule), not the single-digit pattern "Skyscraper" below
    Technique("skyscraper-clue", "skyscraper", _variant("skyscraper"), _NAKED_SINGLES, "easy", 10),
    Technique("linear", "linear", _variant("linear"), _NAKED_SINGLES, "easy", 10),
    Technique("table", "table", _variant("table"), _NAKED_SINGLES, "easy", 10),
    Technique("line-clue", "line clue", _variant("line clue"), _NAKED_SINGLES, "easy", 10),
    Technique("rule-of-45", "rule of 45", innies_and_outies, _HIDDEN_SINGLES, "medium", 20,
              wording="{reason}{argument}; ", placing="{placement} ({reason})"),
    Technique("locked-candidates", "locked candidates", locked_candidates, _LOCKED, "hard", 50,
              wording="{values} lies only in {cells}, in both {both}; "),
    Technique("naked-pair", "naked pair", naked_subsets(2), _HALL, "hard", 60, wording=_SUBSET),
    Technique("hidden-pair", "hidden pair", hidden_subsets(2), _HALL, "hard", 70, wording=_HIDDEN),
    Technique("naked-triple", "naked triple", naked_subsets(3), _HALL, "hard", 80, wording=_SUBSET),
    Technique("hidden-triple", "hidden triple", hidden_subsets(3), _HALL, "hard", 100, wording=_HIDDEN),
    Technique("naked-quad", "naked quad", naked_subsets(4), _HALL, "hard", 120, wording=_SUBSET),
    Technique("hidden-quad", "hidden quad", hidden_subsets(4), _HALL, "hard", 150, wording=_HIDDEN),
    Technique("x-wing", "X-Wing", fish(2), _FISH_LEVEL, "expert", 140, wording=_FISH),
    Technique("swordfish", "Swordfish", fish(3), _FISH_LEVEL, "expert", 150, wording=_FISH),
    Technique("jellyfish", "Jellyfish", fish(4), _FISH_LEVEL, "expert", 160, wording=_FISH),
    Technique("skyscraper", "Skyscraper", find_skyscraper, _SINGLE_DIGIT, "expert", 130, wording=_PATTERN),
    Technique("2-string-kite", "2-String Kite", find_two_string_kite, _SINGLE_DIGIT, "expert", 150,
              wording=_PATTERN),
    Technique("turbot-fish", "Turbot Fish", find_turbot_fish, _SINGLE_DIGIT, "expert", 120, wording=_PATTERN),
    Technique("empty-rectangle", "Empty Rectangle", find_empty_rectangle, _SINGLE_DIGIT, "expert", 120,
              wording=_PATTERN),
    Technique("xy-wing", "XY-Wing", find_xy_wing, _WINGS, "expert", 160, wording=_PATTERN),
    Technique("xyz-wing", "XYZ-Wing", find_xyz_wing, _WINGS, "expert", 180, wording=_PATTERN),
    Technique("w-wing", "W-Wing", find_w_wing, _WINGS, "expert", 150, wording=_PATTERN),
    Technique("unique-rectangle-1", "Unique Rectangle type 1", find_unique_rectangle, _UNIQUENESS, "expert",
              100, wording=_UNIQUE, needs_unique=True),
    Technique("unique-rectangle-2", "Unique Rectangle type 2", find_unique_rectangle_2, _UNIQUENESS, "expert",
              100, wording=_UNIQUE, needs_unique=True),
    Technique("unique-rectangle-4", "Unique Rectangle type 4", find_unique_rectangle_4, _UNIQUENESS, "expert",
              100, wording=_UNIQUE, needs_unique=True),
    Technique("hidden-rectangle", "Hidden Rectangle", find_hidden_rectangle, _UNIQUENESS, "expert", 100,
              wording=_UNIQUE, needs_unique=True),
    Technique("bug-plus-1", "BUG+1", find_bug_plus_one, _UNIQUENESS, "expert", 100,
              placing="{placement} (every other cell has two candidates; uniqueness: the puzzle has one)",
              needs_unique=True),
    Technique("unique-rectangle-3", "Unique Rectangle type 3", find_unique_rectangle_3, _UNIQUENESS, "expert",
              100, wording=_UNIQUE, needs_unique=True),
    Technique("unique-rectangle-5", "Unique Rectangle type 5", find_unique_rectangle_5, _UNIQUENESS, "expert",
              100, wording=_UNIQUE, needs_unique=True),
    Technique("unique-rectangle-6", "Unique Rectangle type 6", find_unique_rectangle_6, _UNIQUENESS, "expert",
              100, wording=_UNIQUE, needs_unique=True),
    Technique("finned-x-wing", "finned X-Wing", find_finned_x_wing, _FINNED, "expert", 130, wording=_FISH),
    Technique("sashimi-x-wing", "sashimi X-Wing", find_sashimi_x_wing, _FINNED, "expert", 150, wording=_FISH),
    Technique("finned-swordfish", "finned Swordfish", find_finned_swordfish, _FINNED, "expert", 200,
              wording=_FISH),
    Technique("sashimi-swordfish", "sashimi Swordfish", find_sashimi_swordfish, _FINNED, "expert", 240,
              wording=_FISH),
    Technique("finned-jellyfish", "finned Jellyfish", find_finned_jellyfish, _FINNED, "expert", 250,
              wording=_FISH),
    Technique("sashimi-jellyfish", "sashimi Jellyfish", find_sashimi_jellyfish, _FINNED, "expert", 260,
              wording=_FISH),
    Technique("simple-colors", "Simple Colors", find_simple_colors, _COLOURING, "expert", 150,
              wording=_PATTERN),
    Technique("multi-colors", "Multi-Colors", find_multi_colors, _COLOURING, "expert", 200, wording=_PATTERN),
    Technique("x-chain", "X-Chain", find_x_chain, _CHAINS, "expert", 260, wording=_PATTERN),
    Technique("xy-chain", "XY-Chain", find_xy_chain, _CHAINS, "expert", 260, wording=_PATTERN),
    Technique("aic", "AIC", find_aic, _CHAINS, "expert", 280, wording=_PATTERN),
    Technique("continuous-nice-loop", "Continuous Nice Loop", find_continuous_nice_loop, _CHAINS, "expert",
              280, wording=_PATTERN),
    Technique("als-xz", "ALS-XZ", find_als_xz, _ALS, "expert", 300, wording=_PATTERN),
    Technique("als-xy-wing", "ALS-XY-Wing", find_als_xy_wing, _ALS, "expert", 320, wording=_PATTERN),
    Technique("sue-de-coq", "Sue de Coq", find_sue_de_coq, _ALS, "expert", 250, wording=_PATTERN),
    Technique("kraken-fish", "Kraken Fish", find_kraken_fish, _FORCING, "fiendish", 450,
              wording="{reason}; "),
    Technique("forcing-chain", "forcing chain", find_forcing_chains, _FORCING, "fiendish", 500,
              wording="{reason}; "),
    Technique("nested-forcing-net", "nested forcing net", find_nested_forcing_nets, _FORCING, "fiendish", 600,
              wording="{reason}; "),
    Technique("minimal-deduction", "minimal deduction", find_minimal_deduction, _MINIMAL, "fiendish", 700,
              wording="{reason}; ", search_backed=True),
)  # fmt: skip
"""Every technique, simplest first: the order of :func:`solving_path`."""

RATINGS: dict[str, float] = {
    "naked-single": 2.3, "hidden-single": 1.5, "rule-of-45": 2.0,
    "locked-candidates": 2.7, "naked-pair": 3.0, "hidden-pair": 3.4, "naked-triple": 3.6,
    "hidden-triple": 4.0, "naked-quad": 5.0, "hidden-quad": 5.4,
    "x-wing": 3.2, "swordfish": 3.8, "jellyfish": 5.2,
    "skyscraper": 6.6, "2-string-kite": 6.6, "turbot-fish": 6.6, "empty-rectangle": 6.6,
    "xy-wing": 4.2, "xyz-wing": 4.4, "w-wing": 6.6,
    "unique-rectangle-1": 4.5, "unique-rectangle-2": 4.6, "unique-rectangle-4": 4.6, "hidden-rectangle": 4.6,
    "bug-plus-1": 5.6,
    "finned-x-wing": 6.6, "sashimi-x-wing": 6.6, "finned-swordfish": 6.6, "sashimi-swordfish": 6.6,
    "finned-jellyfish": 6.6, "sashimi-jellyfish": 6.6,
    "simple-colors": 6.5, "multi-colors": 6.6, "x-chain": 6.6, "xy-chain": 6.6,
    "aic": 7.0, "als-xz": 7.0, "als-xy-wing": 7.2,
    "forcing-chain": 7.5, "nested-forcing-net": 9.5, "minimal-deduction": 10.0,
    "unique-rectangle-3": 4.6, "unique-rectangle-5": 4.6, "unique-rectangle-6": 4.6, "sue-de-coq": 7.0,
    "continuous-nice-loop": 7.0, "kraken-fish": 7.5,
}  # fmt: skip
"""Each technique's base rating on Sudoku Explainer's scale ("Difficulty ratings in Sudoku
Explainer v1.2.1", the Sukaku Explainer wiki): the values SE gives the same technique
(hidden single 1.5, naked pair 3.0, X-Wing 3.2, XY-Wing 4.2...), and for the patterns SE
finds as chains (Skyscraper, finned fish, W-Wing) its forcing X-chain's 6.6. Forcing
steps are rated from their net (:func:`step_rating`). A variant's own constraints rate
2.0."""

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
"""The rows by id."""

BANDS: dict[str, str] = {
    **{technique.level: technique.band for technique in TECHNIQUES},
    SEARCH: "fiendish",
}
"""The band of each level (derived from the table)."""

LEVEL_TECHNIQUES: tuple[tuple[Technique, ...], ...] = tuple(
    tuple(t for t in TECHNIQUES if t.level == level) for level in LEVELS[:-1]
)
"""The techniques of each level before ``"search"``, in table order (derived from the table)."""


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
            item = row or Technique(name, name, item, _FORCING, BANDS[_FORCING], BY_ID["forcing-chain"].cost)
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
    (:attr:`Technique.needs_unique`) is tried only once ``board.proper`` proves the puzzle
    proper (decided on first use, so paths that never reach such a row do not pay for the
    count)."""
    for technique in techniques:
        if technique.needs_unique and not board.proper:
            continue
        for deduction in technique.find(board, candidates, placed):
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
    "BAND_NAMES",
    "BY_ID",
    "Contradiction",
    "LEVELS",
    "LEVEL_TECHNIQUES",
    "SEARCH",
    "TECHNIQUES",
    "Technique",
    "apply",
    "as_techniques",
    "hardest",
    "length_bonus",
    "next_deduction",
    "next_step",
    "solving_path",
    "step_rating",
]
