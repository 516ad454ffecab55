// Enhancements only: every control works without this file (pages never run inline script).
// - Escape closes the top presentation, unless it closes through its buttons only (an alert, a
//   screen with interactiveDismissDisabled).
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
(() => {
  "use strict";
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
      document.documentElement.dataset.transition = movement(new URL(activation.from.url), new URL(activation.entry.url));
    }
    // The same as a view transition type, for stylesheets that select on :active-view-transition-type().
    const kind = document.documentElement.dataset.transition;
    if (event.viewTransition && event.viewTransition.types && kind) event.viewTransition.types.add(kind);
  });
  let lastScroll = Math.max(scrollY, 0);
  addEventListener("scroll", () => {
    const y = Math.max(scrollY, 0);   // not the bounce above the top
    if (Math.abs(y - lastScroll) < 4) return;
    document.documentElement.dataset.scrolled = y > lastScroll ? "down" : "up";
    lastScroll = y;
  }, { passive: true });

  // A button with formnovalidate (Skip) needs nothing filled in, and is never held back.
  const submitters = (form) => [...form.elements].filter((control) => control.type === "submit");
  const holdUntilFilled = (form) => {
    const missing = [...form.querySelectorAll("[aria-required='true']")].some((field) => !field.value.trim());
    for (const button of submitters(form)) if (!button.formNoValidate) button.disabled = missing;
  };
  for (const form of document.forms) {
    if (!form.querySelector("[aria-required='true']")) continue;
    holdUntilFilled(form);
    form.addEventListener("input", () => holdUntilFilled(form));
  }
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

  const here = location.pathname + location.search;
  const dialog = document.getElementById("presentation");

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href*='present=']");
    if (link && !(dialog && dialog.contains(link))) {
      sessionStorage.setItem("opener", JSON.stringify({ page: here, href: link.getAttribute("href") }));
    }
  });

  if (!dialog) {
    const opener = JSON.parse(sessionStorage.getItem("opener") || "null");
    if (opener && opener.page === here) {
      sessionStorage.removeItem("opener");
      const link = [...document.querySelectorAll("a[href]")].find((a) => a.getAttribute("href") === opener.href);
      if (link) link.focus();
    }
    return;
  }

  if (!dialog.contains(document.activeElement)) dialog.focus();
  // An alert, or a screen that disabled interactive dismissal, closes through its buttons only:
  // neither Escape nor a drag down closes it (its buttons are plain links and forms).
  const byButtonsOnly = dialog.dataset.dismiss === "buttons";
  const closer = byButtonsOnly ? null
    : dialog.querySelector("a.close") || dialog.querySelector("a.role-cancel") || document.querySelector("a.scrim");
  const behind = closer ? closer.getAttribute("href") : null;
  if (!behind && !dialog.querySelector("a.grabber")) return;

  const cameFromBehind = () => {
    if (!document.referrer) return false;
    const previous = new URL(document.referrer);
    return previous.origin === location.origin && previous.pathname + previous.search === behind;
  };
  const close = (event) => {
    if (event) event.preventDefault();
    if (cameFromBehind()) history.back();
    else location.assign(behind);
  };
  for (const link of document.querySelectorAll("a[href]")) {
    if (link.getAttribute("href") === behind && (dialog.contains(link) || link.classList.contains("scrim"))) {
      link.addEventListener("click", close);
    }
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.defaultPrevented && behind) close(event);
  });

  const grabber = dialog.querySelector("a.grabber");
  if (!grabber) return;
  const detent = () => [...dialog.classList].find((name) => name.startsWith("detent-")).slice("detent-".length);
  // The grabber links to the page with the sheet at its other detent; moving there in place swaps
  // the two, and the forms that post to this page post to the new URL.
  const toggle = () => {
    const page = location.pathname + location.search, next = grabber.getAttribute("href"), from = detent();
    dialog.classList.replace("detent-" + from, "detent-" + grabber.dataset.detent);
    // presentationBackgroundInteraction: the page behind is usable while the sheet rests no higher.
    const upThrough = dialog.dataset.interactsUpThrough;
    if (upThrough) {
      const usable = upThrough === "large" || grabber.dataset.detent === "medium";
      document.querySelector(".app").inert = !usable;
      for (const scrim of document.querySelectorAll(".scrim")) scrim.hidden = usable;
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
  grabber.addEventListener("click", (event) => {
    event.preventDefault();
    if (!dragged) toggle();
    dragged = false;
  });
  grabber.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    event.preventDefault();   // no native drag of the link (or of the scrim behind), no selection
    drag = { id: event.pointerId, y: event.clientY, top: dialog.getBoundingClientRect().top };
    dragged = false;
    grabber.setPointerCapture(event.pointerId);
  });
  grabber.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const moved = event.clientY - drag.y;
    if (!dragged && Math.abs(moved) < 6) return;
    dragged = true;
    dialog.classList.add("dragging");
    dialog.style.top = Math.max(0, drag.top + moved) + "px";
  });
  const release = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    drag = null;
    if (!dragged) return;
    const top = dialog.getBoundingClientRect().top;
    dialog.classList.remove("dragging");
    dialog.style.top = "";
    if (top > innerHeight * 0.75 && behind) return close();
    // Between large (near the top) and medium (half way), the nearer wins.
    const wanted = top < innerHeight * 0.3 ? "large" : "medium";
    if (wanted !== detent() && grabber.dataset.detent === wanted) toggle();
  };
  grabber.addEventListener("pointerup", release);
  grabber.addEventListener("pointercancel", release);
})();
