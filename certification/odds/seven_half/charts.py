"""Printable strategy charts from the analysis' decision tables."""

from __future__ import annotations

from collections import defaultdict

from casino.rules.phrases import N_
from certification.odds.results import StrategyChart

from .deck import KD, KINDS, LABEL, MATTA_WILD
from .game import EXCHANGE, FOLD, SHOOT, SevenHalfGame
from .play import HIDDEN, HIT, SPLIT, STAND

_SHORT = {STAND: "S", HIT: "H", SPLIT: "P", FOLD: "F", EXCHANGE: "X", SHOOT: "SH"}
"""Each action's letter in a chart cell: a symbol, the same in every language; the legend says it."""
PAID, MATTA = N_("paid"), N_("matta")


def _half(t: int) -> str:
    whole, half = divmod(t, 2)
    return (f"{whole}" if whole else "") + ("½" if half else "") if t else "0"


def _columns(g: SevenHalfGame) -> list[int]:
    if not g.visible:
        return [HIDDEN]
    return [u for u in range(KINDS) if g.full[u] and not (g.kd_first and u == KD)]


def _column_label(u: int, g: SevenHalfGame) -> str:
    if u == HIDDEN:
        return N_("hidden")
    return N_("matta") if g.wild and u == KD else LABEL[u]


def first_card_chart(g: SevenHalfGame) -> StrategyChart:
    columns = _columns(g)
    rows, cells = [], []
    for kind in range(KINDS):
        if not g.full[kind]:
            continue
        label = N_("KD (matta)") if g.wild and kind == KD else LABEL[kind]
        row = []
        for u in columns:
            if g.kd_first and kind == KD:
                row.append(PAID)
                continue
            text = set()
            for (uu, code, k, e), choice in g.choices.items():
                if uu != u or k != kind or e != 0:
                    continue
                if choice.action in (FOLD, EXCHANGE):
                    text.add(_SHORT[choice.action])
                    continue
                s, m = g.hand_start(kind)
                action = SHOOT if choice.action == SHOOT else g.play.action[(u, code, s, m, 1, g.splits)]
                bet = "" if choice.final_bet is None else str(choice.final_bet)
                text.add(_SHORT[action] + bet)
            row.append("/".join(sorted(text)) or "-")
        rows.append(label)
        cells.append(row)
    legend = {"F": N_("fold"), "S": N_("stand"), "H": N_("hit"), "X": N_("exchange the four"),
              "SH": N_("shoot the seven"), "P": N_("open"),
              PAID: N_("first-card king of diamonds, paid at once")}
    if g.rules.final_bet:
        legend["S1/H2…"] = N_("stand or hit with that final bet (antes)")
    return StrategyChart(
        title=N_("First card"), row_label=N_("player's first card"), column_label=N_("dealer's upcard"),
        rows=rows, columns=[_column_label(u, g) for u in columns], cells=cells, legend=legend,
        notes=[N_("a cell with two entries differs by the cards removed (only with several decks)")],
    )


def totals_chart(g: SevenHalfGame) -> StrategyChart:
    """Stand or hit by the hand's total once it holds two or more cards."""
    columns = _columns(g)
    seen: dict[tuple[str, int], set[str]] = defaultdict(set)
    order: dict[str, int] = {}
    for (u, _code, s, m, k, _splits), action in g.play.action.items():
        if k < 2:
            continue
        t = g.play.best[m][s]
        # A matta counted 1/2 for the whole hand is a 1/2 card: its hand is read by its total.
        wild = m == MATTA_WILD
        label = f"{MATTA} + {_half(s)}" if wild else _half(t)
        order[label] = (1000 if wild else 0) + (s if wild else t)
        seen[(label, u)].add(_SHORT[action])
    rows = sorted(order, key=order.get)
    cells = []
    for label in rows:
        row = []
        for u in columns:
            acts = seen.get((label, u), set())
            row.append("/".join(sorted(acts)) + ("*" if len(acts) > 1 else "") if acts else "-")
        cells.append(row)
    return StrategyChart(
        title=N_("Two or more cards"), row_label=N_("player's total"), column_label=N_("dealer's upcard"),
        rows=rows, columns=[_column_label(u, g) for u in columns], cells=cells,
        legend={"S": N_("stand"), "H": N_("hit"), "P": N_("open"),
                "*": N_("depends on the cards making the total")},
        notes=[N_("* marks totals where the composition of the hand (cards removed) changes the decision")],
    )


def charts(g: SevenHalfGame) -> list[StrategyChart]:
    out = [first_card_chart(g)]
    if g.rules.player_max_cards is None or g.rules.player_max_cards > 2:
        out.append(totals_chart(g))
    return out
