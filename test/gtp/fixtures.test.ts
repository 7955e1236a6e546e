// The GTP fixtures (gtp-fixtures/*.tst) against tengen's built engine.
//
// 1. Through the regress runner, as `tengen regress gtp-fixtures/*.tst` runs
//    them: no unexpected failure, no unexpected pass, no refused setup
//    command, and enough expectations to mean something.
// 2. The `*` tests of the fixtures are commands that must be refused
//    (gogui-regress can only count a `?` reply as a failure, so it cannot
//    tell a right refusal from a wrong reply). Here each of them must get a
//    `?` reply whose message matches the bracketed pattern.
//
// Needs the build (`npm test` runs tsc first).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRegressFile, runRegress } from '../../src/cli/regress.js';
import { GtpClient } from '../../src/gtp/client.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'gtp-fixtures');
const main = join(root, 'dist', 'cli', 'main.js');
const engine = `"${process.execPath}" "${main}" gtp`;
const files = readdirSync(fixtures)
  .filter((f) => f.endsWith('.tst'))
  .sort()
  .map((f) => join(fixtures, f));

/**
 * Commands answered by the engine's judgement, which may think for a while:
 * scoring and move generation (genmove also plays its move, so no refusal in
 * a fixture may come after a genmove and depend on it).
 */
const SLOW_QUERY = /^(?:final_score|final_status|final_status_list|genmove|reg_genmove|kgs-genmove_cleanup)(?:\s|$)/;

/** The topics the fixtures must cover, one file each. */
const TOPICS = ['admin', 'setup', 'play-capture', 'suicide', 'superko', 'handicap', 'scoring', 'queries', 'loadsgf', 'errors', 'time', 'rules', 'dead-stones'];

beforeAll(() => {
  if (!existsSync(main)) throw new Error(`${main} is missing: build first (npx tsc -p tsconfig.json)`);
});

describe('gtp-fixtures', () => {
  it('has a file per topic', () => {
    const names = files.map((f) => f.slice(fixtures.length + 1, -'.tst'.length));
    for (const topic of TOPICS) expect(names).toContain(topic);
  });

  it('all pass through the regress runner against tengen', async () => {
    const lines: string[] = [];
    const summary = await runRegress(engine, files, (line) => lines.push(line));
    // Every line that reports a problem, so a failure shows what went wrong.
    const problems = lines.filter((l) => / FAILED: | PASSED: | error: |^error/.test(l));
    expect(problems).toEqual([]);
    expect(summary.errors).toEqual([]);
    expect(summary.unexpectedFailures).toBe(0);
    expect(summary.unexpectedPasses).toBe(0);
    expect(summary.setupErrors).toBe(0);
    expect(summary.ignored).toBe(0);
    expect(summary.files).toHaveLength(files.length);
    // Expectations met as written (not counting the refusals marked `*`).
    expect(summary.passed).toBeGreaterThanOrEqual(150);
    expect(summary.passed + summary.failed).toBeGreaterThanOrEqual(150);
    for (const report of summary.files) expect(report.expectedPasses, report.file).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`${summary.passed} passed, 0 failed`);
    // tygem.tst judges 30 real 19x19 endings (about a second each) and endgame.tst plays a
    // dozen moves: a minute or two alone, several minutes beside the other test files
  }, 600_000);

  it('lists exactly the commands it knows (list_commands against known_command)', async () => {
    const client = new GtpClient(engine);
    try {
      const listed = (await client.send('list_commands')).text.split('\n');
      expect(listed.length).toBeGreaterThanOrEqual(25);
      expect(new Set(listed).size).toBe(listed.length);
      const known = await Promise.all(listed.map((name) => client.send(`known_command ${name}`)));
      expect(listed.filter((_, i) => known[i].text !== 'true')).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it.each(files.map((f) => [f.slice(fixtures.length + 1), f]))(
    '%s: every command marked * is refused with the expected message',
    async (_name, file) => {
      const steps = parseRegressFile(readFileSync(file, 'utf8'));
      const client = new GtpClient(engine, { cwd: dirname(file) });
      const mismatches: string[] = [];
      // The slow commands are left out here: the first run judged them already.
      const checked = steps.filter((step) => step.expect?.expectedFailure || !SLOW_QUERY.test(step.command.replace(/^\d+\s+/, '')));
      try {
        // Pipelined: replies come back in order.
        const replies = await Promise.all(checked.map((step) => client.send(step.command)));
        checked.forEach((step, i) => {
          const expect = step.expect;
          if (!expect?.expectedFailure) return;
          const reply = replies[i];
          const text = reply.text.trim();
          const matches = expect.regex.test(text) !== expect.negate;
          if (reply.ok || !matches) {
            mismatches.push(`line ${step.line}: ${step.command} -> ${reply.ok ? '=' : '?'} ${text}, expected ? [${expect.pattern}]`);
          }
        });
      } finally {
        await client.close();
      }
      expect(mismatches).toEqual([]);
    },
  );
});
