// The incident: the rule found by what happened, its form (a control for every field), the
// incident built from the page, the ruling asked.
import { $, CARDS, S, SUITS, clearErrors, el, emit, errTarget, face, handName, seatName, showError, t } from "./common.js";
import { contractName, conventionSet, dealObject, defenders, kind } from "./deal.js";
import { busyNow, longRequest, stopLong } from "./long.js";

const numbered = (r) => /\d/.test(r.number);
export function ruleLabel(r) {
  const rasp = r.contracts.includes("raspasovka") && r.contracts.length === 1 && !/распас/i.test(r.title.ru) ? ` (${t("raspasovka")})` : "";
  return (numbered(r) ? `${r.number} — ` : "") + r.title[S.lang] + rasp;
}
const norm = (s) => String(s || "").toLowerCase().replace(/ё/g, "е");
// what the table shows, for ranking the rules that fit it first: the contract's kind, open or closed
// play, and who led out of turn (the declarer, or a whister or passer)
function tableFacts() {
  const k = kind(), open = $("open").value === "true";
  const ooo = Object.values(S.ooo).concat(S.pendingOoo === null || S.pendingOoo === undefined ? [] : [S.pendingOoo]);
  const decl = k === "raspasovka" ? null : +$("declarer").value;
  const oooRole = ooo.length ? (decl === null ? "any" : ooo.some((s) => +s === decl) ? "declarer" : "defender") : null;
  return { kind: k, open, oooRole };
}
// how well rule r fits the table (more is better) and the reasons, in words
export function ruleFit(r, f = tableFacts()) {
  let fit = 0;
  const why = [];
  if (r.contracts.includes(f.kind)) { fit += 1; why.push(t("fit_kind")[f.kind]); } else fit -= 3;
  if (r.play) {
    if ((r.play === "open") === f.open) { fit += 1; why.push(t(f.open ? "fit_open" : "fit_closed")); } else fit -= 2;
  }
  // the rules about a lead out of turn (1.3.x) and about a trick gathered and led from (1.4.x): who led must fit
  const oooRule = S.oooRules.includes(r.number) || (r.keywords || []).includes("ход вне очереди");
  if (f.oooRole && oooRule) {
    if (r.offender === "any" || r.offender === f.oooRole) { fit += 2; why.push(t("fit_ooo")[f.oooRole]); } else fit -= 1;
  }
  return { fit, why };
}
export function renderRuleList() {
  const q = norm($("rule-search").value.trim());
  const words = q.split(/\s+/).filter(Boolean);
  const list = $("rule-list");
  const hit = (r) => {
    if (!q) return 2;
    if (r.number.startsWith(q)) return 3;
    const title = norm(r.title.ru + " " + r.title.en), keys = norm((r.keywords || []).join(" "));
    if (words.every((w) => title.includes(w) || keys.includes(w))) return 2;
    if (words.every((w) => norm(r.text.ru + " " + r.text.en).includes(w))) return 1;
    return 0;
  };
  const facts = tableFacts();
  // a rule's number typed first; then the rules that fit the table, then how well the words hit
  const rows = S.rules.map((r, i) => [r, i, hit(r), ruleFit(r, facts)]).filter(([, , h]) => h > 0)
    .sort((a, b) => (b[2] === 3) - (a[2] === 3) || (q ? b[3].fit - a[3].fit : 0) || b[2] - a[2] || a[1] - b[1]);
  list.replaceChildren(...rows.map(([r, i, , f]) => el("option", { value: String(i), text: ruleLabel(r), title: f.why.join(", ") })));
  if (S.rule !== null) list.value = String(S.rule);
  const top = rows[0];
  const why = $("rule-why");
  if (why) why.textContent = q && top && top[3].why.length ? t("fit_first")(top[0].number, top[3].why.join(", ")) : "";
}
export function selectRule(i) {
  S.rule = i;
  const r = S.rules[i];
  const ooo = Object.entries(S.ooo);
  if (S.oooRules.includes(r.number) && ooo.length) {
    const [m, s] = ooo[ooo.length - 1];
    if (S.values.move === undefined || S.values.move === "") S.values.move = m;
    if (S.values.offender === undefined || S.values.offender === "") S.values.offender = String(s);
    // the card led out of turn is the one on the table at that moment
    if (r.fields.some((f) => f.name === "card") && (S.values.card === undefined || S.values.card === "") && S.history[+m])
      S.values.card = S.history[+m];
  }
  renderForm();
}
export function renderForm() {
  const box = $("rule-fields"), aside = $("rule-text");
  clearErrors($("incident-section"));
  if (S.rule === null) {
    $("rule-title").textContent = t("pick_rule");
    box.replaceChildren(); aside.replaceChildren();
    return;
  }
  const r = S.rules[S.rule];
  $("rule-title").textContent = (numbered(r) ? `${r.number}: ` : "") + r.title[S.lang];
  aside.replaceChildren(el("h4", { text: `${t("rule_text")}${numbered(r) ? " " + r.number : ""}` }), el("p", { text: r.text[S.lang] || r.title[S.lang] }));
  box.replaceChildren(...r.fields.map((f) => fieldInput(f)));
}
// the moment: a card of the play, named as players count it (trick, card, who played it)
export function momentName(i) {
  const h = S.history;
  if (i >= h.length) return t("after_all");
  const c = h[i];
  const who = S.owner[c] !== undefined && S.owner[c] < 3 ? `, ${handName(S.owner[c])}` : "";
  return S.lang === "ru" ? `взятка ${Math.floor(i / 3) + 1}, ${i % 3 + 1}-я карта: ${face(c)}${who}`
    : `trick ${Math.floor(i / 3) + 1}, card ${i % 3 + 1}: ${face(c)}${who}`;
}
export function moveOptions() {
  const h = S.history;
  return [el("option", { value: "", text: "—" }),
    ...h.map((c, i) => el("option", { value: String(i), text: momentName(i) })),
    el("option", { value: String(h.length), text: t("after_all") })];
}
export function updateMoveField() {  // the play went on after the form was drawn: offer its new cards
  const sel = $("f-move");
  if (!sel) return;
  const v = S.values.move ?? "";
  sel.replaceChildren(...moveOptions());
  if (v !== "" && ![...sel.options].some((o) => o.value === String(v))) sel.append(el("option", { value: String(v), text: String(v) }));
  sel.value = String(v);
}
export function pickMoment(k) {
  S.picking = false;
  S.values.move = String(k);
  updateMoveField();
  emit("history");
  $("f-move")?.focus();
}
// the remedies the rule offers, in words («потребовать ♠ (пики)»); the first: the declarer's best
function chosenWord(k) {
  const m = /^(demand|forbid) ([scdh])$/.exec(k);
  if (m) { const i = "scdh".indexOf(m[2]); return t(m[1] === "demand" ? "demand_suit" : "forbid_suit")(`${SUITS[i]} (${t("suits_gen")[i]})`); }
  return t("chosen_words")[k] ?? t("choice")[k] ?? k;
}
function chosenOptions(f) {
  const keys = f.choices || ["free", "demand s", "demand c", "demand d", "demand h", "none", "lead", "demand", "forbid"];
  return [["", t("chosen_best")], ...keys.map((k) => [k, chosenWord(k)])];
}
export function fieldInput(f) {
  const id = `f-${f.name}`, v = S.values[f.name] ?? (f.default ?? "");
  let input;
  const kindName = f.kind.split(":")[0];
  const save = (e) => { S.values[f.name] = e.target.type === "checkbox" ? e.target.checked : e.target.value; };
  const opt = (value, text) => el("option", { value, text });
  let extra = null;
  if (kindName === "seat") {
    input = el("select", { id, onchange: save }, opt("", "—"), ...[0, 1, 2].map((s) => opt(String(s), seatName(s))));
  } else if (kindName === "seats") {
    const have = new Set(String(v).split(/[\s,]+/).filter(Boolean));
    input = el("span", { id, class: "checks" }, ...[0, 1, 2].map((s) => el("label", {},
      el("input", { type: "checkbox", value: String(s), checked: have.has(String(s)), onchange: () => {
        S.values[f.name] = [...document.querySelectorAll(`#${id} input:checked`)].map((x) => x.value).join(" ");
      } }), " " + seatName(s))));
  } else if (kindName === "move") {
    input = el("select", { id, onchange: save }, ...moveOptions());
    if (v !== "" && ![...input.options].some((o) => o.value === String(v))) input.append(opt(String(v), String(v)));
    extra = el("button", { type: "button", class: "pick no-print", onclick: () => { S.picking = true; emit("history"); $("history").scrollIntoView({ block: "nearest" }); } }, t("pick_moment"));
  } else if (kindName === "choice") {
    input = el("select", { id, onchange: save }, opt("", "—"),
      ...f.kind.split(":")[1].split(",").map((o) => opt(o, t("choice")[o] ?? o)));
  } else if (f.name === "chosen") {
    input = el("select", { id, onchange: save }, ...chosenOptions(f).map(([a, b]) => opt(a, b)));
    if (v && ![...input.options].some((o) => o.value === v)) input.append(opt(v, v));
  } else if (kindName === "card") {
    input = el("select", { id, onchange: save }, opt("", "—"), ...CARDS.map((c) => opt(c, face(c))));
  } else if (kindName === "cards") {
    const have = new Set(String(v).split(/[\s,]+/).filter(Boolean));
    input = el("select", { id, multiple: true, size: "6", onchange: (e) => {
      S.values[f.name] = [...e.target.selectedOptions].map((o) => o.value).join(" ");
    } }, ...CARDS.map((c) => { const o = opt(c, face(c)); o.selected = have.has(c); return o; }));
  } else if (kindName === "contract") {
    const cs = [];
    for (let l = 6; l <= 10; l++) for (const s of ["s", "c", "d", "h", "nt"]) cs.push(`${l}${s}`);
    input = el("select", { id, onchange: save }, opt("", "—"), ...[...cs, "misere"].map((c) => opt(c, contractName(c))));
  } else if (kindName === "strains") {
    const have = String(v).split(/[\s,]+/).filter(Boolean);
    const strains = ["s", "c", "d", "h", "nt"];
    const sync = () => { S.values[f.name] = [`${id}-a`, `${id}-b`].map((x) => $(x).value).filter(Boolean).join(" "); };
    const one = (k, val) => { const s = el("select", { id: `${id}-${k}`, onchange: sync }, opt("", "—"),
      ...strains.map((x, i) => opt(x, i < 4 ? SUITS[i] : t("nt")))); s.value = val || ""; return s; };
    input = el("span", { id, class: "checks" }, one("a", have[0]), " / ", one("b", have[1]));
  } else if (kindName === "plans") {
    input = plansEditor(id);
  } else if (kindName === "plan") {
    const n = (S.values.plans || []).length;
    input = el("select", { id, onchange: save }, opt("", "—"), ...[...Array(n).keys()].map((i) => opt(String(i), planName(i))));
  } else if (kindName === "bool") {
    input = el("input", { id, type: "checkbox", onchange: save });
    input.checked = v === true;
  } else if (kindName === "json") {
    input = el("textarea", { id, rows: "3", spellcheck: "false", oninput: save });
  } else {
    input = el("input", { id, spellcheck: "false", inputmode: kindName === "int" ? "numeric" : null, oninput: save });
  }
  if (!["bool", "seats", "cards", "strains", "plans"].includes(kindName)) input.value = typeof v === "object" ? JSON.stringify(v) : String(v);
  return el("div", { class: `field field-${kindName}` },
    el("label", { for: id, text: f.label[S.lang] + (f.required ? " *" : "") }), input, extra,
    el("p", { class: "err", "data-err-for": `violation.${f.name}` }));
}
// rule 3's plans: each a row — who proposed it (hands) and its cards in order, in any notation
function planName(i) {
  const p = (S.values.plans || [])[i] || { seats: [], cards: "" };
  return `${t("plan")} ${i + 1}: ${p.seats.map((s) => handName(+s)).join(", ") || "—"} — ${p.cards || "—"}`;
}
function plansEditor(id) {
  if (!Array.isArray(S.values.plans)) S.values.plans = [];
  const box = el("div", { id, class: "plans" });
  const redraw = () => { box.replaceWith(plansEditor(id)); const pl = $("f-played"); if (pl) { const v = S.values.played ?? "";
    pl.replaceChildren(el("option", { value: "", text: "—" }), ...S.values.plans.map((_, i) => el("option", { value: String(i), text: planName(i) })));
    pl.value = String(v); } };
  S.values.plans.forEach((p, i) => {
    box.append(el("div", { class: "plan", "data-plan": i }, el("span", { class: "tn", text: `${t("plan")} ${i + 1}: ` }),
      ...[0, 1, 2].map((s) => el("label", {}, el("input", { type: "checkbox", checked: p.seats.includes(s), onchange: (e) => {
        p.seats = e.target.checked ? [...p.seats, s].sort() : p.seats.filter((x) => x !== s); } }), " " + handName(s))),
      el("label", {}, `${t("plan_cards")} `, el("input", { class: "plan-cards", value: p.cards, spellcheck: "false",
        placeholder: "10♣ 8♣ В♦", oninput: (e) => { p.cards = e.target.value; } })),
      el("button", { type: "button", class: "no-print", onclick: () => { S.values.plans.splice(i, 1); redraw(); } }, t("plan_remove"))));
  });
  box.append(el("button", { type: "button", class: "no-print plan-add", onclick: () => { S.values.plans.push({ seats: [], cards: "" }); redraw(); } }, t("plan_add")));
  return box;
}
export function violation() {
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
      else if (k === "plans") {
        if (!raw.length) continue;
        v[f.name] = raw.map((p) => ({ seats: p.seats.slice(), cards: String(p.cards).trim().split(/[\s,]+/).filter(Boolean) }));
      } else if (k === "plan") v[f.name] = parseInt(raw, 10);
      else v[f.name] = raw;
    } catch (e) {
      errEl.textContent = e instanceof SyntaxError ? t("not_json") : e.message;
      bad = true;
    }
  }
  const other = $("other").value.trim();
  if (other) {
    try {
      const o = JSON.parse(other);
      if (typeof o !== "object" || Array.isArray(o) || o === null) throw new SyntaxError();
      Object.assign(v, o);
    } catch (e) { $("other-error").textContent = t("not_json"); $("experts").open = true; bad = true; }
  }
  return bad ? null : v;
}
export function incident() {
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
    if (!res.every((x) => /^\d+$/.test(x))) { errTarget("result", $("rule-error")).textContent = t("int_expected"); return null; }
    inc.result = { tricks: res.map(Number) };
  }
  inc.scoring = { convention: $("convention").value };
  const fromControls = conventionSet();
  if (Object.keys(fromControls).length) inc.scoring.set = fromControls;
  const set = $("scoring-set").value.trim();
  if (set) {
    let o = null;
    try { o = JSON.parse(set); } catch (e) { /* reported below */ }
    if (!o || typeof o !== "object" || Array.isArray(o)) { $("experts").open = true; errTarget("scoring", $("rule-error")).textContent = t("not_json"); return null; }
    inc.scoring.set = { ...fromControls, ...o };
  }
  inc.options = { ...(S.loadedOptions || {}), compare: $("compare").value, resolve: $("resolve").value };
  if ($("rounding").value !== "nearest") inc.options.whist_rounding = $("rounding").value;
  if (S.loadedExtra) Object.assign(inc, S.loadedExtra);
  return inc;
}
// a change to the question while its ruling computes stops it (common.js's dropRuling asks): true when one was stopped
S.stopRuling = () => { if (!busyNow("rule")) return false; stopLong("rule", false); return true; };
export async function rule(e) {
  e?.preventDefault();
  clearErrors($("incident-section"));
  clearErrors($("deal-section"));
  S.ruling = null; emit("ruling");  // a stale ruling never stands beside a new question
  const inc = incident();
  if (!inc) { document.body.dataset.ruling = "error"; return; }
  document.body.dataset.ruling = "busy";
  // a long search shows its seconds and counts, and can be stopped (long.js, as the single-dummy analysis)
  const res = await longRequest({ path: "/api/rule", body: { incident: inc }, box: $("ruling"), prefix: "rule",
    what: t("rule_busy"), button: $("rule-go"), after: t("rule_stopped"), soft: true });
  if (res.stopped) { if (document.body.dataset.ruleLong === "stopped") document.body.dataset.ruling = "stopped"; return; }
  document.body.dataset.ruling = res.error ? "error" : "done";
  if (res.error) { $("ruling").replaceChildren(); showError(res.error, $("rule-error")); return; }
  S.ruling = { ...res.data, incident: inc };
  emit("ruling");
  if (res.stoppedEarly) {  // stopped by the arbiter: the ruling on what was proven, and said so first
    $("ruling").prepend(el("p", { class: "note", id: "rule-stopped", role: "status", text: res.stoppedEarly }));
    document.body.dataset.ruling = "stopped";
  }
}
