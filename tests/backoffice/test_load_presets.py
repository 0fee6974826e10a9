import pytest
from django.core.management import call_command

from casino.models import GameVariant, Jurisdiction, PaytableVersion
from casino.rules import PRESETS

pytestmark = pytest.mark.django_db


def test_presets_load_once_as_drafts_with_version_one():
    call_command("load_presets", verbosity=0)
    call_command("load_presets", verbosity=0)
    assert Jurisdiction.objects.filter(code="default").count() == 1
    assert set(GameVariant.objects.values_list("preset", flat=True)) == set(PRESETS)
    assert GameVariant.objects.count() == len(PRESETS)
    assert set(GameVariant.objects.values_list("status", flat=True)) == {"draft"}
    casino = GameVariant.objects.get(preset="seven-half-casino")
    assert casino.created_by is None
    assert casino.paytable.latest_version.payouts["kd_first_card"] == "3"
    nine = PaytableVersion.objects.get(paytable__variant__preset="nine-ten-eleven")
    assert nine.payouts["main_win"] == "3/2" and nine.number == 1
