"""The production stack on this machine, through docker-compose: build, start, wait, stop.

    python -m tests.stack.stack up      # images, the stack, an admin; prints the URL
    python -m tests.stack.stack down    # stops it; the volumes stay

Each stack has a name (STACK_PROJECT, default tablecert-stack) and a folder of its own under
docker/.built/ with its settings (a random secret key and database password), its signing key
and the admin's credentials. Ports: web on 127.0.0.1:STACK_PORT (18086); PostgreSQL and Redis
on the gateway of the stack's "remote" network (STACK_DB_PORT 18632, STACK_REDIS_PORT 18679),
for a worker on that network.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILT = ROOT / "docker" / ".built"
COMPOSE_FILES = [ROOT / "docker" / "compose.yaml", ROOT / "docker" / "compose.stack.yaml"]
SERVICES_WITH_HEALTH = ("postgres", "redis", "web", "worker")
IMAGE_USER_ID = "10001"  # the image's unprivileged user, who must read the signing key


class StackError(RuntimeError):
    """The stack did not do what was asked; the message says what and shows the evidence."""


def sh(*args: str, check: bool = True, timeout: float = 600, quiet: bool = False,
       env: dict | None = None, input: str | None = None) -> subprocess.CompletedProcess:
    out = subprocess.run(list(args), capture_output=True, text=True, timeout=timeout,
                         env=env, input=input)
    if check and out.returncode != 0:
        raise StackError(f"{' '.join(args)} failed ({out.returncode}):\n{out.stdout[-2000:]}"
                         f"{out.stderr[-3000:]}")
    if not quiet and out.stderr.strip() and out.returncode != 0:
        print(out.stderr.strip(), file=sys.stderr)
    return out


def build_images(omit_static: str = "") -> dict[str, str]:
    """docker/images.sh: the images this tree builds (content-addressed, so cheap when built)."""
    env = {**os.environ, "OMIT_STATIC": omit_static}
    out = subprocess.run([str(ROOT / "docker" / "images.sh")], env=env, text=True,
                         capture_output=True, timeout=3600)
    sys.stderr.write(out.stderr)
    if out.returncode != 0:
        raise StackError(f"building the images failed:\n{out.stderr[-3000:]}")
    images = {}
    for line in (BUILT / "images.env").read_text().splitlines():
        key, _, value = line.partition("=")
        images[key] = value
    return images


@dataclass
class Stack:
    project: str = field(default_factory=lambda: os.environ.get("STACK_PROJECT", "tablecert-stack"))
    port: int = field(default_factory=lambda: int(os.environ.get("STACK_PORT", "18086")))
    db_port: int = field(default_factory=lambda: int(os.environ.get("STACK_DB_PORT", "18632")))
    redis_port: int = field(
        default_factory=lambda: int(os.environ.get("STACK_REDIS_PORT", "18679")))
    workers: int = 2

    @property
    def home(self) -> Path:
        return BUILT / self.project

    @property
    def env_file(self) -> Path:
        return self.home / "stack.env"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def remote_network(self) -> str:
        return f"{self.project}-remote"

    @property
    def network(self) -> str:
        return f"{self.project}_default"

    # -- compose -------------------------------------------------------------------------
    def compose(self, *args: str, check: bool = True, timeout: float = 600,
                extra_env: dict | None = None) -> subprocess.CompletedProcess:
        files = [a for f in COMPOSE_FILES for a in ("-f", str(f))]
        env = {**os.environ, **(extra_env or {})}
        return sh("docker-compose", "--env-file", str(self.env_file), "-p", self.project,
                  *files, *args, check=check, timeout=timeout, env=env)

    def container(self, service: str, index: int = 1) -> str:
        ids = self.compose("ps", "-q", service).stdout.split()
        names = sorted(sh("docker", "inspect", "-f", "{{.Name}}", *ids).stdout.split()) if ids else []
        wanted = f"/{self.project}_{service}_{index}"
        if wanted not in names:
            raise StackError(f"no container {wanted[1:]} (have: {names})")
        return wanted[1:]

    def workers_names(self) -> list[str]:
        return [self.container("worker", i) for i in range(1, self.workers + 1)]

    def manage(self, *args: str, service: str = "web", timeout: float = 600) -> str:
        return self.compose("exec", "-T", service, "python", "manage.py", *args,
                            timeout=timeout).stdout

    # -- settings ------------------------------------------------------------------------
    def write_settings(self, images: dict[str, str], overrides: dict | None = None) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        fresh = not self.env_file.exists()
        old = {} if fresh else self.settings()
        signing = self.home / "signing"
        if not (signing / "cert.pem").exists():
            signing.mkdir(exist_ok=True)
            sh("openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout",
               "-out", str(signing / "key.pem"))
            sh("openssl", "req", "-new", "-x509", "-key", str(signing / "key.pem"), "-out",
               str(signing / "cert.pem"), "-days", "365", "-subj",
               "/CN=Tablecert Certification Laboratory/O=Stack test laboratory")
            os.chown(signing / "key.pem", int(IMAGE_USER_ID), -1)
            os.chmod(signing / "key.pem", 0o400)
        origins = f"http://127.0.0.1:{self.port},http://localhost:{self.port}"
        values = {
            # Kept across restarts: sessions and the database password must survive them.
            "DJANGO_SECRET_KEY": old.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(60),
            "POSTGRES_PASSWORD": old.get("POSTGRES_PASSWORD") or secrets.token_hex(16),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_CSRF_TRUSTED_ORIGINS": origins,
            "TABLECERT_SIGNING_DIR": str(signing),
            "TABLECERT_BIND": "127.0.0.1",
            "TABLECERT_PORT": str(self.port),
            "STACK_PUBLISH_IP": self.remote_gateway(),
            "STACK_DB_PORT": str(self.db_port),
            "STACK_REDIS_PORT": str(self.redis_port),
            "WORKER_CONCURRENCY": "1",
            # A worker lost mid-chunk: its message is handed out again after 20 s.
            "CELERY_VISIBILITY_TIMEOUT": "20",
            **images,
            **(overrides or {}),
        }
        self.env_file.write_text("".join(f"{k}={v}\n" for k, v in values.items()))
        if fresh:
            # Volumes left by a stack of this name whose settings are gone (another clone, say)
            # hold a database whose password nobody has: they go.
            self.compose("down", "-v", "--remove-orphans", timeout=300)

    def settings(self) -> dict[str, str]:
        pairs = (line.partition("=") for line in self.env_file.read_text().splitlines())
        return {k: v for k, _, v in pairs if k}

    def remote_gateway(self) -> str:
        """The gateway of the stack's second network (made on first use)."""
        if sh("docker", "network", "inspect", self.remote_network, check=False,
              quiet=True).returncode:
            sh("docker", "network", "create", self.remote_network)
        return sh("docker", "network", "inspect", "-f",
                  "{{(index .IPAM.Config 0).Gateway}}", self.remote_network).stdout.strip()

    # -- life ----------------------------------------------------------------------------
    def up(self, *, omit_static: str = "", overrides: dict | None = None) -> dict:
        timings = {}
        started = time.monotonic()
        images = build_images(omit_static)
        timings["images"] = time.monotonic() - started
        self.write_settings(images, overrides)
        started = time.monotonic()
        self.compose("up", "-d", "--scale", f"worker={self.workers}", timeout=900)
        self.wait_healthy()
        timings["start_to_healthy"] = time.monotonic() - started
        return timings

    def health(self) -> dict[str, str]:
        ids = self.compose("ps", "-q").stdout.split()
        if not ids:
            return {}
        lines = sh("docker", "inspect", "-f",
                   "{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}"
                   "{{else}}-{{end}}", *ids).stdout.splitlines()
        states = {}
        for line in lines:
            name, status, health = line.split()
            states[name.lstrip("/")] = health if health != "-" else status
        return states

    def wait_healthy(self, timeout: float = 300) -> None:
        deadline = time.monotonic() + timeout
        states: dict[str, str] = {}
        while time.monotonic() < deadline:
            states = self.health()
            waiting = [n for n, s in states.items()
                       if not n.endswith("_migrate_1") and s not in ("healthy", "running")]
            if states and not waiting:
                return
            sick = [n for n in waiting if states[n] in ("unhealthy", "exited", "dead")]
            if sick:
                raise StackError("not healthy: " + ", ".join(f"{n} ({states[n]})" for n in sick)
                                 + "\n" + "\n".join(self.evidence(n) for n in sick))
            time.sleep(2)
        raise StackError(f"the stack was not healthy within {timeout:.0f} s: {states}\n"
                         + self.compose("logs", "--tail", "30", check=False).stdout[-6000:])

    @staticmethod
    def evidence(container: str) -> str:
        """What a container said about its trouble: its error lines and its broker address."""
        out = sh("docker", "logs", "--tail", "300", container, check=False, quiet=True)
        errors = [line.strip() for line in (out.stdout + out.stderr).splitlines()
                  if re.search(r"Cannot connect|Error|error:|refused|Missing", line)][-5:]
        env = sh("docker", "inspect", "-f", "{{range .Config.Env}}{{println .}}{{end}}", container,
                 check=False, quiet=True).stdout.splitlines()
        broker = next((e.split("=", 1)[1] for e in env if e.startswith("CELERY_BROKER_URL=")), "")
        return (f"  {container}" + (f" (broker {broker})" if broker else "") + ":\n    "
                + "\n    ".join(errors or ["(no error in its log)"]))

    def create_admin(self) -> dict:
        out = self.manage("ensure_demo_admin")
        found = re.search(r"username '([^']+)', password '([^']+)'", out)
        if not found:
            raise StackError(f"ensure_demo_admin printed no credentials: {out}")
        admin = {"username": found.group(1), "password": found.group(2)}
        if not (self.home / "authenticator.json").exists():
            # Its authenticator's secret is not kept here: it enrols again at sign-in.
            self.manage("shell", "-c", "from django.contrib.auth import get_user_model; "
                        "from django_otp import devices_for_user; "
                        f"user = get_user_model().objects.get(username={admin['username']!r}); "
                        "[d.delete() for d in devices_for_user(user, confirmed=None)]")
        (self.home / "admin.json").write_text(json.dumps(admin))
        return admin

    def down(self, *, volumes: bool = False) -> None:
        if not self.env_file.exists():
            return
        for name in sh("docker", "ps", "-aq", "--filter", f"label=tablecert.stack={self.project}"
                       ).stdout.split():
            sh("docker", "rm", "-f", name, check=False)
        self.compose("down", *(["-v"] if volumes else []), "--remove-orphans", timeout=300)
        if volumes:
            sh("docker", "network", "rm", self.remote_network, check=False)


def main(argv: list[str]) -> int:
    stack = Stack()
    if argv[:1] == ["up"]:
        timings = stack.up()
        admin = stack.create_admin()
        print(f"images ready in {timings['images']:.0f} s; the stack healthy "
              f"{timings['start_to_healthy']:.0f} s after `up`")
        print(f"tablecert is at {stack.url}/  (sign in as {admin['username']!r}, password "
              f"{admin['password']!r}; send X-Forwarded-Proto: https or put a TLS proxy in front)")
        return 0
    if argv[:1] == ["down"]:
        stack.down(volumes="--volumes" in argv)
        print(f"stack {stack.project} stopped" + (" and its volumes removed" if "--volumes" in argv
                                                  else "; its volumes are kept"))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
