"""Every message the code and templates mark has an Italian and a Spanish translation, none
fuzzy, and the compiled catalogues say what the .po files say."""

from __future__ import annotations

import gettext
import shutil

import pytest

from tests.languages.catalogues import LANGUAGES, ROOT, catalogue, fresh_msgids

needs_gettext = pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext is not installed")


@needs_gettext
def test_every_marked_message_is_in_both_catalogues(tmp_path):
    marked = fresh_msgids(tmp_path)
    assert len(marked) > 500  # the extraction really ran over the pages and the code
    for language in LANGUAGES:
        known = {m.id for m in catalogue(language) if m.id}
        missing = sorted(str(m) for m in marked - known)
        assert not missing, f"{language}: run makemessages and translate: {missing[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    untranslated, fuzzy = [], []
    for message in catalogue(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(s.strip() for s in strings):
            untranslated.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert not untranslated, f"{language}: untranslated {untranslated[:20]}"
    assert not fuzzy, f"{language}: fuzzy {fuzzy[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_matches_the_po_file(language):
    with open(ROOT / "locale" / language / "LC_MESSAGES" / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    stale = []
    for message in catalogue(language):
        if not message.id or isinstance(message.id, tuple):
            continue
        shown = (compiled.pgettext(message.context, message.id) if message.context
                 else compiled.gettext(message.id))
        if shown != message.string:
            stale.append(message.id)
    assert not stale, f"{language}: compilemessages after editing the .po: {stale[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    import re

    slot = re.compile(r"%\(\w+\)s|%%|\{\w+\}")
    broken = []
    for message in catalogue(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, translated in zip(ids, strings, strict=False):
            if sorted(slot.findall(english)) != sorted(slot.findall(translated)):
                broken.append(english)
    assert not broken, f"{language}: {broken[:10]}"
