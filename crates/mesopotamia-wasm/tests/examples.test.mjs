// Every rule example of every game, run step by step in the package, ends on the position
// the native case runner prints (`mesopotamia examples ID`), scenario by scenario.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wasm, GAMES, cli } from "./package.mjs";

const { examples, runExample, exampleSvg } = wasm;

/** The position after each played scenario in the CLI's transcript (null for refused ones). */
function nativeEnds(transcript) {
  return transcript
    .split(/^== scenario \d+ ==$/m)
    .slice(1)
    .map((chunk) => {
      const after = chunk.split("-- after --\n")[1];
      return after === undefined ? null : after.split("-- standings --\n")[0].trimEnd();
    });
}

for (const name of GAMES) {
  test(`${name}: every rule example ends where the native case runner does`, () => {
    const list = examples(name);
    assert.ok(list.length > 0);
    for (const { id, title } of list) {
      assert.ok(title.length > 0, id);
      const run = runExample(name, id);
      assert.equal(run.id, id);
      assert.equal(run.title, title);
      const ends = nativeEnds(cli("examples", id));
      assert.equal(ends.length, run.scenarios.length, id);
      run.scenarios.forEach((scenario, i) => {
        if (scenario.refused) {
          assert.equal(ends[i], null, `${id} scenario ${i + 1}`);
          assert.ok(scenario.refused.violations.length > 0);
          return;
        }
        assert.equal(scenario.after.position.trimEnd(), ends[i], `${id} scenario ${i + 1}`);
        const last = scenario.steps.at(-1) ?? scenario.before;
        assert.equal(last.position, scenario.after.position, id);
        for (const step of scenario.steps) {
          assert.ok(["seat", "chance"].includes(step.by.kind));
          assert.ok(step.svg.startsWith("<svg"));
          assert.ok(Array.isArray(step.events));
        }
      });
      assert.ok(exampleSvg(name, id).startsWith("<svg"));
    }
    assert.throws(() => runExample(name, "NO-SUCH-EXAMPLE"), /no rule example/);
  });
}
