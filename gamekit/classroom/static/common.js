// Shared by the student page and the projector page: the catalog of words, DOM helpers, JSON
// requests with a bearer token, and a server-sent-events reader that reconnects by itself.
// Plain JavaScript, no build step, nothing loaded from outside the app.
"use strict";

const GK = (() => {
  const LANGS = ["ja", "en"];
  const LANG_KEY = "gamekit.classroom.lang";
  let messages = {};
  let lang = "en";
  const listeners = [];

  function pickLang() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (LANGS.includes(asked)) {
      try { localStorage.setItem(LANG_KEY, asked); } catch (e) { /* private mode */ }
      return asked;
    }
    let saved = null;
    try { saved = localStorage.getItem(LANG_KEY); } catch (e) { /* private mode */ }
    if (LANGS.includes(saved)) return saved;
    // The phone's languages in its order; one the pages lack (zh, ko, fr...) reads English.
    const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""]);
    for (const tag of wanted) {
      const base = String(tag || "").slice(0, 2).toLowerCase();
      if (LANGS.includes(base)) return base;
    }
    return "en";
  }

  async function loadLang(wanted) {
    const response = await fetch(`/i18n/${wanted}.json`, { cache: "no-cache" });
    if (!response.ok) throw new Error(`catalog ${wanted}: HTTP ${response.status}`);
    messages = (await response.json()).messages;
    lang = wanted;
    document.documentElement.lang = wanted;
    applyStatic(document);
    document.querySelectorAll("button.lang").forEach((b) => {
      b.setAttribute("aria-pressed", String(b.dataset.lang === wanted));
    });
    listeners.forEach((f) => f(wanted));
  }

  // The message `key` with its {placeholders} filled; the key itself if the catalog lacks it
  // (the unit test checks that every key the pages use is in both catalogs).
  function t(key, values) {
    const text = messages[key];
    if (text === undefined) return key;
    return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (m, name) =>
      values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : m);
  }

  function has(key) { return Object.prototype.hasOwnProperty.call(messages, key); }

  function applyStatic(root) {
    root.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  }

  function setLang(wanted) {
    if (!LANGS.includes(wanted)) return Promise.resolve();
    try { localStorage.setItem(LANG_KEY, wanted); } catch (e) { /* private mode */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", wanted);
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    return loadLang(wanted);
  }

  function onLang(f) { listeners.push(f); }

  function wireLangButtons() {
    document.querySelectorAll("button.lang").forEach((b) => {
      b.addEventListener("click", () => setLang(b.dataset.lang));
    });
  }

  // A DOM element; children are nodes or strings (always text: nothing is parsed as HTML).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // A JSON request; resolves to {status, data} whatever the status (data null if not JSON),
  // rejects only when the server cannot be reached.
  // A request the server holds longer than `limit` ms counts as unreachable (a held connection
  // must not grey the page without a word).
  async function api(method, path, body, token, limit = 12000) {
    const headers = { Accept: "application/json", "X-Gamekit-Lang": lang }; // the engine's words in the page's language
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limit);
    try {
      const response = await fetch(path, {
        method, headers, cache: "no-store", signal: controller.signal,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      let data = null;
      try { data = await response.json(); } catch (e) { data = null; }
      return { status: response.status, data };
    } finally {
      clearTimeout(timer);
    }
  }

  // Follow a server-sent-events stream with a bearer token (EventSource cannot send one, so the
  // stream is read with fetch). onEvent(name, data) for each event; onState("up" | "down" |
  // "denied"). Reconnects after a dropped connection, waiting 1, 2 then 3 seconds (a server that
  // comes back is found within seconds).
  function follow(path, token, onEvent, onState) {
    let stopped = false;
    let controller = null;
    let wait = 1000;
    async function once() {
      controller = new AbortController();
      const response = await fetch(path, {
        headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}` },
        cache: "no-store", signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) { onState("denied"); stopped = true; return; }
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      onState("up");
      wait = 1000;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = "message";
          const data = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") name = text;
            else if (field === "data") data.push(text);
          }
          if (data.length || name !== "message") onEvent(name, data.join("\n"));
        }
      }
    }
    async function loop() {
      while (!stopped) {
        let clean = false;
        try { await once(); clean = true; } catch (e) { /* dropped: reconnect below */ }
        if (stopped) break;
        if (clean) {
          // The server closed the stream on purpose (streams are bounded in time): reopen soon.
          await new Promise((r) => setTimeout(r, 300));
          continue;
        }
        onState("down");
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 3000);
      }
    }
    loop();
    return { stop() { stopped = true; if (controller) controller.abort(); } };
  }

  function letter(seat) { return String.fromCharCode(65 + seat); }

  return { LANGS, pickLang, loadLang, setLang, onLang, wireLangButtons, t, has, applyStatic, el, api, follow, letter,
    get lang() { return lang; } };
})();
