"""The audit trail, searchable, for auditors and anyone else who may read."""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse

from casino.models import AuditEvent

from .access import page, paginate, readable


@readable
def audit_list(request: HttpRequest) -> HttpResponse:
    events = AuditEvent.objects.select_related("actor").order_by("-at", "-id")
    q = request.GET.get("q", "").strip()
    object_type = request.GET.get("object_type", "")
    if q:
        events = events.filter(
            Q(action__icontains=q) | Q(actor__username__icontains=q) | Q(message__icontains=q) | Q(object_id=q)
        )
    types = sorted(AuditEvent.objects.values_list("object_type", flat=True).distinct())
    if object_type in types:
        events = events.filter(object_type=object_type)
    current, query = paginate(request, events, per_page=50)
    return page(request, "audit/list.html", {
        "page_obj": current, "query": query, "q": q, "object_type": object_type, "types": types,
    })
