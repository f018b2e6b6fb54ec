"""A load test of the classroom server: many simulated students bid over HTTP, round after round.

    python -m gamekit.classroom.load                       # 60 students, 20 rounds, own server
    python -m gamekit.classroom.load --students 60 --rounds 20 --url http://127.0.0.1:8000 --teacher-token T

Without ``--url`` it starts ``python -m gamekit.classroom.app`` on 127.0.0.1 with a temporary
database and the default limits, as a teacher would. Every student is a client of its own
(asyncio, httpx), reads its value (``GET /api/me``) and bids (``POST /api/act``) as soon as a
round opens, all at once; the round closes when all have bid. Afterwards every acknowledged bid
must be in the teacher's rows and in the database (``lost`` counts those that are not). Prints
the median and 95th percentile of the round trips (bids, and screens).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

TIMEOUT = 30.0  # seconds for any one request
ROUND_TIMEOUT = 120.0  # seconds for one round to close


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def _student(http: httpx.AsyncClient, token: str, rng: random.Random, timings: dict) -> tuple[int, int]:
    """One student's round: read the screen, bid (first price: (n-1)/n of the value, with noise)."""
    headers = {"Authorization": f"Bearer {token}"}
    start = time.perf_counter()
    me = (await http.get("/api/me", headers=headers)).raise_for_status().json()
    timings["me"].append(time.perf_counter() - start)
    activity = me["activity"]
    bid = max(activity["low"], min(activity["high"], round(activity["value"] * 0.9 + rng.uniform(-5, 5))))
    start = time.perf_counter()
    answer = await http.post("/api/act", json={"text": f"bid {bid}"}, headers=headers)
    timings["act"].append(time.perf_counter() - start)
    answer.raise_for_status()
    return activity["round"], bid


async def run_async(
    url: str, teacher_token: str, students: int = 60, rounds: int = 20, seed: int = 0
) -> dict[str, Any]:
    """Join ``students``, run ``rounds`` first-price rounds, check that no acknowledged bid is lost."""
    limits = httpx.Limits(
        max_connections=students + 5, max_keepalive_connections=students + 5, keepalive_expiry=10.0
    )
    teacher = {"Authorization": f"Bearer {teacher_token}"}
    timings: dict[str, list[float]] = {"me": [], "act": []}
    acknowledged: list[tuple[int, int, int]] = []  # (student, round, bid)
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=limits) as http:
        made = await http.post("/api/teacher/sessions", json={"title": "load"}, headers=teacher)
        code = made.raise_for_status().json()["code"]
        joined = []
        for i in range(students):
            answer = await http.post("/api/join", json={"code": code, "name": f"Student {i + 1}"})
            joined.append(answer.raise_for_status().json())
        started = time.perf_counter()
        await http.post(
            f"/api/teacher/{code}/auction",
            json={"format": "first_price", "rounds": rounds, "feedback": True, "seed": seed},
            headers=teacher,
        )
        rngs = [random.Random(f"load/{seed}/{s['student']}") for s in joined]
        for number in range(1, rounds + 1):
            if number > 1:
                (await http.post(f"/api/teacher/{code}/next", headers=teacher)).raise_for_status()
            bids = await asyncio.gather(
                *(_student(http, s["token"], rng, timings) for s, rng in zip(joined, rngs, strict=True))
            )
            for student, (round_number, bid) in zip(joined, bids, strict=True):
                acknowledged.append((student["student"], round_number, bid))
            deadline = time.monotonic() + ROUND_TIMEOUT
            while time.monotonic() < deadline:
                answer = await http.get(f"/api/teacher/{code}/state", headers=teacher)
                if answer.status_code == 429:  # the teacher's polling is rate-limited like anyone's (CL-12)
                    await asyncio.sleep(float(answer.headers.get("Retry-After", "1")))
                    continue
                if answer.raise_for_status().json()["round"]["status"] == "closed":
                    break
                await asyncio.sleep(0.2)
        elapsed = time.perf_counter() - started
        rows = (await http.get(f"/api/teacher/{code}/rows", headers=teacher)).raise_for_status().json()
    recorded = {
        (r["student"], r["round"], int(r["text"].split()[1]))
        for r in rows
        if r["kind"] == "bid" and r["accepted"]
    }
    lost = [bid for bid in acknowledged if bid not in recorded]
    return {
        "students": students,
        "rounds": rounds,
        "bids": len(acknowledged),
        "rows": len(recorded),
        "lost": len(lost),
        "seconds": elapsed,
        "act_median_ms": 1000 * statistics.median(timings["act"]),
        "act_p95_ms": 1000 * _quantile(timings["act"], 0.95),
        "me_median_ms": 1000 * statistics.median(timings["me"]),
        "me_p95_ms": 1000 * _quantile(timings["me"], 0.95),
        "code": code,
    }


def run(url: str, teacher_token: str, students: int = 60, rounds: int = 20, seed: int = 0) -> dict[str, Any]:
    """``run_async`` from synchronous code. Where this thread already runs an event loop (a notebook,
    Playwright's synchronous API) the load runs on a thread of its own, with its own loop."""

    def load() -> dict[str, Any]:
        return asyncio.run(run_async(url, teacher_token, students, rounds, seed))

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop here: the usual case
        return load()
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(load).result()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_with_own_server(students: int = 60, rounds: int = 20, seed: int = 0, db: str | None = None) -> dict:
    """Start ``python -m gamekit.classroom.app`` on 127.0.0.1 (a temporary database unless ``db``),
    run the load against it, stop it."""
    token = "load-test-teacher"
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        path = db or str(Path(folder) / "load.db")
        root = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
        command = [sys.executable, "-m", "gamekit.classroom.app", "--db", path, "--host", "127.0.0.1",
                   "--port", str(port), "--teacher-token", token]  # fmt: skip
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"{url}/qr/NOCODE.svg", timeout=2)
                    break
                except httpx.TransportError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the classroom server did not start") from None
                    time.sleep(0.1)
            return run(url, token, students, rounds, seed)
        finally:
            server.terminate()
            server.wait(timeout=30)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.classroom.load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--url", default=None, help="a running server (else one is started on 127.0.0.1)")
    parser.add_argument("--teacher-token", default=None)
    args = parser.parse_args(argv)
    if args.url:
        if not args.teacher_token:
            parser.error("--url needs --teacher-token")
        result = run(args.url, args.teacher_token, args.students, args.rounds, args.seed)
    else:
        result = run_with_own_server(args.students, args.rounds, args.seed)
    print(
        f"{result['students']} students x {result['rounds']} rounds: {result['bids']} bids acknowledged, "
        f"{result['rows']} in the rows, {result['lost']} lost, {result['seconds']:.1f} s\n"
        f"bid round trip: median {result['act_median_ms']:.1f} ms, 95th percentile {result['act_p95_ms']:.1f} ms\n"
        f"screen round trip: median {result['me_median_ms']:.1f} ms, 95th percentile {result['me_p95_ms']:.1f} ms"
    )
    if result["lost"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
