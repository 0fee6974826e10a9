from django.urls import include, path
from rest_framework.routers import DefaultRouter

from .field_results import FieldResultViewSet
from .field_trials import FieldTrialViewSet
from .lifecycle import (
    ApprovalMatrixViewSet,
    CasinoPropertyViewSet,
    CertificateViewSet,
    DecisionViewSet,
    NoticeViewSet,
)
from .packets import PacketJobViewSet
from .public import PublicCertificateView
from .regulator import (
    RegulatedApprovalsViewSet,
    RegulatedCertificateViewSet,
    RegulatedJurisdictionViewSet,
    RegulatedNoticeViewSet,
    RegulatedPacketViewSet,
    RegulatedTableViewSet,
)
from .rounds import rounds_ingest
from .runs import AuditEventViewSet, CertificationRunViewSet
from .submissions import SubmissionViewSet
from .surveillance import CaseCsvApi, CaseDetailApi, CaseListApi
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
router.register("field-trials", FieldTrialViewSet, basename="field-trials")
router.register("tokens", ApiTokenViewSet, basename="api-token")

# A regulator's own jurisdictions, read-only (casino.api.regulator).
router.register("regulator/jurisdictions", RegulatedJurisdictionViewSet, basename="regulator-jurisdiction")
router.register("regulator/approvals", RegulatedApprovalsViewSet, basename="regulator-approvals")
router.register("regulator/certificates", RegulatedCertificateViewSet, basename="regulator-certificate")
router.register("regulator/packets", RegulatedPacketViewSet, basename="regulator-packet")
router.register("regulator/tables", RegulatedTableViewSet, basename="regulator-table")
router.register("regulator/notices", RegulatedNoticeViewSet, basename="regulator-notice")

urlpatterns = [
    path("rounds/", rounds_ingest, name="rounds-ingest"),
    path("surveillance/cases/", CaseListApi.as_view(), name="surveillance-cases"),
    path("surveillance/cases.csv", CaseCsvApi.as_view(), name="surveillance-cases-csv"),
    path("surveillance/cases/<int:pk>/", CaseDetailApi.as_view(), name="surveillance-case"),
    path("public/certificates/<str:number>/", PublicCertificateView.as_view(), name="public-certificate"),
    path("", include(router.urls)),
]
