"""The strategy charts and readings that accompany the 9-10-11 figures."""

from __future__ import annotations

from fractions import Fraction

from casino.rules.model import NineTenElevenRules
from casino.rules.phrases import N_, Phrase
from certification.odds.results import StrategyChart

from .choices import FirstHandChoice
from .hands import NO_VALUE, Composition, Deck, label
from .settle import Config, Settlement


def _ev(x: Fraction | None) -> str:
    return "-" if x is None else f"{float(x):+.4f}"


def _total(hand: Composition) -> str:
    high = sum(r + 1 for r in hand)
    low = high - hand.count(0)
    return str(high) if low == high else f"{low}-{high}"


NONE = N_("none")


def _config(config: Config) -> str:
    return " + ".join(NONE if v == NO_VALUE else str(v) for v in config)


def strategy_charts(rules: NineTenElevenRules, settle: Settlement, md_rank: dict[Config, int],
                    choices: dict[Composition, FirstHandChoice]) -> list[StrategyChart]:
    order = sorted(choices, key=lambda c: (sum(r + 1 for r in c), c))
    first = StrategyChart(
        title=N_("First hand: fold or buy (a qualifying hand always stands)"),
        row_label=N_("first hand"),
        column_label="",
        rows=[label(c) for c in order],
        columns=[N_("total"), N_("action"), N_("buy: main EV"), N_("buy: dice match EV")],
        cells=[[_total(c), choices[c].action.upper(), _ev(choices[c].buy_main),
                _ev(choices[c].buy_dice)] for c in order],
        legend={N_("BUY"): N_("buy a second hand for an equal bet"), N_("FOLD"): N_("fold (main EV -1)")},
        notes=[Phrase(QUALIFYING, totals=", ".join(map(str, rules.qualifying_totals)))],
    )
    charts = [first]
    if rules.buy_allowed and rules.switch_allowed:
        configs = sorted(md_rank, key=lambda c: (md_rank[c], c), reverse=True)
        charts.append(StrategyChart(
            title=N_("Switch (neither hand qualifies): make the pair highest in this list"),
            row_label=N_("final hand values"),
            column_label="",
            rows=[_config(c) for c in configs],
            columns=[N_("main EV"), N_("dice match EV")],
            cells=[[_ev(settle.main_ev(c)), _ev(settle.dice_ev(c))] for c in configs],
            legend={NONE: N_("a hand that does not qualify (loses its bet)")},
            notes=[Phrase(KEEP_CARDS), Phrase(EQUAL_PAIRS)],
        ))
    return charts


def notes_for(rules: NineTenElevenRules, deck: Deck) -> list[str]:
    """The notes printed under the figures, each a ``Phrase`` of ``NOTE_TEMPLATES``."""
    notes = [
        Phrase(DECK, size=str(deck.size), copies=str(deck.copies), ranks=deck.ranks, suits=deck.suits),
        Phrase(DIE, faces=", ".join(rules.die_faces)),
        Phrase(STRATEGY), Phrase(MAIN_FIGURES), Phrase(DICE_MATCH),
    ]
    bonus = BONUS_FIRST_HAND if rules.bonus_on == "first_hand" else BONUS_FINAL_HANDS
    notes.append(Phrase(bonus))
    if not rules.buy_allowed:
        notes.append(Phrase(NO_BUY))
    elif not rules.switch_allowed:
        notes.append(Phrase(NO_SWITCH))
    return notes


QUALIFYING = N_("qualifying totals: {totals}; aces count 0 or 1, each chosen freely")
KEEP_CARDS = N_("keep the cards unless some switch reaches a pair listed above 'none + none'")
EQUAL_PAIRS = N_("pairs equal on both bets: the one with the higher hand values")
DECK = N_("deck: {size} cards ({copies} x ranks {ranks} in suits {suits}), shuffled before every "
          "round; exact card removal")
DIE = N_("die: {faces} (fair); both hands settled against the same roll")
STRATEGY = N_("strategy: fold/buy/switch maximise the main bet (per initial main bet); equal choices "
              "go to the better dice match, then the better bonus, then the smaller total wager")
MAIN_FIGURES = N_("main figures are per initial main bet; a bought hand is a second equal wager "
                  "(average_wager counts it)")
DICE_MATCH = N_("dice match: one bet, paid once if any qualifying final hand equals the die; a WIN "
                "face pushes it, also for a player who folded or did not qualify")
BONUS_FIRST_HAND = N_("bonus: judged on the first three cards as dealt; pays only if they qualify; "
                      "the best-paying category applies")
BONUS_FINAL_HANDS = N_("bonus (final_hands reading): every final hand that qualifies is judged after "
                       "any switch; the single best-paying category across the hands is paid once "
                       "per bonus unit; a folded or non-qualifying round loses it; the switch choice "
                       "favours the bonus only where main and dice match tie")
NO_BUY = N_("buying a second hand is not allowed: a non-qualifying hand folds")
NO_SWITCH = N_("switching is not allowed")

NOTE_TEMPLATES = (QUALIFYING, KEEP_CARDS, EQUAL_PAIRS, DECK, DIE, STRATEGY, MAIN_FIGURES, DICE_MATCH,
                  BONUS_FIRST_HAND, BONUS_FINAL_HANDS, NO_BUY, NO_SWITCH)
"""Every note this engine writes, as stored in a run's figures and charts."""
