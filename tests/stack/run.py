"""`make stack-test`: the scenarios of tests/stack/scenarios.py against the compose stack.

    python -m tests.stack.run [--only journey,worker-killed] [--fault missing-static|wrong-broker]

Starts the stack (`make stack` does the same) unless it is already up, resets the admin's
password, then runs each scenario in turn from outside the containers, printing what it did,
what it checked and how long it took. Exit 0 only if every scenario passed. --fault builds a
deliberately broken stack (a static file left out of the image, or workers given a wrong
broker URL) under another name and runs the journey on it: the run must fail, naming it.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback

from tests.stack.client import Client
from tests.stack.scenarios import SCENARIOS, Context
from tests.stack.stack import Stack, StackError

FAULTS = {
    "missing-static": {"omit_static": "css/app.css"},
    "wrong-broker": {"overrides": {"STACK_WORKER_BROKER_URL": "redis://redis:6390/0"}},
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated scenario names")
    parser.add_argument("--fault", choices=sorted(FAULTS))
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(SCENARIOS)
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario(s) {unknown}; known: {list(SCENARIOS)}")

    timings: list[tuple[str, float, str]] = []
    if args.fault:
        stack = Stack(project="tablecert-faulty", port=18096, db_port=18642, redis_port=18689)
        names = ["journey"]
    else:
        stack = Stack()
    began = time.monotonic()
    try:
        print(f"== starting the stack {stack.project} ({stack.url})", flush=True)
        stack_timings = stack.up(**FAULTS.get(args.fault, {}))
        admin = stack.create_admin()
    except StackError as error:
        print(f"FAILED: the stack did not start: {error}", flush=True)
        if args.fault:
            stack.down(volumes=True)
        print("stack-test: 0 passed, 1 failed")
        return 1
    print(f"   images ready in {stack_timings['images']:.1f} s; healthy "
          f"{stack_timings['start_to_healthy']:.1f} s after `up`", flush=True)
    timings.append(("images", stack_timings["images"], "ok"))
    timings.append(("start to healthy", stack_timings["start_to_healthy"], "ok"))
    ctx = Context(stack=stack, admin=admin,
                  client=Client(stack.url, authenticator=stack.home / "authenticator.json"))
    failed = []
    for name in names:
        print(f"== {name}", flush=True)
        started = time.monotonic()
        try:
            if ctx.baseline is None and name != "journey":
                SCENARIOS["journey"](ctx)
            SCENARIOS[name](ctx)
            outcome = "passed"
        except (AssertionError, StackError) as error:
            outcome = "FAILED"
            failed.append(name)
            print(f"    FAILED: {error}", flush=True)
        except Exception:  # a scenario's own bug: shown whole, and the run goes on
            outcome = "FAILED"
            failed.append(name)
            traceback.print_exc()
        seconds = time.monotonic() - started
        timings.append((name, seconds, outcome))
        print(f"   {name} {outcome} in {seconds:.1f} s", flush=True)
    print("\n== timings")
    for name, seconds, outcome in timings:
        print(f"   {name:<22} {seconds:7.1f} s  {outcome}")
    print(f"   {'total':<22} {time.monotonic() - began:7.1f} s")
    if args.fault:
        stack.down(volumes=True)
    passed = len(names) - len(failed)
    print(f"stack-test: {passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
