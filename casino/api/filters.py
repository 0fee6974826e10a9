import django_filters
from django_filters.rest_framework import DjangoFilterBackend

from casino.models import AuditEvent, GameVariant, PaytableVersion, Submission, TableConfiguration
from certification.models import CertificationRun


class VariantFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains")

    class Meta:
        model = GameVariant
        fields = ["name", "family", "status", "jurisdiction", "preset"]


class PaytableVersionFilter(django_filters.FilterSet):
    variant = django_filters.NumberFilter(field_name="paytable__variant")

    class Meta:
        model = PaytableVersion
        fields = ["paytable", "variant", "status"]


class TableFilter(django_filters.FilterSet):
    class Meta:
        model = TableConfiguration
        fields = ["status", "pit", "variant", "casino_property"]


class SubmissionFilter(django_filters.FilterSet):
    class Meta:
        model = Submission
        fields = ["status", "variant", "paytable_version", "submitted_by", "reviewer"]


class CertificationRunFilter(django_filters.FilterSet):
    class Meta:
        model = CertificationRun
        fields = ["status", "variant", "paytable_version"]


class AuditEventFilter(django_filters.FilterSet):
    since = django_filters.IsoDateTimeFilter(field_name="at", lookup_expr="gte")

    class Meta:
        model = AuditEvent
        fields = ["action", "object_type", "object_id", "actor", "since"]


class RequestedFilterBackend(DjangoFilterBackend):
    """django-filter, built only when the request names one of the view's filters.

    Building a FilterSet and validating its form costs more than the query itself on a detail
    or an unfiltered list page, and with no filter named it cannot narrow anything.
    """

    def filter_queryset(self, request, queryset, view):
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is None or not filterset_class.base_filters.keys() & request.query_params.keys():
            return queryset
        return super().filter_queryset(request, queryset, view)
