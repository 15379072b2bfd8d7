"""``safari-ai serve``: a web page to play and analyse the four games, and an
HTTP/WebSocket API for other web frontends (docs/web.md).

Needs the optional extra ``web`` (``pip install '.[web]'``: Starlette and
uvicorn). :func:`safari_ai.web.app.create_app` builds the ASGI application.
"""

from __future__ import annotations

__all__ = ["create_app", "ServerConfig"]


def __getattr__(name: str) -> object:
    # Imported lazily so that ``import safari_ai.web`` names the missing extra clearly.
    if name in __all__:
        from safari_ai.web import app

        return getattr(app, name)
    raise AttributeError(name)
