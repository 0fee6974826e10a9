from django.urls import include, path
from rest_framework.routers import DefaultRouter

from .field_results import FieldResultViewSet
from .lifecycle import (
    ApprovalMatrixViewSet,
    CasinoPropertyViewSet,
    CertificateViewSet,
    DecisionViewSet,
    NoticeViewSet,
)
from .packets import PacketJobViewSet
from .runs import AuditEventViewSet, CertificationRunViewSet
from .submissions import SubmissionViewSet
from .tables import TableViewSet
from .tokens import ApiTokenViewSet
from .tuning import TuningJobViewSet
from .variants import JurisdictionViewSet, PaytableVersionViewSet, PaytableViewSet, VariantViewSet

router = DefaultRouter()
router.register("jurisdictions", JurisdictionViewSet)
router.register("variants", VariantViewSet)
router.register("paytables", PaytableViewSet)
router.register("paytable-versions", PaytableVersionViewSet)
router.register("tables", TableViewSet)
router.register("submissions", SubmissionViewSet)
router.register("certification-runs", CertificationRunViewSet)
router.register("audit-events", AuditEventViewSet)
router.register("tuning-jobs", TuningJobViewSet)
router.register("packets", PacketJobViewSet)
router.register("field-results", FieldResultViewSet)
router.register("decisions", DecisionViewSet)
router.register("approvals", ApprovalMatrixViewSet, basename="approvals")
router.register("certificates", CertificateViewSet, basename="certificates")
router.register("properties", CasinoPropertyViewSet)
router.register("notices", NoticeViewSet)
router.register("tokens", ApiTokenViewSet, basename="api-token")

urlpatterns = [path("", include(router.urls))]
