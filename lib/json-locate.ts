// A strict JSON reader that remembers where each value stood in the text, so that an error found
// later (by zod, at a path like sections[2].rows[0].seats[5].x) can name the line of the file that
// holds it, and a syntax error names its line and column. JSON.parse gives neither: its messages
// differ between engines and some ("Unexpected end of JSON input") carry no position at all.
// Plain RFC 8259 JSON: no comments, no trailing commas (what JSON.parse accepts, no more).

export type JsonPath = (string | number)[];

export type Located =
  | { ok: true; value: unknown; lineOf: (path: readonly PropertyKey[]) => number }
  | { ok: false; line: number; column: number; offset: number };

class SyntaxFailure extends Error {
  constructor(readonly offset: number) {
    super('JSON syntax');
  }
}

/** Line (1-based) and column (1-based) of an offset in the text. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** `sections[2].rows[0].x` — how the layout's errors name a place in the file. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

const keyOf = (path: readonly PropertyKey[]) => JSON.stringify(path.map((k) => (typeof k === 'number' ? k : String(k))));

/**
 * Parses `text` as JSON. On success, `lineOf(path)` is the line where the value at `path` starts (for a
 * path that does not exist, e.g. a missing key, the line of its nearest existing parent).
 */
export function parseJsonLocated(text: string): Located {
  const starts = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const fail = (at = i): never => {
    throw new SyntaxFailure(at);
  };
  const string = (): string => {
    if (text[i] !== '"') fail();
    const begin = i;
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c.charCodeAt(0) < 0x20) fail();
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail(i);
      } else {
        out += c;
        i++;
      }
      if (i - begin > 10_000_000) fail();
    }
  };
  const number = (): number => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += match![0].length;
    return Number(match![0]);
  };
  const literal = (word: string, value: unknown) => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    return fail();
  };
  const value = (path: JsonPath, depth: number): unknown => {
    if (depth > 64) fail();
    ws();
    starts.set(keyOf(path), i);
    const c = text[i];
    if (c === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        Object.defineProperty(out, key, { value: value([...path, key], depth + 1), enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return out;
        }
        fail();
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value([...path, out.length], depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return out;
        }
        fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    return number();
  };

  try {
    // A byte-order mark is what editors on Windows put first; it is not part of the JSON.
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    const parsed = value([], 0);
    ws();
    if (i < text.length) fail();
    const lineOf = (path: readonly PropertyKey[]) => {
      for (let n = path.length; n >= 0; n--) {
        const at = starts.get(keyOf(path.slice(0, n)));
        if (at !== undefined) return positionOf(text, at).line;
      }
      return 1;
    };
    return { ok: true, value: parsed, lineOf };
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    const offset = Math.min(error.offset, text.length);
    return { ok: false, offset, ...positionOf(text, offset) };
  }
}
