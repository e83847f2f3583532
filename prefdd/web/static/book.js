// The book of rulings: newest first, found by a player's name, a date, a rule, a contract;
// each entry opened on the table exactly as ruled, printed again, a re-ruling's changes shown.
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
};
const SUIT = { s: "♠", c: "♣", d: "♦", h: "♥", nt: " БК" };
export function contractWords(c) {
  if (c === "misere") return "мизер";
  if (c === "raspasovka") return "распасы";
  const m = /^(\d+)(nt|[scdh])$/.exec(c || "");
  return m ? m[1] + SUIT[m[2]] : c;
}
const SEATS = ["первая рука", "вторая рука", "третья рука", "четвёртая рука"];
const ON = ["на первую", "на вторую", "на третью", "на четвёртую"];
const ORIGIN = { desk: "со стола арбитра", import: "из файла", rerule: "перерешение", cli: "из командной строки" };
const num = (x) => { const s = String(x); if (!s.includes("/")) return s; const [a, b] = s.split("/"); return `${s} ≈ ${(a / b).toFixed(2).replace(".", ",")}`; };
const when = (s) => s.slice(0, 16).replace("T", " ");
let offset = 0;
const LIMIT = 50;

function fillContracts() {
  const sel = $("q-contract");
  const opts = [["", "любой"]];
  for (let l = 6; l <= 10; l++) for (const s of ["s", "c", "d", "h", "nt"]) opts.push([`${l}${s}`, contractWords(`${l}${s}`)]);
  opts.push(["misere", "мизер"], ["raspasovka", "распасы"]);
  sel.replaceChildren(...opts.map(([v, t]) => el("option", { value: v, text: t })));
}
function query() {
  const p = new URLSearchParams();
  for (const [id, k] of [["q-name", "name"], ["q-from", "from"], ["q-to", "to"], ["q-rule", "rule"], ["q-contract", "contract"]]) {
    const v = $(id).value.trim(); if (v) p.set(k, v);
  }
  if ($("q-current").checked) p.set("current", "1");
  return p;
}
function sheet(entries) {
  const n = entries.pulya.length;
  const head = el("tr", {}, el("th", { text: "" }), el("th", { text: "пуля" }), el("th", { text: "гора" }),
    ...[...Array(n).keys()].map((j) => el("th", { text: `висты ${ON[j]}` })));
  const rows = [...Array(n).keys()].map((i) => el("tr", {}, el("th", { text: SEATS[i] }), el("td", { text: num(entries.pulya[i]) }),
    el("td", { text: num(entries.gora[i]) }), ...[...Array(n).keys()].map((j) => el("td", { text: i === j ? "—" : num(entries.whists[i][j]) }))));
  return el("table", { class: "bsheet" }, el("thead", {}, head), el("tbody", {}, ...rows));
}
function entryCard(e) {
  const title = /\d/.test(e.rule) ? `Правило ${e.rule}: ${e.title?.ru ?? ""}` : (e.title?.ru ?? "");
  const names = e.players.map((p, i) => (p ? `${SEATS[i]} — ${p}` : null)).filter(Boolean).join("; ");
  const parts = [
    el("h3", {}, `№${e.id}. ${title}`),
    el("p", { class: "meta" }, `${when(e.created)} · ${contractWords(e.contract)} · ${ORIGIN[e.origin] ?? ""}`),
  ];
  if (names) parts.push(el("p", { class: "meta players", text: `Игроки: ${names}` }));
  if (e.note) parts.push(el("p", { class: "note", text: `Заметка арбитра: ${e.note}` }));
  if (e.supersedes !== null) {
    parts.push(el("div", { class: "rerule" }, el("p", { text: `Перерешение записи №${e.supersedes}: ${e.changes_text.length ? "изменилось" : "цифры те же"}` }),
      e.changes_text.length ? el("ul", { class: "changes" }, ...e.changes_text.map((c) => el("li", { text: c }))) : null));
  }
  if (e.superseded_by.length) parts.push(el("p", { class: "superseded", text: `Перерешено: запись №${e.superseded_by.join(", №")}` }));
  const details = el("details", {}, el("summary", { text: "На листе" }), el("div", { style: "overflow-x:auto" }, sheet(e.entries)));
  parts.push(details);
  parts.push(el("div", { class: "book-actions no-print" },
    el("a", { href: `/#book=${e.id}`, class: "open", text: "Открыть на столе" }),
    el("a", { href: `/#book=${e.id}&print=1`, class: "print", text: "Печать" })));
  return el("article", { class: "entry", id: `entry-${e.id}`, "data-entry": e.id }, ...parts);
}
async function load(more = false) {
  if (!more) offset = 0;
  const p = query(); p.set("limit", LIMIT); p.set("offset", offset);
  $("book-error").textContent = "";
  document.body.dataset.busy = "1";
  let data;
  try {
    const r = await fetch(`/api/book/entries?${p}`);
    data = await r.json();
    if (!r.ok) throw new Error(data.error?.text?.ru ?? data.error?.message ?? `HTTP ${r.status}`);
  } catch (err) {
    $("book-error").textContent = err.message.startsWith("HTTP") || err instanceof TypeError ? "сервер не отвечает" : err.message;
    delete document.body.dataset.busy;
    return;
  }
  const cards = data.entries.map(entryCard);
  if (more) $("book-list").append(...cards); else $("book-list").replaceChildren(...cards);
  offset += data.entries.length;
  const filtered = [...query().keys()].length > 0;
  $("book-count").textContent = data.total === 0 ? (filtered ? "Ничего не найдено." : "В книге пока нет записей.")
    : `${filtered ? "Найдено" : "Записей в книге"}: ${data.total}`;
  $("more").hidden = offset >= data.total;
  delete document.body.dataset.busy;
  document.body.dataset.ready = "1";
  document.body.dataset.loaded = String(+(document.body.dataset.loaded || 0) + 1);  // each answer shown, counted
}
fillContracts();
$("search").addEventListener("submit", (e) => { e.preventDefault(); load(); });
$("more").addEventListener("click", () => load(true));
load();
