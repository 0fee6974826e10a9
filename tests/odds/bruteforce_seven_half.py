"""A deliberately naive exact solver for Seven-and-a-Half, for cross-checking the engine.

It shares no code with the engine: cards are explicit codes, the remaining stock is a
tuple of codes, probabilities are Fractions from the start, and every card of the stock
is tried in turn. Only small decks are feasible. ``solve_opening`` counts the rounds with
opening for a given strategy.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from casino.rules.model import SevenHalfRules
from certification.odds.results import PlayerView

HALF = Fraction(1, 2)


def _plain(code: str) -> Fraction:
    rank = code[0]
    if rank in "JQK":
        return HALF
    return Fraction(1) if rank == "A" else Fraction(int(rank))


def solve(rules: SevenHalfRules, deck: list[str]) -> dict[Fraction, Fraction]:
    """Distribution of the round's net under the optimal strategy, by brute force."""
    wild = rules.special_card == "wild"
    kd_first = rules.special_card == "kd_first_card"
    pay = rules.payouts

    def first_half(cards: tuple[str, ...], mode: str) -> bool:
        """A first-card matta counted 1/2 here (cards[0] is the first card dealt)."""
        return (wild and cards[0] == "KD"
                and (mode == "half" or (mode == "half_until_next" and len(cards) == 1)))

    @cache
    def total(cards: tuple[str, ...], dealer: bool = False) -> Fraction | None:
        mode = rules.dealer_first_matta if dealer else rules.player_first_matta
        if first_half(cards, mode):
            t = HALF + sum((_plain(c) for c in cards[1:]), Fraction(0))
            return t if t <= Fraction(15, 2) else None
        others = sum((_plain(c) for c in cards if not (wild and c == "KD")), Fraction(0))
        if wild and "KD" in cards:
            options = [others + v for v in [HALF] + [Fraction(i) for i in range(1, 8)]]
            ok = [t for t in options if t <= Fraction(15, 2)]
            return max(ok) if ok else None
        return others if others <= Fraction(15, 2) else None

    # Memoised on the cards (sorted) and stock: the same cards in the same stock always give
    # the same distribution, and the recursion otherwise repeats it for every player hand.
    @cache
    def dealer(cards: tuple[str, ...], stock: tuple[str, ...], reach: bool) -> dict:
        t = total(cards, dealer=True)
        if t is None:
            return {"bust": Fraction(1)}
        stop_at = Fraction(15, 2) if reach else rules.dealer_stands_at
        full = rules.dealer_max_cards is not None and len(cards) >= rules.dealer_max_cards
        if t >= stop_at or full or not stock:
            natural = len(cards) == 2 and t == Fraction(15, 2)
            return {("nat" if natural and pay.dealer_natural_collects is not None else t): Fraction(1)}
        out: dict = {}
        for i, c in enumerate(stock):
            # The dealer's cards after the first sorted too: where the dealer ends depends on
            # which it holds, and on which came first (a first-card matta).
            for k, p in dealer(cards[:1] + tuple(sorted(cards[1:] + (c,))),
                               stock[:i] + stock[i + 1:], reach).items():
                out[k] = out.get(k, 0) + p / len(stock)
        return out

    def settle(cards, stake, outcome, shot=False) -> Fraction:
        t = total(cards)
        seven_half = t == Fraction(15, 2)
        reale = seven_half and len(cards) == 2
        triple = wild and len(cards) == 2 and "KD" in cards and any(c[0] == "7" for c in cards)
        if shot:
            win = pay.shoot_seven
        else:
            win = pay.win
            if seven_half and pay.seven_and_half is not None:
                win = pay.seven_and_half
            if reale and pay.natural is not None:
                win = pay.natural
            if triple and pay.triple is not None:
                win = pay.triple
        if outcome == "nat":
            return -stake * (1 if reale else pay.dealer_natural_collects)
        if outcome == "bust" or t > outcome:
            return stake * win
        if t == outcome:
            return Fraction(0) if rules.ties == "push" else -stake
        return -stake

    def ev(dist):
        return sum((k * p for k, p in dist.items()), Fraction(0))

    def mix(parts):
        out: dict = {}
        for weight, dist in parts:
            for k, p in dist.items():
                out[k] = out.get(k, 0) + weight * p
        return out

    def upcards(up, stock):
        """(weight, upcard, stock without it) the player must average over."""
        if up is not None:
            return [(Fraction(1), up, stock)]
        live = [i for i, c in enumerate(stock) if not (kd_first and c == "KD")]
        return [(Fraction(1, len(live)), stock[i], stock[:i] + stock[i + 1:]) for i in live]

    def stand(cards, up, stock, stake, shot=False):
        t = total(cards)
        reach = rules.dealer_must_reach_7_5_vs_revealed and (shot or t == Fraction(15, 2))
        parts = []
        for w, u, rest in upcards(up, stock):
            d = dealer((u,), rest, reach)
            parts.append((w, mix([(p, {settle(cards, stake, o, shot): Fraction(1)}) for o, p in d.items()])))
        return mix(parts)

    def draws(stock, up):
        n = len(stock) - (0 if up is not None else 1)
        return n

    def upcard_value(up) -> Fraction:
        if wild and up == "KD":
            return HALF if rules.stand_minimum_matta == "half" else Fraction(7)
        return _plain(up)

    def may_stand(cards, up) -> bool:
        if len(cards) == 1 and first_half(cards, rules.player_first_matta):
            return False  # a first-card matta counted 1/2 must draw
        return rules.stand_minimum == "none" or total(cards) >= upcard_value(up)

    @cache
    def hand(cards, up, stock, stake, splits):
        t = total(cards)
        can_hit = t < Fraction(15, 2) and (rules.player_max_cards is None or len(cards) < rules.player_max_cards)
        can_hit = can_hit and draws(stock, up) > 0
        best = stand(cards, up, stock, stake) if may_stand(cards, up) or not can_hit else None
        if can_hit:
            parts = []
            for i, c in enumerate(stock):
                rest = stock[:i] + stock[i + 1:]
                # Sorted after the first card, as the stock is: a hand's future depends on
                # which cards it holds (and which came first), not the order of the others.
                new = cards[:1] + tuple(sorted(cards[1:] + (c,)))
                sub = {-stake: Fraction(1)} if total(new) is None else hand(new, up, rest, stake, splits)
                parts.append((Fraction(1, len(stock)), sub))
            hit = mix(parts)
            if best is None or ev(hit) > ev(best):
                best = hit
        return best

    def shoot(up, stock, stake):
        parts = []
        for i, c in enumerate(stock):
            rest = stock[:i] + stock[i + 1:]
            if c[0] in "JQK":
                sub = stand(("7S", "JS"), up, rest, stake, shot=True)
            else:
                sub = {-stake: Fraction(1)}
            parts.append((Fraction(1, len(stock)), sub))
        return mix(parts)

    stakes = ([1 + rules.final_bet_min, 1 + rules.final_bet_max] if rules.final_bet else [Fraction(1)])

    @cache
    def first(card, up, stock, exchanges):
        # Candidates in order of preference on exactly equal value (smaller wager first).
        options = []
        if rules.fold_allowed:
            options.append({Fraction(-1): Fraction(1)})
        for stake in sorted(set(stakes)):
            play = hand((card,), up, stock, stake, 0)
            if rules.shoot_seven and card[0] == "7" and not (wild and card == "KD"):
                shot = shoot(up, stock, stake)
                if ev(shot) > ev(play):
                    play = shot
            options.append(play)
        if card[0] == "4" and exchanges < rules.four_exchange_max and draws(stock, up) > 0:
            parts = []
            for i, c in enumerate(stock):
                rest = stock[:i] + stock[i + 1:]
                sub = {pay.kd_first_card: Fraction(1)} if kd_first and c == "KD" else first(c, up, rest, exchanges + 1)
                parts.append((Fraction(1, len(stock)), sub))
            options.append(mix(parts))
        best = options[0]
        for o in options[1:]:
            if ev(o) > ev(best):
                best = o
        return best

    # Sorted once: taking a card out keeps a stock sorted, so every set of remaining cards is
    # one tuple and the memoised functions meet it again whatever order it was reached in.
    deck = tuple(sorted(deck))
    parts = []
    for i, p in enumerate(deck):
        rest = deck[:i] + deck[i + 1:]
        if kd_first and p == "KD":
            parts.append((Fraction(1, len(deck)), {pay.kd_first_card: Fraction(1)}))
            continue
        if rules.dealer_upcard_visible:
            for j, u in enumerate(rest):
                stock = rest[:j] + rest[j + 1:]
                sub = {Fraction(-1): Fraction(1)} if kd_first and u == "KD" else first(p, u, stock, 0)
                parts.append((Fraction(1, len(deck) * len(rest)), sub))
        else:
            dealer_kd = Fraction(int(kd_first and "KD" in rest), len(rest))
            sub = first(p, None, rest, 0)
            parts.append((Fraction(1, len(deck)) * (1 - dealer_kd), sub))
            if dealer_kd:
                parts.append((Fraction(1, len(deck)) * dealer_kd, {Fraction(-1): Fraction(1)}))
    return {k: v for k, v in mix(parts).items() if v}


def solve_opening(rules: SevenHalfRules, deck: list[str], policy) -> dict[Fraction, Fraction]:
    """Distribution of the round's net with opening, every order of the deck listed in turn.

    The decisions are ``policy``'s (what is checked is the counting of the shared stock and
    the shared dealer, not the choice of play); the reading is the engine's: any hand whose
    first two cards are figures (the matta is not one) may open while the round has
    openings left; hands are played in turn, each new hand taking its second card at once
    when its turn comes; the dealer plays once, drawing to 7 1/2 when any hand showed it.
    """
    wild = rules.special_card == "wild"
    kd_first = rules.special_card == "kd_first_card"
    pay = rules.payouts

    def total(cards):
        others = sum((_plain(c) for c in cards if not (wild and c == "KD")), Fraction(0))
        if wild and "KD" in cards:
            ok = [others + v for v in [HALF] + [Fraction(i) for i in range(1, 8)]
                  if others + v <= Fraction(15, 2)]
            return max(ok) if ok else None
        return others if others <= Fraction(15, 2) else None

    def figure(c):
        return c[0] in "JQK" and not (wild and c == "KD")

    def net(cards, dealer):
        t, d = total(cards), total(dealer)
        if t is None:
            return Fraction(-1)
        reale = t == Fraction(15, 2) and len(cards) == 2
        triple = wild and reale and "KD" in cards and any(c[0] == "7" for c in cards)
        if d is not None and d == Fraction(15, 2) and len(dealer) == 2 and pay.dealer_natural_collects is not None:
            return Fraction(-1) if reale else -pay.dealer_natural_collects
        if d is None or t > d:
            return pay.winning(total_is_7_5=t == Fraction(15, 2), two_cards=len(cards) == 2, is_triple=triple)
        return Fraction(0) if t == d and rules.ties == "push" else Fraction(-1)

    out: dict[Fraction, Fraction] = {}
    stake = [Fraction(1)]  # the round's stake per hand (ante plus final bet), set at the first decision

    def deal(stock):
        """Every order of ``stock``, one card at a time: yields (probability, card, rest)."""
        for i, c in enumerate(stock):
            yield Fraction(1, len(stock)), c, stock[:i] + stock[i + 1:]

    def dealer_play(up, stock, hands, weight):
        shown = any(total(h) == Fraction(15, 2) for h in hands)
        stop = Fraction(15, 2) if rules.dealer_must_reach_7_5_vs_revealed and shown else rules.dealer_stands_at

        def go(cards, stock, w):
            d = total(cards)
            full = rules.dealer_max_cards is not None and len(cards) >= rules.dealer_max_cards
            if d is None or d >= stop or full or not stock:
                r = stake[0] * sum((net(h, cards) for h in hands), Fraction(0))
                out[r] = out.get(r, 0) + w
                return
            for p, c, rest in deal(stock):
                go(cards + [c], rest, w * p)

        if up is not None:
            go([up], stock, weight)
        else:
            for p, c, rest in deal(stock):
                go([c], rest, weight * p)

    def play(up, seen_up, stock, hands, h, openings, weight, exchanges):
        if h == len(hands):
            dealer_play(up, stock, hands, weight)
            return
        cards = hands[h]
        t = total(cards)
        hidden = 1 if up is None else 0
        can_draw = (t is not None and t < Fraction(15, 2) and len(stock) > hidden
                    and (rules.player_max_cards is None or len(cards) < rules.player_max_cards))
        action = "stand"
        if t is not None and len(cards) == 1:
            action = "hit"  # a hand formed by opening takes its second card at once
        elif t is not None:
            view = PlayerView(seen_up, tuple(cards), exchanges, rules.max_splits - openings)
            action = policy.decide(view).action
        if action == "split" and len(cards) == 2 and all(map(figure, cards)) and openings < rules.max_splits:
            new = [list(x) for x in hands[:h]] + [[cards[0]]] + [list(x) for x in hands[h + 1:]] + [[cards[1]]]
            play(up, seen_up, stock, new, h, openings + 1, weight, exchanges)
        elif action in ("hit", "split") and can_draw:
            for p, c, rest in deal(stock):
                new = [list(x) for x in hands]
                new[h].append(c)
                play(up, seen_up, rest, new, h, openings, weight * p, exchanges)
        else:
            play(up, seen_up, stock, hands, h + 1, openings, weight, exchanges)

    def first(p, up, stock, weight, exchanges):
        seen_up = up if rules.dealer_upcard_visible else None
        d = policy.decide(PlayerView(seen_up, (p,), exchanges))
        if d.action == "exchange":
            for q, c, rest in deal(stock):
                if kd_first and c == "KD":
                    out[pay.kd_first_card] = out.get(pay.kd_first_card, 0) + weight * q
                else:
                    first(c, up, rest, weight * q, exchanges + 1)
            return
        if d.action == "fold" and rules.fold_allowed:
            out[Fraction(-1)] = out.get(Fraction(-1), 0) + weight
            return
        if rules.final_bet:
            stake[0] = 1 + (rules.final_bet_min if d.final_bet is None else d.final_bet)
        if d.action in ("stand", "fold"):
            play(up, seen_up, stock, [[p]], 1, 0, weight, exchanges)
            return
        for q, c, rest in deal(stock):
            play(up, seen_up, rest, [[p, c]], 0, 0, weight * q, exchanges)

    for wp, p, rest in deal(tuple(deck)):
        if kd_first and p == "KD":
            out[pay.kd_first_card] = out.get(pay.kd_first_card, 0) + wp
            continue
        for wu, u, stock in deal(rest):
            if kd_first and u == "KD":
                out[Fraction(-1)] = out.get(Fraction(-1), 0) + wp * wu
            elif rules.dealer_upcard_visible:
                first(p, u, stock, wp * wu, 0)
            else:
                first(p, None, rest, wp, 0)
                break
    return {k: v for k, v in out.items() if v}
