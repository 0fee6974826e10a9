"""The rules of play as a Word document (python-docx), for a commission that edits the draft.

The same clauses, payouts and worked examples as the PDF, from the same ``PacketData``; the
file cannot carry a PAdES signature, so the packet's signed manifest vouches for its hash.
"""

from __future__ import annotations

import datetime as dt
import io

from docx import Document
from docx.shared import Pt

from certification.odds.examples import Example, amount, card_name

from ..i18n import _, say, writing_in
from .data import PacketData
from .rules import OUTCOME_TITLES, objective, reference, wagers_offered


def render_rules_docx(data: PacketData) -> bytes:
    """The rules of play in the profile's language, as a Word file."""
    with writing_in(data.profile.language) as language:
        return _render(data, language)


def _render(data: PacketData, language: str) -> bytes:
    doc = Document()
    doc.styles["Normal"].font.size = Pt(10)
    props = doc.core_properties
    title = _("Rules of play: {game}, {variant}").format(game=_(data.game), variant=data.variant_name)
    props.title = title
    props.author = data.laboratory
    props.subject = _("{title}; certificate {number}").format(
        title=data.profile.submission_title, number=data.certificate_number)
    props.language = language
    props.created = props.modified = dt.datetime.combine(data.issued, dt.time(), dt.UTC)
    doc.add_heading(title, level=0)
    doc.add_paragraph(f"{data.profile.submission_title} · {reference(data)}")
    doc.add_heading(_("1 Summary of the game"), level=1)
    doc.add_paragraph(objective(data))
    doc.add_paragraph(_("Wagers offered: {wagers}.").format(wagers=wagers_offered(data)))
    doc.add_heading(_("2 Rules"), level=1)
    for i, clause in enumerate(data.rule_clauses, start=1):
        doc.add_heading(f"2.{i} {say(clause.title)}", level=2)
        doc.add_paragraph(say(clause.text))
        for reading in clause.readings:
            doc.add_paragraph(say(reading), style="Intense Quote")
    doc.add_heading(_("3 Payouts"), level=1)
    table = doc.add_table(rows=1, cols=3)
    table.style = "Light Grid Accent 1"
    for cell, text in zip(table.rows[0].cells, (_("Bet"), _("Hand"), _("Pays")), strict=True):
        cell.text = text
    for line in data.paytable:
        row = table.add_row().cells
        row[0].text, row[1].text, row[2].text = say(line.bet), say(line.hand), say(line.pays)
    _examples(doc, data)
    buffer = io.BytesIO()
    doc.save(buffer)
    return buffer.getvalue()


def _examples(doc, data: PacketData) -> None:
    ex = data.examples
    doc.add_heading(_("{number} Worked examples").format(number=4), level=1)
    doc.add_paragraph(_("Rounds dealt from shuffled decks (generator seed {seed}), decided by the "
                        "optimal strategy and settled by the exact analysis' settlement code. "
                        "Amounts are nets in units of the initial wager.").format(seed=ex.seed))
    section = 0
    for bet, bet_name in ex.bets.items():
        for feature, title in ex.features.items():
            items = [ex.find(bet, feature, o) for o in ("win", "loss", "push")]
            if not any(items):
                continue
            section += 1
            doc.add_heading(f"4.{section} {say(bet_name)}: {say(title)}", level=2)
            for item in items:
                if item is None:
                    continue
                label = _(OUTCOME_TITLES[item.outcome])
                if isinstance(item, Example):
                    cards = " ".join(card_name(c) for c in item.cards)
                    doc.add_paragraph(_("{outcome}. Cards in the order dealt: {cards}").format(
                        outcome=label, cards=cards))
                    for number, step in enumerate(item.steps, start=1):
                        doc.add_paragraph(f"{number}. {say(step)}")
                    doc.add_paragraph(_("Result: net {net} per unit of initial wager.").format(
                        net=amount(item.net)))
                else:
                    doc.add_paragraph(_("{outcome}: no example — {reason}.").format(
                        outcome=label, reason=say(item.reason)))
