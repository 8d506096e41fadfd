"""The account of what a puzzle link holds: every drawn element, every key of its data and
every sentence of its rules text is read as a rule, recognised as cosmetic for a stated
reason, or refused.

Both link readers (:mod:`sudoku_cp.io.links` for f-puzzles, :mod:`sudoku_cp.io.sudokupad` for
SudokuPad's own format) fill an :class:`Account` while they read, and
:func:`sudoku_cp.io.links.record_from_link` closes it with :meth:`Account.settle`, the one
check they share: it reads the rules text (:func:`read_rules_text`), checks that every
key of the link's data has a row, and raises :class:`~sudoku_cp.errors.UnsupportedRuleError`
naming every refused element (or quoting every refused sentence) that ``ignore`` does not
name. The rows are kept in the record's ``read`` key, so ``puzzle.metadata["read"]`` holds
them (``sudoku-cp read LINK`` prints them as a table).

The rules text is split into sentences, each matched against :data:`PHRASES`, a table
of the phrasings setters use:

* the standard rules ("Normal sudoku rules apply", "Place the digits 1 to 9 once each in
  every row, column and box"): cosmetic;
* a rule the package models and that needs no drawing (anti-knight, anti-king,
  non-consecutive, the two main diagonals): read as that rule, drawn or not;
* a rule shown by a drawing (thermometers, killer cages, arrows, dots, lines...): it
  explains the drawn elements, and is refused when the puzzle drew none of them (the
  drawing may be one the reader could not tell);
* a sentence with no word of a rule (credits, "Have fun!", a title, a link): cosmetic.

Any other sentence, and any sentence with a word that changes a rule (:data:`CHANGES`:
"slow", "may repeat", "do not apply", negators, hot/cold and Nosferatu cells, parity,
entropy, snakes, clones...) is refused, quoted. When unsure, the reader refuses.

>>> account = Account("f-puzzles")
>>> rules = {}
>>> rows = account.settle(rules, "Normal sudoku rules apply. Cells a knight's move apart differ. Have fun!")
>>> rules
{'anti_knight': True}
>>> [row["read as"] for row in account.rows]
['standard rules', 'anti-knight', 'cosmetic']
>>> from sudoku_cp.errors import UnsupportedRuleError
>>> try:
...     Account("f-puzzles").settle({}, "Digits on a thermometer increase or stay the same.")
... except UnsupportedRuleError as error:
...     print(error.elements, "stay the same" in str(error))
('sentence 1',) True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from sudoku_cp.errors import UnsupportedRuleError

MAX_QUOTE = 120
"""Characters of a sentence or a value quoted in a message at most."""
MAX_SENTENCES = 400
"""Sentences of a rules text read at most; a longer text is refused."""
MAX_SENTENCE_CHARS = 1000
"""Characters of one sentence read at most (the phrasings are matched in time that grows
with the square of a sentence's length); a longer sentence is refused."""


def show(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters (:func:`clip`); a huge value is cut
    before ``repr`` is taken, and an int too long for ``str`` is named by its size."""
    if isinstance(value, str) and len(value) > 4 * width:
        value = value[: 4 * width]
    try:
        text = repr(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    except ValueError:
        text = f"an integer of {value.bit_length()} bits"  # type: ignore[union-attr]
    return clip(text, width)


def clip(text: object, width: int = MAX_QUOTE) -> str:
    """``text`` as a string of at most ``width`` characters (``...`` marks a cut), with
    control characters escaped: every quote of a link's content in a message is bounded."""
    value = text if isinstance(text, str) else repr(text)
    if len(value) > 4 * width:
        value = value[: 4 * width]
    value = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in value)
    return value if len(value) <= width else value[: width - 3] + "..."


# -- the rules text -----------------------------------------------------------------------------

CHANGES = (
    r"\bslow\b",
    r"stay the same|or equal|\bequal or\b",
    r"\bnot apply\b|n't apply|\bno longer\b|\bdo not hold\b",
    r"\bnegat",
    r"nosferatu|\bhot\b|\bcold\b|\bvampire|\bdoubler|\bdecoy|\bliar|\blying\b|\blies\b|\bfalse\b|\bwrong\b",
    r"\bparity|entrop|modular|\bmod(ulo)? 3\b|\bzipper|\bclone|\bsnake|\bloop\b|\bpath\b|\bshad(e|ed|ing)\b",
    r"\brellik",
    r"\bindexers?\b|\b1-?5-?9\b",
    r"\bfog\b|\bhidden\b|\bunknown\b|\bcipher|\bletters? stand|\bmissing\b|\bmultipl|\bproduct\b",
    r"\bexcept\b|\bunless\b|\binstead\b|\bhowever\b|\bbut\b|\balso\b|\bexception|\bother than\b|\bonly if\b",
    r"\brather than\b|\bdoes not (need|have) to\b|\bneed not\b|\bnot necessarily\b|\bnot all\b",
    r"\bmay or may not\b",
    r"\bcount(s|ed|ing)?\b|\bnumber of\b|\bexactly\b|\bat most\b|\bfewer\b|\bmore than\b",
    r"\b(1|one) ?(-|to) ?(8|eight)\b|\b0\b|\bzero\b",
    r"\bmirror|\bsymmetr|\brotat|\breflect|\bshift|\boffset|\bsequence\b|\bfibonacci|\bprime",
    r"\bsquare numbers?\b|\bsubset\b|\b\d+-digit\b|\btwice\b|\bsame \d",
    r"\bchaos\b|\bconstruction\b|\bdraw\b|\bcolou?r (in|each|the cells)",
    r"\brepresents?\b|\bindicates? how\b|\bmust be determined",
)
"""Words that change or add to a rule: a sentence holding one is refused, quoted, even
when it also names a rule the package models ("slow thermometers", "digits may repeat
in cages", "normal sudoku rules do not apply")."""

_RULE_WORDS = re.compile(
    r"\b(digit|digits|number|numbers|cell|cells|row|rows|column|columns|box|boxes|region|regions|"
    r"grid|sum|sums|total|line|lines|cage|cages|dot|dots|circle|circles|arrow|arrows|thermo\w*|"
    r"must|cannot|can't|may|must not|contain|contains|appear|differ|equal|greater|less|smaller|"
    r"larger|adjacent|consecutive|diagonal\w*|knight|king|queen|bishop|rook|even|odd|rule|rules|"
    r"place|fill|value|values|clue|clues|square|squares|shaded|colou?red|given|givens|(?!(19|20)\d\d\b)\d+)\b",
    re.IGNORECASE,
)
_COSMETIC = re.compile(
    r"^(rules?|title|author|by\b|thanks?\b|thank you|have fun|enjoy|good luck|credits?|tested by|"
    r"testers?|special thanks|inspired by|dedicated to|https?://|www\.|puzzle (by|#|no)|solve (it|on)|"
    r"try it|hope you|cheers|happy solving|note:? this puzzle|\(c\)|©|copyright)",
    re.IGNORECASE,
)

_DIGITS_ONCE = r"(digits?|numbers?) (from )?1\s*(-|to|\u2013|through)\s*(\d+|n)"
_UNITS = r"(each|every|any|a|the same|the)( single)? (row|column|box|region)[a-z0-9, ]{0,40}"
_FILL = (
    r"(the|grid|with|each|every|cell|cells|empty|all|row|column|box|and|into|in|of|outlined|marked|\d+x\d+),?"
)
_UNIT = r"(row|column|(\d+ ?x ?\d+ )?(box|region))"
_ONE_TO = r"(the )?1\s*(-|to|\u2013|through)\s*(\d+)"
"""``with 1-9``: the digits of "fill each row, column and box with 1-9"."""
_STANDARD = (
    r"^(normal|standard|classic|regular|usual|classical|ordinary|general) (\d+ ?x ?\d+ )?"
    r"(sudoku |killer |sudoku and killer )?"
    r"(rules|constraints) (apply|hold|are in (effect|place))\b",
    r"^(normal|standard|classic|regular|usual|classical) (rules of (sudoku|\d+x\d+ sudoku)) (apply|hold)\b",
    r"^(normal|standard|classic|regular|usual|classical) (\d+x\d+ )?(sudoku|rules)\b[^.]{0,12}$",
    rf"^(sudoku:? |sudoku - )?(place|fill in|fill|enter|write|put)( {_FILL}){{0,8}} {_DIGITS_ONCE}",
    rf"(fill|place)[^.]{{0,40}}(every|each) row, column,? (and|&) [^.]{{0,20}}box(es)? with "
    rf"[^.]{{0,10}}{_DIGITS_ONCE}$",
    rf"(each|every) (row|column|box|region)[^.]*\b(contains?|has|holds?|must contain)[^.]*{_DIGITS_ONCE}",
    r"^(each|every) (row|column|box|region)(, (row|column|box|region))*,? (and|&) (row|column|box|region)"
    r" (contains?|has|holds?)[^.]* (each|every|all)[^.]* (digit|number)s?[^.]* once",
    r"^(each|every) (row|column)(,)? (row|column)?,? (and|&) (\d+x\d+ )?(box|region) contains? "
    r"each (digit|number) "
    r"(from )?1 to (\d+) (exactly )?once",
    rf"^(digits|numbers) (must not|may not|cannot|can't|do not|don't) repeat (with)?in {_UNITS}$",
    r"^sudoku rules apply",
    r"^apply (the )?(normal|standard|classic|regular|usual|classical) (\d+ ?x ?\d+ )?(sudoku )?rules$",
    r"^default (\d+ ?x ?\d+ )?(sudoku )?(rules|constraints) (apply|hold)\b",
    rf"^(fill|place)( in)? (each|every) {_UNIT}(, {_UNIT})*,? (and|&) {_UNIT} with {_ONE_TO}$",
)
"""The standard rules, as setters write them."""

TEXT_RULES: dict[str, tuple[str, str]] = {
    "anti_knight": (
        r"anti[- ]?knight|knight'?s?[- ]move|chess knight",
        "anti-knight",
    ),
    "anti_king": (r"anti[- ]?king|king'?s?[- ]move|chess king|diagonally (adjacent|touching)", "anti-king"),
    "all_white_given": (
        r"non[- ]?consecutive|(cannot|can't|must not|may not|are not|aren't|never|do not|don't) "
        r"(be |contain |hold |have )?(two )?consecutive",
        "non-consecutive (no white dot: not consecutive)",
    ),
    "dutch_flatmates": (r"\bdutch flat ?mates?\b", "Dutch flatmates"),
    "anti_taxicab": (r"\banti[- ]?taxi ?cab\b|\btaxi ?cab distance", "anti-taxicab"),
    "diagonals": (
        r"(both|two|main|long|marked|indicated|shown|each of the( two)?( main)?) "
        r"(main |long |marked )?diagonals|"
        r"\bx-?sudoku\b|diagonals? (each|both) (contains?|holds?)|"
        r"(each|every) (marked |main |long )?diagonal\b",
        "both main diagonals hold every digit",
    ),
}
"""Rules the package models that need no drawing: ``rule key -> (pattern, read as)``."""

SUM_LINES = (
    r"\b(lines?|loops?)\b[^.]*\bsegments? (that |which )?(each |all )?(must )?"
    r"(sum|add up|adds up|sums) to (?P<total>[1-9]\d?)\b"
    r"(?!\s*\(?\s*(or|and|to|-|\u2013|,|/)\s*(\d|less|more))"
)
"""A sentence stating sum lines: a line (of a colour) cut into segments that each add up
to one total (``sum_lines``), the total the sentence names."""

DRAWN_RULES: dict[str, tuple[tuple[str, ...], str]] = {
    "little_killers": (
        ("little_killers",),
        r"little killer|outside the grid[^.]*diagonal|diagonal[^.]*outside|"
        r"diagonal[^.]*arrow|arrow[^.]*diagonal",
    ),
    "sandwiches": (("sandwiches",), r"sandwich|between the 1 and (the )?9|between 1 and 9"),
    "skyscrapers": (("skyscrapers",), r"skyscraper|number of (digits|buildings) (seen|visible)"),
    "outside_sums": (("outside_sums",), r"\bframe\b|outside sum"),
    "x_sums": (("x_sums",), r"\bx-sums?\b|\bsum of the first x (digits|cells|numbers)\b"),
    "cages": (("cages", "windows"), r"\bcages?\b|killer"),
    "thermos": (("thermos",), r"thermo"),
    "arrows": (("arrows",), r"\barrows?\b"),
    "kropki": (
        ("white", "black", "all_white_given", "all_black_given"),
        r"kropki|\b(white|black) (dot|circle)s?\b|\bdots?\b|\bwhite ?= ?consecutive\b|\bblack ?= ?1 ?: ?2\b",
    ),
    "xv": (
        ("x", "v", "all_xv_given", "all_x_given", "all_v_given"),
        r"\bxv\b|\bx\b[^.]*\b10\b|\bv\b[^.]*\b5\b|\b(an )?(x|v)s?\b",
    ),
    "even_odd": (("even", "odd"), r"\b(even|odd)\b"),
    "german_whispers": (
        ("german_whispers",),
        r"german whisper|differ (in value )?by (at least )?(5|five)( or more)?|"
        r"difference of (at least )?(5|five)",
    ),
    "dutch_whispers": (
        ("dutch_whispers",),
        r"dutch whisper|differ (in value )?by (at least )?(4|four)( or more)?|"
        r"difference of (at least )?(4|four)",
    ),
    "renban": (("renban",), r"\brenban|consecutive[^.]*any order|set of[^.]*consecutive"),
    "palindromes": (("palindromes",), r"palindrom|reads? the same"),
    "between_lines": (("between_lines",), r"between line|between the (digits|values|numbers) in the"),
    "region_sum_lines": (
        ("region_sum_lines",),
        r"region[- ]sum|same sum in each (box|region)|sum[^.]*(each|every) (box|region)[^.]*(same|equal)|"
        r"(same|equal) (sum|total)s? (with)?in (each|every) (\d+ ?x ?\d+ )?(box|region)|"
        r"(box|region) borders? (divide|separate|split)[^.]*segments|"
        r"segments?[^.]*(the )?(same|equal) (sum|total|value)|different lines may have different|"
        r"segments? in the same (box|region) sum individually|"
        r"\bin (each|every) (box|region),? (digits )?(must )?sum to the same\b",
    ),
    "quadruples": (
        ("quadruples",),
        r"quad|four (cells|digits)[^.]*circle|circles?[^.]*appear[^.]*(four|surrounding|adjacent) cells",
    ),
    "less": (("less",), r"greater|less than|smaller|larger|inequalit|minimum|maximum|\bmin\b|\bmax\b"),
    "windows": (("windows",), r"windoku|extra region|window|shaded (box|region)s?|hyper"),
    "sum_lines": (("sum_lines",), SUM_LINES),
    "regions": (("regions",), r"jigsaw|irregular|bold(ly)?[- ]outlined|bold region|nonomino"),
    "thermometers": (  # a thermometer's rule without its name: digits increase from the bulb
        ("thermos",),
        r"^(?!.*thermo).*(\bbulbs?\b[^.]*\b(increas|ascend)|\b(increas|ascend)\w*[^.]*\bbulbs?\b)",
    ),
}
"""Rules shown by a drawing: ``name -> (rule keys, pattern)``. A sentence naming one
explains the drawn elements of that rule; it is refused when none is drawn."""

VARIANTS: dict[str, str] = {
    "thermos": r"\bdecreas|\bdescend|\b(at least|by) ([2-9]|two|three)\b|\bor equal|\bsame\b",
    "thermometers": r"\bdecreas|\bdescend|\b(at least|by) ([2-9]|two|three)\b|\bor equal|\bsame\b",
    "kropki": r"\b(differ|difference)\b[^.]*\b([2-9]|two|three|four)\b|\b1 ?: ?[3-9]\b|\btriple|"
    r"\bthree times",
    "xv": r"\b(?!(5|10)\b)\d+\b",
    "sandwiches": r"between (the )?(?!1 and (the )?9\b)\d+ and (the )?\d+",
    "arrows": r"\bdifference\b|\bdivid|\bsubtract",
    "cages": r"\bdifference\b|\bdivid|\bsubtract|\bmean\b|\baverage\b",
    "german_whispers": r"\b(at least|by) [0-46-9]\b",
    "dutch_whispers": r"\b(at least|by) [0-35-9]\b",
}
"""Wordings that make a drawn rule another one (a black dot of ratio 3, slow or
descending thermometers, a sandwich between 2 and 8): a sentence naming a drawn rule
with its variant's wording is refused."""

SLOW_THERMO = (
    r"\bslow thermo\w*|\bthermo\w*[^.]*(increase|rise)s? or (stay|remain)s? the same|"
    r"(increase|rise)s? or (stay|remain)s? the same[^.]*thermo"
)
"""A sentence stating slow thermometers (digits increase or stay the same)."""

RELLIK = r"\brellik"
"""A sentence naming rellik cages (no set of a cage's digits adds up to its total): with
no other sentence about cages, it makes the drawn cages with totals rellik cages."""

COUNTING_CIRCLES = (
    r"\bcounting circles?\b|"
    r"\b(any |a |the |each )?(digit|number)s? (in|inside|within) (a|any|each|the) circles? "
    r"(indicates?|says?|shows?|gives?|tells?) (exactly )?how many circles|"
    r"\bappears? in exactly (n|that many|\w) circles\b"
)
"""A sentence stating counting circles (a circled digit ``d``: exactly ``d`` circles hold
``d``); the SudokuPad and f-puzzles readers read a puzzle's circles as one set of them."""

EQUAL_HALVES = (
    r"\bsum of the first (two|2) (digits|cells) (equals?|is equal to|is the same as|matches) "
    r"the sum of the last (two|2)( digits| cells)?"
)
"""A sentence stating that on a line of four cells the first two add up to the last two:
the SudokuPad reader reads lines of four cells it names as equal sums (``equal_sums``)."""

KNIGHT_GROUP_CIRCLES = (
    r"\b(digit|number)s? in (a|each|the|every) circles? (must )?(belongs?|be|is|lies?) (to|in) "
    r"the same entropic group\b[^.]*\bas (every|each|all|any) cells? (that is |which is )?(a )?(single )?"
    r"(chess )?knight'?s?'? moves? away( from it)?"
)
"""A sentence stating that a circled digit is in the same entropic group (1-3, 4-6, 7-9)
as every cell a knight's move away: the SudokuPad reader reads the circles so (relations)."""

FIBONACCI_LINES = (
    r"\bfibonacci lines?\b|\bis the sum of the (two )?previous (two |2 )?digits( in the sequence)?"
)
"""A sentence naming Fibonacci lines (from its low end, each digit past the first two is
the sum of the two before it): the SudokuPad reader reads the lines of the colour it
names as regular lines (``regular``) of those words."""

_NOT_SAID = r"(?:(?!\b(?:not|never|no)\b|n't|\bdiagonal)[^.])*?"
"""Words of one sentence (as few as match), none a negation ("not") or a diagonal."""
FORTRESS = (
    rf"\b(shaded|gr[ae]y)( shaded)? (cells?|squares?)\b{_NOT_SAID}"
    rf"\b(greater|larger|bigger|higher|less|smaller|lower) than\b{_NOT_SAID}"
    r"\b(neighbou?r(s|ing)?|adjacent)\b"
    r"( (unshaded |non-?shaded |white )?(cells?|digits?|neighbou?rs?))?"
    r"( in (unshaded|non-?shaded|white) cells?)?"
)
"""A sentence stating fortress cells: a digit in a shaded (grey) cell is greater (or
less) than its neighbours (in unshaded cells); the SudokuPad reader reads the grey cells
so (``less``), and the inequality signs drawn along their edges as part of the rule."""

_SHADED_AREA = (
    r"(shaded|gr[ae]y|colou?red|highlighted)( shaded)? (\d ?x ?\d )?"
    r"(regions?|areas?|boxes|box|windows?|blocks?)\b"
)
SHADED_REGIONS = (
    rf"\b{_SHADED_AREA}{_NOT_SAID}\b(contains?|holds?|ha(s|ve)|includes?) (each of |all of )?(the )?"
    r"(digits|numbers) (from )?1 ?(-|to|through|\u2013) ?(?P<high>\d+)\b( once( each)?| exactly once)?|"
    r"\b(digits|numbers) (cannot|can't|may not|must not|do not|don't|never) repeat (with)?in "
    rf"(a|an|any|each|the|every) {_SHADED_AREA}"
)
"""A sentence stating that shaded regions (drawn as shaded cells) hold every digit, or
that digits do not repeat in them: the SudokuPad reader reads each group of ``n``
connected shaded cells as a Windoku window (box-shaped) or an extra region."""

COMMUNITY_RULES: dict[str, tuple[tuple[str, ...], str]] = {
    "slow thermometers": (("slow_thermos",), SLOW_THERMO),
    "slow thermometers (restated)": (
        ("slow_thermos",),
        r"\bdigits (may|can) (remain|stay) the same"
        r"( when (allowed|permitted) by (the )?(other|sudoku) rules)?,? but (may|can|must) never decrease\b",
    ),
    "rellik cages": (("rellik_cages",), RELLIK),
    "entropic lines": (("entropic_lines",), r"\bentropic|\bentropy"),
    "difference-count lines": (
        ("difference_count_lines",),
        r"\bdifferences? count\w*|"
        r"difference between (two )?adjacent digits[^.]*indicates (exactly )?how many[^.]*",
    ),
    "index lines": (("index_lines",), r"\bindex lines?\b"),
    "parity lines": (
        ("parity_lines",),
        r"\bparity lines?\b|alternate between (odd and even|even and odd)|alternat\w* (in )?parity",
    ),
    "nabner lines": (("nabner_lines",), r"\bnabner\b"),
    "Dutch flatmates": (("dutch_flatmates",), r"\bdutch flat ?mates?\b"),
    "modular lines": (("modular_lines",), r"\bmodular\b|remainders? when divided by 3|\bmod(ulo)? 3\b"),
    "zipper lines": (
        ("zipper_lines",),
        r"\bzipper|\b(an )?(equal|same) distance from the cent(er|re)\b|"
        r"\b(odd|even)[- ]length lines?\b[^.]*\bcent(er|re)\b",
    ),
    "clones": (("clones",), r"\bclones?\b"),
    "disjoint groups": (
        ("disjoint_groups",),
        r"\bdisjoint (groups?|sets?|subsets?|sudoku)\b|"
        r"\bsame (relative )?position (relative to|in|within) (their|its|each|every) (default )?"
        r"(regions?|box(es)?|nonets?)\b",
    ),
    "indexer cells": (
        ("row_indexers", "column_indexers"),
        r"\bindex(er|ers|es|ing)?\b|\b1-?5-?9\b|\bindicates? the (column|row) positions? of\b",
    ),
    "whispers": (
        ("whispers",),
        r"\bwhispers?\b|differ (in value )?by (at least )?\d|difference of (at least )?\d",
    ),
    "counting circles": (("counting_circles",), COUNTING_CIRCLES),
    "lines of equal halves": (("equal_sums",), EQUAL_HALVES),
    "entropic knight circles": (("relations",), KNIGHT_GROUP_CIRCLES),
    "Fibonacci lines": (("regular",), FIBONACCI_LINES),
    "sequence lines": (("regular",), r"\b(arithmetic )?sequence lines?\b"),
    "lockout lines": (("lockout_lines",), r"\blockout lines?\b"),
    "fortress cells": (("less",), FORTRESS),
    "shaded regions": (("windows", "extra_regions"), SHADED_REGIONS),
    "skyscrapers": (
        ("skyscrapers",),
        r"(the )?number of (skyscrapers|buildings|digits) (that )?(can be |are )?(seen|visible)|"
        r"(digits?|numbers?)( in the grid)? represents? (the heights? of )?"
        r"(a |the )?(skyscrapers?|buildings?)|"
        r"\bskyscrapers?\b",
    ),
}
"""The community's named kinds (:mod:`sudoku_cp.model.community_rules`) whose names are
also words of :data:`CHANGES` (slow, entropy, modular, zipper, clone): ``name -> (rule
keys, pattern)``. A sentence naming one explains the drawn elements of that rule when the
puzzle has them (the name is taken out before the rest is checked for changes); a slow
thermometer sentence makes the drawn thermometers slow (:meth:`Account.settle`)."""

_REPEATING = {"zipper lines"}
"""Community kinds whose model lets digits on a line repeat (where no unit forbids it):
"digits may repeat on a zipper line" states their rule."""

_LINES_MAY_REPEAT = {
    "entropic_lines", "modular_lines", "zipper_lines", "parity_lines", "region_sum_lines", "between_lines",
    "palindromes", "german_whispers", "dutch_whispers", "whispers", "slow_thermos", "arrows",
}  # fmt: skip
"""Line rules whose model lets a digit repeat on a line (where no unit forbids it): a
sentence saying only that digits may repeat on a line restates them, when the puzzle's
lines are all of these."""
_LINE_RULES = {
    "renban", "thermos", "slow_thermos", "palindromes", "german_whispers", "dutch_whispers", "whispers",
    "arrows",
}  # fmt: skip
_REPEAT_ON_LINES = re.compile(
    r"^(digits|numbers) (may|can) repeat (on|along|in|within) (a|an|the|each|any) lines?"
    r"(,? (if|when|where) (allowed|permitted) by (the )?(other |sudoku |normal |standard )*rules)?[.!]?$"
)


def _lines_may_repeat(rules: Mapping[str, Any]) -> bool:
    """True when the puzzle draws lines and every line rule of it lets digits repeat."""
    drawn = {k for k, v in rules.items() if v and (k in _LINE_RULES or k.endswith("_lines"))}
    return bool(drawn) and drawn <= _LINES_MAY_REPEAT


_TWO_BY_TWO = r"(every|each|any|all)( of the)? 2 ?x ?2 (box(es)?|squares?|areas?|regions?|blocks?)\b"
GLOBAL_RULES: dict[str, tuple[str, str]] = {
    "global_entropy": (
        rf"\bglobal entropy\b|{_TWO_BY_TWO}[^.]*\blow\b[^.]*\b(middle|medium|mid)\b[^.]*\bhigh\b",
        "global entropy (every 2x2 square: a low, a middle and a high digit)",
    ),
    "global_modular": (
        rf"\bglobal mod(ular|ulo)?( 3)?\b|{_TWO_BY_TWO}[^.]*\b1 ?, ?4 ?,? (and |or )?7\b[^.]*"
        r"\b2 ?, ?5 ?,? (and |or )?8\b[^.]*\b3 ?, ?6 ?,? (and |or )?9\b",
        "global mod 3 (every 2x2 square: a digit of each remainder mod 3)",
    ),
}
"""Rules of the whole grid stated by one sentence (ISS's global entropy and global mod 3),
whose words (entropy, mod 3) are also words of :data:`CHANGES`: ``key -> (pattern, read
as)``; the rest of the sentence is still checked for changes."""

PARITY_RUNS = (
    r"\b(in )?(every|each|any) row and column,? (strings|runs|groups|sequences|sets) of (3|three) "
    r"(consecutive |adjacent )?(digits|cells) "
    r"(are never|can ?not be|can't be|may not be|must not be|are not) "
    r"(all even nor all odd|all odd nor all even|all (even|odd) or all (even|odd))\b"
)
"""A sentence stating that three neighbouring cells along a row or column never hold
digits of one parity."""


def parity_runs(side: int) -> dict[str, list[dict[str, Any]]]:
    """The general rules (``regular`` lines, :class:`~sudoku_cp.model.rules.RegularLines`)
    of :data:`PARITY_RUNS` on a grid of ``side`` (up to 9): every three neighbouring cells
    of a row or a column hold digits of both parities.

    >>> parity_runs(4)["regular"][0]
    {'cells': [[0, 0], [0, 1], [0, 2]], 'pattern': '[13]([13][24]|[24].)|[24]([24][13]|[13].)'}
    """
    odd = "".join(str(d) for d in range(1, side + 1, 2))
    even = "".join(str(d) for d in range(2, side + 1, 2))
    pattern = f"[{odd}]([{odd}][{even}]|[{even}].)|[{even}]([{even}][{odd}]|[{odd}].)"
    lines = [[[r, c + i] for i in range(3)] for r in range(side) for c in range(side - 2)]
    lines += [[[r + i, c] for i in range(3)] for c in range(side) for r in range(side - 2)]
    return {"regular": [{"cells": line, "pattern": pattern} for line in lines]}


DOT_SENTENCE = re.compile(
    r"(\b(digits|cells|numbers)( in cells)? (separated|joined|connected) by an? (?P<colour>[a-z]+) "
    r"(dot|circle|square)s?|^the (?P<colour2>[a-z]+) (dot|circle|square)s) "
    r"(are|is|must be|must|contain|have) (?P<rule>[^.!;]+)[.!;]*$"
)
_DOT_CLAUSES = (
    (r"non-?consecutive( digits)?|not consecutive", "abs(a-b)!=1"),
    (r"consecutive( digits)?", "abs(a-b)==1"),
    (
        r"(contain )?one (even|odd) (digit )?and one (even|odd)( digit)?|of (different|opposite) parity",
        "(a+b)%2==1",
    ),
    (r"in an? (1 ?: ?2|2 ?: ?1|2 to 1|1 to 2) ratio|one (is )?double the other", "(a==2*b or b==2*a)"),
    (r"(sum|add up) to (?P<total>[1-9]\d?)", "a+b=={total}"),
    (r"an? x|x", "a+b==10"),  # the X and the V of XV
    (r"an? v|v", "a+b==5"),
)
_XV_PARTS = {"a+b==10", "a+b==5"}


def dot_rule(sentence: str) -> tuple[str, str] | None:
    """The colour word and the predicate (of ``a`` and ``b``, :class:`~sudoku_cp.model.rules.Relations`)
    of a sentence stating what the two digits a dot of one colour joins are, made of the
    clauses non-consecutive, consecutive, of different parity and in a 1:2 ratio, joined by
    "and" or by "either ... or" ("(or both)" allowed); ``None`` for any other sentence.

    >>> dot_rule("Digits joined by a red dot are non-consecutive and contain one odd and one even digit.")
    ('red', 'abs(a-b)!=1 and (a+b)%2==1')
    >>> dot_rule("Cells separated by a grey dot are either consecutive or in a 1:2 ratio (or both).")
    ('grey', 'abs(a-b)==1 or (a==2*b or b==2*a)')
    >>> dot_rule("The green dots are either X or V")
    ('green', 'a+b==10 or a+b==5')
    >>> dot_rule("Cells connected by a blue square must sum to 7.")
    ('blue', 'a+b==7')
    >>> dot_rule("Digits separated by a red dot are prime.") is None
    True
    """
    match = DOT_SENTENCE.search(" ".join(sentence.lower().split()))
    if not match:
        return None
    text = re.sub(r"\s*\(or both\)$", "", match["rule"].strip())
    either = text.startswith("either ")
    text = text.removeprefix("either ")
    parts, joins = [], set()
    while text:
        for pattern, predicate in _DOT_CLAUSES:
            clause = re.match(pattern + r"\b", text)
            if clause:
                parts.append(predicate.format(**clause.groupdict()))
                text = text[clause.end() :].strip()
                break
        else:
            return None
        join = re.match(r",? ?(and|or)\b", text)
        if join:
            joins.add(join[1])
            text = text[join.end() :].strip()
        elif text:
            return None
    if not parts or len(joins) > 1 or (either and joins != {"or"}):
        return None
    return match["colour"] or match["colour2"], f" {joins.pop() if joins else 'and'} ".join(parts)


_NEGATIVE = re.compile(r"\ball\b[^.\n]{0,60}\b(are|is|have been) (given|shown|marked|drawn)")
_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+|(?<=[.!?])(?=[A-Z])")


def sentences(text: str) -> list[str]:
    """The sentences of a rules text, as written (stripped), in order: split after
    ``.``, ``!``, ``?`` or ``;`` and at line breaks (not after ``e.g.``, ``i.e.``,
    ``etc.``, ``vs.``, which lose their dots).

    >>> sentences("Normal rules apply. Have fun (e.g. solve it)!\\nBy me")
    ['Normal rules apply.', 'Have fun (eg solve it)!', 'By me']
    """
    text = _ABBREVIATION.sub(lambda m: m[0].replace(".", ""), text)
    text = _WRAPPED.sub(" ", text)  # a line wrapped mid-sentence: the next starts in lower case
    return [s.strip() for s in _SPLIT.split(text) if s and s.strip()]


_WRAPPED = re.compile(r"(?<=[a-z0-9,])[ \t]*\r?\n[ \t]*(?=[a-z])")


_ABBREVIATION = re.compile(r"\b(e\.g|i\.e|etc|vs|cf|approx)\.", re.IGNORECASE)
_HEADING = re.compile(r"(the )?(sudoku |puzzle |variant )?rules( are| as follows)?\s*:?")
"""A heading that only announces the rules ("Rules:")."""
_EXAMPLE = re.compile(r"^((as an? |for )?example|for instance|eg)\b")


def read_sentence(
    sentence: str, rules: Mapping[str, Any], side: int | None = None, boxes: bool | None = None
) -> tuple[str, str, dict[str, Any]]:
    """How one sentence of a rules text is read: ``(status, read as / reason, rules)``.

    ``status`` is ``"rule"`` (``rules`` holds the rule keys it adds), ``"explains"`` (a
    drawn rule, named), ``"standard"``, ``"cosmetic"`` or ``"refused"`` (the reason).
    ``rules`` are the rules read so far (from the drawing), which an explaining sentence
    must name; ``side`` the grid's side, which the standard rules' digits and size must
    match ("Normal 6x6 sudoku rules" on a 9x9 grid is refused); ``boxes`` whether the
    grid has boxes or regions (standard rules for a grid without them, or rows and columns
    alone for a grid with them, are refused).

    >>> read_sentence("Orthogonally adjacent digits cannot be consecutive.", {})
    ('rule', 'non-consecutive (no white dot: not consecutive)', {'all_white_given': True})
    >>> read_sentence("Normal sudoku rules do NOT apply.", {})[0]
    'refused'
    """
    if len(sentence) > MAX_SENTENCE_CHARS:
        return "refused", f"a sentence of {len(sentence):,} characters, longer than the package reads", {}
    text = unicodedata.normalize("NFKC", sentence)  # a setter's bold letters (U+1D5E6...) as letters
    text = " ".join(text.lower().replace("\u2019", "'").replace("\u2018", "'").split())
    text = _BULLET.sub("", text)
    if _HEADING.fullmatch(text):
        return "cosmetic", "a heading (the rules follow)", {}
    if _EXAMPLE.search(text):
        return "cosmetic", "an example (it shows a rule stated elsewhere)", {}
    if _NOT_ALL.search(text):
        return "cosmetic", "says that not all clues are given (no negative constraint: the default)", {}
    if re.fullmatch(r"\(?(https?://|www\.)\S+", text):
        return "cosmetic", "a link", {}
    if _REPEAT_ON_LINES.match(text) and _lines_may_repeat(rules):
        return "explains", "restates the drawn lines' rule (digits may repeat on them)", {}
    for name, (keys, pattern) in COMMUNITY_RULES.items():
        if re.search(pattern, text) and any(rules.get(k) for k in keys):
            rest = " ".join(re.sub(pattern, " ", text).split())
            if name in _REPEATING:  # digits may repeat on such a line: its own rule
                rest = re.sub(
                    r"\b(may|can) repeat (on|along|in|within) (a|an|the|each|any) line\b", " ", rest
                )
            change = _change(rest)
            if change:
                return "refused", f"changes a rule ({change!r})", {}
            return "explains", f"explains the drawn {name}", {}
    if dot_rule(text) and rules.get("relations"):
        return "explains", "explains the drawn dots of its colour (relations)", {}
    for key, (pattern, name) in GLOBAL_RULES.items():
        if re.search(pattern, text):
            change = _change(re.sub(pattern, " ", text))
            if change:
                return "refused", f"changes a rule ({change!r})", {}
            return "rule", name, {key: True}
    if re.search(PARITY_RUNS, text) and not _change(re.sub(PARITY_RUNS, " ", text)):
        if side is None or side > 9:
            return "refused", "states a rule of parity runs, read on grids up to 9x9", {}
        return "rule", "no three cells in a row of one parity (rows and columns)", parity_runs(side)
    change = _change(text)
    if change:
        return "refused", f"changes a rule ({change!r})", {}
    if re.search(r"\b(dots?|kropki)\b", text):  # "exactly 1 greater than": the dot's rule
        text = " ".join(_KROPKI_EXACT.sub(" ", text).split())
    no_rule_word = not _RULE_WORDS.search(text)
    if no_rule_word and (not _rule_named(text) or (_COSMETIC.search(text) and len(text) < 200)):
        return "cosmetic", "states no rule", {}
    plain = _LABEL.sub("", text).rstrip(".!:; ")
    if any(re.search(p, plain) or re.search(p, text.rstrip(".!:; ")) for p in _STANDARD):
        pairs = [(int(a), int(b)) for a, b in re.findall(r"\b(\d+) ?x ?(\d+)\b", text)]
        digits = {int(m[-1]) for m in re.findall(_DIGITS_ONCE, text) if m[-1].isdigit()}
        digits |= {int(m[-1]) for m in re.findall(rf"\bwith {_ONE_TO}$", text.rstrip(".!:; "))}
        sizes = [a == b == side or a * b == side for a, b in pairs]  # the grid, or a box of it
        if side is not None and (digits - {side} or not all(sizes)):
            return "refused", f"states standard rules for another size than this {side}x{side} grid", {}
        units = re.search(r"\b(rows?|columns?)\b", text)
        named_boxes = re.search(
            r"\b(box|boxes|region|regions|nonets?|blocks?|\d+ ?x ?\d+|areas?|shapes?|pieces?)\b", text
        )
        if units and not named_boxes:
            if boxes is False:
                return "standard", "rows and columns (no boxes)", {}
            return "refused", "names rows and columns but no boxes (a Latin square?)", {}
        if boxes is False:
            return "refused", "states sudoku rules, but the grid as read has no boxes or regions", {}
        return "standard", "standard rules", {}
    negative = _NEGATIVE.search(text)
    if negative and not re.search(r"\bnot all\b", text):
        flags = {}
        if re.search(r"\bxv\b|\bx\b[^.]*\bv\b|\bx(e?s|'s)? and v", text):
            flags["all_xv_given"] = True
        elif re.search(r"\bv'?s?\b", text) and not re.search(r"\b(x'?s?|xes)\b", text):
            flags["all_v_given"] = True  # every V is shown; an X may be missing
        elif re.search(r"\b(x'?s?|xes)\b", text) and not re.search(r"\bv'?s?\b", text):
            flags["all_x_given"] = True
        if re.search(r"\bdots?\b|kropki", text):
            both = "kropki" in text or not re.search(r"\b(white|black)\b", text)
            flags.update({f"all_{c}_given": True for c in ("white", "black") if both or c in text})
        if not flags:
            return "refused", "states a negative constraint the package does not model", {}
        return "rule", "negative constraint: " + ", ".join(flags), flags
    drawn = [(name, keys) for name, (keys, pattern) in DRAWN_RULES.items() if re.search(pattern, text)]
    if any(name == "x_sums" for name, _ in drawn):  # "the first X digits": not an X of XV
        drawn = [(name, keys) for name, keys in drawn if name != "xv"]
    if {"quadruples", "kropki"} <= {name for name, _ in drawn} and re.search(
        r"\b(four|surrounding|adjacent) cells\b", text
    ):  # a quadruple's white circle, not a Kropki dot
        drawn = [(name, keys) for name, keys in drawn if name != "kropki"]
    if (
        {"less", "arrows"} <= {name for name, _ in drawn}
        and re.search(r"\barrows? (facing|pointing) (out|in)wards?\b", text)
        and re.search(
            r"\b(greater|larger|less|smaller|higher|lower) than (all|each|every)\b|\b(minimum|maximum)", text
        )
    ):  # the arrows of minimum and maximum cells, not arrow sums
        drawn = [(name, keys) for name, keys in drawn if name != "arrows"]
    if drawn and drawn[0][0] == "little_killers":
        drawn = drawn[:1]
    else:
        found_text = [(key, name) for key, (pattern, name) in TEXT_RULES.items() if re.search(pattern, text)]
        if found_text:
            if len(found_text) > 1 or drawn:
                return "refused", "states several rules in one sentence", {}
            key, name = found_text[0]
            if key == "diagonals" and re.search(r"\b(positive|negative|anti|one|single)[- ]diagonal\b", text):
                return "refused", "states a rule on one diagonal", {}
            return "rule", name, {key: True}
    if drawn:
        for name, _ in drawn:
            variant = re.search(VARIANTS.get(name, r"$^"), text)
            if variant:
                return "refused", f"states a variant of {name.replace('_', ' ')} ({variant[0]!r})", {}
        missing = [name for name, keys in drawn if not any(rules.get(k) for k in keys)]
        if missing:
            names = ", ".join(n.replace("_", " ") for n in missing)
            return "refused", f"states a rule of {names}, which the puzzle does not draw (as read)", {}
        return "explains", "explains the drawn " + ", ".join(n.replace("_", " ") for n, _ in drawn), {}
    if re.search(r"\bdiagonal", text):
        return "refused", "states a rule on diagonals the package cannot tell", {}
    if _GIVENS_NOTE.fullmatch(text.rstrip(".!")):
        return "cosmetic", "says that some digits are given (the givens drawn)", {}
    return "refused", "a sentence the package cannot tell is not a rule", {}


_SAFE = re.compile(
    r"exactly once|once each|(the )?number (in|of) (the|its|a) (circle|cage)|"
    r"\(?\bno negative constraints?\b\)?"
)
_NO = re.compile(r"(\bnot|n't|\bnever|\bcannot|\bno|\bnor|\bwithout)\b[^.,;]{0,25}$|\bnon-?$")
_NO_NEGATIVE = r"(without|there is no|no) (the |a |any )?negative constraints?"
_NOT_ALL_GIVEN = (
    r"not (all|every)\b[^.]{0,60}\b((are|is|have been)( necessarily| necesarilly| always)? )?"
    r"(given|shown|marked|drawn)\b"
)
_NOT_ALL = re.compile(
    rf"^({_NO_NEGATIVE}(,? so |[;:,] ?){_NOT_ALL_GIVEN}|{_NO_NEGATIVE}|{_NOT_ALL_GIVEN})[.!]?$"
)
_BULLET = re.compile(
    r"^(([-+*\u2022\u2013]+|\d+[.)]|\(\d+\)|[a-z][.)]|\[[a-z' -]{1,30}\])\s*|(ie|that is),?\s+)"
)
_LABEL = re.compile(r"^[a-z][a-z' /-]{0,30}:\s*")
_GIVENS_NOTE = re.compile(
    r"(some|a few|several) (digits|numbers) (are|have been) (already )?(given|placed|filled in)"
    r"( in the grid)?"
)
"""A sentence saying only that some digits are given: the givens the link draws."""


_KROPKI_EXACT = re.compile(
    r"\bexactly (1|one) (greater|more|larger|bigger|higher|less|smaller|lower) than\b|"
    r"\bexactly (double|twice|half)\b"
)
"""A Kropki dot's own rule, stated with "exactly" ("the value in one cell is exactly 1
greater than the value of the other", "exactly double"): safe in a sentence about dots."""
_ARROW_REPEAT = re.compile(
    r"\b(may|can|could|are allowed to) repeat( (along|on|in|within) (an |the |each |any )?arrows?)?"
    r"( (if|when|where) (allowed|permitted) by (the )?(other |sudoku |normal |standard )*rules)?"
)
"""Digits repeating on an arrow where no unit forbids it: the arrow's own rule
(:class:`~sudoku_cp.model.rules.Arrow`), safe in a sentence naming arrows and no other
drawn rule."""


def _change(text: str) -> str:
    """The first word of :data:`CHANGES` in a sentence (lower case), or ``""``; a
    repetition is a change unless it is denied ("digits cannot repeat"), or restates the
    arrows' own rule in a sentence about arrows alone ("digits may repeat along an arrow if
    permitted by other rules"). "Exactly" stating a Kropki dot's rule is no change.

    >>> _change("digits may repeat along an arrow if permitted by other rules.")
    ''
    >>> _change("digits may repeat in cages and along arrows.")
    'repeat'
    >>> _change("a black dot between two cells requires that one value is exactly double the other.")
    ''
    """
    plain = _SAFE.sub(" ", text)
    if re.search(r"\b(dots?|kropki)\b", plain):
        plain = _KROPKI_EXACT.sub(" ", plain)
    drawn = [name for name, (_, pattern) in DRAWN_RULES.items() if re.search(pattern, plain)]
    if drawn == ["arrows"] and not re.search(r"\b(lines?|cages?|thermo\w*|circles? (is|are) not)\b", plain):
        plain = _ARROW_REPEAT.sub(" ", plain)
    for pattern in CHANGES:
        found = re.search(pattern, plain)
        if found:
            return found[0].strip()
    for found in re.finditer(r"\brepeat\w*|\brepetition", plain):
        if not _NO.search(plain[: found.start()]):
            return found[0]
    return ""


def _rule_named(text: str) -> bool:
    return any(re.search(p, text) for p, _ in TEXT_RULES.values()) or any(
        re.search(p, text) for _, p in DRAWN_RULES.values()
    )


_TRUE = (True, "true", "True", "TRUE", "yes", "Yes", "t", 1)
_FALSE = (False, "false", "False", "FALSE", "no", "No", "f", 0, None, "")


def flag_value(value: Any) -> bool | None:
    """``True`` or ``False`` for the ways links write a flag (``true``, ``"true"``,
    ``"yes"``, ``1``...), ``None`` for anything else (which the readers refuse).

    >>> flag_value("yes"), flag_value(False), flag_value("maybe")
    (True, False, None)
    """
    if isinstance(value, (list, dict, float)):
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    return None


def settled(
    record: dict[str, Any], account: Account, text: str, ignore: Iterable[str], keys: Iterable[str]
) -> dict[str, Any]:
    """Settle a reader's account (:meth:`Account.settle`) and keep it in the record's
    ``read`` key (and ``ignore`` in ``ignored``): the one check every link reader ends with."""
    ignore = list(ignore)
    side = record.get("size") if isinstance(record.get("size"), int) else None
    boxes = bool(record.get("box")) or bool(record["rules"].get("regions"))
    title = record.get("title") if isinstance(record.get("title"), str) else ""
    record["read"] = account.settle(record["rules"], text, ignore, keys, side, boxes, title)
    if ignore:
        record["ignored"] = ignore
    return record


# -- the account --------------------------------------------------------------------------------


class Account:
    """What a reader read of one link: rows ``{"element", "read as", "reason"}`` in
    order, and the refused elements.

    Args:
        app: the link's app, first in every message (``"f-puzzles"``, ``"SudokuPad"``).
    """

    def __init__(self, app: str) -> None:
        self.app = app
        self.rows: list[dict[str, str]] = []
        self.refused: list[tuple[str, str]] = []
        self.keys: set[str] = set()
        self.colours: dict[str, set[str]] = {}
        self.dot_rules: list[tuple[str, list[list[list[int]]], str]] = []
        """The dots a reader read by a rule the rules text states (:func:`dot_rule`):
        ``(predicate, pairs, colour word)``; "all dots are given" (or "all blue squares are
        given") then forbids it between other neighbours."""
        """The colour families a reader drew each rule's elements in (``{"thermos":
        {"grey"}}``): a sentence naming a colour for a rule of the whole kind is read only
        when that kind is drawn in that colour alone."""

    def rule(self, element: str, read_as: str, reason: str = "") -> None:
        """Record an element read as a rule (``read_as`` names it)."""
        self.rows.append({"element": element, "read as": read_as, "reason": reason})

    def cosmetic(self, element: str, reason: str) -> None:
        """Record an element that holds no rule, and why."""
        self.rows.append({"element": element, "read as": "cosmetic", "reason": reason})

    def overrule(self, element: str, why: str) -> None:
        """Take back what ``element`` was read as (its rows) and refuse it (:meth:`refuse`):
        a reading found unsure once the other elements were read."""
        self.rows = [row for row in self.rows if row["element"] != element]
        self.refuse(element, why)

    def refuse(self, element: str, why: str) -> None:
        """Record an element the package cannot read for sure; :meth:`settle` raises
        :class:`~sudoku_cp.errors.UnsupportedRuleError` unless ``ignore`` names it."""
        self.rows.append({"element": element, "read as": "refused", "reason": clip(why, 300)})
        self.refused.append((element, clip(why, 300)))

    def negative_dots(self, side: int, colour: str = "") -> list[dict[str, Any]]:
        """The relations "all dots are given" adds when the dots read are those of
        :attr:`dot_rules` (of the colour word ``colour`` only, if given): for each rule, no two
        orthogonal neighbours without its dot satisfy it."""
        out = []
        for predicate in dict.fromkeys(p for p, _, c in self.dot_rules if c == colour or not colour):
            out.append(
                self.negative_relation(side, predicate, [q for p, q, _ in self.dot_rules if p == predicate])
            )
        return out

    @staticmethod
    def negative_relation(side: int, predicate: str, marked: list[list[list[list[int]]]]) -> dict[str, Any]:
        """The relation ``not (predicate)`` on every two orthogonal neighbours but the ``marked`` pairs."""
        dotted = {tuple(sorted(map(tuple, pair))) for pairs in marked for pair in pairs}
        pairs = [
            [[r, c], [r + dr, c + dc]]
            for r in range(side)
            for c in range(side)
            for dr, dc in ((0, 1), (1, 0))
            if r + dr < side and c + dc < side and ((r, c), (r + dr, c + dc)) not in dotted
        ]
        return {"pairs": pairs, "predicate": f"not ({predicate})"}

    def key(self, name: str) -> None:
        """Record that the top-level key ``name`` of the link's data was read (by a row)."""
        self.keys.add(name)

    def settle(
        self,
        rules: dict[str, Any],
        rules_text: str = "",
        ignore: Iterable[str] = (),
        data_keys: Iterable[str] = (),
        side: int | None = None,
        boxes: bool | None = None,
        title: str = "",
    ) -> list[dict[str, str]]:
        """Read the rules text into ``rules`` (:func:`read_sentence`), check every key of
        ``data_keys`` was read, and refuse what was not read.

        Args:
            rules: the record's rules read from the drawing; the rules stated in the text
                are added.
            rules_text: the link's rules text.
            ignore: element names (``"sentence 3"``, ``"line 2"``) to solve without:
                their refusals are recorded as ``ignored`` rows.
            data_keys: the top-level keys present in the link's data; one with no row is
                refused (a reader that skips a key cannot go unnoticed).
            side: the grid's side; boxes: whether it has boxes or regions (see
                :func:`read_sentence`).
            title: the puzzle's title: one naming a rule of :data:`TEXT_RULES` that is not
                read ("Anti-King Killer") is refused.

        Returns:
            The rows.

        Raises:
            UnsupportedRuleError: an element or a sentence refused and not ignored, each
                named (sentences quoted), in order.
            InvalidPuzzleError: ``ignore`` names an element the link does not have.
        """
        from sudoku_cp.errors import InvalidPuzzleError

        for name in data_keys:
            if name not in self.keys:
                self.refuse(f"key {clip(name, 40)!r}", "a key of the puzzle data the package does not read")
        found = sentences(rules_text) if isinstance(rules_text, str) else []
        if len(found) > MAX_SENTENCES:
            self.refuse("rules text", f"{len(found)} sentences; at most {MAX_SENTENCES} are read")
            found = []
        thermo_colours = self.colours.get("thermos", set())
        slow = [
            s
            for s in found
            if re.search(SLOW_THERMO, s.lower())
            and {w.lower().replace("gray", "grey") for w in _COLOUR_WORD.findall(s)} <= thermo_colours
            and len(_COLOUR_WORD.findall(s)) <= (len(thermo_colours) == 1)
        ]  # with a colour word: every thermometer is drawn in that colour
        if slow and rules.get("thermos") and not rules.get("slow_thermos"):  # "increase or stay the same"
            rules["slow_thermos"] = rules.pop("thermos")
            self.rule("thermometers", "slow thermometers", f'"{clip(slow[0])}"')
        rellik = [s for s in found if re.search(RELLIK, s.lower())]
        cages = rules.get("cages") or []
        other = [s for s in found if re.search(r"\bcages?\b|killer", s.lower()) and s not in rellik]
        if rellik and cages and not other and all(c.get("sum") is not None for c in cages):
            rules["rellik_cages"] = [{"cells": c["cells"], "sum": c["sum"]} for c in rules.pop("cages")]
            self.rule("cages", "rellik cages", f'"{clip(rellik[0])}"')
        drawn = dict(rules)
        lowered = " ".join(rules_text.lower().split()) if isinstance(rules_text, str) else ""
        for number, sentence in enumerate(found, 1):
            element = f"sentence {number}"
            read = sentence
            if number > 1 and _ANAPHORIC.match(sentence.lower()):  # "All such pairs are given."
                read = f"{found[number - 2]} {sentence}"  # read with the sentence it points back to
            status, what, added = read_sentence(read, drawn, side, boxes)
            if (
                status == "rule"
                and what.startswith("negative constraint")
                and not _DOT_COLOUR.search(read)
                and "kropki" not in read.lower()
            ):
                # "All possible dots are given": the dots the rules define ("a white dot ...")
                named = {
                    f"all_{c}_given" for c in ("white", "black") if re.search(rf"\b{c} (dot|circle)", lowered)
                }
                dots = {"all_white_given", "all_black_given"}
                if named and dots <= set(added):
                    added = {k: v for k, v in added.items() if k not in dots - named}
                    what = "negative constraint: " + ", ".join(added)
                elif not named and self.dot_rules and side and dots <= set(added) and set(added) == dots:
                    added = {"relations": self.negative_dots(side)}  # the dots of a stated rule
                    what = "negative constraint: no other neighbours satisfy the rule of the dots"
            plain = " ".join(read.lower().split())
            colours = {
                c
                for _, _, c in self.dot_rules
                if re.fullmatch(
                    rf"all (the )?(possible )?{re.escape(c)} (dots|circles|squares) (are|have been) "
                    r"(given|shown|marked|drawn)[.!]*",
                    plain,
                )
            }
            if status == "refused" and len(colours) == 1 and side:
                colour = colours.pop()  # "All blue squares are given": the marks of that colour's rule
                status, added = "rule", {"relations": self.negative_dots(side, colour)}
                what = f"negative constraint: no other neighbours satisfy the rule of the {colour} marks"
            quoted = f'"{clip(sentence)}"'
            if status == "refused":
                self.refuse(element, f"{quoted} {what}")
            elif status == "rule":
                for key, value in added.items():
                    if isinstance(value, list) and isinstance(rules.get(key), list):
                        rules[key] = rules[key] + value  # general rules: one list of every clue
                    else:
                        rules.setdefault(key, value)
                self.rule(element, what, quoted)
            elif status == "explains":
                self.rule(element, what, quoted)
            elif status == "standard":
                self.rows.append({"element": element, "read as": what, "reason": quoted})
            else:
                self.cosmetic(element, f"{quoted} {what}")
        xv_dots = [q for p, q, _ in self.dot_rules if set(p.split(" or ")) <= _XV_PARTS]
        if rules.get("all_xv_given") and xv_dots and side:  # dots that are an X or a V: not other pairs
            del rules["all_xv_given"]
            marked = [rules.get("x", []), rules.get("v", []), *xv_dots]
            rules.setdefault("relations", []).append(
                self.negative_relation(side, "a+b==10 or a+b==5", marked)
            )
            self.rule(
                "all X and V given", "negative constraint", "the dots that are an X or a V count as given"
            )
        lowered = " ".join(title.lower().split())[:200]
        for key, (pattern, name) in TEXT_RULES.items():  # "Anti-King Killer" without anti-king
            if re.search(pattern, lowered) and not rules.get(key):
                self.refuse("title", f"{clip(title, 60)!r} names {name}, which the puzzle does not carry")
                break
        else:
            variant = _TITLE_VARIANTS.search(lowered)
            read = [p for _, (keys, p) in COMMUNITY_RULES.items() if any(rules.get(k) for k in keys)]
            if variant and not any(re.search(p, variant[0] + lowered[variant.end() :]) for p in read):
                self.refuse("title", f"{clip(title, 60)!r} names a variant rule ({variant[0]!r})")
        wanted = list(dict.fromkeys(ignore))
        names = {row["element"] for row in self.rows}
        unknown = [name for name in wanted if name not in names and name != "published solution"]
        if unknown:
            raise InvalidPuzzleError(
                f"{self.app}: ignore names {', '.join(repr(clip(n, 40)) for n in unknown[:5])}, which the "
                f"link does not have (its elements: {clip(', '.join(sorted(names)), 200)})"
            )
        left = [(element, why) for element, why in self.refused if element not in wanted]
        for row in self.rows:
            if row["read as"] == "refused" and row["element"] in wanted:
                row["read as"] = "ignored"
        if left:
            shown = "; ".join(
                f"{element}: {why}" if element.startswith("sentence") else f"{element} {why}"
                for element, why in left[:8]
            )
            more = f"; and {len(left) - 8} more" if len(left) > 8 else ""
            raise UnsupportedRuleError(
                f"{self.app}: {_sentence_form(shown)}{more} - not solved without it "
                f"(read it yourself, then pass ignore=[{', '.join(repr(e) for e, _ in left[:3])}] "
                "to solve without it; CLI: sudoku-cp read LINK --ignore ELEMENT --solve)",
                elements=tuple(e for e, _ in left),
                rows=tuple(self.rows),
            )
        return self.rows


_DOT_COLOUR = re.compile(r"\b(white|black)\b", re.IGNORECASE)
_ANAPHORIC = re.compile(r"^[-*\u2022 ]*all (such|these|those|of them|of these|of those)\b")
"""A sentence pointing back to the one before ("All such pairs are given."): read with it."""

_COLOUR_WORD = re.compile(
    r"\b(grey|gray|green|blue|red|yellow|orange|purple|pink|black|white|brown|teal|cyan|lavender|peach)\b",
    re.IGNORECASE,
)

_TITLE_VARIANTS = re.compile(
    r"\bslow thermo|\bnegator|nosferatu|entrop|\bmodular|\bzipper|\bclone|\bdoubler|\bdecoy|"
    r"\bfog of war|\bchaos construction|\byin[- ]yang|hot ?/ ?cold|\bmagic square|\bsnake\b|\bindexer|"
    r"\bwrogn|\bliar|\bschrodinger|\bdutch flat|\bthermal"
)
"""Variant names that, in a title, mean a rule no drawing shows."""


def _sentence_form(text: str) -> str:
    return re.sub(r"\bsentence (\d+): ", r"sentence \1 of the rules text ", text)
