"""``prefdd serve``: the arbiter's desk on a local port (needs the ``[web]`` extra)."""
from __future__ import annotations

import sys

INSTALL_HINT = "prefdd serve: the web page needs the [web] extra: pip install 'prefdd[web]' (or pip install -e '.[web]')"


def register(subparsers):
    p = subparsers.add_parser("serve", help="the arbiter's desk: a local web page (deal, play, rule)",
                              description="Start the arbiter's web page: enter a deal by clicking cards, replay "
                                          "the play with every card's double-dummy value, pick a rule and see "
                                          "the entries for the sheet.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--node-budget", type=int, default=None,
                   help="nodes one search may visit before it is stopped (default 50000000)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    try:
        import fastapi  # noqa: F401
        import uvicorn
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    from prefdd.web.app import DEFAULT_NODE_BUDGET, create_app

    budget = args.node_budget if args.node_budget is not None else DEFAULT_NODE_BUDGET
    if budget < 1:
        print(f"prefdd serve: --node-budget: expected a positive integer, got {budget}", file=sys.stderr)
        return 2
    print(f"prefdd serve: the arbiter's desk at http://{args.host}:{args.port}/ (Ctrl+C stops it)", file=sys.stderr)
    uvicorn.run(create_app(budget), host=args.host, port=args.port, log_level="warning")
    return 0
