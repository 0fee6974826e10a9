"""The rules of a variant in plain English, as a certificate prints them.

Every parameter of the rule model becomes a sentence, and every reading of RULES.md that the
variant relies on is stated beside the rule it fixes: a commission certifies the words, so
the words must come from the same object the figures were computed from.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import NineTenElevenRules, Rules, SevenHalfRules


@dataclass(frozen=True, slots=True)
class RuleClause:
    title: str
    text: str
    readings: tuple[str, ...] = ()
    """Each starts with "Reading:": where the source admits two readings, the one certified."""

    @property
    def full_text(self) -> str:
        return " ".join((self.text, *self.readings))


@dataclass(frozen=True, slots=True)
class PayLine:
    bet: str
    hand: str
    pays: str


def total(value: Fraction) -> str:
    """A Seven-and-a-Half total as players say it: 7½, 5½, ½, 6."""
    whole, rest = divmod(Fraction(value), 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return str(value)


def odds(value: Fraction) -> str:
    """A payout as "k to 1": the net win per unit staked."""
    value = Fraction(value)
    return f"{value.numerator} to {value.denominator}"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _span(totals: tuple[int, ...]) -> str:
    if len(totals) > 2 and list(totals) == list(range(totals[0], totals[-1] + 1)):
        return f"{totals[0]} to {totals[-1]}"
    return _joined([str(t) for t in totals]).replace(" and ", " or ")


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def describe_rules(rules: Rules) -> list[RuleClause]:
    if isinstance(rules, SevenHalfRules):
        body = _seven_half(rules)
    elif isinstance(rules, NineTenElevenRules):
        body = _nine_ten_eleven(rules)
    else:
        raise TypeError(f"not a rule variant: {type(rules).__name__}")
    decks = "one deck" if rules.decks == 1 else f"{rules.decks} decks"
    basis = [
        RuleClause("Units", "Every amount is in units of the player's initial wager (the ante or "
                   'main bet = 1). "Pays k to 1" means the player keeps the stake and wins k more '
                   "(a net result of +k)."),
        RuleClause("Basis of the analysis", f"One player against the house, with {decks} "
                   "shuffled before every round. Other players' cards are unseen and random, so "
                   "they do not change the player's expectation while the strategy ignores them."),
    ]
    closing = [
        RuleClause("Equal choices", "Where two player decisions give exactly the same expected "
                   "value on the bet being optimised, the player takes the one that is better for "
                   "the round's other bets, and if still equal, the one with the smaller total "
                   "wager. This fixes the element of risk and the side-bet figures."),
        RuleClause("Win, push and loss", "A round is a win, a push or a loss by the sign of its "
                   "total net result; a fold is a loss. A negative house edge is a player "
                   "advantage, and this certificate says so wherever one occurs."),
    ]
    return [*basis, *body, *closing]


def describe_paytable(rules: Rules) -> list[PayLine]:
    """The pay lines of the variant, each with its payout in "k to 1" form."""
    if isinstance(rules, NineTenElevenRules):
        p = rules.payouts
        return [
            PayLine("Main", "Qualifying hand above the die, or the die shows WIN", odds(p.main_win)),
            PayLine("Main", "Qualifying hand equal to the die", "push"),
            PayLine("Bonus", "Straight flush (2-3-4 of one suit)", odds(p.bonus_straight_flush)),
            PayLine("Bonus", "Trips (3-3-3)", odds(p.bonus_trips)),
            PayLine("Bonus", "Straight (2-3-4)", odds(p.bonus_straight)),
            PayLine("Bonus", "Flush (three of one suit)", odds(p.bonus_flush)),
            PayLine("Dice match", "Qualifying hand's value equals the die", odds(p.dice_match)),
            PayLine("Dice match", "Die shows WIN", "push"),
        ]
    p = rules.payouts
    lines = [PayLine("Ante" + (" and final bet" if rules.final_bet else ""), "Winning hand",
                     odds(p.win))]
    if p.seven_and_half is not None:
        lines.append(PayLine("Ante", "Winning 7½", odds(p.seven_and_half)))
    if p.natural is not None:
        lines.append(PayLine("Ante", "Winning 7½ in two cards (reale)", odds(p.natural)))
    if p.triple is not None and rules.special_card == "wild":
        lines.append(PayLine("Ante", "Winning 7 and the matta (triplé)", odds(p.triple)))
    if rules.special_card == "kd_first_card" and p.kd_first_card is not None:
        lines.append(PayLine("Ante", "First card the king of diamonds", odds(p.kd_first_card)))
    if rules.shoot_seven and p.shoot_seven is not None:
        lines.append(PayLine("Ante", "Shot seven making 7½", odds(p.shoot_seven)))
    if p.dealer_natural_collects is not None:
        lines.append(PayLine("Ante", "Dealer's reale (collects from each player still in)",
                             f"loses {total(p.dealer_natural_collects)}"))
    lines.append(PayLine("Ante", "Equal totals", "push" if rules.ties == "push" else "loses"))
    return lines


def _seven_half(r: SevenHalfRules) -> list[RuleClause]:
    p = r.payouts
    deck = "one 40-card deck" if r.decks == 1 else f"{r.decks} decks of 40 cards"
    out = [
        RuleClause("Cards", f"The game uses {deck}: ranks A, 2, 3, 4, 5, 6, 7, J, Q and K in four "
                   "suits. An ace counts 1, 2 to 7 count their face value, and J, Q and K count "
                   "½. Totals are multiples of ½; a total over 7½ is a bust."),
    ]
    if r.special_card == "wild":
        out.append(RuleClause("The matta", "The king of diamonds is the matta (wild card): worth "
                              "½ or any whole number from 1 to 7, chosen at the end to give the "
                              "hand its best total. A hand holding the matta busts only if its "
                              "other cards already exceed 7, and the dealer applies its drawing "
                              "rule to that best total. The matta alone counts 7."))
    elif r.special_card == "kd_first_card":
        readings = {3: ("Reading: \"wins triple the ante bet\" is paid 3 to 1 on the ante.",),
                    2: ('Reading: "paid double their bet" is paid 2 to 1.',)}
        out.append(RuleClause(
            "King of diamonds", "The king of diamonds is worth 7½ as a hand's first card and ½ "
            "as any later card, for either side. A player whose first card is the king of "
            f"diamonds shows it at once and is paid {odds(p.kd_first_card)} on the ante; that "
            "player's round ends. A dealer whose first card is the king of diamonds wins every "
            "ante at once.", readings.get(p.kd_first_card, ())))
    else:
        out.append(RuleClause("No special card", "There is no wild or special card: the king "
                              "of diamonds counts ½ like any other figure."))
    seen = "face up: the player sees it before acting" if r.dealer_upcard_visible else (
        "face down: the player acts without seeing it")
    out.append(RuleClause("The deal", f"The player receives one card face down; the dealer "
                          f"receives one card {seen}."))
    if r.final_bet:
        bet = (f"places a final bet of {total(r.final_bet_min)} to {total(r.final_bet_max)} "
               "times the ante")
        first = ("either folds, losing the ante, or " + bet) if r.fold_allowed else bet
        out.append(RuleClause(
            "Fold or final bet", f"After seeing the first card the player {first}. The final "
            "bet and the choice to stand or draw are made together, after the player has seen "
            "its own card" + (" and the dealer's upcard." if r.dealer_upcard_visible else "."),
            ("Reading: the minimum final bet is one ante.",) if r.final_bet_min == 1 else ()))
    elif r.fold_allowed:
        out.append(RuleClause("Fold", "After seeing the first card the player may fold, losing "
                              "the ante."))
    else:
        out.append(RuleClause("Wager", "The ante is the only wager: the player neither folds "
                              "nor raises."))
    if r.player_max_cards == 2:
        draw = "The player then stands or draws exactly one more card, face up."
    elif r.player_max_cards is None:
        draw = "The player draws as many cards as it likes, one at a time; a hand at 7½ stands."
    else:
        draw = f"The player draws one card at a time, up to {_cards(r.player_max_cards)} in all."
    out.append(RuleClause("Player's draw", f"{draw} A player's hand over 7½ loses at once, "
                          "every wager on it, before the dealer plays."))
    out.extend(_seven_half_options(r))
    dealer = (f"The dealer draws while its total is below {total(r.dealer_stands_at)} and stands "
              f"at {total(r.dealer_stands_at)} or more; ")
    if r.dealer_max_cards == 2:
        dealer += "the dealer never takes a third card."
    elif r.dealer_max_cards is None:
        dealer += "there is no limit on the number of cards it takes."
    else:
        dealer += f"the dealer never holds more than {_cards(r.dealer_max_cards)}."
    dealer += " A dealer bust pays every player still in."
    dealer_readings: tuple[str, ...] = ()
    if r.dealer_stands_at == 6 and r.dealer_max_cards is None:
        # The patent's home version words its rule ambiguously; the regional games leave
        # the bank's drawing free, and a house-banked table needs a fixed rule.
        dealer_readings = (('Reading: "six points or less" with "when the dealer\'s score is '
                            'six points, he can draw no more" means the dealer stands at 6.',)
                           if r.special_card == "kd_first_card" else
                           ("Reading: the source leaves the bank free to draw; a house-banked "
                            "table stands at 6.",))
    out.append(RuleClause("Dealer's play", dealer, dealer_readings))
    if r.dealer_must_reach_7_5_vs_revealed:
        out.append(RuleClause("Against a shown 7½", "A player's 7½ is always shown, and against "
                              "it the dealer draws until it reaches 7½ or busts."))
    out.append(_seven_half_settlement(r))
    return out


def _seven_half_options(r: SevenHalfRules) -> list[RuleClause]:
    out, absent = [], []
    if r.four_exchange_max:
        times = "once" if r.four_exchange_max == 1 else f"up to {r.four_exchange_max} times"
        out.append(RuleClause(
            "Exchanging a four", f"A first card that is a 4 may be exchanged {times}, after the "
            "dealer's card is dealt; the replacement is a new first card, and the returned 4 is "
            "out of play for the round.",
            ('Reading: "placed in the middle of the stock" takes the 4 out of play for the '
             "round.",)))
    else:
        absent.append("exchanging a first-card 4")
    if r.shoot_seven:
        out.append(RuleClause(
            "Shooting a seven", "A first card 7 may be shot: exactly one more card, face down. A "
            f"figure makes 7½ and pays {odds(r.payouts.shoot_seven)}; anything else busts. The "
            "dealer plays the shooter as holding 7½, and ties go to the bank."))
    else:
        absent.append("shooting a seven")
    if r.split_figures:
        out.append(RuleClause(
            "Opening", "A hand whose first two cards are figures may be opened into two "
            "hands, each with its own equal wager, up to "
            f"{r.max_splits} time{'s' if r.max_splits > 1 else ''} a round (Reading: any hand "
            "may open, the first or one formed by opening; the king of diamonds counts as a "
            "figure unless it is the matta). Hands are played in turn, each hand formed by "
            "opening taking its second card when its turn comes, and the dealer plays once "
            "against them all."))
    else:
        absent.append("opening (splitting figures)")
    if absent:
        out.append(RuleClause("Options not offered", f"Not part of this variant: "
                              f"{_joined(absent)}."))
    return out


def _seven_half_settlement(r: SevenHalfRules) -> RuleClause:
    p = r.payouts
    wagers = "the ante and the final bet" if r.final_bet else "the ante"
    text = f"The higher total wins; a win pays {odds(p.win)} on {wagers}."
    if p.seven_and_half is not None:
        text += f" Any winning 7½ pays {odds(p.seven_and_half)}."
    if p.natural is not None:
        text += (f" A winning 7½ in exactly two cards (reale, matta included) pays "
                 f"{odds(p.natural)}.")
    if p.triple is not None and r.special_card == "wild":
        text += f" A winning 7 with the matta (triplé) pays {odds(p.triple)}."
    text += (" Equal totals push." if r.ties == "push" else
             " The bank wins equal totals, so a tied 7½ loses 1.")
    if p.dealer_natural_collects is not None:
        text += (f" The dealer's reale (any two-card 7½) collects "
                 f"{total(p.dealer_natural_collects)} from a player still in, and 1 from a "
                 "player holding a reale or triplé.")
    return RuleClause("Settlement", text)


def _nine_ten_eleven(r: NineTenElevenRules) -> list[RuleClause]:
    p = r.payouts
    deck = "one 36-card deck" if r.decks == 1 else f"{r.decks} decks of 36 cards"
    qualifying = _joined([str(t) for t in r.qualifying_totals])
    die = _joined(list(r.die_faces))
    out = [
        RuleClause("Cards", f"The game uses {deck}: ace to 9 in four suits (no 10, J, Q or K). "
                   "An ace counts 0 or 1, each ace chosen freely; 2 to 9 count face value."),
        RuleClause("Qualifying", "A three-card hand qualifies when some choice of ace values "
                   f"makes its total {qualifying.replace(' and ', ' or ')}; its value is the "
                   "highest such total."),
        RuleClause("Wagers and deal", "The player places the main bet and may add a bonus bet "
                   "and a dice-match bet. Three cards are dealt face up; a qualifying hand "
                   "stands."),
    ]
    if r.buy_allowed:
        out.append(RuleClause("Fold or buy", "A hand that does not qualify is folded, losing the "
                              "main bet, or the player buys a second hand for a bet equal to the "
                              "main bet and receives three more cards."))
    else:
        out.append(RuleClause("No second hand", "A hand that does not qualify loses the main "
                              "bet; buying a second hand is not offered."))
    if r.buy_allowed and r.switch_allowed:
        out.append(RuleClause(
            "Switch", "If neither hand qualifies, the player may have one card of the first "
            "hand switched with one card of the second, or no switch, choosing the switch that "
            "serves best. A hand that still does not qualify loses its bet.",
            ("Reading: a switch is allowed only when neither hand qualifies; if the second hand "
             "qualifies, the first hand loses.",)))
    numbers = {f for f in r.die_faces if f != "WIN"}
    out.append(RuleClause(
        "The die", f"The dealer's score is one roll of a fair {len(r.die_faces)}-sided die with "
        f"faces {die}. Each qualifying hand against the die: WIN pays {odds(p.main_win)}; a die "
        f"below the hand's value pays {odds(p.main_win)}; equal pushes; a die above the hand's "
        "value loses. Both of the player's hands are settled against the same roll.",
        ("Reading: the source states the rule for the 9 and WIN faces; the other number faces "
         "follow the same rule.",) if len(numbers) > 1 else ()))
    if r.bonus_on == "first_hand":
        judged = "the first three cards as dealt"
        reading = ("Reading: the source's \"original bet(s)\" is the first hand as dealt.",)
    else:
        judged = "each final hand"
        reading = ("Reading: the source's \"original bet(s)\" is the final hands.",)
    out.append(RuleClause(
        "Bonus bet", f"Judged on {judged}, and paid only if they total {_span(r.qualifying_totals)}: "
        f"straight flush (2-3-4 of one suit) {odds(p.bonus_straight_flush)}, trips (3-3-3) "
        f"{odds(p.bonus_trips)}, straight (2-3-4) {odds(p.bonus_straight)}, flush (three of one "
        f"suit) {odds(p.bonus_flush)}. Only the highest category applies; anything else loses.",
        reading))
    out.append(RuleClause(
        "Dice-match bet", f"One bet, paid {odds(p.dice_match)} once if any qualifying final "
        "hand's value equals the die. A WIN face pushes every dice-match bet, also that of a "
        "player who folded or did not qualify; anything else loses."))
    out.append(RuleClause(
        "Strategy assumed", "The player's fold, buy and switch decisions maximise the expected "
        "value of the main bet(s); the bonus and dice-match figures are evaluated under that "
        "strategy."))
    return out
