"""A regulator's view: its jurisdictions' approval matrix, the certificates and packets filed
with it (and their files), the tables on its floors and its notices. Read-only.

Every query is narrowed by ``casino.services.regulator_scope.regulated``: another
jurisdiction's certificate, packet or table is a 404 here, as if it did not exist.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from casino.models import Jurisdiction, Notice, TableConfiguration
from casino.permissions import CAN_READ_REGULATED
from casino.selectors import (
    EXPIRY_HORIZON_DAYS,
    certificate_status,
    table_regulatory_problem,
)
from casino.services.regulator_scope import regulated, scope_of, status_within
from casino.services.standing import state_label
from certification.models import CertificationRun, IssuedReport, PacketJob, RunStatus

from ..downloads import stored_file
from .access import page, paginate, role_required
from .approvals import matrix_csv_response, matrix_rows


def regulator_readable(view):
    """Regulators (and the back office) read here; nothing here writes, so GET and HEAD only."""
    return require_safe(role_required(*CAN_READ_REGULATED)(view))

RUN_FIGURES = ("rules_snapshot", "exact", "simulation", "randomness")
HOME_NOTICES = 5


def _jurisdictions(request: HttpRequest):
    return regulated(Jurisdiction.objects.order_by("name"), request.user).only("code", "name")


def _matrix_filters(request: HttpRequest) -> dict:
    """The matrix's filters; a jurisdiction outside the scope is not found, not an empty column."""
    code = request.GET.get("jurisdiction", "").strip() or None
    if code and not _jurisdictions(request).filter(code=code).exists():
        raise Http404(_("No jurisdiction of yours has that code."))
    return {"jurisdiction": code, "within": scope_of(request.user).jurisdiction_ids,
            "status": request.GET.get("status", "").strip() or None,
            "expiring": request.GET.get("expiring", "") in ("1", "on", "true", "yes")}


@regulator_readable
def regulator_home(request: HttpRequest) -> HttpResponse:
    filters = _matrix_filters(request)
    matrix, rows, errors = matrix_rows(filters)
    notices = regulated(Notice.objects.select_related("jurisdiction"), request.user)[:HOME_NOTICES]
    return page(request, "regulator/home.html", {
        "jurisdictions": _jurisdictions(request), "matrix": matrix, "rows": rows, "errors": errors,
        "filters": filters, "horizon": EXPIRY_HORIZON_DAYS, "notices": notices,
        "query": request.GET.urlencode(),
    }, status=400 if errors else 200)


@regulator_readable
def regulator_matrix_csv(request: HttpRequest) -> HttpResponse:
    return matrix_csv_response(_matrix_filters(request))


def regulated_certificates(user):
    """Runs with a certificate number filed in the user's jurisdictions, with their finished packets."""
    packets = regulated(PacketJob.objects.filter(status=RunStatus.DONE).select_related("jurisdiction"), user)
    runs = (CertificationRun.objects.exclude(certificate_number=None).exclude(certificate_number="")
            .select_related("variant", "paytable_version", "revocation").defer(*RUN_FIGURES)
            .prefetch_related(Prefetch("packets", queryset=packets, to_attr="regulated_packets"))
            .order_by("-id"))
    return regulated(runs, user)


def _state_label(state: str) -> str:
    return state_label(state)


@regulator_readable
def regulator_certificates(request: HttpRequest) -> HttpResponse:
    current, query = paginate(request, regulated_certificates(request.user))
    items = []
    for run in current:
        status = status_within(certificate_status(run=run), request.user)
        items.append({"run": run, "status": status, "state_label": _state_label(status.state),
                      "standings": [(s, _state_label(s.status)) for s in status.jurisdictions]})
    return page(request, "regulator/certificates.html", {"page_obj": current, "items": items, "query": query})


@regulator_readable
def regulator_certificate_file(request: HttpRequest, number: str):
    """The certificate as issued (the approved copy once there is one): the register's own file."""
    issued = (regulated(IssuedReport.objects.filter(run__certificate_number=number), request.user)
              .order_by("-issued_at", "-id").first())
    if issued is None:
        raise Http404(_("No certificate of yours has that number."))
    return stored_file(issued.file, what=_("the certificate"), filename=f"certificate-{number}-{issued.kind}.pdf",
                       content_type="application/pdf", sha256=issued.sha256)


@regulator_readable
def regulator_packet_file(request: HttpRequest, pk: int):
    job = get_object_or_404(regulated(PacketJob.objects.select_related("run", "jurisdiction"), request.user),
                            pk=pk, status=RunStatus.DONE)
    name = f"packet-{job.jurisdiction.code}-{job.run.certificate_number}.zip"
    return stored_file(job.file, what=_("this packet"), filename=name, content_type="application/zip",
                       sha256=job.sha256)


def regulated_tables(user):
    return regulated(TableConfiguration.objects.select_related(
        "casino_property__jurisdiction", "variant", "paytable_version"), user).order_by(
        "casino_property__name", "table_id")


@regulator_readable
def regulator_tables(request: HttpRequest) -> HttpResponse:
    current, query = paginate(request, regulated_tables(request.user))
    items = [{"table": table, "problem": table_regulatory_problem(table)} for table in current]
    return page(request, "regulator/tables.html", {"page_obj": current, "items": items, "query": query})


@regulator_readable
def regulator_notices(request: HttpRequest) -> HttpResponse:
    notices = regulated(Notice.objects.select_related("jurisdiction", "paytable_version__paytable__variant"),
                        request.user)
    current, query = paginate(request, notices)
    return page(request, "regulator/notices.html", {"page_obj": current, "query": query})
