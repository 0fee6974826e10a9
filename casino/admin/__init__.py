"""Django admin for the back office, split by concern; importing registers each ModelAdmin."""


from . import audit, lifecycle, reviews, tokens, variants  # noqa: F401
