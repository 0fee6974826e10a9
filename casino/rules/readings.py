"""A rules sheet's ambiguous sentences and what each reading of them is, as rule changes.

Where a source admits two readings, a variant certifies one (RULES.md's **Reading:**, printed
beside the rule it fixes) and the other must be expressible too. ``ambiguities(rules)`` lists
every point the variant relies on a reading for: the sentence of the source, the reading
certified (the variant as it is) and each alternative as the ``--set`` changes that make the
variant read it that way. The engines price each reading (``certification.odds.readings``),
so a laboratory can tell an operator which sentence of its sheet decides the published return.

A point is listed where ``describe.py`` prints its reading: the same conditions, tested
together (``tests/rules/test_readings.py``). A point whose other reading the rule model cannot
express yet says so (``alternatives`` empty, ``unmodelled`` naming it) rather than guessing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .labels import READINGS
from .model import NineTenElevenRules, Rules, SevenHalfRules
from .phrases import N_, Phrase


@dataclass(frozen=True)
class Alternative:
    label: str
    """The reading in a few words (a Phrase)."""
    changes: dict[str, str] = field(default_factory=dict)
    """``--set`` assignments that turn the variant into this reading (empty: as certified)."""


@dataclass(frozen=True)
class Ambiguity:
    key: str
    """The certified reading's key in ``labels.READINGS``."""
    sentence: str
    """What the source says, quoted (a Phrase)."""
    certified: Alternative
    alternatives: tuple[Alternative, ...] = ()
    unmodelled: str = ""
    """The other reading the rule model cannot express yet, in words (a Phrase)."""

    @property
    def point(self) -> str:
        return Phrase(READINGS[self.key].label)

    @property
    def reading(self) -> str:
        return Phrase(READINGS[self.key].text)


def _as(label: str, **changes: str) -> Alternative:
    return Alternative(Phrase(label), {k.replace("__", "."): v for k, v in changes.items()})


AS_CERTIFIED = N_("as certified")


def ambiguities(rules: Rules) -> list[Ambiguity]:
    """Every point of ``rules`` that rests on a reading of its source, in rule order."""
    if isinstance(rules, SevenHalfRules):
        return _seven_half(rules)
    if isinstance(rules, NineTenElevenRules):
        return _nine_ten_eleven(rules)
    raise TypeError(f"not a rule variant: {type(rules).__name__}")


def _seven_half(r: SevenHalfRules) -> list[Ambiguity]:
    out: list[Ambiguity] = []
    p = r.payouts
    if r.special_card == "wild" and "half" in (r.player_first_matta, r.dealer_first_matta):
        out.append(Ambiguity(
            "first_matta_whole_hand",
            Phrase('"A matta dealt as the first card is worth ½, and the player must then ask '
                   'for at least one more card."'),
            _as(N_("½ for the whole hand")),
            (_as(N_("½ only until the next card, then wild, on both sides"),
                 **{side: "half_until_next" for side in ("player_first_matta", "dealer_first_matta")
                    if getattr(r, side) == "half"}),)))
    if r.special_card == "wild" and "half_until_next" in (r.player_first_matta,
                                                          r.dealer_first_matta):
        out.append(Ambiguity(
            "first_matta_until_next",
            Phrase('"A matta dealt as the first card is worth ½, and the player must then ask '
                   'for at least one more card."'),
            _as(N_("½ only until the next card, then wild")),
            (_as(N_("½ for the whole hand, on both sides"),
                 **{side: "half" for side in ("player_first_matta", "dealer_first_matta")
                    if getattr(r, side) == "half_until_next"}),)))
    if r.stand_minimum == "upcard" and r.special_card == "wild":
        other = "seven" if r.stand_minimum_matta == "half" else "half"
        out.append(Ambiguity(
            f"stand_minimum_matta_{r.stand_minimum_matta}",
            Phrase('"The player may stand only with a total at least the value of the bank\'s '
                   'face-up card."'),
            _as(N_("a matta face-up card counts ½") if other == "seven" else
                N_("a matta face-up card counts 7")),
            (_as(N_("a matta face-up card counts 7") if other == "seven" else
                 N_("a matta face-up card counts ½"), stand_minimum_matta=other),)))
    if r.special_card == "wild" and r.stand_minimum == "upcard":
        out.append(Ambiguity(
            "later_matta_best_total",
            Phrase('"The king of coins is the matta, worth ½ or any whole number 1 to 7."'),
            _as(N_("a later matta gives each hand its best total")),
            unmodelled=Phrase(N_("a matta whose value is declared when it is dealt"))))
    if r.special_card == "kd_first_card" and p.kd_first_card == 3:
        out.append(Ambiguity(
            "kd_first_card_triple", Phrase('"will win triple the ante bet"'),
            _as(N_("paid 3 to 1")),
            (_as(N_("the ante returned three times: paid 2 to 1"), payouts__kd_first_card="2"),)))
    if r.special_card == "kd_first_card" and p.kd_first_card == 2:
        out.append(Ambiguity(
            "kd_first_card_double", Phrase('"paid double their bet"'),
            _as(N_("paid 2 to 1")),
            (_as(N_("the bet returned twice: paid 1 to 1"), payouts__kd_first_card="1"),)))
    if r.final_bet and r.final_bet_min == 1:
        out.append(Ambiguity(
            "final_bet_min_one_ante", Phrase('"The player\'s final bet will equal up to double '
                                             'the ante bet."'),
            _as(N_("a final bet of one to two antes")),
            (_as(N_("any final bet from half an ante"), final_bet_min="1/2"),
             _as(N_("a final bet of exactly two antes"), final_bet_min=_text(r.final_bet_max)))))
    if r.four_exchange_max:
        out.append(Ambiguity(
            "four_exchange_out_of_play", Phrase('"placed in the middle of the stock"'),
            _as(N_("the 4 out of play for the round")),
            unmodelled=Phrase(N_("the 4 back in the stock, to be dealt again later in the "
                                 "round"))))
    if r.dealer_stands_at == 6 and r.dealer_max_cards is None:
        if r.special_card == "kd_first_card":
            out.append(Ambiguity(
                "dealer_stands_at_six_points",
                Phrase('"The dealer must draw a card as long as the face values of his cards '
                       'total six points or less. When the dealer\'s score is six points, he can '
                       'draw no more cards."'),
                _as(N_("the dealer stands at 6")),
                (_as(N_("the dealer draws at 6 and stands at 6½"), dealer_stands_at="13/2"),)))
        else:
            out.append(Ambiguity(
                "house_bank_stands_at_six",
                Phrase(N_("The source leaves the bank free to draw or stand.")),
                _as(N_("a house bank stands at 6")),
                (_as(N_("a house bank stands at 5"), dealer_stands_at="5"),
                 _as(N_("a house bank stands at 7"), dealer_stands_at="7"))))
    return out


def _nine_ten_eleven(r: NineTenElevenRules) -> list[Ambiguity]:
    out: list[Ambiguity] = []
    if r.buy_allowed and r.switch_allowed:
        out.append(Ambiguity(
            "switch_when_neither_qualifies",
            Phrase('"If neither hand qualifies, the player may switch one card of each hand."'),
            _as(N_("a switch only when neither hand qualifies")),
            unmodelled=Phrase(N_("a switch also when the second hand qualifies"))))
    if len({f for f in r.die_faces if f != "WIN"}) > 1:
        out.append(Ambiguity(
            "die_number_faces", Phrase('"the dealer\'s score is one roll of a die with faces 9, 9, '
                                      '9, 10, 11, WIN"'),
            _as(N_("every number face settles as the 9 does")),
            unmodelled=Phrase(N_("the 10 and 11 faces settled otherwise"))))
    other = "final_hands" if r.bonus_on == "first_hand" else "first_hand"
    out.append(Ambiguity(
        f"bonus_on_{r.bonus_on}", Phrase('"the original bet(s)"'),
        _as(N_("the first hand as dealt") if other == "final_hands" else N_("the final hands")),
        (_as(N_("the final hands") if other == "final_hands" else N_("the first hand as dealt"),
             bonus_on=other),)))
    return out


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
