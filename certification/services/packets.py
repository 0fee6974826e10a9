"""The commission submission packet: what a profile requires, and the signed archive itself.

Documents are built from the run's rule snapshot and the engines: the exact analysis is
computed again (and must give the run's figures, or nothing is issued), the worked examples
come from its optimal policy, and every PDF is signed before it is hashed into the manifest.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from casino.models import Jurisdiction, TableConfiguration, TableStatus
from casino.models.tables import SEAT_BOUNDS
from casino.rules import PRESET_SOURCES, rules_from_dict
from casino.rules.describe import describe_paytable, describe_rules
from casino.rules.phrases import N_, Joined, Phrase
from casino.services.errors import WorkflowError
from casino.services.standing import certificate_standing
from certification.models import CertificationRun, PacketJob, RunStatus
from certification.odds.examples import worked_examples
from certification.reports.fmt import bet_name
from certification.reports.packet import RENDERERS, enclosures, media_type
from certification.reports.packet.catalogue import DOCUMENTS, RANDOMNESS_CHECKS
from certification.reports.packet.data import BetFigures, PacketData, Profile, TableSetup
from certification.reports.packet.manifest import PacketFile, build_archive
from certification.services.certificates import (
    GAME_NAMES,
    NoCertificateError,
    certificate_kind,
    certificate_rendering,
    git_commit,
)
from certification.services.runs import exact_figures, verdict_for
from certification.services.signing import sign_manifest, sign_pdf

PROFILE_FIELDS = {"regulator": N_("regulator"), "regulation_reference": N_("legal reference"),
                  "signatory_block": N_("signatory block")}
"""The profile's fields an admin completes, as the packet names them."""


class PacketBuildError(RuntimeError):
    """The packet cannot be built honestly (no finished run, or figures that moved)."""


@dataclass(frozen=True)
class ChecklistItem:
    name: str
    ready: bool
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ready": self.ready, "detail": self.detail}


def packet_profile(jurisdiction: Jurisdiction) -> Profile:
    return Profile(
        code=jurisdiction.code, name=jurisdiction.name, regulator=jurisdiction.regulator,
        regulation_reference=jurisdiction.regulation_reference,
        submission_title=jurisdiction.submission_title, house_edge_term=jurisdiction.house_edge_term,
        applicant_term=jurisdiction.applicant_term, signatory_block=jurisdiction.signatory_block,
        documents=tuple(jurisdiction.documents),
        min_simulated_rounds=jurisdiction.min_simulated_rounds,
        randomness_required=tuple(jurisdiction.randomness_required or ()),
        language=jurisdiction.language,
    )


def packet_table(run: CertificationRun) -> TableSetup:
    """The table the procedures describe: an active one with this paytable version, else any."""
    tables = TableConfiguration.objects.filter(paytable_version=run.paytable_version_id)
    table = tables.filter(status=TableStatus.ACTIVE).order_by("table_id").first() or \
        tables.order_by("table_id").first()
    rules = rules_from_dict(run.rules_snapshot)
    if table is None:
        return TableSetup(table_id=None, seats=SEAT_BOUNDS[rules.family][1], decks=rules.decks,
                          shuffling_method=run.shuffle_procedure)
    return TableSetup(table_id=table.table_id, seats=table.seats, decks=table.decks,
                      shuffling_method=table.shuffling_method or run.shuffle_procedure,
                      limits=dict(table.bet_limits or {}))


CERTIFICATE_STATES = {"draft": N_("draft"), "valid": N_("valid"), "superseded": N_("superseded"),
                      "withdrawn": N_("withdrawn"), "revoked": N_("revoked"), "expired": N_("expired"),
                      "not issued": N_("not issued")}


def _certificate_state(run: CertificationRun, certificate) -> str:
    """How the enclosed certificate stands (the one standing function), or "not issued"."""
    if certificate is None:
        return "not issued"
    return certificate_standing(run=run, document_kind=certificate.kind).state


def _certificate(run: CertificationRun):
    """The run's certificate as it stands (approved once approved), in its issued language."""
    kind = certificate_kind(run)
    if kind is None:
        return None
    issued = run.issued_reports.filter(kind=kind).order_by("issued_at", "id")
    return issued.filter(language=run.variant.jurisdiction.language).first() or issued.first()


def profile_checklist(*, run: CertificationRun, jurisdiction: Jurisdiction) -> list[ChecklistItem]:
    """What the jurisdiction's profile asks of the run itself: simulation size, randomness
    checks, every bet's house edge inside its bounds. One run may serve several profiles."""
    items: list[ChecklistItem] = []
    minimum = jurisdiction.min_simulated_rounds
    # Names and details are phrases: the web shows them in English, a packet's cover letter
    # in the profile's language.
    items.append(ChecklistItem(
        Phrase("Simulation size"), run.rounds >= minimum,
        Phrase("{rounds:,} simulated rounds; the profile asks for at least {minimum:,}",
               rounds=run.rounds, minimum=minimum)))
    randomness = run.randomness or {}
    for check in jurisdiction.randomness_required or ():
        present = bool(randomness.get(check))
        items.append(ChecklistItem(
            Phrase("Randomness: {check}", check=RANDOMNESS_CHECKS.get(check, check)), present,
            Phrase("included in the certification") if present else
            Phrase("missing from the certification run")))
    edges = {name: Fraction(b["ev_fraction"]) * -1 for name, b in ((run.exact or {}).get("bets") or {}).items()}
    verdict = verdict_for(house_edges=edges, jurisdiction=jurisdiction) if edges else {"blocking": [{}]}
    items.append(ChecklistItem(
        Phrase("{term} within the {jurisdiction} bounds",
               term=jurisdiction.house_edge_term.capitalize(), jurisdiction=jurisdiction.name),
        not verdict["blocking"],
        Phrase("every bet inside the bounds") if not verdict["blocking"] else "; ".join(
            f"{b.get('bet', '')}: {b.get('value', '')} {b.get('reason', '')}".strip()
            for b in verdict["blocking"]) or "no exact figures"))
    return items


def packet_checklist(*, run: CertificationRun, jurisdiction: Jurisdiction, applicant: str = "",
                     host_casino: str = "") -> list[ChecklistItem]:
    """What the profile requires, item by item, and whether this run meets it."""
    items = [ChecklistItem(Phrase("Certification run finished"), run.status == RunStatus.DONE,
                           Phrase("run {number} is {status}", number=run.certificate_number,
                                  status=run.get_status_display().lower()))]
    certificate = _certificate(run)
    state = _certificate_state(run, certificate)
    items.append(ChecklistItem(
        Phrase("Approved certificate"), state == "valid",
        Phrase("approved") if state == "valid"
        else (Phrase("only a draft certificate: the submission is not approved yet") if state == "draft"
              else Phrase("the certificate is {state}", state=Phrase(CERTIFICATE_STATES.get(state, state)))
              if certificate else Phrase("no certificate issued"))))
    items += profile_checklist(run=run, jurisdiction=jurisdiction)
    table = packet_table(run)
    items.append(ChecklistItem(Phrase("Shuffling procedure stated"), bool(table.shuffling_method),
                               table.shuffling_method or
                               Phrase("no table configuration or run names one")))
    term = jurisdiction.applicant_term
    if jurisdiction.to_complete:
        # The shipped generic profiles (italia, espana) leave these for an admin to fill in.
        items.append(ChecklistItem(
            Phrase("Profile completed by an admin"), False,
            Phrase("the {jurisdiction} profile has no {fields} yet: an admin completes them "
                   "before the packet is filed", jurisdiction=jurisdiction.name,
                   fields=Joined([PROFILE_FIELDS[f] for f in jurisdiction.to_complete], ", "))))
    items.append(ChecklistItem(Phrase("{term} and host casino named", term=term.capitalize()),
                               bool(applicant and host_casino),
                               ", ".join(x for x in (applicant, host_casino) if x) or
                               Phrase("name the {term} and the host casino", term=term)))
    return items


def packet_data(*, run: CertificationRun, jurisdiction: Jurisdiction, applicant: str = "",
                host_casino: str = "", checklist: list[ChecklistItem] | None = None) -> PacketData:
    if run.status != RunStatus.DONE or not run.exact:
        raise PacketBuildError(f"run {run.certificate_number} has not finished: certify first")
    rules = rules_from_dict(run.rules_snapshot)
    result = exact_figures(rules, variant=run.variant.name)
    for name, figures in result.bets.items():
        stored = Fraction(run.exact["bets"][name]["ev_fraction"])
        if figures.ev != stored:
            raise PacketBuildError(
                f"the exact {name} figures recomputed ({figures.ev}) differ from run "
                f"{run.certificate_number}'s ({stored}): certify again with this software")
    profile = packet_profile(jurisdiction)
    randomness = run.randomness or {}
    checklist = checklist if checklist is not None else packet_checklist(
        run=run, jurisdiction=jurisdiction, applicant=applicant, host_casino=host_casino)
    return PacketData(
        profile=profile, certificate_number=run.certificate_number,
        certificate_status=_certificate_state(run, _certificate(run)),
        variant_name=run.variant.name, game=GAME_NAMES.get(rules.family, rules.family),
        preset_source=PRESET_SOURCES.get(run.variant.preset, ""),
        paytable_version=run.paytable_version.number, rules=rules,
        rule_clauses=describe_rules(rules), paytable=describe_paytable(rules),
        bets=[BetFigures(bet=name, name=bet_name(name), house_edge=f.house_edge,
                         element_of_risk=f.element_of_risk, average_wager=f.average_wager,
                         outcomes=dict(f.outcomes)) for name, f in result.bets.items()],
        examples=worked_examples(rules, result), table=packet_table(run),
        issued=timezone.localdate(), laboratory=settings.TABLECERT_SIGNER_NAME,
        applicant=applicant, host_casino=host_casino, procedure=randomness.get("procedure"),
        simulation=run.simulation, randomness=randomness,
        checks=list((run.verdict or {}).get("checks", [])),
        software_version=run.software_version, git_commit=git_commit(),
        inputs_sha256={"rule variant and paytable": run.inputs_sha256,
                       **randomness.get("inputs_sha256", {})},
        seed=str(run.seed), rounds=run.rounds, enclosures=enclosures(profile.documents),
        missing=[Phrase("{name}: {detail}", name=item.name, detail=item.detail)
                 for item in checklist if not item.ready],
    )


def packet_manifest(*, data: PacketData, run: CertificationRun, jurisdiction: Jurisdiction,
                    checklist: list[ChecklistItem]) -> dict[str, Any]:
    version = run.paytable_version
    return {
        "created": timezone.now().isoformat(),
        "jurisdiction": {"code": jurisdiction.code, "name": jurisdiction.name,
                         "regulation": jurisdiction.regulation_reference},
        "applicant": data.applicant, "host_casino": data.host_casino,
        "variant": {"id": run.variant_id, "name": run.variant.name, "family": data.rules.family,
                    "preset": run.variant.preset or None},
        "paytable_version": {"id": version.pk, "number": version.number, "status": version.status,
                             "payouts": version.payouts},
        "certification_run": run.certificate_number,
        "certification": {"id": run.pk, "rounds": run.rounds, "seed": str(run.seed),
                          "certificate": data.certificate_status},
        "code_version": {"software": run.software_version, "git_commit": data.git_commit},
        "inputs_sha256": data.inputs_sha256,
        "worked_examples": {"seed": data.examples.seed, "decks_dealt": data.examples.attempts},
        "checklist": [item.to_json() for item in checklist],
        "complete": all(item.ready for item in checklist),
    }


def packet_build(*, run: CertificationRun, jurisdiction: Jurisdiction, applicant: str = "",
                 host_casino: str = "", progress=None, appendix=None,
                 actor=None) -> tuple[bytes, dict[str, Any]]:
    """The signed packet archive and its manifest. ``appendix(position)``, when given, returns
    the files that close the packet (numbered from ``position``) and the manifest's additions.
    The certificate enclosed is in the profile's language (rendered for ``actor`` if needed)."""
    report = progress or (lambda step, pct: None)
    checklist = packet_checklist(run=run, jurisdiction=jurisdiction, applicant=applicant,
                                 host_casino=host_casino)
    report("exact figures and worked examples", 10)
    data = packet_data(run=run, jurisdiction=jurisdiction, applicant=applicant,
                       host_casino=host_casino, checklist=checklist)
    files = []
    documents = list(jurisdiction.documents)
    for i, ((name, title), code) in enumerate(zip(data.enclosures, documents, strict=True)):
        report(title, 20 + 70 * i // max(len(documents), 1))
        files.append(PacketFile(name=name, document=code, title=DOCUMENTS[code],
                                data=_document(code, data, run, actor), media_type=media_type(code)))
    manifest = packet_manifest(data=data, run=run, jurisdiction=jurisdiction, checklist=checklist)
    if "statistical-evaluation" in documents:
        manifest["certification"]["certificate_language"] = jurisdiction.language
    if appendix is not None:
        report("appendix", 92)
        more, additions = appendix(len(files) + 1)
        files += more
        manifest.update(additions)
    report("manifest", 95)
    archive, manifest = build_archive(files, manifest, sign_manifest)
    return archive, manifest


def _document(code: str, data: PacketData, run: CertificationRun, actor=None) -> bytes:
    if code == "statistical-evaluation":
        certificate = enclosed_certificate(run, data.profile.language, actor)
        with certificate.file.open("rb") as handle:
            return handle.read()  # signed and registered when it was issued
    rendered = RENDERERS[code](data)
    if media_type(code) != "application/pdf":
        return rendered  # the signed manifest vouches for it
    return sign_pdf(rendered, reason=f"{DOCUMENTS[code]}, {data.profile.name} packet, certificate "
                               f"{data.certificate_number}")


def enclosed_certificate(run: CertificationRun, language: str, actor=None):
    """The certificate a packet encloses: the run's certificate as it stands, in the profile's
    language; rendered and registered now if that language's rendering was never made."""
    try:
        return certificate_rendering(run=run, language=language, actor=actor)
    except NoCertificateError:
        raise PacketBuildError(f"run {run.certificate_number} has no certificate issued") from None


def packet_file_name(*, run: CertificationRun, jurisdiction: Jurisdiction,
                     when: dt.date | None = None) -> str:
    return f"packet-{jurisdiction.code}-{run.certificate_number}-{(when or timezone.localdate()):%Y%m%d}.zip"


@transaction.atomic
def packet_job_create(*, run: CertificationRun, jurisdiction: Jurisdiction, actor,
                      applicant: str = "", host_casino: str = "", field_trial=None,
                      task: str = "certification.packet_build") -> PacketJob:
    """Queue a packet build (compliance officers and admins), audited; ``task`` (by name)
    starts after commit."""
    from casino.permissions import CAN_PREPARE_PACKET
    from casino.services.audit import audit_record, snapshot
    from casino.services.errors import require_role

    require_role(actor, CAN_PREPARE_PACKET, "preparing a submission packet")
    if run.status != RunStatus.DONE:
        raise WorkflowError(from_state=run.status, to_state="packet",
                            reason=f"run {run.certificate_number} has not finished: certify first")
    job = PacketJob.objects.create(run=run, jurisdiction=jurisdiction, requested_by=actor,
                                   applicant=applicant.strip(), host_casino=host_casino.strip(),
                                   field_trial=field_trial)
    audit_record(actor=actor, action="packet.request", obj=job, before=None, after=snapshot(job),
                 message=f"{jurisdiction.code} packet for {run.certificate_number}")
    transaction.on_commit(lambda: _send(job.pk, task))
    return job


def _send(job_id: int, task: str) -> None:
    from kombu.exceptions import OperationalError as BrokerUnavailable

    from casino.celery import app

    try:
        app.send_task(task, args=(job_id,))
    except BrokerUnavailable:
        # The job stays queued; the page says so and a new request can be made.
        PacketJob.objects.filter(pk=job_id, status=RunStatus.QUEUED).update(
            step="waiting for the broker")


def packet_job_execute(*, job_id: int, appendix_for=None, after_build=None) -> bool:
    """Build a queued job's packet; a redelivered message finds it claimed and does nothing.

    ``appendix_for(job)`` gives ``packet_build`` its appendix; ``after_build(job)`` runs in the
    transaction that stores the packet, and a WorkflowError it raises fails the job with its
    reason (the packet is kept)."""
    claimed = PacketJob.objects.filter(pk=job_id, status=RunStatus.QUEUED).update(
        status=RunStatus.RUNNING, step="starting", progress=1)
    if claimed != 1:
        return False
    job = PacketJob.objects.select_related("run", "jurisdiction").get(pk=job_id)

    def progress(step: str, pct: int) -> None:
        PacketJob.objects.filter(pk=job_id).update(step=step[:100], progress=max(1, min(pct, 99)))

    try:
        archive, manifest = packet_build(run=job.run, jurisdiction=job.jurisdiction,
                                         applicant=job.applicant, host_casino=job.host_casino,
                                         progress=progress, actor=job.requested_by,
                                         appendix=appendix_for(job) if appendix_for else None)
    except Exception as exc:
        PacketJob.objects.filter(pk=job_id).update(
            status=RunStatus.FAILED, error=f"{type(exc).__name__}: {exc}"[:10_000],
            finished_at=timezone.now())
        raise
    with transaction.atomic():
        job.file.save(packet_file_name(run=job.run, jurisdiction=job.jurisdiction),
                      ContentFile(archive), save=False)
        job.sha256, job.size, job.manifest = hashlib.sha256(archive).hexdigest(), len(archive), manifest
        job.status, job.step, job.progress, job.finished_at = RunStatus.DONE, "done", 100, timezone.now()
        if after_build is not None:
            try:
                with transaction.atomic():
                    after_build(job)
            except WorkflowError as exc:
                job.status, job.error = RunStatus.FAILED, f"the packet was built, but {exc.reason}"
        job.save()
    return True
