"""Solving techniques as people name them, over any puzzle's constraint model, in one table.

Each technique looks at the *candidates* (pencil marks: bit ``v - 1`` of a cell's mask
is set while ``v`` is possible) and yields :class:`Deduction`\\ s: the digits it places
and the candidates it removes, with the premises that justify them (the pattern's
cells, values and candidates, and the constraints used). They work on the constraint
vocabulary (:mod:`sudoku_cp.constraints`), so they apply to every variant and size: a
*unit* is any AllDifferent over ``n`` cells (row, column, box, jigsaw region, diagonal,
window); a smaller AllDifferent (a cage, an anti-knight pair) still excludes repeats.
What a constraint *is* (a row, a cage) is read from its typed
:class:`~sudoku_cp.constraints.Origin`, never from its label.

**The table.** :data:`TECHNIQUES` (in :mod:`sudoku_cp.techniques.table`) holds one
:class:`Technique` row per technique: its id, its name, its finder, its grade level and
band, and the wording of its step. It is the only catalogue: :func:`sudoku_cp.explain`
and :func:`sudoku_cp.hint` try the rows in its order, and :func:`sudoku_cp.grade`
follows the same path (:func:`solving_path`) and names the hardest row used, so they
cannot disagree. Simplest first, in the spirit of the cost-ordered explanation steps of
Bogaerts, Gamba and Guns, "Step-wise explanations of constraint satisfaction problems",
Artificial Intelligence 2021 (the fewer constraints and candidates a step needs, the
simpler it is):

=========================  =================  =======  ========================================
technique                  level              band     what it sees
=========================  =================  =======  ========================================
naked single               naked singles      easy     a cell with one candidate left takes it
hidden single              hidden singles     medium   a value with one place left in a unit
                                                       goes there
cage combinations,         naked singles      easy     one cage, thermometer, inequality or
thermometer, inequality,                               dot on its own keeps only the values it
Kropki dot, no dot                                     supports
rule of 45                 hidden singles     medium   a unit (or a run of parallel units) adds
                                                       up to ``n(n+1)/2`` each; less the cages
                                                       inside it, its other cells (*innies*)
                                                       have a known sum; the cages meeting it,
                                                       less it, leave the cells sticking out
                                                       (*outies*) a known sum
locked candidates          locked candidates  hard     a value whose places in a unit all lie
                                                       in another AllDifferent leaves the rest
                                                       of that one: *pointing* (box to line),
                                                       *claiming* (line to box)
naked pair/triple/quad     Hall sets          hard     ``k`` cells of an AllDifferent with
                                                       ``k`` candidates between them keep those
                                                       values from its other cells
hidden pair/triple/quad    Hall sets          hard     ``k`` values with ``k`` places between
                                                       them in a unit: those cells keep only
                                                       those values
X-Wing, Swordfish,         fish               hard     a value whose places in ``k`` rows lie
Jellyfish                                              in ``k`` columns leaves the rest of
                                                       those columns (and rows with columns
                                                       swapped)
=========================  =================  =======  ========================================

The names are those of the Sudoku community's solvers and guides (HoDoKu; Andrew
Stuart's "SudokuWiki" strategy list). Naked and hidden subsets are Hall's theorem on one
AllDifferent, as in the AllDifferent propagators of Régin (AAAI 1994), limited to
``k <= 4`` as people do.

**How to add a technique: one finder plus one table row.**

1. Write its finder in a module of this package (``sudoku_cp/techniques/wings.py``, say):
   a function ``find(board, candidates, placed)`` that yields
   :class:`~sudoku_cp.techniques.board.Deduction`\\ s, importing what it needs from
   :mod:`sudoku_cp.techniques.board` (``Board``, ``Deduction``, ``values_of``,
   ``places``, ``placement_eliminations``) and never from this package's ``__init__``
   (the table imports the finders: that would be a cycle). Each deduction names the
   technique, lists what it removes or places, its pattern (cells, values, candidates)
   and every constraint it uses: :func:`sudoku_cp.explain` checks that the conclusion
   follows from exactly those constraints and the candidates of their cells.
2. Add its row to :data:`~sudoku_cp.techniques.table.TECHNIQUES` where it belongs in the
   order, simplest first: ``Technique("xy-wing", "XY-Wing", xy_wing, "wings", "hard",
   wording="...")``, with a new level in ``LEVELS`` if it needs one.

``explain``, ``hint`` and ``grade`` then use it; nothing else lists techniques. Jellyfish
was added this way (the commit that adds it shows the whole diff).
"""

from sudoku_cp.techniques.basic import (
    hidden_singles,
    hidden_subsets,
    innies_and_outies,
    locked_candidates,
    naked_singles,
    naked_subsets,
    variant_constraints,
    variant_finder,
    variant_technique,
)
from sudoku_cp.techniques.basic_fish import FISH_NAMES, fish
from sudoku_cp.techniques.board import (
    MAX_SUBSET,
    Board,
    Deduction,
    Finder,
    _placement,  # noqa: F401 - the names of the single-module days, for finders written against them
    _places,  # noqa: F401
    placement_eliminations,
    places,
    values_of,
)
from sudoku_cp.techniques.table import (
    BANDS,
    BY_ID,
    LEVELS,
    TECHNIQUES,
    Contradiction,
    Technique,
    apply,
    as_techniques,
    hardest,
    next_deduction,
    next_step,
    solving_path,
)

__all__ = [
    "BANDS",
    "BY_ID",
    "Board",
    "Contradiction",
    "Deduction",
    "FISH_NAMES",
    "Finder",
    "LEVELS",
    "MAX_SUBSET",
    "TECHNIQUES",
    "Technique",
    "apply",
    "as_techniques",
    "fish",
    "hardest",
    "hidden_singles",
    "hidden_subsets",
    "innies_and_outies",
    "locked_candidates",
    "naked_singles",
    "naked_subsets",
    "next_deduction",
    "next_step",
    "placement_eliminations",
    "places",
    "solving_path",
    "values_of",
    "variant_constraints",
    "variant_finder",
    "variant_technique",
]
