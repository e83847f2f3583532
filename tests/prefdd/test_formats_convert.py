"""``prefdd convert``, and ``prefdd solve``/``batch`` reading other programs' files."""
import json
import pathlib
import shutil

import pytest

from prefdd.cli import main

DATA = pathlib.Path(__file__).parents[1] / "data" / "formats"


def _run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_convert_bts_to_records(capsys):
    code, out, err = _run(capsys, "convert", str(DATA / "problems.bts"))
    assert code == 0
    recs = [json.loads(x) for x in out.splitlines()]
    assert [r["id"] for r in recs] == ["problems.bts deal 1", "problems.bts deal 2", "problems.bts deal 3"]
    assert err.strip() == f"prefdd convert: {DATA / 'problems.bts'} (bts, utf-8): 3 record(s) written"


def test_convert_room_to_incidents(capsys, tmp_path):
    out_path = tmp_path / "incidents.jsonl"
    code, _, err = _run(capsys, "convert", str(DATA / "protocol.txt"), "--to", "incidents", "-o", str(out_path))
    assert code == 0 and "(room, utf-8): 2 incident(s) written" in err   # the first line "begin" tells the format
    incidents = [json.loads(x) for x in out_path.read_text().splitlines()]
    assert [i["contract"] for i in incidents] == ["7h", "raspasovka"]
    assert all(i["violation"] == {"rule": "?"} for i in incidents)


def test_convert_records_to_bts_and_back(capsys, tmp_path):
    src = pathlib.Path(__file__).parents[2] / "examples" / "played_deals.jsonl"
    bts = tmp_path / "played.bts"
    code, _, err = _run(capsys, "convert", str(src), "--to", "bts", "-o", str(bts))
    # the raspasovka deal has no place in a .bts file: one error, the other deals written
    assert code == 2
    assert "raspasovka" in err and err.count("prefdd convert:") == 2
    code, out, _ = _run(capsys, "convert", str(bts))
    back = [json.loads(x) for x in out.splitlines()]
    orig = [json.loads(x) for x in src.read_text().splitlines() if '"raspasovka"' not in x]
    assert len(back) == len(orig)
    for b, o in zip(back, orig):
        assert [sorted(h) for h in b["hands"]] == [sorted(h) for h in o["hands"]]
        assert (b["contract"], b["declarer"], b["leader"], b["history"]) == \
            (o["contract"], o["declarer"], o["leader"], o["history"])


def test_convert_broken_file_errors_and_the_rest(capsys):
    code, out, err = _run(capsys, "convert", str(DATA / "broken.ppn"))
    assert code == 2 and len(out.splitlines()) == 1
    lines = err.splitlines()
    assert len(lines) == 11 and lines[-1].endswith("1 record(s) written, 10 refused")
    assert lines[0] == "prefdd convert: broken.ppn:3: 'this line is not PPN': expected a [Tag value] or a [deal ...] line"


@pytest.mark.parametrize("argv, message", [
    (["missing.bts"], "cannot read missing.bts: No such file or directory"),
    (["EMPTY"], "empty file, no deal found"),
    (["EMPTY.json"], "empty file, no deal found"),
])
def test_convert_bad_input(capsys, tmp_path, argv, message):
    (tmp_path / "EMPTY").write_bytes(b"")
    (tmp_path / "EMPTY.json").write_bytes(b"\n\n")
    argv = [str(tmp_path / a) if a.startswith("EMPTY") else a for a in argv]
    code, out, err = _run(capsys, "convert", *argv)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1


def test_convert_our_records_only_to_bts(capsys):
    src = pathlib.Path(__file__).parents[2] / "examples" / "classics.jsonl"
    code, out, err = _run(capsys, "convert", str(src), "--to", "incidents")
    assert code == 2 and out == "" and err.endswith("our own records convert only --to bts\n")


def test_convert_our_records_names_the_file_and_line_of_each_refused_one(capsys, tmp_path):
    good = '{"hands": [["As", "Qs"], ["Ks", "7s"], ["8s", "9s"]], "contract": "nt", "declarer": 0, "leader": 0}'
    src = tmp_path / "mine.jsonl"
    # line 2 truncated, line 3 a misspelt field with no id, line 4 a record .bts cannot hold
    src.write_text(good + "\n" + good[:20] + "\n" + good[:-1] + ', "colour": 1}\n'
                   + good.replace('"nt"', '"raspasovka"')[:-1] + ', "player": 1}\n' + good + "\n")
    code, out, err = _run(capsys, "convert", str(src), "--to", "bts", "-o", str(tmp_path / "out.bts"))
    lines = err.splitlines()
    assert code == 2 and len(lines) == 4, err
    assert lines[0].startswith(f"prefdd convert: {src}: record 2: not valid JSON")
    assert lines[1] == f"prefdd convert: {src}: record 3: colour: unknown field"
    assert lines[2].startswith(f"prefdd convert: {src}: record 4: ") and "raspasovka" in lines[2]
    assert lines[3].endswith("2 deal(s) written, 3 refused")


def test_convert_unknown_from(capsys):
    code, out, err = _run(capsys, "convert", str(DATA / "problems.bts"), "--from", "pbn")
    assert code == 2 and out == "" and "invalid choice: 'pbn'" in err


def test_convert_text_that_is_no_deal_file(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    code, out, err = _run(capsys, "convert", str(path))
    assert code == 2 and out == "" and "not valid JSON" in err


def test_solve_reads_bts_by_extension(capsys):
    code, out, err = _run(capsys, "solve", str(DATA / "problems.bts"))
    assert code == 0 and err == ""
    answers = [json.loads(x) for x in out.splitlines()]
    assert [a["declarer_tricks"] for a in answers[1:]] == [1, 1]   # the two hand-solved endings


def test_solve_from_flag_and_refused_lines(capsys, tmp_path):
    copy = tmp_path / "archive.dat"
    shutil.copy(DATA / "broken_protocol.txt", copy)
    code, out, err = _run(capsys, "solve", str(copy), "--from", "room")
    assert code == 2                                  # lines were refused
    assert len(out.splitlines()) == 1                 # the good deal is still solved
    assert err.count("prefdd solve: broken_protocol.txt") == 0 and err.count("prefdd solve: archive.dat:") == 6


def test_batch_reads_ppn(capsys, tmp_path):
    out_path = tmp_path / "answers.jsonl"
    code, _, err = _run(capsys, "batch", str(DATA / "game.ppn"), "-o", str(out_path), "--workers", "0",
                        "--no-progress")
    assert code == 0, err
    answers = {a["id"]: a for a in map(json.loads, out_path.read_text().splitlines())}
    assert answers["game.ppn deal 2"]["declarer_tricks"] == 5          # the README's no-trump table, seat 0
    # the 7♥ deal played to the end: the declarer (player 3) won the tricks the throws give to 3
    throws = (DATA / "game.ppn").read_text().split("\n[1 ")[1].split()[11].split(",")
    assert answers["game.ppn deal 1"]["declarer_total"] == sum(t[-1] == "3" for t in throws) == 7


@pytest.mark.parametrize("command", ["solve", "batch"])
def test_solve_and_batch_on_a_deal_file_with_no_deal(capsys, tmp_path, command):
    path = tmp_path / "empty.bts"
    path.write_bytes(b"% bts version 5.2\n")
    extra = ["-o", str(tmp_path / "out.jsonl")] if command == "batch" else []
    code, out, err = _run(capsys, command, str(path), *extra)
    assert code == 2 and out == ""
    assert err == f"prefdd {command}: {path}: no deal read (bts)\n"     # the temporary file never named
    assert not (tmp_path / "out.jsonl").exists()


@pytest.mark.parametrize("command", ["solve", "batch"])
def test_solve_and_batch_on_a_missing_deal_file(capsys, tmp_path, command):
    extra = ["-o", str(tmp_path / "out.jsonl")] if command == "batch" else []
    code, out, err = _run(capsys, command, str(tmp_path / "missing.ppn"), *extra)
    assert code == 2 and out == "" and "cannot read" in err and "No such file" in err


def test_solve_reads_stdin_with_from(capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((DATA / "russian.bts").read_bytes())))
    code, out, err = _run(capsys, "solve", "-", "--from", "bts")
    assert code == 0 and json.loads(out) == {"id": "stdin deal 1", "declarer_tricks": 1, "declarer_total": 1,
                                             "nodes": json.loads(out)["nodes"]}


LEAKS = ("Traceback", "object is not", "has no attribute", "unhashable", "list index out of range",
         "invalid literal for int", "KeyError", "TypeError", "IndexError", "AttributeError", "internal error")


def test_fuzz_convert_and_solve(capsys, tmp_path):
    """Damaged copies of the samples (cut, spliced, a byte changed) through convert, to every
    target, and solve: exit 0 or 2, every message one line starting with the command's name,
    none of Python's own words."""
    import random

    rng = random.Random(30)
    samples = [(n, (DATA / n).read_bytes()) for n in ("problems.bts", "protocol.txt", "game.ppn", "russian.bts")]
    problems = []
    for _ in range(150):
        name, data = rng.choice(samples)
        at = rng.randrange(len(data))
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(6)))
        damaged = data[:at] + junk + data[at + rng.randrange(40):]
        path = tmp_path / name
        path.write_bytes(damaged)
        fmt = "room" if name.endswith(".txt") else name.rsplit(".", 1)[1]
        for argv in (["convert", str(path), "--from", fmt, "--to", rng.choice(["jsonl", "incidents", "bts"]),
                      "-o", str(tmp_path / "out")],
                     ["solve", str(path), "--from", fmt, "--node-budget", "200000"]):
            code, out, err = _run(capsys, *argv)
            lines = err.splitlines()
            if code not in (0, 2) or any(not x.startswith(f"prefdd {argv[0]}: ") for x in lines) \
                    or any(leak in err for leak in LEAKS) or (code == 2 and not lines):
                problems.append(f"{argv} on {damaged[:80]!r}: exit {code}: {err[-300:]}")
    assert not problems, "\n".join(problems[:5])
