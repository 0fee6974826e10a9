"""The embedded default's broker: kombu's filesystem transport, each message appearing whole.

kombu writes a message file in place. A worker listing the folder between the file's creation
and the write moves it away, reads nothing, fails to decode it and stops, and ``make run``
stops with it (celery/kombu#1551); the faster the worker looks, the likelier. Here a message
is written under a name no queue reads and then renamed into place: a rename within one
folder is atomic, so a worker sees the whole message or none of it.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

PARTIAL = ".part"
"""Suffix of a message still being written: kombu reads only names ending in ``.QUEUE.msg``."""


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        # kombu's own naming: the time first, so a sorted listing is the order sent.
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = final + PARTIAL
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
