"""A casino in Italy with two Sette e Mezzo tables, an officer, an admin and a regulator."""

from __future__ import annotations

from dataclasses import dataclass

from casino.permissions import Role
from casino.services.properties import casino_property_create
from casino.services.regulator_scope import regulator_scope_grant
from tests.backoffice.factories import JurisdictionFactory, UserFactory, make_table, make_variant


@dataclass
class FloorWorld:
    admin: object
    officer: object
    regulator: object
    outsider_regulator: object
    casino: object
    tables: list


def floor_world(language: str = "it") -> FloorWorld:
    admin = UserFactory(username="adam", roles=[Role.ADMIN])
    officer = UserFactory(username="olga", roles=[Role.OFFICER])
    regulator = UserFactory(username="rita", roles=[Role.REGULATOR], is_staff=False)
    outsider = UserFactory(username="otto", roles=[Role.REGULATOR], is_staff=False)
    italy = JurisdictionFactory(code="italia", name="Italia", language=language)
    elsewhere = JurisdictionFactory(code="malta", name="Malta")
    regulator_scope_grant(user=regulator, jurisdictions=[italy], actor=admin)
    regulator_scope_grant(user=outsider, jurisdictions=[elsewhere], actor=admin)
    casino = casino_property_create(name="Casinò di Sanremo", jurisdiction=italy, actor=admin)
    variant = make_variant(actor=None, preset="sette-e-mezzo")
    tables = [make_table(admin=admin, variant=variant, table_id=f"T-0{i}", casino_property=casino,
                         occupied_seats=1)
              for i in (1, 2)]
    return FloorWorld(admin, officer, regulator, outsider, casino, tables)
