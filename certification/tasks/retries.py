"""How a task that signs waits out a timestamp authority that is away for a while."""

from certification.reports.signing import TimestampError

# Nothing was issued when the authority gave no timestamp, so trying again is safe: eight
# times, backing off from 30 seconds to 15 minutes (with jitter), over up to an hour.
TIMESTAMP_RETRY = {"autoretry_for": (TimestampError,), "retry_backoff": 30,
                   "retry_backoff_max": 900, "max_retries": 8}
