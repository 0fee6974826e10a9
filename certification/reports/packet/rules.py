"""The rules of play, numbered as a rules chapter, with worked examples for every bet and rule."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from casino.rules.phrases import N_
from certification.odds.examples import Example, Missing, amount, card_name

from ..fmt import count
from ..i18n import _, say
from ..sections import body, escape
from ..styles import styles
from ..tables import grid, para
from .base import render
from .data import PacketData

OBJECTIVES = {
    "seven_and_half": N_("The object of the game is a hand whose total is closer to 7½ than the "
                         "dealer's, without going over 7½."),
    "nine_ten_eleven": N_("The object of the game is a three-card hand totalling 9, 10 or 11 "
                          "that beats the dealer's roll of the die."),
}
OUTCOME_TITLES = {"win": N_("Win"), "loss": N_("Loss"), "push": N_("Push (tie)")}


def objective(data: PacketData) -> str:
    return _(OBJECTIVES.get(data.rules.family, ""))


def wagers_offered(data: PacketData) -> str:
    bets = sorted({line.bet.split(" and ")[0] for line in data.paytable}, key=[
        line.bet.split(" and ")[0] for line in data.paytable].index)
    return ", ".join(say(bet) for bet in bets)


def base_bet(data: PacketData) -> int | None:
    """The table's smallest initial wager, to print example amounts in chips too."""
    for bet in ("ante", "main"):
        entry = data.table.limits.get(bet) if data.table.limits else None
        if isinstance(entry, dict) and isinstance(entry.get("min"), int):
            return entry["min"]
    return None


def _example(number: str, example: Example, data: PacketData) -> list[Flowable]:
    s = styles()
    cards = " ".join(card_name(c) for c in example.cards)
    result = _("<b>Result: net {net}</b> per unit of initial wager").format(net=amount(example.net))
    chips = base_bet(data)
    if chips:
        chip_text = (_(" (with a {chips}-chip ante: {amount} chips)")
                     if data.rules.family == "seven_and_half" else
                     _(" (with a {chips}-chip bet: {amount} chips)"))
        result += chip_text.format(chips=chips, amount=amount(example.net * chips))
    rows = [Paragraph(_("<b>{number} {outcome}.</b> Cards in the order dealt: {cards}").format(
        number=number, outcome=_(OUTCOME_TITLES[example.outcome]), cards=escape(cards)), s["body"])]
    rows += [Paragraph(f"{i}. {escape(say(step))}", s["small_ink"]) for i, step in
             enumerate(example.steps, start=1)]
    rows.append(Paragraph(result + ".", s["body"]))
    return [KeepTogether(rows), Spacer(1, 2 * mm)]


def _missing(number: str, missing: Missing) -> list[Flowable]:
    return [para(_("<b>{number} {outcome}:</b> no example — {reason}.").format(
        number=number, outcome=_(OUTCOME_TITLES[missing.outcome]), reason=escape(say(missing.reason))),
        "small_ink"), Spacer(1, 2 * mm)]


def examples_section(data: PacketData, start: int) -> list[Flowable]:
    ex = data.examples
    story: list[Flowable] = [
        para(_("{number} Worked examples").format(number=start), "h2"),
        body(_("Each example is a round dealt from a shuffled deck (generator seed {seed}; "
               "{decks} decks dealt to find them all). Where a rule needs a particular card, "
               "that card was moved to the top of the shuffled deck. The player's decisions are "
               "those of the optimal strategy the figures assume, and each round is settled by "
               "the same settlement code the exact analysis uses. Amounts are nets in units of "
               "the initial wager: +2 means the player keeps the stake and wins two units.").format(
            seed=ex.seed, decks=count(ex.attempts))),
    ]
    section = 0
    for bet, bet_name in ex.bets.items():
        for feature, title in ex.features.items():
            items = [ex.find(bet, feature, outcome) for outcome in ("win", "loss", "push")]
            if not any(items):
                continue
            section += 1
            number = f"{start}.{section}"
            story.append(para(f"{number} {escape(say(bet_name))}: {escape(say(title))}", "h3"))
            for i, item in enumerate([it for it in items if it is not None], start=1):
                if isinstance(item, Example):
                    story += _example(f"{number}.{i}", item, data)
                else:
                    story += _missing(f"{number}.{i}", item)
    return story


def rules_of_play_story(data: PacketData, width: float) -> list[Flowable]:
    p = data.profile
    story: list[Flowable] = [
        para(_("Rules of play: {game}, {variant}").format(
            game=escape(_(data.game)), variant=escape(data.variant_name)), "title"),
        para(f"{escape(p.submission_title)} · {escape(reference(data))}", "subtitle"),
        para(_("1 Summary of the game"), "h2"),
        body(objective(data)),
        body(_("Wagers offered: {wagers}.").format(wagers=escape(wagers_offered(data))) + " "
             + (_("Source of the rules: {source}.").format(source=escape(say(data.preset_source)))
                if data.preset_source else "")),
        para(_("2 Rules"), "h2"),
    ]
    for i, clause in enumerate(data.rule_clauses, start=1):
        block = [para(f"<b>2.{i}&nbsp;&nbsp;{escape(say(clause.title))}</b>", "clause_title"),
                 para(escape(say(clause.text)), "body")]
        block += [para(escape(say(r)), "reading") for r in clause.readings]
        story.append(KeepTogether(block))
    story += [para(_("3 Payouts"), "h2"),
              body(_('Payouts are "k to 1": the player keeps the stake and wins k more.')),
              grid([_("Bet"), _("Hand"), _("Pays")],
                   [[escape(say(line.bet)), para(escape(say(line.hand))), escape(say(line.pays))]
                    for line in data.paytable], [0.24, 0.56, 0.20], width, numeric_from=2)]
    story += examples_section(data, 4)
    return story


def render_rules_of_play(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Rules of play"), lambda width: rules_of_play_story(data, width),
                  invariant=invariant)


TO_COMPLETE = N_("[to be completed by an administrator]")


def reference(data: PacketData) -> str:
    """The legal reference, or a plain note that the profile still lacks it."""
    return data.profile.regulation_reference or _(TO_COMPLETE)
