"""What an authenticator app computes: the TOTP code of a time step (no Django needed, so
the scripts that drive a running server use it too)."""

from __future__ import annotations

import time

from django_otp.oath import TOTP


def code_at(key: bytes, t: int, *, step: int = 30, digits: int = 6) -> str:
    totp = TOTP(key, step=step, digits=digits)
    totp.time = t * step
    return f"{totp.token():0{digits}d}"


def pick_step(now_t: int, last_t: int, *, step: int = 30) -> int:
    """The time step to use now: the current one, or the next (which a device accepts) if
    the current one was used; waits for a fresh step when both were."""
    if last_t >= now_t + 1:
        time.sleep((last_t - now_t) * step + 0.5)
        now_t = last_t
    return max(now_t, last_t + 1)
