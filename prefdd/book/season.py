"""The season at a glance: rulings by rule, whists moved by rule and by player, rulings a
month — as data, as CSV, and as a small page with SVG bar charts the server writes itself
(nothing is fetched: the page works offline and prints).

Counted over the *current* entries: a ruling a re-ruling superseded is counted once, as
re-ruled, in the month (and the date range) of its first ruling — when the dispute was. A whist moved is one the ruling writes (the deal's result and the penalty
together), in exact fractions; a player is counted by the name the entry gives his seat
(entries without names count in the rules and months, not by player).
"""
from __future__ import annotations

import csv
import io
from collections import defaultdict
from fractions import Fraction
from html import escape

from .figures import text, whists_matrix
from .schema import name_key
from .store import Book

MONTHS_RU = ("январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь",
             "ноябрь", "декабрь")


def _rule_order(rule: str):
    return [int(p) if p.isdigit() else 10 ** 6 for p in str(rule).split(".")], str(rule)


def season(book: Book, date_from: str | None = None, date_to: str | None = None) -> dict:
    """``{"rulings", "by_rule": [{rule, title, rulings, whists}], "by_player": [{name,
    rulings, whists_on, whists_by}], "by_month": [{month, rulings}]}``; whists as exact text."""
    rules: dict = defaultdict(lambda: {"rulings": 0, "whists": Fraction(0), "title": None})
    players: dict = defaultdict(lambda: {"rulings": 0, "on": Fraction(0), "by": Fraction(0), "name": None})
    months: dict = defaultdict(int)
    from .store import check_date

    lo = check_date(date_from, "from") if date_from else None
    hi = check_date(date_to, "to") if date_to else None
    # a re-ruled incident counts in the month of its first ruling (when the dispute was), not the re-ruling's
    every = {e["id"]: e for e in book.figures()}

    def first(e):
        while e["supersedes"] is not None and e["supersedes"] in every:
            e = every[e["supersedes"]]
        return e["created"]

    entries = []
    for e in every.values():
        if e["superseded"]:
            continue
        day = first(e)
        if (lo and day[:10] < lo) or (hi and day[:10] > hi):
            continue
        entries.append((e, day))
    for e, day in entries:
        r = rules[e["rule"]]
        r["rulings"] += 1
        m = whists_matrix(e["ruling"])  # the whists the ruling writes: all of them moved, by row and column
        r["whists"] += sum((sum(row, Fraction(0)) for row in m), Fraction(0))
        r["title"] = r["title"] or e["ruling"].get("title")
        months[day[:7]] += 1
        seen = set()
        for seat, name in enumerate(e["players"]):
            if not name:
                continue
            p = players[name_key(name)]
            p["name"] = p["name"] or name
            if name_key(name) not in seen:
                p["rulings"] += 1
                seen.add(name_key(name))
            p["on"] += sum((row[seat] for row in m if seat < len(row)), Fraction(0))
            p["by"] += sum(m[seat], Fraction(0)) if seat < len(m) else Fraction(0)
    return {
        "rulings": len(entries), "from": date_from, "to": date_to,
        "by_rule": [{"rule": k, "title": v["title"] or {}, "rulings": v["rulings"], "whists": text(v["whists"])}
                    for k, v in sorted(rules.items(), key=lambda kv: _rule_order(kv[0]))],
        "by_player": [{"name": v["name"], "rulings": v["rulings"], "whists_on": text(v["on"]),
                       "whists_by": text(v["by"])}
                      for _, v in sorted(players.items(), key=lambda kv: (-kv[1]["rulings"], kv[0]))],
        "by_month": [{"month": k, "rulings": v} for k, v in sorted(months.items())],
    }


def _approx(x: str) -> str:
    return f"{float(Fraction(x)):.2f}"


HEADERS = {"ru": ("раздел", "ключ", "название", "решений", "вистов", "вистов_прибл", "вистов_на_игрока",
                  "вистов_игрока"),
           "en": ("section", "key", "title", "rulings", "whists", "whists_approx", "whists_on", "whists_by")}
SECTIONS = {"ru": ("правило", "игрок", "месяц"), "en": ("rule", "player", "month")}


def to_csv(data: dict, lang: str = "ru") -> str:
    """One table: a row per rule, per player, per month (``раздел`` says which)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(HEADERS[lang])
    rule_s, player_s, month_s = SECTIONS[lang]
    for r in data["by_rule"]:
        w.writerow([rule_s, r["rule"], (r["title"] or {}).get(lang, ""), r["rulings"], r["whists"],
                    _approx(r["whists"]), "", ""])
    for p in data["by_player"]:
        w.writerow([player_s, p["name"], "", p["rulings"], "", "", p["whists_on"], p["whists_by"]])
    for m in data["by_month"]:
        w.writerow([month_s, m["month"], month_name(m["month"]) if lang == "ru" else m["month"], m["rulings"],
                    "", "", "", ""])
    return out.getvalue()


def month_name(month: str) -> str:
    """``2026-12`` -> «декабрь 2026»."""
    try:
        y, m = month.split("-")
        return f"{MONTHS_RU[int(m) - 1]} {y}"
    except (ValueError, IndexError):
        return month


def bars(rows: list[tuple[str, float, str]], title: str, chart_id: str, colour: str = "#2f6f4f") -> str:
    """A bar chart as inline SVG: for each (label, value, value as written) the label on a line
    and its bar under it, the value at the bar's end. It scales to its box (``viewBox``), so
    a phone's width shows it whole and legible."""
    if not rows:
        return (f'<figure id="{chart_id}" class="chart"><figcaption>{escape(title)}</figcaption>'
                f'<p class="empty">нет данных</p></figure>')
    width, row_h, value_w = 420, 40, 64
    height = row_h * len(rows) + 4
    biggest = max((v for _, v, _ in rows), default=0) or 1
    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">']
    for i, (label, value, shown) in enumerate(rows):
        y = i * row_h
        w = 0 if value <= 0 else max(2, (width - value_w) * value / biggest)
        short = label if len(label) <= 46 else label[:45] + "…"
        parts.append(f'<text x="0" y="{y + 15}" font-size="14" fill="#222">{escape(short)}</text>'
                     f'<rect class="bar" x="0" y="{y + 21}" width="{w:.1f}" height="14" fill="{colour}">'
                     f'<title>{escape(label)}: {escape(shown)}</title></rect>'
                     f'<text x="{w + 6:.1f}" y="{y + 33}" font-size="13" fill="#222">{escape(shown)}</text>')
    parts.append("</svg>")
    return (f'<figure id="{chart_id}" class="chart"><figcaption>{escape(title)}</figcaption>{"".join(parts)}'
            f'</figure>')


def _num(x: str) -> str:
    """A whist count as the page writes it: whole, or «65,33» for a fraction."""
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):.2f}".replace(".", ",")


def page(data: dict, query: str = "") -> str:
    """The season page (Russian), charts drawn here."""
    rule_label = {r["rule"]: (f"{r['rule']} — {r['title'].get('ru', '')}" if any(c.isdigit() for c in r["rule"])
                              else r["title"].get("ru", r["rule"])) for r in data["by_rule"]}
    charts = [
        bars([(rule_label[r["rule"]], r["rulings"], str(r["rulings"])) for r in data["by_rule"]],
             "Решений по правилам", "chart-rules"),
        bars([(rule_label[r["rule"]], float(Fraction(r["whists"])), _num(r["whists"])) for r in data["by_rule"]],
             "Вистов по правилам (записано решениями)", "chart-rule-whists", "#8a5a14"),
        bars([(p["name"], float(Fraction(p["whists_on"])), _num(p["whists_on"])) for p in data["by_player"]],
             "Вистов записано на игрока", "chart-player-on", "#7a2e2e"),
        bars([(p["name"], float(Fraction(p["whists_by"])), _num(p["whists_by"])) for p in data["by_player"]],
             "Вистов записал игрок", "chart-player-by", "#2e4f7a"),
        bars([(month_name(m["month"]), m["rulings"], str(m["rulings"])) for m in data["by_month"]],
             "Решений по месяцам", "chart-months", "#4f4f4f"),
    ]
    span = ""
    if data.get("from") or data.get("to"):
        span = f" ({escape(data.get('from') or '…')} — {escape(data.get('to') or '…')})"
    csv_link = "/book/season.csv" + (f"?{escape(query)}" if query else "")
    return f"""<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>prefdd — сезон в цифрах</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/book.css">
</head>
<body class="book season">
<header><h1>Сезон в цифрах{span}</h1>
<nav class="no-print"><a href="/book">Книга решений</a> · <a href="/">Стол арбитра</a> · <a id="csv" href="{csv_link}" download="season.csv">Скачать таблицу</a></nav></header>
<main>
<form class="filters no-print" method="get" action="/book/season">
<label>С даты <input name="from" inputmode="numeric" placeholder="дд.мм.гггг" value="{escape(data.get('from') or '')}"></label>
<label>по дату <input name="to" inputmode="numeric" placeholder="дд.мм.гггг" value="{escape(data.get('to') or '')}"></label>
<button type="submit">Показать</button>
</form>
<p id="total">Решений в книге: {data["rulings"]} (перерешённое считается один раз: цифры — последнего решения, месяц — первого).</p>
{''.join(charts)}
<p class="hint">Висты — все, что записано решениями: результат сдачи и штраф вместе. Игроки — по именам, записанным в книге.</p>
</main>
</body>
</html>
"""
