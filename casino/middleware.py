"""Clean refusals: a database away for a moment (503), a body too large to take (413), a
query parameter no database could hold (400); and the Content-Security-Policy of pages."""

import logging

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)) and not (
            isinstance(exception, DatabaseError) and "connection" in str(exception).lower()
        ):
            return None
        # The visitor is told to retry; whoever runs the server needs the cause.
        logger.warning("%s %s answered 503: %s: %s", request.method, request.path,
                       type(exception).__name__, exception)
        message = "The database is unavailable for a moment. Nothing was saved; please retry."
        if request.path.startswith("/api/") or request.path.startswith("/health"):
            response: HttpResponse = JsonResponse({"detail": message}, status=503)
        else:
            response = HttpResponse(message, status=503, content_type="text/plain")
        response["Retry-After"] = "5"
        return response


class RequestSizeLimitMiddleware:
    """Refuse a body larger than any upload may be, before a byte of it is read or spooled.

    The services check each file against TABLECERT_MAX_UPLOAD_BYTES too, but only once the
    whole body has been written to a temporary file; a multi-gigabyte POST would fill the
    disk first. The allowance adds DATA_UPLOAD_MAX_MEMORY_SIZE for the form fields around
    the file.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            size = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            size = 0
        limit = settings.TABLECERT_MAX_UPLOAD_BYTES + (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)
        if size <= limit:
            return self.get_response(request)
        message = (f"The request is {size:,} bytes; uploads are limited to "
                   f"{settings.TABLECERT_MAX_UPLOAD_BYTES:,} bytes.")
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": message}, status=413)
        return HttpResponse(message, status=413, content_type="text/plain")


class QueryNulMiddleware:
    """Refuse a query parameter holding a NUL character, naming it.

    PostgreSQL text cannot hold NUL, so such a search or filter value can match nothing, and
    handing it to the database fails the query (a 500). Form fields refuse NUL on their own.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        if "%00" not in query and "\x00" not in query:
            return self.get_response(request)
        for name, values in request.GET.lists():
            if "\x00" in name or any("\x00" in v for v in values):
                shown = name.replace("\x00", "\\x00")
                message = f"The query parameter {shown!r} holds a NUL character, which no value can contain."
                if request.path.startswith("/api/"):
                    return JsonResponse({shown: [message]}, status=400)
                return HttpResponse(message, status=400, content_type="text/plain")
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Send ``CONTENT_SECURITY_POLICY`` with every HTML page (Django 5.2 has no CSP of its own).

    Scripts and styles come from our own static files only, never inline, so an injected
    ``<script>`` or ``onclick`` does not run. A page a view lets its own site frame
    (``xframe_options_sameorigin``, the reviewer's embedded PDF) gets ``frame-ancestors
    'self'``; every other page none, like its X-Frame-Options. Listed before
    XFrameOptionsMiddleware, so that header is final when this one reads it. Files (PDF,
    JSON, CSS) go without: a policy on a PDF can blank the browser's own viewer.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = "; ".join(f"{name} {value}"
                                for name, value in settings.CONTENT_SECURITY_POLICY.items())

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" in response:
            return response
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        framing = "'self'" if response.get("X-Frame-Options", "").upper() == "SAMEORIGIN" else "'none'"
        response["Content-Security-Policy"] = f"{self.policy}; frame-ancestors {framing}"
        return response
