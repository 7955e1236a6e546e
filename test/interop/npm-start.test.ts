// `npm install && npm start` is the README's first line. npm prints its run-script banner on
// stdout, which a strict controller (gtp2ogs, kgsGtp, GNU Go's twogtp) takes for a broken reply:
// the README tells controllers to run `node dist/cli/main.js gtp`, and `npm start --silent`
// drops the banner. npm's own output in the project stays human (no `json=true` in .npmrc).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StrictReplyParser } from '../support/raw-gtp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm start [npmArgs] [-- args]` in the project with this input; returns both outputs and the status. */
function npmStart(npmArgs: string[], args: string[], input: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start', ...npmArgs, ...(args.length > 0 ? ['--', ...args] : [])], { cwd: ROOT, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(input);
  });
}

describe('npm start', () => {
  it('starts the engine for people, after npm\'s banner; --silent gives a clean GTP stream from the first byte', async () => {
    const input = 'protocol_version\nname\n2 version\nquit\n';
    const replies = '= 2\n\n= tengen\n\n=2 \\d+\\.\\d+\\.\\d+\n\n= \n\n';
    const plain = await npmStart([], [], input);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(new RegExp(`^\n> tengen@[^\n]* start\n> node dist/cli/main.js gtp\n\n${replies}$`));
    const silent = await npmStart(['--silent'], [], input);
    expect(silent.code).toBe(0);
    expect(silent.stdout).toMatch(new RegExp(`^${replies}$`));
  });

  it("npm's own reports in the project are for people, not JSON", async () => {
    const ls = await new Promise<string>((resolve, reject) => {
      const child = spawn('npm', ['ls', '--depth=0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    expect(ls).toMatch(/^tengen@\d+\.\d+\.\d+ /);
    expect(ls).toContain('onnxruntime-node@');
  });

  it('passes options after -- and stays strict GTP through a move', async () => {
    const { stdout, code } = await npmStart(['--silent'], ['--size', '9', '--playouts', '50', '--threads', '1', '--quiet'], 'genmove b\nshowboard\nquit\n');
    expect(code).toBe(0);
    const parser = new StrictReplyParser();
    parser.push(stdout);
    expect(parser.errors).toEqual([]);
    expect(parser.pending).toBe('');
    expect(parser.replies.map((r) => r.ok)).toEqual([true, true, true]);
    expect(parser.replies[0].text).toMatch(/^([A-HJ][1-9]|pass)$/);
    expect(parser.replies[1].text).toContain(' 9 ');
  });
});
