"""The audit trail, searchable, for auditors and anyone else who may read."""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from casino.models import AuditEvent

from .access import page, paginate, readable

TYPES_CACHE_SECONDS = 300


def _object_types() -> list[str]:
    # A DISTINCT over the whole trail on every page view grows with the trail; the handful of
    # audited record types changes only when the software does.
    types = cache.get("audit:object_types")
    if types is None:
        types = sorted(AuditEvent.objects.order_by().values_list("object_type", flat=True).distinct())
        cache.set("audit:object_types", types, TYPES_CACHE_SECONDS)
    return types


@readable
def audit_list(request: HttpRequest) -> HttpResponse:
    # The list reads only what its rows show: decoding both sides of each change was most of
    # the query's cost.
    events = AuditEvent.objects.select_related("actor").only(
        "at", "action", "object_type", "object_id", "message", "actor__username"
    ).order_by("-at", "-id")
    q = request.GET.get("q", "").strip()
    object_type = request.GET.get("object_type", "")
    if q:
        events = events.filter(
            Q(action__icontains=q) | Q(actor__username__icontains=q) | Q(message__icontains=q) | Q(object_id=q)
        )
    types = _object_types()
    if object_type:  # the list of types may lag a few minutes; the filter never does
        events = events.filter(object_type=object_type)
    current, query = paginate(request, events, per_page=50)
    return page(request, "audit/list.html", {
        "page_obj": current, "query": query, "q": q, "object_type": object_type, "types": types,
        "rows_key": rows_key(current.object_list),
    })


def rows_key(events) -> str:
    """What the rendered rows of ``events`` depend on, for the template's fragment cache.

    Events are append-only (casino.models.audit): a row shows the same forever, but for its
    actor's name, which an admin may change, and the time zone its time is shown in.
    """
    shown = ",".join(f"{e.pk}@{e.at.timestamp()}:{e.actor.get_username() if e.actor else ''}" for e in events)
    return f"{timezone.get_current_timezone_name()};{shown}"
