// The convention's options as controls: each preset's values shown, what differs from the
// preset sent as the incident's scoring.set (the expert box's JSON is merged over it).
import { $, S, el, t } from "./common.js";
import { conventionSet, preset } from "./deal.js";

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
