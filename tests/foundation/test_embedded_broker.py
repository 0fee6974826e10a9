"""The embedded broker never hands a worker a message that is still being written."""

from __future__ import annotations

import os
import subprocess
import sys
from queue import Empty

import pytest
from kombu import Connection

from casino import embedded_broker
from tests.support.server import ROOT


@pytest.fixture
def channel(tmp_path):
    folder = tmp_path / "queue"
    folder.mkdir()
    options = {"data_folder_in": str(folder), "data_folder_out": str(folder),
               "control_folder": str(tmp_path / "control"), "store_processed": False}
    with Connection("filesystem://", transport="casino.embedded_broker:Transport",
                    transport_options=options) as connection:
        yield connection.default_channel


def test_a_message_is_invisible_until_it_is_whole(channel, monkeypatch):
    seen_while_writing = []
    rename = os.replace

    def look_then_rename(partial, final):
        # A worker looking at the folder at the worst moment: the bytes are written, the
        # message is not yet in place.
        try:
            seen_while_writing.append(channel._get("celery"))
        except Empty:
            seen_while_writing.append(None)
        rename(partial, final)

    monkeypatch.setattr(embedded_broker.os, "replace", look_then_rename)
    channel._put("celery", {"body": "whole", "n": 1})
    assert seen_while_writing == [None]
    assert channel._get("celery") == {"body": "whole", "n": 1}
    with pytest.raises(Empty):
        channel._get("celery")


def test_every_message_comes_out_once_and_only_from_its_queue(channel):
    for n in range(5):
        channel._put("celery", {"n": n})
    channel._put("other", {"n": "elsewhere"})
    assert sorted(channel._get("celery")["n"] for _ in range(5)) == [0, 1, 2, 3, 4]
    with pytest.raises(Empty):
        channel._get("celery")
    assert channel._get("other") == {"n": "elsewhere"}


def test_the_embedded_default_uses_it():
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DATABASE_URL")}
    code = ("import django; django.setup(); from casino.celery import app; "
            "print(type(app.connection_for_write().transport).__module__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, text=True, capture_output=True,
                         env={**env, "DJANGO_SETTINGS_MODULE": "casino.settings"}, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "casino.embedded_broker"
