import { describe, expect, it } from 'vitest';
import { BLACK, PASS, WHITE, formatVertex, opponent, parseColor, parseVertex } from '../../src/game/vertex.js';

describe('GTP vertices', () => {
  it('skip the letter I and count rows from the bottom', () => {
    expect(parseVertex('A1', 19)).toBe(0);
    expect(parseVertex('H1', 19)).toBe(7);
    expect(parseVertex('J1', 19)).toBe(8);
    expect(parseVertex('T19', 19)).toBe(360);
    expect(parseVertex('A2', 9)).toBe(9);
    expect(parseVertex('Z25', 25)).toBe(624);
    expect(parseVertex('I5', 19)).toBeNull();
  });

  it('are not case sensitive; pass is a vertex', () => {
    expect(parseVertex('d4', 19)).toBe(parseVertex('D4', 19));
    expect(parseVertex('PASS', 9)).toBe(PASS);
    expect(parseVertex('Pass', 9)).toBe(PASS);
  });

  it('must be on the board', () => {
    expect(parseVertex('K9', 9)).toBeNull();
    expect(parseVertex('J10', 9)).toBeNull();
    expect(parseVertex('A0', 9)).toBeNull();
    expect(parseVertex('', 9)).toBeNull();
    expect(parseVertex('resign', 9)).toBeNull();
    expect(parseVertex('D-4', 9)).toBeNull();
    expect(parseVertex('A01', 9)).toBeNull();
    expect(parseVertex('A+1', 9)).toBeNull();
  });

  it('round-trip through formatVertex on every point of every size', () => {
    for (let size = 2; size <= 25; size++) {
      for (let p = 0; p < size * size; p++) expect(parseVertex(formatVertex(p, size), size)).toBe(p);
    }
    expect(formatVertex(PASS, 9)).toBe('pass');
    expect(formatVertex(8, 9)).toBe('J1');
  });
});

describe('GTP colours', () => {
  it('accept b, w, black, white in any case', () => {
    for (const text of ['b', 'B', 'black', 'Black', 'BLACK']) expect(parseColor(text)).toBe(BLACK);
    for (const text of ['w', 'W', 'white', 'White', 'WHITE']) expect(parseColor(text)).toBe(WHITE);
    for (const text of ['', 'x', 'bl', 'empty', 'red']) expect(parseColor(text)).toBeNull();
    expect(opponent(BLACK)).toBe(WHITE);
    expect(opponent(WHITE)).toBe(BLACK);
  });
});
