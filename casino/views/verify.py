"""The public /verify/ page: anyone checks a certificate file against the register."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from casino.api.throttles import PublicVerifyThrottle
from casino.forms.verify import CertificateVerifyForm
from casino.services.certificate_verification import certificate_verify

from .access import abilities


@require_http_methods(["GET", "POST"])
def certificate_verify_page(request: HttpRequest) -> HttpResponse:
    form = CertificateVerifyForm(request.POST or None, request.FILES or None)
    context = {"form": form, "verdict": None, "can": abilities(request.user)}
    status = 200
    if request.method == "POST":
        throttle = PublicVerifyThrottle()
        if not throttle.allow_request(request, None):
            wait = int(throttle.wait() or 60)
            context["refused"] = _("Too many checks from your address: try again in %(seconds)s seconds.") % {
                "seconds": wait}
            response = render(request, "verify/page.html", context, status=429)
            response["Retry-After"] = str(wait)
            return response
        if form.is_valid():
            context["verdict"] = certificate_verify(number=form.cleaned_data["number"], sha256=form.digest())
            context["checked_number"] = form.cleaned_data["number"]
        else:
            status = 400
    return render(request, "verify/page.html", context, status=status)
