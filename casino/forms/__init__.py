"""Forms for the back office pages."""

from .rules import RuleParametersForm, field_name

__all__ = ["RuleParametersForm", "field_name"]
