"""Error pages that keep the navigation, so a refused user can find their way back."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.http import url_has_allowed_host_and_scheme

from casino.second_factor import SecondFactorRequired, second_factor_links

from .access import page


def forbidden(request: HttpRequest, exception=None) -> HttpResponse:
    reason = str(exception) if exception else ""
    links = {}
    if isinstance(exception, SecondFactorRequired):
        # The refused write was a POST: come back to the page it was sent from.
        back = request.META.get("HTTP_REFERER", "")
        safe = url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure())
        links = {**second_factor_links(), "next": back if safe else ""}
    return page(request, "403.html", {"reason": reason, "second_factor": links}, status=403)


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    return page(request, "404.html", {}, status=404)
