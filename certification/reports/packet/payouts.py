"""The payout schedule: payout odds and true odds per line, the house edge per bet, all exact."""

from __future__ import annotations

from fractions import Fraction

from reportlab.platypus import Flowable, KeepTogether

from casino.rules.phrases import N_

from ..fmt import bet_name, decimal, pct
from ..i18n import _, say
from ..sections import body, escape
from ..tables import grid, para
from .base import render
from .data import BetFigures, PacketData

LINE_BETS = {"ante": "main", "main": "main", "bonus": "bonus", "dice match": "dice_match"}


def line_bet(label: str) -> str:
    return LINE_BETS.get(label.lower().split(" and ")[0], "main")


def payout_value(pays: str) -> Fraction | None:
    """ "3 to 2" -> 3/2; "push", "loses 2" -> None."""
    parts = pays.split(" to ")
    if len(parts) != 2:
        return None
    try:
        return Fraction(int(parts[0]), int(parts[1]))
    except ValueError:
        return None


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def odds_against(p: Fraction) -> Fraction:
    return (1 - p) / p


def decimal_odds(value: Fraction) -> str:
    return _("{odds} to 1").format(odds=_grouped(float(value), 4))


def _grouped(value: float, digits: int) -> str:
    from ..i18n import current_language

    if current_language() == "en":
        return f"{value:,.{digits}f}"
    return decimal(value, digits)


def line_probabilities(data: PacketData) -> dict[int, Fraction]:
    """Paytable line index -> exact probability that this line pays, where the outcome table
    determines it: one wager per round (no final bet or second hand) and a payout no other
    line of the bet shares, so the net +k can only come from this line."""
    bets = {b.bet: b for b in data.bets}
    out: dict[int, Fraction] = {}
    for i, line in enumerate(data.paytable):
        bet = bets.get(line_bet(line.bet))
        value = payout_value(line.pays)
        if bet is None or value is None or bet.average_wager != 1:
            continue
        same = [other for other in data.paytable
                if line_bet(other.bet) == bet.bet and payout_value(other.pays) == value]
        if len(same) == 1 and bet.outcomes.get(value):
            out[i] = bet.outcomes[value]
    return out


def _line_rows(data: PacketData) -> list[list]:
    probabilities = line_probabilities(data)
    rows = []
    for i, line in enumerate(data.paytable):
        p = probabilities.get(i)
        rows.append([para(escape(say(line.bet))), para(escape(say(line.hand))),
                     escape(say(line.pays)), decimal(float(p), 8) if p is not None else "–",
                     decimal_odds(odds_against(p)) if p is not None else "–"])
    return rows


def _bet_rows(data: PacketData, bet: BetFigures) -> list[list]:
    rows = []
    for net, p in sorted(bet.outcomes.items()):
        rows.append([f"{'+' if net > 0 else ''}{fraction_text(net)}", decimal(float(p), 10),
                     decimal_odds(odds_against(p)) if p < 1 else "–"])
    return rows


def payout_story(data: PacketData, width: float) -> list[Flowable]:
    term = data.term()
    story: list[Flowable] = [
        para(_("Payout schedule"), "title"),
        para(_("{game}, {variant}, paytable version {version} · {profile}").format(
            game=escape(_(data.game)), variant=escape(data.variant_name),
            version=data.paytable_version, profile=escape(data.profile.name)), "subtitle"),
        body(_('<b>Payout odds</b> are what a line pays, "k to 1": the player keeps the stake and '
               "wins k. <b>True odds</b> are the odds against the paying event, (1 − p) to p, for "
               "its exact probability p under the optimal strategy. They are printed per line "
               "where the outcome table fixes the line's probability (one wager per round and a "
               "payout no other line shares); otherwise per net result in section 2.")),
        para(_("1 Paytable"), "h2"),
        grid([_("Bet"), _("Hand"), _("Payout odds"), _("Probability"), _("True odds")],
             _line_rows(data), [0.14, 0.36, 0.14, 0.16, 0.20], width, numeric_from=2),
        para(_("2 {term} and true odds per bet").format(term=escape(data.term(capital=True))), "h2"),
    ]
    for bet in data.bets:
        text = _("{term}: <b>{edge}</b> of the initial wager; element of risk {risk} of the "
                 "average amount wagered ({wager} initial wagers).").format(
            term=escape(data.term(capital=True)), edge=pct(float(bet.house_edge)),
            risk=pct(float(bet.element_of_risk)), wager=decimal(float(bet.average_wager), 6))
        if bet.house_edge < 0:
            text += " " + _("<b>Negative: the player has the advantage on this bet.</b>")
        block = [para(escape(bet_name(bet.bet)), "h3"), body(text),
                 grid([_("Net result per initial wager"), _("Probability"), _("True odds against")],
                      _bet_rows(data, bet), [0.34, 0.33, 0.33], width, numeric_from=1)]
        story.append(KeepTogether(block))
    story += [para(_("3 Exact values"), "h2"),
              body(_("The {term} of each bet as an exact fraction of the initial wager "
                     "(probabilities to 10 places above; their exact fractions are in the "
                     "statistical evaluation's outcome tables).").format(term=escape(term)))]
    story.append(grid([_("Bet"), _("{term} (exact)").format(term=data.term(capital=True))],
                      [[escape(bet_name(b.bet)), para(fraction_text(b.house_edge), "cell_mono")]
                       for b in data.bets], [0.25, 0.75], width, numeric_from=2))
    return story


def render_payout_schedule(data: PacketData, *, invariant: bool = False) -> bytes:
    return render(data, N_("Payout schedule"), lambda width: payout_story(data, width),
                  invariant=invariant)
