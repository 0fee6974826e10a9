"""A certificate's standing on every surface: the lifecycle's personas, world and stand-in engine."""

from __future__ import annotations

from tests.lifecycle import conftest as lifecycle

alice, rita, adam, audrey, olga = lifecycle.alice, lifecycle.rita, lifecycle.adam, lifecycle.audrey, lifecycle.olga
api, jurisdiction, fake_engine, _media = lifecycle.api, lifecycle.jurisdiction, lifecycle.fake_engine, lifecycle._media
garden, garden_casino = lifecycle.garden, lifecycle.garden_casino
