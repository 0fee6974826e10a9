"""Seven-and-a-Half rounds dealt card by card, decided by the optimal policy, settled by the engine.

Totals use the exact engine's card kinds and ``best_total``; each hand is paid by
``Settlement.nets`` against the dealer's slot from ``Settlement.outcome``, exactly as the
exact analysis counts it. The round's order follows the engine's reading of the rules:
the player's card, the dealer's card, exchanges and the player's draws, then the dealer's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from casino.rules.cards import SEVEN_HALF_RANKS, new_deck
from casino.rules.describe import odds, total
from casino.rules.model import SevenHalfRules
from casino.rules.phrases import N_, Phrase
from certification.odds.results import ExactResult, PlayerView
from certification.odds.seven_half.deck import (
    FIGURE,
    KD,
    TARGET,
    VALUE,
    card_kind,
    hand_total,
    stand_minimums,
)

from .records import Example, ExampleSet, amount, card_name, outcome_of
from .search import Forcing, Wanted, search


@dataclass
class _Round:
    cards: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    net: Fraction = Fraction(0)
    wagered: Fraction = Fraction(1)


class SevenHalfTable:
    """Plays one round from a deck order with the optimal policy of ``result``."""

    def __init__(self, rules: SevenHalfRules, result: ExactResult, *, narrate: bool = True):
        self.rules = rules
        self.narrate = narrate
        """False: the steps leave out each hand's cards and total (a floor's rounds need
        only the cards, the decisions and the net)."""
        self.policy = result.policy
        self.settlement = result.policy.game.settlement
        self.special = rules.special_card
        self.wild = self.special == "wild"
        self.kd_first = self.special == "kd_first_card"
        self.max_cards = rules.player_max_cards or 10**6
        self.dealer_max = rules.dealer_max_cards or 10**6
        self.splits = rules.max_splits if rules.split_figures else 0
        self.minimums = stand_minimums(rules)

    # -- hands -------------------------------------------------------------------------
    def _parts(self, hand: list[str]) -> tuple[int, bool]:
        kinds = [card_kind(c, self.special) for c in hand]
        matta = self.wild and KD in kinds
        return sum(VALUE[k] for k in kinds if not (self.wild and k == KD)), matta

    def total(self, hand: list[str], dealer: bool = False) -> int:
        """Best total in half points; -1 for a bust (the first card first: a first-card
        matta counts as the rules say for that side)."""
        return hand_total([card_kind(c, self.special) for c in hand], self.rules, dealer=dealer)

    def _said(self, hand: list[str], dealer: bool = False) -> str:
        if not self.narrate:
            return ""
        t = self.total(hand, dealer)
        cards = ", ".join(card_name(c) for c in hand)
        if t < 0:
            return Phrase("{cards} (bust)", cards=cards)
        return Phrase("{cards} ({total})", cards=cards, total=total(Fraction(t, 2)))

    def _is_pair(self, hand: list[str]) -> bool:
        kinds = [card_kind(c, self.special) for c in hand]
        figures = sum(k == FIGURE or (self.kd_first and k == KD) for k in kinds)
        return self.rules.split_figures and len(hand) == 2 and figures == 2

    # -- the round -----------------------------------------------------------------------
    def play(self, deck: list[str]) -> _Round:
        r = _Round()
        stock = iter(deck)

        def draw() -> str:
            card = next(stock)
            r.cards.append(card)
            return card

        first, upcard = draw(), draw()
        r.steps.append(Phrase(
            N_("The player receives {card} face down; the dealer receives {upcard} face up.")
            if self.rules.dealer_upcard_visible else
            N_("The player receives {card} face down; the dealer receives {upcard} face down."),
            card=card_name(first), upcard=card_name(upcard)))
        if self.kd_first and first == "KD":
            return self._kd_paid(r)
        if self.wild and first == "KD":
            self._first_matta(r, dealer=False)
        if self.kd_first and upcard == "KD":
            r.features.add("dealer_kd_first_card")
            r.steps.append(Phrase("The dealer's first card is the king of diamonds: the dealer "
                                  "wins every ante at once."))
            r.net = Fraction(-1)
            return r
        view_upcard = upcard if self.rules.dealer_upcard_visible else None
        exchanges = 0
        while True:
            decision = self.policy.decide(PlayerView(upcard=view_upcard, cards=(first,),
                                                     exchanges=exchanges))
            if decision.action != "exchange":
                break
            exchanges += 1
            r.features.add("exchange")
            first = draw()
            r.steps.append(Phrase("The player exchanges the 4 (it leaves play for the round) "
                                  "and receives {card} as a new first card.",
                                  card=card_name(first)))
            if self.kd_first and first == "KD":
                return self._kd_paid(r)
        if decision.action == "fold":
            r.features.add("fold")
            r.steps.append(Phrase("The player folds and loses the ante."))
            r.net = Fraction(-1)
            return r
        stake = Fraction(1) + (decision.final_bet or 0) if self.rules.final_bet else Fraction(1)
        if self.rules.final_bet:
            r.steps.append(Phrase("The player places a final bet of {bet} ante(s): {stake} units "
                                  "at stake.", bet=amount(decision.final_bet).lstrip('+'),
                                  stake=amount(stake).lstrip('+')))
        hands, shot = self._player(r, draw, first, decision.action, view_upcard, exchanges)
        r.wagered = stake * len(hands)
        if shot is None and all(self.total(h) < 0 for h in hands):
            r.net = -stake * len(hands)
            r.steps.append(Phrase("Every hand of the player is bust: the dealer collects {amount} "
                                  "without playing.", amount=amount(-r.net).lstrip('+')))
            return r
        dealer = self._dealer(r, draw, upcard, hands, shot)
        self._settle(r, hands, shot, dealer, stake)
        return r

    def _first_matta(self, r: _Round, dealer: bool) -> None:
        mode = self.rules.dealer_first_matta if dealer else self.rules.player_first_matta
        if mode == "wild":
            return
        r.features.add("dealer_first_matta" if dealer else "first_matta")
        whole = mode == "half"
        if dealer:
            r.steps.append(Phrase(N_("The dealer's first card is the matta: it counts ½ for the "
                                     "whole hand.") if whole else
                                  N_("The dealer's first card is the matta: it counts ½ until "
                                     "the dealer's next card, then it is wild.")))
        else:
            r.steps.append(Phrase(N_("The player's first card is the matta: it counts ½ for the "
                                     "whole hand, and the player must draw.") if whole else
                                  N_("The player's first card is the matta: it counts ½ until "
                                     "the next card, then it is wild; the player must draw.")))

    def _below_minimum(self, r: _Round, upcard: str | None, hand: list[str]) -> bool:
        """Whether the hand may not stand for the standing minimum (said once per round)."""
        minimums = self.minimums
        if minimums is None or upcard is None:
            return False
        least = minimums[card_kind(upcard, self.special)]
        t = self.total(hand)
        if not 0 <= t < least:
            return False
        if "stand_minimum" not in r.features:
            r.features.add("stand_minimum")
            r.steps.append(Phrase("The player's {total} is below the dealer's face-up card "
                                  "({least}): the player may not stand and must draw.",
                                  total=total(Fraction(t, 2)), least=total(Fraction(least, 2))))
        return True

    def _kd_paid(self, r: _Round) -> _Round:
        pay = self.rules.payouts.kd_first_card
        r.features.add("kd_first_card")
        r.steps.append(Phrase("The player's first card is the king of diamonds: shown at once "
                              "and paid {odds} on the ante; the player's round ends.",
                              odds=odds(pay)))
        r.net = Fraction(pay)
        return r

    def _player(self, r, draw, first, action, upcard, exchanges):
        if action == "shoot":
            r.features.add("shoot")
            card = draw()
            made = card_kind(card, self.special) in (FIGURE, KD)
            r.steps.append(Phrase(N_("The player shoots the 7: one card face down, {card}, a "
                                     "figure: 7½.") if made else
                                  N_("The player shoots the 7: one card face down, {card}, not a "
                                     "figure: bust."), card=card_name(card)))
            return [[first, card]], (True if made else None)
        hands, splits, h = [[first]], 0, 0
        while h < len(hands):
            hand = hands[h]
            while True:
                t = self.total(hand)
                if t < 0 or t >= TARGET or len(hand) >= self.max_cards:
                    break
                self._below_minimum(r, upcard, hand)
                if len(hand) == 1 and len(hands) > 1:
                    act = "hit"  # a hand formed by opening takes its second card at once
                elif len(hands) == 1 and len(hand) == 1:
                    act = action
                else:
                    act = self._decide(upcard, hand, exchanges, self.splits - splits)
                if act == "split":
                    splits += 1
                    r.features.add("opening")
                    hands.append([hand.pop()])
                    r.steps.append(Phrase("The player opens the two figures into two hands, "
                                          "each with its own equal wager."))
                    continue
                if act != "hit":
                    break
                card = draw()
                hand.append(card)
                r.steps.append(Phrase(N_("The player draws {card} (hand {hand}): {said}.")
                                      if len(hands) > 1 else N_("The player draws {card}: {said}."),
                                      card=card_name(card), hand=str(h + 1), said=self._said(hand)))
            bust = self.total(hand) < 0
            if len(hands) > 1:
                template = (N_("The player is bust with {said} (hand {hand}).") if bust else
                            N_("The player stands with {said} (hand {hand})."))
            else:
                template = (N_("The player is bust with {said}.") if bust else
                            N_("The player stands with {said}."))
            r.steps.append(Phrase(template, said=self._said(hand), hand=str(h + 1)))
            h += 1
        return hands, None

    def _decide(self, upcard, hand, exchanges, left) -> str:
        cards = tuple(hand)
        if self._is_pair(hand) and left > 0:
            act = self.policy.decide(PlayerView(upcard=upcard, cards=cards, exchanges=exchanges,
                                                splits_left=left)).action
            if act == "split":
                return act
            return self.policy.decide(PlayerView(upcard=upcard, cards=cards, exchanges=exchanges,
                                                 splits_left=0)).action
        act = self.policy.decide(PlayerView(upcard=upcard, cards=cards, exchanges=exchanges)).action
        return "hit" if act == "split" else act

    def _dealer(self, r, draw, upcard, hands, shot) -> list[str]:
        shows = shot is not None or any(self.total(h) == TARGET for h in hands)
        reach = self.rules.dealer_must_reach_7_5_vs_revealed and shows
        if reach:
            r.features.add("must_reach")
        dealer = [upcard]
        if not self.rules.dealer_upcard_visible:
            r.steps.append(Phrase("The dealer turns over {card}.", card=card_name(upcard)))
        if self.wild and upcard == "KD":
            self._first_matta(r, dealer=True)
        while len(dealer) < self.dealer_max:
            t = self.total(dealer, dealer=True)
            if t < 0 or not (t < self.settlement.threshold or (reach and t < TARGET)):
                break
            card = draw()
            dealer.append(card)
            r.steps.append(Phrase("The dealer draws {card}: {said}.", card=card_name(card),
                                  said=self._said(dealer, dealer=True)))
        bust = self.total(dealer, dealer=True) < 0
        if reach:
            template = (N_("The dealer is bust with {said} (it must reach the player's shown 7½).")
                        if bust else
                        N_("The dealer stands with {said} (it must reach the player's shown 7½)."))
        else:
            template = (N_("The dealer is bust with {said}.") if bust else
                        N_("The dealer stands with {said}."))
        r.steps.append(Phrase(template, said=self._said(dealer, dealer=True)))
        return dealer

    def _settle(self, r, hands, shot, dealer, stake) -> None:
        s = self.settlement
        d_total = self.total(dealer, dealer=True)
        slot = s.outcome(d_total, len(dealer))
        if s.natural_collects and d_total == TARGET and len(dealer) == 2:
            r.features.add("dealer_reale")
        for i, hand in enumerate(hands):
            t = self.total(hand)
            if shot is not None:
                nets = s.nets(TARGET, True, False, shot=True)
            elif t < 0:
                r.net -= stake
                continue
            else:
                others, matta = self._parts(hand)
                triple = matta and len(hand) == 2 and others == 14
                nets = s.nets(t, len(hand) == 2, triple)
                self._tag(r, hand, t, matta, triple)
            net = stake * Fraction(nets[slot], s.scale)
            r.net += net
            label = Phrase("Hand {n}", n=str(i + 1)) if len(hands) > 1 else Phrase("The player")
            r.steps.append(Phrase("{label}: {verdict}.", label=label,
                                  verdict=self._verdict(net, stake)))

    def _tag(self, r, hand, t, matta, triple) -> None:
        # The narrowest description only: a triplé is not shown again as a reale or a matta
        # hand, nor a reale as a plain 7½, so each example illustrates one rule.
        if triple:
            r.features.add("triple")
        elif t == TARGET and len(hand) == 2 and self.rules.payouts.natural is not None:
            r.features.add("reale")
        elif t == TARGET:
            r.features.add("seven_and_half")
        if matta and not triple:
            r.features.add("matta")

    @staticmethod
    def _verdict(net: Fraction, stake: Fraction) -> str:
        if net > 0:
            return Phrase("wins; paid {paid} to 1 on {stake} staked, net {net}",
                          paid=amount(net / stake).lstrip('+'), stake=amount(stake).lstrip('+'),
                          net=amount(net))
        if net == 0:
            return Phrase("ties; the stake is returned (push), net 0")
        return Phrase("loses; the dealer collects {amount}", amount=amount(-net).lstrip('+'))


FEATURES = {
    "play": N_("An ordinary round"),
    "fold": N_("Folding"),
    "kd_first_card": N_("The player's first card is the king of diamonds"),
    "dealer_kd_first_card": N_("The dealer's first card is the king of diamonds"),
    "matta": N_("A hand holding the matta"),
    "seven_and_half": N_("A hand of 7½"),
    "reale": N_("7½ in two cards (reale)"),
    "triple": N_("A 7 and the matta (triplé)"),
    "dealer_reale": N_("The dealer's reale"),
    "must_reach": N_("The dealer must reach a shown 7½"),
    "exchange": N_("Exchanging a first-card 4"),
    "shoot": N_("Shooting a seven"),
    "opening": N_("Opening two figures"),
    "first_matta": N_("The player's first card is the matta, counted ½"),
    "dealer_first_matta": N_("The dealer's first card is the matta, counted ½"),
    "stand_minimum": N_("A total below the dealer's face-up card must draw"),
}
ONLY = {"fold": ("loss", N_("a fold always loses the ante")),
        "kd_first_card": ("win", N_("a first-card king of diamonds is always paid at once")),
        "dealer_kd_first_card": ("loss", N_("the dealer's first-card king of diamonds always wins the ante")),
        "dealer_reale": ("loss", N_("the dealer's reale always collects from a player still in"))}


NEVER = {"fold": ("fold", N_("folds")), "exchange": ("exchange", N_("exchanges a four")),
         "shoot": ("shoot", N_("shoots a seven")), "opening": ("split", N_("opens two figures"))}


def _features(rules: SevenHalfRules) -> list[str]:
    p = rules.payouts
    on = {"play": True, "fold": rules.fold_allowed,
          "kd_first_card": rules.special_card == "kd_first_card",
          "dealer_kd_first_card": rules.special_card == "kd_first_card",
          "matta": rules.special_card == "wild",
          "seven_and_half": p.seven_and_half is not None,
          "reale": p.natural is not None,
          "triple": rules.special_card == "wild" and p.triple is not None,
          "dealer_reale": p.dealer_natural_collects is not None,
          "must_reach": rules.dealer_must_reach_7_5_vs_revealed,
          "exchange": rules.four_exchange_max > 0, "shoot": rules.shoot_seven,
          "opening": rules.split_figures and rules.max_splits > 0,
          "first_matta": rules.special_card == "wild" and rules.player_first_matta != "wild",
          "dealer_first_matta": rules.special_card == "wild" and rules.dealer_first_matta != "wild",
          "stand_minimum": rules.stand_minimum == "upcard"}
    return [f for f in FEATURES if on[f]]


def _forcings(rules: SevenHalfRules) -> dict[str, list[Forcing]]:
    seven_half = [{0: "7S", 2: "JH"}, {0: "JH", 2: "7S"}, {0: "7S", 2: "QC"}]
    return {"kd_first_card": [{0: "KD"}], "dealer_kd_first_card": [{1: "KD"}],
            "matta": [{0: "KD"}, {2: "KD"}, {}], "triple": [{0: "7S", 2: "KD"}, {0: "KD", 2: "7S"}],
            "reale": seven_half, "seven_and_half": seven_half, "must_reach": seven_half,
            "dealer_reale": [{1: "7S", 3: "JH"}, {1: "JH", 3: "7S"}, {1: "7S", 2: "JH"}, {1: "7S", 4: "QH"}],
            "exchange": [{0: "4S"}, {0: "4H", 1: "6C"}], "shoot": [{0: "7S"}, {0: "7C", 2: "JH"}],
            "opening": [{0: "JH", 2: "QS"}, {0: "QH", 2: "JS", 3: "7C"}, {0: "KS", 2: "JC"}],
            "first_matta": [{0: "KD"}, {0: "KD", 2: "7S"}, {0: "KD", 1: "5C"}],
            "dealer_first_matta": [{1: "KD"}, {1: "KD", 2: "6S"}, {1: "KD", 3: "5C"}],
            "stand_minimum": [{0: "2S", 1: "6C"}, {0: "AS", 1: "7C"}, {0: "3H", 1: "5S", 2: "JC"}]}


def _wanted(rules: SevenHalfRules, result: ExactResult, features: list[str]) -> list[Wanted]:
    figures = result.bets["main"]
    wanted = []
    for feature in features:
        decision = NEVER.get(feature)
        never = decision is not None and not result.decisions.get(decision[0])
        for outcome in ("win", "loss", "push"):
            reason = ""
            if never:
                reason = Phrase("under the optimal strategy the player never {action}", action=decision[1])
            elif feature in ONLY and ONLY[feature][0] != outcome:
                reason = ONLY[feature][1]
            elif outcome == "push" and rules.ties == "dealer" and feature != "opening":
                reason = N_("the bank wins equal totals, so a single hand never pushes")
            elif outcome == "push" and figures.p_push == 0:
                reason = N_("no round of this variant ends in a push")
            wanted.append(Wanted("main", feature, outcome, reason))
    return wanted


def seven_half_examples(rules: SevenHalfRules, result: ExactResult, *, seed: int,
                        attempts: int) -> ExampleSet:
    table = SevenHalfTable(rules, result)
    features = _features(rules)
    special = set(features) - {"play"}

    def play(order: list[str]) -> list[Example]:
        r = table.play(order)
        shown = (r.features & special) or {"play"}
        return [Example("main", f, outcome_of(r.net), tuple(r.cards), tuple(r.steps), r.net,
                        r.wagered) for f in shown if f in features]

    deck = [c.code for c in new_deck(SEVEN_HALF_RANKS, rules.decks)]
    examples, missing, tried = search(deck=deck, wanted=_wanted(rules, result, features),
                                      forcings=_forcings(rules), play=play, seed=seed,
                                      attempts=attempts)
    return ExampleSet(features={f: FEATURES[f] for f in features}, bets={"main": N_("Ante")},
                      examples=examples, missing=missing, seed=seed, attempts=tried)
