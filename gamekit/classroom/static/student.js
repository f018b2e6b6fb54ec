// The student's single-page app: join with a name, then one screen that follows /api/events and
// shows what /api/me returns for this token, and nothing else: an auction round, the ascending
// clock, or the student's seat at a game table with the legal actions as large buttons.
"use strict";

(() => {
  const { t, el, api, has, letter } = GK;
  const TOKEN_PREFIX = "gamekit.classroom.token.";
  const LAST_CODE = "gamekit.classroom.code";
  const STEPPER_VERBS = new Set(["bid"]);
  const HIDDEN_KEYS = new Set(["game", "players", "viewer", "to_act", "max_turns", "max_decisions", "deck",
    "house_deck", "cheque_deck", "removed_houses", "removed_cheques", "box_coins", "format", "seed"]);
  const SEAT_KEYS = new Set(["active", "start_player", "first_player", "dealer", "high_bidder", "winner"]);
  const app = {
    code: null, token: null, me: null, shown: "", stream: null, refusal: null, steppers: {},
    busy: false, loading: null, again: false,
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

  // ---- joining --------------------------------------------------------------------------------

  function showJoin(code, message) {
    show("loading", false); show("play", false); show("join", true);
    $("who").textContent = "";
    if (code) $("join-code").value = code;
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

  async function join(event) {
    event.preventDefault();
    const code = $("join-code").value.trim().toUpperCase();
    const name = $("join-name").value.trim();
    if (!code || !name) { showJoin(code, t("join.need_both")); return; }
    $("join-button").disabled = true;
    try {
      const { status, data } = await api("POST", "/api/join", { code, name, lang: GK.lang });
      if (status === 200 && data && data.token) {
        store(TOKEN_PREFIX + code, data.token);
        store(LAST_CODE, code);
        enterPlay(code, data.token);
      } else if (status === 404) {
        showJoin(code, t("join.unknown_code"));
      } else {
        showJoin(code, errorText(data, status));
      }
    } catch (e) {
      showJoin(code, t("conn.lost"));
    } finally {
      $("join-button").disabled = false;
    }
  }

  function forget(message) {
    if (app.stream) app.stream.stop();
    app.stream = null;
    if (app.code) store(TOKEN_PREFIX + app.code, null);
    app.token = null; app.me = null; app.shown = "";
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
      if (name === "heartbeat" || name === "ping") return;
      if (app.me && data !== "" && Number(data) === app.me.version) return;
      refresh();
    }, (state) => {
      if (state === "denied") { forget(t("join.removed")); return; }
      setConnection(state === "up");
      if (state === "up") refresh();
    });
    refresh();
  }

  function setConnection(up) {
    const conn = $("conn");
    conn.hidden = up;
    conn.textContent = up ? "" : t("conn.lost");
  }

  async function refresh() {
    if (!app.token) return;
    if (app.loading) { app.again = true; return; }
    app.loading = (async () => {
      do {
        app.again = false;
        try {
          const { status, data } = await api("GET", "/api/me", undefined, app.token);
          if (status === 401 || status === 403) { forget(t("join.removed")); return; }
          if (status === 200 && data) { app.me = data; render(); }
        } catch (e) {
          setConnection(false);
        }
      } while (app.again && app.token);
    })();
    try { await app.loading; } finally { app.loading = null; }
  }

  async function act(text) {
    if (app.busy || !app.token) return;
    app.busy = true;
    document.querySelectorAll("#activity button").forEach((b) => { b.disabled = true; });
    try {
      const { status, data } = await api("POST", "/api/act", { text }, app.token);
      if (status === 200 && data && data.ok) {
        app.refusal = null;
        if (data.me) app.me = data.me;
      } else if (status === 401 || status === 403) {
        forget(t("join.removed")); return;
      } else {
        app.refusal = { text, message: errorText(data, status), key: activityKey(app.me) };
      }
    } catch (e) {
      app.refusal = { text, message: t("conn.lost"), key: activityKey(app.me) };
    } finally {
      app.busy = false;
    }
    app.shown = "";
    render();
    refresh();
  }

  // Which activity a screen shows: a refusal stays on screen until the next action or until the
  // activity (kind, round, table) changes under it.
  function activityKey(me) {
    const a = me && me.activity;
    return a ? `${a.kind}/${a.round ?? ""}/${a.table ?? ""}` : "waiting";
  }

  // ---- drawing --------------------------------------------------------------------------------

  function render() {
    const me = app.me;
    if (!me) return;
    if (app.refusal && app.refusal.key !== activityKey(me)) app.refusal = null;
    const key = JSON.stringify([me, app.refusal, GK.lang]);
    if (key === app.shown) return;
    app.shown = key;
    $("who").textContent = t("play.who", { name: me.name, code: me.session });
    const focused = document.activeElement && document.activeElement.id;
    const box = $("activity");
    box.replaceChildren(activityView(me.activity));
    box.dataset.kind = me.activity ? me.activity.kind : "waiting";
    box.dataset.version = String(me.version);
    const refusal = $("refusal");
    refusal.hidden = !app.refusal;
    refusal.textContent = app.refusal ? t("play.refused", { action: app.refusal.text, message: app.refusal.message }) : "";
    if (focused && $(focused) && box.contains($(focused))) $(focused).focus();
  }

  function activityView(activity) {
    if (!activity) {
      return el("div", { class: "waiting" },
        el("h1", { text: t("wait.title") }), el("p", { class: "hint", text: t("wait.body") }));
    }
    if (activity.kind === "auction") return auctionView(activity);
    if (activity.kind === "clock") return clockView(activity);
    if (activity.kind === "table") return tableView(activity);
    return el("p", { class: "hint", text: t("play.unknown_activity", { kind: activity.kind }) });
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
  // sent as typed, so the server (and the engine) judge them.
  function stepper(id, values, initial, label, onGo) {
    const stored = app.steppers[id];
    let index = values.indexOf(stored !== undefined ? stored : initial);
    if (index < 0) index = 0;
    const input = el("input", { id, class: "amount", type: "number", inputmode: "numeric",
      min: values[0], max: values[values.length - 1], step: 1, value: values[index],
      "aria-label": label(values[index]) });
    const go = el("button", { type: "button", class: "big primary go", "data-go": id });
    const sync = () => {
      const n = Number(input.value);
      app.steppers[id] = n;
      go.textContent = label(Number.isFinite(n) ? n : "?");
    };
    const move = (direction) => {
      const n = Number(input.value);
      let next;
      if (!Number.isFinite(n) || input.value.trim() === "") next = values[0];
      else if (direction > 0) next = values.find((v) => v > n) ?? values[values.length - 1];
      else next = [...values].reverse().find((v) => v < n) ?? values[0];
      input.value = next;
      sync();
    };
    input.addEventListener("input", sync);
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); go.click(); } });
    go.addEventListener("click", () => {
      const n = Number(input.value);
      if (input.value.trim() === "" || !Number.isInteger(n)) { input.focus(); return; }
      onGo(n);
    });
    sync();
    return el("div", { class: "stepper", "data-values": values.length <= 5000 ? values.join(",") : null },
      el("div", { class: "row" },
        el("button", { type: "button", class: "step minus", "aria-label": t("common.less"), onclick: () => move(-1) }, "−"),
        input,
        el("button", { type: "button", class: "step plus", "aria-label": t("common.more"), onclick: () => move(1) }, "+")),
      go);
  }

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
    const parts = [
      el("h1", { text: formatName(a.format) }),
      el("p", { class: "round", text: roundLine(a) }),
      big(t("auction.your_value"), a.value, "value"),
      el("p", { class: "hint", text: has(`auction.rule.${a.format}`) ? t(`auction.rule.${a.format}`) : "" }),
    ];
    if (a.my_bid !== null && a.my_bid !== undefined) {
      parts.push(el("p", { class: "confirm", id: "bid-in", text: t("auction.bid_in", { bid: a.my_bid }) }));
    }
    if (a.status === "open") {
      if (a.my_bid === null || a.my_bid === undefined) {
        const low = a.low ?? 0;
        const high = a.high ?? 100;
        parts.push(el("p", { class: "hint", text: t("auction.bid_range", { low, high }) }));
        parts.push(stepper(`bid-${a.round}`, range(low, high), low, (n) => t("auction.bid_button", { bid: n }),
          (n) => act(`bid ${n}`)));
      } else {
        parts.push(el("p", { class: "hint", text: t("auction.wait_close") }));
      }
    } else {
      parts.push(el("p", { class: "status", text: t("auction.closed") }));
      parts.push(feedbackView(a.feedback, a));
    }
    return el("div", { class: "auction" }, parts);
  }

  function clockView(a) {
    const parts = [
      el("h1", { text: formatName(a.format) }),
      el("p", { class: "round", text: roundLine(a) }),
      big(t("auction.your_value"), a.value, "value"),
      big(t("clock.price"), a.price, "price"),
      el("p", { class: "hint", text: t("clock.rule") }),
    ];
    if (a.status === "open") {
      if (a.in) {
        parts.push(el("button", { type: "button", class: "big danger drop", "data-action": "drop", onclick: () => act("drop") },
          t("clock.drop")));
      } else {
        parts.push(el("p", { class: "confirm", id: "dropped", text: t("clock.out") }));
      }
    } else {
      parts.push(el("p", { class: "status", text: t("auction.closed") }));
      parts.push(feedbackView(a.feedback, a));
    }
    return el("div", { class: "clock" }, parts);
  }

  // ---- game tables ----------------------------------------------------------------------------

  function playerName(a, seat) {
    const p = (a.players || [])[seat];
    const name = p ? (p.bot ? t("table.bot", { name: p.name }) : p.name) : "";
    return `${letter(seat)} ${name}`.trim();
  }

  function gameName(game) { return has(`game.${game}`) ? t(`game.${game}`) : game; }

  function tableView(a) {
    const v = a.view || {};
    const toAct = a.to_act || [];
    const mine = toAct.includes(a.seat);
    const parts = [
      el("h1", { text: gameName(a.game) }),
      el("p", { class: "seat", text: t("table.you_are", { seat: a.seat_letter || letter(a.seat), table: a.table }) }),
    ];
    if (a.result) {
      parts.push(resultView(a));
    } else if (mine) {
      parts.push(el("p", { class: "turn mine", id: "your-turn", text: t("table.your_turn") }));
    } else if (a.any_time) {
      // CL-17: the bots wait at this point for the student, who may act at any time or pass
      const names = toAct.map((s) => playerName(a, s)).join(", ");
      parts.push(el("p", { class: "turn mine any-time", id: "any-time", text: t("table.any_time", { names, seconds: Math.ceil(a.any_time.left) }) }));
    } else if (toAct.length) {
      parts.push(el("p", { class: "turn", text: t("table.waiting_for", { names: toAct.map((s) => playerName(a, s)).join(", ") }) }));
    }
    if (a.legal && a.legal.length) parts.push(actionsView(a));
    if (a.game === "for_sale") parts.push(forSaleView(a, v));
    else if (a.game === "money_monsoon") parts.push(monsoonView(a, v));
    else parts.push(genericView(a, v));
    parts.push(logView(a.log || []));
    return el("div", { class: `table game-${a.game}` }, parts);
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
  // legal amounts, everything else one large button each. Every legal action is reachable.
  function actionsView(a) {
    const groups = [];
    const byVerb = {};
    for (const text of a.legal) {
      const sp = text.indexOf(" ");
      const verb = sp < 0 ? text : text.slice(0, sp);
      const arg = sp < 0 ? "" : text.slice(sp + 1);
      if (!byVerb[verb]) { byVerb[verb] = { verb, numbers: [], buttons: [] }; groups.push(byVerb[verb]); }
      if (/^-?\d+$/.test(arg)) byVerb[verb].numbers.push(Number(arg));
      else byVerb[verb].buttons.push(text);
    }
    const box = el("div", { class: "actions", id: "actions" });
    for (const g of groups) {
      const part = el("div", { class: `group verb-${g.verb}` });
      if (g.numbers.length >= 3 && (STEPPER_VERBS.has(g.verb) || g.numbers.length > 24)) {
        const values = [...g.numbers].sort((x, y) => x - y);
        part.append(stepper(`act-${a.table}-${g.verb}`, values, values[0],
          (n) => t("act.with_arg", { verb: verbLabel(g.verb), arg: n }), (n) => act(`${g.verb} ${n}`)));
      } else {
        g.buttons.push(...g.numbers.map((n) => `${g.verb} ${n}`));
      }
      if (g.buttons.length) {
        const wide = g.buttons.length <= 2;
        part.append(el("div", { class: `buttons ${wide ? "wide" : "grid"}` }, g.buttons.map((text) =>
          el("button", { type: "button", class: "big act", "data-action": text, onclick: () => act(text) }, actionLabel(a, text)))));
      }
      box.append(part);
    }
    return box;
  }

  function cards(values, cls, label) {
    if (!values || !values.length) return el("span", { class: "none", text: t("table.none") });
    return el("div", { class: `cards ${cls}`, "aria-label": label || "" },
      values.map((c) => el("span", { class: `card ${cls}`, "data-card": c, text: money(c) })));
  }

  function money(n) { return typeof n === "number" ? n.toLocaleString("en-US") : String(n); }

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

  function forSaleView(a, v) {
    const s = a.seat;
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
    parts.push(el("div", { class: "zone mine", id: "my-hand" },
      el("h2", { text: t("fs.your_houses") }), cards((v.houses || [])[s] || [], "house mine", "hand")));
    parts.push(el("div", { class: "zone mine" }, big(t("fs.your_coins"), (v.coins || [])[s] ?? "", "coins")));
    if (((v.cheques || [])[s] || []).length || phase !== "buy") {
      parts.push(el("div", { class: "zone mine", id: "my-cheques" },
        el("h2", { text: t("fs.your_cheques") }), cards((v.cheques || [])[s] || [], "cheque mine")));
    }
    if ((v.chosen || [])[s] !== null && (v.chosen || [])[s] !== undefined) {
      parts.push(el("p", { class: "confirm", text: t("fs.chosen", { house: v.chosen[s] }) }));
    }
    const columns = [
      { label: t("fs.coins"), cell: (p) => money((v.coins || [])[p] ?? "") },
      { label: t("fs.houses"), cell: (p) => (v.house_counts || [])[p] ?? "" },
      { label: t("fs.cheques"), cell: (p) => (v.cheque_counts || [])[p] ?? "" },
    ];
    if (phase === "buy") {
      columns.push({ label: t("fs.bid"), cell: (p) => ((v.passed || [])[p] ? t("fs.passed") : money((v.bids || [])[p] ?? 0)) });
    }
    parts.push(el("div", { class: "zone" }, el("h2", { text: t("table.players") }), seatRows(a, columns)));
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

  function monsoonView(a, v) {
    const s = a.seat;
    const length = v.track_length || 25;
    const phase = v.phase || "";
    const parts = [
      el("p", { class: "phase", text: `${has(`mm.phase.${phase}`) ? t(`mm.phase.${phase}`) : phase} · ${t("mm.turn", { turn: v.turn })}` }),
    ];
    if (v.roll !== null && v.roll !== undefined) {
      parts.push(big(t("mm.roll"), v.roll, "roll"));
    }
    if (v.active !== null && v.active !== undefined) parts.push(el("p", { text: t("mm.active", { name: playerName(a, v.active) }) }));
    if (v.winner !== null && v.winner !== undefined && v.price !== null && v.price !== undefined) {
      parts.push(el("p", { class: "high", text: t("mm.won_bid", { name: playerName(a, v.winner), price: v.price }) }));
    }
    const pawns = (v.pawns || [])[s] || [0, 0];
    parts.push(el("div", { class: "zone mine", id: "my-pawns" },
      big(t("mm.your_points"), money((v.points || [])[s] ?? ""), "coins"),
      el("p", { text: t("mm.your_debt", { debt: (v.debt || [])[s] ?? 0 }) }),
      el("p", { text: t("mm.pawns", { a: pawns[0], b: pawns[1], goal: length }) }),
      track(length, [{ name: "a", at: pawns[0] }, { name: "b", at: pawns[1] }])));
    if ((v.bids || [])[s] !== null && (v.bids || [])[s] !== undefined) {
      parts.push(el("p", { class: "confirm", text: t("mm.your_bid", { bid: v.bids[s] }) }));
    }
    parts.push(el("div", { class: "zone" }, el("h2", { text: t("table.players") }), seatRows(a, [
      { label: t("mm.points"), cell: (p) => money((v.points || [])[p] ?? "") },
      { label: t("mm.debt"), cell: (p) => (v.debt || [])[p] ?? "" },
      { label: t("mm.pawn_a"), cell: (p) => ((v.pawns || [])[p] || [])[0] ?? "" },
      { label: t("mm.pawn_b"), cell: (p) => ((v.pawns || [])[p] || [])[1] ?? "" },
      { label: t("mm.bid"), cell: (p) => { const b = (v.bids || [])[p]; return b === null || b === undefined ? "" : b; } },
    ])));
    return el("div", { class: "money-monsoon" }, parts);
  }

  function compact(value) {
    if (value === null || value === undefined) return t("table.hidden");
    if (Array.isArray(value)) {
      if (!value.length) return t("table.none");
      return value.map((x) => (x !== null && typeof x === "object" ? compact(x) : x === null ? "–" : String(x))).join(", ");
    }
    if (typeof value === "object") {
      const entries = Object.entries(value);
      if (!entries.length) return t("table.none");
      return entries.map(([k, x]) => `${k}: ${x !== null && typeof x === "object" ? `(${compact(x)})` : x === null ? "–" : x}`).join(", ");
    }
    if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
    return String(value);
  }

  function keyLabel(key) { return has(`key.${key}`) ? t(`key.${key}`) : key; }

  // Kuhhandel, Bohnanza and any other game: the seat's own holdings (every per-seat entry of the
  // view at this seat), the per-seat public entries as a table, and the rest as key: value lines.
  function genericView(a, v) {
    const n = (a.players || []).length;
    const perSeat = [];
    const other = [];
    for (const [key, value] of Object.entries(v)) {
      if (HIDDEN_KEYS.has(key)) continue;
      if (Array.isArray(value) && value.length === n && n > 1) perSeat.push(key);
      else other.push(key);
    }
    const own = el("dl", { class: "kv" }, perSeat.map((key) => [el("dt", { text: keyLabel(key) }),
      el("dd", { "data-key": key, text: compact(v[key][a.seat]) })]));
    const publicRows = perSeat.filter((key) => v[key].some((x, p) => p !== a.seat && x !== null));
    return el("div", { class: "generic" },
      el("div", { class: "zone mine", id: "my-holdings" }, el("h2", { text: t("table.yours") }), own),
      el("div", { class: "zone" }, el("h2", { text: t("table.public") }),
        el("dl", { class: "kv" }, other.map((key) => [el("dt", { text: keyLabel(key) }),
          el("dd", { text: SEAT_KEYS.has(key) && Number.isInteger(v[key]) ? playerName(a, v[key]) : compact(v[key]) })]))),
      el("div", { class: "zone" }, el("h2", { text: t("table.players") }),
        seatRows(a, publicRows.map((key) => ({ label: keyLabel(key), cell: (p) => compact(v[key][p]) })))));
  }

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
        enterPlay(code, token); // the server is away: keep the seat and reconnect
        return;
      }
    }
    showJoin(fromPath || "");
  }

  window.addEventListener("DOMContentLoaded", start);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
})();
