"""Forms for the back office pages."""

from .backoffice import (
    DecisionForm,
    PaytableNoteForm,
    StartCertificationForm,
    TableAssignForm,
    TableCreateForm,
    VariantMetaForm,
)
from .rules import RuleParametersForm, field_name

__all__ = [
    "DecisionForm",
    "PaytableNoteForm",
    "RuleParametersForm",
    "StartCertificationForm",
    "TableAssignForm",
    "TableCreateForm",
    "VariantMetaForm",
    "field_name",
]
