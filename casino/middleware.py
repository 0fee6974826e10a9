"""A database that is away for a moment gives a clean 503, never a traceback."""

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse


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
        message = "The database is unavailable for a moment. Nothing was saved; please retry."
        if request.path.startswith("/api/") or request.path.startswith("/health"):
            response: HttpResponse = JsonResponse({"detail": message}, status=503)
        else:
            response = HttpResponse(message, status=503, content_type="text/plain")
        response["Retry-After"] = "5"
        return response
