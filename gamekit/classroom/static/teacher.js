// The teacher's projector page: the join URL and QR large, how many have joined, who has not bid
// yet, the round, and the tables with whose turn it is. It needs the teacher token: from the URL
// fragment (#token=...), which is then taken out of the address bar, or typed in. The token is
// kept for this tab only (sessionStorage), never in a student page's storage.
"use strict";

(() => {
  const { t, el, api, letter } = GK;
  const code = decodeURIComponent(location.pathname.replace(/^\/teacher\//, "").replace(/\/$/, "")).toUpperCase();
  const KEY = `gamekit.classroom.teacher.${code}`;
  const app = { token: null, state: null, stream: null, loading: false, again: false };

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

  function showLogin(message) {
    $("board").hidden = true;
    $("login").hidden = false;
    $("login-error").hidden = !message;
    $("login-error").textContent = message || "";
    $("login-token").focus();
  }

  async function tryToken(token) {
    let response;
    try {
      response = await api("GET", `/api/teacher/${encodeURIComponent(code)}/state`, undefined, token);
    } catch (e) {
      showLogin(t("conn.lost"));
      return;
    }
    if (response.status === 200) {
      app.token = token;
      keep(token);
      $("login").hidden = true;
      $("board").hidden = false;
      app.state = response.data;
      draw();
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
    app.stream = GK.follow(`/api/teacher/${encodeURIComponent(code)}/events`, app.token, (name) => {
      if (name !== "heartbeat" && name !== "ping") refresh();
    }, (state) => {
      if (state === "denied") { keep(null); showLogin(t("teacher.bad_token")); return; }
      $("conn").hidden = state === "up";
      $("conn").textContent = state === "up" ? "" : t("conn.lost");
      if (state === "up") refresh();
    });
  }

  async function refresh() {
    if (app.loading) { app.again = true; return; }
    app.loading = true;
    try {
      do {
        app.again = false;
        try {
          const { status, data } = await api("GET", `/api/teacher/${encodeURIComponent(code)}/state`, undefined, app.token);
          if (status === 200 && data) { app.state = data; draw(); }
        } catch (e) { /* the stream reports the connection */ }
      } while (app.again);
    } finally {
      app.loading = false;
    }
  }

  function studentName(s) { return typeof s === "string" ? s : s && s.name !== undefined ? s.name : String(s); }

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
    if (r && typeof r === "object" && r.price !== undefined && r.price !== null) parts.push(t("clock.price_now", { price: r.price }));
    return parts.join(" · ");
  }

  function playerName(table, seat) {
    const p = (table.players || [])[seat];
    const name = p === undefined ? "" : typeof p === "string" ? p : p.bot ? t("table.bot", { name: p.name }) : p.name;
    return `${letter(seat)} ${name}`.trim();
  }

  function draw() {
    const s = app.state || {};
    const joinUrl = s.join_url || `${location.origin}/join/${code}`;
    $("join-url").textContent = joinUrl;
    $("code").textContent = code;
    const students = (s.students || []).filter((w) => !(w && w.left));
    $("joined").textContent = String(students.length);
    $("joined-label").textContent = t("teacher.joined", { count: students.length });
    $("round").textContent = activityLine(s);
    const waiting = s.waiting || [];
    const auction = s.activity && typeof s.activity === "object" && (s.activity.kind === "auction" || s.activity.kind === "clock");
    $("waiting-box").hidden = !auction;
    $("waiting-title").textContent = waiting.length ? t("teacher.waiting", { count: waiting.length }) : t("teacher.all_in");
    $("waiting").replaceChildren(...waiting.map((w) => el("li", { text: studentName(w) })));
    const tables = s.tables || [];
    $("tables-box").hidden = !tables.length;
    $("tables").replaceChildren(...tables.map((tb) => el("li", { "data-table": tb.table },
      el("strong", { text: t("teacher.table", { table: tb.table, game: GK.has(`game.${tb.game}`) ? t(`game.${tb.game}`) : tb.game }) }),
      " ",
      tb.over ? t("teacher.table_over") : t("teacher.table_turn", { names: (tb.to_act || []).map((p) => playerName(tb, p)).join(", ") }))));
    $("students").replaceChildren(...students.map((w) => el("li", { text: studentName(w) })));
  }

  async function start() {
    GK.wireLangButtons();
    GK.onLang(() => { if (app.state) draw(); });
    await GK.loadLang(GK.pickLang());
    $("qr").src = `/qr/${encodeURIComponent(code)}.svg`;
    $("qr").alt = t("teacher.qr_alt");
    GK.onLang(() => { $("qr").alt = t("teacher.qr_alt"); });
    $("login-form").addEventListener("submit", (e) => { e.preventDefault(); tryToken($("login-token").value.trim()); });
    const token = tokenFromFragment() || saved();
    if (token) tryToken(token); else showLogin("");
  }

  window.addEventListener("DOMContentLoaded", start);
})();
