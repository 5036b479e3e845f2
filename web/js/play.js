// The play page: a whole game of any of the package's games, people and bots. Every rule is
// the engine's: this page asks who is to move, lists what the engine says is legal, plays what
// a person chooses and shows the engine's words and pictures. What each game is (its title,
// players and options) is its description (`games()`). The game is the library's session: a
// bot's turn is played in the worker on the game rebuilt from its record, and the page takes
// the worker's record back (`follow`), so the page's game is the one the command line plays
// with the same seed and seats.
import { engine } from "./engine.js";
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

const $ = (id) => document.getElementById(id);
let wasm = null;
let described = new Map(); // each game's description, by name (the package's games())
let game = null; // the Game being played or replayed
let gameName = null;
let seats = []; // each seat's spec: "person" or a bot spec
let viewer = null; // the seat whose view is shown (a person), or null (all bots: everything)
let loopToken = 0; // a new game, undo or load cancels the running loop
let mode = "setup"; // "setup" | "play" | "replay"
let replay = null; // { source (the loaded Game), steps (its steps, for the labels), at, total }

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
  const described = { id, name: option.name, "aria-describedby": `${id}-help`, "data-kind": option.kind };
  switch (option.kind) {
    case "flag":
      return h("div", { class: "option" },
        h("label", {}, h("input", { ...described, type: "checkbox" }), ` ${words(option.name)}`), " ", help);
    case "number":
      return h("div", { class: "option" },
        h("label", { for: id, text: words(option.name) }), " ",
        h("input", { ...described, type: "number", step: "1", min: option.min, max: option.max, value: option.default }),
        " ", help);
    case "choice":
      return h("div", { class: "option" },
        h("label", { for: id, text: words(option.name) }), " ",
        h("select", described, option.values.map((v) =>
          h("option", { value: v.name, title: v.help, selected: v.name === option.default, text: v.name }))),
        " ", help);
    default:
      // A text, given as a file (a board file): the game's own default when none is chosen.
      return h("div", { class: "option" },
        h("label", { for: id, text: `${words(option.file ?? option.name)} (optional)` }), " ",
        h("input", { ...described, type: "file", accept: ".txt,text/plain" }), " ", help);
  }
}

function optionsShown() {
  const name = $("game").value;
  const game = described.get(name);
  $("game-about").textContent = game.about;
  $("game-options-title").textContent = `${game.title} options`;
  $("game-options").hidden = game.options.length === 0;
  $("game-options-fields").replaceChildren(...game.options.map(optionField));
  const players = $("players");
  const range = [];
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) range.push(n);
  const wanted = Number(players.value);
  players.replaceChildren(...range.map((n) => h("option", { value: n, text: String(n) })));
  players.value = range.includes(wanted) ? wanted : game.defaultPlayers;
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
  document.title = `${titleOf(name)} · Play · mesopotamia`;
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
    let answer;
    try {
      answer = await askWorker("botTurn");
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
    // The page's game takes the worker's step and generator: it is then the game that
    // played the bot's turn (and undo puts the generator back over it).
    try {
      game.follow(answer.record);
    } catch (error) {
      say(`Seat ${who.seat}'s bot played ${answer.action}, but its record is refused: ${message(error)}`, "error");
      return;
    }
    logStep(who.seat, answer.action, answer.events);
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
    // The library's hint, searched in the worker: the same hint as every front end's.
    const { hint: { action, shares } } = await askWorker("hint");
    if (token !== loopToken) return;
    const best = (shares || []).find((a) => a.action === action);
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

/** The seat that chose a step (`steps()`'s form), or null for chance. */
function stepSeat(step) {
  return step && typeof step.seat === "number" ? step.seat : null;
}

function undo() {
  const target = lastPersonStep();
  if (target < 0) return;
  loopToken++;
  startWorker(); // a bot still thinking is dropped
  // Back to that person's decision: the steps after it taken back, the generator too.
  try {
    game.undoDecision(stepSeat(game.steps()[target]));
  } catch (error) {
    say(`Undo: ${message(error)}`, "error");
    return;
  }
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
  // The record names its game: the engine reads it as that game's, or says what is wrong.
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
  // The record's bots, as the engine read them (checked): who played each seat.
  seats = loaded.seats.length === loaded.players ? loaded.seats : Array(loaded.players).fill("person");
  mode = "replay";
  const steps = loaded.steps();
  replay = { source: loaded, steps, at: steps.length, total: steps.length };
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
  const step = replay.at > 0 ? replay.steps[replay.at - 1] : null;
  const label = step
    ? `step ${replay.at} of ${replay.total}: ${step.seat !== null ? `seat ${step.seat} ${step.step}` : step.step}`
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
  // The game menu: every game of the package, by its title.
  described = new Map(wasm.games().map((g) => [g.name, g]));
  $("game").replaceChildren(...[...described.values()].map((g) => h("option", { value: g.name, text: g.title })));
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
