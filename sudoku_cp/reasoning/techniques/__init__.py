"""Solving techniques as people name them, over any puzzle's constraint model, in one table.

Each technique looks at the *candidates* (pencil marks: bit ``v - 1`` of a cell's mask
is set while ``v`` is possible) and yields :class:`Deduction`\\ s: the digits it places
and the candidates it removes, with the premises that justify them (the pattern's
cells, values and candidates, and the constraints used). They work on the constraint
vocabulary (:mod:`sudoku_cp.model.constraints`), so they apply to every variant and size: a
*unit* is any AllDifferent over ``n`` cells (row, column, box, jigsaw region, diagonal,
window); a smaller AllDifferent (a cage, an anti-knight pair) still excludes repeats.
What a constraint *is* (a row, a cage) is read from its typed
:class:`~sudoku_cp.model.constraints.Origin`, never from its label.

**The table.** :data:`TECHNIQUES` (in :mod:`sudoku_cp.reasoning.techniques.table`) holds one
:class:`Technique` row per technique: its id, its name, its finder, its grade level,
band and step cost, the wording of its step, and whether it rests on uniqueness. It is
the only catalogue: :func:`sudoku_cp.explain` and :func:`sudoku_cp.hint` try the rows in
its order, and :func:`sudoku_cp.grade`
follows the same path (:func:`solving_path`) and names the hardest row used, so they
cannot disagree. Simplest first, in the spirit of the cost-ordered explanation steps of
Bogaerts, Gamba and Guns, "Step-wise explanations of constraint satisfaction problems",
Artificial Intelligence 2021 (the fewer constraints and candidates a step needs, the
simpler it is):

.. techniques:families begin (python -m sudoku_cp.reasoning.techniques.docs --write writes this table)
=========================  =====================  ========  =======  ========================================
technique                  level                  band      cost     what it sees
=========================  =====================  ========  =======  ========================================
naked single               naked singles          easy            4  a cell with one candidate left takes it
hidden single              hidden singles         medium         14  a value with one place left in a unit
                                                                     goes there
required digit             hidden singles         medium         16  (grids of more digits than the side,
                                                                     whose units hold some of them) cells of
                                                                     a unit holding only as many digits
                                                                     between them as they are hold each of
                                                                     them: such a digit with one place left
                                                                     in the unit goes there
cage combinations,         naked singles          easy           10  one cage, thermometer, inequality, dot,
thermometer, inequality,                                             XV pair, line, arrow or outside clue on
Kropki dot, no dot, sum,                                             its own keeps only the values it
relation, XV, no X or V,                                             supports (the engine's propagator for
whispers, renban,                                                    it)
palindrome, arrow, little
killer, outside sum,
region-sum line, between
line, quadruple, slow
thermometer, clone,
modular line, entropic
line, parity line, nabner
line, index line,
indexer, numbered room,
anti-taxicab, zipper
line, difference-count
line, Dutch flatmates,
X-sum, hidden skyscraper,
lunchbox, rellik cage,
counting circles,
equality cage, double
arrow, lockout line,
global entropy, global
mod 3, look-and-say,
count-distinct, same
values, sum line, equal
sums, full rank, regular
line, count, element,
either, sandwich,
skyscraper, linear,
table, line clue
chaos construction         naked singles          easy           10  a chaos construction's regions (the
                                                                     region of each cell, unknown) keep only
                                                                     what they allow: connected, as many
                                                                     cells as a row, each digit once,
                                                                     numbered in order of first appearance
                                                                     (the engine's propagator for them)
rule of 45                 hidden singles         medium         20  a unit (or a run of parallel units) adds
                                                                     up to ``n(n+1)/2`` each; less the cages
                                                                     inside it, its other cells (*innies*)
                                                                     have a known sum; the cages meeting it,
                                                                     less it, leave the cells sticking out
                                                                     (*outies*) one; with only some of the
                                                                     cages crossing it, the innies less the
                                                                     outies have a known difference
cage combinations in a     hidden singles         medium         30  the killer cages inside a unit use
unit                                                                 different digits, and leave the unit's
                                                                     other cells the rest: the combinations
                                                                     of a cage that no choice of the others'
                                                                     fits are out
cage pointing              locked candidates      hard           50  a digit every combination of a cage
                                                                     holds lies in the cage: a cell seeing
                                                                     each of the cage's cells with it cannot
                                                                     hold it
locked candidates          locked candidates      hard           50  a value whose places in a unit all lie
                                                                     in another AllDifferent leaves the rest
                                                                     of that one: *pointing* (box to line),
                                                                     *claiming* (line to box)
naked pair, naked triple,  Hall sets              hard       60-120  ``k`` cells of an AllDifferent with
naked quad                                                           ``k`` candidates between them keep those
                                                                     values from its other cells
hidden pair, hidden        Hall sets              hard       70-150  ``k`` values with ``k`` places between
triple, hidden quad                                                  them in a unit: those cells keep only
                                                                     those values
X-Wing, Swordfish,         fish                   expert    140-160  a value whose places in ``k`` rows lie
Jellyfish                                                            in ``k`` columns leaves the rest of
                                                                     those columns (and swapped)
Skyscraper, 2-String       single-digit patterns  expert    120-150  two strong links on a value joined by a
Kite, Turbot Fish, Empty                                             weak link (a box's cross for the Empty
Rectangle                                                            Rectangle): cells seeing both free ends
                                                                     lose it
XY-Wing, XYZ-Wing, W-Wing  wings                  expert    150-180  a pivot and two pincers (or two
                                                                     ``{x,y}`` cells and a strong link on
                                                                     ``x``): ``z`` (``y``) leaves the cells
                                                                     seeing both pincers
Unique Rectangle type 1,   uniqueness             expert        100  (proper puzzles only, resting on
Unique Rectangle type 2,                                             uniqueness) a deadly rectangle's
Unique Rectangle type 4,                                             corners, its extra candidates (as a
Hidden Rectangle, BUG+1,                                             naked set with other cells: type 3; on a
Unique Rectangle type 3,                                             diagonal: 5) or a strong link in it
Unique Rectangle type 5,                                             (twice: 6); the one cell with three
Unique Rectangle type 6                                              candidates
finned X-Wing, sashimi     finned fish            expert    130-260  a fish but for fins: only cover cells
X-Wing, finned Swordfish,                                            seeing every fin lose the value
sashimi Swordfish, finned
Jellyfish, sashimi
Jellyfish
Simple Colors,             colouring              expert    150-200  a value's strong-link clusters
Multi-Colors                                                         two-coloured: trap and wrap; two
                                                                     clusters linked
X-Chain, XY-Chain,         chains                 expert    260-280  alternating strong and weak links
Continuous Nice Loop, AIC                                            (grouped nodes for AIC): a candidate
                                                                     weakly linked to both ends is false;
                                                                     closed into a loop, every weak link of
                                                                     it removes
ALS-XZ, ALS-XY-Wing, Sue   ALS                    expert    250-320  two (three) almost locked sets,
de Coq                                                               restricted commons and a common ``z``;
                                                                     Sue de Coq: a box-line intersection's
                                                                     candidates split between an ALS of the
                                                                     box and one of the line
Kraken Fish, forcing       forcing chains         fiendish  450-600  singles from a supposition: a
chain, nested forcing net                                            contradiction, or the same outcome for
                                                                     each candidate of a cell or place of a
                                                                     value in a unit (Kraken: for each fin of
                                                                     a finned fish); nested: suppositions
                                                                     inside suppositions
minimal deduction          minimal deduction      fiendish      700  the last resort: a subset-minimal set of
                                                                     constraints (with their cells'
                                                                     candidates) refuting a candidate
=========================  =====================  ========  =======  ========================================
.. techniques:families end

The bands: *easy* (naked singles and a variant's constraints on their own), *medium*
(hidden singles, the rule of 45), *hard* (locked candidates, subsets), *expert* (needs a
fish, single-digit pattern, wing, uniqueness pattern, colouring, chain or ALS, but no
forcing step), *fiendish* (needs a forcing chain or a minimal deduction). The minimal
deduction always finds a step on a proper puzzle not yet solved, so paths end solved on
every proper puzzle; only a puzzle with several solutions stalls (level ``"search"``).
The cost of a step (an int, in the spirit of HoDoKu's per-technique scores) lets a grade
add up a path. Each finder's docstring says on which units its logic holds (any
AllDifferent for "sees"; rows and columns for fish; the whole model for forcing chains
and the minimal deduction).

The names are those of the Sudoku community's solvers and guides (HoDoKu; Andrew
Stuart's "SudokuWiki" strategy list). Naked and hidden subsets are Hall's theorem on one
AllDifferent, as in the AllDifferent propagators of Régin (AAAI 1994), limited to
``k <= 4`` as people do.

**How to add a technique: one finder plus one table row.**

1. Write its finder in a module of this package (``sudoku_cp/reasoning/techniques/wings.py``, say):
   a function ``find(board, candidates, placed)`` that yields
   :class:`~sudoku_cp.reasoning.techniques.board.Deduction`\\ s, importing what it needs from
   :mod:`sudoku_cp.reasoning.techniques.board` (``Board``, ``Deduction``, ``values_of``,
   ``places``, ``placement_eliminations``) and never from this package's ``__init__``
   (the table imports the finders: that would be a cycle). Each deduction names the
   technique, lists what it removes or places, its pattern (cells, values, candidates)
   and every constraint it uses: :func:`sudoku_cp.explain` checks that the conclusion
   follows from exactly those constraints and the candidates of their cells. A chain-like
   technique also gives its path, ``chain=`` a :class:`~sudoku_cp.reasoning.techniques.eureka.Chain`
   (nodes, strong and weak links): the step's text writes it in Eureka notation and its
   picture draws the links. A variant technique gives its argument, ``argument=`` a
   :class:`~sudoku_cp.reasoning.techniques.arguments.Combinations` (a sum's digit combinations left),
   :class:`~sudoku_cp.reasoning.techniques.arguments.Bounds` (a sum too wide to list them),
   :class:`~sudoku_cp.reasoning.techniques.arguments.Totals` or
   :class:`~sudoku_cp.reasoning.techniques.arguments.Crusts`: the wording's ``{argument}`` writes it.
2. Add its id to :class:`~sudoku_cp.reasoning.techniques.table.TechniqueId` and its row to
   :data:`~sudoku_cp.reasoning.techniques.table.TECHNIQUES` where it belongs in the order,
   simplest first: ``Technique(_T.XY_WING, "XY-Wing", find_xy_wing, _WINGS, _EXPERT, 160,
   wording="...")`` (a :class:`~sudoku_cp.reasoning.techniques.table.Level` and a
   :class:`~sudoku_cp.reasoning.techniques.table.Band`), with a new level in ``Level`` if it
   needs one. A variant row names what it covers instead of a finder:
   ``_variant(_T.ARROW, "arrow", (Linear, _O.ARROW))``, a constraint kind and the
   :class:`~sudoku_cp.model.constraints.OriginKind` of its rule (``None``: any other).
3. Add its id to a :data:`~sudoku_cp.reasoning.techniques.table.FAMILIES` entry (or a new
   family, with what it sees in words) and run ``python -m
   sudoku_cp.reasoning.techniques.docs --write``: the table above and ``docs/techniques.md``
   are written from the code (``tests/test_technique_docs.py`` fails while they differ).

``explain``, ``hint`` and ``grade`` then use it; nothing else lists techniques. Jellyfish
was added this way (the commit that adds it shows the whole diff).
"""

from sudoku_cp.reasoning.techniques.arguments import Argument, Bounds, Combinations, Crusts, Totals
from sudoku_cp.reasoning.techniques.basic import (
    hidden_singles,
    hidden_subsets,
    innies_and_outies,
    locked_candidates,
    naked_singles,
    naked_subsets,
)
from sudoku_cp.reasoning.techniques.basic_fish import FISH_NAMES, fish
from sudoku_cp.reasoning.techniques.board import (
    MAX_SUBSET,
    Board,
    Deduction,
    Finder,
    placement_eliminations,
    places,
    values_of,
)
from sudoku_cp.reasoning.techniques.eureka import Chain, ChainNode, eureka
from sudoku_cp.reasoning.techniques.table import (
    BANDS,
    BY_ID,
    KIND_ROWS,
    LEVELS,
    ORIGIN_ROWS,
    TECHNIQUES,
    Band,
    Contradiction,
    Level,
    Technique,
    TechniqueId,
    apply,
    as_techniques,
    hardest,
    next_deduction,
    next_step,
    solving_path,
    variant_constraints,
    variant_finder,
    variant_row,
    variant_technique,
)

__all__ = [
    "Argument",
    "BANDS",
    "BY_ID",
    "Band",
    "KIND_ROWS",
    "Level",
    "ORIGIN_ROWS",
    "Board",
    "Bounds",
    "Chain",
    "ChainNode",
    "Combinations",
    "Contradiction",
    "Crusts",
    "Deduction",
    "FISH_NAMES",
    "Finder",
    "LEVELS",
    "MAX_SUBSET",
    "TECHNIQUES",
    "Technique",
    "TechniqueId",
    "Totals",
    "apply",
    "as_techniques",
    "eureka",
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
    "variant_row",
    "variant_technique",
]
