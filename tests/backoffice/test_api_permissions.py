"""Role × endpoint × method: the API enforces the same roles as the UI and the admin."""

import pytest

from casino.permissions import Role
from tests.support.module_data import built_once_per_module

from .factories import (
    JurisdictionFactory,
    UserFactory,
    make_approved,
    make_submission,
    make_table,
    make_variant,
)

pytestmark = pytest.mark.django_db

OFFICER, REVIEWER, ADMIN, AUDITOR = Role.OFFICER, Role.REVIEWER, Role.ADMIN, Role.AUDITOR
PERSONAS = {
    "alice": OFFICER,
    "rita": REVIEWER,
    "adam": ADMIN,
    "audrey": AUDITOR,
    "oscar": None,
    "anonymous": None,
}
EVERY_ROLE = {OFFICER, REVIEWER, ADMIN, AUDITOR}

READS = [
    "/api/v1/jurisdictions/",
    "/api/v1/variants/",
    "/api/v1/variants/{variant}/",
    "/api/v1/paytables/",
    "/api/v1/paytable-versions/",
    "/api/v1/paytable-versions/{version}/",
    "/api/v1/tables/",
    "/api/v1/submissions/",
    "/api/v1/submissions/{submission}/",
    "/api/v1/submissions/{submission}/approval-check/",
    "/api/v1/submissions/{submission}/comments/",
    "/api/v1/certification-runs/",
    "/api/v1/audit-events/",
]
WRITES = [
    ("post", "/api/v1/jurisdictions/", {ADMIN}),
    ("post", "/api/v1/variants/", {OFFICER}),
    ("patch", "/api/v1/variants/{variant}/", {OFFICER}),
    ("delete", "/api/v1/variants/{variant}/", {OFFICER}),
    ("post", "/api/v1/variants/{approved_variant}/retire/", {REVIEWER, ADMIN}),
    ("post", "/api/v1/variants/{variant}/revise/", {OFFICER}),
    ("post", "/api/v1/paytable-versions/", {OFFICER, ADMIN}),
    ("patch", "/api/v1/paytable-versions/{version}/", {OFFICER, ADMIN}),
    ("post", "/api/v1/tables/", {ADMIN}),
    ("patch", "/api/v1/tables/{table}/", {ADMIN}),
    ("post", "/api/v1/tables/{table}/activate/", {ADMIN}),
    ("post", "/api/v1/tables/{table}/close/", {ADMIN}),
    ("post", "/api/v1/submissions/", {OFFICER}),
    ("post", "/api/v1/submissions/{submission}/start-certification/", {OFFICER, REVIEWER}),
    ("post", "/api/v1/submissions/{submission}/mark-under-review/", {OFFICER, REVIEWER}),
    ("post", "/api/v1/submissions/{submission}/approve/", {REVIEWER}),
    ("post", "/api/v1/submissions/{submission}/reject/", {REVIEWER}),
    ("post", "/api/v1/submissions/{submission}/comments/", {OFFICER, REVIEWER}),
    ("post", "/api/v1/certification-runs/", set()),
    ("post", "/api/v1/audit-events/", set()),
]


def _build_world():
    JurisdictionFactory()
    users = {name: UserFactory(username=name, roles=[role] if role else [],
                               is_staff=name != "oscar")
             for name, role in PERSONAS.items() if name != "anonymous"}
    alice, rita, adam = users["alice"], users["rita"], users["adam"]
    variant = make_variant(actor=alice, name="draft one")
    approved = make_approved(officer=alice, reviewer=rita, name="approved one")
    submission = make_submission(officer=alice, name="pending one")
    table = make_table(admin=adam, variant=approved.variant)
    return {
        "variant": variant.pk,
        "version": variant.paytable.latest_version.pk,
        "approved_variant": approved.variant.pk,
        "submission": submission.pk,
        "table": table.pk,
        "users": {**users, "anonymous": None},
    }


world = built_once_per_module(_build_world)


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("url", READS)
def test_reads(api, world, persona, url):
    response = api(world["users"][persona]).get(url.format(**world))
    if PERSONAS[persona] in EVERY_ROLE:
        assert response.status_code == 200, response.content
    else:
        assert response.status_code in (401, 403)


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize(("method", "url", "allowed"), WRITES)
def test_writes(api, world, persona, method, url, allowed):
    response = getattr(api(world["users"][persona]), method)(url.format(**world), {}, format="json")
    if persona == "anonymous":
        assert response.status_code in (401, 403)
    elif PERSONAS[persona] in allowed:
        # Allowed through the role check; the body may still be refused (400/405/409).
        assert response.status_code not in (401, 403, 500), response.content
    else:
        assert response.status_code == 403, response.content
