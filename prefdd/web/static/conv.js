// The convention's options as controls: each preset's values shown, what differs from the
// preset sent as the incident's scoring.set (the expert box's JSON is merged over it).
import { $, S, el, t } from "./common.js";

const preset = () => S.convention.presets[$("convention").value] || {};
// the values the arbiter changed, kept across a change of language; cleared with the preset
export function renderConvention() {
  const box = $("conv-options");
  if (!S.convention) return;
  const p = preset();
  S.convValues = S.convValues || {};
  box.replaceChildren(...S.convention.options.map((o) => {
    const id = `c-${o.name}`;
    const v = o.name in S.convValues ? S.convValues[o.name] : p[o.name];
    const save = (e) => { S.convValues[o.name] = e.target.type === "checkbox" ? e.target.checked : e.target.value; markChanged(); };
    let input;
    if (o.kind === "choice") {
      input = el("select", { id, onchange: save }, ...o.choices.map((c) => el("option", { value: c.value, text: c.label[S.lang] })));
      input.value = String(v);
    } else if (o.kind === "bool") {
      input = el("input", { id, type: "checkbox", onchange: save });
      input.checked = v === true;
    } else {
      input = el("input", { id, inputmode: o.kind === "number" ? "decimal" : "text", spellcheck: "false", oninput: save });
      input.value = v === null || v === undefined ? "" : String(v);
    }
    return el("div", { class: `copt copt-${o.kind}`, "data-option": o.name },
      el("label", { for: id, text: o.label[S.lang] }), input, el("p", { class: "err", "data-err-for": `scoring.set.${o.name}` }));
  }));
  markChanged();
}
function markChanged() {
  const n = Object.keys(conventionSet() || {}).length;
  $("conv-changed").textContent = n ? t("conv_changed")(n) : "";
}
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
// an incident's scoring.set into the controls; what they cannot hold is given back (for the expert box)
export function loadConventionSet(set) {
  S.convValues = {};
  const rest = {};
  const names = new Set((S.convention?.options || []).map((o) => o.name));
  for (const [k, v] of Object.entries(set || {})) {
    if (!names.has(k)) { rest[k] = v; continue; }
    S.convValues[k] = Array.isArray(v) ? v.join(", ") : typeof v === "boolean" ? v : v === null ? "" : String(v);
  }
  renderConvention();
  return rest;
}
