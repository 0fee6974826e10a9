from django.core.management.base import BaseCommand
from django.db import transaction

from casino.models import GameVariant, Jurisdiction
from casino.rules import PRESETS, rules_to_dict
from casino.services.variants import variant_create

DEFAULT_JURISDICTION = {
    "code": "default",
    "name": "Default jurisdiction",
    # Main bets between 0.5% and 15%; side bets (bonus, dice match) up to 35%.
    "house_edge_bounds": {
        "main": {"min": "0.005", "max": "0.15"},
        "*": {"min": "0.005", "max": "0.35"},
    },
}


class Command(BaseCommand):
    help = "Create the default jurisdiction and the five preset variants as drafts (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options):
        jurisdiction, created = Jurisdiction.objects.get_or_create(
            code=DEFAULT_JURISDICTION["code"],
            defaults={k: v for k, v in DEFAULT_JURISDICTION.items() if k != "code"},
        )
        if created:
            self.stdout.write(f"Created jurisdiction {jurisdiction.code}")
        for name, rules in PRESETS.items():
            # A preset counts as loaded once any variant was made from it by the system.
            if GameVariant.objects.filter(preset=name, created_by__isnull=True).exists():
                continue
            data = rules_to_dict(rules)
            payouts = {
                key: value for key, value in data.pop("payouts").items() if value is not None
            }
            family = data.pop("family")
            variant_create(
                name=name,
                family=family,
                parameters=data,
                payouts=payouts,
                jurisdiction=jurisdiction,
                actor=None,
                preset=name,
            )
            self.stdout.write(f"Created draft variant {name}")
        self.stdout.write("Presets loaded.")
