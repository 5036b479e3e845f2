// The rule book's live examples. `cargo xtask web` marks each example of a rules page as
// `<section class="rule-example" data-game data-example>`; this script adds to each one a
// button that runs the example in the engine: the position before, each step with its events
// in words, the position after, and from any step "Try it" (the legal actions, playable).
import { engine } from "./engine.js";
import { eventItem, h, message } from "./marks.js";
import { tryPanel } from "./tryit.js";

/**
 * The stages of an example run: each scenario's position before, then one per step (the last
 * is the position after); a scenario whose position the rules refuse is one stage that says
 * why.
 */
function stages(run) {
  const scenarios = Array.isArray(run.scenarios) ? run.scenarios : [run];
  const out = [];
  scenarios.forEach((scenario, s) => {
    const label = scenarios.length > 1 ? `Scenario ${s + 1}: ` : "";
    if (scenario.refused) {
      out.push({
        scenario: s,
        label: `${label}a position the rules refuse`,
        events: scenario.refused.violations.map((v) => `${v.name}: ${v.message}`),
        position: scenario.refused.position,
        svg: "",
      });
      return;
    }
    out.push({ scenario: s, label: `${label}before`, events: [], ...scenario.before });
    const steps = scenario.steps || [];
    steps.forEach((step, i) => {
      const by = step.by && step.by.kind === "seat" ? `seat ${step.by.seat}: ` : "";
      out.push({
        scenario: s,
        label: `${label}step ${i + 1} of ${steps.length}: ${by}${step.step}`,
        events: step.events || [],
        position: step.position,
        svg: step.svg,
      });
    });
    const last = out[out.length - 1];
    if (scenario.after && (steps.length === 0 || scenario.after.position !== last.position)) {
      out.push({ scenario: s, label: `${label}after`, events: [], ...scenario.after });
    } else {
      last.label += " (after)";
    }
  });
  return out;
}

/** Builds the live widget of one example inside `box`. */
async function hydrate(section, box) {
  const { game, example } = section.dataset;
  box.replaceChildren(h("p", { class: "thinking", text: "Running the example" }));
  let run;
  try {
    const wasm = await engine();
    run = wasm.runExample(game, example);
  } catch (error) {
    box.replaceChildren(h("p", { class: "error", role: "alert", text: message(error) }));
    return;
  }
  const all = stages(run);
  let at = 0;
  const label = h("p", { class: "stage-label", "aria-live": "polite" });
  const events = h("ul", { class: "events", "aria-label": "what happens" });
  // Boxes that may scroll sideways take the keyboard's focus, so arrow keys scroll them.
  const picture = h("div", { class: "picture", tabindex: "0", role: "group", "aria-label": "the position's picture" });
  const position = h("pre", { class: "position", tabindex: "0" });
  const positionBox = h("details", {}, h("summary", {}, "Position text"), position);
  const tryBox = h("div", { class: "try" });
  const first = h("button", { type: "button", "data-step": "first", onclick: () => show(0) }, "« Before");
  const back = h("button", { type: "button", "data-step": "back", onclick: () => show(at - 1) }, "◀ Back");
  const forward = h("button", { type: "button", "data-step": "forward", onclick: () => show(at + 1) }, "Forward ▶");
  const last = h("button", { type: "button", "data-step": "last", onclick: () => show(all.length - 1) }, "After »");
  const tryIt = h("button", { type: "button", "data-step": "try", onclick: () => {
    tryBox.replaceChildren(tryPanel(game, all[at].position, () => tryBox.replaceChildren()));
  } }, "Try it from here");
  function show(i) {
    at = Math.max(0, Math.min(all.length - 1, i));
    const stage = all[at];
    label.textContent = stage.label;
    events.replaceChildren(...stage.events.map(eventItem));
    events.hidden = stage.events.length === 0;
    picture.innerHTML = stage.svg || "";
    position.textContent = stage.position;
    first.disabled = back.disabled = at === 0;
    forward.disabled = last.disabled = at === all.length - 1;
    section.dataset.stage = String(at);
    section.dataset.stages = String(all.length);
    tryBox.replaceChildren();
  }
  box.replaceChildren(
    h("div", { class: "controls" }, first, back, forward, last, tryIt),
    label, events, picture, positionBox, tryBox);
  show(0);
  section.dataset.live = "ready";
}

function main() {
  const page = location.pathname.split("/").pop() || "index.html";
  for (const link of document.querySelectorAll("header.site a")) {
    if (link.getAttribute("href") === page) link.setAttribute("aria-current", "page");
  }
  const sections = document.querySelectorAll("section.rule-example");
  if (sections.length) {
    // Say at the top that the examples below are live, and where they start.
    const first = sections[0];
    const title = document.querySelector("main h1");
    title?.after(h("p", { class: "notice" },
      `This page's ${sections.length} rule examples are live: step through each one and try `
      + "its positions yourself, from ", h("a", { href: `#${first.id}` }, first.id), " on."));
  }
  for (const section of sections) {
    const box = h("div", { class: "live" });
    const start = h("button", { type: "button", class: "primary", "data-step": "start",
      onclick: () => hydrate(section, box) }, `Step through ${section.dataset.example}`);
    box.append(start);
    // After the pictures (the example's figure, or an image of its own), or at the end of
    // the section when there are none.
    const figure = section.querySelector("figure.before-after");
    const picture = section.querySelector("img");
    const anchor = figure || (picture ? picture.closest("p") || picture : null);
    if (anchor) anchor.after(box);
    else section.append(box);
  }
  document.body.dataset.ready = "1";
}

main();
