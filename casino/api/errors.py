"""Domain errors become 4xx answers with field errors, never a 500."""

from __future__ import annotations

import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from casino.audit_words import record_label
from casino.models import ImmutableRecordError
from casino.rules import RuleValidationError
from casino.services.errors import WorkflowError

# Django's words for a missing record name its model class ("No CertificationRun matches the
# given query."): the answer names the record in words instead.
_MISSING = re.compile(r"No (\w+) matches the given query")


def not_found_detail(exc: Http404) -> str:
    found = _MISSING.search(str(exc))
    if found is None:
        # A view's own words ("the certificate is not issued yet") stand as they are.
        return str(exc) or _("Not found.")
    return _("%(record)s: none has this identifier.") % {"record": record_label(found.group(1))}


def domain_error_response(exc: Exception) -> Response | None:
    if isinstance(exc, Http404):
        return Response({"detail": not_found_detail(exc)}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"detail": _("the request body is too large: the limit is %(limit)s bytes besides uploaded files")
                       % {"limit": f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,}"}},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, RuleValidationError):
        return Response(
            {key: [msg] for key, msg in exc.errors.items()}, status=status.HTTP_400_BAD_REQUEST
        )
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            return Response(exc.message_dict, status=status.HTTP_400_BAD_REQUEST)
        return Response({"non_field_errors": exc.messages}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, WorkflowError):
        return Response(exc.as_dict(), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, ImmutableRecordError):
        return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, IntegrityError):
        return Response(
            {"detail": _("this conflicts with an existing record (a duplicate or one still in use)")},
            status=status.HTTP_409_CONFLICT,
        )
    return None


class DomainErrorsMixin:
    def handle_exception(self, exc):
        response = domain_error_response(exc)
        if response is not None:
            # Nothing of a refused request may be committed by ATOMIC_REQUESTS.
            set_rollback()
            return response
        return super().handle_exception(exc)
