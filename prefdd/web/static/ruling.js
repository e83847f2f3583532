// The ruling as the sheet: written as `prefdd rule` writes it (the server sends its lines):
// whists rounded as the whist_rounding setting says, the exact figure beside, the decimal comma.
import { $, S, cap, el, emit, face, seatName, symbols, t } from "./common.js";
import { busyNow } from "./long.js";

const comma = (s) => (S.lang === "ru" ? String(s).replace(".", ",") : String(s));
export function cellText(x) {
  // "65" with "точно 196/3 ≈ 65,33" beside it, as the CLI writes it
  if (x.rounded === x.exact) return [x.exact, x.approx ? `≈${comma(x.approx)}` : null];
  return [x.rounded, `${t("exact")} ${x.exact} ≈ ${comma(x.approx)}`];
}
export function renderRuling() {
  const box = $("ruling"), R = S.ruling;
  if (!R) { if (!busyNow("rule")) box.replaceChildren(); return; }
  const r = R.ruling, sh = R.sheet, L = S.lang, T = R.text[L];
  const fix = (s) => (L === "ru" ? symbols(s) : s);
  const n = sh.players;
  const head = el("tr", {}, el("th", { text: "" }), el("th", { text: t("pulya") }), el("th", { text: t("gora") }),
    ...[...Array(n).keys()].map((j) => el("th", { text: `${t("whists_on")} ${t("hand_acc")[j]}` })));
  const cell = (x, key) => {
    const [main, small] = cellText(x);
    return el("td", { "data-exact": x.exact, "data-key": key, "data-rounded": x.rounded }, main, small ? el("small", { text: ` (${small})` }) : null);
  };
  const rows = [...Array(n).keys()].map((i) => el("tr", { "data-seat": i }, el("th", { text: cap(seatName(i)) }),
    cell(sh.pulya[i], `pulya.${i}`), cell(sh.gora[i], `gora.${i}`),
    ...[...Array(n).keys()].map((j) => (i === j ? el("td", { class: "self", text: "—" }) : cell(sh.whists[i][j], `whists.${i}.${j}`)))));
  const numbered = /\d/.test(r.rule);
  const parts = [el("h3", { text: `${t("rule")}${numbered ? " " + r.rule + ":" : " —"} ${r.title[L]}` })];
  // the conclusion first: who writes what and why, or that nobody writes anything and why; then the sheet
  if (T.conclusion) parts.push(el("p", { class: "conclusion", id: "conclusion", text: fix(T.conclusion) }));
  if (T.summary) parts.push(el("p", { class: "summary", text: fix(T.summary) }));
  parts.push(el("h4", { text: t("sheet") }), el("div", { class: "scroll" }, el("table", { id: "sheet", class: "sheet" }, el("thead", {}, head), el("tbody", {}, ...rows))));
  if (T.writes.length) parts.push(el("h4", { text: t("writes") }), el("ul", { id: "writes" }, ...T.writes.map((w) => el("li", { text: fix(w) }))));
  if (T.options.length) parts.push(el("h4", { text: t("options") }), el("ul", { id: "options", class: T.options.length > 6 ? "many" : "" }, ...T.options.map((o, i) =>
    el("li", { class: o.best ? "best" : "" }, `${o.best ? "★ " : ""}${fix(o.text)}`,
      r.options[i].figure?.line ? replayButton(r.options[i].figure.line, fix(r.options[i].label[L])) : null))));
  if (T.figures.length) parts.push(el("h4", { text: t("figures") }), el("ul", { id: "figures" }, ...T.figures.map((f, i) => el("li", {},
    fix(f), r.figures[i].line ? el("div", { class: "fline" }, `${t("line")}: ${r.figures[i].line.map(face).join(" ")} `,
      replayButton(r.figures[i].line, fix(r.figures[i].label[L]), i)) : null))));
  if (r.figures.some((f) => f.balance) || r.options.some((o) => o.value !== undefined)) parts.push(el("p", { class: "hint", text: T.balance }));
  if (T.notes.length) parts.push(el("h4", { text: t("notes") }), el("ul", { id: "notes" }, ...T.notes.map((x) => el("li", { text: fix(x) }))));
  const optionWord = (n) => S.convention?.options.find((o) => o.name === n)?.label[L] ?? n;
  if (r.unset.length) parts.push(el("p", { id: "unset", text: `${t("unset")}: ${r.unset.map(optionWord).join("; ")}` }));
  parts.push(el("h4", { text: t("settings") }), el("p", { id: "settings", text: T.settings }));
  box.replaceChildren(...parts);
}
export function replayButton(line, label, i) {
  return el("button", { type: "button", class: "no-print replay", "data-figure": i ?? "", onclick: () => emit("replay", line, label) }, t("show_on_table"));
}
