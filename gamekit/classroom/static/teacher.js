// The teacher's projector page. What the room sees: the join link and its QR (large until the
// class has joined, then small, its code always whole), the activity; at a sealed round who has
// not bid yet, and once it closes the winner, the price, every bid against its value with the
// equilibrium line and the revenue against the theory (the numbers of /results, the notebook's
// live board's); at the clock the price, large, and how many are still in; at the tables each
// table's public picture (nothing one player sees alone) and the final scores.
// What the teacher uses: a controls panel (hidden with one button while projecting) that starts,
// closes, advances and pauses activities, sets the timer, seats tables, removes or re-seats
// students and downloads the rows as CSV.
// It needs the teacher token: from the URL fragment (#token=...), which is then taken out of the
// address bar, or typed in. The token is kept for this tab only (sessionStorage).
"use strict";

(() => {
  const { t, el, api, letter } = GK;
  const code = decodeURIComponent(location.pathname.replace(/^\/teacher\//, "").replace(/\/$/, "")).toUpperCase();
  const KEY = `gamekit.classroom.teacher.${code}`;
  const UI_KEY = `gamekit.classroom.projector.${code}`;
  // The SVG namespace, as the HTML parser gives it (no address written in the page's sources).
  const SVG = new DOMParser().parseFromString("<svg></svg>", "text/html").querySelector("svg").namespaceURI;
  const app = { token: null, state: null, results: null, stream: null, loading: false, again: false,
    ui: { controls: true, qr: "auto", started: false, compare: false }, sheets: new Set(), fetched: 0,
    removing: null, seatChoice: {}, peopleDrawn: null, polling: null, focus: null };
  const T = () => `/api/teacher/${encodeURIComponent(code)}`;

  function $(id) { return document.getElementById(id); }

  function tokenFromFragment() {
    const hash = location.hash.replace(/^#/, "");
    if (!hash) return null;
    const params = new URLSearchParams(hash);
    const token = params.get("token") || (hash.includes("=") ? null : hash);
    // Take the token out of the address bar: a projected page shows its URL to the whole room.
    history.replaceState(history.state, "", location.pathname + location.search);
    return token;
  }

  function saved() { try { return sessionStorage.getItem(KEY); } catch (e) { return null; } }
  function keep(token) { try { if (token) sessionStorage.setItem(KEY, token); else sessionStorage.removeItem(KEY); } catch (e) { /* private mode */ } }
  function loadUi() { try { Object.assign(app.ui, JSON.parse(sessionStorage.getItem(UI_KEY) || "{}")); } catch (e) { /* none kept */ } }
  function saveUi() { try { sessionStorage.setItem(UI_KEY, JSON.stringify(app.ui)); } catch (e) { /* private mode */ } }

  function showLogin(message) {
    $("board").hidden = true;
    $("controls").hidden = true;
    $("controls-toggle").hidden = true;
    $("login").hidden = false;
    $("login-error").hidden = !message;
    $("login-error").textContent = message || "";
    $("login-token").focus();
  }

  async function tryToken(token) {
    let response;
    try {
      response = await api("GET", `${T()}/state`, undefined, token);
    } catch (e) {
      showLogin(t("conn.lost"));
      return;
    }
    if (response.status === 200) {
      app.token = token;
      keep(token);
      $("login").hidden = true;
      $("board").hidden = false;
      $("controls-toggle").hidden = false;
      showControls(app.ui.controls);
      app.state = response.data;
      app.fetched = performance.now();
      draw();
      refresh();
      setInterval(() => {  // the timer's countdown, once a second, while one runs
        const a = app.state && app.state.activity;
        if (a && typeof a.deadline === "number" && !a.paused) $("round").textContent = activityLine(app.state);
      }, 1000);
      follow();
    } else if (response.status === 404) {
      keep(null);
      showLogin(t("teacher.unknown_code", { code }));
    } else {
      keep(null);
      showLogin(t("teacher.bad_token"));
    }
  }

  function follow() {
    if (app.stream) app.stream.stop();
    app.stream = GK.follow(`${T()}/events`, app.token, (name) => {
      if (name !== "heartbeat" && name !== "ping") refresh();
    }, (state) => {
      if (state === "denied") { denied(); return; }
      $("conn").hidden = state === "up";
      $("conn").textContent = state === "up" ? "" : t("conn.lost");
      if (state === "up") refresh();
    });
  }

  // The event stream refused the token. If the token still opens the state, the stream wants
  // another proof (a ticket or a cookie, as a stricter server may): the page then looks every
  // 2 seconds instead; otherwise the token is wrong and the login comes back.
  async function denied() {
    let response = null;
    try { response = await api("GET", `${T()}/state`, undefined, app.token); } catch (e) { /* offline */ }
    if (response && response.status === 200) {
      if (!app.polling) app.polling = setInterval(refresh, 2000);
      refresh();
      return;
    }
    keep(null);
    showLogin(t("teacher.bad_token"));
  }

  // The state and the results, fetched together after every change (at most one pair at a time:
  // changes that come meanwhile are folded into one more fetch).
  async function refresh() {
    if (app.loading) { app.again = true; return; }
    app.loading = true;
    try {
      do {
        app.again = false;
        try {
          const [state, results] = await Promise.all([
            api("GET", `${T()}/state`, undefined, app.token),
            api("GET", `${T()}/results`, undefined, app.token),
          ]);
          if (state.status === 200 && state.data) { app.state = state.data; app.fetched = performance.now(); }
          if (results.status === 200 && results.data) app.results = results.data;
          draw();
        } catch (e) { /* the stream reports the connection */ }
      } while (app.again);
    } finally {
      app.loading = false;
    }
  }

  function studentName(s) {
    if (typeof s === "string") return s;
    if (!s) return String(s);
    return s.shown_name || s.name || String(s.student);
  }

  function isAuction(a) { return a && typeof a === "object" && (a.kind === "auction" || a.kind === "clock"); }

  function activityLine(s) {
    const a = s.activity;
    if (!a) return t("teacher.no_activity");
    if (typeof a !== "object") return String(a);
    const kind = a.kind === "table" || a.kind === "tables" ? t("teacher.kind.tables")
      : GK.has(`auction.format.${a.format}`) ? t(`auction.format.${a.format}`) : String(a.format || a.kind || "");
    const parts = [kind];
    const r = s.round;
    const number = r && typeof r === "object" ? (r.number ?? r.round) : r;
    if (number !== undefined && number !== null) {
      parts.push(a.rounds ? t("auction.round_of", { round: number, rounds: a.rounds }) : t("auction.round", { round: number }));
    }
    const status = r && typeof r === "object" ? r.status : a.status;
    if (status) parts.push(GK.has(`teacher.status.${status}`) ? t(`teacher.status.${status}`) : String(status));
    if (a.games > 1) parts.push(t("proj.ctl.game_of", { game: a.game_number, games: a.games }));
    if (a.paused) parts.push(t("proj.paused"));
    else if (typeof a.deadline === "number") parts.push(t("proj.time_left", { seconds: secondsLeft(a.deadline) }));
    return parts.join(" · ");
  }

  // The timer's seconds left, counted down on the page between the server's answers (the state
  // gives them as of its fetch: app.fetched).
  function secondsLeft(deadline) {
    return Math.max(0, Math.ceil(deadline - (performance.now() - app.fetched) / 1000));
  }

  function playerName(table, seat) {
    const p = (table.players || [])[seat];
    const name = p === undefined ? "" : typeof p === "string" ? p : p.name; // a bot's says so (the server's)
    return `${letter(seat)} ${name}`.trim();
  }

  // ---------------------------------------------------------------------------- the join box
  function drawJoin(s) {
    const joinUrl = s.join_url || `${location.origin}/join/${code}`;
    $("join-url").textContent = joinUrl;
    $("code").textContent = code;
    const students = (s.students || []).filter((w) => !(w && w.left));
    $("joined").textContent = String(students.length);
    $("joined-label").textContent = t("teacher.joined", { count: students.length });
    if (s.activity) app.ui.started = true;  // the class has joined once the first activity starts
    const small = app.ui.qr === "small" || (app.ui.qr === "auto" && app.ui.started);
    $("join-box").dataset.size = small ? "small" : "big";
    $("ctl-qr").textContent = small ? t("proj.ctl.qr_big") : t("proj.ctl.qr_small");
  }

  // ---------------------------------------------------------------------------- figures (SVG)
  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined) node.setAttribute(name, String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function fmt(x) { return x === null || x === undefined ? "–" : Number.isInteger(x) ? String(x) : x.toFixed(1); }

  // About ``count`` round ticks from lo to hi: steps of 1, 2 or 5 times a power of ten.
  function ticks(lo, hi, count) {
    const raw = (hi - lo) / Math.max(1, count) || 1;
    const power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((m) => m >= raw) || raw;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
    return out;
  }

  // Every bid against its value: the points, the equilibrium line for the round's n and the line
  // bid = value; the winner's point larger. At the clock a bid is the price a student dropped at
  // (a hollow point: the winner's price, a lower bound of where they would have dropped).
  function bidsChart(round, low, high, clock, [W, H]) {
    const L = 100, R = 48, TOP = 20, B = 90;
    const bids = round.bids || [];
    const eq = round.equilibrium || [];
    const ys = [high, ...bids.map((b) => b.bid), ...eq.map((p) => p[1])].filter((y) => y !== null);
    const yHi = Math.max(...ys), yLo = Math.min(low, ...bids.map((b) => b.bid));
    const x = (v) => L + (v - low) / (high - low || 1) * (W - L - R);
    const y = (v) => H - B - (v - yLo) / (yHi - yLo || 1) * (H - B - TOP);
    const parts = [svg("rect", { x: L, y: TOP, width: W - L - R, height: H - B - TOP, fill: "#fff", stroke: "#c9ced6" })];
    for (const v of ticks(low, high, 4)) {
      parts.push(svg("text", { x: x(v), y: H - B + 40, "text-anchor": "middle", class: "tick" }, fmt(v)));
    }
    for (const v of ticks(yLo, yHi, 4)) {
      parts.push(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#eceff3" }));
      parts.push(svg("text", { x: L - 14, y: y(v) + 10, "text-anchor": "end", class: "tick" }, fmt(v)));
    }
    parts.push(svg("text", { x: (L + W - R) / 2, y: H - 12, "text-anchor": "middle", class: "axis" }, t("proj.axis.value")));
    parts.push(svg("text", { x: 30, y: (TOP + H - B) / 2, "text-anchor": "middle", class: "axis",
      transform: `rotate(-90 30 ${(TOP + H - B) / 2})` }, clock ? t("proj.axis.drop") : t("proj.axis.bid")));
    parts.push(svg("line", { x1: x(low), y1: y(low), x2: x(high), y2: y(high), class: "diagonal" }));
    if (eq.length) {
      parts.push(svg("polyline", { class: "equilibrium", fill: "none",
        points: eq.filter((p) => p[1] !== null).map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ") }));
    }
    const winner = round.winner;
    for (const b of bids) {
      const top = b.name === winner && winner !== null;
      parts.push(svg("circle", { cx: x(b.value), cy: y(b.bid), r: top ? 18 : 12,
        class: `bid${top ? " winner" : ""}${b.censored ? " censored" : ""}` }, svg("title", {}, `${b.name}: ${b.value} → ${b.bid}`)));
    }
    return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "figure", role: "img",
      "aria-label": t("proj.bids_title", { round: round.round }) }, parts);
  }

  // Each closed round's revenue as a bar, the theory's expected revenue for its n as a red mark.
  function revenueChart(rounds, [W, H]) {
    const L = 100, R = 24, TOP = 56, B = 90;
    const shown = rounds.filter((r) => r.revenue !== null && r.revenue !== undefined);
    const top = Math.max(1, ...shown.map((r) => r.revenue), ...shown.map((r) => r.theory_revenue || 0)) * 1.1;
    const y = (v) => H - B - v / top * (H - B - TOP);
    const band = (W - L - R) / Math.max(1, shown.length);
    const parts = [svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#7a828c", "stroke-width": 2 })];
    for (const v of ticks(0, top, 4)) {
      parts.push(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#eceff3" }));
      parts.push(svg("text", { x: L - 14, y: y(v) + 10, "text-anchor": "end", class: "tick" }, fmt(v)));
    }
    shown.forEach((r, i) => {
      const x0 = L + i * band + band * 0.18, w = band * 0.64;
      parts.push(svg("rect", { x: x0, y: y(r.revenue), width: w, height: Math.max(0, y(0) - y(r.revenue)), class: "revenue" }));
      parts.push(svg("text", { x: x0 + w / 2, y: y(r.revenue) - 12, "text-anchor": "middle", class: "value" }, fmt(r.revenue)));
      if (r.theory_revenue !== null && r.theory_revenue !== undefined) {
        parts.push(svg("line", { x1: x0 - band * 0.1, x2: x0 + w + band * 0.1, y1: y(r.theory_revenue), y2: y(r.theory_revenue), class: "theory" }));
      }
      const every = Math.ceil(70 / band);  // a label at least every 70 px: no two overlap
      if (i % every === 0 || i === shown.length - 1) {
        parts.push(svg("text", { x: x0 + w / 2, y: H - B + 40, "text-anchor": "middle", class: "tick" }, String(r.round)));
      }
    });
    parts.push(svg("text", { x: (L + W - R) / 2, y: H - 12, "text-anchor": "middle", class: "axis" }, t("proj.axis.round")));
    return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "figure", role: "img", "aria-label": t("proj.revenue_title") }, parts);
  }

  // A figure's size in the page's own pixels (its box's width, at most half the screen's height),
  // so its 30 px labels are 30 px on the screen whatever the width left by the controls.
  function chartSize(id) {
    const W = Math.round(Math.min(1400, Math.max(420, $(id).clientWidth || 760)));
    return [W, Math.round(Math.max(320, Math.min(W * 0.68, window.innerHeight * 0.48)))];
  }

  // The session's formats side by side, as the live board's revenue figure: each format's mean
  // revenue per round with its 95 % interval, and the theory's expected revenue for its n (the
  // same for every format: revenue equivalence).
  function formatsChart(formats, [W, H]) {
    const L = 100, R = 24, TOP = 56, B = 90;
    const top = Math.max(1, ...formats.map((f) => Math.max(f.ci_high ?? f.mean, f.theory ?? 0))) * 1.1;
    const y = (v) => H - B - Math.max(0, v) / top * (H - B - TOP);
    const band = (W - L - R) / Math.max(1, formats.length);
    const parts = [svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#7a828c", "stroke-width": 2 })];
    for (const v of ticks(0, top, 4)) {
      parts.push(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#eceff3" }));
      parts.push(svg("text", { x: L - 14, y: y(v) + 10, "text-anchor": "end", class: "tick" }, fmt(v)));
    }
    formats.forEach((f, i) => {
      const x0 = L + i * band + band * 0.18, w = band * 0.64, mid = x0 + w / 2;
      parts.push(svg("rect", { x: x0, y: y(f.mean), width: w, height: Math.max(0, y(0) - y(f.mean)), class: `revenue format-${f.format}` }));
      if (f.ci_low !== null && f.ci_high !== null) {
        parts.push(svg("line", { x1: mid, x2: mid, y1: y(f.ci_low), y2: y(f.ci_high), class: "interval" }));
        for (const v of [f.ci_low, f.ci_high]) parts.push(svg("line", { x1: mid - 14, x2: mid + 14, y1: y(v), y2: y(v), class: "interval" }));
      }
      if (f.theory !== null) parts.push(svg("line", { x1: x0 - band * 0.1, x2: x0 + w + band * 0.1, y1: y(f.theory), y2: y(f.theory), class: "theory" }));
      parts.push(svg("text", { x: x0 + 8, y: y(0) - 12, "text-anchor": "start", class: "value inside" }, fmt(f.mean)));
      parts.push(svg("text", { x: mid, y: H - B + 40, "text-anchor": "middle", class: "tick" },
        GK.has(`proj.short.${f.format}`) ? t(`proj.short.${f.format}`) : f.format));
    });
    return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "figure", role: "img", "aria-label": t("proj.formats_title") }, parts);
  }

  function drawOutcome(results) {
    const rounds = (results && results.rounds) || [];
    const last = rounds[rounds.length - 1];
    const box = $("outcome-box");
    if (!last || last.status !== "closed") { box.hidden = true; return; }
    box.hidden = false;
    const clock = results.kind === "clock";
    $("outcome").replaceChildren(...(last.winner === null
      ? [t("proj.no_winner", { round: last.round })]
      : [t("proj.round_label", { round: last.round }), " · ", t("proj.winner"), " ",
        el("strong", { class: "winner-name", text: last.winner }), " · ", t("proj.price"), " ",
        el("strong", { class: "price", text: fmt(last.price) })]));
    $("bids-title").textContent = t(clock ? "proj.drops_title" : "proj.bids_title", { round: last.round });
    $("bids-chart").replaceChildren(bidsChart(last, results.low, results.high, clock, chartSize("bids-chart")));
    const legend = [el("li", { class: "key-bid", text: t("proj.legend.bids", { count: last.bids.length }) })];
    if (last.equilibrium.length) legend.push(el("li", { class: "key-eq", text: t("proj.legend.equilibrium", { n: last.bidders }) }));
    legend.push(el("li", { class: "key-diag", text: t("proj.legend.diagonal") }));
    $("bids-legend").replaceChildren(...legend);
    const formats = results.formats || [];
    if (app.ui.compare && formats.length) {
      $("revenue-title").textContent = t("proj.formats_title");
      $("revenue-chart").replaceChildren(formatsChart(formats, chartSize("revenue-chart")));
      $("revenue-line").textContent = t("proj.formats_line");
      $("revenue-summary").textContent = "";
      return;
    }
    $("revenue-title").textContent = t("proj.revenue_title");
    $("revenue-chart").replaceChildren(revenueChart(rounds, chartSize("revenue-chart")));
    $("revenue-line").textContent = last.revenue === null ? ""
      : last.theory_revenue === null ? t("proj.revenue_only", { revenue: fmt(last.revenue) })
        : t("proj.revenue_vs_theory", { revenue: fmt(last.revenue), theory: fmt(last.theory_revenue), n: last.bidders });
    const sum = results.summary;  // the live board's revenue figure: mean over the rounds, 95 % interval
    $("revenue-summary").textContent = !sum || sum.rounds < 2 ? ""
      : sum.ci_low === null ? t("proj.summary_plain", { rounds: sum.rounds, mean: fmt(sum.mean), theory: fmt(sum.theory) })
        : t("proj.summary", { rounds: sum.rounds, mean: fmt(sum.mean), low: fmt(sum.ci_low), high: fmt(sum.ci_high), theory: fmt(sum.theory) });
  }

  function drawClock(s, results) {
    const clock = results && results.clock;
    const open = clock && clock.status === "open" && s.activity && s.activity.kind === "clock";
    $("clock-box").hidden = !open;
    if (!open) return;
    $("clock-price").textContent = String(clock.price);
    const dropped = s.round && typeof s.round === "object" ? s.round.bids || 0 : 0;
    $("still-in").textContent = t("proj.still_in", { count: clock.still_in, total: clock.still_in + dropped });
  }

  // ---------------------------------------------------------------------------- tables
  // A picture's HTML comes from the server's drawers (public view only). The page's security
  // policy refuses inline styles, so the server sends each style attribute as data-gk-style (set
  // here through the DOM, which the policy allows) and the style blocks apart as CSS (added as a
  // constructed style sheet). Parsed in an inert document (DOMParser: nothing runs, nothing
  // loads); scripts and event attributes, which the drawers never write, are dropped all the same.
  function addSheet(css) {
    if (!css || app.sheets.has(css) || typeof CSSStyleSheet === "undefined") return;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      app.sheets.add(css);
    } catch (e) { /* an old browser: the picture keeps teacher.css's rules */ }
  }

  function pictureNode(html, css) {
    addSheet(css);
    const content = new DOMParser().parseFromString(`<div>${html}</div>`, "text/html").body.firstElementChild;
    content.querySelectorAll("script, style, iframe, object, embed, link").forEach((node) => node.remove());
    content.querySelectorAll("*").forEach((node) => {
      for (const name of node.getAttributeNames()) if (/^on|^style$/i.test(name)) node.removeAttribute(name);
    });
    const holder = el("div", { class: "picture" });
    holder.append(...[...document.importNode(content, true).childNodes]);
    holder.querySelectorAll("[data-gk-style]").forEach((node) => {
      node.style.cssText = node.getAttribute("data-gk-style");
      node.removeAttribute("data-gk-style");
    });
    return holder;
  }

  function scoresLine(table) {
    if (!table.scores) return null;
    const names = (table.players || []).map((p, i) => p.name || letter(i));  // a bot's name says it ("Bot B")
    const winners = (table.winners || []).map((w) => names[w]).join(", ");
    return el("p", { class: "scores" },
      el("strong", { text: t("proj.final_scores") }), " ",
      table.scores.map((score, i) => `${names[i]} ${Number(score).toLocaleString("en")}`).join(" · "),
      winners ? el("span", { class: "winners", text: ` — ${t("proj.winners", { names: winners })}` }) : null);
  }

  function drawTables(s, results) {
    const drawn = (results && results.tables && results.tables.length) ? results.tables : null;
    const all = drawn || s.tables || [];
    // A click on a table shows it alone, as large as the screen allows; another click, all again.
    const focused = all.find((tb) => tb.table === app.focus);
    const tables = focused ? [focused] : all;
    $("tables-box").hidden = !tables.length;
    $("tables").dataset.count = String(tables.length);
    $("tables").classList.toggle("focused", !!focused);
    $("tables").replaceChildren(...tables.map((tb) => {
      const game = GK.has(`game.${tb.game}`) ? t(`game.${tb.game}`) : tb.game;
      const turn = tb.over ? t("teacher.table_over")
        : t("teacher.table_turn", { names: (tb.to_act || []).map((p) => playerName(tb, p)).join(", ") });
      return el("li", { "data-table": tb.table, title: t("proj.table_click"),
        onclick: () => { app.focus = app.focus === tb.table ? null : tb.table; draw(); } },
        el("p", { class: "table-head" }, el("strong", { text: t("teacher.table", { table: tb.table, game }) }), " ", turn),
        tb.picture ? pictureNode(tb.picture, tb.css) : null,
        scoresLine(tb));
    }));
  }

  // ---------------------------------------------------------------------------- the board
  function draw() {
    const s = app.state || {};
    const results = app.results && app.results.activity === (s.activity && s.activity.id) ? app.results : null;
    drawJoin(s);
    $("round").textContent = activityLine(s);
    $("paused").hidden = !(s.activity && s.activity.paused);
    const students = (s.students || []).filter((w) => !(w && w.left));
    const auction = isAuction(s.activity);
    const open = s.round && typeof s.round === "object" && s.round.status === "open";
    const waiting = s.waiting || [];
    $("waiting-box").hidden = !(auction && s.activity.kind === "auction" && open);
    $("waiting-title").textContent = waiting.length ? t("teacher.waiting", { count: waiting.length }) : t("teacher.all_in");
    $("waiting").replaceChildren(...(open ? waiting : []).map((w) => el("li", { text: studentName(w) })));
    drawClock(s, results);
    if (auction) drawOutcome(results); else $("outcome-box").hidden = true;
    drawTables(s, auction ? null : results);
    $("students-box").hidden = !!s.activity;
    $("students").replaceChildren(...students.map((w) => el("li", { class: w && w.present === false ? "away" : null, text: studentName(w) })));
    drawControls(s, results);
  }

  // ---------------------------------------------------------------------------- controls
  function showControls(open) {
    app.ui.controls = open;
    saveUi();
    $("controls").hidden = !open;
    $("controls-toggle").setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("with-controls", open);
    if (app.state) draw();  // the figures take the width the panel leaves
  }

  function say(text, bad) {
    $("ctl-message").textContent = text;
    $("ctl-message").classList.toggle("error", !!bad);
  }

  async function send(path, body) {
    let response;
    try {
      response = await api("POST", `${T()}/${path}`, body === undefined ? {} : body, app.token);
    } catch (e) {
      say(t("conn.lost"), true);
      return false;
    }
    if (response.status === 200) {
      say(t("proj.ctl.done"));
      refresh();
      return true;
    }
    const why = response.data && response.data.error ? response.data.error : `HTTP ${response.status}`;
    say(t("proj.ctl.refused", { why }), true);
    return false;
  }

  function whole(id) { return Number.parseInt($(id).value, 10); }

  // What went wrong on the server (the state's faults, newest last): the teacher is told.
  function drawFaults(s) {
    const faults = Array.isArray(s.faults) ? s.faults.slice(-5) : [];
    $("ctl-faults-box").hidden = !faults.length;
    $("ctl-faults").replaceChildren(...faults.map((f) => el("li", {
      text: [f.time, f.where, f.message].filter((x) => x !== undefined && x !== null && x !== "").join(" · ") })));
  }

  function drawControls(s, results) {
    drawFaults(s);
    if (results && results.games && $("ctl-game").options.length !== results.games.length) {
      $("ctl-game").replaceChildren(...results.games.map((g) => el("option", { value: g, text: GK.has(`game.${g}`) ? t(`game.${g}`) : g })));
    }
    const tables = (results && results.tables) || [];
    const people = (s.students || []).filter((w) => w && !w.left);
    // Redrawn only when what it shows changed, and what the teacher is doing in it (a removal
    // being confirmed, a seat being chosen) is kept across redraws: nothing moves under the mouse.
    const signature = JSON.stringify([GK.lang, app.removing, people.map((w) => [w.student, studentName(w), w.present,
      typeof w.absent_for === "number" ? Math.round(w.absent_for / 5) : null, w.rejoin]),
    tables.map((tb) => [tb.table, (tb.players || []).map((p) => [p.name, p.bot])])]);
    if (signature === app.peopleDrawn) return;
    app.peopleDrawn = signature;
    const rows = people.map((w) => {
      const here = w.present === undefined ? "–"
        : w.present ? t("proj.ctl.present")
          : typeof w.absent_for === "number" ? t("proj.ctl.absent_for", { seconds: Math.round(w.absent_for) }) : t("proj.ctl.absent");
      const sure = app.removing === w.student;
      const remove = el("button", { type: "button", class: "small danger", "data-student": w.student,
        text: sure ? t("proj.ctl.remove_sure", { name: studentName(w) }) : t("proj.ctl.remove") });
      remove.addEventListener("click", () => {
        if (app.removing !== w.student) { app.removing = w.student; draw(); return; }
        app.removing = null;
        send("remove", { student: w.student });
      });
      const cells = [el("td", { text: studentName(w) }), el("td", { class: w.present === false ? "away" : null, text: here }),
        el("td", { class: "rejoin", text: w.rejoin || "–" })];
      const actions = el("td", {}, remove);
      if (tables.length) {
        const where = el("select", { class: "seat-to" }, ...tables.flatMap((tb) => (tb.players || []).map((p, i) =>
          el("option", { value: `${tb.table}:${i}`, text: `${tb.table}${letter(i)} ${p.name}` }))));
        if (app.seatChoice[w.student]) where.value = app.seatChoice[w.student];
        where.addEventListener("change", () => { app.seatChoice[w.student] = where.value; });
        const seat = el("button", { type: "button", class: "small", text: t("proj.ctl.seat") });
        seat.addEventListener("click", () => {
          const [table, index] = where.value.split(":").map(Number);
          send("seat", { student: w.student, table, seat: index });
        });
        actions.append(where, seat);
      }
      cells.push(actions);
      return el("tr", { "data-student": w.student }, ...cells);
    });
    $("ctl-people").replaceChildren(...rows);
  }

  async function downloadCsv() {
    let response;
    try {
      response = await fetch(`${T()}/rows?format=csv`, { headers: { Authorization: `Bearer ${app.token}` }, cache: "no-store" });
    } catch (e) {
      say(t("conn.lost"), true);
      return;
    }
    if (!response.ok) { say(t("proj.ctl.refused", { why: `HTTP ${response.status}` }), true); return; }
    const blob = new Blob([await response.text()], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: `classroom-${code}.csv` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    say(t("proj.ctl.done"));
  }

  function wireControls() {
    $("controls-toggle").addEventListener("click", () => showControls($("controls").hidden));
    $("ctl-start-auction").addEventListener("click", () => {
      const body = { format: $("ctl-format").value, rounds: whole("ctl-rounds"), low: whole("ctl-low"), high: whole("ctl-high") };
      if (body.format === "losers_pay_half") body.tick_seconds = Number.parseFloat($("ctl-tick-seconds").value);
      send("auction", body);
    });
    const clockOnly = () => { $("ctl-tick-box").hidden = $("ctl-format").value !== "losers_pay_half"; };
    $("ctl-format").addEventListener("change", clockOnly);
    clockOnly();
    $("ctl-close").addEventListener("click", () => send("close"));
    $("ctl-next").addEventListener("click", () => send("next"));
    $("ctl-tick").addEventListener("click", () => send("tick"));
    $("ctl-pause").addEventListener("click", () => send("pause"));
    $("ctl-resume").addEventListener("click", () => send("resume"));
    $("ctl-set-timer").addEventListener("click", () => send("timer", { seconds: whole("ctl-timer") }));
    $("ctl-no-timer").addEventListener("click", () => send("timer", { seconds: null }));
    $("ctl-start-tables").addEventListener("click", () => {
      // fixed partners keep the previous tables' size (CL-33): the size box speaks for random groups only
      const matching = $("ctl-matching").value;
      const body = { game: $("ctl-game").value, matching, games: whole("ctl-games") };
      if (matching !== "fixed") body.players = whole("ctl-size");
      send("tables", body);
    });
    const sizeFor = () => { $("ctl-size").disabled = $("ctl-matching").value === "fixed"; };
    $("ctl-matching").addEventListener("change", sizeFor);
    sizeFor();
    $("ctl-csv").addEventListener("click", downloadCsv);
    $("ctl-compare").addEventListener("click", () => {
      app.ui.compare = !app.ui.compare;
      saveUi();
      $("ctl-compare").setAttribute("aria-pressed", String(app.ui.compare));
      draw();
    });
    $("ctl-compare").setAttribute("aria-pressed", String(!!app.ui.compare));
    $("ctl-qr").addEventListener("click", () => {
      const small = $("join-box").dataset.size === "small";
      app.ui.qr = small ? "big" : "small";
      saveUi();
      draw();
    });
  }

  async function start() {
    loadUi();
    GK.wireLangButtons();
    GK.onLang(() => { if (app.state) draw(); });
    let resized = null;
    window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(() => { if (app.state) draw(); }, 200); });
    await GK.loadLang(GK.pickLang());
    $("qr").src = `/qr/${encodeURIComponent(code)}.svg`;
    $("qr").alt = t("teacher.qr_alt");
    GK.onLang(() => { $("qr").alt = t("teacher.qr_alt"); });
    wireControls();
    $("login-form").addEventListener("submit", (e) => { e.preventDefault(); tryToken($("login-token").value.trim()); });
    const token = tokenFromFragment() || saved();
    if (token) tryToken(token); else showLogin("");
  }

  window.addEventListener("DOMContentLoaded", start);
})();
