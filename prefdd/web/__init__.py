"""The arbiter's desk: a local web page over the solver and the penalty code.

``prefdd serve`` runs it (optional extra ``[web]``: FastAPI and uvicorn);
:func:`create_app` builds the ASGI app for tests or another server. Everything the page
needs — HTML, JavaScript modules, CSS — is package data under ``static/``: no CDN, offline.
"""


def create_app(*args, **kw):
    """The FastAPI app (see :mod:`prefdd.web.app`)."""
    from .app import create_app as make

    return make(*args, **kw)


__all__ = ["create_app"]
