"""Deal one round from a stock, to know which cards it uses (Seven-and-a-Half, 9-10-11).

The dealt-through simulation needs the cards a round consumes; its value comes from the
exact engine, so the round is dealt only to advance the deck. Every seat plays the exact
engine's optimal policy for the deck at the start of the round (a perfect-information
table); the dealer follows the variant's drawing rule. Opening (split) is played as a
stand: it only changes how many cards a round uses, and no preset opens.
"""

from __future__ import annotations

from casino.rules.model import NineTenElevenRules, SevenHalfRules
from certification.odds.results import PlayerView
from certification.odds.seven_half.deck import KD, TARGET, card_kind
from certification.odds.seven_half.deck import hand_total as kinds_total

BUST = -1


def hand_total(cards: list[str], rules: SevenHalfRules, *, dealer: bool = False) -> int:
    """Best total in half points (-1 for a bust), by the engine's own rule for the king of
    diamonds and the matta (deck.hand_total)."""
    return kinds_total([card_kind(code, rules.special_card) for code in cards], rules,
                       dealer=dealer)


def deal_round(stock: list[str], seats: int, policy, rules: SevenHalfRules) -> list[str]:
    """Deal a round from the end of ``stock`` (its top); return every card dealt, in order."""
    used: list[str] = []

    def draw() -> str | None:
        if not stock:
            return None
        used.append(stock.pop())
        return used[-1]

    hands = [[draw()] for _ in range(seats)]
    dealer = [draw()]
    if None in dealer or any(None in h for h in hands):
        return used
    kd_first = rules.special_card == "kd_first_card"
    if kd_first and card_kind(dealer[0], "kd_first_card") == KD:
        return used  # the dealer's first-card king wins every ante at once
    upcard = dealer[0] if rules.dealer_upcard_visible else None
    shown_7_5 = False
    still_in = 0
    for hand in hands:
        if kd_first and card_kind(hand[0], "kd_first_card") == KD:
            continue  # paid at once
        total = _play_hand(hand, upcard, policy, rules, draw)
        if total != BUST:
            still_in += 1
            shown_7_5 |= total == TARGET
    if still_in:
        _dealer_draws(dealer, rules, shown_7_5, draw)
    return used


def _play_hand(hand: list[str], upcard: str | None, policy, rules: SevenHalfRules, draw) -> int:
    exchanges, limit = 0, rules.player_max_cards or 99
    while True:
        decision = policy.decide(PlayerView(upcard=upcard, cards=tuple(hand), exchanges=exchanges))
        if decision.action == "fold":
            return BUST
        if decision.action == "exchange":
            card = draw()
            if card is None:
                return hand_total(hand, rules)
            hand[0] = card  # the four leaves play, already counted as used
            exchanges += 1
            continue
        if decision.action in ("hit", "shoot") and len(hand) < limit:
            card = draw()
            if card is None:
                return hand_total(hand, rules)
            hand.append(card)
            total = hand_total(hand, rules)
            if total == BUST or decision.action == "shoot":
                return total
            continue
        return hand_total(hand, rules)


def _dealer_draws(dealer: list[str], rules: SevenHalfRules, shown_7_5: bool, draw) -> None:
    limit = rules.dealer_max_cards or 99
    target = TARGET if shown_7_5 and rules.dealer_must_reach_7_5_vs_revealed else int(2 * rules.dealer_stands_at)
    while len(dealer) < limit:
        total = hand_total(dealer, rules, dealer=True)
        if total == BUST or total >= target:
            return
        card = draw()
        if card is None:
            return
        dealer.append(card)


def deal_nine_ten_eleven_round(stock: list[str], seats: int, play, rules: NineTenElevenRules) -> list[str]:
    """Every seat takes three cards face up and buys three more when ``play`` (the optimal
    player for the deck at the start of the round, a MainBetPlay) says so; the die uses no
    card and a switch only moves cards between a seat's hands."""
    used: list[str] = []
    for _ in range(seats):
        if len(stock) < 3:
            break
        first = [stock.pop() for _ in range(3)]
        used += first
        if len(stock) >= 3 and play.decide_buy(first) == "buy":
            used += [stock.pop() for _ in range(3)]
    return used
