// What every part of the page shares: the state, words, cards, DOM helpers, the server, and the
// event hub. The page's scripts import one way (tests/test_layers.py checks it):
// plural, i18n -> common -> long -> deal (data) -> the views, none importing another (picker,
// table, incident, ruling, sd, conv) -> keep -> book_desk -> app. A view that changes what another
// shows says so with emit("what"); app.js holds the one list of what re-renders on each event.
import { WORDS, RANKS, SUITS } from "./i18n.js";
export { WORDS, RANKS, SUITS };

export const RANK_LETTERS = "789TJQKA", SUIT_LETTERS = "scdh";
export const CARDS = [];
for (let s = 0; s < 4; s++) for (let r = 7; r >= 0; r--) CARDS.push(RANK_LETTERS[r] + SUIT_LETTERS[s]);
export const $ = (id) => document.getElementById(id);
export const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
};

export const S = {
  lang: "ru", owner: {}, history: [], ooo: {}, pendingOoo: null, rules: [], oooRules: [],
  rule: null, values: {}, view: null, table: null, ruling: null, line: null, tableSeq: 0, players: [],
};
export const t = (k) => WORDS[S.lang][k] ?? k;
// the event hub: app.js wires each event to the views that re-render on it (on), a part says what changed (emit)
const handlers = {};
export function on(event, fn) { (handlers[event] ||= []).push(fn); }
export function emit(event, ...args) {
  if (!handlers[event]) throw new Error(`no handler for the page's event ${event}`);
  for (const fn of handlers[event]) fn(...args);
}
// a ruling stands only beside the question it answers: any change to the deal, the play or the
// form takes it off the page (and off the printed sheet), with a line saying so
export function dropRuling() {
  if (!S.ruling && !S.stopRuling?.()) return;  // a ruling still computing answers the old question: stopped too
  S.ruling = null;
  document.body.dataset.ruling = "stale";
  $("ruling").replaceChildren(el("p", { class: "hint", id: "ruling-stale", text: t("ruling_stale") }));
}
export const cardIndex = (c) => SUIT_LETTERS.indexOf(c[1]) * 8 + RANK_LETTERS.indexOf(c[0]);
export const face = (c) => RANKS[S.lang][RANK_LETTERS.indexOf(c[0])] + SUITS[SUIT_LETTERS.indexOf(c[1])];
export const isRed = (c) => c[1] === "d" || c[1] === "h";
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// ------------------------------------------------------------------ seats
// one numbering everywhere: first, second, third hand (seat 0 is the first hand), the roles of
// this deal and the names the incident gives
export const handName = (s) => t("hand_n")[s] ?? String(s);
export function roleOf(s) {
  const c = document.getElementById("contract")?.value;
  if (!c || c === "raspasovka" || s > 2) return null;
  const d = +document.getElementById("declarer").value;
  if (s === d) return t("role_declarer");
  if (c === "misere") return t("role_whister");
  const [a, b] = [(d + 1) % 3, (d + 2) % 3];
  const dec = s === a ? document.getElementById("dec-a").value : s === b ? document.getElementById("dec-b").value : "";
  return dec === "pass" ? t("role_passer") : t("role_whister");
}
export function seatName(s, withRole = true) {
  const parts = [handName(s)];
  const role = withRole ? roleOf(s) : null;
  if (role) parts.push(role);
  const name = S.players?.[s];
  return parts.join(", ") + (name ? ` (${name})` : "");
}

// ------------------------------------------------------------------ server
// signal: an AbortSignal that stops the request (and so its search); headers: more of them (a long request's name)
export async function api(path, body, signal, headers = {}) {
  let r;
  try {
    r = await fetch(path, { method: body === undefined ? "GET" : "POST", signal,
      headers: { "Content-Type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    if (signal?.aborted) return { aborted: true };
    return { error: { field: null, message: t("server_down"), text: { ru: WORDS.ru.server_down, en: WORDS.en.server_down } } };
  }
  let data;
  try { data = await r.json(); } catch (e) { if (signal?.aborted) return { aborted: true }; return { error: { field: null, message: `HTTP ${r.status}` } }; }
  if (!r.ok) return { error: data.error || { field: null, message: `HTTP ${r.status}` } };
  return { data };
}

export function errTarget(field, fallback) {
  let f = field || "";
  while (f) {
    const e = document.querySelector(`[data-err-for="${CSS.escape(f)}"]`);
    if (e) return e;
    const cut = Math.max(f.lastIndexOf("."), f.lastIndexOf("["));
    f = cut > 0 ? f.slice(0, cut) : "";
  }
  return fallback;
}
// an error from the server: in the page's language, next to its field when the page has one
export function errorText(err) { return err.text?.[S.lang] ?? err.message; }
export function showError(err, fallback) {
  const target = errTarget(err.field, fallback);
  const where = err.where?.[S.lang];
  const own = target.dataset.errFor && err.field && (err.field === target.dataset.errFor);
  target.textContent = (where && !own ? cap(where) + ": " : "") + errorText(err);
  target.dataset.kind = err.kind || "";
  target.closest("details")?.setAttribute("open", "");
  return target;
}
export function clearErrors(root, keep = null) { root.querySelectorAll(".err").forEach((e) => { if (e !== keep) e.textContent = ""; }); }
// the server's Russian text writes cards as «9б»: the page writes «9♦» everywhere
export function symbols(text) {
  return String(text).replace(/(^|[^0-9A-Za-zА-Яа-яЁё])(10|[789ВДКТ])([птбч])(?![0-9A-Za-zА-Яа-яЁё])/g,
    (m, pre, r, s) => pre + r + SUITS["птбч".indexOf(s)]);
}
