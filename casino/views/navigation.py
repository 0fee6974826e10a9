"""The links every page's header carries, worked out once per process rather than per page."""

from __future__ import annotations

from functools import lru_cache

from django.http import HttpRequest
from django.urls import reverse

ROUTES = ("home", "logout", "web:variant-list", "web:submission-list", "web:table-list",
          "web:field-list", "web:approval-matrix", "web:notice-list", "web:audit-list",
          "web:regulator-home", "web:regulator-certificates", "web:regulator-tables", "web:regulator-notices",
          "web:floor", "web:regulator-statistics",
          "web:verify")


@lru_cache(maxsize=1)
def _links() -> dict[str, str]:
    return {name.removeprefix("web:").replace("-", "_"): reverse(name) for name in ROUTES}


def navigation(request: HttpRequest) -> dict:
    """Context processor: ``nav.home``, ``nav.variant_list``, ``nav.logout``..."""
    return {"nav": _links()}
