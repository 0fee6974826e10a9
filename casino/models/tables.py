from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from casino.rules import NINE_TEN_ELEVEN, SEVEN_AND_HALF

from .properties import CasinoProperty
from .variants import GameVariant, PaytableVersion

# Bets a table sets limits for, and the defaults a new table starts from (in chips).
# The casino version of Seven and a Half takes an ante of 3, 5, 10 or 25; 9-10-11 a main
# bet of 2 or 4 and a bonus of 1 to 4 (seed documents 000 and 001).
BET_TYPES = {
    SEVEN_AND_HALF: ("ante",),
    NINE_TEN_ELEVEN: ("main", "bonus", "dice_match"),
}
DEFAULT_LIMITS = {
    SEVEN_AND_HALF: {"ante": {"min": 3, "max": 25, "allowed": [3, 5, 10, 25]}},
    NINE_TEN_ELEVEN: {
        "main": {"min": 2, "max": 4, "allowed": [2, 4]},
        "bonus": {"min": 1, "max": 4},
        "dice_match": {"min": 1, "max": 4},
    },
}
SEAT_BOUNDS = {SEVEN_AND_HALF: (1, 7), NINE_TEN_ELEVEN: (1, 7)}
DEFAULT_HOURS_OPEN = Decimal("8")


class TableStatus(models.TextChoices):
    INACTIVE = "inactive", _("Inactive")
    ACTIVE = "active", _("Active")
    CLOSED = "closed", _("Closed")


class TableChannel(models.TextChoices):
    FLOOR = "floor", _("Casino floor")
    STUDIO = "studio", _("Live studio")
    ONLINE = "online", _("Online (electronic)")


class StakeLevel(models.TextChoices):
    LOW = "low", _("Low")
    STANDARD = "standard", _("Standard")
    HIGH = "high", _("High")
    VIP = "vip", _("VIP")


class TableConfiguration(models.Model):
    table_id = models.CharField(max_length=40, unique=True)
    casino_property = models.ForeignKey(
        CasinoProperty, on_delete=models.PROTECT, related_name="tables",
        help_text="The casino the table stands in; its jurisdiction decides what the table may deal.",
    )
    pit = models.CharField(max_length=80, blank=True, help_text="Pit or area of the floor.")
    variant = models.ForeignKey(GameVariant, on_delete=models.PROTECT, related_name="tables")
    paytable_version = models.ForeignKey(
        PaytableVersion, on_delete=models.PROTECT, related_name="tables"
    )
    bet_limits = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per bet type: {"ante": {"min": 3, "max": 25, "allowed": [3, 5, 10, 25]}}.',
    )
    seats = models.PositiveSmallIntegerField(default=7)
    decks = models.PositiveSmallIntegerField(default=1)
    shuffling_method = models.CharField(
        max_length=200,
        blank=True,
        help_text='A hand procedure such as "wash,riffle,riffle,box,riffle,cut" or a shuffler model.',
    )
    penetration = models.FloatField(
        default=0.0,
        help_text="Share of the deck dealt before the shuffle; 0 shuffles before every round.",
    )
    shuffle_certification = models.ForeignKey(
        "certification.ShuffleCertification",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Latest certification of this table's shuffle log and procedure.",
    )
    status = models.CharField(
        max_length=20, choices=TableStatus.choices, default=TableStatus.INACTIVE, db_index=True
    )
    # Regulators watch return per channel and stake level (rounds carry both as dealt).
    channel = models.CharField(max_length=10, choices=TableChannel.choices, default=TableChannel.FLOOR)
    stake_level = models.CharField(max_length=20, choices=StakeLevel.choices, default=StakeLevel.STANDARD)
    # Economics: how the floor expects the table to be played (theoretical win, volatility,
    # and the theory a field trial's results are checked against).
    player_mix = models.JSONField(
        default=dict, blank=True, null=True,
        help_text='Share of each strategy among the players, e.g. {"optimal": 0.2, "dealer": 0.8} '
                  "(optimal, dealer, house_way); empty: every player optimal.",
    )
    decisions_per_hour = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Rounds dealt per hour; blank: the game's default."
    )
    occupied_seats = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Seats usually taken; blank: every seat."
    )
    average_bet = models.DecimalField(
        max_digits=10, decimal_places=2, null=True, blank=True,
        help_text="Average initial bet (ante or main bet); blank: the table's minimum.",
    )
    hours_open = models.DecimalField(
        max_digits=4, decimal_places=2, default=DEFAULT_HOURS_OPEN, null=True, blank=True,
        help_text="Hours open per day; blank: 8.",
    )
    house_way = models.JSONField(
        null=True, blank=True,
        help_text="The table's house way as a strategy chart (JSON, the simulator's chart format); "
                  "blank: the standard house way.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["table_id"]

    def __str__(self) -> str:
        return self.table_id

    def clean(self) -> None:
        errors = table_errors(self)
        if errors:
            raise ValidationError(errors)


def table_errors(table: TableConfiguration) -> dict[str, str]:
    """Field -> message for every configuration a floor could not run as certified."""
    errors: dict[str, str] = {}
    variant = table.variant if table.variant_id else None
    version = table.paytable_version if table.paytable_version_id else None
    if variant is None:
        return {"variant": "a table needs a variant"}
    if version is not None and version.paytable.variant_id != variant.pk:
        errors["paytable_version"] = f"version {version} is not a paytable of {variant}"
    low, high = SEAT_BOUNDS[variant.family]
    if not low <= (table.seats or 0) <= high:
        errors["seats"] = f"{variant.family} seats {low} to {high} players, not {table.seats}"
    certified_decks = variant.parameters.get("decks", 1)
    if table.decks != certified_decks:
        errors["decks"] = (
            f"the variant was certified with {certified_decks} deck(s), not {table.decks}"
        )
    if not 0 <= (table.penetration or 0) < 1:
        errors["penetration"] = f"a share of the deck from 0 up to (not including) 1, not {table.penetration}"
    limit_problem = _limits_error(variant.family, table.bet_limits)
    if limit_problem:
        errors["bet_limits"] = limit_problem
    errors.update(economics_errors(table, version))
    if table.status == TableStatus.ACTIVE:
        if variant.status != "approved":
            errors["status"] = (
                f"variant {variant} is {variant.status}; only approved variants can be played"
            )
        elif version is None or version.status != "approved":
            errors["status"] = "only an approved paytable version can be on an active table"
    return errors


def _limits_error(family: str, limits) -> str | None:
    if not isinstance(limits, dict):
        return "must be an object of bet type -> {min, max, allowed}"
    known = BET_TYPES[family]
    for bet, entry in limits.items():
        if bet not in known:
            return f"{family} has no {bet!r} bet (bets: {', '.join(known)})"
        if not isinstance(entry, dict) or not {"min", "max"} <= set(entry) <= {
            "min",
            "max",
            "allowed",
        }:
            return f"{bet}: give min and max (and optionally allowed amounts)"
        low, high, allowed = entry["min"], entry["max"], entry.get("allowed", [])
        numbers = [low, high, *(allowed if isinstance(allowed, list) else [None])]
        if not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in numbers):
            return f"{bet}: limits are positive whole numbers of chips"
        if low > high:
            return f"{bet}: min {low} is above max {high}"
        if any(not low <= amount <= high for amount in allowed):
            return f"{bet}: allowed amounts must lie between min {low} and max {high}"
    return None


def economics_errors(table: TableConfiguration, version: PaytableVersion | None) -> dict[str, str]:
    """Field -> message for economics settings the figures could not be computed from."""
    from certification.economics.mix import MixError, PlayerMix

    errors: dict[str, str] = {}
    if table.player_mix:
        try:
            PlayerMix.of(table.player_mix)
        except MixError as exc:
            errors["player_mix"] = str(exc)
    if table.decisions_per_hour is not None and not 1 <= table.decisions_per_hour <= 1000:
        errors["decisions_per_hour"] = f"between 1 and 1000 rounds an hour, not {table.decisions_per_hour}"
    if table.occupied_seats is not None and not 1 <= table.occupied_seats <= (table.seats or 0):
        errors["occupied_seats"] = f"between 1 and the table's {table.seats} seats, not {table.occupied_seats}"
    if table.average_bet is not None and table.average_bet <= 0:
        errors["average_bet"] = "must be positive"
    if table.hours_open is not None and not 0 < table.hours_open <= 24:
        errors["hours_open"] = f"between 0 and 24 hours, not {table.hours_open}"
    if table.house_way and version is not None:
        problem = house_way_error(table.house_way, table.variant.rules_dict(version.payouts))
        if problem:
            errors["house_way"] = problem
    return errors


def house_way_error(chart, rules_data: dict) -> str | None:
    from casino.rules import RuleValidationError, rules_from_dict
    from certification.odds.simulation.strategies import ChartStrategy, StrategyError

    if not isinstance(chart, dict):
        return "must be a JSON object (a strategy chart)"
    try:
        ChartStrategy(rules_from_dict(rules_data), chart)
    except RuleValidationError:
        return None  # the variant's own problem, reported where it is edited
    except (StrategyError, AttributeError, TypeError, ValueError) as exc:
        return f"not a strategy chart for this game: {exc}"
    return None
