// The arbiter's desk: wires the page's parts together and starts it. RENDERS is the one list of
// what re-renders when something changes: the views say what changed (emit), this file alone
// knows who shows it.
import { $, S, api, clearErrors, dropRuling, emit, errTarget, on, showError, t } from "./common.js";
import { dealChanged, setDeal } from "./deal.js";
import { fillSelects, renderDecisions, renderPicker } from "./picker.js";
import { analysePlay, prefillResult, refreshTable, renderAnalysis, renderHistory, renderLegend, renderOoo, renderPrintDeal, renderTable, replay, stepView, undo } from "./table.js";
import { pickMoment, renderForm, renderRuleList, rule, selectRule, updateMoveField } from "./incident.js";
import { renderRuling } from "./ruling.js";
import { renderSingleDummy, singleDummy } from "./sd.js";
import { renderConvention } from "./conv.js";
import { b64decode, chooseImported, download, importFile, loadText, renderImportChooser, share } from "./keep.js";
import { initBook } from "./book_desk.js";

// one incident or position of our own is read as a paste; JSON lines (several records: deals, played
// deals, incidents) and other programs' deal files go to the server's reader, which offers a chooser
async function isOneRecord(f) {
  if (/\.jsonl$/i.test(f.name)) return false;
  if (/\.(bts|pts|ppn)$/i.test(f.name)) return false;
  const head = (await f.slice(0, 1 << 20).text()).trimStart();
  if (!(head.startsWith("{") || /^\[\s*[[{]/.test(head))) return false;  // a room protocol's .txt: by its first bytes
  const lines = head.split("\n").map((x) => x.trim()).filter(Boolean);
  return !(lines.length > 1 && lines.slice(0, 2).every((x) => x.startsWith("{") && x.endsWith("}")));
}

// event -> what re-renders on it, in this order
const RENDERS = {
  // the cards changed (deal.js): a ruling on other cards no longer stands; the picker, then the table
  deal: [() => { $("ruling").replaceChildren(); clearErrors($("deal-section")); }, renderPicker, () => refreshTable()],
  // the server answered for the table (table.js): everything that shows the table or the play on it
  table: [renderTable, renderHistory, renderOoo, renderLegend, renderAnalysis, renderSingleDummy, prefillResult,
    () => { if (!S.view) updateMoveField(); }],
  history: [renderHistory],  // picking the incident's moment on the play (incident.js)
  pick: [pickMoment],  // a card of the play clicked while picking (table.js)
  replay: [replay],  // a ruling's line shown on the table (ruling.js)
  ruling: [renderRuling],
  convention: [renderConvention],
  open: [renderHistory, renderAnalysis, renderSingleDummy, renderRuleList],  // open or closed play: another analysis
  decisions: [renderTable, renderPrintDeal, renderForm],  // the defenders' whist or pass: their roles
  lang: [fillSelects, renderPicker, renderTable, renderHistory, renderOoo, renderLegend, renderPrintDeal, renderRuleList,
    renderForm, renderRuling, renderConvention, renderAnalysis, renderSingleDummy, renderImportChooser],
};
for (const [event, fns] of Object.entries(RENDERS)) for (const fn of fns) on(event, fn);

function applyLang() {
  document.documentElement.lang = S.lang;
  document.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = t(e.dataset.i18n); });
  $("lang").textContent = S.lang === "ru" ? "English" : "Русский";
  document.title = `prefdd — ${t("title")}`;
  emit("lang");
}

async function start() {
  const res = await api("/api/rules");
  if (res.error) { $("fatal").textContent = res.error.message; return; }
  S.rules = res.data.rules; S.oooRules = res.data.out_of_turn_rules; S.convention = res.data.convention;
  $("convention").addEventListener("change", () => { S.convValues = {}; emit("convention"); });
  $("lang").addEventListener("click", () => { S.lang = S.lang === "ru" ? "en" : "ru"; applyLang(); });
  $("print").addEventListener("click", () => window.print());
  $("random").addEventListener("click", async () => {
    clearErrors($("deal-section"));
    const r = await api("/api/random", {});
    if (r.error) { showError(r.error, errTarget("deal")); return; }
    setDeal(r.data.deal); dealChanged();
  });
  $("clear").addEventListener("click", () => { S.owner = {}; S.loadedExtra = {}; dealChanged(); });
  $("paste-go").addEventListener("click", async () => {
    $("paste-error").textContent = "";
    await loadText($("paste-text").value, $("paste-error"));
  });
  // a new contract, declarer or first lead makes another deal of the cards played: the play is cleared (and said so)
  for (const id of ["contract", "declarer", "first_leader", "talon"]) $(id).addEventListener("change", () => {
    if (id === "contract" || id === "declarer") renderDecisions();
    if (id !== "talon" && S.history.length) {
      S.history = []; S.ooo = {}; S.pendingOoo = null; S.line = null;
      $("play-note").textContent = t("cleared_play");
      S.ruling = null; emit("ruling");
    } else $("play-note").textContent = "";
    S.view = null; refreshTable(); renderForm(); renderRuleList();
  });
  for (const id of ["dec-a", "dec-b"]) $(id).addEventListener("change", () => emit("decisions"));
  $("undo").addEventListener("click", undo);
  $("show-line").addEventListener("click", () => refreshTable({ line: true }));
  $("analyse").addEventListener("click", analysePlay);
  $("sd-go").addEventListener("click", singleDummy);
  $("open").addEventListener("change", () => emit("open"));
  $("ooo").addEventListener("change", (e) => { S.pendingOoo = e.target.value === "" ? null : +e.target.value; renderTable(); renderRuleList(); });
  // the deal, its options, the convention, the rule and its form: a change makes the ruling on the page stale
  document.addEventListener("change", (e) => {
    if (e.target.closest("#deal-section, .rule-pick, #rule-form") && !e.target.closest("#paste-box")) dropRuling();
  });
  $("replay-prev").addEventListener("click", () => stepView(-1));
  $("replay-next").addEventListener("click", () => stepView(1));
  $("replay-exit").addEventListener("click", () => { S.view = null; refreshTable(); });
  $("rule-search").addEventListener("input", renderRuleList);
  $("rule-search").addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" || e.key === "Enter") {
      e.preventDefault();
      const first = $("rule-list").options[0];
      if (first) { $("rule-list").value = first.value; selectRule(+first.value); $("rule-list").focus(); }
    }
  });
  $("rule-list").addEventListener("change", (e) => { if (e.target.value !== "") selectRule(+e.target.value); });
  $("rule-form").addEventListener("submit", rule);
  $("download").addEventListener("click", download);
  $("share").addEventListener("click", share);
  $("upload").addEventListener("change", async (e) => {
    $("upload-error").textContent = "";
    const f = e.target.files[0];
    let ok = false;
    if (f && await isOneRecord(f)) {
      S.imported = null; renderImportChooser();
      ok = await loadText(await f.text(), $("upload-error"));
      if (ok) $("upload-error").textContent = "";
    } else if (f) ok = await importFile(f, $("upload-error"));  // another program's deal file
    document.body.dataset.upload = ok ? "done" : "error";
    e.target.value = "";
  });
  $("upload-deals").addEventListener("change", chooseImported);
  applyLang();
  const m = location.hash.match(/incident=([A-Za-z0-9_-]+)/);
  if (m) {
    let text = null;
    try { text = b64decode(m[1]); } catch (e) { $("fatal").textContent = "link: " + t("not_json"); }
    if (text !== null) await loadText(text, $("fatal"));
  } else if (!/book=\d/.test(location.hash)) refreshTable();
  await initBook();  // «Записать в книгу» under a ruling; #book=N opens an entry of the book
  document.body.dataset.ready = "1";
}
start();
