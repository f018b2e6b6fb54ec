// The student's single-page app: join with a name (or take a seat back with a rejoin code), then
// one screen that follows /api/events and shows what /api/me returns for this token, and nothing
// else: an auction round, the ascending clock, or the student's seat at a game table with the
// legal actions as large buttons, the lessons' picture of the table and one short row per player.
//
// Updates are keyed and in place: a refresh keeps every node whose content did not change, and a
// number field (a "stepper") is one node for as long as its activity lasts, so a field being typed
// in is never re-created and its caret never moves. An action is sent with a client id and kept
// until the server answered: "sending…" while it is away, sent again with the same id once the
// connection is back (the server stores it once).
"use strict";

(() => {
  const { t, el, has, letter } = GK;
  const TOKEN_PREFIX = "gamekit.classroom.token.";
  const LAST_CODE = "gamekit.classroom.code";
  const STEPPER_VERBS = new Set(["bid"]);
  const RETRY_MS = 2000;
  const app = {
    code: null, token: null, me: null, shown: "", stream: null, refusal: null, steppers: {},
    pending: null, confirm: null, loading: null, again: false, online: true, widgets: new Map(),
    cache: new Map(), retryTimer: null,
  };

  function store(key, value) {
    try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch (e) { /* private mode */ }
  }
  function load(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function $(id) { return document.getElementById(id); }
  function show(id, on) { $(id).hidden = !on; }

  function codeFromPath() {
    const m = location.pathname.match(/^\/join\/([^/]+)\/?$/);
    return m ? decodeURIComponent(m[1]).trim().toUpperCase() : null;
  }

  // Every request goes through here: an answer of any status proves the connection is up, a
  // request that cannot reach the server (or hangs past the time limit) shows it down.
  async function api(method, path, body, token) {
    try {
      const answer = await GK.api(method, path, body, token);
      if (answer.status < 500 || answer.status === 501) setConnection(true);
      else setConnection(false);
      return answer;
    } catch (e) {
      setConnection(false);
      throw e;
    }
  }

  // ---- joining --------------------------------------------------------------------------------

  function showJoin(code, message) {
    show("loading", false); show("play", false); show("join", true);
    $("who").textContent = "";
    if (code) { $("join-code").value = code; }
    const error = $("join-error");
    error.hidden = !message;
    error.textContent = message || "";
    ($("join-code").value ? $("join-name") : $("join-code")).focus();
  }

  function errorText(data, status) {
    if (data && data.rule && String(data.rule).startsWith("CL-") && has(`rule.${data.rule}`)) {
      return `${t(`rule.${data.rule}`)} (${data.rule})`;
    }
    if (status === 429) return t("error.rate");
    if (data && data.error) return String(data.error);
    return t("error.http", { status });
  }

  function entered(code, data) {
    store(TOKEN_PREFIX + code, data.token);
    store(LAST_CODE, code);
    enterPlay(code, data.token);
  }

  async function join(event) {
    event.preventDefault();
    const code = $("join-code").value.trim().toUpperCase();
    const name = $("join-name").value.trim();
    if (!code || !name) { showJoin(code, t("join.need_both")); return; }
    $("join-button").disabled = true;
    try {
      const { status, data } = await api("POST", "/api/join", { code, name, lang: GK.lang });
      if (status === 200 && data && data.token) entered(code, data);
      else if (status === 404) showJoin(code, t("join.unknown_code"));
      else showJoin(code, errorText(data, status));
    } catch (e) {
      showJoin(code, t("conn.lost"));
    } finally {
      $("join-button").disabled = false;
    }
  }

  // Already joined on another phone: the rejoin code that page showed takes the seat back here.
  async function rejoin(event) {
    event.preventDefault();
    const code = $("join-code").value.trim().toUpperCase();
    const again = $("rejoin-code").value.trim().toUpperCase();
    if (!code || !again) { showJoin(code, t("join.rejoin_need")); return; }
    $("rejoin-button").disabled = true;
    try {
      const { status, data } = await api("POST", "/api/rejoin", { code, rejoin: again });
      if (status === 200 && data && data.token) entered(code, data);
      else showJoin(code, status === 404 || status === 405 ? t("join.rejoin_unknown") : errorText(data, status));
    } catch (e) {
      showJoin(code, t("conn.lost"));
    } finally {
      $("rejoin-button").disabled = false;
    }
  }

  function forget(message) {
    if (app.stream) app.stream.stop();
    app.stream = null;
    if (app.code) store(TOKEN_PREFIX + app.code, null);
    app.token = null; app.me = null; app.shown = ""; app.pending = null; app.confirm = null;
    app.widgets.clear(); app.cache.clear();
    $("activity").replaceChildren();
    showJoin(app.code || codeFromPath() || "", message);
  }

  async function leave() {
    if (!window.confirm(t("common.leave_confirm"))) return;
    try { await api("POST", "/api/leave", {}, app.token); } catch (e) { /* forget the seat anyway */ }
    forget(t("join.left"));
  }

  // ---- following the server -------------------------------------------------------------------

  function enterPlay(code, token) {
    app.code = code; app.token = token;
    show("loading", false); show("join", false); show("play", true);
    if (app.stream) app.stream.stop();
    app.stream = GK.follow("/api/events", token, (name, data) => {
      setConnection(true);
      if (name === "heartbeat" || name === "ping") return;
      if (app.me && data !== "" && Number(data) === app.me.version) return;
      refresh();
    }, (state) => {
      if (state === "denied") { forget(t("join.removed")); return; }
      setConnection(state === "up");
      if (state === "up") { refresh(); resend(); }
    });
    refresh();
  }

  // The banner follows the real connection: shown when the stream or a request fails, hidden as
  // soon as one succeeds. A kept action is sent again once the connection is back.
  function setConnection(up) {
    const was = app.online;
    app.online = up;
    const conn = $("conn");
    conn.hidden = up;
    conn.textContent = up ? "" : t("conn.lost");
    if (up && !was) resend();
    if (!up) scheduleRetry();
  }

  function scheduleRetry() {
    if (app.retryTimer) return;
    app.retryTimer = setTimeout(() => {
      app.retryTimer = null;
      if (!app.token) return;
      if (app.pending) resend(); else refresh();
      if (!app.online) scheduleRetry();
    }, RETRY_MS);
  }

  async function refresh() {
    if (!app.token) return;
    if (app.loading) { app.again = true; return; }
    app.loading = (async () => {
      do {
        app.again = false;
        try {
          const { status, data } = await api("GET", "/api/me", undefined, app.token);
          if (status === 401 || status === 403) { forget(refusedText(data, t("join.removed"))); return; }
          if (status === 200 && data) { app.me = data; render(); }
        } catch (e) { /* shown by the banner; retried */ }
      } while (app.again && app.token);
    })();
    try { await app.loading; } finally { app.loading = null; }
  }

  function refusedText(data, fallback) {
    return data && data.rule && has(`rule.${data.rule}`) ? `${t(`rule.${data.rule}`)} (${data.rule})` : fallback;
  }

  function actionId() {
    const bytes = new Uint8Array(12);
    (window.crypto || {}).getRandomValues ? crypto.getRandomValues(bytes) : bytes.forEach((_, i) => { bytes[i] = Math.floor(Math.random() * 256); });
    return "a" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  // Send an action once: with a client id, kept (and shown as "sending…") until the server
  // answers; a failed connection keeps it for resend().
  function act(text) {
    if (app.pending || !app.token) return;
    app.confirm = null;
    app.pending = { id: actionId(), text, key: activityKey(app.me), tries: 0 };
    render();
    resend();
  }

  async function resend() {
    const pending = app.pending;
    if (!pending || pending.flying || !app.token) return;
    pending.flying = true; pending.tries += 1;
    let answer = null;
    try {
      answer = await api("POST", "/api/act", { text: pending.text, id: pending.id }, app.token);
    } catch (e) {
      answer = null;
    } finally {
      pending.flying = false;
    }
    if (app.pending !== pending) return;
    if (answer === null || answer.status >= 500 && answer.status !== 501) {
      render(); // still pending: "sending…", tried again when the connection is back
      scheduleRetry();
      return;
    }
    if (answer.status === 429) { // too many requests (CL-12): the same action, once more, soon
      render();
      setTimeout(resend, 1000);
      return;
    }
    const { status, data } = answer;
    app.pending = null;
    if (status === 200 && data && data.ok) {
      app.refusal = null;
      for (const w of app.widgets.values()) w.reset = true;
      if (data.me) app.me = data.me;
    } else if (status === 401 || status === 403) {
      forget(refusedText(data, t("join.removed"))); return;
    } else {
      app.refusal = { text: pending.text, message: errorText(data, status), key: pending.key };
    }
    render();
    refresh();
  }

  // Which activity a screen shows: a refusal stays on screen until the next action or until the
  // activity (kind, round, table) changes under it.
  function activityKey(me) {
    const a = me && me.activity;
    return a ? `${a.kind}/${a.format ?? a.game ?? ""}/${a.round ?? ""}/${a.table ?? ""}/${a.value ?? ""}` : "waiting";
  }

  // ---- drawing: keyed, in place ---------------------------------------------------------------

  // A node for `key` that is rebuilt only when `sig` changes (its content depends on nothing else).
  function kept(key, sig, build) {
    const old = app.cache.get(key);
    if (old && old.sig === sig) { old.used = true; return old.node; }
    const node = build();
    if (node) node.dataset.key = key;
    app.cache.set(key, { sig, node, used: true });
    return node;
  }

  // Put `nodes` into `parent` in order, touching only what changed: nodes that stay are never
  // removed and put back (a focused field keeps its focus and caret).
  function place(parent, nodes) {
    const wanted = nodes.filter(Boolean);
    const keep = new Set(wanted);
    [...parent.childNodes].forEach((child) => { if (!keep.has(child)) parent.removeChild(child); });
    wanted.forEach((node, i) => {
      const at = parent.childNodes[i];
      if (at !== node) parent.insertBefore(node, at || null);
    });
  }

  function render() {
    const me = app.me;
    if (!me) return;
    if (app.widgetsFor !== activityKey(me)) { // another round or table: nothing typed carries over
      app.widgets.clear(); app.steppers = {};
      app.widgetsFor = activityKey(me);
    }
    if (app.refusal && app.refusal.key !== activityKey(me)) app.refusal = null;
    if (app.pending && app.pending.key !== activityKey(me)) app.pending = null;
    if (app.confirm && app.confirm.key !== activityKey(me)) app.confirm = null;
    const key = JSON.stringify([me, app.refusal, app.confirm, app.pending && app.pending.id, app.online, GK.lang]);
    if (key === app.shown) return;
    app.shown = key;
    $("who").textContent = t("play.who", { name: me.name, code: me.session });
    for (const entry of app.cache.values()) entry.used = false;
    for (const w of app.widgets.values()) w.used = false;
    const box = $("activity");
    place(box, activityView(me.activity));
    for (const [k, entry] of app.cache) if (!entry.used) app.cache.delete(k);
    for (const [k, w] of app.widgets) if (!w.used) { app.widgets.delete(k); delete app.steppers[k]; }
    box.dataset.kind = me.activity ? me.activity.kind : "waiting";
    box.dataset.version = String(me.version);
    box.querySelectorAll("button[data-action], button[data-go], button[data-confirm]").forEach((b) => { b.disabled = Boolean(app.pending); });
    const notice = $("notice");
    notice.hidden = !app.pending;
    notice.textContent = app.pending ? t(app.online ? "conn.sending" : "conn.kept", { action: actionText(app.pending.text) }) : "";
    notice.classList.toggle("sending", Boolean(app.pending));
    const refusal = $("refusal");
    refusal.hidden = !app.refusal;
    refusal.textContent = app.refusal ? t("play.refused", { action: app.refusal.text, message: app.refusal.message }) : "";
    const rejoinCode = $("rejoin-shown");
    rejoinCode.hidden = !me.rejoin;
    rejoinCode.textContent = me.rejoin ? t("play.rejoin", { rejoin: me.rejoin }) : "";
  }

  function actionText(text) {
    const a = app.me && app.me.activity;
    return actionLabel(a && a.kind === "table" ? a : {}, text);
  }

  // Asked once before an action that cannot be taken back (a sealed bid, a payment, an offer):
  // "Send bid 25?" with the exact text that will be sent.
  function confirmBar(owner) {
    const c = app.confirm;
    if (!c || c.owner !== owner) return null;
    return kept(`confirm-${owner}`, JSON.stringify([GK.lang, c.text, c.key]), () => el("div", { class: "confirm-bar", role: "alertdialog" },
      el("p", { class: "ask", text: t("confirm.ask", { action: actionText(c.text) }) }),
      el("div", { class: "row" },
        el("button", { type: "button", class: "big primary", "data-confirm": owner, onclick: () => act(c.text) }, t("confirm.send")),
        el("button", { type: "button", class: "big", "data-cancel": owner, onclick: () => { app.confirm = null; render(); } }, t("confirm.change")))));
  }

  function ask(owner, text) {
    app.confirm = { owner, text, key: activityKey(app.me) };
    app.refusal = null;
    render();
    const button = document.querySelector(`[data-confirm="${owner}"]`);
    if (button) button.scrollIntoView({ block: "nearest" });
  }

  function activityView(activity) {
    if (!activity) {
      app.deadline = null;
      return [kept("waiting", GK.lang, () => el("div", { class: "waiting" },
        el("h1", { text: t("wait.title") }), el("p", { class: "hint", text: t("wait.body") })))];
    }
    if (activity.kind === "auction") return auctionView(activity);
    if (activity.kind === "clock") return clockView(activity);
    if (activity.kind === "table") return tableView(activity);
    return [el("p", { class: "hint", text: t("play.unknown_activity", { kind: activity.kind }) })];
  }

  function big(label, value, cls) {
    return el("div", { class: `bigvalue ${cls || ""}` }, el("span", { class: "label", text: label }),
      el("strong", { class: "value", text: value }));
  }

  function formatName(format) {
    return has(`auction.format.${format}`) ? t(`auction.format.${format}`) : format;
  }

  function roundLine(a) {
    return a.rounds ? t("auction.round_of", { round: a.round, rounds: a.rounds }) : t("auction.round", { round: a.round });
  }

  // A number field with big - and + that step through `values` (ascending); typed numbers are
  // sent as typed, so the server (and the engine) judge them. The widget is made once per `id`
  // and kept while its activity lasts: a refresh updates its range and labels in place and never
  // touches what is typed. `text(n)` is what is sent; `confirm` asks "Send …?" first.
  function stepper(id, values, initial, label, text, confirm) {
    let w = app.widgets.get(id);
    if (!w) w = makeStepper(id, initial);
    w.used = true;
    w.values = values; w.label = label; w.text = text; w.confirm = confirm;
    const { input } = w;
    if (w.reset && document.activeElement !== input) { // the amount was sent: open on the lowest again
      input.value = String(initial);
      w.reset = false;
    }
    if (input.min !== String(values[0])) input.min = values[0];
    if (input.max !== String(values[values.length - 1])) input.max = values[values.length - 1];
    const list = values.length <= 5000 ? values.join(",") : null;
    if (list === null) w.node.removeAttribute("data-values");
    else if (w.node.dataset.values !== list) w.node.dataset.values = list;
    w.sync(false);
    place(w.slot, [confirmBar(id)]);
    return w.node;
  }

  function makeStepper(id, initial) {
    const typed = app.steppers[id];
    const input = el("input", { id, class: "amount", type: "text", inputmode: "numeric", pattern: "[0-9]*",
      autocomplete: "off", enterkeyhint: "send", value: typed !== undefined ? typed : String(initial) });
    const go = el("button", { type: "button", class: "big primary go", "data-go": id });
    const slot = el("div", { class: "confirm-slot" });
    const w = { id, input, go, slot, values: [initial], used: true };
    w.sync = (edited) => {
      const raw = input.value.trim();
      const n = Number(raw);
      app.steppers[id] = input.value;
      const shown = raw !== "" && Number.isInteger(n) ? n : "?";
      const label = w.label(shown);
      if (go.textContent !== label) go.textContent = label;
      if (input.getAttribute("aria-label") !== label) input.setAttribute("aria-label", label);
      if (edited && app.confirm && app.confirm.owner === id) { app.confirm = null; render(); }
    };
    const move = (direction) => {
      const values = w.values;
      const n = Number(input.value);
      let next;
      if (!Number.isFinite(n) || input.value.trim() === "") next = values[0];
      else if (direction > 0) next = values.find((v) => v > n) ?? values[values.length - 1];
      else next = [...values].reverse().find((v) => v < n) ?? values[0];
      input.value = String(next);
      w.sync(true);
    };
    input.addEventListener("input", () => w.sync(true));
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); go.click(); } });
    go.addEventListener("click", () => {
      const raw = input.value.trim();
      const n = Number(raw);
      if (raw === "" || !Number.isInteger(n)) { input.focus(); return; }
      const text = w.text(n);
      if (w.confirm) ask(id, text); else act(text);
    });
    w.node = el("div", { class: "stepper", "data-stepper": id },
      el("div", { class: "row" },
        el("button", { type: "button", class: "step minus", "aria-label": t("common.less"), onclick: () => move(-1) }, "−"),
        input,
        el("button", { type: "button", class: "step plus", "aria-label": t("common.more"), onclick: () => move(1) }, "+")),
      go, slot);
    app.widgets.set(id, w);
    return w;
  }

  // The teacher's timer on this round or turn (contract: `deadline` seconds left, `paused`): a
  // line that counts down on the phone between two updates from the server.
  function timerView(a) {
    if (a.deadline === null || a.deadline === undefined) { app.deadline = null; return null; }
    app.deadline = { end: Date.now() + Number(a.deadline) * 1000, paused: Boolean(a.paused), left: Number(a.deadline) };
    const node = holder("timer", () => el("p", { class: "timer", id: "timer", role: "timer" }));
    tickTimer();
    return node;
  }

  function tickTimer() {
    const node = document.getElementById("timer") || (app.widgets.get("timer") || {}).node;
    const d = app.deadline;
    if (!node || !d) return;
    const left = d.paused ? d.left : Math.max(0, (d.end - Date.now()) / 1000);
    const text = d.paused ? t("timer.paused", { seconds: Math.ceil(left) }) : t("timer.left", { seconds: Math.ceil(left) });
    if (node.textContent !== text) node.textContent = text;
    node.classList.toggle("low", !d.paused && left <= 10);
  }
  setInterval(tickTimer, 500);

  // "Still here": the page tells the server every HERE_MS that it is open (POST /api/here). The
  // server counts a student present from their page's own requests, never from a connection it
  // holds: a phone whose battery died keeps its connection "open" for minutes (CL-21). A failed
  // beat shows the banner like any other request.
  const HERE_MS = 5000;
  setInterval(() => {
    if (app.token && !$("play").hidden) api("POST", "/api/here", {}, app.token).catch(() => {});
  }, HERE_MS);

  function range(low, high) {
    const out = [];
    for (let v = low; v <= high && out.length < 100001; v += 1) out.push(v);
    return out;
  }

  function feedbackView(f, a) {
    if (!f) return el("p", { class: "hint", text: t("auction.closed_no_feedback") });
    const rows = [];
    if (f.you_won !== undefined && f.you_won !== null) {
      rows.push(el("p", { class: `outcome ${f.you_won ? "won" : "lost"}`, text: f.you_won ? t("feedback.won") : t("feedback.lost") }));
    }
    if (f.payoff !== undefined && f.payoff !== null) rows.push(big(t("feedback.payoff"), f.payoff, "payoff"));
    if (f.winner_bid !== undefined && f.winner_bid !== null) rows.push(el("p", { text: t("feedback.winner_bid", { bid: f.winner_bid }) }));
    if (f.price !== undefined && f.price !== null) rows.push(el("p", { text: t("feedback.price", { price: f.price }) }));
    if (Array.isArray(f.bids)) {
      rows.push(el("p", { class: "label", text: t(a.kind === "clock" ? "feedback.drops" : "feedback.bids") }));
      rows.push(el("ul", { class: "chips" }, f.bids.map((b) => el("li", { text: b }))));
    }
    return el("div", { class: "feedback" }, el("h2", { text: t("feedback.title") }), rows);
  }

  function auctionView(a) {
    const L = GK.lang;
    const parts = [
      kept("a-head", JSON.stringify([L, a.format, a.round, a.rounds, a.value]), () => el("div", {},
        el("h1", { text: formatName(a.format) }),
        el("p", { class: "round", text: roundLine(a) }),
        big(t("auction.your_value"), a.value, "value"),
        el("p", { class: "hint", text: has(`auction.rule.${a.format}`) ? t(`auction.rule.${a.format}`) : "" }))),
    ];
    parts.push(timerView(a));
    if (a.my_bid !== null && a.my_bid !== undefined) {
      parts.push(kept("a-in", JSON.stringify([L, a.my_bid]), () =>
        el("p", { class: "confirm", id: "bid-in", text: t("auction.bid_in", { bid: a.my_bid }) })));
    }
    if (a.status === "open") {
      if (a.my_bid === null || a.my_bid === undefined) {
        const low = a.low ?? 0;
        const high = a.high ?? 100;
        parts.push(kept("a-range", JSON.stringify([L, low, high]), () =>
          el("p", { class: "hint", text: t("auction.bid_range", { low, high }) })));
        parts.push(stepper(`bid-${a.round}`, range(low, high), low, (n) => t("auction.bid_button", { bid: n }),
          (n) => `bid ${n}`, true));
      } else {
        parts.push(kept("a-wait", L, () => el("p", { class: "hint", text: t("auction.wait_close") })));
      }
    } else {
      parts.push(kept("a-closed", JSON.stringify([L, a.feedback]), () => el("div", {},
        el("p", { class: "status", text: t("auction.closed") }), feedbackView(a.feedback, a))));
    }
    return parts;
  }

  function clockView(a) {
    const L = GK.lang;
    const parts = [
      kept("c-head", JSON.stringify([L, a.format, a.round, a.rounds, a.value]), () => el("div", {},
        el("h1", { text: formatName(a.format) }),
        el("p", { class: "round", text: roundLine(a) }),
        big(t("auction.your_value"), a.value, "value"))),
      kept("c-price", JSON.stringify([L, a.price]), () => big(t("clock.price"), a.price, "price")),
      kept("c-rule", L, () => el("p", { class: "hint", text: t("clock.rule") })),
      timerView(a),
    ];
    if (a.status === "open") {
      if (a.in) {
        parts.push(kept("c-drop", L, () => el("button", { type: "button", class: "big danger drop", "data-action": "drop", onclick: () => act("drop") },
          t("clock.drop"))));
      } else {
        parts.push(kept("c-out", L, () => el("p", { class: "confirm", id: "dropped", text: t("clock.out") })));
      }
    } else {
      parts.push(kept("c-closed", JSON.stringify([L, a.feedback]), () => el("div", {},
        el("p", { class: "status", text: t("auction.closed") }), feedbackView(a.feedback, a))));
    }
    return parts;
  }

  // ---- game tables ----------------------------------------------------------------------------

  function playerName(a, seat) {
    const p = (a.players || [])[seat];
    const name = p ? p.name : ""; // a bot's name says it is one, in the page's language (the server's)
    return `${letter(seat)} ${name}`.trim();
  }

  function gameName(game) { return has(`game.${game}`) ? t(`game.${game}`) : game; }

  // A node kept for as long as the page shows an activity that has it (the actions box).
  function holder(key, make) {
    let w = app.widgets.get(key);
    if (!w) { w = { node: make() }; app.widgets.set(key, w); }
    w.used = true;
    return w.node;
  }

  // Actions that cannot be taken back are confirmed once: a sealed bid (Money Monsoon's bids are
  // sealed, MM-B1), a payment and a cow-trade offer or counter-offer (Kuhhandel).
  function needsConfirm(a, verb) {
    if (a.game === "money_monsoon") return verb === "bid";
    if (a.game === "kuhhandel") return verb === "pay" || verb === "offer" || verb === "counter";
    return false;
  }

  function tableView(a) {
    const v = a.view || {};
    const L = GK.lang;
    const toAct = a.to_act || [];
    const mine = toAct.includes(a.seat);
    const parts = [
      kept("t-head", JSON.stringify([L, a.game, a.seat, a.table]), () => el("div", {},
        el("h1", { text: gameName(a.game) }),
        el("p", { class: "seat", text: t("table.you_are", { seat: a.seat_letter || letter(a.seat), table: a.table }) }))),
    ];
    const turnSig = JSON.stringify([L, Boolean(a.result), mine, a.any_time && Math.ceil(a.any_time.left), toAct, a.players]);
    parts.push(kept("t-turn", turnSig, () => {
      if (a.result) return resultView(a);
      if (mine) return el("p", { class: "turn mine", id: "your-turn", text: t("table.your_turn") });
      if (a.any_time) {
        // CL-17: the bots wait at this point for the student, who may act at any time or pass
        const names = toAct.map((s) => playerName(a, s)).join(", ");
        return el("p", { class: "turn mine any-time", id: "any-time", text: t("table.any_time", { names, seconds: Math.ceil(a.any_time.left) }) });
      }
      if (toAct.length) return el("p", { class: "turn", text: t("table.waiting_for", { names: toAct.map((s) => playerName(a, s)).join(", ") }) });
      return el("span");
    }));
    parts.push(timerView(a));
    const focus = FOCUS[a.game];
    if (focus) parts.push(kept("t-focus", JSON.stringify([L, v, a.players, a.seat]), () => focus(a, v)));
    if (a.legal && a.legal.length) parts.push(actionsView(a));
    const own = OWN[a.game];
    if (own) parts.push(kept("t-own", JSON.stringify([L, v, a.seat]), () => own(a, v)));
    parts.push(kept("t-rows", JSON.stringify([L, a.rows, toAct]), () => rowsView(a)));
    if (a.picture) {
      parts.push(kept("t-picture", JSON.stringify([L, a.picture]), () => {
        const box = el("div", { class: "picture", id: "picture" }, pictureNodes(a.picture));
        return el("details", { class: "zone picture-zone", open: true }, el("summary", { text: t("table.picture") }), box);
      }));
    }
    parts.push(kept("t-log", JSON.stringify([L, (a.log || []).slice(-8)]), () => logView(a.log || [])));
    return parts;
  }

  // The picture is HTML/SVG the server drew with gamekit.pictures from this seat's view (text
  // escaped there). It is parsed inert (DOMParser runs nothing) and kept to drawing: no script,
  // no event attribute, no link or outside reference survives.
  function pictureNodes(html) {
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    doc.querySelectorAll("script, iframe, object, embed, link, meta, foreignObject, a").forEach((n) => n.remove());
    doc.querySelectorAll("*").forEach((n) => {
      for (const attr of [...n.attributes]) {
        const name = attr.name.toLowerCase();
        if (name.startsWith("on") || name === "href" || name === "xlink:href" || name === "src" || name === "srcset") n.removeAttribute(attr.name);
      }
    });
    return [...doc.body.childNodes].map((n) => document.importNode(n, true));
  }

  function verbLabel(verb) { return has(`verb.${verb}`) ? t(`verb.${verb}`) : verb; }

  function actionLabel(a, text) {
    const sp = text.indexOf(" ");
    const verb = sp < 0 ? text : text.slice(0, sp);
    const arg = sp < 0 ? "" : text.slice(sp + 1);
    if (a.game === "for_sale" && verb === "sell") return t("fs.sell", { house: arg });
    if (a.game === "money_monsoon" && text === "sit out") return t("mm.sit_out");  // MM-A2
    return arg ? t("act.with_arg", { verb: verbLabel(verb), arg }) : verbLabel(verb);
  }

  // The legal actions, grouped by their first word: a bid's amounts as a stepper over exactly the
  // legal amounts, everything else one large button each. Every legal action is reachable. The
  // box and its stepper stay the same nodes while the table lasts; button groups are rebuilt
  // only when their actions change.
  function actionsView(a) {
    const L = GK.lang;
    const groups = [];
    const byVerb = {};
    for (const text of a.legal) {
      const sp = text.indexOf(" ");
      const verb = sp < 0 ? text : text.slice(0, sp);
      const arg = sp < 0 ? "" : text.slice(sp + 1);
      if (!byVerb[verb]) { byVerb[verb] = { verb, numbers: [], buttons: [] }; groups.push(byVerb[verb]); }
      const span = arg.match(/^(\d+)-(\d+)$/);
      if (/^-?\d+$/.test(arg)) byVerb[verb].numbers.push(Number(arg));
      else if (span && STEPPER_VERBS.has(verb)) {
        // A range first, then the amount (Money Monsoon with 500 points or more): "bid N" stands for
        // all the steps (MM-A2), so the phone asks for the amount in one field.
        for (let n = Number(span[1]); n <= Number(span[2]) && n - Number(span[1]) < 100001; n += 1) byVerb[verb].numbers.push(n);
      } else byVerb[verb].buttons.push(text);
    }
    const box = holder(`actions-${a.table}`, () => el("div", { class: "actions", id: "actions" }));
    const nodes = [];
    for (const g of groups) {
      const confirm = needsConfirm(a, g.verb);
      if (g.numbers.length >= 3 && (STEPPER_VERBS.has(g.verb) || g.numbers.length > 24)) {
        const values = [...g.numbers].sort((x, y) => x - y);
        const id = `act-${a.table}-${g.verb}`;
        const node = stepper(id, values, values[0], (n) => t("act.with_arg", { verb: verbLabel(g.verb), arg: n }),
          (n) => `${g.verb} ${n}`, confirm);
        node.classList.add("group", `verb-${g.verb}`);
        nodes.push(node);
      } else {
        g.buttons.push(...g.numbers.map((n) => `${g.verb} ${n}`));
      }
      if (g.buttons.length) {
        const wide = g.buttons.length <= 2;
        const owner = `btn-${g.verb}`;
        nodes.push(kept(`g-${a.table}-${g.verb}`, JSON.stringify([L, g.buttons, confirm]), () =>
          el("div", { class: `group verb-${g.verb}` },
            el("div", { class: `buttons ${wide ? "wide" : "grid"}` }, g.buttons.map((text) =>
              el("button", { type: "button", class: "big act", "data-action": text,
                onclick: () => (confirm ? ask(owner, text) : act(text)) }, actionLabel(a, text)))))));
        nodes.push(confirmBar(owner));
      }
    }
    place(box, nodes);
    return box;
  }

  function cards(values, cls, label) {
    if (!values || !values.length) return el("span", { class: "none", text: t("table.none") });
    return el("div", { class: `cards ${cls}`, "aria-label": label || "" },
      values.map((c) => el("span", { class: `card ${cls}`, "data-card": c, text: money(c) })));
  }

  function money(n) { return typeof n === "number" ? n.toLocaleString("en-US") : String(n); }

  function chips(items, cls) {
    if (!items.length) return el("span", { class: "none", text: t("table.none") });
    return el("ul", { class: `chips ${cls || ""}` }, items.map((x) => el("li", { text: x })));
  }

  // The final scores: three narrow columns, they fit a phone.
  function seatRows(a, columns) {
    const n = (a.players || []).length || (a.view && a.view.players) || 0;
    const toAct = a.to_act || [];
    const head = el("tr", {}, el("th", { text: t("table.player") }), columns.map((c) => el("th", { text: c.label })));
    const rows = [];
    for (let s = 0; s < n; s += 1) {
      const cls = [s === a.seat ? "me" : "", toAct.includes(s) ? "to-act" : ""].join(" ").trim();
      rows.push(el("tr", { class: cls, "data-seat": s },
        el("td", { class: "name" }, (toAct.includes(s) ? "▶ " : "") + playerName(a, s)),
        columns.map((c) => el("td", {}, c.cell(s)))));
    }
    return el("div", { class: "scroll" }, el("table", { class: "seats" }, el("thead", {}, head), el("tbody", {}, rows)));
  }

  // A card's name (an animal, a bean) in the page's language when the catalog has it.
  function noun(name) { return has(`noun.${name}`) ? t(`noun.${name}`) : name; }

  // A row's server text ("goose×2 cat", "blue×3 –") with its card names in the page's language.
  function nouns(text) {
    return String(text).split(" ").map((word) => word.replace(/^([a-z][a-z-]*)(×\d+)?$/, (m, name, count) => noun(name) + (count || ""))).join(" ");
  }

  function keyLabel(key) { return has(`key.${key}`) ? t(`key.${key}`) : key; }

  // One short row per player from the server's `rows` (gamekit.classroom.screens): name, marks,
  // and the public items with their labels in the student's language.
  function rowsView(a) {
    const toAct = a.to_act || [];
    const rows = a.rows || (a.players || []).map((p, seat) => ({ seat, name: p.name, bot: p.bot, you: seat === a.seat, items: [] }));
    return el("div", { class: "zone players" }, el("h2", { text: t("table.players") }),
      el("ol", { class: "rows", id: "rows" }, rows.map((r) => el("li", {
        class: [r.you ? "me" : "", toAct.includes(r.seat) ? "to-act" : "", r.absent ? "absent" : ""].join(" ").trim(),
        "data-seat": r.seat },
      el("span", { class: "who" }, `${toAct.includes(r.seat) ? "▶ " : ""}${letter(r.seat)} ${r.name}`,
        r.you ? el("span", { class: "tag you", text: t("table.you") }) : null,
        r.bot ? el("span", { class: "tag bot", text: t("table.bot_tag") }) : null,
        r.absent ? el("span", { class: "tag absent", text: t("table.absent") }) : null),
      el("span", { class: "items" }, (r.items || []).map((item) =>
        el("span", { class: "item", "data-key": item.key }, el("span", { class: "k", text: keyLabel(item.key) }), " ", el("b", { text: nouns(item.text) }))))))));
  }

  // ---- what each game puts beside the buttons (FOCUS) and the seat's own holdings (OWN) --------

  function forSaleFocus(a, v) {
    const phase = v.phase || "";
    const parts = [
      el("p", { class: "phase", text: `${has(`fs.phase.${phase}`) ? t(`fs.phase.${phase}`) : phase} · ${t("fs.round", { round: v.round, rounds: v.rounds })}` }),
      el("div", { class: "zone table-cards" },
        el("h2", { text: t(phase === "sell" ? "fs.table_cheques" : "fs.table_houses") }),
        cards(v.table || [], phase === "sell" ? "cheque" : "house")),
    ];
    if (phase === "buy") {
      parts.push(el("p", { class: "high", text: v.high_bidder === null || v.high_bidder === undefined
        ? t("fs.no_bid") : t("fs.high_bid", { bid: v.high_bid, name: playerName(a, v.high_bidder) }) }));
    }
    return el("div", { class: "focus" }, parts);
  }

  function forSaleOwn(a, v) {
    const s = a.seat;
    const phase = v.phase || "";
    const parts = [el("div", { class: "zone mine", id: "my-hand" },
      el("h2", { text: t("fs.your_houses") }), cards((v.houses || [])[s] || [], "house mine", "hand"))];
    parts.push(el("div", { class: "zone mine" }, big(t("fs.your_coins"), (v.coins || [])[s] ?? "", "coins")));
    if (((v.cheques || [])[s] || []).length || phase !== "buy") {
      parts.push(el("div", { class: "zone mine", id: "my-cheques" },
        el("h2", { text: t("fs.your_cheques") }), cards((v.cheques || [])[s] || [], "cheque mine")));
    }
    if ((v.chosen || [])[s] !== null && (v.chosen || [])[s] !== undefined) {
      parts.push(el("p", { class: "confirm", text: t("fs.chosen", { house: v.chosen[s] }) }));
    }
    return el("div", { class: "for-sale" }, parts);
  }

  function track(length, positions) {
    const cells = [];
    for (let i = 0; i <= length; i += 1) {
      const here = positions.filter((p) => p.at === i).map((p) => p.name).join("");
      cells.push(el("span", { class: `cell${here ? " pawn" : ""}${i === length ? " goal" : ""}`, title: String(i) }, here));
    }
    return el("div", { class: "track" }, cells);
  }

  function monsoonFocus(a, v) {
    const phase = v.phase || "";
    const parts = [
      el("p", { class: "phase", text: `${has(`mm.phase.${phase}`) ? t(`mm.phase.${phase}`) : phase} · ${t("mm.turn", { turn: v.turn })}` }),
    ];
    if (v.roll !== null && v.roll !== undefined) parts.push(big(t("mm.roll"), v.roll, "roll"));
    if (v.active !== null && v.active !== undefined) parts.push(el("p", { text: t("mm.active", { name: playerName(a, v.active) }) }));
    if (v.winner !== null && v.winner !== undefined && v.price !== null && v.price !== undefined) {
      parts.push(el("p", { class: "high", text: t("mm.won_bid", { name: playerName(a, v.winner), price: v.price }) }));
    }
    const mine = (v.bids || [])[a.seat];
    if (phase === "bid" && mine !== null && mine !== undefined) {
      parts.push(el("p", { class: "confirm", text: t("mm.your_bid", { bid: mine }) }));
    }
    return el("div", { class: "focus" }, parts);
  }

  function monsoonOwn(a, v) {
    const s = a.seat;
    const length = v.track_length || 25;
    const pawns = (v.pawns || [])[s] || [0, 0];
    return el("div", { class: "zone mine", id: "my-pawns" },
      big(t("mm.your_points"), money((v.points || [])[s] ?? ""), "coins"),
      el("p", { text: t("mm.your_debt", { debt: (v.debt || [])[s] ?? 0 }) }),
      el("p", { text: t("mm.pawns", { a: pawns[0], b: pawns[1], goal: length }) }),
      track(length, [{ name: "a", at: pawns[0] }, { name: "b", at: pawns[1] }]));
  }

  function sum(values) { return (values || []).reduce((x, y) => x + (Number(y) || 0), 0); }

  // Kuhhandel: the animal on auction with the high bid, the payment due, or the cow trade with the
  // offer being built (only the builder sees its cards, KH-K2), right above the buttons.
  function kuhhandelFocus(a, v) {
    const parts = [];
    const au = v.auction;
    if (au) {
      parts.push(el("div", { class: "lot" }, el("span", { class: "animal", "data-animal": au.animal, text: noun(au.animal) }),
        el("span", { text: t("kh.on_auction", { name: playerName(a, au.auctioneer) }) })));
      parts.push(el("p", { class: "high", text: au.high_bidder === null || au.high_bidder === undefined
        ? t("fs.no_bid") : t("fs.high_bid", { bid: au.high_bid, name: playerName(a, au.high_bidder) }) }));
    }
    const pay = v.payment;
    if (pay) {
      parts.push(el("p", { class: "high", id: "payment", text: t("kh.payment", { payer: playerName(a, pay.payer), price: pay.price, payee: playerName(a, pay.payee) }) }));
    }
    const tr = v.trade;
    if (tr) {
      parts.push(el("div", { class: "lot" }, el("span", { class: "animal", "data-animal": tr.animal, text: noun(tr.animal) }),
        el("span", { text: t("kh.trade", { active: playerName(a, tr.active), partner: playerName(a, tr.partner) }) })));
      if (tr.offer_count !== null && tr.offer_count !== undefined) {
        parts.push(el("p", { text: tr.offer ? t("kh.offer_mine", { cards: tr.offer.map(money).join(" + ") || "0", total: money(sum(tr.offer)) })
          : t("kh.offer_count", { count: tr.offer_count }) }));
      }
      if (Array.isArray(tr.building)) {
        parts.push(el("p", { class: "confirm", id: "building", text: t("kh.building", { cards: tr.building.map(money).join(" + ") || "0", total: money(sum(tr.building)) }) }));
      } else if (tr.building_count) {
        parts.push(el("p", { text: t("kh.building_count", { count: tr.building_count }) }));
      }
    }
    return el("div", { class: "focus zone" }, parts.length ? parts : el("p", { class: "phase", text: t("mm.turn", { turn: v.turn ?? "" }) }));
  }

  function kuhhandelOwn(a, v) {
    const s = a.seat;
    const held = (v.money || [])[s] || [];
    const animals = (v.animals || [])[s] || {};
    return el("div", { class: "zone mine", id: "my-holdings" },
      el("h2", { text: t("kh.your_money", { total: money(sum(held)) }) }), cards(held, "cheque mine", "money"),
      el("h2", { text: t("kh.your_animals") }),
      chips(Object.entries(animals).filter(([, n]) => n).map(([k, n]) => (n > 1 ? `${noun(k)} ×${n}` : noun(k))), "animals"));
  }

  // Bohnanza: the hand in its order (the first card is planted first), the cards turned up to trade
  // and the proposal being made, right above the buttons; the seat's fields and coins below.
  function bohnanzaFocus(a, v) {
    const hand = (v.hands || [])[a.seat] || [];
    const parts = [
      el("h2", { text: t("bo.hand", { count: hand.length }) }),
      el("ol", { class: "queue", id: "hand-queue" }, hand.map((bean, i) => el("li", { class: i === 0 ? "next" : "", "data-bean": bean, text: noun(bean) }))),
    ];
    if ((v.trading_area || []).length) {
      parts.push(el("h2", { text: t("bo.trading") }), chips(v.trading_area.map(noun), "beans"));
    }
    const p = v.proposal;
    if (p && (p.give || p.ask || p.give_cards)) {
      const give = [...(p.give || []), ...(p.give_cards || [])];
      parts.push(el("p", { class: "confirm", id: "proposal", text: t("bo.proposal", {
        give: give.map(noun).join(", ") || "–", ask: (p.ask || []).map(noun).join(", ") || "–", name: playerName(a, p.partner) }) }));
    }
    return el("div", { class: "focus zone" }, parts);
  }

  function bohnanzaOwn(a, v) {
    const s = a.seat;
    const fields = (v.fields || [])[s] || [];
    return el("div", { class: "zone mine", id: "my-holdings" },
      el("h2", { text: t("bo.fields") }),
      el("ul", { class: "fields" }, fields.map((f, i) => el("li", { "data-field": i + 1 },
        el("b", { text: `${i + 1}` }), " ", f ? `${noun(f[0])} ×${f[1]}` : t("bo.empty")))),
      el("p", { text: t("bo.coins", { coins: (v.coins || [])[s] ?? 0 }) }));
  }

  const FOCUS = { for_sale: forSaleFocus, money_monsoon: monsoonFocus, kuhhandel: kuhhandelFocus, bohnanza: bohnanzaFocus };
  const OWN = { for_sale: forSaleOwn, money_monsoon: monsoonOwn, kuhhandel: kuhhandelOwn, bohnanza: bohnanzaOwn };

  function resultView(a) {
    const r = a.result;
    const winners = (r.winners || []).map((s) => playerName(a, s));
    return el("div", { class: "result", id: "result" },
      el("h2", { text: t("table.over") }),
      el("p", { class: "outcome", text: winners.length ? t("table.winners", { names: winners.join(", ") }) : t("table.no_winner") }),
      seatRows(a, [
        { label: t("table.score"), cell: (p) => money((r.scores || [])[p] ?? "") },
        { label: t("table.rank"), cell: (p) => (r.ranks || [])[p] ?? "" },
      ]));
  }

  function logView(log) {
    const lines = log.slice(-8).map((line) => (typeof line === "string" ? line : line && line.text ? line.text : JSON.stringify(line)));
    if (!lines.length) return el("div");
    return el("details", { class: "log", open: true }, el("summary", { text: t("table.log") }),
      el("ol", {}, lines.map((line) => el("li", { text: line }))));
  }

  // ---- start ----------------------------------------------------------------------------------

  async function start() {
    GK.wireLangButtons();
    $("join-form").addEventListener("submit", join);
    $("rejoin-form").addEventListener("submit", rejoin);
    $("leave").addEventListener("click", leave);
    GK.onLang(() => { app.shown = ""; render(); if (!$("conn").hidden) setConnection(false); });
    await GK.loadLang(GK.pickLang());
    const fromPath = codeFromPath();
    const code = fromPath || load(LAST_CODE);
    const token = code ? load(TOKEN_PREFIX + code) : null;
    if (token) {
      try {
        const { status } = await api("GET", "/api/me", undefined, token);
        if (status === 200) { enterPlay(code, token); return; }
        if (status === 401 || status === 403 || status === 404) store(TOKEN_PREFIX + code, null);
        else { enterPlay(code, token); return; }
      } catch (e) {
        enterPlay(code, token); // the server is away: keep the seat and reconnect by itself
        return;
      }
    }
    showJoin(fromPath || "");
  }

  window.addEventListener("DOMContentLoaded", start);
  window.addEventListener("online", () => { refresh(); resend(); });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { refresh(); resend(); } });
})();
