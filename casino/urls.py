from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from . import views
from .api.docs import api_docs
from .views import api_tokens as token_views
from .views import approvals as approval_views
from .views import certificates as certificate_views
from .views import field_trials as field_trial_views
from .views import floor as floor_views
from .views import regulator_portal as portal
from .views import regulators as regulator_views
from .views import second_factor as second_factor_views
from .views import surveillance as surveillance_views
from .views import tuning as tuning_views
from .views import verify as verify_views
from .views.table_rounds import table_rounds_upload

handler403 = "casino.views.errors.forbidden"
handler404 = "casino.views.errors.not_found"

web_patterns = [
    path("surveillance/cases/", surveillance_views.case_list, name="surveillance-cases"),
    path("surveillance/cases/<int:pk>/", surveillance_views.case_detail, name="surveillance-case"),
    path("surveillance/cases/<int:pk>/notes/", surveillance_views.case_note, name="surveillance-case-note"),
    path("surveillance/cases/<int:pk>/close/", surveillance_views.case_closure, name="surveillance-case-close"),
    path("surveillance/players/<str:player_id>/", surveillance_views.player_detail, name="surveillance-player"),
    path("surveillance/rounds/<str:table_id>/<str:round_id>/", surveillance_views.round_detail,
         name="surveillance-round"),
    # Variants and their paytables
    path("variants/", views.variant_list, name="variant-list"),
    path("variants/new/", views.variant_new, name="variant-new"),
    path("variants/create/", views.variant_create, name="variant-create"),
    path("variants/preview/", views.rules_preview, name="rules-preview"),
    path("variants/<int:pk>/", views.variant_detail, name="variant-detail"),
    path("variants/<int:pk>/edit/", views.variant_edit, name="variant-edit"),
    path("variants/<int:pk>/submit/", views.variant_submit, name="variant-submit"),
    path("variants/<int:pk>/revise/", views.variant_revise, name="variant-revise"),
    path("variants/<int:pk>/compare/", views.paytable_compare, name="paytable-compare"),
    # Submissions, certification and decisions
    path("submissions/", views.submission_list, name="submission-list"),
    path("submissions/<int:pk>/", views.submission_detail, name="submission-detail"),
    path("submissions/<int:pk>/status.json", views.run_status, name="submission-status"),
    path("submissions/<int:pk>/certify/", views.submission_start_certification, name="submission-certify"),
    path("submissions/<int:pk>/send-to-review/", views.submission_send_to_review, name="submission-send-to-review"),
    path("submissions/<int:pk>/approve/", views.submission_approve, name="submission-approve"),
    path("submissions/<int:pk>/reject/", views.submission_reject, name="submission-reject"),
    path("submissions/<int:pk>/comments/", views.comment_create, name="submission-comment"),
    path("submissions/<int:pk>/attachments/", views.attachment_upload, name="submission-attach"),
    path("submissions/<int:pk>/attachments/<int:attachment_id>/", views.attachment_download,
         name="submission-attachment"),
    path("runs/<int:pk>/report.pdf", views.run_report_inline, name="run-report"),
    path("runs/<int:pk>/certificate/", views.run_certificate, name="run-certificate"),
    path("runs/<int:pk>/retry/", views.run_retry, name="run-retry"),
    # The floor
    path("tables/", views.table_list, name="table-list"),
    path("tables/new/", views.table_create, name="table-create"),
    path("tables/<int:pk>/assign/", views.table_assign, name="table-assign"),
    path("tables/<int:pk>/activate/", views.table_activate, name="table-activate"),
    path("tables/<int:pk>/deactivate/", views.table_deactivate, name="table-deactivate"),
    path("audit/", views.audit_list, name="audit-list"),
    # The designer's tuner
    path("variants/<int:pk>/tune/", tuning_views.variant_tune, name="variant-tune"),
    path("tuning/<int:pk>/", tuning_views.tuning_detail, name="tuning-detail"),
    path("tuning/<int:pk>/status.json", tuning_views.tuning_status, name="tuning-status"),
    path("tuning/<int:pk>/draft/", tuning_views.tuning_draft, name="tuning-draft"),
    # Commission submission packets
    path("submissions/<int:pk>/packet/", views.submission_packet, name="submission-packet"),
    path("submissions/<int:pk>/packet/build/", views.submission_packet_create,
         name="submission-packet-create"),
    path("packets/<int:pk>/download/", views.packet_download, name="packet-download"),
    # Game protection audit of a variant
    path("variants/<int:pk>/protection/", views.variant_protection_start, name="variant-protection"),
    path("variants/<int:pk>/protection.json", views.variant_protection_status, name="variant-protection-status"),
    # Economics and field trials
    path("tables/<int:pk>/", views.table_detail, name="table-detail"),
    path("tables/<int:pk>/economics/", views.table_economics_edit, name="table-economics"),
    path("tables/<int:pk>/rounds/upload/", table_rounds_upload, name="table-rounds-upload"),
    path("field/", views.field_list, name="field-list"),
    path("field/<int:pk>/", views.field_detail, name="field-detail"),
    path("field/<int:pk>/report.pdf", views.field_report, name="field-report"),
    # A version's life before the regulators, and the approval matrix
    path("versions/<int:pk>/jurisdictions/", regulator_views.version_jurisdictions,
         name="version-jurisdictions"),
    path("versions/<int:pk>/file/", regulator_views.version_file, name="version-file"),
    path("versions/<int:pk>/decisions/new/", regulator_views.decision_record, name="decision-record"),
    path("versions/<int:pk>/end/", regulator_views.approval_end, name="approval-end"),
    path("versions/<int:pk>/field-trial/<slug:code>/", field_trial_views.field_trial, name="field-trial"),
    path("versions/<int:pk>/field-trial/<slug:code>/final-approval/", field_trial_views.field_trial_final_approval,
         name="field-trial-final-approval"),
    path("decisions/<int:pk>/letter/", regulator_views.decision_letter, name="decision-letter"),
    path("runs/<int:pk>/revoke/", certificate_views.run_revoke, name="run-revoke"),
    path("approvals/", approval_views.approval_matrix_page, name="approval-matrix"),
    path("approvals.csv", approval_views.approval_matrix_export, name="approval-matrix-csv"),
    path("notices/", approval_views.notice_list, name="notice-list"),
    # A regulator's own jurisdictions (read-only), and anyone's check of a certificate file
    path("regulator/", portal.regulator_home, name="regulator-home"),
    path("regulator/approvals.csv", portal.regulator_matrix_csv, name="regulator-matrix-csv"),
    path("regulator/certificates/", portal.regulator_certificates, name="regulator-certificates"),
    path("regulator/certificates/<str:number>/certificate.pdf", portal.regulator_certificate_file,
         name="regulator-certificate-file"),
    path("regulator/packets/<int:pk>/download/", portal.regulator_packet_file, name="regulator-packet-file"),
    path("regulator/tables/", portal.regulator_tables, name="regulator-tables"),
    path("regulator/notices/", portal.regulator_notices, name="regulator-notices"),
    path("verify/", verify_views.certificate_verify_page, name="verify"),
    # The floor watched against theory: the tables now, alarms, monthly statistics
    path("floor/", floor_views.floor_page, name="floor"),
    path("floor/alarms/", floor_views.floor_alarms, name="floor-alarms"),
    path("floor/alarms/<int:pk>/", floor_views.floor_alarm, name="floor-alarm"),
    path("floor/alarms/<int:pk>/rounds.csv", floor_views.floor_alarm_rounds, name="floor-alarm-rounds"),
    path("floor/statistics/", floor_views.floor_statistics, name="floor-statistics"),
    path("regulator/statistics/", floor_views.regulator_statistics, name="regulator-statistics"),
    path("statistics/<int:pk>/<str:kind>/", floor_views.statistics_file, name="statistics-file"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("system/worker-check/", views.worker_check, name="worker-check"),
    path("accounts/login/", second_factor_views.SignInView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/two-factor/", second_factor_views.second_factor_home, name="second-factor"),
    path("accounts/two-factor/enrol/", second_factor_views.second_factor_enrol, name="second-factor-enrol"),
    path("accounts/two-factor/verify/", second_factor_views.second_factor_verify, name="second-factor-verify"),
    path("accounts/two-factor/recovery-codes/", second_factor_views.recovery_codes_new,
         name="second-factor-recovery"),
    path("accounts/tokens/", token_views.token_list, name="token-list"),
    path("accounts/tokens/<int:pk>/revoke/", token_views.token_revoke, name="token-revoke"),
    # Before the pages: no page path starts with "api/", and an API call then skips trying
    # each of the pages' seventy patterns on its way (a third of a millisecond a call).
    path("api/v1/", include("casino.api.urls")),
    # The API router names its routes "variant-list", "submission-detail"...: the pages
    # live in their own namespace so neither shadows the other.
    path("", include((web_patterns, "web"))),
    # set_language: the language switcher's form posts here (kept in a cookie).
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
]
