// Online play through the game server (crates/mesopotamia-server, docs/server.md): the
// lobby's `POST /api/games`, and `Remote`, a game whose state is the server's, read over the
// seat's WebSocket. `Remote` answers what the play page asks of a game (who is to move, the
// gestures, the pieces, the picture, the steps) from the last state the server sent: every
// rule stays on the server, in the engine.

/** `englishVariant` as the description names it: `english_variant`. */
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Creates a game on the server: `{id, seats: [{seat, token, link}], spectator: {token, link}}`.
 * Every person's seat is claimed, a link each to hand out; `time` is the time control
 * (docs/server.md), or none. Throws with the server's words.
 */
export async function createOnline(name, options, seats, time = null) {
  const body = { game: name, seats, options: {}, claim: seats.flatMap((s, i) => (s === "person" ? [i] : [])) };
  if (time) body.time = time;
  for (const [key, value] of Object.entries(options)) {
    if (key === "seed") body.seed = value;
    else if (key !== "players" && key !== "seats") body.options[snake(key)] = value;
  }
  let response;
  try {
    response = await fetch("api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (error) {
    throw new Error(`the game server cannot be reached (${error.message})`);
  }
  const answer = await response.json().catch(() => null);
  if (response.status === 404 || response.status === 405 || answer === null) {
    throw new Error("playing with friends needs the game server: start it with `cargo xtask serve`");
  }
  if (!response.ok) throw new Error(answer.error ?? `the server answered ${response.status}`);
  return answer;
}

/** A game played on the server, as the seat (or the spectator) its token opens sees it. */
export class Remote {
  /**
   * Connects; `onState(remote)` is called on each state, `onRefused(reason)` on a refusal,
   * `onClosed(reason)` when the connection ends. `local` makes a local game of the same name
   * for what depends on notation alone (`gestureOf`).
   */
  constructor(id, token, { onState, onRefused, onClosed, local }) {
    this.id = id;
    this.state = null;
    this.told = []; // every step as this seat saw it: { seat, step }
    this.local = null;
    this.makeLocal = local;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = new URL(`api/games/${encodeURIComponent(id)}/socket?token=${encodeURIComponent(token)}`, location.href);
    url.protocol = `${scheme}:`;
    this.socket = new WebSocket(url);
    this.socket.onmessage = ({ data }) => {
      let message;
      try {
        message = JSON.parse(data);
      } catch {
        return;
      }
      if (message.type === "state") {
        for (const s of message.steps) this.told[s.index] = { seat: s.seat, step: s.seen ?? "(not shown to you)" };
        this.state = message;
        this.receivedAt = performance.now(); // the clock counts down from here
        if (!this.local) this.local = this.makeLocal(message.game, message.players);
        onState(this);
      } else if (message.type === "refused" || message.type === "error") {
        onRefused(message.reason);
      }
    };
    this.socket.onclose = (event) => onClosed(event.reason || "the connection to the server closed");
    this.socket.onerror = () => {};
  }

  /** Closes the connection. */
  close() {
    this.socket.onclose = null;
    this.socket.close();
    this.local?.free();
  }

  /** Sends the seat's action, chosen on the state last received. */
  act(action) {
    this.socket.send(JSON.stringify({ type: "act", step: this.state.step, action }));
  }

  get name() { return this.state.game; }
  get players() { return this.state.players; }
  get seats() { return this.state.seats; }
  /** The seat this connection plays, or null for a spectator. */
  get you() { return this.state.you; }
  toMove() { return this.state.to_move; }
  gestures() { return this.state.to_move.seat === this.state.you ? (this.state.gestures ?? []) : []; }
  pieces() { return this.state.pieces ?? []; }
  facts() { return this.state.facts; }
  svg() { return this.state.svg; }
  viewSvg() { return this.state.svg; }
  steps() { return this.told.map((s) => ({ seat: s.seat, step: s.step })); }
  /**
   * Each seat's time left now in milliseconds (the server's figures, the running seat's
   * counted down since they came), or null when the game is untimed.
   */
  clocks() {
    const clock = this.state.clock;
    if (!clock) return null;
    const running = clock.running && this.state.to_move.kind === "seat" ? this.state.to_move.seat : null;
    return {
      kind: clock.control.kind,
      running,
      left: clock.left_ms.map((ms, seat) => (seat === running ? ms - (performance.now() - this.receivedAt) : ms)),
    };
  }
  gestureOf(action) { return this.local.gestureOf(action); }
  viewText() { return []; }
  position() { return ""; }
  standings() { return this.state.over?.standings ?? null; }
  endReason() { return this.state.over?.reason ?? null; }
  free() { this.close(); }
}
