"""The tables printed in US patent 5,632,489 (seed 000), recounted exactly.

Reading that reproduces the printed numbers (checked row by row below):
- "THE 780 TWO CARD COUNTS": unordered pairs of the 40 cards, C(40, 2) = 780, with the
  king of diamonds counted at 1/2 (its first-card 7 1/2 is not counted); plus the 40 one-card
  hands gives the 820 "ways".
- "DEALER'S HAND ON A ONE OR TWO CARD DRAW": the dealer's cards are removed; the player's
  one- and two-card hands are then counted from the remaining cards (unordered pairs, and
  single cards worth 1 or more; a lone figure is not counted); TIE is the ways with the
  dealer's total over 820; WIN adds the ways below the dealer's total over 820 to the
  player-bust share 216/780; LOSS is the rest. The denominators stay 820 and 780 although
  the dealer's cards are gone, so these are counts, not probabilities of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

# Values in half points; the figures (king of diamonds included) are 1/2.
_DECK = [1] * 12 + [v * 2 for v in range(1, 8) for _ in range(4)]
_NAMES = {"FACE": 1, "ACE": 2, "TWO": 4, "THREE": 6, "FOUR": 8, "FIVE": 10, "SIX": 12, "SEVEN": 14}

PRINTED_COUNTS = [  # (total in half points, printed ways)
    (28, 6), (26, 16), (24, 22), (22, 32), (20, 38), (18, 48), (16, 54), (15, 48), (14, 48),
    (13, 48), (12, 38), (11, 48), (10, 32), (9, 48), (8, 22), (7, 48), (6, 16), (5, 48),
    (4, 6), (3, 48), (2, 66),
]

# (dealer cards, printed WIN %, WIN ways, TIE %, TIE ways, TIE denominator, LOSS %)
PRINTED_DEALER = [
    ("TWO FACE CARDS", ("FACE", "FACE"), "27.69", None, "5.98", 49, 820, "66.33"),
    ("ACE-FACE CARD", ("ACE", "FACE"), "34.76", 58, "4.02", 33, 820, "61.23"),
    ("TWO ACES", ("ACE", "ACE"), "38.91", 92, "0.61", 5, 820, "60.48"),
    ("TWO-FACED CARD", ("TWO", "FACE"), "41.35", 112, "4.02", 33, 820, "54.63"),
    ("ACE-TWO", ("ACE", "TWO"), "45.62", 147, "1.58", 13, 820, "52.80"),
    ("THREE-FACE CARD", ("THREE", "FACE"), "49.15", 176, "4.02", 33, 820, "46.83"),
    ("ACE-THREE", ("ACE", "THREE"), "53.54", 212, "2.32", 19, 820, "44.14"),
    ("TWO TWOS", ("TWO", "TWO"), "53.30", 210, "2.56", 21, 820, "44.14"),
    ("FOUR-FACE CARD", ("FOUR", "FACE"), "57.69", 246, "4.02", 33, 820, "38.29"),
    ("ACE-FOUR", ("ACE", "FOUR"), "61.96", 281, "3.54", 29, 820, "34.50"),
    ("TWO-THREE", ("TWO", "THREE"), "61.96", 281, "3.54", 29, 820, "34.50"),
    ("FIVE-FACE CARD", ("FIVE", "FACE"), "67.45", 326, "4.02", 33, 820, "28.53"),
    ("ACE-FIVE", ("ACE", "FIVE"), "71.71", 361, "4.27", 35, 820, "24.02"),
    ("TWO-FOUR", ("TWO", "FOUR"), "71.71", 361, "4.27", 35, 820, "24.01"),
    ("THREE-THREE", ("THREE", "THREE"), "71.47", 359, "4.51", 37, 820, "24.02"),
    ("SIX", ("SIX",), "76.71", 402, "5.00", 41, 820, "18.29"),
    ("SIX-FACE CARD", ("SIX", "FACE"), "77.93", 412, "4.02", 33, 820, "18.05"),
    ("ACE-SIX", ("ACE", "SIX"), "83.18", 455, "5.49", 45, 820, "11.33"),
    ("TWO-FIVE", ("TWO", "FIVE"), "82.20", 447, "5.49", 45, 820, "12.31"),
    ("THREE-FOUR", ("THREE", "FOUR"), "82.20", 447, "5.49", 45, 820, "12.31"),
    ("SEVEN", ("SEVEN",), "87.69", 492, "6.22", 51, 821, "6.09"),
    ("SEVEN-FACE CARD", ("SEVEN", "FACE"), "89.64", 508, "4.15", 34, 820, "2.5"),
]

PRINTED_BUST = [  # (totals, printed %, printed ways over 780)
    ((16, 18, 20, 22, 24, 26, 28), "27.69", 216),
    ((16, 18, 20, 22, 24), "24.87", 194),
]


@dataclass(frozen=True)
class PatentRow:
    table: str
    row: str
    printed: str
    exact: str
    agrees: bool
    reason: str


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.2f}"


def _same_pct(printed: str, exact: Fraction) -> bool:
    return abs(float(printed) - float(exact) * 100) <= 0.006


def two_card_counts() -> dict[int, int]:
    out: dict[int, int] = {}
    for a, b in combinations(_DECK, 2):
        out[a + b] = out.get(a + b, 0) + 1
    return out


def _counts_table() -> list[PatentRow]:
    exact = two_card_counts()
    rows = []
    for total, printed in PRINTED_COUNTS:
        got = exact.get(total, 0)
        rows.append(PatentRow("780 two-card counts", f"{total / 2:g}", str(printed), str(got),
                              got == printed, "unordered pairs, king of diamonds at 1/2"))
    rows.append(PatentRow("780 two-card counts", "two-card ways", "780", str(sum(exact.values())),
                          sum(exact.values()) == 780, "C(40,2)"))
    return rows


def _bust_rows() -> list[PatentRow]:
    exact = two_card_counts()
    rows = []
    for totals, pct, ways in PRINTED_BUST:
        got = sum(exact[t] for t in totals)
        ok = got == ways and _same_pct(pct, Fraction(got, 780))
        rows.append(PatentRow("player will bust", "+".join(f"{t / 2:g}" for t in totals),
                              f"{pct}% ({ways}/780)", f"{_pct(Fraction(got, 780))}% ({got}/780)", ok,
                              "two-card totals over 7 1/2 among the 780 pairs"))
    return rows


def _dealer_rows() -> list[PatentRow]:
    bust = Fraction(216, 780)
    rows = []
    for name, cards, win_pct, win_ways, tie_pct, tie_ways, tie_den, loss_pct in PRINTED_DEALER:
        rest = list(_DECK)
        for c in cards:
            rest.remove(_NAMES[c])
        d = sum(_NAMES[c] for c in cards)
        pairs = [a + b for a, b in combinations(rest, 2)]
        singles = [v for v in rest if v >= 2]
        below = sum(t < d for t in pairs) + sum(v < d for v in singles)
        equal = sum(t == d for t in pairs) + sum(v == d for v in singles)
        win, tie = Fraction(below, 820) + bust, Fraction(equal, 820)
        loss = 1 - win - tie
        label = f"dealer {d / 2:g} ({name})"
        checks = [
            ("WIN ways", str(win_ways) if win_ways is not None else "(bust only)", str(below),
             (win_ways or 0) == below),
            ("WIN %", win_pct, _pct(win), _same_pct(win_pct, win)),
            ("TIE ways", f"{tie_ways}/{tie_den}", f"{equal}/820", tie_ways == equal and tie_den == 820),
            ("TIE %", tie_pct, _pct(tie), _same_pct(tie_pct, tie)),
            ("LOSS %", loss_pct, _pct(loss), _same_pct(loss_pct, loss)),
        ]
        for what, printed, exact, ok in checks:
            reason = "matches the reading" if ok else _why(what, printed, exact, tie_den)
            rows.append(PatentRow("dealer one or two card draw", f"{label} {what}", printed, exact, ok, reason))
    return rows


def _why(what: str, printed: str, exact: str, tie_den: int) -> str:
    if tie_den != 820 and what == "TIE ways":
        return "printed denominator 821 is a misprint for 820 (the numerator and percentage use 820)"
    try:
        gap = abs(float(printed) - float(exact))
    except ValueError:
        gap = None
    if gap is not None and gap <= 0.011:
        return "off by one in the last digit: rounding (or the LOSS % taken as 100 minus rounded figures)"
    return "the printed count differs from an exact count under this reading"


def patent_tables() -> list[PatentRow]:
    """Every printed figure of the patent's tables with its exact recount."""
    return _counts_table() + _bust_rows() + _dealer_rows()
