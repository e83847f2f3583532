// The single-dummy analysis of the play (prefdd solve --analyse-play --single-dummy): every card
// judged over the layouts its player could believe in; a verdict for each, shown by colour and
// by a mark (a text symbol, so that a black-and-white print keeps it), a legend, each card's
// figures on demand, and the whisters' question.
import { $, S, api, cap, el, face, handName, isRed, roleOf, showError, t } from "./common.js";
import { tableRequest } from "./deal.js";
import { busyNow, longRequest, stopLong } from "./long.js";

// one mark per verdict: text, so it prints; an unknown verdict (a newer library's) is shown as not proven
export const MARKS = { best: "✓", guess: "?", "bad break": "↯", mistake: "✗", forced: "=", undecided: "~" };
const LEGEND_ORDER = ["best", "guess", "bad break", "mistake", "forced", "undecided"];
const known = (v) => Object.prototype.hasOwnProperty.call(MARKS, v);
const norm = (v) => (known(v) ? v : "undecided");
const slug = (v) => norm(v).replace(/\s+/g, "-");
const mark = (v) => MARKS[norm(v)];
const verdictWord = (v) => t("sd_verdict")[norm(v)];
const num = (x, digits = 2) => { const s = Number(x).toFixed(digits); return S.lang === "ru" ? s.replace(".", ",") : s; };
const int = (n) => { const s = Number(n).toLocaleString("en-US"); return S.lang === "ru" ? s.replace(/,/g, "\u00a0") : s; };
const pct = (p) => `${num(100 * p, 1)}\u00a0%`;
const trickOf = (index) => Math.floor(index / 3) + 1;  // as the play above numbers its tricks (an ending's too)
const sdKey = () => JSON.stringify([S.history, S.ooo, $("open").value]);

// a long request as every long request of the page (long.js): the seconds, what the search reports, Stop
export async function singleDummy() {
  const box = $("sd");
  document.body.dataset.sd = "busy";
  const key = sdKey();
  const res = await longRequest({ path: "/api/single-dummy", body: { ...tableRequest(S.history, S.ooo), open: $("open").value === "true" },
    box, prefix: "sd", what: t("sd_busy"), button: $("sd-go"), after: t("sd_stopped_more"), soft: true });
  if (res.stopped) { if (document.body.dataset.sdLong === "stopped") document.body.dataset.sd = "stopped"; return; }
  if (res.error) {
    S.sd = null;
    const p = el("p", { class: "err", id: "sd-error", role: "alert" });
    box.replaceChildren(p);
    showError(res.error, p);
    document.body.dataset.sd = "error";
    return;
  }
  S.sd = { ...res.data, key };
  renderSingleDummy();
  document.body.dataset.sd = "done";
  if (res.stoppedEarly) {  // stopped by the arbiter: the decisions examined by then, each saying whether exact
    box.prepend(el("p", { class: "note", id: "sd-stopped", role: "status", text: res.stoppedEarly }));
    document.body.dataset.sd = "stopped";
  }
}

export function stopSingleDummy(say) { stopLong("sd", say); }

// the analysis holds only for the play it was made on
export function sdStale() { return S.sd && (S.view || S.sd.key !== sdKey()); }

function who(seat) {
  const role = roleOf(seat);
  return cap(handName(seat)) + (role ? ` (${role})` : "") + (S.players?.[seat] ? ` ${S.players[seat]}` : "");
}

function legend() {
  return el("div", { class: "sd-legend", id: "sd-legend" }, el("h5", { text: t("sd_legend") }),
    el("ul", {}, ...LEGEND_ORDER.map((v) => el("li", { class: `sd-v-${slug(v)}`, "data-verdict": v },
      el("span", { class: "sd-mark", "aria-hidden": "true", text: mark(v) }), " ",
      el("b", { text: verdictWord(v) }), ` — ${t("sd_explain")[v]}`))));
}

function scope(d) {
  if (d.verdict === "forced" || d.examined === undefined) return "";
  if (d.exact === false) return t("sd_not_exact")(int(d.examined), int(d.layouts));
  return `${t("sd_layouts")(int(d.layouts))}, ${t("sd_all")}`;
}

function figures(d, misere, whister) {
  const n = d.examined;
  const rows = Object.entries(d.cards || {}).sort((a, b) => b[1].best_in - a[1].best_in || a[0].localeCompare(b[0]));
  const items = rows.map(([c, f]) => {
    const parts = [t("sd_best_in")(int(f.best_in), int(n)), t("sd_expected")(num(f.expected))];
    if (f.make !== undefined && f.make !== null) {
      if (misere) parts.push(whister ? t("sd_catch")(pct(1 - f.make)) : t("sd_make_misere")(pct(f.make)));
      else parts.push(whister ? t("sd_defeat")(pct(1 - f.make)) : t("sd_make")(pct(f.make)));
    }
    return el("li", { class: c === d.card ? "played" : "", "data-card": c },
      el("b", { class: isRed(c) ? "red" : "", text: face(c) }), c === d.card ? ` (${t("sd_played")})` : "", `: ${parts.join("; ")}`);
  });
  const foot = [t("sd_cost")(num(d.sd_cost ?? 0), d.dd_cost ?? 0)];
  if (d.dominated_by) foot.push(t("sd_dominated")(face(d.dominated_by)));
  if (d.indifferent) foot.push(t("sd_indifferent"));
  return el("div", { class: "sd-figures", id: `sd-fig-${d.index}`, hidden: true },
    el("ul", { class: "sd-cards" }, ...items), el("p", { class: "sd-cost", text: foot.join("; ") }));
}

function decisionRow(d, A) {
  const v = norm(d.verdict);
  const whister = d.seat !== A.declarer;
  const misere = A.kind === "misere";
  const head = [el("span", { class: "tn", text: `${t("trick_n")} ${trickOf(d.index)}, ${who(d.seat)}: ` }),
    el("b", { class: isRed(d.card) ? "red" : "", text: face(d.card) }), " ",
    el("span", { class: "sd-mark", text: mark(v) }), " ", el("span", { class: "sd-word", text: verdictWord(v) })];
  if (!known(d.verdict) || d.possible?.length) {
    const poss = (d.possible || []).filter(known).map(verdictWord);
    if (poss.length) head.push(` (${t("sd_possible")(poss.join(", "))})`);
  }
  const sc = scope(d);
  if (sc) head.push(el("span", { class: `sd-scope ${d.exact === false ? "inexact" : ""}`, text: `; ${sc}` }));
  const li = el("li", { class: `sd-row sd-v-${slug(v)}`, "data-index": d.index, "data-verdict": d.verdict, "data-exact": String(d.exact !== false) }, ...head);
  if (d.cards && Object.keys(d.cards).length) {
    const fig = figures(d, misere, whister);
    const btn = el("button", { type: "button", class: "sd-more no-print", "aria-expanded": "false", "aria-controls": fig.id, text: t("sd_more") });
    btn.addEventListener("click", () => {
      fig.hidden = !fig.hidden;
      btn.setAttribute("aria-expanded", String(!fig.hidden));
      btn.textContent = fig.hidden ? t("sd_more") : t("sd_less");
    });
    li.append(" ", btn, fig);
  }
  return li;
}

function question(A) {
  const q = A.summary?.whisters;
  const box = el("div", { id: "sd-question" }, el("h5", { text: t("sd_question") }));
  if (!q) return box;
  if (!q.applies) {
    box.append(el("p", { text: t("sd_no_question")(t("sd_why")[q.why] ?? (S.lang === "ru" ? t("sd_why_other") : q.why ?? t("sd_why_other"))) }));
    return box;
  }
  const item = (x) => {
    const bits = [t("sd_each")(x.dd_cost, num(x.sd_cost))];
    if (x.verdict === "bad break") bits.push(verdictWord("bad break"));
    if (x.exact === false) bits.push(S.lang === "ru" ? "не точно" : "not exact");
    return `${t("trick_n").toLowerCase()} ${trickOf(x.index)} ${face(x.card)} ${mark(x.verdict)} (${bits.join(", ")})`;
  };
  const seats = Object.keys(q.seats || {}).map(Number).sort((a, b) => a - b);
  box.append(el("ul", {}, ...seats.map((w) => {
    const s = q.seats[String(w)];
    const lists = [["mistakes", "sd_mistakes"], ["guesses", "sd_guesses"], ["undecided", "sd_undecided"]].filter(([k]) => s[k]?.length);
    if (!lists.length) return el("li", { "data-seat": w }, el("b", { text: `${who(w)}: ` }), t("sd_none"));
    return el("li", { "data-seat": w }, el("b", { text: `${who(w)}: ` }), t("sd_lost")(s.dd_lost, num(s.sd_lost)),
      el("ul", {}, ...lists.map(([k, word]) => el("li", { class: `sd-q-${k}` }, `${t(word)}: ${s[k].map(item).join("; ")}`))));
  })), el("p", { class: "sd-note", text: t("sd_signals") }));
  return box;
}

export function renderSingleDummy() {
  const box = $("sd");
  if (!box) return;
  if (sdStale()) S.sd = null;
  const A = S.sd;
  if (!A) { if (!busyNow("sd") && !box.querySelector("#sd-stopped")) box.replaceChildren(); return; }
  if (A.note) { box.replaceChildren(el("p", { class: "note", id: "sd-note", text: A.note[S.lang] })); return; }
  const ds = A.decisions || [];
  const c = { choices: 0, mistake: 0, guess: 0, bad: 0, undecided: 0 };
  for (const d of ds) {
    const v = norm(d.verdict);
    if (v !== "forced") c.choices++;
    if (v === "mistake") c.mistake++; else if (v === "guess") c.guess++; else if (v === "bad break") c.bad++; else if (v === "undecided") c.undecided++;
  }
  box.replaceChildren(el("h4", { text: t("sd_title") }), el("p", { class: "hint", text: t("sd_hint") }), legend(),
    el("p", { id: "sd-counts", text: t("sd_counts")(c) }),
    el("ol", { class: "sd-list" }, ...ds.map((d) => decisionRow(d, A))), question(A));
  // each card of the play coloured and marked by its verdict, its figures in its title
  for (const d of ds) {
    const b = document.querySelector(`#history .hcard[data-index="${d.index}"]`);
    if (!b) continue;
    const v = norm(d.verdict);
    b.classList.add("sd", `sd-v-${slug(v)}`);
    b.dataset.verdict = d.verdict;
    const f = d.cards?.[d.card];
    b.title = `${verdictWord(v)}${f ? "; " + t("sd_best_in")(int(f.best_in), int(d.examined)) : ""}${d.exact === false ? "; " + t("sd_not_exact")(int(d.examined), int(d.layouts)) : ""}`;
    b.append(el("sup", { class: "sd-mark", text: mark(v) }));
  }
}
