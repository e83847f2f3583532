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
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="seconds a ruling may take from its arrival to its answer (default 60)")
    p.add_argument("--workers", type=int, default=2, help="worker processes that compute rulings (default 2)")
    p.add_argument("--queue", type=int, default=8,
                   help="rulings that may wait for a worker; more are refused at once with 503 (default 8)")
    p.add_argument("--book", metavar="PATH", default=None,
                   help="the book of rulings (default: the user's data directory; see prefdd book)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    try:
        import fastapi  # noqa: F401
        import uvicorn
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    from prefdd.web.app import DEFAULT_NODE_BUDGET, DEFAULT_TIME_BUDGET, create_app

    budget = args.node_budget if args.node_budget is not None else DEFAULT_NODE_BUDGET
    if budget < 1:
        print(f"prefdd serve: --node-budget: expected a positive integer, got {budget}", file=sys.stderr)
        return 2
    seconds = args.time_budget if args.time_budget is not None else DEFAULT_TIME_BUDGET
    if not seconds > 0:
        print(f"prefdd serve: --time-budget: expected a positive number of seconds, got {seconds}", file=sys.stderr)
        return 2
    if args.workers < 1 or args.queue < 0:
        print("prefdd serve: --workers must be at least 1 and --queue at least 0", file=sys.stderr)
        return 2
    app = create_app(budget, time_budget=seconds, workers=args.workers, queue=args.queue, host=args.host,
                     book=args.book)
    print(f"prefdd serve: the arbiter's desk at http://{args.host}:{args.port}/ (Ctrl+C stops it)", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", timeout_keep_alive=5,
                limit_concurrency=256)
    return 0
