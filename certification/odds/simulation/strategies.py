"""Player strategies the simulator can follow besides the exact engine's optimal policy.

``dealer``  mimics the dealer: draw below the dealer's standing total, never fold, the
            smallest final bet, no exchange, shot or opening. In 9-10-11 (where the dealer
            is a die) it stands on a qualifying hand and folds the rest.
``house``   a simple house way: never fold, the smallest final bet, draw below 5 and stand
            on 5 or more, exchange a first-card 4 when the rules allow. In 9-10-11: always
            buy, and switch to the arrangement with the most qualifying hands (then the
            highest values).
chart file  a JSON strategy chart (format below); the same objects answer the simulator's
            table builder as the exact policy does.

Seven-and-a-half chart::

    {"family": "seven_and_half",
     "default": "S",
     "first_card": {"4": {"*": "X"}, "A": {"*": "H1", "KD": "F"}},
     "totals": {"0.5": {"*": "H"}, "5": {"*": "S", "7": "H"}}}

``first_card`` rows are keyed by the player's single card (A..7, F for a figure, KD),
``totals`` rows by the hand's best total (0.5 ... 7). Cells are keyed by the dealer's
upcard (A..7, F, KD, or ? when it is hidden); ``*`` covers the others. An action is S
(stand), H (hit), F (fold), X (exchange a 4), O (open two figures) or T (shoot a 7),
optionally followed by the final bet in antes (``H2``, ``S1.5``). A row or cell left out
falls back to ``*`` and then to ``default``. Where an action is not allowed it becomes H
(X, O, T) or S (F).

9-10-11 chart::

    {"family": "nine_ten_eleven", "buy": "all" | "none" | ["A23", "458", ...],
     "switch": "best" | "none"}

``buy`` lists the non-qualifying first hands (ranks, any order) that buy a second hand;
the others fold. ``switch: best`` makes the switch with the most qualifying hands, then
the highest values; ``none`` never switches.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

from casino.rules.model import NineTenElevenRules, Rules, SevenHalfRules

from ..results import Decision, PlayerView

STRATEGY_NAMES = ("optimal", "dealer", "house")
_ACTIONS = {"S": "stand", "H": "hit", "F": "fold", "X": "exchange", "O": "split", "T": "shoot"}


class StrategyError(ValueError):
    """A strategy name or chart that cannot be used for this variant."""


def card_total2(codes: tuple[str, ...], rules: SevenHalfRules) -> int:
    """Best total in half points (16 or more is a bust). ``codes`` lists the hand's first card
    first: a first-card matta counts 1/2 where the rules say so."""
    first_half = (rules.special_card == "wild" and codes and codes[0] == "KD"
                  and (rules.player_first_matta == "half"
                       or (rules.player_first_matta == "half_until_next" and len(codes) == 1)))
    others, matta = (1, False) if first_half else (0, False)
    if first_half:
        codes = codes[1:]
    for i, code in enumerate(codes):
        if code == "KD" and rules.special_card == "wild":
            matta = True
        elif code == "KD" and rules.special_card == "kd_first_card" and i == 0:
            return 15
        elif code[0] in "JQK":
            others += 1
        else:
            others += 2 * (1 if code[0] == "A" else int(code[0]))
    if not matta:
        return others
    if others > 14:
        return 16
    best = others + 1
    for whole in range(1, 8):
        if others + 2 * whole <= 15:
            best = max(best, others + 2 * whole)
    return best


class DealerMimic:
    name = "dealer"

    def __init__(self, rules: Rules):
        self.rules = rules

    def decide(self, view: PlayerView) -> Decision:
        r = self.rules
        bet = r.final_bet_min if r.final_bet and len(view.cards) == 1 else None
        hit = card_total2(view.cards, r) < 2 * r.dealer_stands_at
        return Decision("hit" if hit else "stand", bet)

    def first_hand(self, cards: tuple[str, str, str]) -> str:
        return "fold"

    def switch(self, first, second):
        return None


class HouseWay(DealerMimic):
    name = "house"

    def decide(self, view: PlayerView) -> Decision:
        r = self.rules
        bet = r.final_bet_min if r.final_bet and len(view.cards) == 1 else None
        if (view.cards[0][0] == "4" and len(view.cards) == 1
                and view.exchanges < r.four_exchange_max):
            return Decision("exchange", bet)
        return Decision("hit" if card_total2(view.cards, r) < 10 else "stand", bet)

    def first_hand(self, cards: tuple[str, str, str]) -> str:
        return "buy" if self.rules.buy_allowed else "fold"

    def switch(self, first, second):
        return best_switch(self.rules, first, second)


def nte_value(codes, rules: NineTenElevenRules) -> int:
    high = sum(1 if c[0] == "A" else int(c[0]) for c in codes)
    low = high - sum(1 for c in codes if c[0] == "A")
    good = [t for t in rules.qualifying_totals if low <= t <= high]
    return max(good) if good else -1


def best_switch(rules: NineTenElevenRules, first, second) -> tuple[int, int] | None:
    def score(a, b):
        va, vb = nte_value(a, rules), nte_value(b, rules)
        return ((va >= 0) + (vb >= 0), max(va, 0) + max(vb, 0))

    best, choice = score(first, second), None
    for i, j in product(range(3), range(3)):
        a, b = list(first), list(second)
        a[i], b[j] = second[j], first[i]
        s = score(a, b)
        if s > best:
            best, choice = s, (i, j)
    return choice


class ChartStrategy:
    """A strategy chart read from JSON (see the module docstring for the format)."""

    def __init__(self, rules: Rules, data: dict[str, Any], name: str = "chart"):
        self.rules, self.name = rules, name
        # A chart without "family" is the variant's own (a table's house way is typed for its
        # table's variant); one naming another family is refused.
        family = data.get("family", rules.family)
        if family != rules.family:
            raise StrategyError(f"the chart is for family {family!r}, the variant is {rules.family}")
        if isinstance(rules, SevenHalfRules):
            self.default = self._cell(data.get("default", "S"), "default")
            self.first = self._rows(data.get("first_card", {}), "first_card")
            self.totals = {
                str(Fraction(k) * 2): v for k, v in self._rows(data.get("totals", {}), "totals").items()
            }
        else:
            buy = data.get("buy", "none")
            if buy in ("all", "none"):
                self.buy = buy
            elif isinstance(buy, list) and all(isinstance(h, str) and len(h) == 3 for h in buy):
                self.buy = {"".join(sorted(h.upper())) for h in buy}
            else:
                raise StrategyError('"buy" must be "all", "none" or a list of hands such as "A23"')
            self.switch_mode = data.get("switch", "none")
            if self.switch_mode not in ("best", "none"):
                raise StrategyError('"switch" must be "best" or "none"')

    def _cell(self, text: Any, where: str) -> tuple[str, Fraction | None]:
        if not isinstance(text, str) or not text or text[0].upper() not in _ACTIONS:
            raise StrategyError(f"{where}: {text!r} is not an action (S, H, F, X, O or T)")
        try:
            bet = Fraction(text[1:]) if text[1:] else None
        except ValueError:
            raise StrategyError(f"{where}: {text!r} has an unreadable final bet") from None
        return _ACTIONS[text[0].upper()], bet

    def _rows(self, rows: Any, where: str) -> dict[str, dict[str, tuple]]:
        if not isinstance(rows, dict):
            raise StrategyError(f"{where} must be an object of rows")
        out = {}
        for key, cells in rows.items():
            if isinstance(cells, str):
                cells = {"*": cells}
            if not isinstance(cells, dict):
                raise StrategyError(f"{where}.{key} must be an object keyed by upcard")
            try:
                if where == "totals":
                    Fraction(key)
            except ValueError:
                raise StrategyError(f"{where}: {key!r} is not a total") from None
            out[key] = {up: self._cell(c, f"{where}.{key}.{up}") for up, c in cells.items()}
        return out

    def decide(self, view: PlayerView) -> Decision:
        up = "?" if view.upcard is None else ("F" if view.upcard[0] in "JQK" and view.upcard != "KD" else (
            "KD" if view.upcard == "KD" else view.upcard[0]))
        if len(view.cards) == 1:
            card = view.cards[0]
            key = "KD" if card == "KD" else ("F" if card[0] in "JQK" else card[0])
            row = self.first.get(key)
        else:
            row = None
        if row is None:
            row = self.totals.get(str(card_total2(view.cards, self.rules)))
        action, bet = (row or {}).get(up) or (row or {}).get("*") or self.default
        if bet is None and self.rules.final_bet and len(view.cards) == 1:
            bet = self.rules.final_bet_min
        return Decision(action, bet)

    def first_hand(self, cards) -> str:
        key = "".join(sorted(c[0] for c in cards))
        if self.buy == "all" or (self.buy != "none" and key in self.buy):
            return "buy"
        return "fold"

    def switch(self, first, second):
        return best_switch(self.rules, first, second) if self.switch_mode == "best" else None


def load_chart(rules: Rules, path: str | Path) -> ChartStrategy:
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise StrategyError(f"cannot read strategy chart {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise StrategyError(f"strategy chart {path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise StrategyError(f"strategy chart {path} must be a JSON object")
    return ChartStrategy(rules, data, name=Path(path).name)


def simple_strategy(rules: Rules, name: str):
    if name == "dealer":
        return DealerMimic(rules)
    if name == "house":
        return HouseWay(rules)
    raise StrategyError(f"unknown strategy {name!r} (optimal, dealer, house or a chart file)")
