// The ruling as the sheet: entries rounded with the exact value beside, writes, figures, settings.
import { $, S, el, face, seatName, t } from "./common.js";
import { replay } from "./table.js";

export function num(x) {
  const s = String(x);
  if (!s.includes("/")) return s;
  const [p, q] = s.split("/").map(Number);
  return `${(p / q).toFixed(2)} (${s})`;
}
export function renderRuling() {
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
export function replayButton(line, label, i) {
  return el("button", { type: "button", class: "no-print replay", "data-figure": i ?? "", onclick: () => replay(line, label) }, t("show_on_table"));
}
