// The legal actions of a position, as the engine lists them, grouped by kind: the kind is the
// notation's first word (tile, leader, catastrophe, ...), in the engine's order.
import { h } from "./marks.js";

/** Groups actions by their first word, keeping the engine's order within and between groups. */
export function groupByKind(actions) {
  const groups = new Map();
  for (const action of actions) {
    const kind = action.split(" ", 1)[0];
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(action);
  }
  return groups;
}

/**
 * The places under a click on a picture: the games' SVGs name each square, card place, link
 * slot and location in notation (`data-at`, several words where a card is also its column).
 * Every element under the pointer counts, so a click on a piece finds its square below it.
 */
export function placesAt(event) {
  const places = new Set();
  for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
    const at = el.getAttribute && el.getAttribute("data-at");
    if (at) for (const word of at.split(/\s+/)) places.add(word);
  }
  return [...places];
}

/** The actions whose notation names one of `places` (a square, a card's place, a location). */
export function actionsAt(actions, places) {
  const wanted = new Set((Array.isArray(places) ? places : [places]).map((p) => p.toLowerCase()));
  return actions.filter((a) => a.toLowerCase().split(/[\s,]+/).some((word) => wanted.has(word)));
}

/**
 * A panel listing `actions` by kind, each a button that calls `onPlay(action)`. The first group
 * and the small ones start open; a later group of more than 40 actions starts closed (the
 * tile game has hundreds).
 */
export function legalPanel(actions, onPlay, { label = "Legal actions" } = {}) {
  const panel = h("div", { class: "legal", role: "group", "aria-label": label });
  if (!actions.length) {
    panel.append(h("p", { text: "No legal action here." }));
    return panel;
  }
  const groups = groupByKind(actions);
  let first = true;
  for (const [kind, list] of groups) {
    const buttons = list.map((action) =>
      h("button", { type: "button", "data-action": action, onclick: () => onPlay(action) }, action));
    const details = h("details", { "data-kind": kind, open: first || list.length <= 40 },
      h("summary", {}, `${kind} (${list.length})`),
      h("div", { class: "actions" }, buttons));
    panel.append(details);
    first = false;
  }
  return panel;
}
