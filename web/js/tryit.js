// "Try it": a position of a rule example, played on from there. The engine says who is to
// move, lists the legal actions (or the chance outcomes) and plays the one chosen.
import { engine } from "./engine.js";
import { actionsAt, legalPanel, placesAt } from "./legal.js";
import { eventItem, h, message } from "./marks.js";

/** A panel that plays on from `positionText`; `onClose` removes it. */
export function tryPanel(game, positionText, onClose) {
  const panel = h("div", { class: "try-panel", role: "region", "aria-label": "try it" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const board = h("div", { class: "board", tabindex: "0", role: "group", "aria-label": "the position's picture" });
  const events = h("ul", { class: "events", "aria-label": "what happened" });
  const choices = h("div", { class: "choices" });
  const notice = h("div", { "aria-live": "assertive" });
  const restart = h("button", { type: "button", onclick: () => start() }, "Start again");
  const close = h("button", { type: "button", onclick: onClose }, "Close");
  panel.append(h("div", { class: "toolbar" }, restart, close), status, notice, board, events, choices);
  let g = null;

  function render() {
    board.innerHTML = g.svg();
    const who = g.toMove();
    choices.replaceChildren();
    if (who.kind === "seat") {
      status.textContent = `Seat ${who.seat} to move: choose an action, or click the board.`;
      choices.append(legalPanel(g.legal(), play));
    } else if (who.kind === "chance") {
      status.textContent = "Chance: choose what is drawn.";
      const outcomes = g.chanceOutcomes();
      choices.append(h("div", { class: "legal" }, h("div", { class: "actions" },
        outcomes.map((o) => h("button", { type: "button", "data-action": o.outcome,
          onclick: () => draw(o.outcome) }, `${o.outcome} (${o.weight})`)))));
    } else {
      const standings = g.standings() || [];
      status.textContent = "The game is over: " + standings
        .map((s) => `seat ${s.seat} rank ${s.rank} (${s.score})`).join(", ");
    }
  }

  function play(action) {
    notice.replaceChildren();
    try {
      const happened = g.play(action);
      events.replaceChildren(h("li", { class: "mono", text: action }), ...happened.map(eventItem));
    } catch (error) {
      notice.replaceChildren(h("p", { class: "refused", role: "alert", text: message(error) }));
    }
    render();
  }

  function draw(outcome) {
    notice.replaceChildren();
    try {
      g.playChance(outcome);
      events.replaceChildren(h("li", { class: "mono", text: outcome }));
    } catch (error) {
      notice.replaceChildren(h("p", { class: "refused", role: "alert", text: message(error) }));
    }
    render();
  }

  // A click on a place of the board lists the legal actions that name it.
  board.addEventListener("click", (event) => {
    const places = placesAt(event);
    if (!places.length || !g || g.toMove().kind !== "seat") return;
    const matching = actionsAt(g.legal(), places);
    notice.replaceChildren(matching.length
      ? h("div", { class: "notice" }, `Actions at ${places[0]}: `,
        ...matching.map((a) => h("button", { type: "button", "data-action": a, onclick: () => play(a) }, a)))
      : h("p", { class: "notice", text: `No legal action names ${places[0]}.` }));
  });

  async function start() {
    notice.replaceChildren();
    events.replaceChildren();
    try {
      const wasm = await engine();
      if (g) g.free();
      g = wasm.Game.fromPosition(game, positionText, 1);
      render();
    } catch (error) {
      status.textContent = "";
      notice.replaceChildren(h("p", { class: "error", role: "alert", text: message(error) }));
    }
  }
  start();
  return panel;
}
