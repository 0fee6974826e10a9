"""Liveness of the web process, its database and the certification workers."""

import uuid

from celery.exceptions import TimeoutError as CeleryTimeout
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponsePermanentRedirect, JsonResponse
from django.templatetags.static import static
from django.views.decorators.http import require_GET, require_POST

from certification.tasks import worker_probe


@require_GET
def health(request: HttpRequest) -> JsonResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:
        return JsonResponse({"status": "unavailable", "database": "down"}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})


@require_GET
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Pages that do not link the icon (the admin site, the API docs) still find it here.

    Resolved per request: in production the hashed name comes from the collected manifest,
    which a process that only imports the URLs (a worker) need not have.
    """
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


# Not inside the request's transaction: the view waits for a worker that writes its result
# to the same database, and an open transaction could hold the lock the worker needs.
@transaction.non_atomic_requests
@login_required
@require_POST
def worker_check(request: HttpRequest) -> JsonResponse:
    token = uuid.uuid4().hex
    result = worker_probe.delay(token)
    try:
        answer = result.get(timeout=20)
    except CeleryTimeout:
        return JsonResponse(
            {"status": "no worker answered within 20 s", "broker": _broker_kind()}, status=504
        )
    return JsonResponse({"status": "ok", "worker": answer, "broker": _broker_kind()})


def _broker_kind() -> str:
    return settings.CELERY_BROKER_URL.split("://", 1)[0]
