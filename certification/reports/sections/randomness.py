"""Section 5: the randomness of the deal: RNG output, shuffle logs, hand procedures."""

from __future__ import annotations

import math

from reportlab.platypus import Flowable, KeepTogether

from casino.rules.cards import deck_for_size
from casino.rules.phrases import N_

from ..charts import position_heatmap
from ..data import CertificateData
from ..fmt import count, decimal, pvalue
from ..i18n import _, current_language
from ..stored import say_stored
from ..styles import FAIL, PASS
from ..tables import facts, grid, para
from . import body, escape, heading, subheading

NIST_ALPHA = 0.01
"""SP 800-22's significance level per p-value, which sets the acceptance interval."""


def randomness_section(data: CertificateData, width: float) -> list[Flowable]:
    story: list[Flowable] = [heading(_("5 Randomness of the deal"))]
    parts = [(data.nist, nist_block), (data.shuffle_battery, battery_block),
             (data.procedure, procedure_block)]
    present = [(evidence, block) for evidence, block in parts if evidence is not None]
    if not present:
        story.append(body(_("No randomness evidence (RNG output, shuffle log or dealing "
                            "procedure) was part of this certification.")))
        return story
    for i, (evidence, block) in enumerate(present, start=1):
        story += block(f"5.{i}", evidence, width)
    return story


def _general(value: float, spec: str = "g") -> str:
    """A short figure (0.01, 1e-04) with the document's decimal sign."""
    text = format(value, spec)
    return text if current_language() == "en" else text.replace(".", ",")


def _result(passed: bool | None) -> str:
    return {True: _("pass"), False: _("FAIL"), None: _("n/a")}[passed]


def _acceptance(summary: dict, p_count: int) -> tuple[float, float] | None:
    if summary.get("proportion_interval"):
        return tuple(summary["proportion_interval"])
    if not p_count:
        return None
    half = 3 * math.sqrt(NIST_ALPHA * (1 - NIST_ALPHA) / p_count)
    return 1 - NIST_ALPHA - half, 1 - NIST_ALPHA + half


def nist_block(number: str, nist: dict, width: float) -> list[Flowable]:
    story: list[Flowable] = [
        heading(_("{number} RNG output: NIST SP 800-22").format(number=number), 1),
        body(_("The fifteen tests of NIST SP 800-22 rev. 1a at their standard parameters, run on "
               "{streams} streams of {bits} bits. A test passes when the proportion of p-values "
               "≥ {alpha} lies in the acceptance interval (1 − α) ± 3·sqrt(α(1 − α)/k) and the "
               "p-values are uniform (uniformity p ≥ {floor}).").format(
            streams=count(nist["streams"]), bits=count(nist["bits_per_stream"]),
            alpha=_general(NIST_ALPHA), floor=decimal(0.0001, 4))),
    ]
    rows, extra = [], []
    for i, (name, s) in enumerate(nist["summary"].items(), start=1):
        per_stream = nist.get("tests", {}).get(name) or []
        k = s.get("count") or sum(len(ps) for ps in per_stream if ps)
        interval = _acceptance(s, k)
        rows.append([name, count(k), decimal(s.get("proportion"), 4),
                     "–" if interval is None else
                     f"{decimal(interval[0], 4)} – {decimal(interval[1], 4)}",
                     pvalue(s.get("uniformity_p")), _result(s.get("pass"))])
        if s.get("pass") is not None:
            extra.append(("TEXTCOLOR", (5, i), (5, i), PASS if s["pass"] else FAIL))
    story.append(grid([_("Test"), _("p-values"), _("Proportion"), _("Acceptance interval"),
                       _("Uniformity p"), _("Result")], rows, [0.29, 0.11, 0.13, 0.21, 0.14, 0.12], width,
                      font_size=7.5, extra=extra))
    failed = [n for n, s in nist["summary"].items() if s.get("pass") is False]
    verdict = (_("Every applicable test passed.") if not failed else
               _("Failed: {tests}. The RNG output is not accepted.").format(tests=", ".join(failed)))
    story.append(body(_("<b>Verdict:</b> {verdict} A test marked n/a did not apply to streams "
                        "of this length or content (e.g. too few cycles for the random "
                        "excursions tests).").format(verdict=verdict), "body"))
    return story


def battery_block(number: str, battery: dict, width: float) -> list[Flowable]:
    verdict = battery.get("verdict", "")
    story: list[Flowable] = [
        heading(_("{number} Shuffle log battery").format(number=number), 1),
        body(_("Every test of the battery was run on the submitted shuffle log; p-values are "
               "adjusted with Holm's method so that the whole battery has a family-wise level of "
               "{alpha}. A test is flagged when its adjusted p-value falls below that level. The "
               "detectable effect is the smallest effect that test finds with 80% power at this "
               "log's size.").format(alpha=_general(battery["alpha"]))),
        facts([(_("Shuffles"), count(battery["shuffles"])),
               (_("Deck size"), _("{n} cards").format(n=battery["deck_size"])),
               (_("Verdict"), "<b>" + (_("pass") if verdict == "pass" else _("FAIL")) + "</b>: "
                + (_("no test flagged") if verdict == "pass" else
                   _("the log departs from uniform shuffling")))], width, 0.22),
    ]
    rows, extra = [], []
    for i, t in enumerate(battery["tests"], start=1):
        effect = t.get("detectable_effect")
        measure = t.get("effect_measure") or ""
        rows.append([para(escape(t["name"]).replace("_", " "), "small_ink"),
                     decimal(t.get("statistic"), 3), pvalue(t.get("p_value")),
                     _("FLAGGED") if t.get("flagged") else _("no"),
                     para(escape(t.get("sensitive_to", "")), "small"),
                     para(("–" if effect is None else _general(effect, ".4g"))
                          + (f" {escape(measure)}" if measure and effect is not None else ""),
                          "small")])
        extra.append(("TEXTCOLOR", (3, i), (3, i), FAIL if t.get("flagged") else PASS))
    story.append(grid([_("Test"), _("Statistic"), _("p-value"), _("Flagged"), _("Sensitive to"),
                       _("Detectable effect")], rows, [0.2, 0.1, 0.11, 0.09, 0.32, 0.18], width,
                      font_size=7, extra=[*extra, ("VALIGN", (0, 0), (-1, -1), "TOP"),
                             ("ALIGN", (4, 0), (-1, 0), "LEFT")]))
    counts = battery.get("position_counts")
    if counts:
        n = len(counts)
        try:
            labels = [c.code for c in deck_for_size(n)]
        except (ValueError, KeyError, TypeError):
            labels = [str(i + 1) for i in range(n)]
        story.append(KeepTogether([
            subheading(_("Where each card landed")),
            position_heatmap(counts, labels, width),
            body(_("Each cell counts how often a card (row) ended at a position (column) over "
                   "{shuffles} shuffles, coloured by its distance from the uniform expectation in "
                   "standard deviations. A fair shuffle gives a pale, patternless square; a stuck "
                   "card or a weak riffle shows as a stripe or a diagonal.").format(
                shuffles=count(battery["shuffles"])), "caption"),
        ]))
    for note in battery.get("notes", []):
        story.append(body("• " + escape(note), "small"))
    return story


def procedure_block(number: str, proc: dict, width: float) -> list[Flowable]:
    tv = proc.get("tv_distance")
    if tv is None:
        tv = next((proc[k] for k in ("exact_tv", "tv_upper_bound", "top_card_tv")
                   if proc.get(k) is not None), None)
    method = proc.get("tv_method") or (N_("exact") if proc.get("exact_tv") is not None
                                       else N_("estimated"))
    guess = proc.get("guessing_advantage", proc.get("guess_advantage"))
    enough = bool(proc.get("enough"))
    rows = [
        (_("Procedure"), escape(proc.get("procedure", ""))),  # the procedure as written: its notation
        (_("Deck size"), _("{n} cards").format(n=proc.get("deck_size"))),
        (_("Distance from uniform"), _("{tv} total variation ({method})").format(
            tv=decimal(tv, 4), method=escape(_(method)))),
        (_("Guessing advantage"), "–" if guess is None else
         _("{guess} extra correct guesses per deck").format(guess=decimal(guess, 3))),
        (_("Riffles needed"), _("{n} riffle shuffles bring this deck within {threshold} of "
                                "uniform").format(n=proc.get("riffles_needed"),
                                                  threshold=_general(proc.get("tv_threshold", 0.1)))),
        (_("Verdict"), "<b>" + (_("enough") if enough else _("NOT ENOUGH")) + "</b>: "
         + (_("the procedure mixes the deck") if enough else
            _("the procedure leaves the deck detectably ordered"))),
    ]
    story: list[Flowable] = [
        heading(_("{number} Hand-shuffle procedure").format(number=number), 1),
        body(_("The dealing procedure is judged by how far the deck it leaves is from a "
               "uniformly random order (total variation distance: the largest difference the "
               "procedure makes to the probability of any event about the order) and by how much "
               "a player who saw the previous order could gain by guessing.")),
        facts(rows, width, 0.26),
    ]
    story += [body("• " + escape(say_stored(r)), "small") for r in proc.get("reasons", [])]
    return story
