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

from .data import PacketData
from .rules import OBJECTIVES, OUTCOME_TITLES, wagers_offered


def render_rules_docx(data: PacketData) -> bytes:
    doc = Document()
    doc.styles["Normal"].font.size = Pt(10)
    props = doc.core_properties
    props.title = f"Rules of play: {data.game}, {data.variant_name}"
    props.author = data.laboratory
    props.subject = f"{data.profile.submission_title}; certificate {data.certificate_number}"
    props.created = props.modified = dt.datetime.combine(data.issued, dt.time(), dt.UTC)
    doc.add_heading(f"Rules of play: {data.game}, {data.variant_name}", level=0)
    doc.add_paragraph(f"{data.profile.submission_title} · {data.profile.regulation_reference}")
    doc.add_heading("1 Summary of the game", level=1)
    doc.add_paragraph(OBJECTIVES.get(data.rules.family, ""))
    doc.add_paragraph(f"Wagers offered: {wagers_offered(data)}.")
    doc.add_heading("2 Rules", level=1)
    for i, clause in enumerate(data.rule_clauses, start=1):
        doc.add_heading(f"2.{i} {clause.title}", level=2)
        doc.add_paragraph(clause.text)
        for reading in clause.readings:
            doc.add_paragraph(reading, style="Intense Quote")
    doc.add_heading("3 Payouts", level=1)
    table = doc.add_table(rows=1, cols=3)
    table.style = "Light Grid Accent 1"
    for cell, text in zip(table.rows[0].cells, ("Bet", "Hand", "Pays"), strict=True):
        cell.text = text
    for line in data.paytable:
        row = table.add_row().cells
        row[0].text, row[1].text, row[2].text = line.bet, line.hand, line.pays
    _examples(doc, data)
    buffer = io.BytesIO()
    doc.save(buffer)
    return buffer.getvalue()


def _examples(doc, data: PacketData) -> None:
    ex = data.examples
    doc.add_heading("4 Worked examples", level=1)
    doc.add_paragraph(f"Rounds dealt from shuffled decks (generator seed {ex.seed}), decided by "
                      "the optimal strategy and settled by the exact analysis' settlement code. "
                      "Amounts are nets in units of the initial wager.")
    section = 0
    for bet, bet_name in ex.bets.items():
        for feature, title in ex.features.items():
            items = [ex.find(bet, feature, o) for o in ("win", "loss", "push")]
            if not any(items):
                continue
            section += 1
            doc.add_heading(f"4.{section} {bet_name}: {title}", level=2)
            for item in items:
                if item is None:
                    continue
                label = OUTCOME_TITLES[item.outcome]
                if isinstance(item, Example):
                    cards = " ".join(card_name(c) for c in item.cards)
                    doc.add_paragraph(f"{label}. Cards in the order dealt: {cards}")
                    for number, step in enumerate(item.steps, start=1):
                        doc.add_paragraph(f"{number}. {step}")
                    doc.add_paragraph(f"Result: net {amount(item.net)} per unit of initial wager.")
                else:
                    doc.add_paragraph(f"{label}: no example — {item.reason}.")
