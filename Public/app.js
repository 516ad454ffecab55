// Enhancements only: every control works without this file (pages never run inline script).
// - Escape closes the top presentation, unless it closes through its buttons only (an alert, a
//   screen with interactiveDismissDisabled); over a form whose Cancel posts it, Escape and the
//   scrim press that Cancel, so the server can ask before edits are lost.
// - Focus moves into a presentation when it opens, and back to the link that opened it when the
//   screen behind shows again.
// - Closing a presentation returns through history when the previous entry is the screen behind
//   it, so the browser's Back does not reopen what was just closed.
// - Back and Forward say which way the page moved (html[data-transition], for the stylesheet's
//   view transitions): the server cannot tell for those, as they send the Referer of the entry
//   they return to, but the browser's history can. The same name is added to the transition's
//   types.
// - A sheet's grabber moves it between its detents in place, by a click or a drag, and the URL
//   follows (replaceState) so that a reload or a shared link opens it at that height; dragged
//   well below its half height, the sheet closes. The page behind becomes usable or inert as the
//   sheet's background interaction says for the detent it moved to.
// - The root says which way the page last scrolled (html[data-scrolled]), for the phone's tab bar
//   to minimize on scroll down where the stylesheet cannot tell (no scroll-state queries).
// - A form's submit buttons wait while a required field (aria-required) is empty, and a posted
//   form is not posted twice: its buttons say so (aria-disabled) and the one pressed shows its
//   data-pending-title ("Saving…"). Without the script the server's 422 answers an empty field.
// - A screen whose data can change (<meta name="navigation-updates">) refreshes itself when the
//   server says it changed: a stream of server-sent events, open while the page is visible, says
//   `refresh`, and the page fetched again is morphed into this one in place, so focus, the caret,
//   scroll positions, open details and typed values stay. A screen with edits in its forms is not
//   refreshed under the person: it says it changed, and refreshes when they press Show.
//   Tests read html[data-updates] (open or closed) and html[data-refreshes] (refreshes done).
//   Without the script, or without the meta, the page is a snapshot, as any page.
// - Each window (browser tab) keeps its own state: the stacks of the tabs it does not show, its
//   scene storage and its flow's draft. The window names itself (<meta name="navigation-window">
//   names the cookie) just before each request it makes; a request no window named is served the
//   state of the window last used. Without the script every window shares one state.
// Since a refresh replaces parts of the page, what the script does for elements is done through
// listeners on the document, or in prepare(), which runs again after each refresh.
(() => {
  "use strict";
  const root = document.documentElement;
  // The element an event happened in (or under) that matches `selector`.
  const closest = (event, selector) => (event.target instanceof Element ? event.target.closest(selector) : null);

  // ---- A window's own state ----
  // The window's id is kept in sessionStorage, which a reload keeps, and in window.name, which a
  // tab that copied its opener's sessionStorage does not have: that tab takes an id of its own.
  // The id goes in a short-lived cookie when this window follows a link, posts a form or refreshes
  // (a request of its own), and is taken back when the page goes or a link opens elsewhere, so that
  // a new tab's first page is not taken for this window's. The page says which window's state it
  // shows (data-window); one that shows another's or none (its request went unnamed: Back, a
  // reload, an address typed, this tab's first page, or a cookie written too late for the
  // navigation it preceded) says so with its next request (`<id>.adopt`): the server then keeps
  // what that request did as this window's.
  // sessionStorage, where a browser allows it (null where it does not).
  const session = (work) => { try { return work(sessionStorage); } catch { return null; } };
  const windowCookie = document.querySelector('meta[name="navigation-window"]')?.content;
  const ownWindow = (() => {
    if (!windowCookie) return null;
    let id = session((storage) => storage.getItem("navigation-window"));
    if (!id || window.name !== "navigation-window:" + id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("");
      session((storage) => storage.setItem("navigation-window", id));
      window.name = "navigation-window:" + id;
    }
    return id;
  })();
  const windowCookieAttributes = "; Path=/; SameSite=Lax" + (location.protocol === "https:" ? "; Secure" : "");
  // Whether `page` (this document, or one a refresh fetched) shows this window's own state.
  const showsOwnWindow = (page) =>
    Boolean(ownWindow) && page.querySelector('meta[name="navigation-window"]')?.dataset.window === ownWindow;
  let shownAsOwn = showsOwnWindow(document);
  const nameWindow = () => {
    if (!ownWindow) return;
    document.cookie = `${windowCookie}=${ownWindow}${shownAsOwn ? "" : ".adopt"}; Max-Age=10${windowCookieAttributes}`;
  };
  const unnameWindow = () => {
    if (ownWindow) document.cookie = `${windowCookie}=; Max-Age=0${windowCookieAttributes}`;
  };
  document.addEventListener("click", (event) => {
    const link = closest(event, "a[href]");
    const elsewhere = event.ctrlKey || event.metaKey || event.shiftKey || (link && link.target && link.target !== "_self");
    if (elsewhere) unnameWindow(); else nameWindow();
  }, true);
  document.addEventListener("auxclick", unnameWindow, true);
  document.addEventListener("submit", nameWindow, true);
  addEventListener("pagehide", unnameWindow);

  const screen = (url) => {
    const segments = url.pathname.split("/").filter(Boolean);
    return { tab: segments[0] || "", path: segments.slice(1).join("/"), present: url.searchParams.get("present"),
      presented: url.searchParams.get("presented-path") || "", search: url.search };
  };
  const extending = (longer, shorter) => longer !== shorter && (shorter === "" || longer.startsWith(shorter + "/"));
  const direction = (before, after, push, pop) =>
    extending(after, before) ? push : extending(before, after) ? pop : before === after ? null : "replace";
  // The same rules as the server's (Location.movement(from:to:)), on the two URLs.
  const movement = (from, to) => {
    const a = screen(from), b = screen(to);
    if (a.tab !== b.tab) return "tab";
    if (!a.present !== !b.present) return b.present ? "present" : "dismiss";
    if (a.present) return a.present !== b.present ? "replace" : direction(a.presented, b.presented, "push-presented", "pop-presented") || "none";
    return direction(a.path, b.path, "push", "pop") || (a.search === b.search ? "none" : "replace");
  };
  addEventListener("pagereveal", (event) => {
    const activation = window.navigation && navigation.activation;
    if (activation && activation.navigationType === "traverse" && activation.from && activation.entry) {
      root.dataset.transition = movement(new URL(activation.from.url), new URL(activation.entry.url));
    }
    // The same as a view transition type, for stylesheets that select on :active-view-transition-type().
    const kind = root.dataset.transition;
    if (event.viewTransition && event.viewTransition.types && kind) event.viewTransition.types.add(kind);
  });
  let lastScroll = Math.max(scrollY, 0);
  addEventListener("scroll", () => {
    const y = Math.max(scrollY, 0);   // not the bounce above the top
    if (Math.abs(y - lastScroll) < 4) return;
    root.dataset.scrolled = y > lastScroll ? "down" : "up";
    lastScroll = y;
  }, { passive: true });

  // A button with formnovalidate (Skip) needs nothing filled in, and is never held back.
  const submitters = (form) => [...form.elements].filter((control) => control.type === "submit");
  const holdUntilFilled = (form) => {
    const missing = [...form.querySelectorAll("[aria-required='true']")].some((field) => !field.value.trim());
    for (const button of submitters(form)) if (!button.formNoValidate) button.disabled = missing;
  };
  const holdsUntilFilled = (form) => form && form.querySelector("[aria-required='true']");
  // What the page's elements need besides the document's listeners: at load, and after each
  // refresh (which takes the server's markup, without the disabled buttons set here). Safe to
  // run again on elements it has seen.
  const prepare = () => {
    for (const form of document.forms) if (holdsUntilFilled(form)) holdUntilFilled(form);
  };
  prepare();
  document.addEventListener("input", (event) => {
    const form = closest(event, "form");
    if (holdsUntilFilled(form)) holdUntilFilled(form);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.method !== "post") return;
    if (form.dataset.pending) return event.preventDefault();
    form.dataset.pending = "true";
    for (const button of submitters(form)) button.setAttribute("aria-disabled", "true");
    const pressed = event.submitter;
    if (pressed && pressed.dataset.pendingTitle && !pressed.querySelector(".symbol")) {
      pressed.dataset.title = pressed.textContent;
      pressed.textContent = pressed.dataset.pendingTitle;
    }
  });
  // A page the browser kept (Back to it) shows its forms as they were before they were posted.
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.forms) {
      if (!form.dataset.pending) continue;
      delete form.dataset.pending;
      for (const button of submitters(form)) {
        button.removeAttribute("aria-disabled");
        if (button.dataset.title !== undefined) button.textContent = button.dataset.title;
      }
    }
  });

  // Presentations. Each listener looks the presentation up when it runs: a refresh keeps the
  // element (#presentation) but may change what is in it.
  const here = location.pathname + location.search;
  const presentation = () => document.getElementById("presentation");

  document.addEventListener("click", (event) => {
    const link = closest(event, "a[href*='present=']");
    const dialog = presentation();
    if (link && !(dialog && dialog.contains(link))) {
      sessionStorage.setItem("opener", JSON.stringify({ page: here, href: link.getAttribute("href") }));
    }
  });

  // Focus, once, when the page opens (a refresh leaves focus where the person put it).
  const shownAtLoad = presentation();
  if (!shownAtLoad) {
    const opener = JSON.parse(sessionStorage.getItem("opener") || "null");
    if (opener && opener.page === here) {
      sessionStorage.removeItem("opener");
      const link = [...document.querySelectorAll("a[href]")].find((a) => a.getAttribute("href") === opener.href);
      if (link) link.focus();
    }
  } else if (!shownAtLoad.contains(document.activeElement)) {
    // A form sent back with errors: its first field in error, which says why; else the presentation.
    const invalid = shownAtLoad.querySelector('[aria-invalid="true"]');
    (invalid || shownAtLoad).focus();
  }

  // Where closing the presentation leads (its Close or Cancel link's, or the scrim's). None for an
  // alert, or a screen that disabled interactive dismissal: they close through their buttons only,
  // neither Escape nor a drag down closes them (their buttons are plain links and forms).
  const behind = (dialog) => {
    if (!dialog || dialog.dataset.dismiss === "buttons") return null;
    // The scrim just before it: one under a presentation it covers comes earlier.
    const scrim = dialog.previousElementSibling;
    const closer = dialog.querySelector("a.close") || dialog.querySelector("a.role-cancel")
      || (scrim && scrim.matches("a.scrim") ? scrim : null);
    return closer ? closer.getAttribute("href") : null;
  };
  const cameFrom = (page) => {
    if (!document.referrer) return false;
    const previous = new URL(document.referrer);
    return previous.origin === location.origin && previous.pathname + previous.search === page;
  };
  const close = (page, event) => {
    if (event) event.preventDefault();
    if (cameFrom(page)) history.back();
    else location.assign(page);
  };
  // A form whose Cancel posts it, so that the server can ask before edits are lost (it leaves at
  // once when there are none): Escape and the scrim press that Cancel rather than leave.
  const postedCancel = (dialog) => dialog && dialog.querySelector("button[name='_submitter']");
  document.addEventListener("click", (event) => {
    const link = closest(event, "a[href]"), dialog = presentation(), page = behind(dialog);
    if (link && page && link.getAttribute("href") === page && (dialog.contains(link) || link.classList.contains("scrim"))) {
      const cancel = postedCancel(dialog);
      if (cancel) { event.preventDefault(); cancel.click(); } else close(page, event);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const dialog = presentation(), page = behind(dialog), cancel = page && postedCancel(dialog);
    if (cancel) { event.preventDefault(); cancel.click(); } else if (page) close(page, event);
  });

  // The sheet's grabber.
  const grabberOf = (event) => {
    const grabber = closest(event, "a.grabber"), dialog = presentation();
    return grabber && dialog && dialog.contains(grabber) ? grabber : null;
  };
  const detent = (dialog) => [...dialog.classList].find((name) => name.startsWith("detent-")).slice("detent-".length);
  // The grabber links to the page with the sheet at its other detent; moving there in place swaps
  // the two, and the forms that post to this page post to the new URL.
  const toggle = (dialog, grabber) => {
    const page = location.pathname + location.search, next = grabber.getAttribute("href"), from = detent(dialog);
    dialog.classList.replace("detent-" + from, "detent-" + grabber.dataset.detent);
    // presentationBackgroundInteraction: the page behind is usable while the sheet rests no higher.
    const upThrough = dialog.dataset.interactsUpThrough;
    if (upThrough) {
      const usable = upThrough === "large" || grabber.dataset.detent === "medium";
      document.querySelector(".app").inert = !usable;
      const scrim = dialog.previousElementSibling;
      if (scrim && scrim.matches(".scrim")) scrim.hidden = usable;
      if (usable) dialog.removeAttribute("aria-modal");
      else dialog.setAttribute("aria-modal", "true");
    }
    history.replaceState(history.state, "", next);
    for (const form of document.querySelectorAll("form")) {
      if (form.getAttribute("action") === page) form.setAttribute("action", next);
    }
    const label = grabber.getAttribute("aria-label");
    grabber.setAttribute("aria-label", grabber.dataset.returnLabel);
    grabber.dataset.returnLabel = label;
    grabber.setAttribute("href", page);
    grabber.dataset.detent = from;
  };
  let drag = null, dragged = false;
  document.addEventListener("click", (event) => {
    const grabber = grabberOf(event);
    if (!grabber) return;
    event.preventDefault();
    if (!dragged) toggle(presentation(), grabber);
    dragged = false;
  });
  document.addEventListener("pointerdown", (event) => {
    const grabber = grabberOf(event);
    if (!grabber || event.button !== 0) return;
    event.preventDefault();   // no native drag of the link (or of the scrim behind), no selection
    drag = { id: event.pointerId, y: event.clientY, top: presentation().getBoundingClientRect().top, grabber };
    dragged = false;
    grabber.setPointerCapture(event.pointerId);
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const moved = event.clientY - drag.y;
    if (!dragged && Math.abs(moved) < 6) return;
    dragged = true;
    const dialog = presentation();
    dialog.classList.add("dragging");
    dialog.style.top = Math.max(0, drag.top + moved) + "px";
  });
  const release = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { grabber } = drag;
    drag = null;
    if (!dragged) return;
    const dialog = presentation(), page = behind(dialog);
    const top = dialog.getBoundingClientRect().top;
    dialog.classList.remove("dragging");
    dialog.style.top = "";
    if (top > innerHeight * 0.75 && page) return close(page);
    // Between large (near the top) and medium (half way), the nearer wins.
    const wanted = top < innerHeight * 0.3 ? "large" : "medium";
    if (wanted !== detent(dialog) && grabber.dataset.detent === wanted) toggle(dialog, grabber);
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);

  // ---- Screens that refresh themselves ----
  // The page names its stream in <meta name="navigation-updates" content="/…?token=…">: server-sent
  // events, comments as heartbeats, and at most one event, `refresh`, after which the server ends
  // the stream. It is read with fetch, not EventSource, whose errors do not tell the statuses
  // apart: 204 is "never for this token" (forged, expired, signed out), 429 and 503 "not now,
  // after Retry-After". The stream is open only while the page is visible: a browser allows six
  // HTTP/1.1 connections per host, which hidden tabs must not hold.
  const updates = {
    controller: null,   // the open stream's
    timer: 0,           // the reconnection waiting, if any
    notBefore: 0,       // no reconnection before this time (ms): the last delay asked for
    url: null,          // the stream the two below belong to
    lastEventId: "",    // sent back as Last-Event-ID when reconnecting
    retry: 3000,        // the reconnection delay, which the stream may set (retry:)
    refused: null,      // a stream that will never open (204, or its page is gone): not asked again
    refreshing: null,   // the refresh under way's AbortController
    failures: 0,        // refreshes that failed in a row
    notice: null,       // "This screen has changed", while it shows
  };
  const updatesMeta = () => document.querySelector("meta[name='navigation-updates']");
  // The stream's URL, same-origin only: the request carries the person's cookies.
  const updatesURL = () => {
    const meta = updatesMeta();
    if (!meta || !meta.content) return null;
    const url = new URL(meta.content, location.href);
    return url.origin === location.origin ? url.href : null;
  };
  // 0 to 50 % more, so that the pages a restarted server dropped do not all come back at once.
  const jittered = (ms) => ms * (1 + Math.random() / 2);
  // Retry-After in seconds (or as a date), else the stream's own delay.
  const retryAfter = (response) => {
    const value = (response.headers.get("Retry-After") || "").trim();
    if (/^\d+$/.test(value)) return Number(value) * 1000;
    const date = Date.parse(value);
    return Number.isNaN(date) ? updates.retry : Math.max(0, date - Date.now());
  };

  // Opens the stream when the page is visible and nothing else is under way. Called again for
  // every reason it may now open (visible again, a delay over, a refresh done): it decides.
  const openUpdates = () => {
    if (updates.controller || updates.timer || updates.refreshing || updates.notice) return;
    if (document.visibilityState !== "visible") return;
    const url = updatesURL();
    if (!url || url === updates.refused) return;
    const wait = updates.notBefore - Date.now();
    if (wait > 0) {
      updates.timer = setTimeout(() => { updates.timer = 0; openUpdates(); }, wait);
      return;
    }
    if (url !== updates.url) Object.assign(updates, { url, lastEventId: "" });   // another stream: its own ids
    const controller = new AbortController();
    updates.controller = controller;
    listen(url, controller.signal).then((outcome) => {
      if (updates.controller !== controller) return;   // closed meanwhile: hidden, left, submitted
      closeUpdates();
      if (outcome.refresh) refreshOrOffer();
      else if (outcome.never) updates.refused = url;
      else reconnectIn(outcome.retryIn);
    });
  };
  const reconnectIn = (ms) => {
    updates.notBefore = Date.now() + jittered(ms);
    openUpdates();
  };
  const closeUpdates = () => {
    if (updates.controller) updates.controller.abort();
    clearTimeout(updates.timer);
    updates.controller = null;
    updates.timer = 0;
    root.dataset.updates = "closed";
  };
  // The page is going (left, or a form posted): no stream, and no refresh to finish.
  const stopUpdates = () => {
    closeUpdates();
    if (updates.refreshing) updates.refreshing.abort();
    updates.refreshing = null;
  };

  // One connection, to its end: what to do next ({refresh}, {never} or {retryIn: ms}). An abort
  // ends it too, as a network error; whoever aborted it ignores the outcome.
  const listen = async (url, signal) => {
    const headers = { Accept: "text/event-stream" };
    if (updates.lastEventId) headers["Last-Event-ID"] = updates.lastEventId;
    try {
      const response = await fetch(url, { headers, cache: "no-store", credentials: "same-origin", signal });
      const streams = response.status === 200 && /^text\/event-stream\b/i.test(response.headers.get("Content-Type") || "");
      if (!streams) {
        if (response.body) response.body.cancel().catch(() => {});
        if (response.status === 429 || response.status === 503) return { retryIn: retryAfter(response) };
        // Another server error may pass; any other answer (204, 404, a page) will not change.
        return response.status >= 500 ? { retryIn: updates.retry } : { never: true };
      }
      root.dataset.updates = "open";
      if (!root.dataset.refreshes) root.dataset.refreshes = "0";
      return (await readEvents(response.body)) ? { refresh: true } : { retryIn: updates.retry };
    } catch {
      return { retryIn: updates.retry };
    }
  };
  // Whether the stream said `refresh` before it ended (a server restart ends it without).
  const readEvents = async (body) => {
    const reader = body.getReader(), decoder = new TextDecoder(), parse = eventParser();
    for (;;) {
      const { value, done } = await reader.read();
      const events = parse(done ? decoder.decode() : decoder.decode(value, { stream: true }), done);
      if (events.includes("refresh")) return true;
      if (done) return false;
    }
  };
  // Server-sent events as the HTML standard reads them: lines end in \n, \r\n or \r, a line is
  // `field: value` or a `:` comment, and a blank line dispatches the event gathered. Fed text as
  // it arrives; returns the types of the events dispatched. An event is dispatched when it has
  // data, as the standard says, or a type: EventSource would drop a `refresh` with no data line,
  // this reader has no reason to.
  const eventParser = () => {
    let pending = "", type = "", data = null, id = updates.lastEventId;
    const line = (text, dispatched) => {
      if (text === "") {
        updates.lastEventId = id;
        if (data !== null || type) dispatched.push(type || "message");
        type = "";
        data = null;
        return;
      }
      if (text.startsWith(":")) return;   // a comment: the server's keep-alive
      const colon = text.indexOf(":");
      const name = colon < 0 ? text : text.slice(0, colon);
      const value = colon < 0 ? "" : text.slice(colon + (text[colon + 1] === " " ? 2 : 1));
      if (name === "event") type = value;
      else if (name === "data") data = data === null ? value : data + "\n" + value;
      else if (name === "id" && !value.includes("\0")) id = value;
      else if (name === "retry" && /^\d+$/.test(value)) updates.retry = Number(value);
    };
    return (text, ended) => {
      const dispatched = [];
      pending += text;
      // A \r at the end may be the first half of a \r\n still on its way. At the end of the
      // stream, a line without its end is dropped, and with it an event without its blank line.
      const cut = pending.endsWith("\r") && !ended ? pending.length - 1 : pending.length;
      const lines = pending.slice(0, cut).split(/\r\n|\r|\n/);
      pending = lines.pop() + pending.slice(cut);
      for (const text of lines) line(text, dispatched);
      return dispatched;
    };
  };

  // Whether a field holds something the person changed since the page came: a refresh would
  // keep it, but should not change what is around it while they are writing.
  const unwritten = ["hidden", "submit", "button", "reset", "image"];   // inputs a person does not write in
  const isEdited = (control) => {
    if (control instanceof HTMLSelectElement) return selectionEdited(control);
    if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
    if (!(control instanceof HTMLInputElement) || unwritten.includes(control.type)) return false;
    if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
    return control.value !== control.defaultValue;
  };
  // A list with no option marked selected shows its first: that is no change.
  const selectionEdited = (select) => {
    const options = [...select.options];
    if (select.multiple) return options.some((option) => option.selected !== option.defaultSelected);
    const marked = options.filter((option) => option.defaultSelected).pop();
    const shown = marked || (select.size > 1 ? null : options.find((option) => !option.disabled));
    return select.selectedIndex !== (shown ? shown.index : -1);
  };
  const fields = () => [...document.querySelectorAll("input, textarea, select")];
  const refreshOrOffer = () => (fields().some(isEdited) ? offerRefresh() : refresh());

  // The notice goes where the person is looking: into the presentation when one shows (its
  // forms are the ones being edited, and the page behind may be inert), else under the screen's
  // title, where the server's own notices go.
  const offerRefresh = () => {
    if (updates.notice) return;
    const notice = document.createElement("div");
    notice.className = "screen-changed";
    notice.setAttribute("role", "status");
    const show = document.createElement("button");
    show.type = "button";
    show.textContent = "Show";
    show.addEventListener("click", refresh);   // the notice is the script's own: a refresh removes it first
    notice.append("This screen has changed · ", show);
    const dialog = presentation();
    const place = dialog ? dialog.querySelector(".presentation-content") || dialog : document.getElementById("content");
    const title = document.getElementById("screen-title");
    if (!dialog && title && title.parentNode === place) title.after(notice);
    else (place || document.body).prepend(notice);
    updates.notice = notice;
  };
  const withdrawNotice = () => {
    if (updates.notice) updates.notice.remove();
    updates.notice = null;
  };

  // The page fetched again and morphed into this one. A redirect instead (the item is gone, the
  // person signed out) is followed.
  const pageURL = () => location.href.split("#")[0];
  const refresh = async () => {
    closeUpdates();
    withdrawNotice();
    if (updates.refreshing) return;
    const controller = new AbortController(), requested = pageURL();
    updates.refreshing = controller;
    let response = null, page = null;
    nameWindow();
    try {
      response = await fetch(requested, { headers: { Accept: "text/html" }, cache: "no-store", credentials: "same-origin",
        signal: controller.signal });
      if (response.ok && response.url === requested && /^text\/html\b/i.test(response.headers.get("Content-Type") || "")) {
        page = new DOMParser().parseFromString(await response.text(), "text/html");
      }
    } catch {
      response = null;   // the network (or an abort, below)
    }
    if (updates.refreshing !== controller) return;   // aborted: the page is going
    updates.refreshing = null;
    if (response && response.url !== requested) return location.replace(response.url);
    if (!page) return refreshFailed(response);
    if (pageURL() !== requested) return refresh();   // the grabber moved the sheet meanwhile: that page, then
    updates.failures = 0;
    shownAsOwn = showsOwnWindow(page);
    morphPage(page);
    root.dataset.refreshes = String(Number(root.dataset.refreshes || 0) + 1);
    openUpdates();
  };
  // No page to morph into. The network or a server error may pass: the stream is asked again after
  // a while, longer after each failure, and says `refresh` at once while the page is behind. Any
  // other answer (a 404, not a page) will not change: the page stays as it is, a snapshot.
  const refreshFailed = (response) => {
    if (response && response.status !== 429 && response.status < 500) {
      updates.refused = updatesURL();
      return;
    }
    const delay = response ? retryAfter(response) : updates.retry;
    reconnectIn(Math.min(delay * 2 ** updates.failures++, 5 * 60 * 1000));
  };

  // ---- Morphing ----
  // The live page is changed in place into the one fetched, node by node, rather than replaced:
  // the elements the person is using stay the same elements, so focus, the caret, scroll
  // positions and the browser's own state of each survive. Children are matched by id first
  // (anywhere in the page: an element with an id is moved, never made again), else to an
  // unchanged node nearby (a row added or removed before it), else by kind in order.
  // What the script itself sets on the root; the server's markup does not have it.
  const rootOwn = new Set(["data-transition", "data-scrolled", "data-updates", "data-refreshes"]);
  // Attributes the person or the script owns. `style`: the server's pages carry none (their CSP
  // refuses inline styles), so one there is the script's (a sheet being dragged). A details'
  // `open` is the person's, from its summary.
  const keptAttribute = (element, name) =>
    name === "style" || (name === "open" && element.localName === "details") || (element === root && rootOwn.has(name));

  const morphPage = (page) => {
    const kept = rememberFields(), focus = rememberFocus(), scrolled = rememberScrolled();
    syncAttributes(root, page.documentElement);
    document.title = page.title;
    syncUpdatesMeta(page);
    morphElement(document.body, page.body, new WeakSet());
    restoreFields(kept);
    restoreScrolled(scrolled);
    restoreFocus(focus);
    prepare();
    // Content added above the view moves the window's scroll with it (scroll anchoring): not the
    // person scrolling, so not a reason to minimize the tab bar.
    void root.offsetHeight;
    lastScroll = Math.max(scrollY, 0);
  };
  // The head's stylesheets and script are versioned URLs, the same for every page of one server;
  // of the head only the title and the stream change.
  const syncUpdatesMeta = (page) => {
    const fresh = page.querySelector("meta[name='navigation-updates']"), live = updatesMeta();
    if (live && fresh) live.content = fresh.content;
    else if (live) live.remove();
    else if (fresh) document.head.append(document.importNode(fresh, false));
  };

  const syncAttributes = (live, next) => {
    for (const attribute of [...live.attributes]) {
      if (keptAttribute(live, attribute.name) || next.hasAttributeNS(attribute.namespaceURI, attribute.localName)) continue;
      live.removeAttributeNS(attribute.namespaceURI, attribute.localName);
    }
    for (const attribute of next.attributes) {
      if (keptAttribute(live, attribute.name)) continue;
      if (live.getAttributeNS(attribute.namespaceURI, attribute.localName) === attribute.value) continue;
      if (attribute.namespaceURI) live.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
      else live.setAttribute(attribute.name, attribute.value);
    }
  };
  const morphElement = (live, next, matched) => {
    syncAttributes(live, next);
    morphChildren(live, next, matched);
    takeState(live, next);
  };
  const morphNode = (live, next, matched) => {
    matched.add(live);
    if (live.nodeType === Node.ELEMENT_NODE) morphElement(live, next, matched);
    else if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
  };
  // Scripts of the new page never run; the live page's stay where they are.
  const isScript = (node) => node.nodeName === "SCRIPT";
  const morphChildren = (parent, next, matched) => {
    let cursor = parent.firstChild;
    for (const child of [...next.childNodes]) {
      if (isScript(child)) continue;
      while (cursor && isScript(cursor)) cursor = cursor.nextSibling;
      const match = findMatch(parent, child, cursor, matched);
      if (!match) parent.insertBefore(imported(child), cursor);
      else if (match === cursor) cursor = cursor.nextSibling;
      else move(parent, match, cursor);
      if (match) morphNode(match, child, matched);
    }
    while (cursor) {
      const following = cursor.nextSibling;
      if (!isScript(cursor)) cursor.remove();
      cursor = following;
    }
  };
  // How far ahead an unchanged node is looked for, on either side.
  const lookahead = 8;
  const sameKind = (live, next) => live.nodeType === next.nodeType && live.nodeName === next.nodeName &&
    (live.nodeType !== Node.ELEMENT_NODE || (!live.id && live.namespaceURI === next.namespaceURI));
  const findMatch = (parent, next, cursor, matched) => {
    if (next.nodeType === Node.ELEMENT_NODE && next.id) {
      const live = document.getElementById(next.id);
      const usable = live && live.localName === next.localName && !matched.has(live) && !live.contains(parent);
      return usable ? live : null;
    }
    let candidate = cursor;
    for (let seen = 0; candidate && seen < lookahead; seen++, candidate = candidate.nextSibling) {
      if (sameKind(candidate, next) && !matched.has(candidate) && candidate.isEqualNode(next)) return candidate;
    }
    // The cursor, when of the same kind, unless it is kept for a node a little further on.
    if (!cursor || !sameKind(cursor, next)) return null;
    let later = next.nextSibling;
    for (let seen = 0; later && seen < lookahead; seen++, later = later.nextSibling) {
      if (cursor.isEqualNode(later)) return null;
    }
    return cursor;
  };
  // moveBefore keeps a moved element's state (focus, an iframe's page) where the browser has it.
  const move = (parent, node, before) => {
    if (parent.moveBefore) {
      try { return parent.moveBefore(node, before); } catch { /* not movable so: inserted */ }
    }
    parent.insertBefore(node, before);
  };
  const imported = (node) => {
    const copy = document.importNode(node, true);
    if (copy.querySelectorAll) for (const script of copy.querySelectorAll("script")) script.remove();
    return copy;
  };
  // A field takes the new page's value; the person's own are put back after (restoreFields).
  const takeState = (live, next) => {
    if (live instanceof HTMLInputElement && live.type !== "file") {
      if (live.value !== next.value) live.value = next.value;
      if (live.checked !== next.checked) live.checked = next.checked;
    } else if (live instanceof HTMLTextAreaElement) {
      if (live.value !== next.value) live.value = next.value;
    } else if (live instanceof HTMLSelectElement && !live.multiple) {
      live.selectedIndex = next.selectedIndex;
    } else if (live instanceof HTMLSelectElement) {
      for (const option of live.options) {
        const twin = next.options[option.index];
        option.selected = Boolean(twin && twin.selected);
      }
    }
  };

  // The fields the person changed, or is in: their values outlive the refresh. Put back after
  // the whole page is morphed, as a radio button's group may change around it.
  const rememberFields = () => new Map(fields()
    .filter((field) => isEdited(field) || field === document.activeElement)
    .map((field) => [field, field instanceof HTMLSelectElement
      ? [...field.selectedOptions].map((option) => option.value)
      : { value: field.value, checked: field.checked }]));
  const restoreFields = (kept) => {
    for (const [field, state] of kept) {
      if (!field.isConnected) continue;
      if (field instanceof HTMLSelectElement) {
        if (!field.multiple && !state.length) continue;
        for (const option of field.options) {
          if (state.includes(option.value) !== option.selected) option.selected = state.includes(option.value);
        }
      } else if (field.type === "checkbox" || field.type === "radio") {
        if (field.checked !== state.checked) field.checked = state.checked;
      } else if (field.type !== "file" && field.value !== state.value) {
        field.value = state.value;
      }
    }
  };
  // Focus and the caret: a kept element keeps them, unless it had to move without moveBefore or
  // its value was set again.
  const rememberFocus = () => {
    const element = document.activeElement;
    const caret = element && typeof element.selectionStart === "number"
      ? [element.selectionStart, element.selectionEnd, element.selectionDirection] : null;
    return { element, caret, scroll: element ? [element.scrollLeft, element.scrollTop] : null };
  };
  const restoreFocus = ({ element, caret, scroll }) => {
    if (!element || element === document.body || !element.isConnected) return;
    if (document.activeElement !== element) element.focus({ preventScroll: true });
    if (caret && (element.selectionStart !== caret[0] || element.selectionEnd !== caret[1])) {
      element.setSelectionRange(...caret);
      [element.scrollLeft, element.scrollTop] = scroll;
    }
  };
  // Scrolled elements keep their place when kept; one moved without moveBefore may lose it. The
  // window's needs nothing: the browser's scroll anchoring holds the content in view.
  const rememberScrolled = () => [...document.body.querySelectorAll("*")]
    .filter((element) => element.scrollTop || element.scrollLeft)
    .map((element) => [element, element.scrollLeft, element.scrollTop]);
  const restoreScrolled = (scrolled) => {
    for (const [element, left, top] of scrolled) {
      if (element.isConnected && !element.scrollTop && !element.scrollLeft) element.scrollTo(left, top);
    }
  };

  // Only a page that names a stream listens for anything.
  if (updatesURL()) {
    root.dataset.updates = "closed";
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") openUpdates();
      else closeUpdates();
    });
    addEventListener("pagehide", stopUpdates);
    addEventListener("pageshow", (event) => { if (event.persisted) openUpdates(); });
    // A form sent is the page going, and the page that made a change must not refresh for it
    // too. A submit something cancelled (a second post of a pending form) is not.
    document.addEventListener("submit", (event) => { if (!event.defaultPrevented) stopUpdates(); });
    openUpdates();
  }
})();
