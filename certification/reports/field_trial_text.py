"""Every sentence the field-trial report for final approval prints about the trial itself,
in one place (the per-table pages keep the field-trial report's own wording)."""

from __future__ import annotations

TRIAL_TEXT: dict[str, str] = {
    "title": "Field trial: report for final approval",
    "packet_document": "Field-trial report for final approval",
    "subtitle": "{jurisdiction} · {variant}, paytable v{version} · certificate {certificate} · "
                "generated {generated}",
    "heading": "The trial",
    "jurisdiction": "Jurisdiction",
    "decision": "Field-trial decision",
    "host": "Host property",
    "table_limit": "Tables allowed",
    "no_limit": "no limit stated",
    "effective": "In trial since",
    "days": "Days",
    "days_value": "{elapsed} elapsed of the {required} required",
    "days_free": "{elapsed} elapsed (no minimum)",
    "rounds": "Rounds observed",
    "rounds_value": "{rounds} of the {minimum} required",
    "alarms": "Drift alarms posted to the regulator",
    "files_heading": "Field files of the host tables",
    "file_name": "File",
    "file_sha": "SHA-256",
    "file_uploaded": "Uploaded",
    "file_days": "Host-table days",
    "file_alarms": "Alarms in the file",
    "no_files": "No field file holds a day of the host tables.",
    "whole_trial": "Each file was checked against theory when it was uploaded. The check that "
                   "follows takes every day of the host tables since the trial began together, "
                   "with the same engine, at the smallest false-alarm rate of the files.",
}

__all__ = ["TRIAL_TEXT"]
