"""Two versions side by side: the lines that changed and the house edge change per bet."""

import pytest

from casino import workflow
from casino.selectors import paytable_version_compare

from .factories import make_variant

pytestmark = pytest.mark.django_db


def test_comparison_lists_changed_lines_and_edge_changes(alice, adam):
    variant = make_variant(actor=alice)
    v1 = variant.paytable.latest_version
    v2 = workflow.paytable_version_create(
        paytable=variant.paytable, actor=adam, payouts={"win": "6/5", "kd_first_card": "3"}
    )
    result = paytable_version_compare(old=v1, new=v2)
    assert result["changed"] == [{"name": "win", "old": "1", "new": "6/5"}]
    main = result["house_edge"]["main"]
    assert main["old"]["exact"] == "1/10" and main["new"]["exact"] == "1/100"
    assert main["change"]["exact"] == "-9/100"


def test_the_api_compares_with_the_superseded_version_by_default(alice, adam, api):
    variant = make_variant(actor=alice)
    v2 = workflow.paytable_version_create(
        paytable=variant.paytable, actor=adam, payouts={"win": "1", "kd_first_card": "2"}
    )
    response = api(alice).get(f"/api/v1/paytable-versions/{v2.pk}/compare/")
    assert response.status_code == 200
    assert response.json()["changed"] == [{"name": "kd_first_card", "old": "3", "new": "2"}]
    v1 = variant.paytable.versions.get(number=1)
    first = api(alice).get(f"/api/v1/paytable-versions/{v1.pk}/compare/")
    assert first.status_code == 400


def test_house_edge_preview(alice, api):
    version = make_variant(actor=alice).paytable.latest_version
    response = api(alice).get(f"/api/v1/paytable-versions/{version.pk}/house-edge/")
    assert response.json()["house_edge"]["main"]["exact"] == "1/10"
