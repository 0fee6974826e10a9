from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


class WorkflowError(Exception):
    """An illegal transition: names the state it was in, the state asked for, and why not."""

    def __init__(
        self, *, from_state: str, to_state: str, reason: str, blocking: list | None = None
    ):
        self.from_state = from_state
        self.to_state = to_state
        self.blocking = blocking or []
        self.reason = str(reason)
        super().__init__(_("cannot go from %(from)s to %(to)s: %(reason)s")
                         % {"from": from_state, "to": to_state, "reason": self.reason})

    def as_dict(self) -> dict:
        data = {
            "detail": str(self),
            "from_state": self.from_state,
            "to_state": self.to_state,
            "reason": self.reason,
        }
        if self.blocking:
            data["blocking"] = self.blocking
        return data


def require_role(actor, roles: tuple[str, ...], doing: str, *, allow_system: bool = False) -> None:
    """Roles are checked again here so the admin, scripts and the API cannot drift apart."""
    from casino.permissions import has_role

    if actor is None and allow_system:
        return
    if actor is None or not has_role(actor, *roles):
        raise PermissionDenied(_("%(doing)s needs the role %(roles)s")
                               % {"doing": doing, "roles": _(" or ").join(roles)})
