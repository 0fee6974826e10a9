"""How often one client address may check certificates against the register (page and API alike)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle


class PublicVerifyThrottle(SimpleRateThrottle):
    """TABLECERT_PUBLIC_VERIFY_RATE checks per client address, signed in or not.

    The /verify/ page calls ``allow_request`` itself, so the page and the API share one budget.
    """

    scope = "public_verify"

    def get_rate(self) -> str:
        # Read per request, not once at import, so a changed setting applies at once.
        return settings.TABLECERT_PUBLIC_VERIFY_RATE

    def get_ident(self, request) -> str:
        """The client's address: REMOTE_ADDR, or behind N trusted proxies the address the
        N-th proxy from us saw. X-Forwarded-For beyond that is the client's own say-so,
        so a client cannot earn a fresh allowance by inventing one."""
        proxies = settings.TABLECERT_TRUSTED_PROXIES
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        if proxies and hops:
            return hops[-min(proxies, len(hops))]
        return request.META.get("REMOTE_ADDR", "")

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
