// A long request (a ruling, the single-dummy analysis, the play analysis), one way for all:
// a line with the seconds and what the search reports (asked of /api/progress/<token> every
// second), and a Stop button. With `soft` (a ruling, the single-dummy analysis: searches that can
// stop where they are) Stop asks the server to stop the search (/api/stop/<token>) and the answer
// comes as usual, with what was proven by then; otherwise, or when the job has not started, Stop
// aborts the request: the server sees the client go and kills the worker computing it.
import { S, api, el, t } from "./common.js";

const token = () => Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 8)).join("").padEnd(16, "0");
const int = (n) => { const s = Math.round(Number(n)).toLocaleString("en-US"); return S.lang === "ru" ? s.replace(/,/g, "\u00a0") : s; };

// what the search reported, in words: a ruling's searches, a single-dummy analysis's decisions and layouts
export function progressWords(p) {
  if (!p) return "";
  if (p.state === "queued") return t("long_queued")(p.ahead ?? 0);
  const c = p.progress;
  if (!c) return "";
  if (c.decisions !== undefined) return t("long_sd")(int(c.decision), int(c.decisions), int(c.layouts_done), int(c.layouts));
  if (c.scan_layouts) return t("long_scan")(int(c.scans + 1), int(c.scan_settled), int(c.scan_layouts), c.scans_left ?? null);
  if (c.searches !== undefined) return t("long_searches")(int(c.searches), c.nodes >= 1e6 ? int(c.nodes / 1e6) : null);
  return "";
}

const running = {};  // prefix -> the request in flight: { controller, timer, poll, stop }

export function busyNow(prefix) { return Boolean(running[prefix]); }

// run `path` with `body`; `box` shows the line and the Stop button (ids `${prefix}-busy`, `${prefix}-stop`),
// `what` names the work («Считается решение»). Returns the api() answer, or { stopped: true } when stopped.
export async function longRequest({ path, body, box, prefix, what, button, after = "", head = null, soft = false }) {
  stopLong(prefix, false);
  const started = Date.now();
  const tok = token();
  let last = null;
  const msg = el("p", { id: `${prefix}-busy`, class: "busy", role: "status" });
  const detail = el("span", { class: "busy-detail", id: `${prefix}-progress` });
  const controller = new AbortController();
  const me = { controller, timer: null, poll: null, stopped: false, soft, tok, stopping: false };
  const secs = () => Math.round((Date.now() - started) / 1000);
  const tick = () => {
    msg.firstChild.textContent = `${what(secs())}`;
    const w = progressWords(last);
    detail.textContent = w ? ` · ${w}` : "";
  };
  msg.append(el("span", {}), detail);
  const stop = el("button", { type: "button", id: `${prefix}-stop`, class: "no-print", onclick: () => stopLong(prefix, true), text: t("long_stop") });
  me.stopButton = stop;
  box.replaceChildren(...(head ? [head] : []), el("div", { class: "row busy-row" }, msg, stop));
  tick();
  me.timer = setInterval(tick, 1000);
  me.poll = setInterval(async () => {
    try {
      const r = await fetch(`/api/progress/${tok}`);
      if (r.ok) { const p = await r.json(); if (p.state !== "unknown") last = p; }
    } catch (e) { /* the answer itself will say what went wrong */ }
  }, 1000);
  me.finish = () => { if (me.done) return; me.done = true; clearInterval(me.timer); clearInterval(me.poll); if (button) button.disabled = false; };
  me.said = () => {
    const w = progressWords(last);
    return `${t("long_stopped")(secs(), w)} ${after}`.trim();
  };
  running[prefix] = me;
  if (button) button.disabled = true;
  document.body.dataset[`${prefix}Long`] = "busy";
  const res = await api(path, body, controller.signal, { "X-Prefdd-Job": tok });
  if (running[prefix] === me) delete running[prefix];
  me.finish();
  if (me.stopped || res.aborted) {
    if (me.stopped) { box.replaceChildren(el("p", { class: "note", id: `${prefix}-stopped`, role: "status", text: me.said() })); document.body.dataset[`${prefix}Long`] = "stopped"; }
    return { stopped: true };
  }
  if (me.stopping && !res.error) {  // stopped where it was: the answer holds what was proven by then
    document.body.dataset[`${prefix}Long`] = "stopped";
    res.stoppedEarly = `${t("long_stopped_proven")(secs(), progressWords(last))}`;
    return res;
  }
  document.body.dataset[`${prefix}Long`] = "done";
  return res;
}

export function stopLong(prefix, say) {
  const me = running[prefix];
  if (!me) return;
  if (say && me.soft && !me.stopping) {
    me.stopping = true;
    me.stopButton.disabled = true;
    me.stopButton.textContent = t("long_stopping");
    api(`/api/stop/${me.tok}`, {})
      .then((res) => { if (!res.data?.stopping) hardStop(prefix, say); })  // not started yet: nothing proven to wait for
      .catch(() => hardStop(prefix, say));
    return;
  }
  hardStop(prefix, say);
}

function hardStop(prefix, say) {
  const me = running[prefix];
  if (!me) return;
  me.stopped = say;
  delete running[prefix];
  me.finish();
  me.controller.abort();  // the server stops its worker when the request goes
}
