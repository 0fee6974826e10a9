"""Dealing procedures: the shuffle, the deal, what is exposed when, and the order of settlement.

Every sentence follows from the certified rules and the table configuration; the only
house practice stated is the settlement order, and it is labelled as such.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from casino.rules.describe import odds, total
from casino.rules.model import NineTenElevenRules, SevenHalfRules
from casino.rules.phrases import N_

from ..fmt import count, decimal
from ..i18n import _, say
from ..sections import body, escape
from ..tables import facts, para
from .base import render
from .data import PacketData

STEP_WORDS = {"wash": N_("wash (the cards spread face down and mixed by hand)"),
              "riffle": N_("riffle"),
              "box": N_("box (the deck cut into packets and restacked in reverse order)"),
              "cut": N_("cut"), "strip": N_("strip"), "overhand": N_("overhand shuffle")}


def _shuffle(data: PacketData) -> list[str]:
    method = data.table.shuffling_method.strip()
    decks = _("the deck") if data.table.decks == 1 else _("the {n} decks").format(n=data.table.decks)
    out = []
    if not method:
        out.append(_("No shuffling procedure is configured for this table: it must be stated "
                     "before the packet is filed."))
    elif "," in method or method.split(",")[0] in STEP_WORDS:
        steps = [_(STEP_WORDS[s.strip()]) if s.strip() in STEP_WORDS else s.strip()
                 for s in method.split(",") if s.strip()]
        out.append(_("Before every round the dealer shuffles {decks} by hand, in this order: "
                     "{steps}.").format(decks=decks, steps="; ".join(
                         f"({i}) {s}" for i, s in enumerate(steps, start=1))))
    else:
        out.append(_("Before every round {decks} are shuffled by {method}.").format(
            decks=decks, method=method))
    proc = data.procedure or {}
    if proc:
        verdict = (_("enough to randomise the deck") if proc.get("enough") else
                   _("NOT enough to randomise the deck"))
        detail = [_("{samples} simulated shuffles, seed {seed}").format(
            samples=count(proc.get("samples", 0)), seed=proc.get("seed"))]
        if proc.get("exact_tv") is not None:
            detail.append(_("total variation distance from uniform {tv}").format(
                tv=decimal(proc["exact_tv"], 4)))
        detail.append(_("riffles needed alone: {n}").format(n=proc.get("riffles_needed")))
        out.append(_("The certification assessed the procedure \"{procedure}\" as {verdict} "
                     "({detail}); the statistical evaluation gives the details.").format(
            procedure=proc.get("procedure", ""), verdict=verdict, detail="; ".join(detail)))
    out.append(_("The cards are reshuffled before every round: no card of an earlier round is "
                 "dealt again before a shuffle."))
    return out


def _seven_half(r: SevenHalfRules) -> list[tuple[str, str]]:
    steps = [(_("Deal"), _("Clockwise from the dealer's left, each player receives one card face "
                           "down; the dealer then takes one card face up.")
              if r.dealer_upcard_visible else
              _("Clockwise from the dealer's left, each player receives one card face down; the "
                "dealer then takes one card face down."))]
    if r.special_card == "kd_first_card":
        steps.append((_("King of diamonds"), _(
            "A player whose first card is the king of diamonds turns it over at once and is paid "
            "{odds} on the ante before anyone acts; that player's round ends. If the dealer's "
            "first card is the king of diamonds, the dealer collects every ante at once and the "
            "round ends.").format(odds=say(odds(r.payouts.kd_first_card)))))
    if r.special_card == "wild":
        steps.append((_("The matta"), _(
            "The king of diamonds is the matta. It stays with the hand that receives it; its "
            "value is fixed only at the showdown, as the value that gives that hand its best "
            "total.")))
        if r.player_first_matta != "wild":
            steps.append((_("A first-card matta"), _(
                "A player whose first card is the matta shows it: it counts ½ (for the whole "
                "hand, or until the next card as the rules say) and the dealer gives that "
                "player at least one more card before it may stand.")))
        if r.dealer_first_matta != "wild":
            steps.append((_("The dealer's first-card matta"), _(
                "If the dealer's first card is the matta, it counts ½ (for the whole hand, or "
                "until the dealer's next card as the rules say), and the dealer draws on it.")))
    if r.stand_minimum == "upcard":
        steps.append((_("Standing minimum"), _(
            "The dealer refuses a stand from a player whose total is below the value of the "
            "dealer's face-up card (a matta face-up card counts {matta}) and deals that player "
            "another card.").format(matta="7" if r.stand_minimum_matta == "seven" else "½")))
    if r.four_exchange_max:
        steps.append((_("Exchanging a four"), _(
            "A player whose first card is a 4 may return it (up to {n} time(s)) after the "
            "dealer's card is dealt; the dealer places the 4 aside, out of play for the round, "
            "and deals a replacement face down.").format(n=r.four_exchange_max)))
    if r.final_bet:
        text = (_("Each player in turn either folds (the dealer collects the ante at once) or "
                  "places a final bet of {low} to {high} antes beside the ante, and at the same "
                  "time says stand or card.") if r.fold_allowed else
                _("Each player in turn either places a final bet of {low} to {high} antes beside "
                  "the ante, and at the same time says stand or card."))
        steps.append((_("Fold or final bet"), text.format(low=total(r.final_bet_min),
                                                          high=total(r.final_bet_max))))
    if r.shoot_seven:
        steps.append((_("Shooting a seven"), _(
            "A player whose first card is a 7 may shoot: the dealer deals exactly one card face "
            "down, turned over at the showdown.")))
    if r.split_figures:
        steps.append((_("Opening"), _(
            "A player whose first two cards are figures may open them, up to {n} time(s), "
            "placing an equal wager for the new hand; each hand formed by opening receives its "
            "second card at once.").format(n=r.max_splits)))
    draws = (_("Each player in turn receives one more card, face up. A player whose total passes "
               "7½ turns the hand over at once and the dealer collects its wagers.")
             if r.player_max_cards == 2 else
             _("Each player in turn receives cards one at a time, as the player asks, face up. A "
               "player whose total passes 7½ turns the hand over at once and the dealer collects "
               "its wagers."))
    steps.append((_("Player's draws"), draws))
    if r.payouts.dealer_natural_collects is not None:
        steps.append((_("Dealer's reale"), _(
            "If the dealer's first two cards make 7½ (reale), the dealer collects {amount} from "
            "each player still in, and 1 from a player holding a reale or triplé.").format(
                amount=total(r.payouts.dealer_natural_collects))))
    if r.dealer_upcard_visible:
        play = _("When every player has acted, the dealer draws while its total is below {total}")
    else:
        play = _("When every player has acted, the dealer turns over its card and draws while "
                 "its total is below {total}")
    play = play.format(total=total(r.dealer_stands_at))
    play += _(", never taking a third card.") if r.dealer_max_cards == 2 else "."
    if r.dealer_must_reach_7_5_vs_revealed:
        play += " " + _("Against a player showing 7½ the dealer draws until it reaches 7½ or busts.")
    steps.append((_("Dealer's play"), play))
    return steps


def _nine_ten_eleven(r: NineTenElevenRules) -> list[tuple[str, str]]:
    steps = [(_("Wagers"), _("Each player places the main bet and, if wished, the bonus and "
                             "dice-match bets, before any card is dealt.")),
             (_("Deal"), _("Clockwise from the dealer's left, each player receives three cards "
                           "face up. A hand totalling 9, 10 or 11 (aces 0 or 1) stands."))]
    if r.buy_allowed:
        steps.append((_("Fold or buy"), _(
            "A player whose hand does not qualify either folds (the dealer collects the main bet) "
            "or places a second, equal bet and receives three more cards face up.")))
    if r.buy_allowed and r.switch_allowed:
        steps.append((_("Switch"), _("If neither hand qualifies, the player may name one card of "
                                     "each hand to exchange; the dealer moves the two cards.")))
    steps.append((_("Bonus"), _("The bonus is judged on the first three cards as dealt and "
                                "settled before the die is rolled.")
                  if r.bonus_on == "first_hand" else
                  _("The bonus is judged on the final hands and settled before the die is "
                    "rolled.")))
    steps.append((_("The die"), _("When every player has acted, the dealer rolls the die once, "
                                  "in view of all players; every hand and dice-match bet is "
                                  "settled against that roll.")))
    return steps


def procedures_story(data: PacketData, width: float) -> list[Flowable]:
    rules = data.rules
    table = data.table
    setup = [(_("Table"), table.table_id or _("any table configured for this variant")),
             (_("Seats"), str(table.seats)), (_("Decks"), str(table.decks)),
             (_("Shuffling method"), table.shuffling_method or _("not configured"))]
    story: list[Flowable] = [
        para(_("Dealing procedures"), "title"),
        para(f"{escape(_(data.game))}, {escape(data.variant_name)} · {escape(data.profile.name)}",
             "subtitle"),
        facts(setup, width),
        para(_("1 Shuffle"), "h2"),
        *[body(escape(t)) for t in _shuffle(data)],
        para(_("2 The round"), "h2"),
    ]
    steps = _seven_half(rules) if isinstance(rules, SevenHalfRules) else _nine_ten_eleven(rules)
    for i, (title, text) in enumerate(steps, start=1):
        story.append(body(f"<b>2.{i} {escape(title)}.</b> {escape(text)}"))
    story += [
        para(_("3 Settlement"), "h2"),
        body(_("Wagers are settled as the rules of play state, hand by hand. House practice for "
               "this table (not part of the certified rules): the dealer settles from the "
               "dealer's right to left, collecting every losing wager before paying any winning "
               "one, and pays winning wagers beside the stake.")),
        body(_("Amounts paid follow the payout schedule of this packet; the worked examples in "
               "the rules of play show each payment.")),
    ]
    return story


def render_dealing_procedures(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Dealing procedures"), lambda width: procedures_story(data, width),
                  invariant=invariant)
