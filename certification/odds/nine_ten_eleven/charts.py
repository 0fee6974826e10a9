"""The strategy charts and readings that accompany the 9-10-11 figures."""

from __future__ import annotations

from fractions import Fraction

from casino.rules.model import NineTenElevenRules
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


def _config(config: Config) -> str:
    return " + ".join("none" if v == NO_VALUE else str(v) for v in config)


def strategy_charts(rules: NineTenElevenRules, settle: Settlement, md_rank: dict[Config, int],
                    choices: dict[Composition, FirstHandChoice]) -> list[StrategyChart]:
    order = sorted(choices, key=lambda c: (sum(r + 1 for r in c), c))
    first = StrategyChart(
        title="First hand: fold or buy (a qualifying hand always stands)",
        row_label="first hand",
        column_label="",
        rows=[label(c) for c in order],
        columns=["total", "action", "buy: main EV", "buy: dice match EV"],
        cells=[[_total(c), choices[c].action.upper(), _ev(choices[c].buy_main),
                _ev(choices[c].buy_dice)] for c in order],
        legend={"BUY": "buy a second hand for an equal bet", "FOLD": "fold (main EV -1)"},
        notes=[f"qualifying totals: {', '.join(map(str, rules.qualifying_totals))}; "
               "aces count 0 or 1, each chosen freely"],
    )
    charts = [first]
    if rules.buy_allowed and rules.switch_allowed:
        configs = sorted(md_rank, key=lambda c: (md_rank[c], c), reverse=True)
        charts.append(StrategyChart(
            title="Switch (neither hand qualifies): make the pair highest in this list",
            row_label="final hand values",
            column_label="",
            rows=[_config(c) for c in configs],
            columns=["main EV", "dice match EV"],
            cells=[[_ev(settle.main_ev(c)), _ev(settle.dice_ev(c))] for c in configs],
            legend={"none": "a hand that does not qualify (loses its bet)"},
            notes=["keep the cards unless some switch reaches a pair listed above 'none + none'",
                   "pairs equal on both bets: the one with the higher hand values"],
        ))
    return charts


def notes_for(rules: NineTenElevenRules, deck: Deck) -> list[str]:
    notes = [
        f"deck: {deck.size} cards ({deck.copies} x ranks {deck.ranks} in suits {deck.suits}), "
        "shuffled before every round; exact card removal",
        f"die: {', '.join(rules.die_faces)} (fair); both hands settled against the same roll",
        "strategy: fold/buy/switch maximise the main bet (per initial main bet); equal choices "
        "go to the better dice match, then the better bonus, then the smaller total wager",
        "main figures are per initial main bet; a bought hand is a second equal wager "
        "(average_wager counts it)",
        "dice match: one bet, paid once if any qualifying final hand equals the die; a WIN "
        "face pushes it, also for a player who folded or did not qualify",
    ]
    if rules.bonus_on == "first_hand":
        notes.append("bonus: judged on the first three cards as dealt; pays only if they "
                     "qualify; the best-paying category applies")
    else:
        notes.append("bonus (final_hands reading): every final hand that qualifies is judged "
                     "after any switch; the single best-paying category across the hands is "
                     "paid once per bonus unit; a folded or non-qualifying round loses it; the "
                     "switch choice favours the bonus only where main and dice match tie")
    if not rules.buy_allowed:
        notes.append("buying a second hand is not allowed: a non-qualifying hand folds")
    elif not rules.switch_allowed:
        notes.append("switching is not allowed")
    return notes
