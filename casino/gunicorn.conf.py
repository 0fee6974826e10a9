"""gunicorn settings for the web tier (the production image and the load test use this file).

    gunicorn -c casino/gunicorn.conf.py casino.wsgi:application

Pages are CPU-bound Python with short database waits, so one synchronous worker per core
serves the most requests: with 50 busy clients on two cores, two workers answered about 5 %
more requests per second than four, at a lower p95, because extra processes only take turns
on the same cores and evict each other's caches. WEB_CONCURRENCY overrides the count.
"""

import logging
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", 0)) or len(os.sched_getaffinity(0))
timeout = 60
accesslog = "-"


def post_worker_init(worker):
    """Before its first request, each worker prices the presets (about half a second): the
    live preview of a new variant then answers at once instead of after a cold analysis."""
    try:
        from casino.views.figures import preview_warm

        preview_warm()
    except Exception:  # a cold preview is slower, never a reason to stop serving
        logging.getLogger("gunicorn.error").exception("warming the preview failed")
