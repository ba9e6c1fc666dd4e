import { parseJsonLocated, pathText, positionOf } from '@/lib/json-locate';

describe('the JSON line locator', () => {
  const text = ['{', '  "width": 800,', '  "sections": [', '    { "code": "A",', '      "rows": [ { "label": "1", "seats": [ { "label": "1", "x": 10, "y": "oops" } ] } ] }', '  ]', '}'].join('\n');

  it('parses like JSON.parse and names the line of any path', () => {
    const located = parseJsonLocated(text);
    expect(located.ok).toBe(true);
    if (!located.ok) return;
    expect(located.value).toEqual(JSON.parse(text));
    expect(located.lineOf(['width'])).toBe(2);
    expect(located.lineOf(['sections', 0, 'code'])).toBe(4);
    expect(located.lineOf(['sections', 0, 'rows', 0, 'seats', 0, 'y'])).toBe(5);
    // A key that is missing: the line of its nearest parent.
    expect(located.lineOf(['sections', 0, 'name'])).toBe(4);
    expect(located.lineOf([])).toBe(1);
  });

  it('names the line and column of a syntax error, and accepts nothing JSON.parse refuses', () => {
    const broken = '{\n  "width": 800,\n  "height": 600,\n}';
    expect(parseJsonLocated(broken)).toMatchObject({ ok: false, line: 4, column: 1 });
    expect(parseJsonLocated('{"a": 1} // note')).toMatchObject({ ok: false, line: 1 });
    expect(parseJsonLocated('{"a": [1, 2,]}')).toMatchObject({ ok: false });
    expect(parseJsonLocated('{"a": 01}')).toMatchObject({ ok: false });
    expect(parseJsonLocated('{"a": "x\ny"}')).toMatchObject({ ok: false, line: 1 });
    expect(parseJsonLocated('')).toMatchObject({ ok: false, line: 1, column: 1 });
    expect(parseJsonLocated('\n\n  {"a": tru}')).toMatchObject({ ok: false, line: 3 });
  });

  it('reads strings, escapes, numbers, literals and a byte-order mark like JSON.parse', () => {
    const samples = ['"a\\u00e9\\n\\"b"', '-12.5e3', '[true,false,null]', '{"__proto__": {"x": 1}}', '{"k": {"n": [[], {}]}}'];
    for (const sample of samples) {
      const located = parseJsonLocated(sample);
      expect(located.ok && located.value).toEqual(JSON.parse(sample));
    }
    expect(parseJsonLocated('\ufeff{"a": 1}')).toMatchObject({ ok: true, value: { a: 1 } });
    // "__proto__" stays an ordinary key, as with JSON.parse.
    const proto = parseJsonLocated('{"__proto__": {"polluted": 1}}');
    expect(proto.ok && Object.keys(proto.value as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes paths the way the layout errors show them', () => {
    expect(pathText(['sections', 2, 'rows', 0, 'seats', 5, 'x'])).toBe('sections[2].rows[0].seats[5].x');
    expect(pathText([])).toBe('');
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
