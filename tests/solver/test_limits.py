"""One time limit: Limits(nodes, seconds), the tighter of each kind when two apply."""
from solver.limits import NONE, Limits


def test_the_tighter_of_each_kind_holds():
    server, incident = Limits(nodes=1000, seconds=30.0), Limits(seconds=5.0)
    assert server.within(incident) == incident.within(server) == Limits(nodes=1000, seconds=5.0)
    assert Limits(seconds=5.0).within(Limits(seconds=60.0)) == Limits(seconds=5.0)  # never lengthened
    assert NONE.within(None) == NONE and NONE.within(server) == server


def test_a_number_is_seconds():
    assert Limits.of(2) == Limits(seconds=2.0) and Limits.of(None) == NONE
    assert Limits.of(Limits(nodes=5)) == Limits(nodes=5)


def test_the_incidents_budget_meets_the_callers():
    from types import SimpleNamespace

    from compensation.rulings.registry import Context

    def ctx(budget, caller):
        inc = SimpleNamespace(violation=SimpleNamespace(get=lambda k, d=None: budget if k == "budget" else d))
        return Context(inc, None, None, None, {}, Limits.of(caller))  # type: ignore[arg-type]

    assert ctx(None, None).search_budget() is None
    assert ctx(5, None).search_budget() == 5
    assert ctx(None, 12).search_budget() == 12
    assert ctx(5, 12).search_budget() == 5 and ctx(30, 12).search_budget() == 12
