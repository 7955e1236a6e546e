// The queue with real processes: a private Redis server, coordinators and
// workers started as `tengen tournament|match|worker` (from dist/), killed
// by pid where the test says so.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK } from '../../src/game/vertex.js';
import { QUEUE_NAME, redactUrl, type JobData } from '../../src/tournament/queue.js';
import { readResults } from '../../src/tournament/results.js';
import { startRedis, type RedisServer } from './redis-server.js';
import { tempDirs } from '../support/temp-dir.js';
import { fake } from './fixtures/fake.js';

const MAIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;

let redis: RedisServer;
// registered before the hook below, so it runs after it (hooks run as a stack): children die first
const tempDir = tempDirs('tengen-queue-');
const children: ChildProcess[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await redis?.stop();
});


interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function tengen(args: string[]): Started {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function until(what: string, condition: () => boolean | Promise<boolean>, seconds = 60): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);

describe('games on a Redis queue', () => {
  it('plays every game exactly once through a killed worker and a restarted coordinator', async () => {
    const dir = tempDir();
    // Each game is two passes a second apart: long enough to kill a worker in the middle of one.
    const file = join(dir, 'tournament.json');
    writeFileSync(
      file,
      JSON.stringify({
        engines: ['a', 'b', 'c'].map((name) => ({ name, command: fake(`--move pass --delay 700 --name ${name}`) })),
        games: 4,
        size: 5,
        komi: 0.5,
      }),
    );
    const results = join(dir, 'results.jsonl');
    const sgfDir = join(dir, 'sgf');
    // The opening travels with each job: workers have no copy of it.
    const opening = join(dir, 'tengen.sgf');
    writeFileSync(opening, '(;GM[1]SZ[5];B[cc])');
    const coordinatorArgs = ['tournament', file, '--queue', redis.url, '--results', results, '--sgf-dir', sgfDir, '--openings', opening];
    const first = tengen(coordinatorArgs);
    const workerArgs = ['worker', '--queue', redis.url, '--engines', file, '--stall-timeout', '2'];
    const doomed = tengen(workerArgs);
    const survivor = tengen(workerArgs);

    const queue = new Queue<JobData>(QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      // The doomed worker is in the middle of a game: it holds a job and has been at it a while.
      let killedJob = '';
      await until('a job on the doomed worker', async () => {
        const active = await queue.getActive();
        const mine = active.find((j) => j.processedBy?.endsWith(`-${doomed.child.pid}`));
        if (mine) killedJob = mine.id!;
        return mine !== undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 900));
      doomed.child.kill('SIGKILL');

      // The coordinator dies half way and is started again.
      await until('half the games', () => lines(results) >= 6);
      first.child.kill('SIGKILL');
      await first.exit;
      const second = tengen(coordinatorArgs);
      expect(await second.exit).toBe(0);
      expect(second.output()).toMatch(/resumed with [1-9]\d* jobs counted/);

      const records = readResults(results);
      expect(records.map((r) => r.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(new Set(records.map((r) => r.run)).size).toBe(1);
      expect(readdirSync(sgfDir).sort()).toEqual(records.map((r) => r.sgf).sort());
      // The opening's move, then two passes: the referee's count is the same every time, and
      // black's (on the empty board white wins by the komi).
      for (const r of records) expect(r).toMatchObject({ end: 'score', result: records[0].result, moves: 3, opening: 'tengen.sgf' });
      expect(records[0].result).toMatch(/^B\+/);
      // The killed worker's job went to the other worker after the stall timeout, and counts once.
      const pair = Number(killedJob.split('-p')[1]);
      expect(records.filter((r) => r.pair === pair)).toHaveLength(2);
      const client = new Redis(redis.url);
      const run = records[0].run!;
      expect(await client.hlen(`tengen:run:${run}:results`)).toBe(6);
      expect(await client.lrange(`tengen:run:${run}:counted`, 0, -1).then((l) => new Set(l).size)).toBe(6);
      expect(await client.llen(`tengen:run:${run}:counted`)).toBe(6);
      client.disconnect();
      // Every record of the killed job was stored by the survivor (the doomed one never finished it).
      expect(survivor.output()).toContain(`job ${pair} of ${run}: stored`);

      // The table at the end equals the one rebuilt from the results file.
      const report = tengen(['tournament', '--report', results]);
      expect(await report.exit).toBe(0);
      expect(second.output()).toContain(report.output().trim());
    } finally {
      await queue.close();
      survivor.child.kill('SIGTERM');
      await survivor.exit;
    }
  });

  it('stops on an SPRT decision: waiting games are dropped and late results are not counted', async () => {
    const dir = tempDir();
    const file = join(dir, 'engines.json');
    writeFileSync(
      file,
      JSON.stringify({
        engines: [
          { name: 'gnugo', command: '/usr/games/gnugo --mode gtp --level 0' },
          { name: 'resigner', command: fake('--move resign --delay 200') },
        ],
      }),
    );
    const results = join(dir, 'results.jsonl');
    const workers = [1, 2].map(() => tengen(['worker', '--queue', redis.url, '--engines', file, '--concurrency', '2', '--stall-timeout', '2']));
    const match = tengen(['match', '--engines', file, '--engine', 'gnugo', '--opponent', 'resigner', '--size', '5', '--games', '100', '--sprt', 'elo0=0,elo1=300', '--queue', redis.url, '--results', results]);
    try {
      expect(await match.exit).toBe(0);
      expect(match.output()).toMatch(/SPRT logistic \[0, 300\]: LLR 3\.18 \[-2\.94, 2\.94\] - H1 accepted/);
      const records = readResults(results);
      // Six won pairs decide it; jobs finished later are in Redis but not counted.
      expect(records).toHaveLength(12);
      const run = records[0].run!;
      const client = new Redis(redis.url);
      expect(await client.get(`tengen:run:${run}:state`)).toBe('stopped');
      expect(await client.llen(`tengen:run:${run}:counted`)).toBe(6);
      const queue = new Queue<JobData>(QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
      const waiting = (await queue.getWaiting()).filter((j) => j.data.run === run);
      expect(waiting).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const stored = await client.hlen(`tengen:run:${run}:results`);
      expect(stored).toBeLessThanOrEqual(6 + 4); // at most the four jobs in flight at the decision
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await client.hlen(`tengen:run:${run}:results`)).toBe(stored);
      // a pair pushed twice (ioredis resends a command whose reply a dropped connection lost)
      const first = (await client.lrange(`tengen:run:${run}:counted`, 0, 0))[0];
      await client.rpush(`tengen:run:${run}:counted`, first);
      await queue.close();
      client.disconnect();

      // Started again, the coordinator finds the decision and counts nothing more, that pair once.
      const again = tengen(['match', '--engines', file, '--engine', 'gnugo', '--opponent', 'resigner', '--size', '5', '--games', '100', '--sprt', 'elo0=0,elo1=300', '--queue', redis.url, '--results', results]);
      expect(await again.exit).toBe(0);
      expect(again.output()).toMatch(/resumed with 6 jobs counted/);
      expect(again.output()).toMatch(/LLR 3\.18 /);
      expect(readResults(results)).toEqual(records);
    } finally {
      for (const w of workers) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exit));
    }
  });

  it('gives each run on a worker fresh engines and a referee counting by that run\'s rules', async () => {
    const dir = tempDir();
    const file = join(dir, 'engines.json');
    const log = join(dir, 'commands.log');
    writeFileSync(file, JSON.stringify({ engines: [{ name: 'stone', command: fake(`--move c3,pass --each-game --log ${log}`) }, { name: 'passer', command: fake('--move pass') }] }));
    const worker = tengen(['worker', '--queue', redis.url, '--engines', file]);
    const run = async (extra: string[]) => {
      const results = join(dir, `results-${extra.join('')}.jsonl`);
      const match = tengen(['match', '--engines', file, '--engine', 'stone', '--opponent', 'passer', '--size', '5', '--games', '2', '--queue', redis.url, '--results', results, ...extra]);
      expect(await match.exit, match.output()).toBe(0);
      return readResults(results).map((r) => r.result);
    };
    const starts = () => readFileSync(log, 'utf8').split('\n').filter((l) => l === 'list_commands').length;
    try {
      // GNU Go counts the lone stone and no territory around it: by area (komi 7.5) 1 point
      expect(await run(['--clock', '60'])).toEqual(['W+6.5', 'W+8.5']);
      const before = starts();
      expect(readFileSync(log, 'utf8')).toContain('time_settings 60 0 0');
      // by territory (japanese, komi 6.5) nothing (by area it would be W+5.5, W+7.5); and no
      // clock left over from the last run
      expect(await run(['--rules', 'japanese'])).toEqual(['W+6.5', 'W+6.5']);
      expect(starts()).toBe(before + 1);
      const sinceRestart = readFileSync(log, 'utf8').split('list_commands').at(-1)!;
      expect(sinceRestart).not.toContain('time_settings');
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exit;
    }
  });

  it('refuses a job that names an engine the worker does not have: no command ever comes from a job', async () => {
    const dir = tempDir();
    const file = join(dir, 'engines.json');
    writeFileSync(file, JSON.stringify({ engines: [{ name: 'a', command: fake('') }, { name: 'b', command: fake('') }] }));
    const worker = tengen(['worker', '--queue', redis.url, '--engines', file]);
    const queue = new Queue<JobData>(QUEUE_NAME, { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      const data = {
        run: 't000000000001',
        job: { pair: 0, games: [{ number: 1, black: 'evil', white: 'a' }] },
        settings: { size: 5, komi: 0.5, maxMoves: 10, moveTimeout: 5 },
        command: 'touch /tmp/should-not-exist',
      } as unknown as JobData;
      const job = await queue.add('game', data, { jobId: 't000000000001-p0' });
      await until('the job to fail', async () => (await job.isFailed()) || (await queue.getJob(job.id!).then((j) => j?.failedReason !== undefined)));
      const failed = await queue.getJob(job.id!);
      expect(failed?.failedReason).toBe('no engine named "evil" in this worker\'s tournament file');
      expect(failed?.attemptsMade).toBe(1);

      const opening = { name: 'x.sgf', moves: [{ color: BLACK, point: 25 }] }; // off the 5×5 board
      const bad = await queue.add('game', { ...data, job: { pair: 1, games: [{ number: 2, black: 'a', white: 'b' }], opening } }, { jobId: 't000000000001-p1' });
      await until('the job with a bad opening to fail', () => bad.isFailed());
      expect((await queue.getJob(bad.id!))?.failedReason).toBe('bad opening');
    } finally {
      await queue.close();
      worker.child.kill('SIGTERM');
      await worker.exit;
    }
  });
});

describe('redactUrl', () => {
  it('never shows a password', () => {
    expect(redactUrl('redis://:s3cret@host:6379/0')).toBe('redis://:***@host:6379/0');
    expect(redactUrl('rediss://user:p%40ss@host:6380/2')).toBe('rediss://user:***@host:6380/2');
    expect(redactUrl('redis://host:6379/0')).toBe('redis://host:6379/0');
  });
});
