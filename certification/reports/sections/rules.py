"""Sections 1 and 2: the rules in full as certified, the paytable and the table limits."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from casino.rules.labels import bet_label, family_label, setting_label, settings_of
from casino.rules.phrases import N_, Phrase

from ..data import CertificateData
from ..fmt import bet_name, pct
from ..i18n import _, say
from ..tables import grid, para
from . import body, escape, heading, subheading


def rules_section(data: CertificateData, width: float) -> list[Flowable]:
    story: list[Flowable] = [
        heading(_("1 Rules of the game as certified")),
        body(_("These are the rules the figures of this certificate were computed from, written "
               "out from the certified rule variant. Where the source documents admit more than "
               "one reading, the reading certified is stated after the rule it fixes.")),
    ]
    for i, clause in enumerate(data.rule_clauses, start=1):
        block = [para(f"<b>1.{i}&nbsp;&nbsp;{escape(say(clause.title))}</b>", "clause_title"),
                 para(escape(say(clause.text)), "body")]
        block += [para(escape(say(r)), "reading") for r in clause.readings]
        story.append(KeepTogether(block))
    story += readings_block(data, width)
    story += [Spacer(1, 3 * mm), KeepTogether([
        subheading(_("Parameters of the variant as certified")), parameter_table(data.rules, width)])]
    return story


def _settings(rules: dict) -> list[tuple[str, str]]:
    """Every parameter of the variant as words: its label and its value, in the document's language."""
    family = rules.get("family", "")
    pairs = [(say(Phrase(N_("Game"))), say(family_label(family)))]
    pairs += [(say(label), say(value)) for _path, label, value in settings_of(rules)]
    return pairs


def readings_block(data: CertificateData, width: float) -> list[Flowable]:
    """Each rule the variant reads from an ambiguous source, with every reading's exact house
    edge (the run's ``exact["readings"]``), so the sentence that decides the return is known."""
    points = (data.exact.get("readings") or {}).get("points") or []
    if not points:
        return []
    story: list[Flowable] = [Spacer(1, 3 * mm), subheading(_("Readings of the rules, priced")),
                             body(_("Each rule below rests on a reading of an ambiguous sentence "
                                    "of the source. Beside the reading certified (marked *) are "
                                    "the other readings, each with the exact house edge the "
                                    "variant would have under it, so the sentence that decides "
                                    "the published return is known."))]
    rows = []
    for point in points:
        for i, row in enumerate(point["readings"]):
            label = ("* " if row["certified"] else "") + say(row["label"])
            if "bets" in row:
                edges = "<br/>".join(
                    f"{escape(bet_name(name))} {escape(pct(bet['house_edge']))}<br/>"
                    f"<font size=6.5>{escape(bet['house_edge_fraction'])}</font>"
                    for name, bet in row["bets"].items())
            else:
                edges = escape(_("not priced"))
            changes = "; ".join(say(setting_label(k, v)) for k, v in row["changes"].items()) or "—"
            rows.append([para(escape(say(point["point"])) if i == 0 else "", "cell"),
                         para(escape(label), "cell"), para(escape(changes), "cell"),
                         para(edges, "cell")])
        if point.get("unmodelled"):
            rows.append([para("", "cell"), para(escape(_("Not modelled: {reading}").format(
                reading=say(point["unmodelled"]))), "cell"), para("", "cell"), para("", "cell")])
    story.append(grid([_("Point of the source"), _("Reading"), _("Rule changes"),
                       _("House edge")], rows, [0.24, 0.34, 0.22, 0.20], width, numeric_from=3,
                      font_size=7.5))
    return story


def parameter_table(rules: dict, width: float):
    pairs = _settings(rules)
    half = (len(pairs) + 1) // 2
    left, right = pairs[:half], pairs[half:] + [("", "")] * (2 * half - len(pairs))
    rows = [[para(escape(a), "cell"), para(escape(b), "cell"), para(escape(c), "cell"),
             para(escape(d), "cell")] for (a, b), (c, d) in zip(left, right, strict=True)]
    return grid([_("Parameter"), _("Value"), _("Parameter"), _("Value")], rows,
                [0.32, 0.18, 0.32, 0.18], width, numeric_from=4, font_size=7.5)


def paytable_section(data: CertificateData, width: float) -> list[Flowable]:
    story: list[Flowable] = [
        heading(_("2 Paytable and table limits")),
        heading(_("2.1 Paytable, version {n}").format(n=data.paytable_version), 1),
        body(_('Payouts are "k to 1": the player keeps the stake and wins k more.')),
        grid([_("Bet"), _("Hand"), _("Pays")],
             [[escape(say(line.bet)), para(escape(say(line.hand))), escape(say(line.pays))]
              for line in data.paytable],
             [0.22, 0.58, 0.20], width, numeric_from=2),
        heading(_("2.2 Table limits"), 1),
    ]
    if data.table_limits:
        story.append(grid(
            [_("Bet"), _("Minimum"), _("Maximum"), _("Note")],
            [[escape(say(bet_label(t.bet))), escape(t.minimum), escape(t.maximum), para(escape(say(t.note)))]
             for t in data.table_limits],
            [0.24, 0.16, 0.16, 0.44], width, numeric_from=1,
            extra=[("ALIGN", (3, 0), (3, -1), "LEFT")]))
        story.append(body(_("Limits are in the table's currency. The figures of section 3 are "
                            "per unit of initial wager and do not depend on the limits."), "small"))
    else:
        story.append(body(_("No table limits were submitted with this certification; the "
                            "figures are per unit of initial wager and hold at any limits.")))
    return story
