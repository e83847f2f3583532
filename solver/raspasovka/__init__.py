"""Raspasovka (all pass): each player for himself, no trumps, fewest tricks wins.

``rules`` holds the table's settings and the position with legal play (talon-led first
tricks); ``reference`` the plain minimax oracle; ``api`` the questions (one player against
the other two), answered by the one search kernel's raspasovka mode, and the JSON records.
"""
from .api import RaspasovkaAnalysis, RaspasovkaSolver, card_values, forced_tricks, principal_line, solve_raspasovka
from .rules import NOBODY, SOCHI_RULES, RaspasovkaError, RaspasovkaPosition, RaspasovkaRules, raspasovka_deal

__all__ = ["RaspasovkaPosition", "RaspasovkaRules", "RaspasovkaError", "SOCHI_RULES", "NOBODY", "raspasovka_deal",
           "RaspasovkaSolver", "RaspasovkaAnalysis", "solve_raspasovka", "card_values", "principal_line",
           "forced_tricks"]
