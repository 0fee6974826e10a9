from __future__ import annotations

from rest_framework import mixins, viewsets

from casino.permissions import RolePermission
from casino.second_factor import SecondFactorPermission

from .errors import DomainErrorsMixin


class BackOfficeViewSet(DomainErrorsMixin, viewsets.GenericViewSet):
    """Role-checked; reads for every role, writes only through services."""

    permission_classes = [RolePermission, SecondFactorPermission]
    write_roles: tuple[str, ...] = ()
    action_roles: dict[str, tuple[str, ...]] = {}
    # Actions needing a verified second factor (casino.second_factor); "*" for every write.
    second_factor_actions: frozenset[str] = frozenset()


class ReadOnlyBackOfficeViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, BackOfficeViewSet
):
    pass


def valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
