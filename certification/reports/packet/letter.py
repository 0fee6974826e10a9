"""The summary and cover letter, and the lab's list of tests run tied to checksums."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from casino.rules.phrases import N_

from ..fmt import bet_name, count, date, pct
from ..i18n import _, say
from ..sections import body, escape
from ..tables import facts, grid, para
from .base import render
from .data import PacketData
from .rules import TO_COMPLETE, objective, reference, wagers_offered

BLANK = N_("____________________ (to be completed)")
CERTIFICATE_STATUSES = {"draft": N_("draft"), "approved": N_("approved"), "valid": N_("valid"),
                        "superseded": N_("superseded"), "withdrawn": N_("withdrawn"),
                        "revoked": N_("revoked"), "expired": N_("expired"), "not issued": N_("not issued")}


def letter_story(data: PacketData, width: float) -> list[Flowable]:
    p = data.profile
    who = p.applicant_term
    edges = "; ".join(f"{bet_name(b.bet).lower()} {pct(float(b.house_edge))}" for b in data.bets)
    status = CERTIFICATE_STATUSES.get(data.certificate_status, data.certificate_status)
    story: list[Flowable] = [
        para(escape(p.submission_title), "title"),
        para(_("To: {regulator} · {reference}").format(
            regulator=escape(p.regulator or (p.name if p.regulation_reference else _(TO_COMPLETE))),
            reference=escape(reference(data))), "subtitle"),
        facts([(who.capitalize(), escape(data.applicant) or _(BLANK)),
               (_("Host casino"), escape(data.host_casino) or _(BLANK)),
               (_("Game"), f"{escape(_(data.game))}: {escape(data.variant_name)}"),
               (_("Paytable version"), str(data.paytable_version)),
               (_("Evaluated by"), escape(data.laboratory)),
               (_("Certification"), f"{escape(data.certificate_number)} ({escape(_(status))})"),
               (_("Date"), date(data.issued))], width),
        para(_("Summary of the game"), "h2"),
        body(escape(objective(data))),
        body(_("Method of play: {method}").format(method=escape(_method(data)))),
        body(_("Wagers offered: {wagers}. {term} per initial wager under the optimal strategy: "
               "{edges}.").format(wagers=escape(wagers_offered(data)),
                                  term=escape(data.term(capital=True)), edges=escape(edges))),
        para(_("Enclosures"), "h2"),
        grid(["#", _("Document"), _("File")],
             [[str(i), para(escape(_(title))), para(escape(name), "cell_mono")]
              for i, (name, title) in enumerate(data.enclosures, start=1)],
             [0.06, 0.56, 0.38], width, numeric_from=3),
        body(_("Every PDF enclosed is signed by the laboratory (PAdES); the packet's manifest "
               "lists each file's SHA-256 and is itself signed, so any change to any file shows.")),
    ]
    if data.missing:
        story += [para(_("Not yet complete"), "h2"),
                  body(_("The {profile} profile asks for more than this packet holds:").format(
                      profile=escape(p.name))),
                  *[body(f"• {escape(say(m))}") for m in data.missing]]
    story += [Spacer(1, 10 * mm)]
    signatory = p.signatory_block or _("Signatory block: {blank}").format(blank=_(TO_COMPLETE))
    story += [body(escape(line) or "&nbsp;") for line in signatory.splitlines()]
    return story



def _method(data: PacketData) -> str:
    clauses = {c.title: c.text for c in data.rule_clauses}
    picks = ["The deal", "Fold or final bet", "Player's draw", "Dealer's play", "Settlement",
             "Wagers and deal", "Fold or buy", "Switch", "The die"]
    return " ".join(say(clauses[t]) for t in picks if t in clauses)


def render_cover_letter(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Summary and cover letter"), lambda width: letter_story(data, width),
                  invariant=invariant)


def tests_story(data: PacketData, width: float) -> list[Flowable]:
    sim = data.simulation or {}
    rows = [[para(escape(say(c.get("name", "")))),
             _("passed") if c.get("passed") else _("not run") if c.get("passed") is None
             else _("FAILED"), para(escape(say(c.get("detail", ""))), "small_ink")]
            for c in data.checks]
    inputs = [[para(escape(_(name))), para(escape(digest), "cell_mono")]
              for name, digest in data.inputs_sha256.items()]
    simulation = _("{rounds} rounds, root seed {seed}").format(rounds=count(data.rounds),
                                                                seed=escape(data.seed))
    if sim.get("chunk_rounds"):
        simulation += _(", in {chunks} chunk(s) of up to {size}").format(
            chunks=sim.get("chunks"), size=count(sim.get("chunk_rounds")))
    story: list[Flowable] = [
        para(_("Tests run and checksums"), "title"),
        para(_("{game}, {variant} · certificate {number}").format(
            game=escape(_(data.game)), variant=escape(data.variant_name),
            number=escape(data.certificate_number)), "subtitle"),
        para(_("1 Build"), "h2"),
        facts([(_("Software version"), escape(data.software_version)),
               (_("Source revision"), escape(data.git_commit) or _("not from a source checkout")),
               (_("Simulation"), simulation)], width),
        para(_("2 Inputs"), "h2"),
        body(_("SHA-256 of every input the results were computed from; the rule variant's hash "
               "is over its canonical JSON (sorted keys), as printed in the certificate.")),
        grid([_("Input"), "SHA-256"], inputs, [0.3, 0.7], width, numeric_from=2),
        para(_("3 Tests and results"), "h2"),
        grid([_("Test"), _("Result"), _("Detail")], rows, [0.32, 0.12, 0.56], width,
             numeric_from=3),
        body(_("The exact analysis enumerates every deal; the simulation confirms it when the "
               "simulated edge lies within four standard errors of the exact one. The statistical "
               "evaluation (the certificate) gives every figure, interval and p-value.")),
    ]
    return story


def render_test_summary(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Tests run and checksums"), lambda width: tests_story(data, width),
                  invariant=invariant)
