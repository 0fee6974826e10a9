"""The rules of a variant in plain English, as a certificate prints them.

Every parameter of the rule model becomes a sentence, and every reading of RULES.md that the
variant relies on is stated beside the rule it fixes: a commission certifies the words, so
the words must come from the same object the figures were computed from. Each sentence is a
``Phrase``: English as it stands, and said in Italian or Spanish by a document that needs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .labels import reading
from .model import NineTenElevenRules, Rules, SevenHalfRules
from .phrases import N_, Joined, Phrase


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


def odds(value: Fraction) -> Phrase:
    """A payout as "k to 1": the net win per unit staked."""
    value = Fraction(value)
    return Phrase("{numerator} to {denominator}", numerator=str(value.numerator),
                  denominator=str(value.denominator))


def _cards(n: int) -> Phrase:
    return Phrase("1 card") if n == 1 else Phrase("{n} cards", n=n)


def _span(totals: tuple[int, ...]) -> str:
    if len(totals) > 2 and list(totals) == list(range(totals[0], totals[-1] + 1)):
        return Phrase("{low} to {high}", low=str(totals[0]), high=str(totals[-1]))
    return _joined([str(t) for t in totals], "or")


def _joined(items: list, word: str = "and") -> str:
    if len(items) == 1:
        return items[0]
    template = N_("{first} or {last}") if word == "or" else N_("{first} and {last}")
    return Phrase(template, first=Joined(items[:-1], ", "), last=items[-1])


def describe_rules(rules: Rules) -> list[RuleClause]:
    if isinstance(rules, SevenHalfRules):
        body = _seven_half(rules)
    elif isinstance(rules, NineTenElevenRules):
        body = _nine_ten_eleven(rules)
    else:
        raise TypeError(f"not a rule variant: {type(rules).__name__}")
    decks = Phrase("one deck") if rules.decks == 1 else Phrase("{n} decks", n=rules.decks)
    basis = [
        RuleClause(Phrase("Units"), Phrase(
            "Every amount is in units of the player's initial wager (the ante or main bet = 1). "
            '"Pays k to 1" means the player keeps the stake and wins k more (a net result of '
            "+k).")),
        RuleClause(Phrase("Basis of the analysis"), Phrase(
            "One player against the house, with {decks} shuffled before every round. Other "
            "players' cards are unseen and random, so they do not change the player's "
            "expectation while the strategy ignores them.", decks=decks)),
    ]
    closing = [
        RuleClause(Phrase("Equal choices"), Phrase(
            "Where two player decisions give exactly the same expected value on the bet being "
            "optimised, the player takes the one that is better for the round's other bets, and "
            "if still equal, the one with the smaller total wager. This fixes the element of "
            "risk and the side-bet figures.")),
        RuleClause(Phrase("Win, push and loss"), Phrase(
            "A round is a win, a push or a loss by the sign of its total net result; a fold is a "
            "loss. A negative house edge is a player advantage, and this certificate says so "
            "wherever one occurs.")),
    ]
    return [*basis, *body, *closing]


PUSH, LOSES = N_("push"), N_("loses")


def describe_paytable(rules: Rules) -> list[PayLine]:
    """The pay lines of the variant, each with its payout in "k to 1" form."""
    if isinstance(rules, NineTenElevenRules):
        p = rules.payouts
        main, bonus, match = Phrase("Main"), Phrase("Bonus"), Phrase("Dice match")
        return [
            PayLine(main, Phrase("Qualifying hand above the die, or the die shows WIN"),
                    odds(p.main_win)),
            PayLine(main, Phrase("Qualifying hand equal to the die"), Phrase(PUSH)),
            PayLine(bonus, Phrase("Straight flush (2-3-4 of one suit)"), odds(p.bonus_straight_flush)),
            PayLine(bonus, Phrase("Trips (3-3-3)"), odds(p.bonus_trips)),
            PayLine(bonus, Phrase("Straight (2-3-4)"), odds(p.bonus_straight)),
            PayLine(bonus, Phrase("Flush (three of one suit)"), odds(p.bonus_flush)),
            PayLine(match, Phrase("Qualifying hand's value equals the die"), odds(p.dice_match)),
            PayLine(match, Phrase("Die shows WIN"), Phrase(PUSH)),
        ]
    p = rules.payouts
    ante = Phrase("Ante")
    lines = [PayLine(Phrase("Ante and final bet") if rules.final_bet else ante,
                     Phrase("Winning hand"), odds(p.win))]
    if p.seven_and_half is not None:
        lines.append(PayLine(ante, Phrase("Winning 7½"), odds(p.seven_and_half)))
    if p.natural is not None:
        lines.append(PayLine(ante, Phrase("Winning 7½ in two cards (reale)"), odds(p.natural)))
    if p.triple is not None and rules.special_card == "wild":
        lines.append(PayLine(ante, Phrase("Winning 7 and the matta (triplé)"), odds(p.triple)))
    if rules.special_card == "kd_first_card" and p.kd_first_card is not None:
        lines.append(PayLine(ante, Phrase("First card the king of diamonds"), odds(p.kd_first_card)))
    if rules.shoot_seven and p.shoot_seven is not None:
        lines.append(PayLine(ante, Phrase("Shot seven making 7½"), odds(p.shoot_seven)))
    if p.dealer_natural_collects is not None:
        lines.append(PayLine(ante, Phrase("Dealer's reale (collects from each player still in)"),
                             Phrase("loses {amount}", amount=total(p.dealer_natural_collects))))
    lines.append(PayLine(ante, Phrase("Equal totals"),
                         Phrase(PUSH) if rules.ties == "push" else Phrase(LOSES)))
    return lines


def _seven_half(r: SevenHalfRules) -> list[RuleClause]:
    p = r.payouts
    deck = Phrase("one 40-card deck") if r.decks == 1 else Phrase("{n} decks of 40 cards", n=r.decks)
    out = [
        RuleClause(Phrase("Cards"), Phrase(
            "The game uses {deck}: ranks A, 2, 3, 4, 5, 6, 7, J, Q and K in four suits. An ace "
            "counts 1, 2 to 7 count their face value, and J, Q and K count ½. Totals are "
            "multiples of ½; a total over 7½ is a bust.", deck=deck)),
    ]
    if r.special_card == "wild" and (r.player_first_matta, r.dealer_first_matta) == ("wild", "wild"):
        out.append(RuleClause(Phrase("The matta"), Phrase(
            "The king of diamonds is the matta (wild card): worth ½ or any whole number from 1 "
            "to 7, chosen at the end to give the hand its best total. A hand holding the matta "
            "busts only if its other cards already exceed 7, and the dealer applies its drawing "
            "rule to that best total. The matta alone counts 7."),
            _later_matta_readings(r)))
    elif r.special_card == "wild":
        out.append(RuleClause(Phrase("The matta"), Phrase(
            "The king of diamonds is the matta (wild card): dealt after a hand's first card it is "
            "worth ½ or any whole number from 1 to 7, chosen at the end to give the hand its best "
            "total. A hand holding the matta busts only if its other cards already exceed 7, and "
            "the dealer applies its drawing rule to that best total."),
            _later_matta_readings(r)))
        out.append(_first_matta(r))
    elif r.special_card == "kd_first_card":
        readings = {3: (reading("kd_first_card_triple"),), 2: (reading("kd_first_card_double"),)}
        out.append(RuleClause(Phrase("King of diamonds"), Phrase(
            "The king of diamonds is worth 7½ as a hand's first card and ½ as any later card, "
            "for either side. A player whose first card is the king of diamonds shows it at once "
            "and is paid {odds} on the ante; that player's round ends. A dealer whose first card "
            "is the king of diamonds wins every ante at once.", odds=odds(p.kd_first_card)),
            readings.get(p.kd_first_card, ())))
    else:
        out.append(RuleClause(Phrase("No special card"), Phrase(
            "There is no wild or special card: the king of diamonds counts ½ like any other "
            "figure.")))
    deal = (Phrase("The player receives one card face down; the dealer receives one card face "
                   "up: the player sees it before acting.") if r.dealer_upcard_visible else
            Phrase("The player receives one card face down; the dealer receives one card face "
                   "down: the player acts without seeing it."))
    out.append(RuleClause(Phrase("The deal"), deal))
    if r.final_bet:
        low, high = total(r.final_bet_min), total(r.final_bet_max)
        if r.fold_allowed:
            first = Phrase("After seeing the first card the player either folds, losing the ante, "
                           "or places a final bet of {low} to {high} times the ante.", low=low,
                           high=high)
        else:
            first = Phrase("After seeing the first card the player places a final bet of {low} "
                           "to {high} times the ante.", low=low, high=high)
        together = (Phrase("The final bet and the choice to stand or draw are made together, "
                           "after the player has seen its own card and the dealer's upcard.")
                    if r.dealer_upcard_visible else
                    Phrase("The final bet and the choice to stand or draw are made together, "
                           "after the player has seen its own card."))
        out.append(RuleClause(
            Phrase("Fold or final bet"), Joined([first, together]),
            (reading("final_bet_min_one_ante"),) if r.final_bet_min == 1 else ()))
    elif r.fold_allowed:
        out.append(RuleClause(Phrase("Fold"), Phrase(
            "After seeing the first card the player may fold, losing the ante.")))
    else:
        out.append(RuleClause(Phrase("Wager"), Phrase(
            "The ante is the only wager: the player neither folds nor raises.")))
    if r.player_max_cards == 2:
        draw = Phrase("The player then stands or draws exactly one more card, face up.")
    elif r.player_max_cards is None:
        draw = Phrase("The player draws as many cards as it likes, one at a time; a hand at 7½ "
                      "stands.")
    else:
        draw = Phrase("The player draws one card at a time, up to {cards} in all.",
                      cards=_cards(r.player_max_cards))
    out.append(RuleClause(Phrase("Player's draw"), Joined([draw, Phrase(
        "A player's hand over 7½ loses at once, every wager on it, before the dealer plays.")])))
    if r.stand_minimum == "upcard":
        matta = ()
        if r.special_card == "wild":
            matta = (Phrase("A matta face-up card counts ½ for it.")
                     if r.stand_minimum_matta == "half" else
                     Phrase("A matta face-up card counts 7 for it."),)
        out.append(RuleClause(
            Phrase("Standing minimum"),
            Joined([Phrase("The player may stand only with a total at least the value of the "
                           "dealer's face-up card; below it the player must ask for another "
                           "card. A player who may take no more cards stands."), *matta]),
            (reading(f"stand_minimum_matta_{r.stand_minimum_matta}"),)
            if r.special_card == "wild" else ()))
    out.extend(_seven_half_options(r))
    stands = total(r.dealer_stands_at)
    dealer = [Phrase("The dealer draws while its total is below {total} and stands at {total} "
                     "or more;", total=stands)]
    if r.dealer_max_cards == 2:
        dealer.append(Phrase("the dealer never takes a third card."))
    elif r.dealer_max_cards is None:
        dealer.append(Phrase("there is no limit on the number of cards it takes."))
    else:
        dealer.append(Phrase("the dealer never holds more than {cards}.",
                             cards=_cards(r.dealer_max_cards)))
    dealer.append(Phrase("A dealer bust pays every player still in."))
    dealer_readings: tuple[str, ...] = ()
    if r.dealer_stands_at == 6 and r.dealer_max_cards is None:
        # The patent's home version words its rule ambiguously; the regional games leave
        # the bank's drawing free, and a house-banked table needs a fixed rule.
        dealer_readings = ((reading("dealer_stands_at_six_points"),)
                           if r.special_card == "kd_first_card" else
                           (reading("house_bank_stands_at_six"),))
    out.append(RuleClause(Phrase("Dealer's play"), Joined(dealer), dealer_readings))
    if r.dealer_must_reach_7_5_vs_revealed:
        out.append(RuleClause(Phrase("Against a shown 7½"), Phrase(
            "A player's 7½ is always shown, and against it the dealer draws until it reaches 7½ "
            "or busts.")))
    out.append(_seven_half_settlement(r))
    return out


def _later_matta_readings(r: SevenHalfRules) -> tuple[str, ...]:
    return (reading("later_matta_best_total"),) if r.stand_minimum == "upcard" else ()


def _first_matta(r: SevenHalfRules) -> RuleClause:
    """A matta dealt as a hand's first card, for the player and for the dealer."""
    player = {
        "wild": Phrase("A matta dealt as the player's first card is wild, as any matta."),
        "half": Phrase("A matta dealt as the player's first card counts ½ for the whole hand, "
                       "and the player must ask for at least one more card."),
        "half_until_next": Phrase("A matta dealt as the player's first card counts ½, and the "
                                  "player must ask for at least one more card; from that card "
                                  "on the matta is wild."),
    }[r.player_first_matta]
    dealer = {
        "wild": Phrase("A matta dealt as the dealer's first card is wild: alone it counts 7."),
        "half": Phrase("A matta dealt as the dealer's first card counts ½ for the whole hand, "
                       "so the dealer draws on it."),
        "half_until_next": Phrase("A matta dealt as the dealer's first card counts ½, so the "
                                  "dealer draws on it; from the dealer's next card on it is "
                                  "wild."),
    }[r.dealer_first_matta]
    readings = []
    if "half" in (r.player_first_matta, r.dealer_first_matta):
        readings.append(reading("first_matta_whole_hand"))
    if "half_until_next" in (r.player_first_matta, r.dealer_first_matta):
        readings.append(reading("first_matta_until_next"))
    return RuleClause(Phrase("The matta as a first card"), Joined([player, dealer]),
                      tuple(readings))


def _seven_half_options(r: SevenHalfRules) -> list[RuleClause]:
    out, absent = [], []
    if r.four_exchange_max:
        times = (Phrase("once") if r.four_exchange_max == 1 else
                 Phrase("up to {n} times", n=r.four_exchange_max))
        out.append(RuleClause(
            Phrase("Exchanging a four"), Phrase(
                "A first card that is a 4 may be exchanged {times}, after the dealer's card is "
                "dealt; the replacement is a new first card, and the returned 4 is out of play "
                "for the round.", times=times),
            (reading("four_exchange_out_of_play"),)))
    else:
        absent.append(Phrase("exchanging a first-card 4"))
    if r.shoot_seven:
        out.append(RuleClause(Phrase("Shooting a seven"), Phrase(
            "A first card 7 may be shot: exactly one more card, face down. A figure makes 7½ "
            "and pays {odds}; anything else busts. The dealer plays the shooter as holding 7½, "
            "and ties go to the bank.", odds=odds(r.payouts.shoot_seven))))
    else:
        absent.append(Phrase("shooting a seven"))
    if r.split_figures:
        times = (Phrase("up to {n} time a round", n=r.max_splits) if r.max_splits == 1 else
                 Phrase("up to {n} times a round", n=r.max_splits))
        out.append(RuleClause(Phrase("Opening"), Phrase(
            "A hand whose first two cards are figures may be opened into two hands, each with "
            "its own equal wager, {times} (Reading: any hand may open, the first or one formed "
            "by opening; the king of diamonds counts as a figure unless it is the matta). Hands "
            "are played in turn, each hand formed by opening taking its second card when its "
            "turn comes, and the dealer plays once against them all.", times=times)))
    else:
        absent.append(Phrase("opening (splitting figures)"))
    if absent:
        out.append(RuleClause(Phrase("Options not offered"), Phrase(
            "Not part of this variant: {options}.", options=_joined(absent))))
    return out


def _seven_half_settlement(r: SevenHalfRules) -> RuleClause:
    p = r.payouts
    text = [Phrase("The higher total wins; a win pays {odds} on the ante and the final bet.",
                   odds=odds(p.win)) if r.final_bet else
            Phrase("The higher total wins; a win pays {odds} on the ante.", odds=odds(p.win))]
    if p.seven_and_half is not None:
        text.append(Phrase("Any winning 7½ pays {odds}.", odds=odds(p.seven_and_half)))
    if p.natural is not None:
        text.append(Phrase("A winning 7½ in exactly two cards (reale, matta included) pays "
                           "{odds}.", odds=odds(p.natural)))
    if p.triple is not None and r.special_card == "wild":
        text.append(Phrase("A winning 7 with the matta (triplé) pays {odds}.", odds=odds(p.triple)))
    text.append(Phrase("Equal totals push.") if r.ties == "push" else
                Phrase("The bank wins equal totals, so a tied 7½ loses 1."))
    if p.dealer_natural_collects is not None:
        text.append(Phrase("The dealer's reale (any two-card 7½) collects {amount} from a player "
                           "still in, and 1 from a player holding a reale or triplé.",
                           amount=total(p.dealer_natural_collects)))
    return RuleClause(Phrase("Settlement"), Joined(text))


def _nine_ten_eleven(r: NineTenElevenRules) -> list[RuleClause]:
    p = r.payouts
    deck = Phrase("one 36-card deck") if r.decks == 1 else Phrase("{n} decks of 36 cards", n=r.decks)
    qualifying = _joined([str(t) for t in r.qualifying_totals], "or")
    die = _joined(list(r.die_faces))
    out = [
        RuleClause(Phrase("Cards"), Phrase(
            "The game uses {deck}: ace to 9 in four suits (no 10, J, Q or K). An ace counts 0 or "
            "1, each ace chosen freely; 2 to 9 count face value.", deck=deck)),
        RuleClause(Phrase("Qualifying"), Phrase(
            "A three-card hand qualifies when some choice of ace values makes its total "
            "{totals}; its value is the highest such total.", totals=qualifying)),
        RuleClause(Phrase("Wagers and deal"), Phrase(
            "The player places the main bet and may add a bonus bet and a dice-match bet. Three "
            "cards are dealt face up; a qualifying hand stands.")),
    ]
    if r.buy_allowed:
        out.append(RuleClause(Phrase("Fold or buy"), Phrase(
            "A hand that does not qualify is folded, losing the main bet, or the player buys a "
            "second hand for a bet equal to the main bet and receives three more cards.")))
    else:
        out.append(RuleClause(Phrase("No second hand"), Phrase(
            "A hand that does not qualify loses the main bet; buying a second hand is not "
            "offered.")))
    if r.buy_allowed and r.switch_allowed:
        out.append(RuleClause(
            Phrase("Switch"), Phrase(
                "If neither hand qualifies, the player may have one card of the first hand "
                "switched with one card of the second, or no switch, choosing the switch that "
                "serves best. A hand that still does not qualify loses its bet."),
            (reading("switch_when_neither_qualifies"),)))
    numbers = {f for f in r.die_faces if f != "WIN"}
    out.append(RuleClause(
        Phrase("The die"), Phrase(
            "The dealer's score is one roll of a fair {sides}-sided die with faces {faces}. Each "
            "qualifying hand against the die: WIN pays {odds}; a die below the hand's value pays "
            "{odds}; equal pushes; a die above the hand's value loses. Both of the player's hands "
            "are settled against the same roll.", sides=str(len(r.die_faces)), faces=die,
            odds=odds(p.main_win)),
        (reading("die_number_faces"),) if len(numbers) > 1 else ()))
    if r.bonus_on == "first_hand":
        judged = Phrase("the first three cards as dealt")
        bonus_reading = (reading("bonus_on_first_hand"),)
    else:
        judged = Phrase("each final hand")
        bonus_reading = (reading("bonus_on_final_hands"),)
    out.append(RuleClause(
        Phrase("Bonus bet"), Phrase(
            "Judged on {judged}, and paid only if they total {span}: straight flush (2-3-4 of "
            "one suit) {straight_flush}, trips (3-3-3) {trips}, straight (2-3-4) {straight}, "
            "flush (three of one suit) {flush}. Only the highest category applies; anything "
            "else loses.", judged=judged, span=_span(r.qualifying_totals),
            straight_flush=odds(p.bonus_straight_flush), trips=odds(p.bonus_trips),
            straight=odds(p.bonus_straight), flush=odds(p.bonus_flush)),
        bonus_reading))
    out.append(RuleClause(Phrase("Dice-match bet"), Phrase(
        "One bet, paid {odds} once if any qualifying final hand's value equals the die. A WIN "
        "face pushes every dice-match bet, also that of a player who folded or did not qualify; "
        "anything else loses.", odds=odds(p.dice_match))))
    out.append(RuleClause(Phrase("Strategy assumed"), Phrase(
        "The player's fold, buy and switch decisions maximise the expected value of the main "
        "bet(s); the bonus and dice-match figures are evaluated under that strategy.")))
    return out

