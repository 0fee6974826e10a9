"""The progress of a long command, for a person at a terminal or for a log.

On a terminal the bar is redrawn in place. Anywhere else (a pipe, a CI log, a cron job's mail)
a carriage return does not move back, so hundreds of redraws would pile up on one line; there
the progress is a line at the first report and at each tenth of the work after it, as tqdm
and pip do.
Every command with a long wait (``certify``, ``packet``, ``simulate``, ``tune``, ``protect``)
reports through this one class.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, stream: TextIO | None = None, *, width: int = 30,
                 live: bool | None = None):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.live = self._is_terminal(self.stream) if live is None else live
        self.start = time.monotonic()
        self._tenths_written = -1
        self._drawn = False
        self._finished = False

    @staticmethod
    def _is_terminal(stream: TextIO) -> bool:
        isatty = getattr(stream, "isatty", None)
        return bool(isatty and isatty())

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def __call__(self, done: int, total: int, detail: str = "") -> None:
        """``done`` of ``total`` units; ``detail`` says what they are (e.g. "3/8 chunks")."""
        if self._finished:
            return
        total = max(total, 1)
        done = min(max(done, 0), total)
        percent = 100 * done // total
        if self.live:
            filled = self.width * done // total
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] "
                              f"{percent:3d}%  {detail}")
            if done >= total:
                self.stream.write("\n")
            self._drawn = True
        else:
            tenths = 10 * done // total
            if tenths <= self._tenths_written:
                return
            self._tenths_written = tenths
            self.stream.write(f"{percent:3d}%  {detail}".rstrip() + "\n")
        self._finished = done >= total
        self.stream.flush()

    def close(self) -> None:
        """End a live bar's line when the work stopped short of the end (an error)."""
        if self.live and self._drawn and not self._finished:
            self.stream.write("\n")
            self.stream.flush()
        self._finished = True
