"""The scoring and the penalty code's error kinds: kind -> (English, Russian), added on import
to the one catalogue of :mod:`solver.messages` (where the solver's kinds, the placeholders and
the derived words are described). Imported by the modules that raise them."""
from __future__ import annotations

from solver.messages import add_field_words, add_kinds

from .option_words import OPTION_WORDS
from .violation_fields import field_words_table

COMPENSATION_KINDS: dict[str, tuple[str, str]] = {
    # the record's shape (incident.schema.json)
    "unknown_field_known": ("unknown field (known: {known})", "неизвестное поле «{name}» (известны: {known_ru})"),
    "missing_what": ("missing: {what}", "не задано"),
    "key_not_seat": ("key {key!r} is not a seat 0, 1 or 2", "ключ «{key}» — не рука 0, 1 или 2"),
    "expected_one_of": ("expected one of {allowed}, got {got!r}", "ожидается одно из: {allowed}; а не «{got}»"),
    "listed_twice": ("an entry is listed twice in {got!r}", "одно и то же указано дважды: {got!r}"),
    "expected_items": ("expected {want}, got {n} item(s)", "ожидается {want_ru}, а элементов {n}"),
    "expected_value": ("expected {want}, got {got!r}", "ожидается {want_ru}"),
    # the incident's own checks (compensation.incident)
    "ooo_not_lead": ("a lead out of turn must start a trick, but trick {trick} already has {n} card(s)",
                     "ход вне очереди возможен только первой картой взятки, а во взятке {trick} уже {n_cards}"),
    "no_declarer": ("raspasovka has no declarer", "на распасовке нет играющего"),
    "no_declarer_defenders": ("raspasovka has no declarer, so no defenders",
                              "на распасовке нет играющего, а значит и вистующих"),
    "hands_unequal": ("the three hands must hold the same number of cards (1..10), got {sizes}",
                      "во всех трёх руках должно быть поровну карт (от 1 до 10), а их {sizes}"),
    "two_cards": ("expected 2 cards, got {n}", "нужны 2 карты, а их {n}"),
    "card_also_in": ("card {card} is also in {b}", "карта {card_ru} уже есть: {b_ru}"),
    "player_names": ("{n} names for a {players}-player game", "имён {n}, а играют {players}"),
    "taken_missing": ("missing: the hands hold {n} cards, so give the tricks already won by seats 0, 1, 2 "
                      "(summing to {rest})",
                      "не задано: на руках по {n_cards}, укажите взятки, уже взятые первой, второй и третьей "
                      "рукой (в сумме {rest})"),
    "taken_sum": ("{taken} plus {n} tricks to play must make 10", "{taken} и ещё {n} взяток к розыгрышу — должно быть 10"),
    "result_sum": ("must sum to 10 (the whole deal), got {total}", "итог сдачи должен давать 10 взяток, а не {total}"),
    "result_below": ("{got} is fewer than the {taken} already taken", "{got} — меньше уже взятых {taken}"),
    "result_whole": ("{result} contradicts the recorded play: history ({n} cards, the whole deal) gives {got}",
                     "итог {result} противоречит записанному розыгрышу: по нему ({n_cards}, вся сдача) выходит {got}"),
    "result_short": ("{result} contradicts the recorded play: seat {seat} has already won {won} after history "
                     "({n} cards), {got}",
                     "итог {result} противоречит записанному розыгрышу: {seat_nom} уже взяла {won} "
                     "(после {n_cards} розыгрыша: {got})"),
    "in_no_hand": ("{card} is in no player's hand", "карты {card_ru} нет ни у кого на руках"),
    "already_played": ("{card} was already played", "карта {card_ru} уже сыграна"),
    "no_decisions": ("raspasovka has no whist decisions", "на распасовке не вистуют и не пасуют"),
    "decisions_missing": ("missing: each defender's whist / pass / half-whist",
                          "не задано: вист, пас или полвиста каждого из защищающихся"),
    "not_a_defender": ("seat {seat} is not a defender of declarer {declarer} (defenders: {a}, {b})",
                       "{seat_nom} — не защищающийся"),
    "unknown_decision": ("unknown decision {word!r} (whist, pass, half-whist)",
                         "неизвестное решение «{word}» (ожидается вист, пас или полвиста)"),
    "no_whist_on_misere": ("there is no whist on misère", "на мизере не вистуют"),
    "decision_missing": ("seat {seat}'s decision is missing", "не задано решение: {seat_nom}"),
    "rule_number": ("expected a rule number, got {got!r}", "ожидается номер правила"),
    "offenders_exclude": ("does not include the offender, seat {seat}", "среди нарушителей нет нарушителя ({seat_nom})"),
    "move_past_end": ("history has {n} card(s); move {move} is past its end",
                      "в розыгрыше {n_cards}; момент {move} — после его конца"),
    "ooo_not_in_history": ("a lead out of turn that stood must be in history (or give violation.correction and "
                           "violation.card)",
                           "оставленный ход вне очереди должен быть в розыгрыше (или укажите поправку играющего "
                           "и карту)"),
    "ooo_move_not_lead": ("history[{move}] is not a lead: trick {trick} already has {n} card(s)",
                          "ход {move} — не первая карта взятки: во взятке {trick} уже {n_cards}"),
    "ooo_rightful": ("seat {seat} was the rightful leader at history[{move}]; that is no lead out of turn",
                     "{seat_nom} ходила в свою очередь (ход {move}): это не ход вне очереди"),
    "ooo_not_held": ("seat {seat} does not hold {card}, led at history[{move}]",
                     "у {seat_gen} нет карты {card_ru}, которой пошли (ход {move})"),
    "ooo_card_differs": ("{got} differs from history[{move}] = {card}", "{got} — не та карта, что в розыгрыше ({card_ru})"),
    # the rules' declarative checks (compensation.rulings.registry)
    "rule_unknown": ("unknown rule {rule!r} (prefdd rule --list shows them all)",
                     "нет правила {rule} (все правила показывает prefdd rule --list)"),
    "rule_unknown_near": ("unknown rule {rule!r}; did you mean {near}?", "нет правила {rule}; может быть, {near}?"),
    "rule_not_for": ("rule {rule} ({title}) does not apply to a {kind}; it applies to: {kinds}",
                     "правило {rule} не применяется {kind_ru}"),
    "rule_not_for_see": ("rule {rule} ({title}) does not apply to a {kind}; on a {kind} see {near}",
                         "правило {rule} не применяется {kind_ru}; для этого случая — {near}"),
    "rule_open_play": ("rule {rule} is about open play, but the incident says closed",
                       "правило {rule} — об открытой игре, а в инциденте игра закрытая"),
    "rule_closed_play": ("rule {rule} is about closed play, but the incident says open",
                         "правило {rule} — о закрытой игре, а в инциденте игра открытая"),
    "rule_needs_offender": ("missing: rule {rule} needs the offender's seat", "не задано: правилу {rule} нужен нарушитель"),
    "rule_needs": ("missing: rule {rule} needs it", "не задано: это нужно правилу {rule}"),
    "offender_is_declarer": ("seat {seat} is the declarer; rule {rule} is about a defender (whister or passer)",
                             "{seat_nom} — играющий, а правило {rule} — о вистующем или пасующем"),
    "offender_not_declarer": ("seat {seat} is not the declarer (seat {declarer}); rule {rule} is the declarer's",
                              "{seat_nom} — не играющий, а правило {rule} — о нарушении играющего"),
    "offender_not_passer": ("seat {seat} did not pass; rule {rule} is about the passer",
                            "{seat_nom} не пасовала, а правило {rule} — о пасующем"),
    "offender_not_whister": ("seat {seat} did not whist; rule {rule} is about a whister",
                             "{seat_nom} не вистовала, а правило {rule} — о вистующем"),
    # scoring
    "game_level": ("cannot read contract {text!r}: a game needs its level (expected e.g. '6s', '7nt', '10h', 'misere')",
                   "контракт «{text}» не читается: у игры должен быть уровень (например, 6♠, 7 БК, 10♥ или мизер)"),
    "tricks_required": ("required: the tricks of seats 0, 1, 2", "не задано: взятки первой, второй и третьей руки"),
    "tricks_three": ("must list 3 trick counts (seats 0, 1, 2), got {got!r}",
                     "нужны три числа взяток (первой, второй и третьей руки), а не {got!r}"),
    "tricks_list": ("must be a list of 3 trick counts, got {got!r}", "нужен список из трёх чисел взяток, а не {got!r}"),
    "tricks_count": ("each count must be an integer 0..10, got {got!r}", "число взяток — целое от 0 до 10, а не {got!r}"),
    "tricks_sum": ("must sum to 10, got {total} from {tricks}", "взяток должно быть 10 в сумме, а их {total} ({tricks})"),
    "seat_decision": ("seat {seat}: unknown decision {word!r} (whist, pass, half-whist)",
                      "{seat_nom}: неизвестное решение «{word}» (ожидается вист, пас или полвиста)"),
    "unknown_convention_known": ("unknown convention {name!r}; known: {known}",
                                 "неизвестная конвенция «{name}»; известны: {known_ru}"),
    "unknown_option_named": ("unknown option {name!r}", "неизвестная настройка «{name}»"),
    "yes_or_no": ("must be yes or no, got {got!r}", "ожидается да или нет (yes/no), а не «{got}»"),
    "must_be_object": ("must be a JSON object, got {got}", "ожидается запись {{…}}"),
    "required": ("required", "не задано"),
    "expected_number": ("expected a number, got {got!r}", "ожидается число, а не «{got}»"),
    "decisions_map": ("must map each defender's seat to whist/pass/half-whist",
                      "нужно указать для каждого защищающегося вист, пас или полвиста"),
    "decisions_object": ("must be an object like {{\"1\": \"whist\", \"2\": \"pass\"}}",
                         "нужно указать для каждого защищающегося вист, пас или полвиста"),
    "no_whisters": ("raspasovka has no whisters", "на распасовке нет вистующих"),
    "seat_no_whist_on_misere": ("seat {seat}: there is no whist on misère", "{seat_nom}: на мизере не вистуют"),
    "half_whist_level": ("half-whist is not allowed on level {level} (allowed: {allowed})",
                         "полвиста на уровне {level} не бывает (бывает на {allowed})"),
    "half_whist_pass": ("half-whist needs the other defender to pass", "полвиста — только когда второй защищающийся пасует"),
    "half_whist_tricks": ("a half-whisted contract is not played; omit tricks",
                          "при полвиста контракт не разыгрывается: взятки не указываются"),
    "both_passed_tricks": ("both passed: the contract is not played; omit tricks",
                           "оба спасовали: контракт не разыгрывается, взятки не указываются"),
    "second_whister": ("seat {seat} is not one of two whisters (the decisions give {n}: {whisters})",
                       "{seat_nom} — не из двух вистующих (вистующих: {n})"),
    "penalties_list": ("must be a list of penalty objects", "нужен список штрафов"),
    "three_or_four": ("must be 3 or 4, got {got!r}", "за столом играют трое или четверо, а не {got}"),
    "five_values": ("must give 5 values, for levels 6, 7, 8, 9, 10", "нужны 5 значений: для уровней 6, 7, 8, 9, 10"),
    "whole_tricks": ("must be whole numbers of tricks", "нужны целые числа взяток"),
    "prices_positive": ("every price must be positive", "каждая цена должна быть больше нуля"),
    "levels_list": ("must be a list of levels among 6..10", "нужен список уровней от 6 до 10"),
    "positive": ("must be positive, got {got}", "должно быть больше нуля, а не {got}"),
    "not_negative": ("must not be negative, got {got}", "не может быть меньше нуля, а здесь {got}"),
    "one_of": ("must be one of {known}; got {got!r}", "ожидается одно из: {known_ru}; а не «{got}»"),
    "numbers_list": ("must be a non-empty list of numbers", "нужен непустой список чисел"),
    "unknown_option": ("{name}: unknown option{near_en}", "неизвестная настройка «{name}»{near_ru}"),
}

add_kinds(COMPENSATION_KINDS)

add_field_words(field_words_table())  # violation.NAME: from the one table of a violation's fields
# scoring.set.NAME: each scoring option as the desk names it (compensation.option_words)
add_field_words({f"scoring.set.{name}": (en, ru.lower()) for name, (en, ru) in OPTION_WORDS.items()})

add_field_words({
    "decisions": ("whist decisions", "висты и пасы"), "violation": ("violation", "нарушение"),
    "result": ("result", "итог сдачи"), "result.tricks": ("result", "итог сдачи"),
    "scoring": ("convention", "конвенция"), "scoring.set": ("convention changes", "изменения конвенции"),
    "scoring.convention": ("convention", "конвенция"), "options": ("ruling settings", "настройки решения"),
    "players": ("players' names", "имена игроков"), "raspasovka_round": ("raspasovka round", "круг распасов"),
    "second_whister": ("second whister", "второй вистующий"),
    "incident": ("incident", "инцидент"), "tricks": ("tricks", "взятки"), "record": ("record", "запись"),
    "convention": ("convention", "конвенция"), "penalties": ("penalties", "штрафы"), "note": ("note", "заметка"), "id": ("label", "метка"),
})
