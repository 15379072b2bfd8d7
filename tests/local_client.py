"""A Starlette test client that asks for the server by a loopback name, as a
local client does: the server answers no other names (docs/web.md, "Who can
use the server"), and TestClient's own default, ``testserver``, is refused."""

from __future__ import annotations

import warnings
from typing import Any

with warnings.catch_warnings():
    # Starlette 1.x announces a move from httpx to httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


class LocalClient(TestClient):
    """``TestClient`` at ``http://127.0.0.1``, its WebSockets included."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, base_url="http://127.0.0.1", **options)

    def websocket_connect(self, url: str, *args: Any, **options: Any) -> Any:
        # TestClient's WebSocket asks for "testserver" whatever the base URL
        options.setdefault("headers", {}).setdefault("host", "127.0.0.1")
        return super().websocket_connect(url, *args, **options)
