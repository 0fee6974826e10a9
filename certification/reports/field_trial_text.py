"""Every sentence the field-trial report for final approval prints about the trial itself,
in one place (the per-table pages keep the field-trial report's own wording). The values are
English catalogue sources, marked for extraction; the report says them with ``_()`` in the
jurisdiction's language."""

from __future__ import annotations

from casino.rules.phrases import N_

TRIAL_TEXT: dict[str, str] = {
    "title": N_("Field trial: report for final approval"),
    "packet_document": N_("Field-trial report for final approval"),
    "subtitle": N_("{jurisdiction} · {variant}, paytable v{version} · certificate {certificate} · "
                   "generated {generated}"),
    "heading": N_("The trial"),
    "jurisdiction": N_("Jurisdiction"),
    "decision": N_("Field-trial decision"),
    "host": N_("Host property"),
    "table_limit": N_("Tables allowed"),
    "no_limit": N_("no limit stated"),
    "effective": N_("In trial since"),
    "days": N_("Days"),
    "days_value": N_("{elapsed} elapsed of the {required} required"),
    "days_free": N_("{elapsed} elapsed (no minimum)"),
    "rounds": N_("Rounds observed"),
    "rounds_value": N_("{rounds} of the {minimum} required"),
    "alarms": N_("Drift alarms posted to the regulator"),
    "files_heading": N_("Field files of the host tables"),
    "file_name": N_("File"),
    "file_sha": N_("SHA-256"),
    "file_uploaded": N_("Uploaded"),
    "file_days": N_("Host-table days"),
    "file_alarms": N_("Alarms in the file"),
    "no_files": N_("No field file holds a day of the host tables."),
    "whole_trial": N_("Each file was checked against theory when it was uploaded. The check that "
                      "follows takes every day of the host tables since the trial began together, "
                      "with the same engine, at the smallest false-alarm rate of the files."),
}

__all__ = ["TRIAL_TEXT"]
