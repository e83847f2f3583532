// What every part of the page shares: the state, words, cards, DOM helpers and the server.
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
  rule: null, values: {}, view: null, table: null, ruling: null, line: null, tableSeq: 0,
};
export const t = (k) => WORDS[S.lang][k] ?? k;
export const cardIndex = (c) => SUIT_LETTERS.indexOf(c[1]) * 8 + RANK_LETTERS.indexOf(c[0]);
export const face = (c) => RANKS[S.lang][RANK_LETTERS.indexOf(c[0])] + SUITS[SUIT_LETTERS.indexOf(c[1])];
export const isRed = (c) => c[1] === "d" || c[1] === "h";
export const seatName = (s) => `${t("seat")} ${s} (${t("hand_n")[s]})`;

// ------------------------------------------------------------------ server
export async function api(path, body) {
  let r;
  try {
    r = await fetch(path, { method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { error: { field: null, message: t("server_down") } };
  }
  let data;
  try { data = await r.json(); } catch (e) { return { error: { field: null, message: `HTTP ${r.status}` } }; }
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
export function showError(err, fallback) {
  const target = errTarget(err.field, fallback);
  target.textContent = (err.field ? err.field + ": " : "") + err.message;
  target.closest("section")?.querySelector("details")?.setAttribute("open", "");
}
export function clearErrors(root) { root.querySelectorAll(".err").forEach((e) => { e.textContent = ""; }); }
