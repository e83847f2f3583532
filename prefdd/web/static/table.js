// The card table: three hands around it as the players sit, the trick in the centre with who
// played what, the talon/discard, each legal card's double-dummy value; the play so far, any
// card of which takes the play back there; a ruling's line replayed; the deal as dealt for print.
import { $, CARDS, S, api, cap, clearErrors, dropRuling, el, emit, face, handName, isRed, roleOf, showError, t } from "./common.js";
import { busyNow, longRequest } from "./long.js";
import { contractName, hand, kind, pile, tableRequest } from "./deal.js";

// the table the page's deal and play describe, asked of the server; then emit("table"): app.js
// re-renders what shows it (the table, the play, the analyses, the incident's moment)
export async function refreshTable(extra = {}) {
  const seq = ++S.tableSeq;
  const box = $("table");
  document.body.dataset.busy = "1";
  const sizes = [0, 1, 2].map((s) => hand(s).length);
  clearErrors($("play-section"));
  renderPrintDeal();
  if (!sizes[0] || sizes.some((n) => n !== sizes[0])) {
    S.table = null;
    box.replaceChildren(el("p", { class: "hint", text: $("counts").textContent }));
    emit("table");
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
  if (S.analysis && (v || S.analysis.key !== JSON.stringify([S.history, S.ooo]))) S.analysis = null;  // another play
  emit("table");
  document.body.dataset.plies = String(hist.length);
  delete document.body.dataset.busy;
}

function seatHead(s, decl, taken) {
  const role = roleOf(s);
  const name = S.players?.[s];
  return el("h4", {}, el("span", { class: "hand-name", text: cap(handName(s)) }),
    role ? el("span", { class: "role", text: ` · ${role}${s === decl ? " ★" : ""}` }) : null,
    name ? el("span", { class: "pname", text: ` · ${name}` }) : null,
    el("span", { class: "taken", "data-taken": taken, text: ` · ${t("taken")}: ${taken}` }));
}

export function renderTable() {
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
    return el("div", { class: `seat seat-${s} ${s === mover && !st.over ? "to-move" : ""} ${s === decl ? "decl" : ""}`, "data-seat": s },
      seatHead(s, decl, st.taken[s]), row);
  });
  // the centre: the trick, who played each card, a lead out of turn marked; the talon or discard
  const hist = S.view ? S.view.history.slice(0, S.view.step) : S.history;
  const ooo = S.view ? S.view.ooo : S.ooo;
  const first = hist.length - st.trick.length;
  const trick = el("div", { class: "trick", "aria-label": t("trick") },
    st.talon_card ? el("span", { class: `tcard ${isRed(st.talon_card) ? "red" : ""}`, "data-card": st.talon_card },
      el("small", { text: `${t("from_talon")}: ` }), face(st.talon_card)) : null,
    ...st.trick.map(([s, c], i) => el("span", { class: `tcard ${isRed(c) ? "red" : ""} ${ooo[first + i] !== undefined ? "ooo" : ""}`,
      "data-card": c, "data-seat": s },
      el("small", { text: `${cap(handName(s))}: ` }), face(c),
      ooo[first + i] !== undefined ? el("em", { class: "ooo-mark", text: ` (${t("ooo_mark")})` }) : null)));
  const p = pile();
  const pileBox = p.length ? el("p", { class: "pile", id: "pile" },
    `${kind() === "raspasovka" ? t("talon") : t("discard")}: `, ...p.map((c) => el("span", { class: `pc ${isRed(c) ? "red" : ""}`, text: face(c) + " " }))) : null;
  const info = el("p", { class: "info", id: "table-info" });
  if (st.over) info.textContent = `${t("deal_over")}: ${t("by_seat")} ${st.taken.join("-")}.`;
  else if (st.declarer_total !== undefined && st.declarer_total !== null)
    info.textContent = `${t("declarer_total")}: ${st.declarer_total}. ${cap(handName(st.to_move))} ${t("to_move")}.`;
  else if (st.values_for !== undefined) info.textContent = `${cap(handName(st.to_move))} ${t("to_move")}.`;
  else if (st.note) info.textContent = st.note[S.lang];
  const centre = el("div", { class: "centre" }, trick, pileBox, info);
  if (kind() === "misere" && decl !== null) {
    const n = st.taken[decl];
    centre.append(el("p", { id: "misere-status", class: n ? "lost" : "stands",
      text: n ? t("misere_lost")(n) : st.over ? t("misere_made") : t("misere_stands") }));
  }
  box.replaceChildren(...seats, centre);
  const lp = $("line");
  lp.textContent = S.line ? `${t("line")}: ${S.line.map(face).join(" ")}` : "";
}
export function renderLegend() {
  const k = kind();
  $("legend").textContent = k === "raspasovka" ? t("legend_rasp") : k === "misere" ? t("legend_misere") : t("legend");
}
// the play so far, trick by trick; a card clicked takes the play back to just before it
// (or, while a rule's moment is being picked, names that card as the moment)
export function renderHistory() {
  const h = S.view ? S.view.history.slice(0, S.view.step) : S.history;
  const ooo = S.view ? S.view.ooo : S.ooo;
  const box = $("history");
  const tricks = [];
  for (let i = 0; i < h.length; i += 3) {
    const cards = h.slice(i, i + 3).map((c, j) => {
      const k = i + j;
      const mark = ooo[k] !== undefined ? ` (${t("ooo_mark")})` : "";
      return el("button", { type: "button", class: `hcard ${isRed(c) ? "red" : ""} ${ooo[k] !== undefined ? "ooo" : ""}`,
        "data-index": k, title: S.picking ? t("pick_moment_hint") : t("back_here"), disabled: !!S.view && !S.picking,
        onclick: () => historyClick(k) }, face(c) + mark);
    });
    tricks.push(el("li", { "data-trick": i / 3 + 1 }, el("span", { class: "tn", text: `${t("trick_n")} ${i / 3 + 1}: ` }), ...cards));
  }
  box.replaceChildren(...(h.length ? [el("h4", { text: t("history") }), el("ol", { class: "tricks" }, ...tricks)] : []));
  box.classList.toggle("picking", !!S.picking);
  $("undo").disabled = !!S.view || !S.history.length;
  const bar = $("replay-bar");
  bar.hidden = !S.view;
  if (S.view) {
    $("replay-label").textContent = `${t("replay_of")} ${S.view.label}`;
    $("replay-step").textContent = `${t("step")} ${S.view.step}/${S.view.history.length}`;
  }
}
function historyClick(k) {
  if (S.picking) { emit("pick", k); return; }  // the incident's moment (incident.js)
  if (S.view) return;
  backTo(k);
}
export function backTo(k) {
  S.history = S.history.slice(0, k);
  for (const i of Object.keys(S.ooo)) if (+i >= k) delete S.ooo[i];
  S.pendingOoo = null;
  dropRuling();
  refreshTable();
}
export function renderOoo() {
  const sel = $("ooo"), st = S.table;
  const can = st && !st.over && !st.trick.length && !S.view;
  $("ooo-l").hidden = !can;
  if (!can) return;
  sel.replaceChildren(el("option", { value: "", text: t("none_ooo") }),
    ...[0, 1, 2].filter((s) => s !== st.to_move).map((s) => el("option", { value: String(s), text: handName(s) })));
  sel.value = S.pendingOoo === null ? "" : String(S.pendingOoo);
}
export function playCard(c) {
  if (S.pendingOoo !== null) { S.ooo[S.history.length] = S.pendingOoo; S.pendingOoo = null; }
  S.history.push(c);
  dropRuling();
  refreshTable();
}
export function undo() {
  if (!S.history.length) return;
  backTo(S.history.length - 1);
}
export function prefillResult() {  // a deal played out: its tricks are the result the form offers
  if (!S.table?.over || S.view) return;
  const ids = ["res-0", "res-1", "res-2"];
  if (ids.every((i) => $(i).value === "")) ids.forEach((i, s) => { $(i).value = String(S.table.taken[s]); });
}

// the deal as dealt, for the printed sheet: three hands by suit, the talon/discard, the contract
export function renderPrintDeal() {
  const box = $("print-deal");
  const k = kind();
  const decl = k === "raspasovka" ? null : +$("declarer").value;
  const bySuit = (cards) => [0, 1, 2, 3].map((s) => {
    const cs = cards.filter((c) => "scdh".indexOf(c[1]) === s).reverse();  // as players write a hand: high to low
    return el("div", { class: `ps ${s === 2 || s === 3 ? "red" : ""}` }, "♠♣♦♥"[s] + " ",
      ...(cs.length ? cs.map((c) => el("span", { class: "pdc", "data-card": c, text: face(c).slice(0, -1) + " " })) : ["—"]));
  });
  const hands = [0, 1, 2].map((s) => el("div", { class: `pd-hand pd-${s}` },
    el("h4", { text: cap(handName(s)) + (roleOf(s) ? `, ${roleOf(s)}` : "") + (S.players?.[s] ? ` (${S.players[s]})` : "") }),
    ...bySuit(hand(s))));
  const p = pile();
  // the talon as typed, in the page's notation («Ah 7h» is printed «Т♥ 7♥»)
  const talonText = $("talon").value.trim().split(/[\s,]+/).filter(Boolean).map((x) => {
    const m = /^(10|[789TJQKAtjqka])([scdhSCDH])$/.exec(x);
    return m ? face((m[1] === "10" ? "T" : m[1].toUpperCase()) + m[2].toLowerCase()) : x;
  }).join(" ");
  const pileBox = el("div", { class: "pd-pile" }, el("h4", { text: k === "raspasovka" ? t("talon") : t("discard") }),
    ...(p.length ? p.map((c) => el("span", { class: `pdc ${isRed(c) ? "red" : ""}`, "data-card": c, text: face(c) + " " })) : ["—"]),
    talonText && k === "game" ? el("p", { text: `${t("talon")}: ${talonText}` }) : null);  // as the talon field shows it
  const head = el("p", { class: "pd-contract" }, `${t("contract")}: ${contractName($("contract").value)}`
    + (decl !== null ? `, ${t("contract_by")} ${handName(decl)}` + (S.players?.[decl] ? ` (${S.players[decl]})` : "") : ""));
  box.replaceChildren(el("h3", { text: t("print_deal") }), head, el("div", { class: "pd-grid" }, ...hands, pileBox));
}

export async function replay(line, label) {
  const inc = S.ruling.incident;
  const start = inc.violation.move;
  const res = await api("/api/line", { table: tableRequest(inc.history, S.ooo), line, start: start ?? null });
  if (res.error) { showError(res.error, $("play-error")); return; }
  S.view = { history: res.data.history, ooo: res.data.out_of_turn, step: res.data.start, label };
  S.pendingOoo = null;
  await refreshTable();
  $("play-section").scrollIntoView({ behavior: "smooth" });
}
export function stepView(d) {
  if (!S.view) return;
  S.view.step = Math.max(0, Math.min(S.view.history.length, S.view.step + d));
  refreshTable();
}

// where the play went wrong: each card's double-dummy cost, on the history and as a list
export async function analysePlay() {
  const box = $("analysis");
  document.body.dataset.analysis = "busy";
  // a long request as every long request of the page (long.js): the seconds and Stop
  const res = await longRequest({ path: "/api/analyse", body: tableRequest(S.history, S.ooo), box, prefix: "analysis",
    what: t("analysis_busy"), button: $("analyse") });
  if (res.stopped) { if (document.body.dataset.analysisLong === "stopped") document.body.dataset.analysis = "stopped"; return; }
  if (res.error) { box.replaceChildren(); showError(res.error, $("play-error")); document.body.dataset.analysis = "error"; return; }
  S.analysis = { ...res.data, key: JSON.stringify([S.history, S.ooo]) };
  renderAnalysis();
  document.body.dataset.analysis = "done";
}
export function renderAnalysis() {
  const box = $("analysis"), A = S.analysis;
  if (!A) { if (!busyNow("analysis") && !box.querySelector("#analysis-stopped")) box.replaceChildren(); return; }
  if (A.note) { box.replaceChildren(el("p", { class: "hint", text: A.note[S.lang] })); return; }
  const rows = A.moves.map((m) => {
    const who = cap(handName(m.seat));
    const best = m.cost ? ` ${t("better")}: ${m.best.map(face).join(" ")}` : "";
    const ooo = m.out_of_turn ? ` (${t("ooo_mark")}${m.rightful !== undefined ? `; ${t("rightful")(m.rightful, m.after)}` : ""})` : "";
    return el("li", { class: `${m.cost ? "costly" : ""} ${m.out_of_turn ? "ooo" : ""}`, "data-index": m.index, "data-cost": m.cost },
      el("span", { class: "tn", text: `${t("trick_n")} ${Math.floor(m.index / 3) + 1}, ${who}: ` }),
      el("b", { class: isRed(m.card) ? "red" : "", text: face(m.card) }),
      ` — ${t("declarer_tricks_after")} ${m.after}; ${t("cost")(m.cost)}${best}${ooo}`);
  });
  const lost = A.moves.filter((m) => m.cost);
  box.replaceChildren(el("h4", { text: t("analyse") }), el("p", { class: "hint", text: A.kind === "misere" ? t("analyse_hint_misere") : t("analyse_hint") }),
    el("p", { id: "analysis-summary", text: lost.length ? t("lost_summary")(lost.length, lost.reduce((a, m) => a + m.cost, 0)) : t("no_loss") }),
    el("ol", { class: "analysis" }, ...rows));
  // the costly cards marked on the history too
  for (const m of lost) {
    const b = document.querySelector(`#history .hcard[data-index="${m.index}"]`);
    if (b) { b.classList.add("costly"); b.append(el("sup", { class: "cost", text: `−${m.cost}` })); }
  }
}
