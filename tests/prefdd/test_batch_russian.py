"""``prefdd batch`` speaks Russian by default and English with ``--lang en``: its progress
lines, its summary, the notes on a resumed output. No Latin word outside what the user
gave (the file names) and the command's own name; the error lines (each record's own
error, as the output file holds it) are the errors' catalogue's, not checked here."""
import json
import re

from prefdd.cli import main

LATIN = re.compile(r"[A-Za-z][A-Za-z_.]*")


def records(tmp_path, bad: int = 0):
    good = open("examples/deals.jsonl").read().splitlines()
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(good + ['{"hands": "nonsense"}'] * bad) + "\n")
    return src


def words(err: str, tmp_path, out) -> list[str]:
    """The Latin words of stderr, the command's name, the paths and the records' own error lines aside."""
    errors = [json.loads(line).get("error") for line in out.read_text().splitlines()]
    lines = [line for line in err.splitlines() if not any(e and e in line for e in errors)]
    text = "\n".join(line.removeprefix("prefdd batch:") for line in lines).replace(str(tmp_path), "")
    return LATIN.findall(text.replace("in.jsonl", "").replace("out.jsonl", ""))


def test_batch_speaks_russian_by_default(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PREFDD_LANG", raising=False)  # the suite's conftest sets English for the old tests
    src, out = records(tmp_path, bad=12), tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--workers", "0", "--log-every", "0.1"]) == 2
    err = capsys.readouterr().err
    assert "обработано 17 записей, 12 ошибок за " in err and "ещё 2 ошибки — в строках " in err
    assert "без рабочих процессов" in err and words(err, tmp_path, out) == []
    # resumed: what was done, the error lines kept
    assert main(["batch", str(src), "-o", str(out), "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert "обработано 0 записей, 0 ошибок, 17 было готово раньше за " in err
    assert "12 строк с ошибками прежних запусков осталось в " in err
    assert words(err, tmp_path, out) == []


def test_batch_speaks_english_when_asked(tmp_path, capsys):
    src, out = records(tmp_path, bad=1), tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--workers", "0", "--lang", "en", "--log-every", "0.1"]) == 2
    err = capsys.readouterr().err
    assert "prefdd batch: 6 records answered, 1 error in " in err and "(answering in this process)" in err


def test_progress_lines_in_both_languages():
    import io

    from prefdd.batch import Progress

    for lang, done, summary in (("ru", "готовы 3", "прервано: обработаны 3 записи, 0 ошибок за "),
                                ("en", "3 done", "interrupted: 3 records answered, 0 errors in ")):
        log = io.StringIO()
        bar = Progress(None, stream=log, tty=False, log_every=0.0, lang=lang)
        bar.advance(3)
        assert log.getvalue().startswith(f"prefdd batch: {done}")
        assert bar.summary(interrupted=True).startswith(summary)
