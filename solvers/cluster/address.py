"""Dask scheduler addresses: read and checked here, and the port probed for a Dask greeting, before Dask sees them.

Why not hand the text to Dask: Dask accepts many transports (inproc://, tls://, ucx://, ws://) this program does
not set up, turns a malformed address into assorted exceptions, and its handshake has no timeout: a port that
accepts and stays silent hangs the client for good, and a port that answers HTTP makes it read "HTTP/1.1" as a
frame length and try to allocate exabytes. So an address must be a plain TCP one (``tcp://HOST:PORT`` or
``HOST:PORT``), and before the client connects, a probe waits (bounded) for the greeting a Dask server sends first.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import struct
import time
from dataclasses import dataclass

from solvers.cluster.errors import ClusterError

DEFAULT_SCHEME = "tcp"
MAX_ADDRESS = 300  # characters: a host name is at most 253
HANDSHAKE_SECONDS = 10.0  # the connect and the scheduler's greeting together
MAX_GREETING = 1 << 20  # bytes: a Dask handshake message is a few hundred
MAX_GREETING_FRAMES = 64
_UNSUPPORTED_SCHEMES = ("tls", "ucx", "inproc", "ws", "wss", "ucxx")
_HOST_LABEL = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")
_FORM = "tcp://HOST:PORT or HOST:PORT"


class AddressError(ClusterError, ValueError):
    """A scheduler address this program will not use, or a port that is not a Dask scheduler: one line."""


@dataclass(frozen=True)
class SchedulerAddress:
    """A checked scheduler address: `host` (a name, an IPv4 address or an IPv6 address without brackets), `port`."""

    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{DEFAULT_SCHEME}://{host}:{self.port}"


def parse_scheduler_address(text: str) -> SchedulerAddress:
    """The address `text` names; AddressError saying what is wrong otherwise (the text itself is not echoed whole:
    it may be long or hold line breaks)."""
    if not text:
        raise AddressError(f"the scheduler address is empty: give {_FORM}")
    if len(text) > MAX_ADDRESS:
        raise AddressError(f"the scheduler address is {len(text):,} characters long: give {_FORM}")
    if any(not char.isprintable() or char.isspace() for char in text):
        raise AddressError("the scheduler address holds a space, a line break or a control character")
    if not text.isascii():
        raise AddressError("the scheduler address holds a character that is not ASCII")
    scheme, separator, rest = text.partition("://")
    if not separator:
        scheme, rest = DEFAULT_SCHEME, text
    scheme = scheme.lower()
    if scheme in _UNSUPPORTED_SCHEMES:
        raise AddressError(f"{scheme}:// scheduler addresses are not supported: give the scheduler's {_FORM}")
    if scheme != DEFAULT_SCHEME:
        raise AddressError(f"{scheme[:20]!r} is not a scheduler transport: give {_FORM}")
    if any(char in rest for char in "/?#@"):
        raise AddressError(f"a scheduler address has no path, query or user part: give {_FORM}")
    host, port_text = _split_host_port(rest)
    return SchedulerAddress(_checked_host(host), _checked_port(port_text))


def _split_host_port(rest: str) -> tuple[str, str]:
    if rest.startswith("["):
        host, bracket, port = rest[1:].partition("]")
        if not bracket or not port.startswith(":"):
            raise AddressError("an IPv6 scheduler address is written [ADDRESS]:PORT, e.g. tcp://[::1]:8786")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise AddressError(f"{host[:45]!r} is not an IPv6 address") from None
        return host, port[1:]
    if rest.count(":") > 1:
        raise AddressError("an IPv6 scheduler address is written in brackets: tcp://[ADDRESS]:PORT")
    host, colon, port = rest.partition(":")
    if not colon:
        raise AddressError(f"the scheduler address has no port: give {_FORM} (Dask's default port is 8786)")
    return host, port


def _checked_host(host: str) -> str:
    if ":" in host:
        return host  # an IPv6 address, checked by _split_host_port
    if not host:
        raise AddressError(f"the scheduler address has no host: give {_FORM}")
    if re.fullmatch(r"[0-9.]+", host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise AddressError(f"{host[:20]!r} is not an IPv4 address") from None
        return host
    if len(host) > 253 or not all(_HOST_LABEL.match(label) for label in host.removesuffix(".").split(".")):
        raise AddressError(f"{host[:40]!r} is not a host name (letters, digits, '-' and '.')")
    return host


def _checked_port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 5 or not 1 <= int(text) <= 65535:
        raise AddressError(f"the scheduler port must be a number from 1 to 65535, not {text[:10]!r}")
    return int(text)


def probe_scheduler(address: SchedulerAddress, timeout: float | None = None) -> None:
    """Return once the port at `address` greets like a Dask server (a framed message); AddressError when it
    cannot be reached, stays silent for `timeout` seconds (HANDSHAKE_SECONDS) or says something else (HTTP, SSH)."""
    timeout = HANDSHAKE_SECONDS if timeout is None else timeout
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((address.host, address.port), timeout=timeout) as conn:
            size = struct.unpack("<Q", _read_exactly(conn, 8, deadline, address))[0]
            if not 16 <= size <= MAX_GREETING:
                raise AddressError(f"{address} does not speak the Dask protocol (is it the scheduler's port?)")
            body = _read_exactly(conn, size, deadline, address)
            frames = struct.unpack("<Q", body[:8])[0]
            if not 1 <= frames <= MAX_GREETING_FRAMES or 8 * (frames + 1) > size:
                raise AddressError(f"{address} does not speak the Dask protocol (is it the scheduler's port?)")
    except TimeoutError:
        raise AddressError(_silent(address, timeout)) from None
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise AddressError(f"cannot reach the Dask scheduler at {address}: {reason}") from None


def _read_exactly(conn: socket.socket, size: int, deadline: float, address: SchedulerAddress) -> bytes:
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        conn.settimeout(left)
        block = conn.recv(min(size - len(data), 1 << 16))
        if not block:
            raise AddressError(f"{address} closed the connection before greeting (is it the scheduler's port?)")
        data += block
    return bytes(data)


def _silent(address: SchedulerAddress, timeout: float) -> str:
    return f"no Dask greeting from {address} within {timeout:g} s (is it the scheduler's port?)"
