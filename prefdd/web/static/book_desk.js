// The book of rulings on the desk: «Записать в книгу» under a ruling, and an entry of the book
// opened on the table exactly as it was ruled (#book=N; #book=N&print=1 prints it again).
import { $, S, api, el, emit } from "./common.js";
import { loadText } from "./keep.js";

const W = {
  ru: {
    record: "Записать в книгу", note: "Заметка арбитра", names: "Имена игроков", pass: "Пароль арбитра",
    seat: ["первая рука", "вторая рука", "третья рука"], done: (n) => `Записано в книгу: запись №${n}.`,
    see: "Книга решений", readonly: "Книга здесь только для чтения: записывает арбитр.",
    opened: (n, d) => `Запись №${n} из книги (${d}), открыта как решена.`, same: "Решение совпадает с записанным в книге.",
    differs: "Сейчас программа решает иначе, чем записано в книге:", rerule: (n) => `Перерешение записи №${n}:`,
    nochange: "цифры те же", noentry: (n) => `В книге нет записи №${n}.`, busy: "Записываю…", opening: "Открываю запись…",
  },
  en: {
    record: "Write in the book", note: "Arbiter's note", names: "Players' names", pass: "Arbiter's passphrase",
    seat: ["first hand", "second hand", "third hand"], done: (n) => `Written in the book: entry ${n}.`,
    see: "The book of rulings", readonly: "The book is read-only here: the arbiter writes it.",
    opened: (n, d) => `Entry ${n} of the book (${d}), opened as ruled.`, same: "The ruling is the one written in the book.",
    differs: "The program now rules otherwise than the book says:", rerule: (n) => `A re-ruling of entry ${n}:`,
    nochange: "the same figures", noentry: (n) => `No entry ${n} in the book.`, busy: "Writing…", opening: "Opening the entry…",
  },
};
const w = (k) => W[S.lang === "en" ? "en" : "ru"][k];
let info = null;

function canon(x) {
  if (Array.isArray(x)) return x.map(canon);
  if (x && typeof x === "object") return Object.fromEntries(Object.keys(x).sort().map((k) => [k, canon(x[k])]));
  return x;
}
const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));
// the figures that differ, in words («вторая рука: висты на первую 8 → 16»)
function figureChanges(a, b) {
  const out = [], n = Math.max(a.pulya.length, b.pulya.length), seat = w("seat");
  for (const k of ["pulya", "gora"]) for (let i = 0; i < n; i++) {
    if (String(a[k][i]) !== String(b[k][i])) out.push(`${seat[i] ?? i}: ${k === "pulya" ? (S.lang === "en" ? "pulya" : "пуля") : (S.lang === "en" ? "gora" : "гора")} ${a[k][i]} → ${b[k][i]}`);
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    const x = a.whists[i]?.[j] ?? 0, y = b.whists[i]?.[j] ?? 0;
    if (String(x) !== String(y)) out.push(`${seat[i] ?? i} → ${seat[j] ?? j}: ${x} → ${y}`);
  }
  return out;
}

function render() {
  const box = $("book-record");
  if (!box) return;
  const shown = S.ruling && document.body.dataset.ruling === "done";
  if (!shown) { box.replaceChildren(); S.bookEntry = null; return; }
  if (S.bookEntry) { box.replaceChildren(...S.bookEntry.parts); return; }
  if (!info?.writable) {
    box.replaceChildren(el("p", { class: "hint", text: w("readonly") }), el("a", { href: "/book", text: w("see") }));
    return;
  }
  const names = [0, 1, 2].map((i) => el("label", {}, `${w("seat")[i]} `, el("input", { id: `book-name-${i}`, value: S.players?.[i] ?? "", autocomplete: "off", spellcheck: "false" })));
  const pass = info.passphrase ? el("label", {}, `${w("pass")} `, el("input", { id: "book-pass", type: "password", autocomplete: "current-password" })) : null;
  box.replaceChildren(...[el("h4", { text: w("record") }),
    el("fieldset", { class: "book-names" }, el("legend", { text: w("names") }), ...names),
    el("label", { class: "book-note" }, w("note"), el("textarea", { id: "book-note", rows: "2" })), pass,
    el("p", { class: "err", id: "book-error", role: "alert" }),
    el("div", { class: "row" }, el("button", { type: "button", id: "book-go", onclick: record }, w("record")), el("a", { href: "/book", text: w("see") })),
    el("p", { id: "book-done", role: "status" })].filter(Boolean));
}

async function record() {
  const body = { incident: S.ruling.incident, note: $("book-note").value, players: [0, 1, 2].map((i) => $(`book-name-${i}`).value.trim()) };
  if ($("book-pass")) body.passphrase = $("book-pass").value;
  $("book-go").disabled = true; $("book-error").textContent = ""; $("book-done").textContent = w("busy");
  const res = await api("/api/book/record", body);
  $("book-go").disabled = false;
  if (res.error) {
    $("book-done").textContent = "";
    $("book-error").textContent = res.error.text?.[S.lang] ?? res.error.message;
    document.body.dataset.book = "error";
    return;
  }
  $("book-done").replaceChildren(w("done")(res.data.entry), " ", el("a", { href: `/book#entry-${res.data.entry}`, id: "book-entry-link", text: w("see") }));
  document.body.dataset.book = `recorded-${res.data.entry}`;
  info = (await api("/api/book")).data ?? info;
}

export async function openEntry(n, print) {
  const got = await api(`/api/book/entries/${n}`);
  if (got.error) { $("fatal").textContent = w("noentry")(n); document.body.dataset.book = "error"; return; }
  const e = got.data;
  // as a shared link loads an incident: through the server's reading of it (cards normalised)
  if (!await loadText(JSON.stringify(e.incident), $("fatal"))) { document.body.dataset.book = "error"; return; }
  $("ruling").replaceChildren(el("p", { class: "hint", text: w("opening") }));
  document.body.dataset.ruling = "busy";
  const res = await api("/api/rule", { incident: e.incident });
  if (res.error) { $("ruling").replaceChildren(el("p", { class: "err", text: res.error.text?.[S.lang] ?? res.error.message })); document.body.dataset.ruling = "error"; return; }
  S.ruling = { ...res.data, incident: e.incident };
  const parts = [el("p", { id: "book-opened", text: w("opened")(e.id, e.created.slice(0, 16).replace("T", " ")) })];
  if (e.supersedes !== null) {
    const ch = e.changes_text[S.lang === "en" ? "en" : "ru"];
    parts.push(el("div", { id: "book-changes" }, el("p", { text: `${w("rerule")(e.supersedes)} ${ch.length ? "" : w("nochange")}` }),
      ch.length ? el("ul", {}, ...ch.map((c) => el("li", { text: c }))) : null));
  }
  if (same(res.data.ruling, e.ruling)) parts.push(el("p", { id: "book-same", class: "hint", text: w("same") }));
  else {
    const diff = figureChanges(e.ruling.entries, res.data.ruling.entries);
    parts.push(el("div", { id: "book-differs", class: "err" }, el("p", { text: w("differs") }), diff.length ? el("ul", {}, ...diff.map((d) => el("li", { text: d }))) : null));
  }
  if (e.note) parts.push(el("p", { class: "note", text: `${w("note")}: ${e.note}` }));
  S.bookEntry = { id: e.id, parts };
  emit("ruling");
  document.body.dataset.ruling = "done";
  document.body.dataset.book = `opened-${e.id}`;
  render();
  if (print) setTimeout(() => window.print(), 50);
}

export async function initBook() {
  info = (await api("/api/book")).data ?? null;
  // the ruling's state is on <body data-ruling>: a ruling shown, gone, or stale
  new MutationObserver(() => { if (document.body.dataset.ruling !== "done") S.bookEntry = null; render(); })
    .observe(document.body, { attributes: true, attributeFilter: ["data-ruling"] });
  // the page's language (<html lang>, set by its English/Русский button): the link and the panel follow
  const relabel = () => { $("book-link").textContent = w("see"); render(); };
  new MutationObserver(relabel).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  relabel();
  const fromHash = async () => {
    const m = location.hash.match(/book=(\d+)/);
    if (m) await openEntry(+m[1], /print=1/.test(location.hash));
  };
  window.addEventListener("hashchange", fromHash);  // another entry's link on the same page
  await fromHash();
}
