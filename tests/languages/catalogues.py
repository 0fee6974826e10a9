"""The project's own message catalogues, read with Babel: what the code marks, what is translated."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("it", "es")
# What `makemessages` reads for the web's catalogue (certification/ keeps its own).
SOURCES = ("casino", "templates", "manage.py")
EXTRACT_IGNORES = ("migrations/*", "management/*")


def catalogue(language: str):
    with open(ROOT / "locale" / language / "LC_MESSAGES" / "django.po", "rb") as po:
        return read_po(po, locale=language)


def fresh_msgids(tmp: Path) -> set:
    """The msgids the code and templates mark today: makemessages run on a copy of the sources,
    so the committed catalogues are never touched."""
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp / name, ignore=shutil.ignore_patterns("__pycache__", "locale"))
        else:
            shutil.copy(source, tmp / name)
    (tmp / "locale").mkdir()
    command = [sys.executable, "manage.py", "makemessages", "-l", "it", "--no-location", "--no-obsolete"]
    for pattern in EXTRACT_IGNORES:
        command += ["--ignore", pattern]
    # The copy's casino package comes first; certification and the rest from the project.
    env = {"PYTHONPATH": f"{tmp}:{ROOT}", "PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "casino.settings"}
    subprocess.run(command, cwd=tmp, env=env, check=True, capture_output=True, timeout=300)
    with open(tmp / "locale" / "it" / "LC_MESSAGES" / "django.po", "rb") as po:
        return {m.id for m in read_po(po) if m.id}


PLACEHOLDER = re.compile(r"%\(\w+\)s|%%|\{\w+\}|<[^>]+>")


def sentences(language: str, min_words: int = 4) -> list[tuple[str, str]]:
    """(English, translation) for every stretch of at least ``min_words`` words our catalogue
    translates differently: the English a page in that language must not show."""
    found = []
    for message in catalogue(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, translated in zip(ids, strings, strict=False):
            if english == translated:
                continue
            for stretch in PLACEHOLDER.split(english):
                stretch = stretch.strip(" .,:;·—()")
                if len(stretch.split()) >= min_words and stretch not in translated:
                    found.append((stretch, translated))
    return found
