from __future__ import annotations

import copy
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from casino.models import (
    DEFAULT_LIMITS,
    CasinoProperty,
    GameVariant,
    PaytableVersion,
    TableConfiguration,
)
from casino.models.tables import DEFAULT_HOURS_OPEN, StakeLevel, TableChannel
from casino.permissions import CAN_CONFIGURE_TABLES

from .approval_reads import floor_errors
from .audit import audit_record, snapshot
from .errors import require_role
from .properties import casino_property_default

EDITABLE_FIELDS = (
    "casino_property",
    "channel",
    "stake_level",
    "pit",
    "variant",
    "paytable_version",
    "bet_limits",
    "seats",
    "decks",
    "shuffling_method",
    "shuffle_certification",
    "penetration",
    # Economics
    "player_mix",
    "decisions_per_hour",
    "occupied_seats",
    "average_bet",
    "hours_open",
    "house_way",
)


@transaction.atomic
def table_configuration_create(
    *,
    actor,
    table_id: str,
    variant: GameVariant,
    paytable_version: PaytableVersion,
    pit: str = "",
    bet_limits: dict[str, Any] | None = None,
    seats: int = 7,
    decks: int | None = None,
    shuffling_method: str = "",
    shuffle_certification=None,
    penetration: float = 0.0,
    player_mix: dict[str, Any] | None = None,
    decisions_per_hour: int | None = None,
    occupied_seats: int | None = None,
    average_bet: Decimal | None = None,
    hours_open: Decimal | None = DEFAULT_HOURS_OPEN,
    house_way: dict[str, Any] | None = None,
    casino_property: CasinoProperty | None = None,
    channel: str = TableChannel.FLOOR,
    stake_level: str = StakeLevel.STANDARD,
) -> TableConfiguration:
    """A new table starts inactive; ``table_activate`` puts it on the floor.

    Without ``casino_property`` the table stands in the default property of its variant's
    jurisdiction (``casino_property_default``).
    """
    require_role(actor, CAN_CONFIGURE_TABLES, "configuring a table")
    if casino_property is None:
        casino_property = casino_property_default(jurisdiction=variant.jurisdiction, actor=actor)
    table = TableConfiguration(
        table_id=table_id,
        casino_property=casino_property,
        pit=pit,
        variant=variant,
        paytable_version=paytable_version,
        bet_limits=copy.deepcopy(DEFAULT_LIMITS[variant.family])
        if bet_limits is None
        else bet_limits,
        seats=seats,
        decks=variant.parameters.get("decks", 1) if decks is None else decks,
        shuffling_method=shuffling_method,
        channel=channel,
        stake_level=stake_level,
        shuffle_certification=shuffle_certification,
        penetration=penetration,
        player_mix=player_mix or {},
        decisions_per_hour=decisions_per_hour,
        occupied_seats=occupied_seats,
        average_bet=average_bet,
        hours_open=hours_open,
        house_way=house_way,
    )
    _validate(table)
    table.save()
    audit_record(actor=actor, action="table.create", obj=table, before=None, after=snapshot(table))
    return table


@transaction.atomic
def table_configuration_update(
    *, table: TableConfiguration, actor, **changes: Any
) -> TableConfiguration:
    require_role(actor, CAN_CONFIGURE_TABLES, "configuring a table")
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise ValidationError({name: "cannot be changed here" for name in sorted(unknown)})
    table = TableConfiguration.objects.select_for_update().get(pk=table.pk)
    before = snapshot(table)
    for name, value in changes.items():
        setattr(table, name, value)
    _validate(table)
    table.save()
    audit_record(
        actor=actor, action="table.update", obj=table, before=before, after=snapshot(table)
    )
    return table


def _validate(table: TableConfiguration) -> None:
    errors = floor_errors(table)
    try:
        table.full_clean(exclude=["variant", "paytable_version", "shuffle_certification", "casino_property"])
    except ValidationError as exc:
        errors = {**{k: "; ".join(v) for k, v in exc.message_dict.items()}, **errors}
    if errors:
        raise ValidationError(errors)
