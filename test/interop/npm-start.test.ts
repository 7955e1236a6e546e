// `npm install && npm start` is the README's first line: npm's run-script banner must not
// reach stdout, where a strict controller (gtp2ogs, kgsGtp, GNU Go's twogtp) reads replies
// from the first byte. The project's .npmrc sends the banner to stderr (npm 10+).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StrictReplyParser } from '../support/raw-gtp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm start [-- args]` in the project with this input; returns both outputs and the status. */
function npmStart(args: string[], input: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start', ...(args.length > 0 ? ['--', ...args] : [])], { cwd: ROOT, stdio: 'pipe' });
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
  it('gives a clean GTP stream: the first bytes on stdout are the first reply', async () => {
    const { stdout, stderr, code } = await npmStart([], 'protocol_version\nname\n2 version\nquit\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^= 2\n\n= tengen\n\n=2 \d+\.\d+\.\d+\n\n= \n\n$/);
    // the banner is still there for people, on stderr
    expect(stderr).toContain('> node dist/cli/main.js gtp');
  });

  it('passes options after -- and stays strict GTP through a move', async () => {
    const { stdout, code } = await npmStart(['--size', '9', '--playouts', '50', '--threads', '1', '--quiet'], 'genmove b\nshowboard\nquit\n');
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
