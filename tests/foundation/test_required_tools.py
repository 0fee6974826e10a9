"""With REQUIRE_SERVICES=1, a missing browser or redis-server stops the run instead of skipping."""

from tests.support import services


def test_a_missing_browser_or_redis_server_is_a_problem(monkeypatch):
    monkeypatch.setattr(services.shutil, "which", lambda name: None)
    monkeypatch.setattr(services.Path, "exists", lambda self: False)
    problems = services.tool_problems()
    assert any("chromium" in p for p in problems)
    assert any("redis-server" in p for p in problems)


def test_nothing_is_reported_when_both_are_installed(monkeypatch):
    monkeypatch.setattr(services.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(services.Path, "exists", lambda self: str(self) == "/usr/bin/chromium")
    assert services.tool_problems() == []
