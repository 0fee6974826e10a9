"""Forms whose blank markup is made once per process render exactly as they would afresh."""

from __future__ import annotations

import pytest
from django.utils.translation import get_language, override

from casino.forms.backoffice import DecisionForm, StartCertificationForm
from casino.forms.protection import ProtectionAuditForm
from casino.templatetags.rows import _BLANK_FORMS, _render_fields, blank_fields
from casino.views.discussion import AttachmentForm, CommentForm

STATIC_FORMS = [ProtectionAuditForm, StartCertificationForm, DecisionForm, CommentForm, AttachmentForm]


@pytest.mark.parametrize("layout", ["includes/field.html", "includes/filter_field.html"])
@pytest.mark.parametrize("form_class", STATIC_FORMS, ids=lambda c: c.__name__)
def test_cached_markup_is_the_fresh_markup(form_class, layout):
    _BLANK_FORMS.clear()
    first = blank_fields(form_class(), layout)
    assert (form_class, None, layout, get_language()) in _BLANK_FORMS
    assert blank_fields(form_class(), layout) is first
    assert first == _render_fields(form_class(), layout)
    for name in form_class.base_fields:
        assert f'name="{name}"' in first


def test_a_bound_form_is_never_taken_from_the_cache():
    _BLANK_FORMS.clear()
    bound = ProtectionAuditForm(data={"seats": "99", "penetration": "x", "procedure": ""})
    html = blank_fields(bound, "includes/filter_field.html")
    assert 'value="99"' in html and not _BLANK_FORMS


def test_each_language_has_its_own_markup():
    _BLANK_FORMS.clear()
    english = blank_fields(CommentForm(), "includes/field.html")
    with override("it"):
        italian = blank_fields(CommentForm(), "includes/field.html")
    assert italian != english and len(_BLANK_FORMS) == 2
