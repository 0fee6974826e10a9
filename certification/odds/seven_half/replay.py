"""A posted Seven-and-a-Half round replayed from its cards and decisions and settled by the
engine's own settlement (``Settlement``, ``hand_total``), to catch a wrong payout.

The deal follows the product's dealing code (certification.protection.rounds.deal_round):
one card to each seat in seat order, one to the dealer, then each seat plays its decisions
in order (exchange, hit, shoot, stand, fold), then the dealer draws the cards left by its
rule. A round the replay cannot follow (cards short or left over, a decision the rules do
not allow, a dealer who drew against its rule) is reported as such, never guessed at.
Openings (split) and final bets are not replayed: such rounds are reported as skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from casino.rules.model import SevenHalfRules
from casino.rules.rounds import Round

from .deck import FIGURE, KD, TARGET, VALUE, card_kind, hand_total
from .settle import Settlement


@dataclass(frozen=True)
class ReplayProblem:
    round_id: str
    field: str
    """Where in the round: ``seats[2].net``, ``cards``, ``seats[0].decisions[1]``."""
    rule: str
    """The rule at stake: a paytable line (``payouts.natural``) or a rule parameter."""
    message: str
    expected: Decimal | None = None
    posted: Decimal | None = None

    def __str__(self) -> str:
        return f"round {self.round_id}, {self.field} ({self.rule}): {self.message}"


@dataclass(frozen=True)
class Replay:
    problems: list[ReplayProblem]
    skipped: str = ""
    """Why the round was not replayed (no cards, an opening or a final bet), else empty."""

    @property
    def settled_right(self) -> bool:
        return not self.problems and not self.skipped


class _CannotFollow(Exception):
    def __init__(self, field: str, rule: str, message: str):
        self.field, self.rule, self.message = field, rule, message


class _Hand:
    def __init__(self, index: int, first: str):
        self.index = index
        self.cards = [first]
        self.folded = False
        self.shot = False
        self.paid_at_once: str | None = None


def replay_round(rules: SevenHalfRules, rnd: Round, settlement: Settlement | None = None) -> Replay:
    """Recompute every seat's net from the round's cards and decisions and compare."""
    if not rnd.cards:
        return Replay([], skipped="no cards posted")
    if any(d in ("split", "final_bet") for s in rnd.seats for d in s.decisions):
        return Replay([], skipped="openings and final bets are not replayed")
    settle = settlement or Settlement(rules)
    try:
        expected = _play(rules, settle, rnd)
    except _CannotFollow as exc:
        return Replay([ReplayProblem(rnd.round_id, exc.field, exc.rule, exc.message)])
    problems = []
    order = sorted(range(len(rnd.seats)), key=lambda i: rnd.seats[i].seat)
    for i in order:
        seat = rnd.seats[i]
        net, rule = expected[i]
        if Decimal(net.numerator) / Decimal(net.denominator) != seat.net:
            want = Decimal(net.numerator) / Decimal(net.denominator)
            problems.append(ReplayProblem(
                rnd.round_id, f"seats[{i}].net", rule,
                f"seat {seat.seat} was paid {seat.net}; by {rule} it nets {want}", want, seat.net))
    return Replay(problems)


def settle_round(rules: SevenHalfRules, rnd: Round, settlement: Settlement | None = None
                 ) -> list[Fraction]:
    """Each seat's net as the engine settles the round's cards and decisions (in the order
    of ``rnd.seats``); ValueError when the round cannot be followed."""
    try:
        return [net for net, _ in _play(rules, settlement or Settlement(rules), rnd)]
    except _CannotFollow as exc:
        raise ValueError(f"{exc.field} ({exc.rule}): {exc.message}") from None


def _stake(seat, index: int) -> Fraction:
    if set(seat.wagers) != {"ante"}:
        raise _CannotFollow(f"seats[{index}].wagers", "bets", "Seven and a Half takes an ante only")
    return Fraction(seat.wagers["ante"])


def _play(rules: SevenHalfRules, settle: Settlement, rnd: Round) -> list[tuple[Fraction, str]]:
    special = rules.special_card
    stock = list(rnd.cards)
    position = 0

    def draw(field: str) -> str:
        nonlocal position
        if position >= len(stock):
            raise _CannotFollow(field, "cards", f"the cards run out at card {position + 1}")
        position += 1
        return stock[position - 1]

    order = sorted(range(len(rnd.seats)), key=lambda i: rnd.seats[i].seat)
    hands = {i: _Hand(i, draw("cards")) for i in order}
    upcard = draw("cards")
    stakes = {i: _stake(rnd.seats[i], i) for i in order}
    if special == "kd_first_card" and upcard == "KD":
        _no_more_cards(stock, position)
        return [(-stakes[i], "special_card (the dealer's first-card king of diamonds)")
                if i in stakes else (Fraction(0), "") for i in range(len(rnd.seats))]
    shown_7_5 = False
    for i in order:
        hand = hands[i]
        _play_seat(rules, hand, rnd.seats[i].decisions, draw, upcard)
        total = hand_total([card_kind(c, special) for c in hand.cards], rules)
        shown_7_5 |= total == TARGET and not hand.folded and hand.paid_at_once is None
    live = [i for i in order if not hands[i].folded and hands[i].paid_at_once is None
            and hand_total([card_kind(c, special) for c in hands[i].cards], rules) >= 0]
    dealer = [upcard]
    if live:
        reach = shown_7_5 and rules.dealer_must_reach_7_5_vs_revealed
        limit = rules.dealer_max_cards or 99
        while len(dealer) < limit:
            t = hand_total([card_kind(c, special) for c in dealer], rules, dealer=True)
            if t < 0 or not (t < settle.threshold or (reach and t < TARGET)):
                break
            dealer.append(draw("cards"))
    _no_more_cards(stock, position)
    d_total = hand_total([card_kind(c, special) for c in dealer], rules, dealer=True)
    slot = settle.outcome(d_total, len(dealer))
    out = [(Fraction(0), "")] * len(rnd.seats)
    for i in order:
        out[i] = _seat_net(rules, settle, hands[i], stakes[i], slot, d_total, len(dealer))
    return out


def _no_more_cards(stock: list[str], used: int) -> None:
    if used < len(stock):
        raise _CannotFollow(f"cards[{used}]", "dealer_stands_at",
                            f"{len(stock) - used} card(s) posted beyond those the round deals "
                            "(the dealer drew past its standing rule, or a decision is missing)")


def _play_seat(rules: SevenHalfRules, hand: _Hand, decisions: list[str], draw, upcard: str) -> None:
    special = rules.special_card
    where = f"seats[{hand.index}].decisions"
    if special == "kd_first_card" and hand.cards[0] == "KD":
        hand.paid_at_once = "payouts.kd_first_card"
        return
    exchanges = 0
    limit = rules.player_max_cards or 99
    for j, decision in enumerate(decisions):
        total = hand_total([card_kind(c, special) for c in hand.cards], rules)
        field = f"{where}[{j}]"
        if total < 0 or total >= TARGET and decision != "stand":
            raise _CannotFollow(field, "decisions", f"{decision!r} after the hand was finished")
        if decision == "stand":
            return
        if decision == "fold":
            if not (rules.fold_allowed and len(hand.cards) == 1):
                raise _CannotFollow(field, "fold_allowed", "folding is not allowed here")
            hand.folded = True
            return
        if decision == "exchange":
            kind = card_kind(hand.cards[0], special)
            if not (len(hand.cards) == 1 and VALUE[kind] == 8 and exchanges < rules.four_exchange_max):
                raise _CannotFollow(field, "four_exchange_max", "no exchange of a 4 is allowed here")
            exchanges += 1
            hand.cards[0] = draw(field)
            if special == "kd_first_card" and hand.cards[0] == "KD":
                hand.paid_at_once = "payouts.kd_first_card"
                return
            continue
        if decision == "shoot":
            kind = card_kind(hand.cards[0], special)
            if not (rules.shoot_seven and len(hand.cards) == 1 and VALUE[kind] == 14):
                raise _CannotFollow(field, "shoot_seven", "shooting the 7 is not allowed here")
            card = draw(field)
            hand.cards.append(card)
            hand.shot = card_kind(card, special) in (FIGURE, KD)
            return
        if decision == "hit":
            if len(hand.cards) >= limit:
                raise _CannotFollow(field, "player_max_cards", f"a hand takes at most {limit} cards")
            hand.cards.append(draw(field))
            continue
        raise _CannotFollow(field, "decisions", f"{decision!r} is not a Seven-and-a-Half decision")


def _seat_net(rules, settle: Settlement, hand: _Hand, stake: Fraction, slot: int,
              d_total: int, d_cards: int) -> tuple[Fraction, str]:
    special = rules.special_card
    if hand.paid_at_once:
        pay = rules.payouts.kd_first_card
        return stake * Fraction(pay if pay is not None else rules.payouts.win), hand.paid_at_once
    if hand.folded:
        return -stake, "fold_allowed (a fold loses the ante)"
    kinds = [card_kind(c, special) for c in hand.cards]
    total = hand_total(kinds, rules)
    if hand.shot:
        nets = settle.nets(TARGET, True, False, shot=True)
        return stake * Fraction(nets[slot], settle.scale), "payouts.shoot_seven"
    if total < 0:
        return -stake, "a bust loses the ante"
    matta = special == "wild" and KD in kinds
    others = sum(VALUE[k] for k in kinds if not (matta and k == KD))
    triple = matta and len(kinds) == 2 and others == 14
    nets = settle.nets(total, len(kinds) == 2, triple)
    net = stake * Fraction(nets[slot], settle.scale)
    return net, _rule_named(rules, settle, total, len(kinds) == 2, triple, net, d_total, d_cards)


def _rule_named(rules, settle, total, two_cards, triple, net, d_total, d_cards) -> str:
    if settle.natural_collects and d_total == TARGET and d_cards == 2 and net < 0:
        return "payouts.dealer_natural_collects"
    if net > 0:
        if triple and rules.payouts.triple is not None:
            return "payouts.triple"
        if total == TARGET and two_cards and rules.payouts.natural is not None:
            return "payouts.natural"
        if total == TARGET and rules.payouts.seven_and_half is not None:
            return "payouts.seven_and_half"
        return "payouts.win"
    if net == 0:
        return "ties (a tie pushes)"
    return "ties (the dealer wins ties)" if total == d_total else "the dealer's higher total"
