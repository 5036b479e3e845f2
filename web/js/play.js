// The play page: a whole game of any of the package's games, people and bots, played on the
// board. Every rule is the engine's: the page asks the library's session what is legal and how
// a person makes each legal action (`gestures()`: the piece taken, the place named), which
// pieces a seat can take (`pieces(seat)`) and what the table shows (`facts(viewer)`); it draws
// them, highlights the places of the chosen piece and plays the action the person pointed at.
// A bot's turn is played in the worker on the game rebuilt from its record, and the page takes
// the worker's record back (`follow`), so the page's game is the one the command line plays
// with the same seed and seats.
import { engine } from "./engine.js";
import { groupByKind, legalPanel, placesAt } from "./legal.js";
import { appendMarked, eventItem, h, message } from "./marks.js";
import { createOnline, Remote } from "./online.js";

// Main-thread blocks of more than 50 ms, for the budget script (web/tests/budgets.py).
window.__longTasks = [];
window.__thinking = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
} catch {
  // A browser without long-task timing: the budget script says so.
}

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
/** The seats' menu: a person, the levels for people, random; "other" takes any bot spec. */
const SEAT_CHOICES = [
  ["person", "person"], ["level1", "level 1 (quick)"], ["level2", "level 2"], ["level3", "level 3"],
  ["level4", "level 4"], ["level5", "level 5 (strongest)"], ["random", "random"],
];
/** A decision group larger than this starts folded (a swap has up to 35 choices). */
const FOLD_ABOVE = 10;

let wasm = null;
let described = new Map(); // each game's description, by name (the package's games())
let game = null; // the Game being played or replayed
let gameName = null;
let seats = []; // each seat's spec: "person" or a bot spec
let viewer = null; // the seat whose view is shown (a person), or null (all bots: everything)
let loopToken = 0; // a new game, undo or load cancels the running loop
let mode = "setup"; // "setup" | "play" | "replay"
let replay = null; // { source (the loaded Game), steps (its steps, for the labels), at, total }
let acting = false; // a person is to move and sees the table
let gestures = []; // the legal actions with their gestures, while a person acts
let pieces = []; // the viewer's pieces
let selected = null; // the id of the piece the person took up
let hinted = null; // the hint's action, drawn until the next step
let cursor = null; // the board place under the keyboard cursor (its `data-at`)
let logItems = []; // [{ index (in the steps), seat, action, events }]
let flash = null; // { seat } of the step just played: its tag flashes for a moment
let online = null; // the Remote game when playing through the game server

// ---- The bot worker: bots think there, so the page never freezes.
let worker = null;
let nextRequest = 0;
const pending = new Map();

function startWorker() {
  if (worker) worker.terminate();
  for (const { reject } of pending.values()) reject(new Error("cancelled"));
  pending.clear();
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    if (data.error !== undefined) request.reject(new Error(data.error));
    else request.resolve(data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const { reject } of pending.values()) reject(new Error(event.message || "the bot worker failed"));
    pending.clear();
  };
}

/** Asks the worker for `request` ("botTurn" or "hint") on the current game, sent as its record. */
function askWorker(request) {
  const id = ++nextRequest;
  const record = game.record();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, record, request });
  });
}

/** A game's title, from its description. */
const titleOf = (name) => described.get(name)?.title ?? name;

// ---- Setup form: the game menu, players and options from the games' descriptions.

/** `englishVariant` as words: "English variant". */
function words(name) {
  const spaced = name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The inputs of one option of the description, named as `Game.create` takes it. */
function optionField(option) {
  const id = `option-${option.name}`;
  const help = h("span", { id: `${id}-help`, class: "option-help", text: option.help });
  const attrs = { id, name: option.name, "aria-describedby": `${id}-help`, "data-kind": option.kind };
  switch (option.kind) {
    case "flag":
      return h("div", { class: "option" },
        h("label", {}, h("input", { ...attrs, type: "checkbox" }), ` ${words(option.name)}`), " ", help);
    case "number":
      return h("div", { class: "option" },
        h("label", { for: id, text: words(option.name) }), " ",
        h("input", { ...attrs, type: "number", step: "1", min: option.min, max: option.max, value: option.default }),
        " ", help);
    case "choice":
      return h("div", { class: "option" },
        h("label", { for: id, text: words(option.name) }), " ",
        h("select", attrs, option.values.map((v) =>
          h("option", { value: v.name, title: v.help, selected: v.name === option.default, text: v.name }))),
        " ", help);
    default:
      // A text, given as a file (a board file): the game's own default when none is chosen.
      return h("div", { class: "option" },
        h("label", { for: id, text: `${words(option.file ?? option.name)} (optional)` }), " ",
        h("input", { ...attrs, type: "file", accept: ".txt,text/plain" }), " ", help);
  }
}

function optionsShown() {
  const name = $("game").value;
  const g = described.get(name);
  $("game-about").textContent = g.about;
  $("game-options-title").textContent = `${g.title} options`;
  $("game-options").hidden = g.options.length === 0;
  $("game-options-fields").replaceChildren(...g.options.map(optionField));
  const players = $("players");
  const range = [];
  for (let n = g.minPlayers; n <= g.maxPlayers; n++) range.push(n);
  const wanted = Number(players.value);
  players.replaceChildren(...range.map((n) => h("option", { value: n, text: String(n) })));
  players.value = range.includes(wanted) ? wanted : g.defaultPlayers;
  seatPickers($("seats"), "seat", Number(players.value), seatSpecs($("seats")));
}

/**
 * One menu per seat in `box` (ids `${prefix}-N`, with `${prefix}-N-other` for any other spec),
 * set to `specs` where given: seat 0 a person, the others level 2, by default.
 */
function seatPickers(box, prefix, n, specs = []) {
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const id = `${prefix}-${seat}`;
    const wanted = specs[seat] ?? (seat === 0 ? "person" : "level2");
    const known = SEAT_CHOICES.some(([value]) => value === wanted);
    const other = h("input", { id: `${id}-other`, class: "seat-other", value: known ? "" : wanted,
      autocomplete: "off", spellcheck: "false", "aria-label": `Seat ${seat}: another bot`, placeholder: "mcts:1s" });
    other.hidden = known;
    const select = h("select", { id, "data-seat": seat },
      SEAT_CHOICES.map(([value, text]) => h("option", { value, text, selected: value === wanted })),
      h("option", { value: "other", text: "other…", selected: !known }));
    select.addEventListener("change", () => {
      other.hidden = select.value !== "other";
      if (!other.hidden) other.focus();
    });
    box.append(h("label", { for: id, text: `Seat ${seat}` }), h("span", { class: "seat-choice" }, select, other));
  }
}

/** The seats' specs of the menus in `box`. */
function seatSpecs(box) {
  return [...box.querySelectorAll("select[data-seat]")].map((select) => {
    if (select.value !== "other") return select.value;
    const other = box.querySelector(`#${CSS.escape(select.id)}-other`);
    return other.value.trim().toLowerCase() || "person";
  });
}

/** The form as `Game.create`'s options: the players, the seed and each option of the game. */
async function gameOptions() {
  const name = $("game").value;
  const options = {
    players: Number($("players").value),
    seed: Number($("seed").value || 0),
  };
  for (const option of described.get(name).options) {
    const input = $(`option-${option.name}`);
    if (!input) continue;
    if (option.kind === "flag") options[option.name] = input.checked;
    else if (option.kind === "number") {
      if (input.value !== "") options[option.name] = Number(input.value);
    } else if (option.kind === "choice") options[option.name] = input.value;
    else if (input.files[0]) options[option.name] = await input.files[0].text();
  }
  return { name, options };
}

// ---- Messages.
function say(text, kind = "notice") {
  $("message").replaceChildren(text ? h("p", { class: kind, role: kind === "error" ? "alert" : "status", text }) : "");
}

function refused(text) {
  $("refused").replaceChildren(text ? h("p", { class: "refused", role: "alert", text }) : "");
}

// ---- Starting, ending.
async function startGame(event) {
  event?.preventDefault();
  say("");
  const { name, options } = await gameOptions();
  // The engine checks the seats' specs now (a bad one is refused before the game starts)
  // and writes them in the record, so a saved game says who played.
  options.seats = seatSpecs($("seats"));
  let created;
  try {
    created = wasm.Game.create(name, options);
  } catch (error) {
    say(message(error), "error");
    return;
  }
  begin(name, created, created.seats);
}

/** Leaves the replay of a loaded record, freeing the loaded game. */
function endReplay() {
  if (replay && replay.source !== game) replay.source.free();
  replay = null;
}

/** The table shown in place of the setup: for play, or for a replay (its controls). */
function showTable(replaying) {
  $("setup").hidden = true;
  $("table").hidden = false;
  $("replay-controls").hidden = !replaying;
  $("actions-panel").hidden = replaying;
  $("standings").hidden = true;
  delete document.body.dataset.over;
  const g = described.get(gameName);
  $("score-words").textContent = g ? `A seat's score: ${g.score}.` : "";
  $("legend").replaceChildren(...(g?.legend ?? []).flatMap(({ symbols, meaning }) =>
    [h("dt", { class: "mono", text: symbols }), h("dd", { text: meaning })]));
  $("page-title").textContent = `Play ${titleOf(gameName)}`;
  // A new table starts at the top of the page (the form above was scrolled down to its
  // button): the board in view; after this the page never scrolls by itself.
  window.scrollTo(0, 0);
}

function begin(name, g, specs) {
  if (game) game.free();
  game = g;
  gameName = name;
  seats = specs;
  mode = "play";
  endReplay();
  viewer = null;
  logItems = [];
  selected = hinted = cursor = flash = null;
  startWorker();
  showTable(false);
  renderLog();
  $("hint-text").textContent = "";
  refused("");
  document.title = `${titleOf(name)} · Play · mesopotamia`;
  loop();
}

function newGame() {
  if (online) {
    // Leaving the online game: the page starts afresh, without the seat's link.
    location.href = location.pathname;
    return;
  }
  loopToken++;
  startWorker();
  endReplay();
  mode = "setup";
  $("handoff").hidden = true;
  $("table").hidden = true;
  $("setup").hidden = false;
  $("page-title").textContent = "Play";
  document.title = "Play · mesopotamia";
  say("");
  $("game").focus({ preventScroll: true });
}

const persons = () => seats.map((s, seat) => (s === "person" ? seat : -1)).filter((s) => s >= 0);

// ---- The game loop: chance and bots play on until a person is to move or the game is over.
async function loop() {
  const token = ++loopToken;
  refused("");
  while (token === loopToken) {
    const who = game.toMove();
    if (who.kind === "over") {
      finished();
      return;
    }
    if (who.kind === "chance") {
      game.advance();
      continue;
    }
    const spec = seats[who.seat];
    if (spec === "person") {
      personToMove(who.seat);
      return;
    }
    render(null);
    const started = performance.now();
    thinking(who.seat, spec, started);
    document.body.dataset.thinking = "1";
    let answer;
    try {
      answer = await askWorker("botTurn");
    } catch (error) {
      if (token !== loopToken) return;
      thinking(null);
      $("status").textContent = `Seat ${who.seat} (${spec}) cannot play: start a new game with another bot.`;
      say(`Seat ${who.seat}'s bot failed: ${message(error)}`, "error");
      return;
    } finally {
      window.__thinking.push({ start: started, end: performance.now(), seat: who.seat, spec });
      delete document.body.dataset.thinking;
    }
    if (token !== loopToken) return;
    thinking(null);
    // The page's game takes the worker's step and generator: it is then the game that
    // played the bot's turn (and undo puts the generator back over it).
    const index = game.steps().length;
    try {
      game.follow(answer.record);
    } catch (error) {
      say(`Seat ${who.seat}'s bot played ${answer.action}, but its record is refused: ${message(error)}`, "error");
      return;
    }
    logStep(index, who.seat, answer.action, answer.events);
  }
}

let thinkingTimer = null;
/** "Seat 1 (level3) is thinking, 2 s": the status while a bot thinks (`seat` null: done). */
function thinking(seat, spec, started) {
  clearInterval(thinkingTimer);
  const status = $("status");
  if (seat === null) {
    status.classList.remove("thinking");
    return;
  }
  status.classList.add("thinking");
  const tell = () => {
    const seconds = Math.floor((performance.now() - started) / 1000);
    status.replaceChildren(`Seat ${seat} (${spec}) is thinking`, seconds >= 1 ? `, ${seconds} s` : "",
      h("progress", { "aria-label": "the bot is thinking" }));
  };
  tell();
  thinkingTimer = setInterval(tell, 500);
}

function personToMove(seat) {
  const people = persons();
  if (people.length > 1 && viewer !== seat) {
    // Hot seat: hide the table until the next person shows it.
    $("handoff-title").textContent = `Seat ${seat}'s turn`;
    $("handoff-ok").textContent = `I am seat ${seat}: show my table`;
    $("handoff").hidden = false;
    $("table").setAttribute("aria-hidden", "true");
    $("table").inert = true;
    $("handoff-ok").onclick = () => {
      $("handoff").hidden = true;
      $("table").removeAttribute("aria-hidden");
      $("table").inert = false;
      viewer = seat;
      render(seat);
      focusFirstPiece();
    };
    $("handoff-ok").focus({ preventScroll: true });
    return;
  }
  viewer = seat;
  render(seat);
}

function focusFirstPiece() {
  $("hand").querySelector("button:not([disabled])")?.focus({ preventScroll: true });
}

// ---- Drawing the table.

/** Shows the table as the viewer sees it; `toAct` is the person to move, if any. */
function render(toAct) {
  const people = persons();
  if (viewer === null && people.length === 1 && mode === "play" && !online) viewer = people[0];
  acting = mode === "play" && toAct !== null && toAct === viewer;
  gestures = acting ? game.gestures() : [];
  pieces = viewer === null ? [] : game.pieces(viewer);
  if (selected !== null && !gestures.some((g) => g.piece === selected)) selected = null;
  drawBoard();
  renderBar(toAct);
  renderHand();
  renderDecisions();
  const text = $("view-text");
  if (viewer === null) {
    text.textContent = game.position();
  } else {
    text.replaceChildren();
    appendMarked(text, game.viewText(viewer));
  }
  $("actions-panel").dataset.active = acting ? "1" : "";
  for (const id of ["action", "hint"]) $(id).disabled = !acting;
  $("action-form").querySelector("button").disabled = !acting;
  $("undo").disabled = mode !== "play" || lastPersonStep() < 0;
  $("choices").replaceChildren();
  if (acting) {
    const legal = gestures.map((g) => g.action);
    $("action").placeholder = `an action, e.g. ${legal[Math.min(1, legal.length - 1)] ?? "pass"}`;
    $("legal").replaceChildren(legalPanel(legal, playPerson, { label: "every legal action by kind" }));
  } else {
    $("legal").replaceChildren();
  }
}

/** The table bar: whose turn, the table's facts, each seat's running score. */
function renderBar(toAct) {
  const who = game.toMove();
  if (mode === "replay") {
    // The replay's label is the status.
  } else if (who.kind === "over") {
    // finished() writes it.
  } else if (toAct !== null && toAct === viewer) {
    $("status").textContent = `Seat ${toAct} (you) to move${selected ? `: ${labelOf(selected)} taken, choose a place` : ""}`;
  } else if (who.kind === "seat" && seats[who.seat] === "person") {
    $("status").textContent = `Seat ${who.seat} to move`;
  }
  let facts;
  try {
    facts = game.facts(viewer ?? undefined);
  } catch {
    facts = { table: [], seats: [] };
  }
  $("facts").textContent = facts.table.map((f) => `${f.label}: ${f.value}`).join(" · ");
  const toMove = who.kind === "seat" ? who.seat : null;
  $("scores").replaceChildren(...facts.seats.map(({ seat, score, facts: seatFacts }) => {
    const name = seat === viewer ? "you" : (seats[seat] ?? "?");
    return h("li", { class: `seat-score seat-${seat}${seat === toMove ? " to-move" : ""}`,
      title: seatFacts.map((f) => `${f.label}: ${f.value}`).join("\n") },
      h("span", { class: "seat-name" }, seat === toMove ? "▶ " : "", `Seat ${seat} (${name})`),
      " ", h("strong", { class: "seat-points", text: score === null ? "?" : String(score) }),
      // The first fact (VP, influence) in the bar; all of them in the tooltip and the text.
      h("span", { class: "seat-facts", text: seatFacts.slice(0, 1).map((f) => `${f.label} ${f.value}`).join("") }));
  }));
}

/** A piece's words, from the viewer's pieces. */
function labelOf(id) {
  return pieces.find((p) => p.piece === id)?.label ?? id;
}

/** The short face of a piece: its colour's letter, a leader's letter, X for a catastrophe. */
function face(piece) {
  if (piece.kind === "leader") return piece.piece.split(" ")[1].charAt(0).toUpperCase();
  if (piece.kind === "catastrophe") return "X";
  if (piece.kind === "trader") return String(viewer ?? "");
  if (piece.kind === "influence") return piece.piece.split(" ")[1].charAt(0).toUpperCase();
  if (piece.colour) return piece.colour === "black" ? "k" : piece.colour.charAt(0);
  return piece.kind.charAt(0);
}

/** The viewer's hand as pieces to take: those of the hand, then those standing on the board. */
function renderHand() {
  const box = $("hand");
  $("hand-panel").hidden = viewer === null || mode !== "play";
  if (viewer === null) {
    box.replaceChildren();
    return;
  }
  const usable = new Set(gestures.map((g) => g.piece).filter(Boolean));
  const hintPiece = hinted ? gestureOf(hinted)?.piece : null;
  const button = (piece) => {
    const usableNow = usable.has(piece.piece);
    const where = piece.at ? ` on ${piece.at}` : "";
    const count = piece.at ? "" : `×${piece.count}`;
    // The visible face and count are the start of the button's name; the words follow,
    // for a screen reader (the name holds what is seen).
    const words = `${piece.at ? ` (${piece.label})` : ` (${piece.label}, ${piece.count} held)`}${usableNow ? "" : ", nothing to do with it now"}`;
    return h("button", {
      type: "button",
      class: `piece piece-${piece.kind}${piece.colour ? ` colour-${piece.colour}` : ""}${piece.piece === hintPiece ? " hinted" : ""}`,
      "data-piece": piece.piece,
      "aria-pressed": piece.piece === selected ? "true" : "false",
      title: `${piece.label}${where}`,
      disabled: !acting || !usableNow,
      draggable: acting && usableNow ? "true" : null,
      onclick: () => choosePiece(piece.piece),
      // Dragged onto the board: taken up, and dropped on a place as a click there.
      ondragstart: (event) => {
        event.dataTransfer.setData("text/plain", piece.piece);
        if (selected !== piece.piece) choosePiece(piece.piece);
      },
    }, h("span", { class: "face", text: face(piece) }),
      h("span", { class: "count", text: piece.at ? piece.at : count }),
      h("span", { class: "visually-hidden", text: words }));
  };
  const held = pieces.filter((p) => !p.at);
  const standing = pieces.filter((p) => p.at && usable.has(p.piece));
  box.replaceChildren(
    h("div", { class: "pieces" }, held.map(button)),
    standing.length ? h("div", { class: "pieces standing" },
      h("span", { class: "pieces-label", text: "On the board:" }), standing.map(button)) : "");
}

/** Takes up a piece (again: puts it down): its places light up on the board. */
function choosePiece(id) {
  selected = selected === id ? null : id;
  cursor = null;
  $("choices").replaceChildren();
  for (const b of $("hand").querySelectorAll("button[data-piece]")) {
    b.setAttribute("aria-pressed", b.dataset.piece === selected ? "true" : "false");
  }
  drawBoard();
  renderBar(viewer);
  renderDecisions();
  const count = new Set(gestures.filter((g) => g.piece === selected && g.place).map((g) => g.place)).size;
  $("cursor-text").textContent = selected
    ? `${labelOf(selected)}: ${count} place${count === 1 ? "" : "s"} lit on the board`
    : "";
}

/** Decisions that are not places (support, wars, swaps, passes) and the taken piece's own. */
function renderDecisions() {
  const box = $("decisions");
  if (!acting) {
    box.replaceChildren();
    return;
  }
  const own = selected ? gestures.filter((g) => g.piece === selected && !g.place) : [];
  const plain = gestures.filter((g) => !g.piece && !g.place);
  const hintAction = hinted;
  const button = (g) => h("button", {
    type: "button", "data-action": g.action, class: g.action === hintAction ? "match" : "",
    onclick: () => playPerson(g.action),
  }, g.action);
  const parts = [];
  if (own.length) {
    parts.push(h("div", { class: "decision-group" },
      h("span", { class: "group-label", text: `With the ${labelOf(selected)}:` }), own.map(button)));
  }
  for (const [kind, list] of groupByKind(plain.map((g) => g.action))) {
    const items = list.map((action) => button({ action }));
    const label = `${kind} (${list.length})`;
    if (list.length > FOLD_ABOVE) {
      parts.push(h("details", { class: "decision-group", "data-kind": kind, open: list.includes(hintAction) },
        h("summary", { text: `${label}…` }), h("div", { class: "actions" }, items)));
    } else {
      parts.push(h("div", { class: "decision-group", "data-kind": kind },
        h("span", { class: "group-label", text: `${kind}${list.length > 1 ? ` (${list.length})` : ""}:` }), items));
    }
  }
  box.replaceChildren(...parts);
}

/** The gesture of an action in notation, or null. */
function gestureOf(action) {
  try {
    return game.gestureOf(action);
  } catch {
    return null;
  }
}

/** The board's elements that name one of `places` (a `data-at` word). */
function placed(svg, places) {
  const wanted = new Set(places);
  return [...svg.querySelectorAll("[data-at]")].filter((el) =>
    el.getAttribute("data-at").split(/\s+/).some((w) => wanted.has(w)));
}

/** A small tag drawn at an element's corner: a seat's number for its last move, "?" for the hint. */
function tag(svg, el, text, cls) {
  let box;
  try {
    box = el.getBBox();
  } catch {
    return;
  }
  const g = document.createElementNS(SVG_NS, "g");
  g.setAttribute("class", `tag ${cls}`);
  g.setAttribute("pointer-events", "none");
  const r = Math.max(7, Math.min(11, box.width / 3));
  const circle = document.createElementNS(SVG_NS, "circle");
  circle.setAttribute("cx", box.x + r);
  circle.setAttribute("cy", box.y + r);
  circle.setAttribute("r", r);
  const label = document.createElementNS(SVG_NS, "text");
  label.setAttribute("x", box.x + r);
  label.setAttribute("y", box.y + r * 1.4);
  label.setAttribute("text-anchor", "middle");
  label.setAttribute("font-size", r * 1.2);
  label.textContent = text;
  g.append(circle, label);
  svg.append(g);
}

/** The picture, with the chosen piece's places lit, each seat's last move, the hint and the cursor. */
function drawBoard() {
  const board = $("board");
  board.innerHTML = viewer === null ? game.svg() : game.viewSvg(viewer);
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.setAttribute("aria-hidden", "true");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  // Each seat's last move, tagged with its seat's number.
  const steps = game.steps();
  const last = new Map();
  for (const step of steps) if (typeof step.seat === "number") last.set(step.seat, step.step);
  for (const [seat, action] of last) {
    const place = gestureOf(action)?.place;
    if (!place) continue;
    const els = placed(svg, [place]);
    for (const el of els) el.classList.add("last-move");
    if (els[0]) tag(svg, els[0], String(seat), `seat-tag seat-${seat}${flash && flash.seat === seat ? " flash" : ""}`);
  }
  if (hinted) {
    const place = gestureOf(hinted)?.place;
    if (place) {
      const els = placed(svg, [place]);
      for (const el of els) el.classList.add("hint-place");
      if (els[0]) tag(svg, els[0], "?", "hint-tag");
    }
  }
  if (acting) {
    const lit = selected
      ? gestures.filter((g) => g.piece === selected && g.place).map((g) => g.place)
      : gestures.filter((g) => !g.piece && g.place).map((g) => g.place);
    for (const el of placed(svg, lit)) el.classList.add("legal-place");
    const movable = pieces.filter((p) => p.at && gestures.some((g) => g.piece === p.piece)).map((p) => p.at);
    for (const el of placed(svg, movable)) el.classList.add("movable");
  }
  if (cursor) for (const el of placed(svg, [cursor])) el.classList.add("cursor");
}

// ---- Choosing on the board: by pointer, or by keyboard with a cursor over the places.

/** What the person pointed at: the places named there (a square, a card and its column). */
function choosePlaces(places) {
  if (!acting || !places.length) return;
  $("choices").replaceChildren();
  const at = places[0];
  const candidates = selected
    ? gestures.filter((g) => g.piece === selected && g.place && places.includes(g.place))
    : gestures.filter((g) => !g.piece && g.place && places.includes(g.place));
  // A piece of the viewer's standing there, that some action takes: taken up.
  const standing = pieces.find((p) => p.at && places.includes(p.at) && p.piece !== selected
    && gestures.some((g) => g.piece === p.piece));
  if (candidates.length === 1) {
    playPerson(candidates[0].action);
  } else if (candidates.length > 1) {
    $("choices").replaceChildren(h("div", { class: "notice choices", role: "group", "aria-label": `choices at ${at}` },
      h("p", { text: `At ${at}:` }),
      candidates.map((g) => h("button", { type: "button", "data-action": g.action, onclick: () => playPerson(g.action) }, g.action))));
    $("choices").querySelector("button")?.focus({ preventScroll: true });
  } else if (standing) {
    choosePiece(standing.piece);
  } else {
    $("cursor-text").textContent = selected
      ? `The ${labelOf(selected)} cannot go to ${at}.`
      : `Nothing to do at ${at}: take a piece of your hand first.`;
  }
}

function boardClick(event) {
  if (!acting) return;
  choosePlaces(placesAt(event));
}

/** The board's places, each once, with the centre of its first element on the screen. */
function boardPlaces() {
  const svg = $("board").querySelector("svg");
  if (!svg) return [];
  const seen = new Map();
  for (const el of svg.querySelectorAll("[data-at]")) {
    const at = el.getAttribute("data-at").split(/\s+/)[0];
    if (seen.has(at)) continue;
    const r = el.getBoundingClientRect();
    seen.set(at, { at, x: r.left + r.width / 2, y: r.top + r.height / 2, words: el.getAttribute("data-at").split(/\s+/) });
  }
  return [...seen.values()];
}

/** Arrow keys move the cursor to the nearest place that way; Enter or Space chooses it. */
function boardKey(event) {
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (event.key === "Enter" || event.key === " ") {
    if (!cursor) return;
    event.preventDefault();
    const place = boardPlaces().find((p) => p.at === cursor);
    choosePlaces(place ? place.words : [cursor]);
    return;
  }
  if (event.key === "Escape") {
    if (selected) choosePiece(selected);
    return;
  }
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  const places = boardPlaces();
  if (!places.length) return;
  const from = places.find((p) => p.at === cursor);
  let next;
  if (!from) {
    next = places[0];
  } else {
    const [dx, dy] = move;
    let best = Infinity;
    for (const p of places) {
      const ax = p.x - from.x;
      const ay = p.y - from.y;
      const along = ax * dx + ay * dy;
      if (along <= 1) continue;
      const across = Math.abs(ax * dy - ay * dx);
      const cost = along + 2 * across;
      if (cost < best) {
        best = cost;
        next = p;
      }
    }
  }
  if (!next) return;
  cursor = next.at;
  drawBoard();
  const lit = selected
    ? gestures.some((g) => g.piece === selected && g.place && next.words.includes(g.place))
    : gestures.some((g) => !g.piece && g.place && next.words.includes(g.place));
  $("cursor-text").textContent = `${next.at}${lit ? ": a legal place" : ""}`;
}

// ---- Playing.

function playPerson(action) {
  const who = game.toMove();
  if (who.kind !== "seat" || seats[who.seat] !== "person") return;
  if (online) {
    // The server checks it with the engine; its next state (or its refusal) answers.
    refused("");
    selected = hinted = null;
    $("cursor-text").textContent = "";
    online.act(action);
    return;
  }
  const index = game.steps().length;
  let events;
  try {
    events = game.play(action);
  } catch (error) {
    // The engine's reason (it names the action); the state is unchanged.
    refused(message(error));
    return;
  }
  refused("");
  $("action").value = "";
  selected = hinted = null;
  $("hint-text").textContent = "";
  $("cursor-text").textContent = "";
  logStep(index, who.seat, action, events);
  loop().then(() => {
    if (mode === "play" && acting) focusFirstPiece();
  });
}

function logStep(index, seat, action, events) {
  logItems.push({ index, seat, action, events });
  flash = { seat };
  setTimeout(() => {
    if (flash && flash.seat === seat) {
      flash = null;
      for (const t of $("board").querySelectorAll(".seat-tag.flash")) t.classList.remove("flash");
    }
  }, 1500);
  renderLog();
}

/** The log from `logItems`, the newest in view inside the log (the page itself never scrolls). */
function renderLog(current = null) {
  const log = $("log");
  log.replaceChildren(...logItems.map((item) => {
    const who = item.seat === null ? "chance" : `seat ${item.seat}${seats[item.seat] ? ` (${seats[item.seat] === "person" ? "person" : seats[item.seat]})` : ""}`;
    const li = h("li", { "data-step": item.index, "aria-current": item.index === current ? "step" : null },
      h("span", { class: "mono" }, `${who}: ${item.action}`));
    if (item.events?.length) li.append(h("ul", {}, item.events.map(eventItem)));
    return li;
  }));
  const target = current === null ? log.lastElementChild : log.querySelector("[aria-current]");
  if (target) log.scrollTop = target.offsetTop - log.offsetTop - log.clientHeight / 2;
}

function finished() {
  thinking(null);
  viewer = online ? online.you : mode === "play" && persons().length === 1 ? persons()[0] : null;
  render(null);
  $("actions-panel").hidden = mode === "replay";
  $("hand-panel").hidden = true;
  const standings = game.standings() || [];
  const reason = game.endReason();
  $("status").textContent = `The game is over${reason ? ` (${reason})` : ""}.`;
  const rows = [...standings].sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((s) => h("tr", {}, h("td", { text: String(s.rank) }),
      h("td", { text: `seat ${s.seat} (${seats[s.seat] ?? "?"})${s.lost ? ", lost on time" : ""}` }),
      h("td", { text: String(s.score) })));
  const g = described.get(gameName);
  const box = $("standings");
  box.replaceChildren(h("h2", { text: "Standings" }),
    h("p", { text: `Ranked by score: ${g?.score ?? "each seat's score"}${standings.some((s) => s.lost) ? "; a seat lost on time ranks after every other" : ""}.` }),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", { text: "rank" }), h("th", { text: "seat" }), h("th", { text: "score" }))),
      h("tbody", {}, rows)));
  box.hidden = false;
  document.body.dataset.over = "1";
}

// ---- Hint, undo, save, load.
async function hint() {
  const who = game.toMove();
  if (who.kind !== "seat") return;
  $("hint-text").textContent = "Thinking…";
  $("hint").disabled = true;
  const token = loopToken;
  try {
    // The library's hint, searched in the worker: the same hint as every front end's.
    const { hint: { action, shares } } = await askWorker("hint");
    if (token !== loopToken) return;
    const best = (shares || []).find((a) => a.action === action);
    const share = best ? ` (${Math.round(best.share * 100)}% of the search's visits)` : "";
    $("hint-text").textContent = `Hint: ${action}${share}`;
    $("action").value = action;
    hinted = action;
    drawBoard();
    renderHand();
    renderDecisions();
  } catch (error) {
    if (token === loopToken) $("hint-text").textContent = `No hint: ${message(error)}`;
  } finally {
    $("hint").disabled = !acting;
  }
}

/** The index in the record of the last step a person chose, or -1. */
function lastPersonStep() {
  const steps = game.steps();
  for (let i = steps.length - 1; i >= 0; i--) {
    const seat = stepSeat(steps[i]);
    if (seat !== null && seats[seat] === "person") return i;
  }
  return -1;
}

/** The seat that chose a step (`steps()`'s form), or null for chance. */
function stepSeat(step) {
  return step && typeof step.seat === "number" ? step.seat : null;
}

function undo() {
  const target = lastPersonStep();
  if (target < 0) return;
  loopToken++;
  startWorker(); // a bot still thinking is dropped
  thinking(null);
  // Back to that person's decision: the steps after it taken back, the generator too.
  try {
    game.undoDecision(stepSeat(game.steps()[target]));
  } catch (error) {
    say(`Undo: ${message(error)}`, "error");
    return;
  }
  // The undone steps leave the log.
  const kept = game.steps().length;
  logItems = logItems.filter((item) => item.index < kept);
  selected = hinted = flash = null;
  renderLog();
  $("standings").hidden = true;
  $("actions-panel").hidden = false;
  delete document.body.dataset.over;
  loop();
}

function download(text, type, name) {
  const blob = new Blob([text], { type });
  const link = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The server's record of an online game: given once the game is over. */
async function saveOnline(form, type, name) {
  const response = await fetch(`api/games/${encodeURIComponent(online.id)}/${form}`);
  if (!response.ok) {
    say((await response.json().catch(() => ({}))).error ?? `the server answered ${response.status}`, "error");
    return;
  }
  download(await response.text(), type, name);
}

function save() {
  if (online) return saveOnline("record.json", "application/json", `${gameName}-record.json`);
  download(game.record(), "application/json", `${gameName}-record.json`);
}

function saveText() {
  if (online) return saveOnline("record.txt", "text/plain", `${gameName}-game.txt`);
  download(game.recordText(), "text/plain", `${gameName}-game.txt`);
}

// ---- Online: a game on the game server, people at different screens.

/** Creates the game of the form on the server and shows each person's link. */
async function playWithFriends() {
  say("");
  const { name, options } = await gameOptions();
  const specs = seatSpecs($("seats"));
  if (!specs.includes("person")) {
    say("Playing with friends needs a person at one seat at least.", "error");
    return;
  }
  let created;
  try {
    created = await createOnline(name, options, specs, timeControl());
  } catch (error) {
    say(message(error), "error");
    return;
  }
  const whole = (link) => new URL(link, location.href).href;
  $("online-links").replaceChildren(
    h("h2", { text: `${titleOf(name)} on the server` }),
    h("p", { text: "Send each person the link of their seat and open yours. The spectators' link shows the game without any hand." }),
    h("ul", {}, created.seats.map((s) => h("li", {}, `Seat ${s.seat}: `,
      h("a", { href: whole(s.link), "data-seat": s.seat, text: whole(s.link) }))),
    h("li", {}, "Spectators: ", h("a", { href: whole(created.spectator.link), "data-spectator": "1", text: whole(created.spectator.link) }))));
  $("online-links").hidden = false;
  $("online-links").querySelector("a")?.focus({ preventScroll: true });
}

/** The time control chosen for an online game (docs/server.md), or null: untimed. */
function timeControl() {
  const [kind, first, second] = $("time").value.split(":");
  if (!kind) return null;
  const atZero = $("at-zero").value === "lose" ? "lose" : { bot: "level2" };
  return kind === "clock"
    ? { kind, initial_ms: Number(first), increment_ms: Number(second), at_zero: atZero }
    : { kind, ms: Number(first), at_zero: atZero };
}

/** `m:ss` (or `0:00` once past zero). */
const minutes = (ms) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** The online game's clocks in the table bar: each person's time, the running one marked. */
function renderClocks() {
  const clocks = online?.state ? online.clocks() : null;
  $("clocks").hidden = !clocks;
  if (!clocks) return;
  const people = seats.flatMap((spec, seat) => (spec === "person" ? [seat] : []));
  const parts = people.map((seat) => {
    const mark = seat === clocks.running ? "▶ " : "";
    const you = seat === viewer ? " (you)" : "";
    // A time per decision runs for the seat to move only.
    const time = clocks.kind === "per_decision" && seat !== clocks.running ? "waiting" : minutes(clocks.left[seat]);
    return `${mark}Seat ${seat}${you}: ${time}`;
  });
  $("clocks").textContent = `Clock: ${parts.join(" · ")}`;
}
setInterval(() => {
  if (online && document.body.dataset.over !== "1") renderClocks();
}, 250);

let onlineLogged = 0; // the steps already in the log
/** Joins a game on the server with a seat's (or the spectators') token from the link. */
function joinOnline(id, token) {
  mode = "play";
  onlineLogged = 0;
  logItems = [];
  online = new Remote(id, token, {
    onState: onlineState,
    onRefused: (reason) => refused(reason),
    onClosed: (reason) => say(`The game server closed the connection: ${reason}`, "error"),
    local: (name, players) => wasm.Game.create(name, { players }),
  });
}

function onlineState(remote) {
  const first = game !== remote;
  game = remote;
  gameName = remote.name;
  seats = remote.seats;
  viewer = remote.you;
  if (first) {
    showTable(false);
    for (const id of ["hint", "undo"]) $(id).hidden = true;
    document.title = `${titleOf(gameName)} · online · mesopotamia`;
    $("page-title").textContent = `Play ${titleOf(gameName)} online${viewer === null ? " (watching)" : ` (seat ${viewer})`}`;
  }
  const told = remote.steps();
  for (; onlineLogged < told.length; onlineLogged++) {
    const step = told[onlineLogged];
    if (step.seat !== null) logItems.push({ index: onlineLogged, seat: step.seat, action: step.step, events: [] });
  }
  renderLog();
  renderClocks();
  const who = remote.toMove();
  if (who.kind === "over") {
    finished();
    return;
  }
  render(who.kind === "seat" && who.seat === viewer ? viewer : null);
  if (who.kind === "seat" && who.seat !== viewer) {
    const spec = seats[who.seat];
    $("status").textContent = spec === "person" ? `Seat ${who.seat} to move (at another screen)` : `Seat ${who.seat} (${spec}) is thinking`;
  } else if (who.kind === "chance") {
    $("status").textContent = "Drawing…";
  }
  document.body.dataset.online = "1";
}

async function load(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  const text = await file.text();
  // The record names its game (JSON or the game text): the engine reads it, or says what is wrong.
  let loaded;
  try {
    loaded = wasm.Game.fromRecord(null, text);
  } catch (error) {
    say(`The record ${file.name} is refused: ${message(error)}`, "error");
    return;
  }
  const name = loaded.name;
  say(`Loaded ${file.name}: ${titleOf(name)}, ${loaded.steps().length} steps.`);
  loopToken++;
  startWorker();
  endReplay();
  if (game) game.free();
  game = null;
  gameName = name;
  // The record's seats, as the engine read them (checked): who played each seat.
  seats = loaded.seats.length === loaded.players ? loaded.seats : Array(loaded.players).fill("person");
  mode = "replay";
  const steps = loaded.steps();
  replay = { source: loaded, steps, at: steps.length, total: steps.length };
  viewer = null;
  selected = hinted = cursor = flash = null;
  logItems = steps.map((s, index) => ({ index, seat: stepSeat(s), action: s.step, events: [] }))
    .filter((item) => item.seat !== null);
  showTable(true);
  seatPickers($("replay-seats"), "replay-seat", loaded.players, seats);
  showReplay(replay.total);
}

function showReplay(n) {
  replay.at = Math.max(0, Math.min(replay.total, n));
  const at = replay.source.atStep(replay.at);
  if (game && game !== replay.source) game.free();
  game = at;
  viewer = null;
  acting = false;
  const step = replay.at > 0 ? replay.steps[replay.at - 1] : null;
  const label = step
    ? `step ${replay.at} of ${replay.total}: ${step.seat !== null ? `seat ${step.seat} ${step.step}` : step.step}`
    : `the start (${replay.total} steps)`;
  $("replay-label").textContent = label;
  $("replay-first").disabled = $("replay-back").disabled = replay.at === 0;
  $("replay-forward").disabled = $("replay-last").disabled = replay.at === replay.total;
  $("standings").hidden = true;
  render(null);
  if (game.toMove().kind === "over") finished();
  $("status").textContent = `Replay: ${label}`;
  // The log follows: the steps played so far, the last one marked.
  let current = null;
  for (const item of logItems) if (item.index < replay.at) current = item.index;
  renderLog(current);
  for (const li of $("log").children) li.classList.toggle("later", Number(li.dataset.step) >= replay.at);
}

function replayKey(event) {
  if (mode !== "replay" || event.target.closest("input, select, textarea")) return;
  const to = { ArrowLeft: replay.at - 1, ArrowRight: replay.at + 1, Home: 0, End: replay.total }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  showReplay(to);
}

function playOnFromHere() {
  const wanted = seatSpecs($("replay-seats"));
  try {
    game.setSeats(wanted);
  } catch (error) {
    say(message(error), "error");
    return;
  }
  seats = game.seats;
  mode = "play";
  // The log keeps the steps up to here.
  logItems = logItems.filter((item) => item.index < replay.at);
  endReplay();
  showTable(false);
  renderLog();
  startWorker();
  loop();
}

async function main() {
  try {
    wasm = await engine();
  } catch (error) {
    $("loading").className = "error";
    $("loading").textContent = `The engines did not load: ${message(error)}`;
    return;
  }
  $("loading").remove();
  // The game menu: every game of the package, by its title.
  described = new Map(wasm.games().map((g) => [g.name, g]));
  $("game").replaceChildren(...[...described.values()].map((g) => h("option", { value: g.name, text: g.title })));
  $("game").addEventListener("change", optionsShown);
  $("players").addEventListener("change", () =>
    seatPickers($("seats"), "seat", Number($("players").value), seatSpecs($("seats"))));
  $("setup-form").addEventListener("submit", startGame);
  $("load").addEventListener("change", load);
  $("action-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const action = $("action").value.trim();
    if (action) playPerson(action);
  });
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("save").addEventListener("click", save);
  $("save-text").addEventListener("click", saveText);
  $("new-game").addEventListener("click", newGame);
  $("board").addEventListener("click", boardClick);
  $("board").addEventListener("keydown", boardKey);
  $("board").addEventListener("dragover", (event) => {
    if (acting && selected) event.preventDefault();
  });
  $("board").addEventListener("drop", (event) => {
    event.preventDefault();
    if (acting && selected) choosePlaces(placesAt(event));
  });
  document.addEventListener("keydown", replayKey);
  $("replay-first").addEventListener("click", () => showReplay(0));
  $("replay-back").addEventListener("click", () => showReplay(replay.at - 1));
  $("replay-forward").addEventListener("click", () => showReplay(replay.at + 1));
  $("replay-last").addEventListener("click", () => showReplay(replay.total));
  $("replay-play").addEventListener("click", playOnFromHere);
  $("replay-leave").addEventListener("click", newGame);
  $("online").addEventListener("click", playWithFriends);
  optionsShown();
  // A seat's link (or the spectators'): the game on the server.
  const params = new URLSearchParams(location.search);
  if (params.get("game") && params.get("token")) joinOnline(params.get("game"), params.get("token"));
  performance.mark("play-ready");
  document.body.dataset.ready = "1";
}

main();
