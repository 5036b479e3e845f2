// Marked texts ([{ mark, text }], the engine's marks) as DOM nodes: each marked piece is a
// span whose classes name what the mark says (colour, leader, seat...). The words are the
// engine's, so colour is never the only signal.

/**
 * The CSS classes of one mark (`{ kind, colour?, seat? }`, the package's form): its kind
 * (`mark-leader`), its colour (`mark-red`) and its seat (`mark-seat-1`).
 */
export function markClasses(mark) {
  if (mark === null || mark === undefined) return [];
  if (typeof mark !== "object") return [`mark-${String(mark).toLowerCase().replace(/[^a-z0-9]+/g, "-")}`];
  const classes = [];
  if (mark.kind) classes.push(`mark-${mark.kind}`);
  if (mark.colour) classes.push(`mark-${mark.colour}`);
  if (typeof mark.seat === "number") classes.push(`mark-seat-${mark.seat}`);
  return classes;
}

/** Appends a marked text to `parent`: plain pieces as text, marked ones as spans. */
export function appendMarked(parent, parts) {
  if (typeof parts === "string") {
    parent.append(parts);
    return parent;
  }
  for (const part of parts || []) {
    if (part.mark === null || part.mark === undefined) {
      parent.append(part.text);
    } else {
      const span = document.createElement("span");
      span.className = markClasses(part.mark).join(" ");
      span.textContent = part.text;
      parent.append(span);
    }
  }
  return parent;
}

/** An event's words as a list item: the marked pieces styled when the event has them. */
export function eventItem(event) {
  const li = document.createElement("li");
  if (typeof event === "string") {
    li.textContent = event;
  } else if (Array.isArray(event.pieces) && event.pieces.length && event.pieces.every((p) => "text" in p)
    && event.pieces.map((p) => p.text).join("") === event.text) {
    appendMarked(li, event.pieces);
  } else {
    li.textContent = event.text ?? String(event);
  }
  return li;
}

/** Shorthand for creating an element with attributes and children. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

/** The message of anything thrown by the engine (an Error, or a string). */
export function message(error) {
  if (error instanceof Error) return error.message;
  return String(error);
}
