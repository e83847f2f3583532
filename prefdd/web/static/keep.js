// Keep and share: download, upload, a link carrying the incident.
import { $, S, api, cap, clearErrors, el, errorText, face, t } from "./common.js";
import { contractName, dealChanged, defenders, kind, loadConventionSet, setDeal } from "./deal.js";
import { fillSelects, renderDecisions, renderPicker } from "./picker.js";
import { refreshTable } from "./table.js";
import { incident, renderForm, renderRuleList } from "./incident.js";
import { renderRuling } from "./ruling.js";

export function download() {
  clearErrors($("incident-section"));
  const inc = incident();
  if (!inc) return;
  const blob = new Blob([JSON.stringify(inc, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: "incident.json" });
  document.body.append(a); a.click(); a.remove();
}
export function b64encode(text) {
  const bytes = new TextEncoder().encode(text);
  let s = ""; bytes.forEach((b) => { s += String.fromCharCode(b); });
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export function b64decode(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));
}
export function share() {
  clearErrors($("incident-section"));
  const inc = incident();
  if (!inc) return;
  const url = `${location.origin}${location.pathname}#incident=${b64encode(JSON.stringify(inc))}`;
  history.replaceState(null, "", url);
  $("share-out").replaceChildren(`${t("copied")} `, el("a", { href: url, id: "share-link", text: url }));
  navigator.clipboard?.writeText(url).catch(() => {});
}
// read a pasted or uploaded text; an error goes next to the control it came from (``errEl``),
// and the ruling on the screen, no longer the deal's, is cleared
export async function loadText(text, errEl) {
  const res = await api("/api/paste", { text });
  if (res.error) { showLoadError(res.error, errEl); return false; }
  if (res.data.incident) loadIncident(res.data.incident, res.data.deal, res.data.history);
  else { setDeal(res.data.deal); dealChanged(); }
  return true;
}
// another program's deal file (Bridge studio .bts/.pts, a room protocol, PPN): its bytes go to
// the server as base64 (a cp1251 file arrives as written), the deals come back as incidents;
// one is loaded at once, several are offered in a chooser; each line refused is said next to
// the upload, in the page's language. True when a deal was loaded.
export async function importFile(file, errEl) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const res = await api("/api/import", { name: file.name, base64: btoa(s) });
  S.imported = null; renderImportChooser();
  if (res.error) { showLoadError(res.error, errEl); return false; }
  const { deals, errors } = res.data;
  const lines = errors.map((e) => e.text[S.lang] ?? e.text.en);
  if (!deals.length) {
    S.ruling = null; renderRuling();
    errEl.textContent = [t("import_none"), ...lines].join("\n");
    errEl.dataset.kind = "import_none";
    errEl.scrollIntoView?.({ block: "nearest" });
    return false;
  }
  S.imported = deals;
  renderImportChooser();
  loadImported(0);
  errEl.textContent = lines.length ? [t("import_some")(deals.length, lines.length), ...lines].join("\n") : "";
  errEl.dataset.kind = lines.length ? "read_line" : "";
  return true;
}
function loadImported(i) {
  const inc = S.imported[i];
  loadIncident(inc, inc.deal, inc.history || []);
}
export function importLabel(inc, i, n) {
  const c = String(inc.contract);
  const parts = [contractName(c)];
  if (c !== "raspasovka" && inc.declarer !== undefined && inc.declarer !== null) parts.push(`${t("contract_by")} ${t("hand_n")[inc.declarer]}`);
  parts.push(inc.history?.length ? t("import_played")(inc.history.length) : t("import_no_play"));
  if (inc.violation?.rule) parts.push(`${t("rule").toLowerCase()} ${inc.violation.rule}`);
  return `${t("import_deal")(i + 1, n)} — ${parts.join(", ")}`;
}
export function renderImportChooser() {
  const box = $("upload-deals-l"), sel = $("upload-deals");
  const deals = S.imported || [];
  box.hidden = deals.length < 2;
  const keep = sel.value;
  sel.replaceChildren(...deals.map((inc, i) => el("option", { value: String(i), text: importLabel(inc, i, deals.length) })));
  if (keep && +keep < deals.length) sel.value = keep;
}
export function chooseImported() {
  const i = +$("upload-deals").value;
  if (S.imported?.[i]) loadImported(i);
}
function showLoadError(e, errEl) {
  S.ruling = null; renderRuling();
  errEl.textContent = (e.where?.[S.lang] && e.field !== "text" ? cap(e.where[S.lang]) + ": " : "") + errorText(e);
  errEl.dataset.kind = e.kind || "";
  errEl.closest("details")?.setAttribute("open", "");
  errEl.scrollIntoView?.({ block: "nearest" });  // on a phone: where the eye is
}
export function loadIncident(inc, deal, history) {
  // another incident: the messages about the last one go (the upload's own line is the caller's)
  for (const id of ["deal-section", "play-section", "incident-section"]) clearErrors($(id), $("upload-error"));
  const c = $("contract");
  const con = String(inc.contract ?? "7s");
  if (![...c.options].some((o) => o.value === con)) c.append(el("option", { value: con, text: contractName(con) }));
  c.value = con;
  S.players = Array.isArray(inc.players) ? inc.players.map(String) : [];
  fillSelects();
  if (inc.declarer !== undefined && inc.declarer !== null) $("declarer").value = String(inc.declarer);
  $("first_leader").value = String(inc.first_leader ?? 0);
  renderDecisions();
  const [a, b] = defenders();
  if (inc.decisions) { if (inc.decisions[a]) $("dec-a").value = inc.decisions[a]; if (inc.decisions[b]) $("dec-b").value = inc.decisions[b]; }
  $("open").value = inc.open ? "true" : "false";
  $("convention").value = inc.scoring?.convention ?? "sochi";
  $("compare").value = inc.options?.compare ?? "double_dummy";
  $("resolve").value = inc.options?.resolve ?? "side_best";
  $("rounding").value = inc.options?.whist_rounding ?? "nearest";
  S.loadedOptions = Object.fromEntries(Object.entries(inc.options || {}).filter(([k]) => !["compare", "resolve", "whist_rounding"].includes(k)));
  setDeal(deal);
  renderPicker();
  S.history = history; S.ooo = {}; S.pendingOoo = null; S.view = null; S.ruling = null;
  S.loadedExtra = {};
  for (const k of ["id", "note", "source", "taken", "raspasovka_round", "players"]) if (inc[k] !== undefined) S.loadedExtra[k] = inc[k];
  const rest = loadConventionSet(inc.scoring?.set);  // into the controls; anything else stays JSON
  $("scoring-set").value = Object.keys(rest).length ? JSON.stringify(rest) : "";
  const v = inc.violation || {};
  if (S.oooRules.includes(String(v.rule)) && (v.correction === undefined || v.correction === "none") && v.move !== undefined && v.offender !== undefined)
    S.ooo[v.move] = v.offender;
  const i = S.rules.findIndex((r) => r.number === String(v.rule) && r.contracts.includes(kind()));
  S.values = {};
  const known = new Set(i >= 0 ? S.rules[i].fields.map((f) => f.name) : []);
  const other = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === "rule") continue;
    if (k === "plans" && known.has(k) && Array.isArray(x) && x.every((p) => p && typeof p === "object"))
      S.values.plans = x.map((p) => ({ seats: (p.seats ?? (p.seat !== undefined ? [p.seat] : [])).map(Number),
        cards: (p.cards || []).map((c) => (typeof c === "string" && /^(10|[2-9TJQKA])[scdh]$/i.test(c) ? face(c.replace(/^10/, "T").replace(/^(.)/, (m) => m.toUpperCase())) : c)).join(" ") }));
    else if (known.has(k)) S.values[k] = Array.isArray(x) ? x.join(" ") : typeof x === "object" ? JSON.stringify(x) : x;
    else other[k] = x;
  }
  $("other").value = Object.keys(other).length ? JSON.stringify(other) : "";
  const tr = inc.result?.tricks || ["", "", ""];
  ["res-0", "res-1", "res-2"].forEach((id, s) => { $(id).value = String(tr[s] ?? ""); });
  S.rule = i >= 0 ? i : null;
  renderRuleList(); renderForm(); renderRuling();
  refreshTable();
}
