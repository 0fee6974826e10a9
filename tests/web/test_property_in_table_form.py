"""A casino not yet on the list is added in the table form's flow, with the table, audited;
a half-named or doubled property is a field error and nothing is written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from casino.models import AuditEvent, CasinoProperty, TableConfiguration

pytestmark = pytest.mark.django_db


def create(client, **fields):
    return client.post(reverse("web:table-create"), {"table_id": "NP-01", "seats": "7", **fields})


def test_an_admin_adds_the_casino_with_its_first_table(as_user, adam, version, sierra):
    form = as_user(adam).get(reverse("web:table-create")).content.decode()
    assert 'name="new_property"' in form and 'name="new_property_jurisdiction"' in form
    response = create(as_user(adam), paytable_version=version.pk, new_property="Lakeside Casino",
                      new_property_jurisdiction=sierra.pk)
    assert response.status_code == 302
    place = CasinoProperty.objects.get(name="Lakeside Casino")
    assert place.jurisdiction == sierra
    assert TableConfiguration.objects.get(table_id="NP-01").casino_property == place
    assert AuditEvent.objects.filter(action="property.create", object_id=str(place.pk), actor=adam).exists()


@pytest.mark.parametrize(("fields", "field"), [
    ({"new_property": "Lakeside Casino"}, "new_property_jurisdiction"),
    ({"new_property": "sierra grand", "new_property_jurisdiction": "sierra"}, "new_property"),
    ({"new_property": "Lakeside Casino", "new_property_jurisdiction": "sierra", "casino_property": "own"},
     "new_property"),
])
def test_a_property_half_named_doubled_or_beside_a_chosen_one_is_refused(as_user, adam, version, sierra,
                                                                         sierra_casino, fields, field):
    values = {k: {"sierra": sierra.pk, "own": sierra_casino.pk}.get(v, v) for k, v in fields.items()}
    response = create(as_user(adam), paytable_version=version.pk, **values)
    assert response.status_code == 200 and field in response.context["form"].errors
    assert 'id="error-summary"' in response.content.decode()
    assert CasinoProperty.objects.count() == 1 and not TableConfiguration.objects.filter(table_id="NP-01").exists()
