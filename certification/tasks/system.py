import socket

from celery import shared_task
from django.db import connection


@shared_task(name="certification.worker_probe")
def worker_probe(token: str) -> dict:
    """Proves a worker is alive and sees the same database as the web process."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"token": token, "hostname": socket.gethostname(), "database": connection.vendor}
