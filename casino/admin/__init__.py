"""Django admin for the back office, split by concern; importing registers each ModelAdmin."""

from . import reviews, variants  # noqa: F401
