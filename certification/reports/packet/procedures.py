"""Dealing procedures: the shuffle, the deal, what is exposed when, and the order of settlement.

Every sentence follows from the certified rules and the table configuration; the only
house practice stated is the settlement order, and it is labelled as such.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from casino.rules.describe import odds, total
from casino.rules.model import NineTenElevenRules, SevenHalfRules

from ..sections import body, escape
from ..tables import facts, para
from .base import render
from .data import PacketData

STEP_WORDS = {"wash": "wash (the cards spread face down and mixed by hand)", "riffle": "riffle",
              "box": "box (the deck cut into packets and restacked in reverse order)",
              "cut": "cut", "strip": "strip", "overhand": "overhand shuffle"}


def _shuffle(data: PacketData) -> list[str]:
    method = data.table.shuffling_method.strip()
    decks = "the deck" if data.table.decks == 1 else f"the {data.table.decks} decks"
    out = []
    if not method:
        out.append("No shuffling procedure is configured for this table: it must be stated "
                   "before the packet is filed.")
    elif "," in method or method.split(",")[0] in STEP_WORDS:
        steps = [STEP_WORDS.get(s.strip(), s.strip()) for s in method.split(",") if s.strip()]
        out.append(f"Before every round the dealer shuffles {decks} by hand, in this order: "
                   + "; ".join(f"({i}) {s}" for i, s in enumerate(steps, start=1)) + ".")
    else:
        out.append(f"Before every round {decks} are shuffled by {method}.")
    proc = data.procedure or {}
    if proc:
        verdict = "enough to randomise the deck" if proc.get("enough") else "NOT enough to randomise the deck"
        detail = [f"{proc.get('samples', 0):,} simulated shuffles, seed {proc.get('seed')}"]
        if proc.get("exact_tv") is not None:
            detail.append(f"total variation distance from uniform {proc['exact_tv']:.4f}")
        detail.append(f"riffles needed alone: {proc.get('riffles_needed')}")
        out.append(f"The certification assessed the procedure \"{proc.get('procedure', '')}\" as "
                   f"{verdict} ({'; '.join(detail)}); the statistical evaluation gives the details.")
    out.append("The cards are reshuffled before every round: no card of an earlier round is "
               "dealt again before a shuffle.")
    return out


def _seven_half(r: SevenHalfRules) -> list[tuple[str, str]]:
    seen = "face up" if r.dealer_upcard_visible else "face down"
    steps = [("Deal", "Clockwise from the dealer's left, each player receives one card face "
              f"down; the dealer then takes one card {seen}.")]
    if r.special_card == "kd_first_card":
        steps.append(("King of diamonds", "A player whose first card is the king of diamonds "
                      f"turns it over at once and is paid {odds(r.payouts.kd_first_card)} on the "
                      "ante before anyone acts; that player's round ends. If the dealer's first "
                      "card is the king of diamonds, the dealer collects every ante at once "
                      "and the round ends."))
    if r.special_card == "wild":
        steps.append(("The matta", "The king of diamonds is the matta. It stays with the hand "
                      "that receives it; its value is fixed only at the showdown, as the value "
                      "that gives that hand its best total."))
    if r.four_exchange_max:
        steps.append(("Exchanging a four", f"A player whose first card is a 4 may return it "
                      f"(up to {r.four_exchange_max} time(s)) after the dealer's card is dealt; "
                      "the dealer places the 4 aside, out of play for the round, and deals a "
                      "replacement face down."))
    if r.final_bet:
        steps.append(("Fold or final bet", "Each player in turn either "
                      + ("folds (the dealer collects the ante at once) or " if r.fold_allowed else "")
                      + f"places a final bet of {total(r.final_bet_min)} to {total(r.final_bet_max)} "
                      "antes beside the ante, and at the same time says stand or card."))
    if r.shoot_seven:
        steps.append(("Shooting a seven", "A player whose first card is a 7 may shoot: the "
                      "dealer deals exactly one card face down, turned over at the showdown."))
    if r.split_figures:
        steps.append(("Opening", f"A player whose first two cards are figures may open them, up "
                      f"to {r.max_splits} time(s), placing an equal wager for the new hand; each "
                      "hand formed by opening receives its second card at once."))
    limit = ("one more card" if r.player_max_cards == 2 else "cards one at a time, as the "
             "player asks")
    steps.append(("Player's draws", f"Each player in turn receives {limit}, face up. A player "
                  "whose total passes 7½ turns the hand over at once and the dealer collects its "
                  "wagers."))
    reach = (" Against a player showing 7½ the dealer draws until it reaches 7½ or busts."
             if r.dealer_must_reach_7_5_vs_revealed else "")
    if r.payouts.dealer_natural_collects is not None:
        steps.append(("Dealer's reale", "If the dealer's first two cards make 7½ (reale), the "
                      f"dealer collects {total(r.payouts.dealer_natural_collects)} from each player "
                      "still in, and 1 from a player holding a reale or triplé."))
    turn = "" if r.dealer_upcard_visible else "turns over its card and "
    steps.append(("Dealer's play", f"When every player has acted, the dealer {turn}draws while its total "
                  f"is below {total(r.dealer_stands_at)}"
                  + (", never taking a third card." if r.dealer_max_cards == 2 else ".") + reach))
    return steps


def _nine_ten_eleven(r: NineTenElevenRules) -> list[tuple[str, str]]:
    steps = [("Wagers", "Each player places the main bet and, if wished, the bonus and "
              "dice-match bets, before any card is dealt."),
             ("Deal", "Clockwise from the dealer's left, each player receives three cards face "
              "up. A hand totalling 9, 10 or 11 (aces 0 or 1) stands.")]
    if r.buy_allowed:
        steps.append(("Fold or buy", "A player whose hand does not qualify either folds (the "
                      "dealer collects the main bet) or places a second, equal bet and receives "
                      "three more cards face up."))
    if r.buy_allowed and r.switch_allowed:
        steps.append(("Switch", "If neither hand qualifies, the player may name one card of each "
                      "hand to exchange; the dealer moves the two cards."))
    steps.append(("Bonus", "The bonus is judged on the "
                  + ("first three cards as dealt" if r.bonus_on == "first_hand" else "final hands")
                  + " and settled before the die is rolled."))
    steps.append(("The die", "When every player has acted, the dealer rolls the die once, in "
                  "view of all players; every hand and dice-match bet is settled against that roll."))
    return steps


def procedures_story(data: PacketData, width: float) -> list[Flowable]:
    rules = data.rules
    table = data.table
    setup = [("Table", table.table_id or "any table configured for this variant"),
             ("Seats", str(table.seats)), ("Decks", str(table.decks)),
             ("Shuffling method", table.shuffling_method or "not configured")]
    story: list[Flowable] = [
        para("Dealing procedures", "title"),
        para(f"{escape(data.game)}, {escape(data.variant_name)} · {escape(data.profile.name)}",
             "subtitle"),
        facts(setup, width),
        para("1 Shuffle", "h2"),
        *[body(escape(t)) for t in _shuffle(data)],
        para("2 The round", "h2"),
    ]
    steps = _seven_half(rules) if isinstance(rules, SevenHalfRules) else _nine_ten_eleven(rules)
    for i, (title, text) in enumerate(steps, start=1):
        story.append(body(f"<b>2.{i} {escape(title)}.</b> {escape(text)}"))
    story += [
        para("3 Settlement", "h2"),
        body("Wagers are settled as the rules of play state, hand by hand. House practice for "
             "this table (not part of the certified rules): the dealer settles from the dealer's "
             "right to left, collecting every losing wager before paying any winning one, and "
             "pays winning wagers beside the stake."),
        body("Amounts paid follow the payout schedule of this packet; the worked examples in "
             "the rules of play show each payment."),
    ]
    return story


def render_dealing_procedures(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, "Dealing procedures", lambda width: procedures_story(data, width),
                  invariant=invariant)
