"""Surveillance on the floor's rounds: scan a table and its dealers, open cases.

A scan replays the table's rounds in time order through the pure tests
(certification.surveillance): each player's paired Wald tests and his results test, rebuilt
from the rounds each time, so a scan is idempotent and a lost one is made good by the next.
A new flag opens a case (one open case per kind and subject), audited and announced to the
surveillance role; an open case's evidence is brought up to date. Cases are worked in
surveillance_cases (which the pages import without the engines).
"""

from __future__ import annotations

import logging
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from casino.models import RoundRollup, TableConfiguration
from casino.services.rounds_ingest import round_record, rounds_for_table
from certification.floor.returns import group_days, return_alarms, return_check, sum_cells
from certification.floor.watch import DEFAULT_ALPHA
from certification.models import SurveillanceCase, SurveilledPlayer
from certification.models.surveillance import CaseKind
from certification.services.economics import table_rules
from certification.services.field_checks import table_model
from certification.services.surveillance_cases import case_for_finding
from certification.surveillance.floor import decisions_of, results_of
from certification.surveillance.players import Finding, PlayerSurveillance
from certification.surveillance.results import ResultsTest
from certification.surveillance.strategies import Strategist, UnsupportedGame

log = logging.getLogger(__name__)


def wager_limit(table: TableConfiguration) -> Fraction | None:
    """The most a seat may wager in a round: the sum of every bet's maximum (None if unset)."""
    limits = table.bet_limits or {}
    tops = [limit.get("max") for limit in limits.values() if isinstance(limit, dict)]
    if not tops or any(top is None for top in tops):
        return None
    return sum((Fraction(str(top)) for top in tops), Fraction(0))


def surveillance_scan(*, table_pk: int) -> list[SurveillanceCase]:
    """Scan one table's rounds; returns the cases opened by this scan."""
    table = TableConfiguration.objects.select_related("variant", "paytable_version").get(pk=table_pk)
    try:
        strategist = Strategist(table_rules(table))
    except UnsupportedGame as exc:
        log.info("surveillance: table %s skipped: %s", table.table_id, exc)
        return []
    limit = wager_limit(table)
    players: dict[str, PlayerSurveillance] = {}
    results: dict[str, ResultsTest] = {}
    best, loss = strategist.best_value(), strategist.largest_loss()
    for row in rounds_for_table(table):
        rnd = round_record(row, table.table_id)
        for point in decisions_of(rnd):
            watch = players.get(point.player)
            if watch is None:
                watch = players[point.player] = PlayerSurveillance(point.player, strategist)
            watch.add(point)
        for outcome in results_of(rnd):
            if limit is None:
                continue
            test = results.get(outcome.player)
            if test is None:
                test = results[outcome.player] = ResultsTest(outcome.player, best, loss, limit)
            test.add(outcome)
    return _record(table, players, results) + dealer_scan()


DEALER_ALPHA = DEFAULT_ALPHA / 3
"""The floor watch's share for its dealers (certification.floor.watch): the same check, so a
dealer case and the floor's dealer alarm rest on one family-wise alpha, not two."""


def dealer_scan(alpha: float = DEALER_ALPHA) -> list[SurveillanceCase]:
    """Every dealer's days, across tables and shifts, against the exact theory of the tables
    they dealt (the floor watch's return check by dealer: exact day band and CUSUM, the
    field trial's engine), from the rollups; a dealer whose tables lose beyond theory opens a
    case. Tables without an economic configuration (player mix, seats) are left out."""
    rows = (RoundRollup.objects.values("dealer_id", "day", "paytable_version_id", "stake_level", "table_id")
            .annotate(n=Sum("rounds"), handle=Sum("handle"), net=Sum("net")))
    tables = {t.pk: t for t in TableConfiguration.objects.select_related("variant", "paytable_version")
              .filter(pk__in={r["table_id"] for r in rows})}
    models, pairs, dealers, seen = {}, [], {}, {}
    for r in rows:
        group = f"{r['dealer_id']}/{r['paytable_version_id']}/{r['stake_level']}"
        if group not in models:
            try:
                models[group] = table_model(tables[r["table_id"]])
            except (ValidationError, KeyError):
                models[group] = None
        if models[group] is None:
            continue
        dealers[group] = r["dealer_id"]
        seen.setdefault(group, set()).add(tables[r["table_id"]].table_id)
        pairs.append((group, r["day"], r["n"], Fraction(r["handle"]), -Fraction(r["net"])))
    cells = sum_cells(pairs)
    if not cells:
        return []
    models = {g: m for g, m in models.items() if m is not None and any(k[0] == g for k in cells)}
    opened = []
    with transaction.atomic():
        for alarm in return_alarms(return_check(group_days(cells), models, alpha)):
            dealer = dealers[alarm.group]
            evidence = {"test": "return_by_dealer", "statistic": alarm.z, "threshold": None, "alpha": alpha,
                        "group": alarm.group, "alarm": alarm.test, "first_day": alarm.first_day.isoformat(),
                        "key_decisions": [],
                        "timeline": [{"round": alarm.first_day.isoformat(), "event": "evidence starts"},
                                     {"round": alarm.alarm_day.isoformat(), "event": alarm.test}]}
            case = case_for_finding(CaseKind.DEALER_RETURN, dealer, [], dealer, evidence, sorted(seen[alarm.group]),
                             [dealer])
            if case is not None:
                opened.append(case)
    return opened


@transaction.atomic
def _record(table, players: dict[str, PlayerSurveillance], results: dict[str, ResultsTest]
            ) -> list[SurveillanceCase]:
    now = timezone.now()
    for pid in set(players) | set(results):
        watch, test = players.get(pid), results.get(pid)
        stats = {f"{kind}:{partner}" if partner else kind: {
            "statistic": t.statistic, "upper": t.upper, "lower": t.lower, "alpha": t.alpha,
            "pairs": t.pairs, "status": t.status} for (kind, partner), t in (watch.tests.items() if watch else [])}
        if test is not None:
            stats["results"] = {"log_e": test.log_e, "threshold": test.threshold, "alpha": test.alpha,
                                "rounds": test.rounds, "excess_units": float(test.excess)}
        SurveilledPlayer.objects.update_or_create(player_id=pid, defaults={
            "decisions": watch.decisions if watch else 0,
            "rounds": test.rounds if test else (len(watch.rounds) if watch else 0),
            "tables": [table.table_id], "statistics": stats, "updated_at": now})
    opened = []
    for watch in players.values():
        for finding in watch.findings():
            case = case_for_finding(CaseKind(finding.kind), "+".join(sorted(finding.players)),
                             sorted(finding.players), "", _decision_evidence(finding),
                             finding.tables, finding.dealers)
            if case is not None:
                opened.append(case)
    for test in results.values():
        if test.flagged_at is None:
            continue
        dealer = test.partner_dealer or ""
        subject = f"{test.player}@{dealer}" if dealer else test.player
        case = case_for_finding(CaseKind(test.kind), subject, [test.player], dealer, _results_evidence(test),
                         list(test.tables), sorted(test.by_dealer))
        if case is not None:
            opened.append(case)
    return opened


def _units(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}


def _decision_evidence(f: Finding) -> dict[str, Any]:
    return {
        "test": "paired_wald", "statistic": f.statistic, "threshold": f.threshold, "alpha": f.alpha,
        "decisions": f.decisions, "pairs": f.pairs, "concordant": f.concordant, "discordant": f.discordant,
        "value_units": _units(f.value_units), "value_money": _units(f.value_money), "rounds": f.rounds,
        "key_decisions": [{"round": k.round_id, "table": k.table, "dealer": k.dealer, "cards": list(k.cards),
                           "public": k.public, "informed": k.informed, "taken": k.taken}
                          for k in f.key_decisions],
        "timeline": [{"round": f.first_round, "event": "first decision"},
                     {"round": f.flag_round, "event": "threshold reached"}],
    }


def _results_evidence(t: ResultsTest) -> dict[str, Any]:
    return {
        "test": "results_e_process", "statistic": t.log_e, "threshold": t.threshold, "alpha": t.alpha,
        "rounds": t.rounds, "decisions": t.flagged_at,
        # The excess is in chips; in units it is counted at the player's average wager.
        "value_units": _units(t.excess * t.rounds / t.wagered if t.wagered else t.excess),
        "value_money": _units(t.excess), "key_decisions": [],
        "by_dealer": {d: _units(x) for d, x in sorted(t.by_dealer.items())},
        "timeline": [{"round": t.first_round, "event": "first round"},
                     {"round": t.flag_round, "event": "threshold reached"}],
    }
