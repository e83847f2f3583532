"""A lead out of turn that stood (1.3: "после ошибка не исправляется и не наказывается"):
by default the damage rule still applies and the ruling names the remedy the declarer did
not use; ``options.uncorrected = unpunished`` gives no compensation at all.

T (as in test_rulings_engine): 6NT by seat 0, both whist, 5-2-0 taken, seat 1 to lead.
    0: K♥ 7♥ 7♣    1: A♥ Q♥ A♣    2: 8♥ 9♣ 8♣
Seat 2 leads 8♥ out of turn and it stands: the K♥ is caught between 8♥ and A♥ Q♥: 5-5-0,
one down, W0 = −14 + (10/3)(2 − 6) = −82/3. Demanding hearts from seat 1 (the remedy not
used): the declarer plays last to hearts and his K♥ scores: 6-4-0, W0 = −8 + 40/3 = 16/3.
Correct play (seat 1 leads his side's best): 6-4-0 as well; damage 16/3 + 82/3 = 98/3.
"""
from fractions import Fraction as F

from compensation.rulings import rule_incident

T = {"deal": {"hands": [["Kh", "7h", "7c"], ["Ah", "Qh", "Ac"], ["8h", "9c", "8c"]]}, "taken": [5, 2, 0],
     "contract": "6nt", "declarer": 0, "decisions": {"1": "whist", "2": "whist"}, "open": True,
     "first_leader": 1, "history": ["8h"],
     "violation": {"rule": "1.3.2.2", "offender": 2, "move": 0, "correction": "none"}}


def test_default_compensates_and_names_the_unused_remedy():
    r = rule_incident(T)
    assert r.entries.whists[0][2] == F(98, 3)
    note = next(n.en for n in r.notes if n.en.startswith("The declarer let the lead stand"))
    assert "-82/3 (≈-27.33) whists for him, 5 tricks" in note and "16/3 (≈5.33) whists, 6 tricks" in note
    assert "hearts" in note
    assert r.settings["ruling_options"]["uncorrected"] == "compensate"


def test_unpunished_writes_nothing_but_still_shows_the_remedy():
    r = rule_incident(dict(T, options={"uncorrected": "unpunished"}))
    assert not [w for w in r.writes if w.kind == "whists" and "compensation" in w.why.en]
    assert sum(sum(row) for row in r.entries.whists) == 0
    assert any(n.en.startswith("The declarer let the lead stand") for n in r.notes)
    assert any("uncorrected=unpunished" in n.en for n in r.notes)
    assert r.settings["ruling_options"]["uncorrected"] == "unpunished"


def test_closed_play_1321_left_uncorrected():
    # The same lead in closed play, left uncorrected (1.3.2.1 lets the declarer do so):
    # compared with no violation (6-4-0) the stand costs him 98/3 — or nothing when unpunished.
    inc = dict(T, open=False, violation={"rule": "1.3.2.1", "offender": 2, "move": 0, "card": "8h",
                                         "correction": "none"})
    assert rule_incident(inc).entries.whists[0][2] == F(98, 3)
    assert rule_incident(dict(inc, options={"uncorrected": "unpunished"})).entries.whists[0][2] == 0
