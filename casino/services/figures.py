"""A paytable version's exact figures: counted on first use, kept with the version, then read.

Pages and the API used to run the exact engine for a version whenever a process had not
seen its rules yet; the figures of a submitted version can never change, so they are stored
once (exact, as "p/q" strings) and every later reader gets them with one query.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db import IntegrityError, transaction

from casino.models import GameVariant, PaytableVersion, PaytableVersionFigures
from casino.rules import rules_from_dict, rules_to_dict
from certification.services import runs as run_services

FIGURES = ("house_edge", "element_of_risk", "p_win", "p_push", "p_loss")


@dataclass(frozen=True)
class BetEdge:
    bet: str
    house_edge: Fraction
    element_of_risk: Fraction
    p_win: Fraction
    p_push: Fraction
    p_loss: Fraction


@dataclass(frozen=True)
class VersionFigures:
    bets: tuple[BetEdge, ...]
    deferred: str | None = None
    """Why there are no figures yet: counting them takes too long to do on demand."""


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def bet_edges(bets: dict[str, dict[str, str]]) -> tuple[BetEdge, ...]:
    return tuple(
        BetEdge(name, *(Fraction(figures[f]) for f in FIGURES)) for name, figures in bets.items()
    )


def paytable_version_figures_get(*, version: PaytableVersion,
                                 variant: GameVariant | None = None) -> VersionFigures:
    """The version's exact figures on its variant, counted and stored if not yet stored.

    Raises RuleValidationError if the stored rules no longer validate. A variant whose exact
    count takes minutes (``slow_analysis_reason``) is not counted here: the certification run
    counts it on a worker.
    """
    from certification.odds.analysis import slow_analysis_reason

    variant = variant or version.paytable.variant
    rules = rules_from_dict(variant.rules_dict(version.payouts))
    digest = run_services.inputs_digest(rules_to_dict(rules))
    software = run_services.software_version()
    try:
        stored = version.exact_figures  # joined by a caller's select_related("exact_figures")
    except PaytableVersionFigures.DoesNotExist:
        stored = None
    if stored and stored.inputs_sha256 == digest and stored.software_version == software:
        return VersionFigures(bet_edges(stored.bets))
    reason = slow_analysis_reason(rules)
    if reason is not None:
        return VersionFigures((), deferred=reason)
    result = run_services.exact_figures(rules, variant=variant.name)
    bets = {
        name: {f: _text(getattr(figures, f)) for f in FIGURES}
        for name, figures in result.bets.items()
    }
    try:
        with transaction.atomic():
            PaytableVersionFigures.objects.update_or_create(
                version=version,
                defaults={"inputs_sha256": digest, "software_version": software, "bets": bets},
            )
    except IntegrityError:
        pass  # another process stored the same figures a moment earlier
    return VersionFigures(bet_edges(bets))
