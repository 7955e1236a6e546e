import { describe, expect, it } from 'vitest';
import { GtpClient, parseReply, splitCommandLine } from '../../src/gtp/client.js';

const GNUGO = '/usr/games/gnugo --mode gtp';

describe('parseReply', () => {
  it('reads the marker, the id and the text', () => {
    expect(parseReply(['=12 D4'])).toEqual({ ok: true, id: 12, text: 'D4' });
    expect(parseReply(['? illegal move'])).toEqual({ ok: false, text: 'illegal move' });
    expect(parseReply(['= '])).toEqual({ ok: true, text: '' });
  });

  it('keeps every line of a multi-line reply', () => {
    expect(parseReply(['= a', 'b', ' ', 'c'])).toEqual({ ok: true, text: 'a\nb\n \nc' });
    // `=` alone on its line, then the payload (genmove_analyze style).
    expect(parseReply(['=', 'info move D4', 'play D4'])).toEqual({ ok: true, text: 'info move D4\nplay D4' });
  });
});

describe('splitCommandLine', () => {
  it('splits like a shell', () => {
    expect(splitCommandLine('gnugo --mode gtp')).toEqual(['gnugo', '--mode', 'gtp']);
    expect(splitCommandLine(`  a  'b c' "d \\"e\\"" f\\ g ''`)).toEqual(['a', 'b c', 'd "e"', 'f g', '']);
    expect(() => splitCommandLine('a "b')).toThrow(/unclosed/);
  });
});

describe('GtpClient against GNU Go', () => {
  it('parses multi-line replies, ids and errors', async () => {
    const gtp = new GtpClient(GNUGO);
    try {
      const list = await gtp.send('list_commands');
      expect(list.ok).toBe(true);
      const names = list.text.split('\n');
      expect(names.length).toBeGreaterThan(50);
      expect(names).toContain('genmove');
      expect(names).toContain('quit');

      expect(await gtp.send('7 name')).toEqual({ ok: true, id: 7, text: 'GNU Go' });
      expect(await gtp.send('8 play black Z99')).toEqual({ ok: false, id: 8, text: 'invalid color or coordinate' });
      expect(await gtp.send('no_such_command')).toEqual({ ok: false, text: 'unknown command' });
    } finally {
      await gtp.close();
    }
  });

  it('answers pipelined commands in order', async () => {
    const gtp = new GtpClient(GNUGO);
    try {
      const replies = await Promise.all([
        gtp.send('1 boardsize 9'),
        gtp.send('2 clear_board'),
        gtp.send('3 play black E5'),
        gtp.send('4 play white E5'),
        gtp.send('5 list_stones black'),
        gtp.send('6 query_boardsize'),
      ]);
      expect(replies.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(replies.map((r) => r.ok)).toEqual([true, true, true, false, true, true]);
      expect(replies[4].text).toBe('E5');
      expect(replies[5].text).toBe('9');
    } finally {
      await gtp.close();
    }
  });

  it('passes the working directory to the engine', async () => {
    const gtp = new GtpClient(GNUGO, { cwd: new URL('../cli/fixtures/regress/', import.meta.url).pathname });
    try {
      expect((await gtp.send('loadsgf games/corner.sgf')).text).toBe('black');
    } finally {
      await gtp.close();
    }
  });

  it('rejects sends when the engine cannot start or has quit', async () => {
    const missing = new GtpClient('/nonexistent/engine --gtp');
    await expect(missing.send('name')).rejects.toThrow(/cannot start engine/);
    await missing.close();

    const gtp = new GtpClient(GNUGO);
    await gtp.close();
    await expect(gtp.send('name')).rejects.toThrow(/exited/);
  });

  it('kills an engine that ignores quit', async () => {
    // `sleep` reads no stdin and never answers; close() must still return.
    const start = Date.now();
    const silent = new GtpClient('sleep 30');
    const pending = silent.send('name');
    await silent.close();
    await expect(pending).rejects.toThrow(/exited/);
    expect(Date.now() - start).toBeGreaterThanOrEqual(2900);
    expect(Date.now() - start).toBeLessThan(6000);
  });
});
