from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import prefetch_related_objects
from django.http import Http404
from rest_framework import mixins, viewsets

from casino.permissions import RolePermission
from casino.prepared import PreparedQuery

from .errors import DomainErrorsMixin


class BackOfficeViewSet(DomainErrorsMixin, viewsets.GenericViewSet):
    """Role-checked; reads for every role, writes only through services."""

    permission_classes = [RolePermission]
    write_roles: tuple[str, ...] = ()
    action_roles: dict[str, tuple[str, ...]] = {}


class ReadOnlyBackOfficeViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, BackOfficeViewSet
):
    """Reads by id and unfiltered list pages run prepared queries (``casino.prepared``).

    They are the same queryset, compiled once per process; prefetches are loaded on the page's
    rows afterwards, as DRF's own would be. Filtered lists keep the plain path and its filters.
    """

    _prepared: dict[tuple, PreparedQuery]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._prepared = {}

    def _prepared_query(self, kind: str) -> PreparedQuery:
        query = self._prepared.get((kind,))
        if query is None:
            base = type(self).queryset.prefetch_related(None)
            if kind == "one":
                lookup = self.lookup_field
                query = PreparedQuery(lambda value: base.filter(**{lookup: value}))
            else:
                query = PreparedQuery(lambda: base.all())
            self._prepared[(kind,)] = query
        return query

    def _prefetch(self, objects: list) -> None:
        lookups = type(self).queryset._prefetch_related_lookups
        if lookups and objects:
            prefetch_related_objects(objects, *lookups)

    def get_object(self):
        if self.action != "retrieve":
            return super().get_object()
        meta = self.queryset.model._meta
        field = meta.pk if self.lookup_field == "pk" else meta.get_field(self.lookup_field)
        try:
            value = field.to_python(self.kwargs[self.lookup_url_kwarg or self.lookup_field])
        except ValidationError:
            raise Http404 from None
        found = self._prepared_query("one")(value)
        if not found:
            raise Http404
        self._prefetch(found)
        self.check_object_permissions(self.request, found[0])
        return found[0]

    def list(self, request, *args, **kwargs):
        if not set(request.query_params) <= {"page"} or self.paginator is None:
            return super().list(request, *args, **kwargs)
        page = self.paginate_queryset(self._prepared_query("all").rows())
        self._prefetch(page)
        return self.get_paginated_response(self.get_serializer(page, many=True).data)


def valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
