"""The solver's error kinds: kind -> (English, Russian), the sentences of :mod:`solver.messages`
(which adds them to the one catalogue; a data module, importing nothing). The English is what
``str(err)`` says after the field; the Russian says the same to a player. Placeholders: the
parameters the raise site gives, and the derived words :mod:`solver.messages` lists."""

SOLVER_KINDS: dict[str, tuple[str, str]] = {
    # any error raised the older way, with an English sentence only
    "input": ("{detail}", "неверные данные"),
    # fields of a record
    "unknown_field": ("unknown field{near_en}", "неизвестное поле «{name}»{near_ru}"),
    "missing_field": ("missing field {name!r}", "не задано поле «{name}»"),
    "missing": ("missing", "не задано"),
    "expected_object": ("expected an object, got {got}", "ожидается объект (запись {{…}})"),
    "expected_bool": ("expected true or false, got {got}", "ожидается да или нет, а не {got}"),
    "expected_int": ("expected an integer, got {got}", "ожидается целое число, а не {got}"),
    "expected_seat": ("expected {want}, got {got}", "ожидается рука: первая, вторая или третья (0, 1 или 2), а не {got}"),
    "expected_seat_name": ("expected {want} or a name such as 'first hand', got {got}",
                           "ожидается рука: первая, вторая или третья, а не {got}"),
    "expected_card": ("expected a card like 'As', got {got}", "ожидается карта, например «Тп» или «As»"),
    "expected_cards": ("expected a list of cards, got {got}", "ожидается список карт"),
    # cards and hands
    "not_a_card": ("not a card: {card!r}", "не карта: «{card}»"),
    "not_a_card_type": ("not a card: {card!r} (expected a string like 'As' or '10♥')",
                        "не карта: «{card}» (нужна строка вроде «Тп» или «10♥»)"),
    "duplicate_card": ("duplicate card {card}", "карта {card_ru} указана дважды"),
    "card_in_two_places": ("duplicate card {card}: in {a} and in {b}", "карта {card_ru} указана дважды: {a_ru} и {b_ru}"),
    "hand_too_big": ("{n} cards; a hand holds at most 10 (the talon and the discard are the fields talon and discard)",
                     "{n_cards}: на руке бывает не больше 10 (прикуп и снос — отдельные поля)"),
    "three_hands": ("expected three hands, got {got}", "нужны три руки, а их {got}"),
    "unequal_hands": ("a deal starts with equal hands, got sizes {sizes}",
                      "во всех трёх руках должно быть поровну карт, а их {sizes}"),
    "three_hands_list": ("expected a list of three hands", "нужен список из трёх рук"),
    "taken_three": ("expected three trick counts, got {got!r}", "нужны три числа уже взятых взяток"),
    "history_or_trick": ("give either history or to_move/trick, not both",
                         "укажите либо розыгрыш, либо карты на столе и чей ход, но не то и другое"),
    "trick_pairs": ("expected [[seat, card], ...]", "ожидаются пары [рука, карта]"),
    "missing_leader": ("missing field 'leader' (or 'to_move' with 'trick', or 'history')",
                       "не задано, чей ход: укажите ведущего взятку, карты на столе или розыгрыш"),
    "hand_sizes": ("hand sizes {sizes} cannot occur: with {on_table} card(s) on the table and seat {mover} to move "
                   "holding {n}, seat {seat} should hold {should}",
                   "в руках не может быть столько карт ({sizes}): {seat_nom} должна держать {should}"),
    "mover_empty": ("trick in progress but the seat to move has no cards", "взятка не доиграна, а у того, чей ход, нет карт"),
    "taken_over": ("taken {taken} plus {n} tricks to play exceeds 10", "уже взятые {taken} и ещё {n} к розыгрышу — больше 10"),
    "two_at_most": ("two cards at most, got {n}", "не больше двух карт, а их {n}"),
    "talon_with_defender": ("talon card {card} is in {where}hands[{seat}], a defender's hand; the talon is the "
                            "declarer's (seat {declarer}): in his hand or his discard",
                            "карта прикупа {card_ru} — у {seat_gen}, защищающегося; прикуп берёт играющий: "
                            "она у него на руке или в сносе"),
    "choice": ("expected one of {known}, got {got!r}", "ожидается одно из: {known_ru}; а не «{got}»"),
    "expected_list": ("expected a list, got {got}", "ожидается список"),
    "expected_suit": ("expected a suit (s, c, d, h or 0-3), got {got}", "ожидается масть (пики, трефы, бубны или червы)"),
    "penalty_not_held": ("penalty card {card} is not in seat {seat}'s hand", "штрафной карты {card_ru} нет у {seat_gen}"),
    "when_list": ("expected a mode or a non-empty list of occasions", "ожидается режим или непустой список случаев"),
    "when_mode": ("expected a mode like 'first' or a list of occasions, got {got}",
                  "ожидается режим (например, «first») или список случаев"),
    "plan_side": ("expected 'declarer' or 'defence', got {got}", "ожидается «declarer» (играющий) или «defence» (защита)"),
    # contracts
    "contract": ("unknown contract {text!r} (expected a strain s c d h nt misere, a level 6-10 with a strain "
                 "such as '7h' or '6nt', or raspasovka)",
                 "не контракт: «{text}» (нужны уровень от 6 до 10 и масть, БК, мизер или распасы)"),
    "contract_level": ("level must be 6..10, got {level}", "уровень контракта — от 6 до 10, а не {level}"),
    # play
    "not_held": ("seat {seat} does not hold {card}", "у {seat_gen} нет карты {card_ru}"),
    "must_follow": ("seat {seat} cannot play {card}: must follow suit {suit}",
                    "{seat_nom} не может сыграть {card_ru}: нужно ходить в масть ({suit_ru})"),
    "must_trump": ("seat {seat} cannot play {card}: void in {suit}, must play a trump {trump}",
                   "{seat_nom} не может сыграть {card_ru}: масти нет, нужно бить козырем"),
    "not_allowed": ("seat {seat} cannot play {card}: not allowed", "{seat_nom} не может сыграть {card_ru}: ход запрещён"),
    "deal_over": ("{card}: the deal is already over", "{card_ru}: сдача уже сыграна"),
    "at_card": ("trick {trick}, seat {seat}, card {card}: {inner}", "взятка {trick}: {inner}"),
    "at_move": ("trick {trick}, seat {seat}: {inner}", "взятка {trick}, {seat_nom}: {inner}"),
    # searches stopped by a limit
    "node_budget_out": ("node budget of {nodes} exhausted", "перебор остановлен на пределе ({nodes} позиций)"),
    "node_budget_layout": ("node budget of {nodes} exhausted (layout {layout})",
                           "перебор остановлен на пределе ({nodes} позиций; расклад {layout})"),
    "nothing_to_undo": ("nothing to undo", "нечего отменять"),
}
