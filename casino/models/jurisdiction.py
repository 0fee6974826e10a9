from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

# A bet with no bounds of its own falls back to these.
ANY_BET = "*"


class Jurisdiction(models.Model):
    """A regulator whose house-edge bounds a variant must meet to be approvable."""

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=200)
    house_edge_bounds = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per bet: {"main": {"min": "0.005", "max": "0.15"}}; "*" applies to any other bet.',
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors = bounds_errors(self.house_edge_bounds)
        if errors:
            raise ValidationError({"house_edge_bounds": errors})

    def bounds_for(self, bet: str) -> tuple[Decimal | None, Decimal | None]:
        entry = (self.house_edge_bounds or {}).get(bet) or (self.house_edge_bounds or {}).get(
            ANY_BET
        )
        if not entry:
            return None, None
        low, high = entry.get("min"), entry.get("max")
        return (
            Decimal(str(low)) if low is not None else None,
            Decimal(str(high)) if high is not None else None,
        )


def bounds_errors(bounds) -> list[str]:
    if not isinstance(bounds, dict):
        return ["must be an object of bet -> {min, max}"]
    errors = []
    for bet, entry in bounds.items():
        if not isinstance(entry, dict) or not set(entry) <= {"min", "max"}:
            errors.append(f"{bet}: must be an object with min and/or max")
            continue
        try:
            values = {k: Decimal(str(v)) for k, v in entry.items() if v is not None}
        except InvalidOperation:
            errors.append(f"{bet}: min and max must be numbers such as 0.005")
            continue
        if "min" in values and "max" in values and values["min"] > values["max"]:
            errors.append(f"{bet}: min {values['min']} is above max {values['max']}")
    return errors
