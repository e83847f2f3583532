// The page's data: the deal as the picker holds it, the table a request describes, the contract's
// name, the defenders, the convention's changed options. No view: a change is said with emit().
import { $, CARDS, S, SUITS, cardIndex, emit, face, t } from "./common.js";

// the talon/discard pile keeps the order its cards were given in (a raspasovka's talon is turned in order)
export function pile() {
  S.pileOrder = (S.pileOrder || []).filter((c, i, a) => S.owner[c] === 3 && a.indexOf(c) === i);
  for (const c of CARDS) if (S.owner[c] === 3 && !S.pileOrder.includes(c)) S.pileOrder.push(c);
  return S.pileOrder.slice();
}
export function hand(s) { return CARDS.filter((c) => S.owner[c] === s).sort((a, b) => cardIndex(a) - cardIndex(b)); }
export function kind() { const c = $("contract").value; return c === "misere" ? "misere" : c === "raspasovka" ? "raspasovka" : "game"; }
export function dealObject() {
  const deal = { hands: [hand(0), hand(1), hand(2)] };
  const p = pile();
  if (kind() === "raspasovka") { if (p.length) deal.talon = p; }
  else {
    if (p.length) deal.discard = p;
    const tal = $("talon").value.trim();
    if (tal && kind() === "game") deal.talon = tal.split(/[\s,]+/);
  }
  return deal;
}
export function tableRequest(history, ooo) {
  const r = { deal: dealObject(), contract: $("contract").value, first_leader: +$("first_leader").value,
              history, out_of_turn: ooo };
  if (kind() !== "raspasovka") r.declarer = +$("declarer").value;
  if (S.loadedExtra?.taken) r.taken = S.loadedExtra.taken;  // an ending: tricks won before its hands
  return r;
}

export function setDeal(deal) {
  S.owner = {};
  deal.hands.forEach((h, s) => h.forEach((c) => { S.owner[c] = s; }));
  const k = kind();
  const p = k === "raspasovka" ? deal.talon : deal.discard;
  S.pileOrder = [];
  const toPile = (c) => { if (S.owner[c] === undefined) { S.owner[c] = 3; S.pileOrder.push(c); } };
  (p || []).forEach(toPile);
  if (k !== "raspasovka" && !deal.discard && deal.talon) deal.talon.forEach(toPile);
  if (k === "raspasovka" && !deal.talon && deal.discard) deal.discard.forEach(toPile);
  $("talon").value = k === "game" && deal.discard && deal.talon ? deal.talon.map(face).join(" ") : "";
}
// the cards changed: the play on them, its analyses and any ruling no longer stand (app.js re-renders)
export function dealChanged() {
  S.history = []; S.ooo = {}; S.pendingOoo = null; S.view = null; S.line = null; S.analysis = null; S.sd = null;
  S.ruling = null;
  emit("deal");
}

export function contractName(v) {
  if (v === "misere") return t("misere");
  if (v === "raspasovka") return t("raspasovka");
  const m = /^(\d+)(s|c|d|h|nt)$/.exec(v);
  const bare = /^(s|c|d|h|nt)$/.exec(v);  // a strain with no level (a Bridge studio problem's "?NT")
  if (bare) return `${bare[1] === "nt" ? t("nt") : SUITS["scdh".indexOf(bare[1])]} ${t("no_level")}`;
  if (!m) return v;
  return `${m[1]}${m[2] === "nt" ? " " + t("nt") : SUITS["scdh".indexOf(m[2])]}`;
}
export function defenders() { const d = +$("declarer").value; return [(d + 1) % 3, (d + 2) % 3]; }

export const preset = () => S.convention.presets[$("convention").value] || {};
const number = (x) => (/^-?\d+$/.test(x) ? Number(x) : x.replace(",", "."));  // "1/2" and "2.5" stay text: exact
// scoring.set from the controls: only what differs from the preset
export function conventionSet() {
  if (!S.convention) return {};
  const p = preset(), out = {};
  for (const o of S.convention.options) {
    if (!(o.name in (S.convValues || {}))) continue;
    const v = S.convValues[o.name];
    if (o.kind === "bool") { if (v !== p[o.name]) out[o.name] = v; continue; }
    const text = String(v ?? "").trim();
    if (text === String(p[o.name] ?? "").trim()) continue;
    if (o.name === "players") out[o.name] = Number(text);
    else if (o.kind === "choice") out[o.name] = text;
    else if (o.kind === "numbers") out[o.name] = text.split(/[\s;]+|,\s*/).filter(Boolean).map(number);
    else out[o.name] = text === "" ? null : number(text);
  }
  return out;
}
// an incident's scoring.set into the controls' values (the convention view re-renders); what they cannot hold
// is given back (for the expert box)
export function loadConventionSet(set) {
  S.convValues = {};
  const rest = {};
  const names = new Set((S.convention?.options || []).map((o) => o.name));
  for (const [k, v] of Object.entries(set || {})) {
    if (!names.has(k)) { rest[k] = v; continue; }
    S.convValues[k] = Array.isArray(v) ? v.join(", ") : typeof v === "boolean" ? v : v === null ? "" : String(v);
  }
  emit("convention");
  return rest;
}
