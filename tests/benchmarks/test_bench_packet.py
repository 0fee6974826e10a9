"""A whole submission packet against the certificate alone, both timed in the same run.

The simulation is an input made before the clock starts (the run is certified first); what
is timed is everything the packet adds: the exact analysis again (its figures must match
the run's), the worked examples, every document rendered and signed, the manifest signed
and the archive written. The baseline renders and signs the run's certificate once.
"""

from __future__ import annotations

import pytest
from django.apps import apps

from casino.models import Jurisdiction
from certification.services.certificates import certificate_data, render_certificate
from certification.services.packets import packet_build
from certification.services.signing import sign_pdf
from tests.benchmarks.conftest import best_of
from tests.packets.conftest import add_shipped_profiles, certify

PRESETS = ("seven-half-casino", "sette-e-mezzo", "nine-ten-eleven")


@pytest.fixture
def runs(db, settings, tmp_path):
    from django.core.management import call_command

    from casino.models import GameVariant

    settings.MEDIA_ROOT = tmp_path / "media"
    add_shipped_profiles(apps)
    call_command("load_presets", verbosity=0)
    return {name: certify(variant=GameVariant.objects.get(preset=name, created_by__isnull=True))
            for name in PRESETS}


@pytest.mark.parametrize("preset", PRESETS)
def test_whole_packet_excluding_the_simulation(runs, record_figure, preset):
    run = runs[preset]
    nevada = Jurisdiction.objects.get(code="nevada")
    packet_build(run=run, jurisdiction=nevada)  # fonts parsed once, as in a long-lived worker
    whole = best_of(lambda: packet_build(run=run, jurisdiction=nevada, applicant="A",
                                         host_casino="B"), repeat=2)
    baseline = best_of(lambda: sign_pdf(render_certificate(certificate_data(run=run, kind="draft")),
                                        reason="benchmark"), repeat=2)
    figure = record_figure(
        f"whole Nevada packet ({len(nevada.documents)} documents), {preset}", whole, "s",
        baseline_name="the certificate alone, rendered and signed", baseline_value=baseline,
        higher_is_better=False, target="<= 10 s")
    assert figure.value <= 10
