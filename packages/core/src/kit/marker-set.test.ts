import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkerSet } from './marker-set.js';

const set = new MarkerSet([
  ['<tool_call>', 'a'],
  ['<tool_calls>', 'b'],
  ['<tools>', 'c'],
  ['`', 'd'],
  ['[TOOL_CALLS]', 'e'],
] as const);

/** The obvious definition, to check the two-unit index against. */
function reference(text: string, pos: number, final: boolean) {
  const markers = ['<tool_calls>', '<tool_call>', '[TOOL_CALLS]', '<tools>', '`'];
  for (const m of markers) {
    if (pos + m.length <= text.length) {
      if (text.startsWith(m, pos)) return m;
    } else if (!final && m.startsWith(text.slice(pos))) return 'partial';
  }
  return null;
}

describe('MarkerSet.matchAt', () => {
  it('takes the longest marker, and holds when a longer one may still complete', () => {
    expect(set.matchAt('x<tool_calls>', 1)).toMatchObject({ marker: '<tool_calls>' });
    expect(set.matchAt('<tool_call>', 0)).toMatchObject({ marker: '<tool_call>' });
    expect(set.matchAt('<tool_call', 0)).toBe('partial');
    expect(set.matchAt('<tool_call', 0, true)).toBeNull();
    expect(set.matchAt('<', 0)).toBe('partial');
    expect(set.matchAt('<', 0, true)).toBeNull();
    expect(set.matchAt('`x', 0)).toMatchObject({ marker: '`' });
    expect(set.matchAt('<a', 0)).toBeNull();
  });

  it('agrees with the plain definition everywhere', () => {
    const text = fc.array(fc.constantFrom('<', 'tool', '_call', 's', '>', '`', '[TOOL_', 'CALLS]', 'x'), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, fc.boolean(), (parts, final) => {
        const s = parts.join('');
        for (let i = 0; i < s.length; i++) {
          const got = set.matchAt(s, i, final);
          expect(got === 'partial' || got === null ? got : got.marker).toEqual(reference(s, i, final));
        }
      }),
    );
  });
});

describe('MarkerSet.holdbackStart', () => {
  it('holds back exactly the tail that may start a marker', () => {
    expect(set.holdbackStart('text <tool', 0)).toBe(5);
    expect(set.holdbackStart('text <x', 0)).toBe(7);
  });
});

describe('MarkerCursor', () => {
  const words = new MarkerSet([
    ['functools[', 1],
    ['<tool_call>', 2],
    ['Action:', 3],
  ] as const);

  /** Every position where a marker starts or may start (cut off by the end). */
  function reference(text: string): number[] {
    const out: number[] = [];
    for (let i = 0; i < text.length; i++) if (words.matchAt(text, i) !== null) out.push(i);
    return out;
  }

  it('finds every marker and every cut-off marker at the end, but not every letter', () => {
    const text = fc.array(
      fc.constantFrom('f', 'functools[', 'func', 'A', 'Action:', 'Act', '<', '<tool', ' ', 'x'),
      {
        maxLength: 30,
      },
    );
    fc.assert(
      fc.property(text, (parts) => {
        const s = parts.join('');
        const cursor = words.cursor(s);
        const found: number[] = [];
        for (let at = cursor.nextCandidate(0); at !== -1; at = cursor.nextCandidate(at + 1)) {
          if (words.matchAt(s, at) !== null) found.push(at);
        }
        expect(found).toEqual(reference(s));
      }),
    );
  });
});

describe('MarkerCursor over any set of markers', () => {
  // Few characters, so that markers overlap, share probes at different offsets, and one probe's
  // character comes over and over (the cursor then searches only that probe again).
  const unit = fc.constantFrom('a', 'b', '<', ':', '[', ' ');
  const marker = fc.array(unit, { minLength: 1, maxLength: 5 }).map((u) => u.join(''));

  it('finds every position where a marker starts or is cut off by the end, in order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(marker, { minLength: 1, maxLength: 4 }),
        fc.array(fc.oneof(unit, marker), { minLength: 20, maxLength: 60 }),
        (markers, parts) => {
          const set = new MarkerSet(markers.map((m, i) => [m, i] as const));
          // Longer than 32 characters: a shorter text is walked code by code.
          const text = `${'b'.repeat(33)}${parts.join('')}`;
          const expected: number[] = [];
          for (let i = 0; i < text.length; i++) if (set.matchAt(text, i) !== null) expected.push(i);
          const cursor = set.cursor(text);
          const found: number[] = [];
          for (let at = cursor.nextCandidate(0); at !== -1; at = cursor.nextCandidate(at + 1))
            if (set.matchAt(text, at) !== null) found.push(at);
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('MarkerCursor over followed words', () => {
  // `functools` counts only where `[` follows it after blanks, or the text ends after it.
  const set = new MarkerSet([['functools', 1] as const], new Map([['functools', '[']]));

  /** Every start of the word with `[` (or the end) after its blanks, by brute force. */
  function reference(text: string): number[] {
    const out: number[] = [];
    for (let i = text.indexOf('functools'); i !== -1; i = text.indexOf('functools', i + 1)) {
      let p = i + 'functools'.length;
      while (p < text.length && ' \n'.includes(text[p]!)) p++;
      if (p === text.length || text[p] === '[') out.push(i);
    }
    return out;
  }

  function found(text: string): number[] {
    const cursor = set.cursor(text);
    const out: number[] = [];
    for (let at = cursor.nextCandidate(0); at !== -1; at = cursor.nextCandidate(at + 1))
      if (text.startsWith('functools', at)) out.push(at);
    return out;
  }

  it('finds the word from its characters, and from itself where they come over and over', () => {
    // Over 256 `[` without the word before them: the search turns to the word itself.
    const parts = fc.array(
      fc.constantFrom('functools', 'functools[', '[', '[[[[', ' ', '\n', 'x', 'functools  [', 'tools['),
      {
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(parts, fc.nat(600), (p, runs) => {
        // Longer than 32 characters: a shorter text is walked code by code (every `f` a candidate).
        const text = `${'x'.repeat(40)}${'['.repeat(runs)}${p.join('')}${'['.repeat(runs >> 1)}${p.join('')}`;
        expect(found(text)).toEqual(reference(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('MarkerCursor probes of markers that start with a letter', () => {
  const set = new MarkerSet([
    ['function call<|role_sep|>', 1],
    ['functools', 2],
    ['<tool_call>', 3],
  ] as const);

  it('searches from the first punctuation on, not for every `f` of prose', () => {
    const alone = new MarkerSet([['function call<|role_sep|>', 1]] as const);
    expect(alone.probes).toEqual(['<|role_sep|>']);
    expect(alone.probeOffsets).toEqual([13]);
  });

  it('passes over punctuation other markers start with (`<`), so output full of tags is searched fast', () => {
    expect(set.probes).toContain('|role_sep|>');
    expect(set.probes).not.toContain('<|role_sep|>');
    expect(set.probes).not.toContain('function call<|role_sep|>');
    expect(set.probeOffsets[set.probes.indexOf('|role_sep|>')]).toBe(14);
    // The candidate is still the marker's start, and a `|role_sep|>` without it is nothing.
    const text = `${'<tool_call> x '.repeat(4)}|role_sep|> and function call<|role_sep|>{}`;
    const cursor = set.cursor(text);
    const found: number[] = [];
    for (let at = cursor.nextCandidate(0); at !== -1; at = cursor.nextCandidate(at + 1)) {
      const m = set.matchAt(text, at, true);
      if (m !== null && m !== 'partial' && m.marker.startsWith('function')) found.push(at);
    }
    expect(found).toEqual([text.indexOf('function call')]);
  });

  it('takes punctuation a marker starts with as a probe start, never a letter or a unit no marker starts with', () => {
    expect(set.isProbeStart('<'.charCodeAt(0))).toBe(true);
    expect(set.canStart('f'.charCodeAt(0))).toBe(true);
    expect(set.isProbeStart('f'.charCodeAt(0))).toBe(false);
    expect(set.isProbeStart('['.charCodeAt(0))).toBe(false);
    expect(set.isProbeStart('x'.charCodeAt(0))).toBe(false);
  });

  it('finds every marker where it starts, and nothing in prose full of `f`', () => {
    const prose = 'for fun, a function of food: functools are fine; <|role_sep|> alone. '.repeat(3);
    const text = `${prose}function call<|role_sep|>{} and functools[] and <tool_call>`;
    const cursor = set.cursor(text);
    const found: Array<[number, string]> = [];
    for (let at = cursor.nextCandidate(0); at !== -1; at = cursor.nextCandidate(at + 1)) {
      const m = set.matchAt(text, at, true);
      if (m !== null && m !== 'partial') found.push([at, m.marker]);
    }
    const expected: Array<[number, string]> = [];
    for (let i = 0; i < text.length; i++) {
      const m = set.matchAt(text, i, true);
      if (m !== null && m !== 'partial') expected.push([i, m.marker]);
    }
    expect(found).toEqual(expected);
    expect(found.map(([, m]) => m)).toContain('function call<|role_sep|>');
  });
});

describe('MarkerCursor with markers that share a probe at different offsets', () => {
  it('finds each of them', () => {
    const set = new MarkerSet([
      ['Thought:', 1],
      ['Action:', 2],
    ] as const);
    const text = `${'x: y. '.repeat(10)}Thought: a\nAction: b\n`;
    const cursor = set.cursor(text);
    const found: string[] = [];
    for (let at = cursor.nextCandidate(0); at !== -1; at = cursor.nextCandidate(at + 1)) {
      const m = set.matchAt(text, at, true);
      if (m !== null && m !== 'partial') found.push(m.marker);
    }
    expect(found).toEqual(['Thought:', 'Action:']);
  });
});

describe('MarkerCursor.nextMarker over line keys', () => {
  // Line keys are searched from after their line break (see MarkerSet.anchors).
  const keys = ['\nThought:', '\nAction:', '\nAction Input:', '</tool_call>'];
  const set = new MarkerSet(keys.map((k, i) => [k, i] as const));

  /** Every marker start, longest first on a tie, by brute force. */
  function reference(text: string): Array<[number, string]> {
    const out: Array<[number, string]> = [];
    for (let i = 0; i < text.length; i++) {
      const m = [...keys].sort((a, b) => b.length - a.length).find((k) => text.startsWith(k, i));
      if (m !== undefined) out.push([i, m]);
    }
    return out;
  }

  function found(text: string): Array<[number, string]> {
    const cursor = set.cursor(text);
    const out: Array<[number, string]> = [];
    for (let m = cursor.nextMarker(0); m !== null; m = cursor.nextMarker(m.at + 1))
      out.push([m.at, m.match.marker]);
    return out;
  }

  it('searches a line key from after its line break', () => {
    const anchors = Object.fromEntries(set.all.map((m, k) => [m.marker, set.anchors[k]]));
    expect(anchors).toEqual({
      '\nThought:': 'Thought:',
      '\nAction:': 'Action:',
      '\nAction Input:': 'Action Input:',
      '</tool_call>': '',
    });
  });

  it('finds the key right where the search turns to it', () => {
    for (let k = 60; k <= 70; k++) {
      const text = `${'Thought:'.repeat(k)}\nThought:${'Thought:'.repeat(k)}\nAction:`;
      expect(found(text), String(k)).toEqual(reference(text));
    }
  });

  it('finds every key, where its words come without a line break as well, sparse or over and over', () => {
    // Over 64 finds of `Thought:` without a line break, close together: the search turns to the key.
    const parts = fc.array(
      fc.constantFrom(
        '\n',
        'Thought:',
        '\nThought:',
        'Action:',
        '\nAction Input:',
        'x',
        ' ',
        '</tool_call>',
        '\n\n',
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(parts, fc.nat(200), (p, runs) => {
        const text = `${'Thought: '.repeat(runs)}${p.join('')}${'Action:x'.repeat(runs >> 1)}${p.join('')}`;
        expect(found(text)).toEqual(reference(text));
      }),
      { numRuns: 300 },
    );
  });
});
