// The play page: a whole game of any of the three, people and bots. Every rule is the
// engine's: this page asks who is to move, lists what the engine says is legal, plays what a
// person chooses (or what a bot chose in the worker) and shows the engine's words and pictures.
import { engine, GAME_TITLES } from "./engine.js";
import { actionsAt, legalPanel, placesAt } from "./legal.js";
import { appendMarked, eventItem, h, message } from "./marks.js";

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

const PLAYERS = { tigris: [2, 3, 4], cards: [2, 3, 4], sumeria: [3, 4] };
const DEFAULT_PLAYERS = { tigris: 4, cards: 3, sumeria: 3 };
const HINT_SPEC = "mcts:1000";

const $ = (id) => document.getElementById(id);
let wasm = null;
let game = null; // the Game being played or replayed
let gameName = "tigris";
let seats = []; // each seat's spec: "person" or a bot spec
let viewer = null; // the seat whose view is shown (a person), or null (all bots: everything)
let loopToken = 0; // a new game, undo or load cancels the running loop
let mode = "setup"; // "setup" | "play" | "replay"
let replay = null; // { source (the loaded Game), record (parsed, for the labels), at, total }

// The table shown in place of the setup: for play (the actions) or for a replay (its
// controls), with no standings and an empty log.
function showTable(replaying) {
  $("setup").hidden = true;
  $("table").hidden = false;
  $("replay-controls").hidden = !replaying;
  $("actions-panel").hidden = replaying;
  $("standings").hidden = true;
  $("log").replaceChildren();
}

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

/** Asks the worker for `spec`'s choice in the current game (sent as its record). */
function askBot(spec) {
  const id = ++nextRequest;
  const record = game.record();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, game: gameName, record, spec });
  });
}

// ---- Setup form.
function optionsShown() {
  const name = $("game").value;
  for (const fieldset of document.querySelectorAll("fieldset[data-game]")) {
    fieldset.hidden = fieldset.dataset.game !== name;
  }
  $("turn-limit").disabled = name === "sumeria";
  const players = $("players");
  const wanted = Number(players.value) || DEFAULT_PLAYERS[name];
  players.replaceChildren(...PLAYERS[name].map((n) => h("option", { value: n, text: String(n) })));
  players.value = PLAYERS[name].includes(wanted) ? wanted : DEFAULT_PLAYERS[name];
  seatRows();
}

function seatRows() {
  const box = $("seats");
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  const n = Number($("players").value);
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const id = `seat-${seat}`;
    box.append(
      h("label", { for: id, text: `Seat ${seat}` }),
      h("input", { id, name: id, list: "bot-specs", value: old[seat] ?? (seat === 0 ? "person" : "greedy"),
        autocomplete: "off", spellcheck: "false" }));
  }
}

async function gameOptions() {
  const form = $("setup-form");
  const data = new FormData(form);
  const name = data.get("game");
  const options = {
    players: Number(data.get("players")),
    seed: Number(data.get("seed") || 0),
  };
  // Sumeria has no turn limit option (its game ends by its own rules).
  if (name !== "sumeria") options.turnLimit = Number(data.get("turnLimit") || 1000);
  if (name === "tigris") {
    options.board = data.get("board");
    options.englishVariant = data.get("englishVariant") === "on";
    options.buildings = data.get("buildings") === "on";
    options.ziggurat = data.get("ziggurat") === "on";
  } else if (name === "cards") {
    options.openPiles = data.get("openPiles") === "on";
  } else if (name === "sumeria") {
    const file = $("board-file").files[0];
    if (file) options.boardText = await file.text();
  }
  return { name, options };
}

function seatSpecs() {
  return [...$("seats").querySelectorAll("input")].map((i) => i.value.trim().toLowerCase() || "person");
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
  options.seats = seatSpecs();
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

function begin(name, g, specs) {
  if (game) game.free();
  game = g;
  gameName = name;
  seats = specs;
  mode = "play";
  endReplay();
  viewer = null;
  startWorker();
  showTable(false);
  $("hint-text").textContent = "";
  refused("");
  document.title = `${GAME_TITLES[name]} · Play · mesopotamia`;
  loop();
}

function newGame() {
  loopToken++;
  startWorker();
  mode = "setup";
  $("handoff").hidden = true;
  $("table").hidden = true;
  $("setup").hidden = false;
  say("");
  $("game").focus();
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
    $("status").textContent = `Seat ${who.seat} (${spec}) is thinking`;
    $("status").classList.add("thinking");
    document.body.dataset.thinking = "1";
    const started = performance.now();
    let choice;
    try {
      choice = await askBot(spec);
    } catch (error) {
      if (token !== loopToken) return;
      $("status").classList.remove("thinking");
      $("status").textContent = `Seat ${who.seat} (${spec}) cannot play: start a new game with another bot.`;
      say(`Seat ${who.seat}'s bot failed: ${message(error)}`, "error");
      return;
    } finally {
      window.__thinking.push({ start: started, end: performance.now() });
      delete document.body.dataset.thinking;
    }
    if (token !== loopToken) return;
    $("status").classList.remove("thinking");
    try {
      const events = game.play(choice.action);
      logStep(who.seat, choice.action, events);
    } catch (error) {
      say(`Seat ${who.seat}'s bot chose ${choice.action}: ${message(error)}`, "error");
      return;
    }
  }
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
      $("action").focus();
    };
    $("handoff-ok").focus();
    return;
  }
  viewer = seat;
  render(seat);
}

/** Shows the table as the viewer sees it; `toAct` is the person to move, if any. */
function render(toAct) {
  const people = persons();
  if (viewer === null && people.length === 1) viewer = people[0];
  const board = $("board");
  const text = $("view-text");
  if (viewer === null) {
    board.innerHTML = game.svg();
    text.textContent = game.position();
  } else {
    board.innerHTML = game.viewSvg(viewer);
    text.replaceChildren();
    appendMarked(text, game.viewText(viewer));
  }
  const acting = toAct !== null && toAct === viewer;
  $("actions-panel").dataset.active = acting ? "1" : "";
  for (const id of ["action", "hint"]) $(id).disabled = !acting;
  $("action-form").querySelector("button").disabled = !acting;
  $("undo").disabled = lastPersonStep() < 0;
  $("at-place").replaceChildren();
  $("hint-text").textContent = "";
  if (acting) {
    $("status").textContent = `Seat ${toAct} (you) to move`;
    const legal = game.legal();
    // The field's example is one of this position's legal actions, in this game's notation.
    $("action").placeholder = `an action, e.g. ${legal[Math.min(1, legal.length - 1)] ?? "pass"}`;
    $("legal").replaceChildren(legalPanel(legal, playPerson, { label: "legal actions by kind" }));
  } else {
    $("legal").replaceChildren();
  }
}

function playPerson(action) {
  const who = game.toMove();
  if (who.kind !== "seat" || seats[who.seat] !== "person") return;
  let events;
  try {
    events = game.play(action);
  } catch (error) {
    // The engine's reason; the state is unchanged.
    refused(`${action}: ${message(error)}`);
    return;
  }
  refused("");
  $("action").value = "";
  logStep(who.seat, action, events);
  loop().then(() => {
    if (mode === "play" && !$("action").disabled) $("action").focus();
  });
}

function logStep(seat, action, events) {
  const item = h("li", {}, h("span", { class: "mono" }, `seat ${seat}: ${action}`));
  if (events.length) item.append(h("ul", {}, events.map(eventItem)));
  $("log").append(item);
  item.scrollIntoView?.({ block: "nearest" });
}

function finished() {
  viewer = null;
  render(null);
  $("actions-panel").hidden = mode === "replay";
  const standings = game.standings() || [];
  const reason = game.endReason();
  $("status").textContent = `The game is over${reason ? ` (${reason})` : ""}.`;
  const rows = [...standings].sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((s) => h("tr", {}, h("td", { text: String(s.rank) }), h("td", { text: `seat ${s.seat} (${seats[s.seat] ?? "?"})` }),
      h("td", { text: String(s.score) })));
  const box = $("standings");
  box.replaceChildren(h("h2", { text: "Standings" }),
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
    const { action, analysis } = await askBot(HINT_SPEC);
    if (token !== loopToken) return;
    const best = (analysis || []).find((a) => a.action === action);
    const share = best ? ` (${Math.round(best.share * 100)}% of the search's visits)` : "";
    $("hint-text").textContent = `Hint: ${action}${share}`;
    $("action").value = action;
    for (const b of $("legal").querySelectorAll("button.match")) b.classList.remove("match");
    $("legal").querySelector(`button[data-action="${CSS.escape(action)}"]`)?.classList.add("match");
  } catch (error) {
    if (token === loopToken) $("hint-text").textContent = `No hint: ${message(error)}`;
  } finally {
    $("hint").disabled = false;
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

/** The seat that chose a step, or null for chance (the record's step form). */
function stepSeat(step) {
  if (step && Array.isArray(step.action)) return step.action[0];
  if (step && typeof step.seat === "number") return step.seat;
  return null;
}

function undo() {
  const target = lastPersonStep();
  if (target < 0) return;
  loopToken++;
  startWorker(); // a bot still thinking is dropped
  while (game.steps().length > target) game.undo();
  $("log").append(h("li", { class: "mono", text: "(undone to the previous decision of a person)" }));
  $("standings").hidden = true;
  $("actions-panel").hidden = false;
  delete document.body.dataset.over;
  loop();
}

function save() {
  const blob = new Blob([game.record()], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: `${gameName}-record.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function load(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  const text = await file.text();
  // The record names its game; a file that is not even JSON is given to the engine of the
  // game chosen above, which says what is wrong with it.
  let name = $("game").value;
  let parsed = null;
  try {
    parsed = JSON.parse(text);
    if (parsed && typeof parsed.game === "string" && parsed.game in GAME_TITLES) name = parsed.game;
  } catch {
    parsed = null;
  }
  let loaded;
  try {
    loaded = wasm.Game.fromRecord(name, text);
  } catch (error) {
    say(`The record ${file.name} is refused: ${message(error)}`, "error");
    return;
  }
  say(`Loaded ${file.name}: ${GAME_TITLES[name]}, ${loaded.steps().length} steps.`);
  loopToken++;
  startWorker();
  endReplay();
  if (game) game.free();
  game = null;
  gameName = name;
  // The record's bots, as the engine read them (checked): who played each seat.
  seats = loaded.seats.length === loaded.players ? loaded.seats : Array(loaded.players).fill("person");
  mode = "replay";
  replay = { source: loaded, record: parsed, at: loaded.steps().length, total: loaded.steps().length };
  viewer = null;
  showTable(true);
  showReplay(replay.total);
}

function showReplay(n) {
  replay.at = Math.max(0, Math.min(replay.total, n));
  const at = replay.source.atStep(replay.at);
  if (game) game.free();
  game = at;
  viewer = null;
  $("board").innerHTML = game.svg();
  $("view-text").textContent = game.position();
  const steps = replay.record.steps;
  const step = replay.at > 0 ? steps[replay.at - 1] : null;
  const label = step
    ? `step ${replay.at} of ${replay.total}: ${stepSeat(step) !== null ? `seat ${stepSeat(step)} ${step.action[1]}` : step.chance}`
    : `the start (${replay.total} steps)`;
  $("replay-label").textContent = label;
  $("status").textContent = `Replay: ${label}`;
  $("replay-first").disabled = $("replay-back").disabled = replay.at === 0;
  $("replay-forward").disabled = $("replay-last").disabled = replay.at === replay.total;
  $("standings").hidden = true;
  if (game.toMove().kind === "over") finished();
  $("status").textContent = `Replay: ${label}`;
}

function playOnFromHere() {
  const specs = seatSpecs();
  const wanted = specs.length === game.players ? specs : Array.from({ length: game.players }, (_, i) => specs[i] ?? "person");
  try {
    game.setSeats(wanted);
  } catch (error) {
    say(message(error), "error");
    return;
  }
  seats = game.seats;
  mode = "play";
  endReplay();
  $("replay-controls").hidden = true;
  $("actions-panel").hidden = false;
  startWorker();
  loop();
}

// ---- Clicking the board: the legal actions that name the clicked place.
function boardClick(event) {
  if (mode !== "play") return;
  const who = game.toMove();
  if (who.kind !== "seat" || seats[who.seat] !== "person" || viewer !== who.seat) return;
  const places = placesAt(event);
  if (!places.length) return;
  const place = places[0];
  const matching = actionsAt(game.legal(), places);
  $("at-place").replaceChildren(matching.length
    ? h("div", { class: "notice", role: "status" }, h("p", { text: `Legal actions at ${place}:` }),
      h("div", { class: "legal" }, h("div", { class: "actions" },
        matching.map((a) => h("button", { type: "button", "data-action": a, onclick: () => playPerson(a) }, a)))))
    : h("p", { class: "notice", role: "status", text: `No legal action names ${place}.` }));
  $("at-place").querySelector("button")?.focus();
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
  $("game").addEventListener("change", optionsShown);
  $("players").addEventListener("change", seatRows);
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
  $("new-game").addEventListener("click", newGame);
  $("board").addEventListener("click", boardClick);
  $("replay-first").addEventListener("click", () => showReplay(0));
  $("replay-back").addEventListener("click", () => showReplay(replay.at - 1));
  $("replay-forward").addEventListener("click", () => showReplay(replay.at + 1));
  $("replay-last").addEventListener("click", () => showReplay(replay.total));
  $("replay-play").addEventListener("click", playOnFromHere);
  optionsShown();
  performance.mark("play-ready");
  document.body.dataset.ready = "1";
}

main();
