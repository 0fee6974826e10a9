"""Economics and field results as plain JSON (the commands' --json, the API, stored reports)."""

from __future__ import annotations

from typing import Any

from .analysis import MixedFigures, bet_json
from .field import FieldReport, TableResult
from .table import TableEconomics

COVARIANCE_METHOD = (
    "exact: seats conditionally independent given the dealer's upcard (when seen) and final "
    "outcome, each seat's joint law with the dealer from the exact engine; card removal "
    "between seats left out")


def economics_json(mixed: MixedFigures, econ: TableEconomics) -> dict[str, Any]:
    s = econ.setup
    bank = econ.bankroll
    return {
        "mix": {name: float(share) for name, share in mixed.mix.shares},
        "bets": {name: bet_json(bet) for name, bet in mixed.bets.items()},
        "strategies": {name: bet_json(f.bets["main"]) for name, f in mixed.per_strategy.items()},
        "decisions_per_hour": s.decisions_per_hour,
        "seats": s.seats,
        "average_bet": float(s.average_bet),
        "hours": float(s.hours),
        "theo_win_per_hour": float(econ.theo_win_per_hour),
        "theo_win_per_day": float(econ.theo_win_per_day),
        "sd_per_hour": econ.sd_per_hour,
        "sd_per_day": econ.sd_per_day,
        "seat_sd": econ.seat_sd,
        "seat_correlation": econ.seat_correlation,
        "covariance_method": COVARIANCE_METHOD,
        "p_losing_day": econ.p_losing_day.probability,
        "p_losing_day_method": econ.p_losing_day.method,
        "p_losing_month": econ.p_losing_month.probability,
        "p_losing_month_method": econ.p_losing_month.method,
        "days_per_month": s.days_per_month,
        "bankroll": {
            "amount": bank.amount, "ruin_probability": bank.ruin_probability,
            "seats": bank.seats, "bet": float(bank.bet), "note": bank.reason,
            "method": "Lundberg's inequality (adjustment coefficient of the exact round law)",
        },
        "daily_distribution": [{"from": a, "to": b, "p": p} for a, b, p in econ.daily],
        "notes": list(mixed.notes),
    }


def table_json(t: TableResult) -> dict[str, Any]:
    return {
        "days": len(t.days),
        "rounds": t.rounds,
        "handle": float(t.handle),
        "expected_win": t.expected_win,
        "actual_win": float(t.actual_win),
        "sd": t.sd,
        "z": t.z,
        "hold": t.hold,
        "house_edge": float(t.house_edge),
        "seats": t.seats,
        "drift": {
            "alarm": t.drift_index is not None,
            "first_date": t.drift_date.isoformat() if t.drift_date else None,
            "direction": t.drift_direction or None,
            "threshold": t.threshold.h if t.threshold else None,
        },
        "series": [
            {"date": d.day.date.isoformat(), "rounds": d.day.rounds, "handle": float(d.day.handle),
             "win": float(d.day.win), "expected": d.expected, "sd": d.sd, "z": d.z, "p": d.p,
             "alarm": d.alarm or None}
            for d in t.days
        ],
    }


def field_json(report: FieldReport) -> dict[str, Any]:
    return {
        "tables": {name: table_json(t) for name, t in report.tables.items()},
        "day_alarms": [
            {"table": a.day.table, "date": a.day.date.isoformat(), "line": a.day.line,
             "z": a.z, "p": a.p, "kind": a.alarm}
            for a in report.day_alarms
        ],
        "alpha": report.alpha,
        "house_edge": None if report.house_edge is None else float(report.house_edge),
        "seats": report.seats,
        "method": {
            "days": f"two-sided tail of the day's exact law below {report.day_level:.3g} "
                    "(alpha/2 over every day, Bonferroni), or outside what any round can pay",
            "drift": "two-sided CUSUM (k = 0.5, daily z capped at 3) over the days without a day "
                     "alarm; threshold simulated for alpha/2 over the tables",
        },
    }
