"""Exact figures under a fixed player strategy (a SevenHalfPolicy) instead of the optimal one.

The engine is the same: ``PolicyPlay`` and ``PolicyGame`` override only the two places where
the optimal analysis picks the best choice (``PlayValues.value`` and ``SevenHalfGame.first``)
and take the policy's answer there; the walk (walk.py), the dealer distributions, the
settlement and the openings are the optimal analysis' own.

The policy is asked exactly what the simulator asks it (simulation/seven_half.py): a
``PlayerView`` with the dealer's upcard when visible, the hand's cards in ascending class
order (so a king of diamonds comes last) and the fours exchanged so far; moves the rules do
not allow there become hit (exchange, shoot, open) or stand (fold), as in the simulator.
Both therefore play one and the same strategy, which the tests check.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from fractions import Fraction

from casino.rules.cards import SEVEN_HALF_RANKS, Card, new_deck, parse_card
from casino.rules.model import SevenHalfRules
from casino.rules.phrases import Phrase
from certification.odds.results import BetFigures, Decision, ExactResult, PlayerView

from .analyze import EQUAL_CHOICES, EXACT_OPTIMAL, FIXED_STRATEGY, notes_for
from .charts import charts
from .deck import FOUR, KINDS, MATTA_HALF, SEVEN, kind_of
from .game import EXCHANGE, FOLD, PLAY, SHOOT, FirstChoice, SevenHalfGame
from .play import HIDDEN, HIT, SPLIT, STAND, PlayValues
from .walk import Walk

_ACTIONS = (STAND, HIT, FOLD, EXCHANGE, SHOOT, SPLIT)


class StrategyDefinitionError(ValueError):
    """The policy answered something the exact count cannot follow (named in the message)."""


class ViewMaker:
    """The PlayerView of an engine state, built the way the simulator builds it."""

    def __init__(self, game: SevenHalfGame, deck: Sequence[Card | str] | None):
        cards = deck if deck is not None else new_deck(SEVEN_HALF_RANKS, game.rules.decks)
        special = game.rules.special_card
        self.pools: list[list[str]] = [[] for _ in range(KINDS)]
        for card in cards:
            c = parse_card(card) if isinstance(card, str) else card
            self.pools[kind_of(c.rank, c.suit, special)].append(c.code)
        self.game = game
        self.caps = game.caps

    def removed(self, upcard: int, code: int) -> list[int]:
        """Cards per kind the player has held or exchanged (the upcard excluded)."""
        g = self.game
        left = [(code // r) % cap for r, cap in zip(g.radix, self.caps, strict=True)]
        out = [full - have for full, have in zip(g.full, left, strict=True)]
        if upcard != HIDDEN:
            out[upcard] -= 1
        return out

    def view(self, upcard: int, code: int, cards: int, splits: int | None,
             matta_first: bool = False) -> PlayerView:
        held = self.removed(upcard, code)
        # Whatever the player no longer holds beyond its ``cards`` cards is exchanged fours.
        exchanges = sum(held) - cards
        held[FOUR] -= exchanges
        taken = [0] * KINDS
        codes = []
        for kind in ([upcard] if upcard != HIDDEN else []) + [FOUR] * exchanges + [
                k for k in range(KINDS) for _ in range(held[k])]:
            pool = self.pools[kind]
            codes.append(pool[taken[kind] % len(pool)])
            taken[kind] += 1
        upcode = codes[0] if upcard != HIDDEN else None
        hand = codes[len(codes) - cards:]
        if matta_first:
            # Ascending order puts the matta last; it was the first card dealt.
            hand = hand[-1:] + hand[:-1]
        return PlayerView(upcard=upcode, cards=tuple(hand), exchanges=exchanges,
                          splits_left=splits)


class PolicyPlay(PlayValues):
    """The hand after the first decision, played as the policy says."""

    policy_choice = None
    """Set by PolicyGame: (upcard, code, cards, splits) -> the policy's Decision."""

    def value(self, upcard, counts, code, n, s, m, k, splits) -> int:
        key = (upcard, code, s, m, k, splits)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        t = self.best[m][s]
        action = STAND
        if self.can_draw(upcard, n, t, k):
            action = self.policy_choice(upcard, code, k, splits, m).action
            if action == SPLIT and not (splits and self.is_pair(s, m, k)):
                action = HIT
            elif action in (EXCHANGE, SHOOT):
                action = HIT  # only a first card may be exchanged or shot (first())
            elif action == FOLD:
                action = STAND  # a fold is only open to the first decision
            if action == STAND and self.restricted and self.must_draw(upcard, t, m, k):
                action = HIT  # standing is not allowed here: the hand draws
        if action == STAND:
            value = self.stand(upcard, counts, code, n, s, m, k)
        elif action == HIT:
            value = self.hit(upcard, counts, code, n, s, m, k, splits)
        else:
            value = (self.opened_hand(upcard, counts, code, n, splits - 1)
                     + self.opened_hand(upcard, counts, code, n, 0))
        self.memo[key] = value
        self.action[key] = action
        return value


class PolicyGame(SevenHalfGame):
    """The round played by ``policy``: every choice is the policy's, every count exact."""

    def __init__(self, rules: SevenHalfRules, policy, deck: Sequence[Card | str] | None = None):
        super().__init__(rules, deck)
        base = self.play
        self.play = PolicyPlay(
            settlement=base.settlement, dealer=base.dealer, radix=base.radix, factorials=base.fact,
            wild=base.wild, kd_first=base.kd_first, max_cards=rules.player_max_cards,
            must_reach=base.must_reach, split_figures=base.split_figures,
            minimums=base.minimums, first_matta_draws=base.first_matta_draws)
        self.play.policy_choice = self.decide
        self.policy = policy
        self.views = ViewMaker(self, deck)
        self._decided: dict[tuple, Decision] = {}

    def decide(self, upcard: int, code: int, cards: int, splits: int | None, m: int = 0) -> Decision:
        """The policy's decision for a hand; ``m`` tells a first-card matta counted 1/2 (its
        view then shows the matta first, as it was dealt)."""
        matta_first = m >= MATTA_HALF
        key = (upcard, code, cards, splits, matta_first)
        hit = self._decided.get(key)
        if hit is None:
            view = self.views.view(upcard, code, cards, splits, matta_first)
            hit = self.policy.decide(view)
            if hit.action not in _ACTIONS:
                raise StrategyDefinitionError(
                    f"the strategy answered {hit.action!r} for cards {' '.join(view.cards)}; "
                    f"expected one of {', '.join(_ACTIONS)}")
            self._decided[key] = hit
        return hit

    def final_bet(self, decision: Decision) -> Fraction | None:
        r = self.rules
        if not r.final_bet:
            return None
        bet = Fraction(decision.final_bet) if decision.final_bet is not None else r.final_bet_min
        if not r.final_bet_min <= bet <= r.final_bet_max:
            raise StrategyDefinitionError(
                f"final bet {bet} is outside the rules' {r.final_bet_min} to {r.final_bet_max} antes")
        if (bet * self.scale).denominator != 1:
            raise StrategyDefinitionError(
                f"final bet {bet} is not a multiple of 1/{self.scale} ante, the paytable's unit")
        return bet

    def first(self, upcard, counts, code, n, kind, exchanges) -> FirstChoice:
        key = (upcard, code, kind, exchanges)
        hit = self.choices.get(key)
        if hit is not None:
            return hit
        s, m = self.hand_start(kind)
        decision = self.decide(upcard, code, 1, self.splits, m)
        action = decision.action
        if action == FOLD and self.rules.fold_allowed:
            choice = FirstChoice(FOLD, None, self.play.fixed(upcard, counts, n, -self.scale * self.scale))
        elif (action == EXCHANGE and kind == FOUR and exchanges < self.rules.four_exchange_max
              and n > (1 if upcard == HIDDEN else 0)):
            choice = FirstChoice(EXCHANGE, None, self.exchange(upcard, counts, code, n, exchanges))
        else:
            bet = self.final_bet(decision)
            stake = self.stake_units(1 + bet if bet is not None else Fraction(1))
            if action == SHOOT and self.rules.shoot_seven and kind == SEVEN and not m:
                choice = FirstChoice(SHOOT, bet, stake * self.play.shoot(upcard, counts, code, n))
            else:
                per_unit = self.play.value(upcard, counts, code, n, s, m, 1, self.splits)
                choice = FirstChoice(PLAY, bet, stake * per_unit)
        self.choices[key] = choice
        return choice


def analyze_seven_half_policy(rules: SevenHalfRules, policy, variant: str = "", *,
                              deck: Sequence[Card | str] | None = None,
                              strategy_name: str = "") -> ExactResult:
    """Exact figures of ``rules`` when the player follows ``policy`` (a SevenHalfPolicy)."""
    start = time.perf_counter()
    game = PolicyGame(rules, policy, deck)
    value = game.ev_units()
    outcomes, decisions, wager = Walk(game).run()
    figures = BetFigures(outcomes=outcomes, average_wager=wager)
    # The value pass and the walk count the same rounds two ways.
    expected = Fraction(value, game.fact[game.size] * game.scale * game.scale)
    if figures.ev != expected:
        raise AssertionError(f"value pass {expected} and walk {figures.ev} disagree")
    name = strategy_name or getattr(policy, "name", type(policy).__name__)
    return ExactResult(
        variant=variant,
        bets={"main": figures},
        decisions=decisions,
        strategy=charts(game),
        policy=policy,
        seconds=time.perf_counter() - start,
        notes=[Phrase(FIXED_STRATEGY, name=name)]
        + [note for note in notes_for(rules, deck is not None)
           if note.template not in (EXACT_OPTIMAL, EQUAL_CHOICES)],
    )


__all__ = ["PolicyGame", "StrategyDefinitionError", "analyze_seven_half_policy"]
