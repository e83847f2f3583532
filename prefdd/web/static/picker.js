// The deal's controls: the 32-card picker, the contract's and the seats' selects, the defenders' decisions.
import { $, CARDS, S, cap, el, face, handName, isRed, t } from "./common.js";
import { contractName, dealChanged, defenders, kind } from "./deal.js";

export function renderPicker() {
  const box = $("picker");
  box.replaceChildren();
  CARDS.forEach((c, i) => {
    const o = S.owner[c];
    const badge = o === undefined ? "·" : o === 3 ? t("pile_short") : String(o + 1);
    const b = el("button", { type: "button", class: `pcard ${isRed(c) ? "red" : ""} own-${o ?? "x"}`,
      "data-card": c, "data-owner": o ?? "", "aria-label": `${face(c)}: ${o === undefined ? t("nobody") : o === 3 ? t("pile") : handName(o)}`,
      tabindex: i === 0 ? "0" : "-1", onclick: () => assign(c, targetValue()), onkeydown: (e) => pickerKey(e, c, i) },
      el("span", { class: "face", text: face(c) }), el("span", { class: "badge", "aria-hidden": "true", text: badge }));
    box.append(b);
  });
  const n = [0, 1, 2, 3].map((s) => CARDS.filter((c) => S.owner[c] === s).length);
  n.push(32 - n.reduce((a, b) => a + b, 0));
  $("counts").textContent = t("counts")(n);
}
export function targetValue() { const v = document.querySelector('input[name="target"]:checked').value; return v === "" ? null : +v; }
// a hand holds at most 10 cards, the talon 2: an 11th card is refused, as prefdd refuses such a deal
function fits(c, owner) {
  if (owner === null || S.owner[c] === owner) return true;
  const n = CARDS.filter((x) => S.owner[x] === owner).length + 1;
  const box = document.querySelector('[data-err-for="deal"]');
  if (owner < 3 && n > 10) { box.textContent = t("hand_too_big")(handName(owner), n); box.dataset.kind = "hand_size"; return false; }
  if (owner === 3 && n > 2) { box.textContent = t("pile_too_big")(n); box.dataset.kind = "hand_size"; return false; }
  return true;
}
export function assign(c, owner, keepFocus = true) {
  if (!fits(c, owner)) return;
  if (owner === null || S.owner[c] === owner) delete S.owner[c]; else S.owner[c] = owner;
  if (S.owner[c] === 3) S.pileOrder = [...(S.pileOrder || []).filter((x) => x !== c), c];
  dealChanged();
  if (keepFocus) document.querySelector(`#picker [data-card="${c}"]`)?.focus();
}
export function pickerKey(e, c, i) {
  const keys = { 1: 0, 2: 1, 3: 2, 4: 3, t: 3, "п": 3 };
  let j = null;
  if (e.key in keys) { if (fits(c, keys[e.key])) { S.owner[c] = keys[e.key]; dealChanged(); } document.querySelector(`#picker [data-card="${c}"]`)?.focus(); }
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
export function fillSelects() {
  const c = $("contract"), keep = c.value || "7s";
  c.replaceChildren();
  for (let l = 6; l <= 10; l++) for (const s of ["s", "c", "d", "h", "nt"]) c.append(el("option", { value: `${l}${s}`, text: contractName(`${l}${s}`) }));
  c.append(el("option", { value: "misere", text: t("misere") }), el("option", { value: "raspasovka", text: t("raspasovka") }));
  if (![...c.options].some((o) => o.value === keep)) c.append(el("option", { value: keep, text: contractName(keep) }));
  c.value = keep;
  for (const id of ["declarer", "first_leader"]) {
    const sel = $(id), v = sel.value || "0";
    sel.replaceChildren(...[0, 1, 2].map((s) => el("option", { value: String(s), text: handName(s) + (S.players?.[s] ? ` (${S.players[s]})` : "") })));
    sel.value = v;
  }
  renderDecisions();
}
export function renderDecisions() {
  const k = kind();
  $("declarer").disabled = k === "raspasovka";
  defenders().forEach((s, i) => {
    const id = i ? "dec-b" : "dec-a";
    const sel = $(id), v = sel.value || (i ? "pass" : "whist");
    $(id + "-name").textContent = cap(handName(s)) + (S.players?.[s] ? ` (${S.players[s]})` : "");  // a label, as «Контракт»
    sel.replaceChildren(...["whist", "pass", "half-whist"].map((w) => el("option", { value: w, text: t(w) })));
    sel.value = v;
    $(id + "-l").hidden = k !== "game";  // misère and raspasovka: no whist decisions
  });
}
