// The table picture: the play so far, each legal card's double-dummy value, a line replayed.
import { $, CARDS, S, api, clearErrors, el, face, isRed, seatName, showError, t } from "./common.js";
import { hand, kind, tableRequest } from "./deal.js";
import { updateMoveField } from "./incident.js";

export async function refreshTable(extra = {}) {
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
export function renderHistory() {
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
export function renderOoo() {
  const sel = $("ooo"), st = S.table;
  const can = st && !st.over && !st.trick.length && !S.view;
  $("ooo-l").hidden = !can;
  if (!can) return;
  sel.replaceChildren(el("option", { value: "", text: t("none_ooo") }),
    ...[0, 1, 2].filter((s) => s !== st.to_move).map((s) => el("option", { value: String(s), text: seatName(s) })));
  sel.value = S.pendingOoo === null ? "" : String(S.pendingOoo);
}
export function playCard(c) {
  if (S.pendingOoo !== null) { S.ooo[S.history.length] = S.pendingOoo; S.pendingOoo = null; }
  S.history.push(c);
  refreshTable();
}
export function undo() {
  if (!S.history.length) return;
  S.history.pop();
  delete S.ooo[S.history.length];
  S.pendingOoo = null;
  refreshTable();
}
export function prefillResult() {
  const ids = ["res-0", "res-1", "res-2"];
  if (ids.every((i) => $(i).value === "")) ids.forEach((i, s) => { $(i).value = String(S.table.taken[s]); });
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
