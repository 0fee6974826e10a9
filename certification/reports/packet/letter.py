"""The summary and cover letter, and the lab's list of tests run tied to checksums."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from ..sections import body, escape
from ..tables import facts, grid, para
from .base import render
from .data import PacketData
from .rules import OBJECTIVES, wagers_offered

BLANK = "____________________ (to be completed)"


def letter_story(data: PacketData, width: float) -> list[Flowable]:
    p = data.profile
    who = p.applicant_term
    edges = "; ".join(f"{b.name.lower()} {float(b.house_edge) * 100:.4f}%" for b in data.bets)
    story: list[Flowable] = [
        para(escape(p.submission_title), "title"),
        para(f"To: {escape(p.regulator or p.name)} · {escape(p.regulation_reference)}", "subtitle"),
        facts([(who.capitalize(), escape(data.applicant) or BLANK),
               ("Host casino", escape(data.host_casino) or BLANK),
               ("Game", f"{escape(data.game)}: {escape(data.variant_name)}"),
               ("Paytable version", str(data.paytable_version)),
               ("Evaluated by", escape(data.laboratory)),
               ("Certification", f"{escape(data.certificate_number)} ({escape(data.certificate_status)})"),
               ("Date", data.issued.isoformat())], width),
        para("Summary of the game", "h2"),
        body(escape(OBJECTIVES.get(data.rules.family, ""))),
        body(f"Method of play: {escape(_method(data))}"),
        body(f"Wagers offered: {escape(wagers_offered(data))}. {escape(data.term(capital=True))} "
             f"per initial wager under the optimal strategy: {escape(edges)}."),
        para("Enclosures", "h2"),
        grid(["#", "Document", "File"],
             [[str(i), para(escape(title)), para(escape(name), "cell_mono")]
              for i, (name, title) in enumerate(data.enclosures, start=1)],
             [0.06, 0.56, 0.38], width, numeric_from=3),
        body("Every PDF enclosed is signed by the laboratory (PAdES); the packet's manifest lists "
             "each file's SHA-256 and is itself signed, so any change to any file shows."),
    ]
    if data.missing:
        story += [para("Not yet complete", "h2"),
                  body(f"The {escape(p.name)} profile asks for more than this packet holds:"),
                  *[body(f"• {escape(m)}") for m in data.missing]]
    story += [Spacer(1, 10 * mm)]
    story += [body(escape(line) or "&nbsp;") for line in p.signatory_block.splitlines()]
    return story


def _method(data: PacketData) -> str:
    clauses = {c.title: c.text for c in data.rule_clauses}
    picks = ["The deal", "Fold or final bet", "Player's draw", "Dealer's play", "Settlement",
             "Wagers and deal", "Fold or buy", "Switch", "The die"]
    return " ".join(clauses[t] for t in picks if t in clauses)


def render_cover_letter(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, "Summary and cover letter", lambda width: letter_story(data, width),
                  invariant=invariant)


def tests_story(data: PacketData, width: float) -> list[Flowable]:
    sim = data.simulation or {}
    rows = [[para(escape(c.get("name", ""))),
             "passed" if c.get("passed") else "not run" if c.get("passed") is None else "FAILED",
             para(escape(c.get("detail", "")), "small_ink")] for c in data.checks]
    inputs = [[para(escape(name)), para(escape(digest), "cell_mono")]
              for name, digest in data.inputs_sha256.items()]
    story: list[Flowable] = [
        para("Tests run and checksums", "title"),
        para(f"{escape(data.game)}, {escape(data.variant_name)} · certificate "
             f"{escape(data.certificate_number)}", "subtitle"),
        para("1 Build", "h2"),
        facts([("Software version", escape(data.software_version)),
               ("Source revision", escape(data.git_commit) or "not from a source checkout"),
               ("Simulation", f"{data.rounds:,} rounds, root seed {escape(data.seed)}"
                + (f", in {sim.get('chunks')} chunk(s) of up to {sim.get('chunk_rounds'):,}"
                   if sim.get("chunk_rounds") else ""))], width),
        para("2 Inputs", "h2"),
        body("SHA-256 of every input the results were computed from; the rule variant's hash "
             "is over its canonical JSON (sorted keys), as printed in the certificate."),
        grid(["Input", "SHA-256"], inputs, [0.3, 0.7], width, numeric_from=2),
        para("3 Tests and results", "h2"),
        grid(["Test", "Result", "Detail"], rows, [0.32, 0.12, 0.56], width, numeric_from=3),
        body("The exact analysis enumerates every deal; the simulation confirms it when the "
             "simulated edge lies within four standard errors of the exact one. The statistical "
             "evaluation (the certificate) gives every figure, interval and p-value."),
    ]
    return story


def render_test_summary(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, "Tests run and checksums", lambda width: tests_story(data, width),
                  invariant=invariant)
