"""Error pages that keep the navigation, so a refused user can find their way back."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from .access import page


def forbidden(request: HttpRequest, exception=None) -> HttpResponse:
    reason = str(exception) if exception else ""
    return page(request, "403.html", {"reason": reason}, status=403)


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    return page(request, "404.html", {}, status=404)
