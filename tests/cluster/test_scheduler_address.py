"""Scheduler addresses are read and checked before Dask sees them, a port that is not a Dask scheduler is found
out in bounded time (silent, HTTP, closing), every Dask failure is one line, and a local cluster leaves no
scratch directory behind."""

from __future__ import annotations

import http.server
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from solvers.cli import main
from solvers.cluster import address as addresses
from solvers.cluster.address import AddressError, SchedulerAddress, parse_scheduler_address, probe_scheduler
from solvers.cluster.errors import ClusterError

ROOT = Path(__file__).parents[2]
ERROR = "cubeviz-solve: error: "


@pytest.mark.parametrize(
    ("text", "plain"),
    [("tcp://10.0.0.5:8786", "tcp://10.0.0.5:8786"), ("10.0.0.5:8786", "tcp://10.0.0.5:8786"),
     ("TCP://Scheduler-1.example.org:1", "tcp://Scheduler-1.example.org:1"), ("localhost:65535", "tcp://localhost:65535"),
     ("[::1]:8786", "tcp://[::1]:8786"), ("tcp://[fe80::1]:80", "tcp://[fe80::1]:80")],
)  # fmt: skip
def test_plain_tcp_addresses_are_accepted_in_their_plain_form(text, plain):
    address = parse_scheduler_address(text)
    assert str(address) == plain and parse_scheduler_address(plain) == address


REFUSED = {
    "empty": ("", "empty"),
    "garbage": ("garbage", "no port"),
    "scheme-only": ("tcp://", "no port"),
    "no-host": ("tcp://:8786", "no host"),
    "inproc": ("inproc://x", "inproc:// scheduler addresses are not supported"),
    "tls": ("tls://10.0.0.5:8786", "tls:// scheduler addresses are not supported"),
    "ucx": ("ucx://10.0.0.5:8786", "ucx:// scheduler addresses are not supported"),
    "file": ("file:///etc/passwd", "'file' is not a scheduler transport"),
    "line-break": ("10.0.0.5:8786\nrm -rf", "line break"),
    "tab": ("10.0.0.5:\t8786", "line break"),
    "nul": ("10.0.0.5:87\x0086", "control character"),
    "port-zero": ("10.0.0.5:0", "from 1 to 65535"),
    "port-too-large": ("10.0.0.5:65536", "from 1 to 65535"),
    "port-sign": ("10.0.0.5:+86", "from 1 to 65535"),
    "port-superscript": ("10.0.0.5:8\u00b2", "not ASCII"),
    "port-huge": ("10.0.0.5:" + "9" * 5000, "characters long"),
    "bad-ipv4": ("10.0.0.300:8786", "not an IPv4 address"),
    "bad-host": ("-x.example:8786", "not a host name"),
    "underscore-host": ("a_b:8786", "not a host name"),
    "unbracketed-ipv6": ("::1:8786", "in brackets"),
    "bad-ipv6": ("[::g]:8786", "not an IPv6 address"),
    "ipv6-no-port": ("[::1]", "[ADDRESS]:PORT"),
    "path": ("tcp://10.0.0.5:8786/x", "no path"),
    "user": ("tcp://me@10.0.0.5:8786", "no path, query or user part"),
    "non-ascii-host": ("sch\u00e9duler:8786", "not ASCII"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_addresses_that_are_not_plain_tcp_are_refused_with_one_line(capsys, name):
    text, words = REFUSED[name]
    with pytest.raises(AddressError, match=None) as caught:
        parse_scheduler_address(text)
    assert words in str(caught.value) and "\n" not in str(caught.value)
    for command in (["pack", "soma", "--count"], ["solve", "/dev/null"]):
        started = time.monotonic()
        with pytest.raises(SystemExit) as exited:
            main([*command, f"--scheduler={text}"])
        out, err = capsys.readouterr()
        assert exited.value.code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith(ERROR) and len(err) < 300 and words in err, err
        assert time.monotonic() - started < 2  # refused by argparse, before Dask is imported or anything runs


# -- ports that are not a Dask scheduler ---------------------------------------------------------------------------
@contextmanager
def server(handle: Callable[[socket.socket], None]) -> Iterator[SchedulerAddress]:
    """A TCP server on 127.0.0.1 running `handle` on each connection, for as long as the block lasts."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(conn)
            threading.Thread(target=handle, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield SchedulerAddress("127.0.0.1", listener.getsockname()[1])
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        listener.close()


def silent(_conn: socket.socket) -> None:
    """Accept and say nothing."""


def http_greeting(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


def stalls_after_a_length(conn: socket.socket) -> None:
    conn.sendall(struct.pack("<Q", 64) + b"\x01\x00")  # a plausible frame length, then silence


def closes(conn: socket.socket) -> None:
    conn.close()


@pytest.mark.parametrize(
    ("handle", "words"),
    [(silent, "no Dask greeting"), (stalls_after_a_length, "no Dask greeting"),
     (http_greeting, "does not speak the Dask protocol"), (closes, "closed the connection")],
)  # fmt: skip
def test_a_port_that_is_not_a_scheduler_is_found_out_in_bounded_time(handle, words):
    with server(handle) as address:
        started = time.monotonic()
        with pytest.raises(AddressError, match=words):
            probe_scheduler(address, timeout=1.0)
        assert time.monotonic() - started < 3


def test_an_http_server_waiting_for_a_request_is_a_silent_port():
    class Quiet(http.server.BaseHTTPRequestHandler):
        def log_message(self, *_args) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        started = time.monotonic()
        with pytest.raises(AddressError, match="no Dask greeting"):
            probe_scheduler(SchedulerAddress("127.0.0.1", httpd.server_address[1]), timeout=1.0)
        assert time.monotonic() - started < 3
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_closed_port_is_one_line():
    probe = socket.create_server(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    with pytest.raises(AddressError, match="cannot reach the Dask scheduler.*refused"):
        probe_scheduler(SchedulerAddress("127.0.0.1", port), timeout=1.0)


@pytest.mark.parametrize("handle", [silent, http_greeting], ids=["silent", "http"])
def test_the_cli_on_a_port_that_is_not_a_scheduler_is_one_line_exit_2(capsys, monkeypatch, handle):
    monkeypatch.setattr(addresses, "HANDSHAKE_SECONDS", 1.0)
    with server(handle) as address:
        started = time.monotonic()
        code = main(["pack", "soma", "--count", "--scheduler", f"127.0.0.1:{address.port}"])
        out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and err.startswith(ERROR) and "is it the scheduler's port?" in err
    assert time.monotonic() - started < 10


def test_a_silent_port_ends_within_the_shipped_timeout():
    """The real command, with the shipped handshake bound (10 s): before, it hung past 90 s."""
    with server(silent) as address:
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "solvers", "pack", "soma", "--count", "--scheduler", str(address)],
            capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        seconds = time.monotonic() - started
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no Dask greeting" in done.stderr
    assert seconds < addresses.HANDSHAKE_SECONDS + 15


# -- a real scheduler, and Dask's own failures ---------------------------------------------------------------------
def _square(n: int) -> int:
    return n * n


def test_a_real_scheduler_passes_the_probe_and_runs_the_tasks(tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    from solvers.cluster.batch import Where, run_tasks

    with (
        dask.config.set({"temporary-directory": str(tmp_path)}),
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=None
        ) as c,
    ):
        probe_scheduler(parse_scheduler_address(c.scheduler_address), timeout=5.0)
        results = list(run_tasks(_square, [(n,) for n in range(6)], Where(scheduler=c.scheduler_address)))
    assert results == [n * n for n in range(6)]


def test_a_worker_lost_for_good_is_one_line_not_a_dask_traceback():
    pytest.importorskip("distributed")
    import dask
    from doomed_tasks import always_killed

    from solvers.cluster.batch import Where, run_tasks

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), pytest.raises(ClusterError) as caught:
        list(run_tasks(always_killed, [(1,)], Where(workers=1)))
    assert "KilledWorker" in str(caught.value) and "\n" not in str(caught.value)


def test_a_local_cluster_leaves_no_scratch_directory(tmp_path):
    pytest.importorskip("distributed")
    work, temp = tmp_path / "work", tmp_path / "temp"
    work.mkdir()
    temp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temp)}
    done = subprocess.run([sys.executable, "-m", "solvers", "pack", "soma", "--count", "--workers", "1"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0 and "solutions: 11520" in done.stdout, done.stderr
    assert list(work.iterdir()) == [] and list(temp.iterdir()) == []


def test_the_engine_checks_addresses_too_for_the_apps_cluster_field():
    """The Packings tab passes the typed address straight to run_tasks: it gets the same one-line refusal."""
    from solvers.cluster.batch import Where, run_tasks

    for text in ("garbage", "tls://10.0.0.5:8786", "10.0.0.5:8786\n"):
        with pytest.raises(ClusterError) as caught:
            next(run_tasks(_square, [(1,)], Where(scheduler=text)))
        assert "\n" not in str(caught.value)
