"""A real task travels through the broker to a real worker and its result lands in PostgreSQL."""

import uuid

import pytest
from django.db import connection
from django_celery_results.models import TaskResult

from certification.tasks import worker_probe

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_task_runs_on_a_real_worker_and_its_result_is_stored(celery_worker_process):
    assert connection.vendor == "postgresql"
    token = uuid.uuid4().hex
    result = worker_probe.delay(token)
    answer = result.get(timeout=60)
    assert answer["token"] == token
    assert answer["database"] == "postgresql"
    stored = TaskResult.objects.get(task_id=result.id)
    assert stored.status == "SUCCESS"
    assert token in stored.result
