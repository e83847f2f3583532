"""Random small positions for differential tests (hypothesis strategies)."""
from hypothesis import strategies as st

from solver import Position
from solver.constraints import Constraints, LeadRestriction, PenaltyCard, Plan
from solver.hands import cards_of

STRAINS = ["s", "c", "d", "h", "nt", "misere"]


@st.composite
def positions(draw, max_cards=4, min_cards=1, mid_trick=True, strains=STRAINS):
    n = draw(st.integers(min_cards, max_cards))
    deck = draw(st.permutations(range(32)))
    hands = [sorted(deck[i * n:(i + 1) * n]) for i in range(3)]
    contract = draw(st.sampled_from(strains))
    declarer = draw(st.integers(0, 2))
    leader = draw(st.integers(0, 2))
    pos = Position([[_c(c) for c in h] for h in hands], contract, declarer, leader)
    if mid_trick:
        k = draw(st.integers(0, 2))
        for _ in range(k):
            moves = pos.legal_moves()
            pos.play(draw(st.sampled_from(moves)))
        pos.clear_stack()
    return pos


def _c(i):
    from solver import Card

    return Card(i)


@st.composite
def constraints_for(draw, pos):
    """Random penalty cards, a lead restriction and a plan that fit ``pos``."""
    pcs = []
    if draw(st.booleans()):
        seat = draw(st.integers(0, 2))
        held = cards_of(pos.hands[seat])
        if held:
            card = draw(st.sampled_from(held))
            pcs.append(PenaltyCard(seat, card, draw(st.sampled_from(["first", "suit", "suit_or_lead", "declarer"]))))
    lead = None
    if draw(st.booleans()):
        lead = LeadRestriction(draw(st.integers(0, 2)), draw(st.integers(0, 3)), draw(st.booleans()), draw(st.booleans()))
    plan = None
    if draw(st.booleans()):
        side = draw(st.sampled_from(["declarer", "defence"]))
        seats = [pos.declarer] if side == "declarer" else [s for s in range(3) if s != pos.declarer]
        pool = [c for s in seats for c in cards_of(pos.hands[s])]
        if pool:
            k = draw(st.integers(1, min(4, len(pool))))
            plan = Plan(side, tuple(draw(st.permutations(pool))[:k]))
    return Constraints(tuple(pcs), lead, plan)
