"""Every scoring option of a convention as an arbiter names it, in English and Russian.

One table for the ruling's settings line (``prefdd rule``, :func:`.rulings.wording.setting_words`)
and the desk's settings form (``prefdd/web/catalogue.py``): an option changed by ``--set`` or
by the incident's ``scoring.set`` is said in words («игроков за столом: 4»), never as
``players=4``.
"""
from __future__ import annotations

# option -> (English, Russian) label
OPTION_WORDS = {
    "players": ("Players at the table (4: the dealer sits out)", "Игроков за столом (4 — сдающий не играет)"),
    "prices": ("Price of a game, levels 6 to 10", "Цена игры на 6, 7, 8, 9, 10"),
    "whist_obligations": ("Tricks the defence must take, levels 6 to 10", "Обязанность вистующих (взяток) на 6…10"),
    "shared_obligations": ("Each of two whisters' share of it", "Доля каждого из двух вистующих"),
    "half_whist_levels": ("Levels where half-whist is allowed", "Уровни, где можно «полвиста»"),
    "undertrick_multiplier": ("Declarer's gora per undertrick (× price)", "Гора играющему за недобранную (× цена)"),
    "whist_multiplier": ("Whists per defence trick (× price)", "Вистов за взятку защиты (× цена)"),
    "consolation_multiplier": ("Consolation per undertrick (× price)", "Консоляция за недобранную (× цена)"),
    "consolation_fixed": ("Fixed consolation per undertrick (empty: none)", "Постоянная консоляция за недобранную (пусто — нет)"),
    "responsibility": ("A short whister's gora", "Гора недобравшему вистующему"),
    "whisting": ("A lone whister's whists on a defeat", "Висты одиночного вистующего при ремизе"),
    "misere_price": ("Pulya for a made misère", "Пуля за сыгранный мизер"),
    "misere_undertrick_price": ("Gora per trick on a failed misère", "Гора за взятку на несыгранном мизере"),
    "raspasovka_progression": ("Raspasovka steps (1st, 2nd, 3rd in a row)", "Прогрессия распасов (1-й, 2-й, 3-й подряд)"),
    "raspasovka_progression_end": ("Past the last step", "После последнего шага"),
    "raspasovka_scoring": ("A raspasovka is written", "Распасы пишутся"),
    "raspasovka_zero_trick_pulya": ("No trick on a raspasovka: to the pulya", "Ни одной взятки на распасах — в пулю"),
    "raspasovka_amnesty": ("Amnesty: the fewest tricks subtracted first", "Амнистия: сначала вычесть наименьшее число взяток"),
    "raspasovka_whist_price": ("Whists per trick (raspasovka in whists)", "Вистов за взятку (распасы вистами)"),
    "raspasovka_whists_above_min": ("Only tricks above the fewest (in whists)", "Только взятки сверх наименьшего (вистами)"),
    "raspasovka_tie": ("A tie on the fewest tricks (in whists)", "Поровну наименьшее число взяток (вистами)"),
    "raspasovka_talon": ("Talon cards setting the suit of tricks 1 and 2", "Карты прикупа задают масть 1-й и 2-й взяток"),
    "pulya_worth": ("Whists per pulya point at settlement", "Вистов за очко пули при расчёте"),
    "gora_divisor": ("Gora divided by", "Гора делится на"),
    "pulya_in_damage": ("Count the pulya when measuring damage", "Учитывать пулю при расчёте ущерба"),
    "counterfactual_split": ("Equally good trick splits of the defence", "Равноценные раскладки взяток защиты"),
    "penalty_002_1_1": ("Penalty, rule 002.1.1 (gora; empty: not set)", "Штраф по правилу 002.1.1 (гора; пусто — не задан)"),
    "penalty_002_2_3": ("Penalty, rule 002.2.3 (gora; empty: not set)", "Штраф по правилу 002.2.3 (гора; пусто — не задан)"),
    "penalty_002_2_4": ("Penalty, rule 002.2.4 (gora; empty: not set)", "Штраф по правилу 002.2.4 (гора; пусто — не задан)"),
    "penalty_002_3_1": ("Penalty, rule 002.3.1 (gora; empty: not set)", "Штраф по правилу 002.3.1 (гора; пусто — не задан)"),
    "penalty_002_3_2": ("Penalty, rule 002.3.2 (gora; empty: not set)", "Штраф по правилу 002.3.2 (гора; пусто — не задан)"),
    "penalty_002_4": ("Penalty, rule 002.4 (gora; empty: not set)", "Штраф по правилу 002.4 (гора; пусто — не задан)"),
}
# a choice's value -> (English, Russian)
CHOICE_WORDS = {
    "full": ("in full", "полная"), "half": ("half", "половина"),
    "greedy": ("all his (greedy)", "все себе (жлобский вист)"), "gentleman": ("shared with the passer (gentleman's)",
                                                                          "пополам с пасующим (джентльменский)"),
    "extend": ("go on by the last difference", "расти с тем же шагом"), "cap": ("stay at the last", "оставаться на последнем"),
    "gora": ("to the gora", "в гору"), "whists": ("as whists", "вистами"),
    "split": ("split the amount", "делить"), "both": ("each in full", "каждому полностью"),
    "first": ("the first only", "только первая"), "none": ("none", "ни одна"),
    "N": ("the number of players", "число игроков"), "N-1": ("the number of players less one", "число игроков без одного"),
    "for_victim": ("the one best for the victim", "в пользу пострадавшего"),
    "against_victim": ("the one worst for the victim", "против пострадавшего"),
}
TALON_WORDS = {"both": ("both cards", "обе карты")}  # raspasovka_talon's "both" reads otherwise
