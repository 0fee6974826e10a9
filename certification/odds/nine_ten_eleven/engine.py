"""Exact analysis of 9-10-11 by counting rank compositions with their multiplicities.

Every round is counted as an unordered first hand from the full shoe and an unordered
second hand from what is left, so the common denominator is C(N,3) * C(N-3,3) and every
weight is an integer (the suit enumeration of the ``final_hands`` reading adds exact
fractions). Card removal is exact for any number of decks.

The count needs of a deck only its rank counts (hands.RankCounts), and suits only for the
bonus: on a deck that does not track them (hands.CountDeck, e.g. the standard shoe with a
few known cards out) the bonus is not counted and main and dice match stay exact.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from casino.rules.model import NineTenElevenRules
from certification.odds.results import BetFigures, ExactResult

from .charts import STRATEGY, notes_for, strategy_charts
from .choices import FirstHandChoice, expected_value
from .fixed import PolicySwitcher, fixed_strategy_note, policy_first_choice
from .hands import NO_VALUE, BonusTable, Composition, Deck, RankCounts
from .policy import OptimalPolicy
from .settle import Config, Settlement, config_of
from .switching import Switcher


@dataclass
class _Tally:
    configs: dict[Config, Fraction | int] = field(default_factory=lambda: defaultdict(int))
    bonus: dict[Fraction, Fraction | int] = field(default_factory=lambda: defaultdict(int))
    decisions: dict[str, Fraction | int] = field(default_factory=lambda: defaultdict(int))


def analyze_nine_ten_eleven(
    rules: NineTenElevenRules, variant: str = "", *, deck: Deck | None = None, policy=None
) -> ExactResult:
    """Exact figures for main, bonus and dice match under the main-bet-optimal strategy.

    ``deck`` replaces the standard shoe of ``rules.decks`` decks (e.g. fewer ranks or suits
    for an exhaustive cross-check); every other rule still comes from ``rules``. With
    ``policy`` (a NineTenElevenPolicy) the player follows it instead (fixed.py).
    """
    start = time.perf_counter()
    deck = deck or Deck.standard(rules.decks)
    if not deck.tracks_suits:
        raise TypeError("the bonus needs suits: analyse a deck of whole suits (Deck), or a "
                        "count deck's main bet with main_bet_play")
    counted = count_rounds(rules, deck, policy)
    settle, tally, choices = counted.settle, counted.tally, counted.choices
    denominator = counted.denominator
    main_out: dict[Fraction, Fraction] = defaultdict(Fraction)
    dice_out: dict[Fraction, Fraction] = defaultdict(Fraction)
    wagered = Fraction(0)
    for config, w in tally.configs.items():
        p = Fraction(w) / denominator
        wagered += p * len(config)
        for net, q in settle.main(config).items():
            main_out[net] += p * q
        for net, q in settle.dice(config).items():
            dice_out[net] += p * q
    bonus_out = {net: Fraction(w) / denominator for net, w in tally.bonus.items() if w}
    bets = {
        "main": BetFigures(_clean(main_out), average_wager=wagered),
        "bonus": BetFigures(_clean(bonus_out)),
        "dice_match": BetFigures(_clean(dice_out)),
    }
    decisions = {name: Fraction(w) / denominator for name, w in sorted(tally.decisions.items())}
    for name in ("stand", "fold", "buy", "switch", "second_qualifies"):
        decisions.setdefault(name, Fraction(0))
    md_rank = counted.switcher.md_rank
    notes = notes_for(rules, deck)
    if policy is None:
        policy = OptimalPolicy(rules, md_rank, counted.switcher.bonus,
                               {c: ch.action for c, ch in choices.items()})
    else:
        notes = [fixed_strategy_note(rules, policy) if note.template == STRATEGY else note
                 for note in notes]
    return ExactResult(
        variant=variant or "nine_ten_eleven",
        bets=bets,
        decisions=decisions,
        strategy=strategy_charts(rules, settle, md_rank, choices),
        policy=policy,
        seconds=time.perf_counter() - start,
        notes=notes,
    )


@dataclass
class CountedRounds:
    """Every round of one strategy, counted: the configurations reached and their weights."""

    settle: Settlement
    switcher: Switcher
    tally: _Tally
    choices: dict[Composition, FirstHandChoice]
    denominator: int

    def main_ev(self) -> Fraction:
        """Expected net of the main bet(s) per initial main bet."""
        total = sum((w * self.settle.main_ev(c) for c, w in self.tally.configs.items()), Fraction(0))
        return total / self.denominator

    def average_wager(self) -> Fraction:
        return sum((w * len(c) for c, w in self.tally.configs.items()), Fraction(0)) / self.denominator


def count_rounds(rules: NineTenElevenRules, deck: RankCounts, policy=None) -> CountedRounds:
    """Weights (out of C(N,3) * C(N-3,3)) of each final configuration and bonus result.

    On a deck that does not track suits the bonus is left out of the tally (its weights
    are empty), and it breaks no tie between choices equal on main and dice match.
    """
    settle = Settlement(rules)
    suits = (len(deck.suits), deck.copies) if deck.tracks_suits else (None, None)
    switcher = _switcher(rules, suits)
    if policy is not None:
        switcher = PolicySwitcher.follow(switcher, policy, rules)
    bonus_on = rules.bonus_on if deck.tracks_suits else None
    n = deck.size
    second_deals = comb(n - 3, 3)
    tally = _Tally()
    choices: dict[Composition, FirstHandChoice] = {}

    for first in deck.compositions:
        w1 = deck.ways(first)
        value = switcher.value(first)
        if value != NO_VALUE:
            tally.configs[(value,)] += w1 * second_deals
            tally.decisions["stand"] += w1 * second_deals
            if bonus_on is None:
                continue
            suited = deck.suited_ways(first)
            for is_suited, ways in ((True, suited), (False, w1 - suited)):
                won = switcher.bonus.payout(first, is_suited)
                tally.bonus[Fraction(-1) if won is None else Fraction(won)] += ways * second_deals
            continue
        if policy is None:
            bought = _buy(first, deck, switcher, bonus_on) if rules.buy_allowed else None
            choice = _choose(first, bought, settle, rules.buy_allowed)
        else:
            choice, bought = policy_first_choice(rules, policy, first, deck, settle,
                                                 lambda f=first: _buy(f, deck, switcher, bonus_on))
        choices[first] = choice
        if choice.action == "fold":
            tally.configs[(NO_VALUE,)] += w1 * second_deals
            if bonus_on is not None:
                tally.bonus[Fraction(-1)] += w1 * second_deals
            tally.decisions["fold"] += w1 * second_deals
            continue
        tally.decisions["buy"] += w1 * second_deals
        for config, w in bought.configs.items():
            tally.configs[config] += w1 * w
        for net, w in bought.bonus.items():
            tally.bonus[net] += w1 * w
        for name, w in bought.decisions.items():
            tally.decisions[name] += w1 * w

    return CountedRounds(settle, switcher, tally, choices, comb(n, 3) * second_deals)


@lru_cache(maxsize=8)
def _switcher(rules: NineTenElevenRules, suits: tuple[int | None, int | None]) -> Switcher:
    """One switcher per rules and suit layout: its choices depend on nothing else, so the
    many decks of a game-protection audit share what it has memoised."""
    pay = rules.payouts
    bonus_table = BonusTable(pay.bonus_straight_flush, pay.bonus_trips, pay.bonus_straight,
                             pay.bonus_flush)
    md_rank = Settlement(rules).two_hand_ranks()
    return Switcher(rules.qualifying_totals, md_rank, bonus_table, *suits, rules.switch_allowed)


def _buy(first: Composition, deck: RankCounts, switcher: Switcher, bonus_on: str | None) -> _Tally:
    """Weights over second hands (out of C(N-3,3)) of each configuration after buying.

    ``bonus_on`` is the rules' bonus reading, or None when the deck has no suits to judge it.
    """
    final_hands = bonus_on == "final_hands"
    out = _Tally()
    if bonus_on == "first_hand":
        # Judged on the first hand as dealt, which did not qualify: the bonus is lost.
        out.bonus[Fraction(-1)] = comb(deck.size - 3, 3)
    if not final_hands:
        outcomes = switcher.after_buy(first)
        configs, decisions = out.configs, out.decisions
        for second, w2 in deck.ways_after(first):
            config, name, switched = outcomes[second]
            configs[config] += w2
            decisions[name] += w2
            if switched:
                decisions["switch"] += w2
        return out
    for second, w2 in deck.ways_after(first):
        value = switcher.value(second)
        if value != NO_VALUE:
            # The second hand stands and the first loses: no switch is allowed.
            out.configs[config_of(value, NO_VALUE)] += w2
            out.decisions["second_qualifies"] += w2
            if final_hands:
                # The second hand's cards are a uniform draw of their ranks whatever the
                # first hand holds, so its chance of one suit is the full-deck one.
                p_suited = Fraction(deck.suited_ways(second), deck.ways(second))
                for suited, p in ((True, p_suited), (False, 1 - p_suited)):
                    won = switcher.bonus.payout(second, suited)
                    out.bonus[Fraction(-1) if won is None else Fraction(won)] += w2 * p
            continue
        if final_hands and switcher.allowed:
            for (config, net, switched), p in switcher.with_bonus(first, second).items():
                out.configs[config] += w2 * p
                out.bonus[net] += w2 * p
                _count_final(out, config, switched, w2 * p)
        else:
            config, switched = switcher.best(first, second)
            out.configs[config] += w2
            _count_final(out, config, switched, w2)
    return out


def _count_final(out: _Tally, config: Config, switched: bool, w) -> None:
    if switched:
        out.decisions["switch"] += w
    qualified = sum(v != NO_VALUE for v in config)
    out.decisions[("neither_qualifies", "one_qualifies_after_switch",
                   "both_qualify_after_switch")[qualified]] += w


def _choose(first: Composition, bought: _Tally | None, settle: Settlement,
            buy_allowed: bool) -> FirstHandChoice:
    """Fold or buy: main EV, then dice match, then bonus, then the smaller wager."""
    if not buy_allowed or bought is None:
        return FirstHandChoice("fold")
    main = expected_value(bought.configs, settle.main_ev)
    dice = expected_value(bought.configs, settle.dice_ev)
    # Without suits there is no bonus to break a tie: a buy that ties on both other bets
    # counts as losing its bonus, as it always does under the first-hand reading.
    bonus = expected_value(bought.bonus, lambda net: net) if bought.bonus else None
    fold = (Fraction(-1), settle.dice_ev((NO_VALUE,)), Fraction(-1), -1)
    action = "buy" if (main, dice, Fraction(-1) if bonus is None else bonus, -2) > fold else "fold"
    return FirstHandChoice(action, main, dice, bonus)


def _clean(dist: dict[Fraction, Fraction]) -> dict[Fraction, Fraction]:
    return {net: p for net, p in sorted(dist.items()) if p}
