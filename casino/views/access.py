"""Role checks and page rendering shared by every view."""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from casino import permissions as perms
from casino.permissions import Role, has_role, roles_of
from casino.second_factor import second_factor_required  # noqa: F401  (the pages import it from here)

PAGE_SIZE = 20
# Role names are group names in the database, so they stay English there; pages translate them.
ROLE_LABELS = {
    Role.OFFICER: _("Compliance officer"),
    Role.REVIEWER: _("Reviewer"),
    Role.ADMIN: _("Admin"),
    Role.AUDITOR: _("Auditor"),
    Role.REGULATOR: _("Regulator"),
    Role.SURVEILLANCE: _("Surveillance"),
}


@dataclass(frozen=True)
class Abilities:
    """What the signed-in user may do, so templates show only the actions that would succeed."""

    roles: frozenset[str]

    def _any(self, allowed: tuple[str, ...]) -> bool:
        return bool(self.roles & set(allowed))

    @property
    def names(self) -> list[str]:
        """The user's roles as the page names them, in the request's language."""
        return [str(ROLE_LABELS[r]) for r in Role.ALL if r in self.roles]

    @property
    def read(self) -> bool:
        return self._any(perms.CAN_READ)

    @property
    def author(self) -> bool:
        return self._any(perms.CAN_AUTHOR_VARIANT)

    @property
    def edit_paytable(self) -> bool:
        return self._any(perms.CAN_EDIT_PAYTABLE)

    @property
    def submit(self) -> bool:
        return self._any(perms.CAN_SUBMIT)

    @property
    def certify(self) -> bool:
        return self._any(perms.CAN_RUN_CERTIFICATION)

    @property
    def decide(self) -> bool:
        return self._any(perms.CAN_DECIDE)

    @property
    def configure_tables(self) -> bool:
        return self._any(perms.CAN_CONFIGURE_TABLES)

    @property
    def upload_field_results(self) -> bool:
        return self._any(perms.CAN_UPLOAD_FIELD_RESULTS)

    @property
    def audit(self) -> bool:
        return self._any((Role.AUDITOR, Role.ADMIN, Role.REVIEWER))

    @property
    def tune(self) -> bool:
        return self._any(perms.CAN_TUNE)

    @property
    def surveil(self) -> bool:
        return self._any(perms.CAN_SURVEIL)

    @property
    def regulate(self) -> bool:
        """A regulator reading its own jurisdictions only (a back-office role reads everything)."""
        return Role.REGULATOR in self.roles and not self.read


def abilities(user) -> Abilities:
    return Abilities(roles_of(user))


def role_required(*roles: str):
    """Signed-in users without one of ``roles`` get the 403 page, whatever URL they guess."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapped(request: HttpRequest, *args, **kwargs):
            if not has_role(request.user, *roles):
                raise PermissionDenied(gettext("this page needs the role %(roles)s")
                                       % {"roles": gettext(" or ").join(str(ROLE_LABELS[r]) for r in roles)})
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


readable = role_required(*perms.CAN_READ)


def page(request: HttpRequest, template: str, context: dict | None = None, status: int = 200) -> HttpResponse:
    return render(
        request, template, {"can": abilities(request.user), **(context or {})}, status=status
    )


def paginate(request: HttpRequest, items, per_page: int = PAGE_SIZE) -> tuple[Page, str]:
    """The requested page, and the other query parameters so page links keep the filters."""
    current = Paginator(items, per_page).get_page(request.GET.get("page"))
    params = request.GET.copy()
    params.pop("page", None)
    return current, params.urlencode()
