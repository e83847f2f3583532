"""Compensation calculator: scoring conventions and the penalty code's rulings."""
