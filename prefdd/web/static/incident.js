// The incident: the rule chosen by search, its form, the incident built from the page, the ruling asked.
import { $, S, api, clearErrors, el, errTarget, face, seatName, showError, t } from "./common.js";
import { dealObject, defenders, kind } from "./deal.js";
import { renderRuling } from "./ruling.js";

export function ruleLabel(r) { return `${r.number} — ${r.title[S.lang]}${r.contracts.includes("raspasovka") ? " (" + t("raspasovka") + ")" : ""}`; }
export function renderRuleList() {
  const q = $("rule-search").value.trim().toLowerCase();
  const list = $("rule-list");
  list.replaceChildren(...S.rules.map((r, i) => [r, i])
    .filter(([r]) => !q || r.number.startsWith(q) || r.title.ru.toLowerCase().includes(q) || r.title.en.toLowerCase().includes(q))
    .map(([r, i]) => el("option", { value: String(i), text: ruleLabel(r) })));
  if (S.rule !== null) list.value = String(S.rule);
}
export function selectRule(i) {
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
export function renderForm() {
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
export function moveOptions() {
  const h = S.history;
  return [el("option", { value: "", text: "—" }),
    ...h.map((c, i) => el("option", { value: String(i), text: `${i}: ${face(c)} (${t("seat")} ${S.owner[c] ?? "?"})` })),
    el("option", { value: String(h.length), text: `${h.length}: ${t("after_all")}` })];
}
export function updateMoveField() {  // the play went on after the form was drawn: offer its new cards
  const sel = $("f-move");
  if (!sel) return;
  const v = S.values.move ?? "";
  sel.replaceChildren(...moveOptions());
  if (v !== "" && ![...sel.options].some((o) => o.value === String(v))) sel.append(el("option", { value: String(v), text: String(v) }));
  sel.value = String(v);
}
export function fieldInput(f) {
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
export async function rule(e) {
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
