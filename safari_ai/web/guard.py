"""Who may use ``safari-ai serve``: the server's own page, and nothing else's.

A browser lets any page it shows send requests to a server on the same
machine; this module keeps other pages out (the threat model is in
docs/web.md, "Who can use the server"):

* :class:`AccessPolicy` / :class:`GuardMiddleware` (ASGI): a ``Host`` the
  server does not answer to is refused (DNS rebinding), so is a WebSocket
  handshake or a state-changing request whose ``Origin`` is not the server's
  own (or one the operator allowed), and a ``POST`` whose body is not
  declared ``application/json`` (the encodings a page may send without a
  CORS preflight) is answered 415. With a token (required when the server
  listens beyond loopback) every ``/api/`` request must carry it.
* :func:`guarded_h11`: uvicorn's HTTP/1.1 protocol with a deadline for each
  request's headers and body, and a bound on the connections one client
  address holds open (uvicorn itself times out idle keep-alive connections
  only).
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["AccessPolicy", "GuardMiddleware", "guarded_h11", "LOOPBACK_NAMES", "TOKEN_HEADER"]

LOG = logging.getLogger("safari_ai.web")

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""The names a server on loopback answers to, whatever else it is told."""
TOKEN_HEADER = "x-safari-token"
"""The request header that carries the token (a page's URL may carry it as ``?token=``)."""
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def _hostname(host: str) -> str:
    """``host`` of a ``Host`` header without its port (``[::1]:8000`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class AccessPolicy:
    """What the server accepts: the host names it answers to (besides the
    loopback names and any IP address: a rebinding page's ``Host`` is a DNS
    name), the origins other than its own that may use it, and the token
    (None: no token)."""

    hosts: frozenset[str] = frozenset()
    origins: frozenset[str] = frozenset()
    token: str | None = None

    @classmethod
    def make(
        cls,
        bound: str,
        hosts: tuple[str, ...] = (),
        origins: tuple[str, ...] = (),
        token: str | None = None,
    ) -> AccessPolicy:
        """The policy of a server bound to ``bound`` (its name is answered to)."""
        return cls(
            frozenset({_hostname(bound), *(_hostname(h) for h in hosts)}),
            frozenset(o.strip().rstrip("/").lower() for o in origins),
            token,
        )

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """Why the request ``scope`` is refused, as (HTTP status, message,
        field), or None when it is served."""
        headers = {
            k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
        }
        host = headers.get("host", "")
        name = _hostname(host)
        if not (name in LOOPBACK_NAMES or name in self.hosts or _is_ip(name)):
            return (
                403,
                f"host {host!r} is not a name this server answers to "
                "(safari-ai serve --allow-host NAME)",
                "host",
            )
        websocket = scope["type"] == "websocket"
        if websocket or scope.get("method", "GET") not in _SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and not self._same_or_allowed(origin, scope, host):
                return (
                    403,
                    f"origin {origin!r} may not use this server "
                    "(safari-ai serve --allow-origin ORIGIN)",
                    "origin",
                )
        if not websocket and scope.get("method") == "POST":
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return (
                    415,
                    "the body must be sent as Content-Type: application/json, "
                    f"not {kind or 'none'!r}",
                    "content-type",
                )
        if self.token is not None and scope.get("path", "").startswith("/api/"):
            given = (
                headers.get(TOKEN_HEADER)
                or headers.get("authorization", "").removeprefix("Bearer ").strip()
                or parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
            )
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                return (
                    401,
                    "this server needs its token (the URL it printed at start: "
                    "?token=..., or the header X-Safari-Token)",
                    "token",
                )
        return None

    def _same_or_allowed(self, origin: str, scope: Scope, host: str) -> bool:
        origin = origin.strip().rstrip("/").lower()
        scheme = {"ws": "http", "wss": "https"}.get(
            scope.get("scheme", "http"), scope.get("scheme", "http")
        )
        return origin == f"{scheme}://{host.strip().lower()}" or origin in self.origins


class GuardMiddleware:
    """Answers the requests :meth:`AccessPolicy.refusal` refuses (HTTP:
    ``{"error", "field"}`` with its status; a WebSocket handshake: refused,
    which the client sees as HTTP 403) and passes on the others."""

    def __init__(self, app: App, policy: AccessPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self.policy.refusal(scope)
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, message, field = refused
        client = scope.get("client") or ("?", 0)
        LOG.warning(
            "refused %s %s from %s: %s", scope["type"], scope.get("path"), client[0], message
        )
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": field})
            return
        body = json.dumps({"error": message, "field": field}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def guarded_h11(read_timeout: float, per_client: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with a deadline of ``read_timeout`` seconds
    for each request to arrive whole (headers and body; counted from the
    connection, or from the previous answer on a kept-alive one) and at most
    ``per_client`` connections open from one client address (more are
    closed at once). Each closing is logged as one line."""
    open_by_client: Counter[str] = Counter()

    class GuardedH11(H11Protocol):
        _peer = ""
        _counted = False
        _deadline: Any | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._peer = self.client[0] if self.client else ""
            if open_by_client[self._peer] >= per_client:
                LOG.warning(
                    "closed a connection from %s: more than %d open", self._peer, per_client
                )
                transport.close()
                return
            open_by_client[self._peer] += 1
            self._counted = True
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(read_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _release(self) -> None:
            if self._counted:
                self._counted = False
                open_by_client[self._peer] -= 1
                if open_by_client[self._peer] <= 0:
                    del open_by_client[self._peer]

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                LOG.warning(
                    "closed a connection from %s: no whole request within %g s",
                    self._peer,
                    read_timeout,
                )
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            cycle = self.cycle
            if cycle is not None and not cycle.response_complete and not cycle.more_body:
                self._disarm()  # the request is all in: its answer may take its time

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def handle_websocket_upgrade(self, event: Any) -> None:
            # the WebSocket protocol takes the connection over (the app
            # bounds WebSockets per client itself)
            self._disarm()
            self._release()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._release()
            super().connection_lost(exc)

    return GuardedH11
