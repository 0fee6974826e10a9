"""The rules of play, numbered as a rules chapter, with worked examples for every bet and rule."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from certification.odds.examples import Example, Missing, amount, card_name

from ..sections import body, escape
from ..styles import styles
from ..tables import grid, para
from .base import render
from .data import PacketData

OBJECTIVES = {
    "seven_and_half": "The object of the game is a hand whose total is closer to 7½ than the "
                      "dealer's, without going over 7½.",
    "nine_ten_eleven": "The object of the game is a three-card hand totalling 9, 10 or 11 "
                       "that beats the dealer's roll of the die.",
}
OUTCOME_TITLES = {"win": "Win", "loss": "Loss", "push": "Push (tie)"}


def wagers_offered(data: PacketData) -> str:
    bets = sorted({line.bet.split(" and ")[0] for line in data.paytable}, key=[
        line.bet.split(" and ")[0] for line in data.paytable].index)
    return ", ".join(bets)


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
    result = f"<b>Result: net {amount(example.net)}</b> per unit of initial wager"
    chips = base_bet(data)
    if chips:
        result += (f" (with a {chips}-chip {'ante' if data.rules.family == 'seven_and_half' else 'bet'}:"
                   f" {amount(example.net * chips)} chips)")
    rows = [Paragraph(f"<b>{number} {OUTCOME_TITLES[example.outcome]}.</b> Cards in the order "
                      f"dealt: {escape(cards)}", s["body"])]
    rows += [Paragraph(f"{i}. {escape(step)}", s["small_ink"]) for i, step in
             enumerate(example.steps, start=1)]
    rows.append(Paragraph(result + ".", s["body"]))
    return [KeepTogether(rows), Spacer(1, 2 * mm)]


def _missing(number: str, missing: Missing) -> list[Flowable]:
    return [para(f"<b>{number} {OUTCOME_TITLES[missing.outcome]}:</b> no example — "
                 f"{escape(missing.reason)}.", "small_ink"), Spacer(1, 2 * mm)]


def examples_section(data: PacketData, start: int) -> list[Flowable]:
    ex = data.examples
    story: list[Flowable] = [
        para(f"{start} Worked examples", "h2"),
        body(f"Each example is a round dealt from a shuffled deck (generator seed {ex.seed}; "
             f"{ex.attempts:,} decks dealt to find them all). Where a rule needs a particular "
             "card, that card was moved to the top of the shuffled deck. The player's decisions "
             "are those of the optimal strategy the figures assume, and each round is settled "
             "by the same settlement code the exact analysis uses. Amounts are nets in units "
             "of the initial wager: +2 means the player keeps the stake and wins two units."),
    ]
    section = 0
    for bet, bet_name in ex.bets.items():
        for feature, title in ex.features.items():
            items = [ex.find(bet, feature, outcome) for outcome in ("win", "loss", "push")]
            if not any(items):
                continue
            section += 1
            number = f"{start}.{section}"
            story.append(para(f"{number} {escape(bet_name)}: {escape(title)}", "h3"))
            for i, item in enumerate([it for it in items if it is not None], start=1):
                if isinstance(item, Example):
                    story += _example(f"{number}.{i}", item, data)
                else:
                    story += _missing(f"{number}.{i}", item)
    return story


def rules_of_play_story(data: PacketData, width: float) -> list[Flowable]:
    p = data.profile
    story: list[Flowable] = [
        para(f"Rules of play: {escape(data.game)}, {escape(data.variant_name)}", "title"),
        para(f"{escape(p.submission_title)} · {escape(p.regulation_reference)}", "subtitle"),
        para("1 Summary of the game", "h2"),
        body(OBJECTIVES.get(data.rules.family, "")),
        body(f"Wagers offered: {escape(wagers_offered(data))}. "
             + (f"Source of the rules: {escape(data.preset_source)}." if data.preset_source else "")),
        para("2 Rules", "h2"),
    ]
    for i, clause in enumerate(data.rule_clauses, start=1):
        block = [para(f"<b>2.{i}&nbsp;&nbsp;{escape(clause.title)}</b>", "clause_title"),
                 para(escape(clause.text), "body")]
        block += [para(escape(r), "reading") for r in clause.readings]
        story.append(KeepTogether(block))
    story += [para("3 Payouts", "h2"),
              body('Payouts are "k to 1": the player keeps the stake and wins k more.'),
              grid(["Bet", "Hand", "Pays"],
                   [[escape(line.bet), para(escape(line.hand)), escape(line.pays)]
                    for line in data.paytable], [0.24, 0.56, 0.20], width, numeric_from=2)]
    story += examples_section(data, 4)
    return story


def render_rules_of_play(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, "Rules of play", lambda width: rules_of_play_story(data, width),
                  invariant=invariant)
