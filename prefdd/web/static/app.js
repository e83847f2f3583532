// The arbiter's desk: deal entry, play with double-dummy values, the incident form and the ruling.
// State lives in S; every change re-renders what depends on it. The server does all checking.
import { WORDS, RANKS, SUITS } from "./i18n.js";

const RANK_LETTERS = "789TJQKA", SUIT_LETTERS = "scdh";
const CARDS = [];
for (let s = 0; s < 4; s++) for (let r = 7; r >= 0; r--) CARDS.push(RANK_LETTERS[r] + SUIT_LETTERS[s]);
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
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

const S = {
  lang: "ru", owner: {}, history: [], ooo: {}, pendingOoo: null, rules: [], oooRules: [],
  rule: null, values: {}, view: null, table: null, ruling: null, line: null, tableSeq: 0,
};
const t = (k) => WORDS[S.lang][k] ?? k;
const cardIndex = (c) => SUIT_LETTERS.indexOf(c[1]) * 8 + RANK_LETTERS.indexOf(c[0]);
const face = (c) => RANKS[S.lang][RANK_LETTERS.indexOf(c[0])] + SUITS[SUIT_LETTERS.indexOf(c[1])];
const isRed = (c) => c[1] === "d" || c[1] === "h";
const seatName = (s) => `${t("seat")} ${s} (${t("hand_n")[s]})`;

// ------------------------------------------------------------------ server
async function api(path, body) {
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

function errTarget(field, fallback) {
  let f = field || "";
  while (f) {
    const e = document.querySelector(`[data-err-for="${CSS.escape(f)}"]`);
    if (e) return e;
    const cut = Math.max(f.lastIndexOf("."), f.lastIndexOf("["));
    f = cut > 0 ? f.slice(0, cut) : "";
  }
  return fallback;
}
function showError(err, fallback) {
  const target = errTarget(err.field, fallback);
  target.textContent = (err.field ? err.field + ": " : "") + err.message;
  target.closest("section")?.querySelector("details")?.setAttribute("open", "");
}
function clearErrors(root) { root.querySelectorAll(".err").forEach((e) => { e.textContent = ""; }); }

// ------------------------------------------------------------------ the deal
// the talon/discard pile keeps the order its cards were given in (a raspasovka's talon is turned in order)
function pile() {
  S.pileOrder = (S.pileOrder || []).filter((c, i, a) => S.owner[c] === 3 && a.indexOf(c) === i);
  for (const c of CARDS) if (S.owner[c] === 3 && !S.pileOrder.includes(c)) S.pileOrder.push(c);
  return S.pileOrder.slice();
}
function hand(s) { return CARDS.filter((c) => S.owner[c] === s).sort((a, b) => cardIndex(a) - cardIndex(b)); }
function kind() { const c = $("contract").value; return c === "misere" ? "misere" : c === "raspasovka" ? "raspasovka" : "game"; }
function dealObject() {
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
function tableRequest(history, ooo) {
  const r = { deal: dealObject(), contract: $("contract").value, first_leader: +$("first_leader").value,
              history, out_of_turn: ooo };
  if (kind() !== "raspasovka") r.declarer = +$("declarer").value;
  if (S.loadedExtra?.taken) r.taken = S.loadedExtra.taken;  // an ending: tricks won before its hands
  return r;
}

function renderPicker() {
  const box = $("picker");
  box.replaceChildren();
  CARDS.forEach((c, i) => {
    const o = S.owner[c];
    const badge = o === undefined ? "·" : o === 3 ? t("pile_short") : String(o + 1);
    const b = el("button", { type: "button", class: `pcard ${isRed(c) ? "red" : ""} own-${o ?? "x"}`,
      "data-card": c, "data-owner": o ?? "", "aria-label": `${face(c)}: ${o === undefined ? t("nobody") : o === 3 ? t("pile") : seatName(o)}`,
      tabindex: i === 0 ? "0" : "-1", onclick: () => assign(c, targetValue()), onkeydown: (e) => pickerKey(e, c, i) },
      el("span", { class: "face", text: face(c) }), el("span", { class: "badge", text: badge }));
    box.append(b);
  });
  const n = [0, 1, 2, 3].map((s) => CARDS.filter((c) => S.owner[c] === s).length);
  n.push(32 - n.reduce((a, b) => a + b, 0));
  $("counts").textContent = t("counts")(n);
}
function targetValue() { const v = document.querySelector('input[name="target"]:checked').value; return v === "" ? null : +v; }
function assign(c, owner, keepFocus = true) {
  if (owner === null || S.owner[c] === owner) delete S.owner[c]; else S.owner[c] = owner;
  if (S.owner[c] === 3) S.pileOrder = [...(S.pileOrder || []).filter((x) => x !== c), c];
  dealChanged();
  if (keepFocus) document.querySelector(`#picker [data-card="${c}"]`)?.focus();
}
function pickerKey(e, c, i) {
  const keys = { 1: 0, 2: 1, 3: 2, 4: 3, t: 3, "п": 3 };
  let j = null;
  if (e.key in keys) { S.owner[c] = keys[e.key]; dealChanged(); document.querySelector(`#picker [data-card="${c}"]`)?.focus(); }
  else if (e.key === "0" || e.key === "Delete" || e.key === "Backspace") { delete S.owner[c]; dealChanged(); document.querySelector(`#picker [data-card="${c}"]`)?.focus(); }
  else if (e.key === "ArrowRight") j = Math.min(31, i + 1);
  else if (e.key === "ArrowLeft") j = Math.max(0, i - 1);
  else if (e.key === "ArrowDown") j = Math.min(31, i + 8);
  else if (e.key === "ArrowUp") j = Math.max(0, i - 8);
  else return;
  e.preventDefault();
  if (j !== null) {
    const bs = document.querySelectorAll("#picker button");
    bs.forEach((b) => b.setAttribute("tabindex", "-1"));
    bs[j].setAttribute("tabindex", "0");
    bs[j].focus();
  }
}
function setDeal(deal) {
  S.owner = {};
  deal.hands.forEach((h, s) => h.forEach((c) => { S.owner[c] = s; }));
  const k = kind();
  const p = k === "raspasovka" ? deal.talon : deal.discard;
  S.pileOrder = [];
  const toPile = (c) => { if (S.owner[c] === undefined) { S.owner[c] = 3; S.pileOrder.push(c); } };
  (p || []).forEach(toPile);
  if (k !== "raspasovka" && !deal.discard && deal.talon) deal.talon.forEach(toPile);
  if (k === "raspasovka" && !deal.talon && deal.discard) deal.discard.forEach(toPile);
  $("talon").value = k === "game" && deal.discard && deal.talon ? deal.talon.join(" ") : "";
}
function dealChanged() {
  S.history = []; S.ooo = {}; S.pendingOoo = null; S.view = null; S.line = null;
  clearErrors($("deal-section"));
  renderPicker();
  refreshTable();
}

function fillSelects() {
  const c = $("contract"), keep = c.value || "7s";
  c.replaceChildren();
  for (let l = 6; l <= 10; l++) for (const s of ["s", "c", "d", "h", "nt"])
    c.append(el("option", { value: `${l}${s}`, text: `${l}${s === "nt" ? " " + t("nt") : SUITS["scdh".indexOf(s)]}` }));
  c.append(el("option", { value: "misere", text: t("misere") }), el("option", { value: "raspasovka", text: t("raspasovka") }));
  if (![...c.options].some((o) => o.value === keep)) c.append(el("option", { value: keep, text: keep }));
  c.value = keep;
  for (const id of ["declarer", "first_leader"]) {
    const sel = $(id), v = sel.value || "0";
    sel.replaceChildren(...[0, 1, 2].map((s) => el("option", { value: String(s), text: seatName(s) })));
    sel.value = v;
  }
  renderDecisions();
}
function defenders() { const d = +$("declarer").value; return [(d + 1) % 3, (d + 2) % 3]; }
function renderDecisions() {
  const k = kind();
  $("declarer").disabled = k === "raspasovka";
  defenders().forEach((s, i) => {
    const id = i ? "dec-b" : "dec-a";
    const sel = $(id), v = sel.value || (i ? "pass" : "whist");
    $(id + "-name").textContent = seatName(s);
    sel.replaceChildren(...["whist", "pass", "half-whist"].map((w) => el("option", { value: w, text: t(w) })));
    sel.value = v;
    $(id + "-l").hidden = k !== "game";
  });
}

// ------------------------------------------------------------------ the table
async function refreshTable(extra = {}) {
  const seq = ++S.tableSeq;
  const box = $("table");
  document.body.dataset.busy = "1";
  const sizes = [0, 1, 2].map((s) => hand(s).length);
  clearErrors($("play-section"));
  if (!sizes[0] || sizes.some((n) => n !== sizes[0])) {
    S.table = null;
    box.replaceChildren(el("p", { class: "hint", text: $("counts").textContent }));
    renderHistory(); renderOoo();
    delete document.body.dataset.busy;
    return;
  }
  const v = S.view;
  const hist = v ? v.history.slice(0, v.step) : S.history;
  const ooo = v ? Object.fromEntries(Object.entries(v.ooo).filter(([i]) => +i < v.step)) : S.ooo;
  const res = await api("/api/table", { ...tableRequest(hist, ooo), ...extra });
  if (seq !== S.tableSeq) return;
  if (res.error) {
    S.table = null;
    box.replaceChildren();
    showError(res.error, $("play-error"));
  } else {
    S.table = res.data;
    if (!extra.line) S.line = null; else S.line = res.data.line;
  }
  renderTable(); renderHistory(); renderOoo();
  if (S.table?.over && !v) prefillResult();
  if (!v) updateMoveField();
  document.body.dataset.plies = String(hist.length);
  delete document.body.dataset.busy;
}
function renderTable() {
  const box = $("table"), st = S.table;
  if (!st) return;
  const decl = kind() === "raspasovka" ? null : +$("declarer").value;
  const pend = S.pendingOoo;
  const legal = new Set(pend !== null ? st.hands[pend] : st.legal);
  const mover = pend !== null ? pend : st.to_move;
  const seats = [0, 1, 2].map((s) => {
    const cards = st.hands[s].slice().sort((a, b) => CARDS.indexOf(a) - CARDS.indexOf(b));
    const row = el("div", { class: "hand" });
    for (const c of cards) {
      const ok = !S.view && !st.over && s === mover && legal.has(c);
      const val = s === mover && st.values && pend === null ? st.values[c] : undefined;
      const best = st.best && st.best.includes(c) && s === mover;
      const live = s === mover && !st.over && legal.has(c);
      row.append(el("button", { type: "button", class: `card ${isRed(c) ? "red" : ""} ${best ? "best" : ""} ${live ? "legal" : ""}`,
        "data-card": c, disabled: !ok, "aria-label": face(c) + (val !== undefined ? ` → ${val}` : ""),
        onclick: () => playCard(c) }, el("span", { class: "face", text: face(c) }),
        val !== undefined ? el("span", { class: "val", "data-value": val, text: String(val) }) : null));
    }
    return el("div", { class: `seat ${s === mover && !st.over ? "to-move" : ""} ${s === decl ? "decl" : ""}`, "data-seat": s },
      el("h4", {}, seatName(s) + (s === decl ? " ★" : ""), el("span", { class: "taken", "data-taken": st.taken[s],
        text: ` · ${t("taken")}: ${st.taken[s]}` })), row);
  });
  const trick = el("div", { class: "trick", "aria-label": t("trick") },
    st.talon_card ? el("span", { class: `tcard ${isRed(st.talon_card) ? "red" : ""}`, "data-card": st.talon_card,
      text: `${t("pile_short")}: ${face(st.talon_card)}` }) : null,
    ...st.trick.map(([s, c]) => el("span", { class: `tcard ${isRed(c) ? "red" : ""}`, "data-card": c, text: `${s}: ${face(c)}` })));
  const info = el("p", { class: "info" });
  if (st.over) info.textContent = t("deal_over") + ` ${t("by_seat")} ${st.taken.join("-")}`;
  else if (st.declarer_total !== undefined && st.declarer_total !== null)
    info.textContent = `${t("declarer_total")}: ${st.declarer_total}. ${seatName(st.to_move)} ${t("to_move")}.`;
  else if (st.note) info.textContent = st.note[S.lang];
  info.id = "table-info";
  box.replaceChildren(...seats, trick, info);
  const lp = $("line");
  lp.textContent = S.line ? `${t("line")}: ${S.line.map(face).join(" ")}` : "";
}
function renderHistory() {
  const h = S.view ? S.view.history.slice(0, S.view.step) : S.history;
  const parts = [];
  for (let i = 0; i < h.length; i += 3) parts.push(`${i / 3 + 1}: ${h.slice(i, i + 3).map(face).join(" ")}`);
  $("history").textContent = h.length ? `${t("history")} — ${parts.join(" · ")}` : "";
  $("undo").disabled = !!S.view || !S.history.length;
  const bar = $("replay-bar");
  bar.hidden = !S.view;
  if (S.view) {
    $("replay-label").textContent = `${t("replay_of")} ${S.view.label}`;
    $("replay-step").textContent = `${t("step")} ${S.view.step}/${S.view.history.length}`;
  }
}
function renderOoo() {
  const sel = $("ooo"), st = S.table;
  const can = st && !st.over && !st.trick.length && !S.view;
  $("ooo-l").hidden = !can;
  if (!can) return;
  sel.replaceChildren(el("option", { value: "", text: t("none_ooo") }),
    ...[0, 1, 2].filter((s) => s !== st.to_move).map((s) => el("option", { value: String(s), text: seatName(s) })));
  sel.value = S.pendingOoo === null ? "" : String(S.pendingOoo);
}
function playCard(c) {
  if (S.pendingOoo !== null) { S.ooo[S.history.length] = S.pendingOoo; S.pendingOoo = null; }
  S.history.push(c);
  refreshTable();
}
function undo() {
  if (!S.history.length) return;
  S.history.pop();
  delete S.ooo[S.history.length];
  S.pendingOoo = null;
  refreshTable();
}
function prefillResult() {
  const ids = ["res-0", "res-1", "res-2"];
  if (ids.every((i) => $(i).value === "")) ids.forEach((i, s) => { $(i).value = String(S.table.taken[s]); });
}

// ------------------------------------------------------------------ rules and the form
function ruleLabel(r) { return `${r.number} — ${r.title[S.lang]}${r.contracts.includes("raspasovka") ? " (" + t("raspasovka") + ")" : ""}`; }
function renderRuleList() {
  const q = $("rule-search").value.trim().toLowerCase();
  const list = $("rule-list");
  list.replaceChildren(...S.rules.map((r, i) => [r, i])
    .filter(([r]) => !q || r.number.startsWith(q) || r.title.ru.toLowerCase().includes(q) || r.title.en.toLowerCase().includes(q))
    .map(([r, i]) => el("option", { value: String(i), text: ruleLabel(r) })));
  if (S.rule !== null) list.value = String(S.rule);
}
function selectRule(i) {
  S.rule = i;
  const r = S.rules[i];
  const ooo = Object.entries(S.ooo);
  if (S.oooRules.includes(r.number) && ooo.length) {
    const [m, s] = ooo[ooo.length - 1];
    if (S.values.move === undefined || S.values.move === "") S.values.move = m;
    if (S.values.offender === undefined || S.values.offender === "") S.values.offender = String(s);
  }
  renderForm();
}
function renderForm() {
  const box = $("rule-fields"), aside = $("rule-text");
  clearErrors($("incident-section"));
  if (S.rule === null) {
    $("rule-title").textContent = t("pick_rule");
    box.replaceChildren(); aside.replaceChildren();
    return;
  }
  const r = S.rules[S.rule];
  $("rule-title").textContent = `${r.number}: ${r.title[S.lang]}`;
  aside.replaceChildren(el("h4", { text: `${r.number} [${r.pattern}]` }), el("p", { text: r.text[S.lang] || r.title[S.lang] }));
  box.replaceChildren(...r.fields.map((f) => fieldInput(f)));
}
function moveOptions() {
  const h = S.history;
  return [el("option", { value: "", text: "—" }),
    ...h.map((c, i) => el("option", { value: String(i), text: `${i}: ${face(c)} (${t("seat")} ${S.owner[c] ?? "?"})` })),
    el("option", { value: String(h.length), text: `${h.length}: ${t("after_all")}` })];
}
function updateMoveField() {  // the play went on after the form was drawn: offer its new cards
  const sel = $("f-move");
  if (!sel) return;
  const v = S.values.move ?? "";
  sel.replaceChildren(...moveOptions());
  if (v !== "" && ![...sel.options].some((o) => o.value === String(v))) sel.append(el("option", { value: String(v), text: String(v) }));
  sel.value = String(v);
}
function fieldInput(f) {
  const id = `f-${f.name}`, v = S.values[f.name] ?? (f.default ?? "");
  let input;
  const kindName = f.kind.split(":")[0];
  const save = (e) => { S.values[f.name] = e.target.type === "checkbox" ? e.target.checked : e.target.value; };
  if (kindName === "seat") {
    input = el("select", { id, onchange: save }, el("option", { value: "", text: "—" }),
      ...[0, 1, 2].map((s) => el("option", { value: String(s), text: seatName(s) })));
  } else if (kindName === "move") {
    input = el("select", { id, onchange: save }, ...moveOptions());
    if (v !== "" && ![...input.options].some((o) => o.value === String(v))) input.append(el("option", { value: String(v), text: String(v) }));
  } else if (kindName === "choice") {
    input = el("select", { id, onchange: save }, el("option", { value: "", text: "—" }),
      ...f.kind.split(":")[1].split(",").map((o) => el("option", { value: o, text: t("choice")[o] ? `${o} — ${t("choice")[o]}` : o })));
  } else if (kindName === "bool") {
    input = el("input", { id, type: "checkbox", onchange: save });
    input.checked = v === true;
  } else if (kindName === "json") {
    input = el("textarea", { id, rows: "3", spellcheck: "false", oninput: save });
  } else {
    input = el("input", { id, spellcheck: "false", inputmode: kindName === "int" ? "numeric" : null, oninput: save });
  }
  if (kindName !== "bool") input.value = typeof v === "object" ? JSON.stringify(v) : String(v);
  return el("div", { class: "field" },
    el("label", { for: id, text: f.label[S.lang] + (f.required ? " *" : "") }), input,
    el("p", { class: "err", "data-err-for": `violation.${f.name}` }));
}
function violation() {
  const r = S.rules[S.rule];
  const v = { rule: r.number };
  let bad = false;
  for (const f of r.fields) {
    const raw = S.values[f.name];
    if (raw === undefined || raw === "" || raw === false) continue;
    const k = f.kind.split(":")[0];
    const errEl = errTarget(`violation.${f.name}`, $("rule-error"));
    try {
      if (k === "seat" || k === "move" || k === "int") {
        if (!/^\s*\d+\s*$/.test(String(raw))) throw new Error(t("int_expected"));
        v[f.name] = parseInt(raw, 10);
      } else if (k === "seats") v[f.name] = String(raw).trim().split(/[\s,]+/).map((x) => (/^\d+$/.test(x) ? +x : x));
      else if (k === "cards" || k === "strains") v[f.name] = String(raw).trim().split(/[\s,]+/);
      else if (k === "json") v[f.name] = typeof raw === "string" ? JSON.parse(raw) : raw;
      else v[f.name] = raw;
    } catch (e) {
      errEl.textContent = `violation.${f.name}: ${e instanceof SyntaxError ? t("not_json") : e.message}`;
      bad = true;
    }
  }
  const other = $("other").value.trim();
  if (other) {
    try {
      const o = JSON.parse(other);
      if (typeof o !== "object" || Array.isArray(o) || o === null) throw new SyntaxError();
      Object.assign(v, o);
    } catch (e) { $("other-error").textContent = `violation: ${t("not_json")}`; bad = true; }
  }
  return bad ? null : v;
}
function incident() {
  if (S.rule === null) { $("rule-error").textContent = t("pick_rule"); return null; }
  const v = violation();
  if (!v) return null;
  const k = kind();
  const inc = { deal: dealObject(), contract: $("contract").value };
  if (k !== "raspasovka") inc.declarer = +$("declarer").value;
  if (k === "game") { const [a, b] = defenders(); inc.decisions = { [a]: $("dec-a").value, [b]: $("dec-b").value }; }
  inc.open = $("open").value === "true";
  inc.first_leader = +$("first_leader").value;
  inc.history = S.history.slice();
  inc.violation = v;
  const res = ["res-0", "res-1", "res-2"].map((i) => $(i).value.trim());
  if (res.some((x) => x !== "")) {
    if (!res.every((x) => /^\d+$/.test(x))) { errTarget("result", $("rule-error")).textContent = `result.tricks: ${t("int_expected")}`; return null; }
    inc.result = { tricks: res.map(Number) };
  }
  inc.scoring = { convention: $("convention").value };
  const set = $("scoring-set").value.trim();
  if (set) {
    let o = null;
    try { o = JSON.parse(set); } catch (e) { /* reported below */ }
    if (!o || typeof o !== "object" || Array.isArray(o)) { errTarget("scoring", $("rule-error")).textContent = `scoring.set: ${t("not_json")}`; return null; }
    inc.scoring.set = o;
  }
  inc.options = { compare: $("compare").value, resolve: $("resolve").value };
  if (S.loadedExtra) Object.assign(inc, S.loadedExtra);
  return inc;
}
async function rule(e) {
  e?.preventDefault();
  clearErrors($("incident-section"));
  clearErrors($("deal-section"));
  const inc = incident();
  if (!inc) return;
  $("rule-go").disabled = true;
  document.body.dataset.ruling = "busy";
  $("ruling").replaceChildren(el("p", { class: "hint", text: "…" }));
  const res = await api("/api/rule", { incident: inc });
  $("rule-go").disabled = false;
  document.body.dataset.ruling = res.error ? "error" : "done";
  if (res.error) { $("ruling").replaceChildren(); showError(res.error, $("rule-error")); return; }
  S.ruling = { ...res.data, incident: inc };
  renderRuling();
}

// ------------------------------------------------------------------ the ruling
function num(x) {
  const s = String(x);
  if (!s.includes("/")) return s;
  const [p, q] = s.split("/").map(Number);
  return `${(p / q).toFixed(2)} (${s})`;
}
function renderRuling() {
  const box = $("ruling"), R = S.ruling;
  if (!R) { box.replaceChildren(); return; }
  const r = R.ruling, sh = R.sheet, L = S.lang;
  const head = el("tr", {}, el("th", { text: "" }), el("th", { text: t("pulya") }), el("th", { text: t("gora") }),
    ...[...Array(sh.players).keys()].map((j) => el("th", { text: `${t("whists_on")} ${j}` })));
  const cell = (x, key) => el("td", { "data-exact": x.exact, "data-key": key },
    x.rounded, x.rounded !== x.exact ? el("small", { text: ` ${t("exact")} ${x.exact}` }) : null);
  const rows = [...Array(sh.players).keys()].map((i) => el("tr", { "data-seat": i }, el("th", { text: seatName(i) }),
    cell(sh.pulya[i], `pulya.${i}`), cell(sh.gora[i], `gora.${i}`),
    ...[...Array(sh.players).keys()].map((j) => (i === j ? el("td", { class: "self", text: "—" }) : cell(sh.whists[i][j], `whists.${i}.${j}`)))));
  const parts = [el("h3", { text: `${L === "ru" ? "Правило" : "Rule"} ${r.rule}: ${r.title[L]} [${r.pattern}]` })];
  if (r.summary) parts.push(el("p", { class: "summary", text: r.summary[L] }));
  parts.push(el("h4", { text: t("sheet") }), el("div", { class: "scroll" }, el("table", { id: "sheet", class: "sheet" }, el("thead", {}, head), el("tbody", {}, ...rows))));
  parts.push(el("h4", { text: t("writes") }), r.writes.length ? el("ul", { id: "writes" }, ...r.writes.map((w) => el("li", {},
    (w.kind === "whists" ? t("writes_whists")(w.seat, num(w.amount), w.on) : t("writes_other")(w.seat, num(w.amount), w.kind))
    + (w.why[L] ? ` — ${w.why[L]}` : "")))) : el("p", { text: t("nothing") }));
  if (r.options.length) parts.push(el("h4", { text: t("options") }), el("ul", {}, ...r.options.map((o) =>
    el("li", { class: o.best ? "best" : "" }, `${o.best ? "★ " : ""}${o.label[L]}: ${L === "ru" ? "взяток у играющего" : "declarer's tricks"} ${o.declarer_tricks}`
      + (o.value !== undefined ? `; ${L === "ru" ? "баланс" : "balance"} ${num(o.value)}` : ""),
      o.figure?.line ? replayButton(o.figure.line, o.label[L]) : null))));
  if (r.figures.length) parts.push(el("h4", { text: t("figures") }), el("ul", { id: "figures" }, ...r.figures.map((f, i) => el("li", {},
    `${f.label[L]}: ` + [f.declarer_tricks !== undefined ? `${L === "ru" ? "взяток у играющего" : "declarer's tricks"} ${f.declarer_tricks}` : null,
      f.tricks ? `${t("by_seat")} ${f.tricks.join("-")}` : null,
      f.balance ? `${t("balance")} ${f.balance.seat}: ${num(f.balance.whists)}` : null].filter(Boolean).join("; ")
      + ` (${f.source === "actual" ? t("source_actual") : f.source === "double dummy" ? t("source_dd") : f.source})`,
    f.line ? el("div", { class: "fline" }, `${t("line")}: ${f.line.map(face).join(" ")} `, replayButton(f.line, f.label[L], i)) : null))));
  if (r.notes.length) parts.push(el("h4", { text: t("notes") }), el("ul", {}, ...r.notes.map((n) => el("li", { text: n[L] }))));
  if (r.unset.length) parts.push(el("p", { text: `${t("unset")}: ${r.unset.join(", ")}` }));
  const st = r.settings || {};
  const over = Object.entries(st.overrides || {}).map(([k, v]) => `${k}=${v}`);
  const ro = Object.entries(st.ruling_options || {}).map(([k, v]) => `${k}=${v}`);
  parts.push(el("h4", { text: t("settings") }), el("p", { id: "settings", text: [st.convention, ...over, ...ro].join("; ") }));
  box.replaceChildren(...parts);
}
function replayButton(line, label, i) {
  return el("button", { type: "button", class: "no-print replay", "data-figure": i ?? "", onclick: () => replay(line, label) }, t("show_on_table"));
}
async function replay(line, label) {
  const inc = S.ruling.incident;
  const start = inc.violation.move;
  const res = await api("/api/line", { table: tableRequest(inc.history, S.ooo), line, start: start ?? null });
  if (res.error) { showError(res.error, $("play-error")); return; }
  S.view = { history: res.data.history, ooo: res.data.out_of_turn, step: res.data.start, label };
  S.pendingOoo = null;
  await refreshTable();
  $("play-section").scrollIntoView({ behavior: "smooth" });
}
function stepView(d) {
  if (!S.view) return;
  S.view.step = Math.max(0, Math.min(S.view.history.length, S.view.step + d));
  refreshTable();
}

// ------------------------------------------------------------------ keep and share
function download() {
  clearErrors($("incident-section"));
  const inc = incident();
  if (!inc) return;
  const blob = new Blob([JSON.stringify(inc, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: "incident.json" });
  document.body.append(a); a.click(); a.remove();
}
function b64encode(text) {
  const bytes = new TextEncoder().encode(text);
  let s = ""; bytes.forEach((b) => { s += String.fromCharCode(b); });
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64decode(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));
}
function share() {
  clearErrors($("incident-section"));
  const inc = incident();
  if (!inc) return;
  const url = `${location.origin}${location.pathname}#incident=${b64encode(JSON.stringify(inc))}`;
  history.replaceState(null, "", url);
  $("share-out").replaceChildren(`${t("copied")} `, el("a", { href: url, id: "share-link", text: url }));
  navigator.clipboard?.writeText(url).catch(() => {});
}
async function loadText(text, errEl) {
  const res = await api("/api/paste", { text });
  if (res.error) { showError(res.error, errEl); return false; }
  if (res.data.incident) loadIncident(res.data.incident, res.data.deal, res.data.history);
  else { setDeal(res.data.deal); dealChanged(); }
  return true;
}
function loadIncident(inc, deal, history) {
  const c = $("contract");
  const con = String(inc.contract ?? "7s");
  if (![...c.options].some((o) => o.value === con)) c.append(el("option", { value: con, text: con }));
  c.value = con;
  if (inc.declarer !== undefined && inc.declarer !== null) $("declarer").value = String(inc.declarer);
  $("first_leader").value = String(inc.first_leader ?? 0);
  renderDecisions();
  const [a, b] = defenders();
  if (inc.decisions) { if (inc.decisions[a]) $("dec-a").value = inc.decisions[a]; if (inc.decisions[b]) $("dec-b").value = inc.decisions[b]; }
  $("open").value = inc.open ? "true" : "false";
  $("convention").value = inc.scoring?.convention ?? "sochi";
  $("compare").value = inc.options?.compare ?? "double_dummy";
  $("resolve").value = inc.options?.resolve ?? "side_best";
  setDeal(deal);
  renderPicker();
  S.history = history; S.ooo = {}; S.pendingOoo = null; S.view = null; S.ruling = null;
  S.loadedExtra = {};
  for (const k of ["id", "note", "source", "taken", "raspasovka_round"]) if (inc[k] !== undefined) S.loadedExtra[k] = inc[k];
  $("scoring-set").value = inc.scoring?.set ? JSON.stringify(inc.scoring.set) : "";
  const v = inc.violation || {};
  if (S.oooRules.includes(String(v.rule)) && (v.correction === undefined || v.correction === "none") && v.move !== undefined && v.offender !== undefined)
    S.ooo[v.move] = v.offender;
  const i = S.rules.findIndex((r) => r.number === String(v.rule) && r.contracts.includes(kind()));
  S.values = {};
  const known = new Set(i >= 0 ? S.rules[i].fields.map((f) => f.name) : []);
  const other = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === "rule") continue;
    if (known.has(k)) S.values[k] = Array.isArray(x) && k !== "plans" ? x.join(" ") : typeof x === "object" ? JSON.stringify(x) : x;
    else other[k] = x;
  }
  $("other").value = Object.keys(other).length ? JSON.stringify(other) : "";
  const tr = inc.result?.tricks || ["", "", ""];
  ["res-0", "res-1", "res-2"].forEach((id, s) => { $(id).value = String(tr[s] ?? ""); });
  S.rule = i >= 0 ? i : null;
  renderRuleList(); renderForm(); renderRuling();
  refreshTable();
}

// ------------------------------------------------------------------ language and start
function applyLang() {
  document.documentElement.lang = S.lang;
  document.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = t(e.dataset.i18n); });
  $("lang").textContent = S.lang === "ru" ? "English" : "Русский";
  document.title = `prefdd — ${t("title")}`;
  fillSelects(); renderPicker(); renderTable(); renderHistory(); renderOoo(); renderRuleList(); renderForm(); renderRuling();
}

async function start() {
  const res = await api("/api/rules");
  if (res.error) { $("fatal").textContent = res.error.message; return; }
  S.rules = res.data.rules; S.oooRules = res.data.out_of_turn_rules;
  $("lang").addEventListener("click", () => { S.lang = S.lang === "ru" ? "en" : "ru"; applyLang(); });
  $("print").addEventListener("click", () => window.print());
  $("random").addEventListener("click", async () => {
    clearErrors($("deal-section"));
    const r = await api("/api/random", {});
    if (r.error) { showError(r.error, errTarget("deal")); return; }
    setDeal(r.data.deal); dealChanged();
  });
  $("clear").addEventListener("click", () => { S.owner = {}; S.loadedExtra = {}; dealChanged(); });
  $("paste-go").addEventListener("click", async () => {
    $("paste-error").textContent = "";
    await loadText($("paste-text").value, $("paste-error"));
  });
  for (const id of ["contract", "declarer", "first_leader", "talon"]) $(id).addEventListener("change", () => {
    if (id === "contract" || id === "declarer") renderDecisions();
    S.view = null; refreshTable();
  });
  $("undo").addEventListener("click", undo);
  $("show-line").addEventListener("click", () => refreshTable({ line: true }));
  $("ooo").addEventListener("change", (e) => { S.pendingOoo = e.target.value === "" ? null : +e.target.value; renderTable(); });
  $("replay-prev").addEventListener("click", () => stepView(-1));
  $("replay-next").addEventListener("click", () => stepView(1));
  $("replay-exit").addEventListener("click", () => { S.view = null; refreshTable(); });
  $("rule-search").addEventListener("input", renderRuleList);
  $("rule-search").addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" || e.key === "Enter") {
      e.preventDefault();
      const first = $("rule-list").options[0];
      if (first) { $("rule-list").value = first.value; selectRule(+first.value); $("rule-list").focus(); }
    }
  });
  $("rule-list").addEventListener("change", (e) => { if (e.target.value !== "") selectRule(+e.target.value); });
  $("rule-form").addEventListener("submit", rule);
  $("download").addEventListener("click", download);
  $("share").addEventListener("click", share);
  $("upload").addEventListener("change", async (e) => {
    $("upload-error").textContent = "";
    const f = e.target.files[0];
    if (f && await loadText(await f.text(), $("upload-error"))) $("upload-error").textContent = "";
    e.target.value = "";
  });
  applyLang();
  const m = location.hash.match(/incident=([A-Za-z0-9_-]+)/);
  if (m) {
    let text = null;
    try { text = b64decode(m[1]); } catch (e) { $("fatal").textContent = "link: " + t("not_json"); }
    if (text !== null) await loadText(text, $("fatal"));
  } else refreshTable();
  document.body.dataset.ready = "1";
}
start();
