"""POST /api/v1/rounds/: a batch of rounds from a table system or studio.

Authenticated by an ingest token only (``Authorization: Bearer ti_...``), which reads
nothing anywhere. A plain view, not a DRF one: the body is decoded once, straight into the
round records (casino.rules.rounds), and the transaction is the service's own (a request
transaction would hold the month's partition creation and the batch together).

Answers: 201 stored (or 200 when the batch id was stored before), 400/422 naming each bad
round and field, 401/403 for the token, 413 for a body over TABLECERT_INGEST_MAX_BYTES or a
batch over 5,000 rounds, 429 with Retry-After under back-pressure.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from casino.models import IngestSource
from casino.rules import rounds as fmt
from casino.services.ingest_tokens import ingest_token_authenticate
from casino.services.rounds_ingest import IngestBusy, IngestScopeError, ingest_batch


def _problems(status: int, problems: list[fmt.RoundProblem], detail: str) -> JsonResponse:
    return JsonResponse({"detail": detail, "errors": [p.as_dict() for p in problems]}, status=status)


def _read_body(request) -> bytes | None:
    """The body, or None when it is (or claims to be) over the limit."""
    limit = settings.TABLECERT_INGEST_MAX_BYTES
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        return None
    body = request.read(limit + 1)
    return None if len(body) > limit else body


@csrf_exempt
@require_POST
@transaction.non_atomic_requests
def rounds_ingest(request):
    scheme, _, secret = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    found = ingest_token_authenticate(secret.strip()) if scheme.lower() == "bearer" else None
    if found is None:
        response = JsonResponse({"detail": "an ingest token is required (Authorization: Bearer ti_...)"},
                                status=401)
        response["WWW-Authenticate"] = 'Bearer realm="rounds"'
        return response
    token, allowed = found
    body = _read_body(request)
    if body is None:
        return JsonResponse({"detail": f"the body is over {settings.TABLECERT_INGEST_MAX_BYTES} bytes; "
                                       "send smaller batches"}, status=413)
    try:
        batch = fmt.decode_batch(body)
        result = ingest_batch(batch=batch, source=IngestSource.API, token=token, allowed_tables=allowed)
    except IngestScopeError as exc:
        return _problems(403, exc.problems, "rounds for tables this token may not post to; nothing stored")
    except fmt.RoundFormatError as exc:
        too_many = any(p.index is None and p.field == "rounds" for p in exc.problems)
        unreadable = any(p.index is None and p.field == "body" for p in exc.problems)
        return _problems(413 if too_many else 400 if unreadable else 422, exc.problems, "the batch was refused; nothing stored")
    except IngestBusy as exc:
        response = JsonResponse({"detail": "busy: retry the same batch later; nothing stored"}, status=429)
        response["Retry-After"] = str(exc.retry_after)
        return response
    return JsonResponse(result.as_dict(), status=200 if result.replayed else 201)
