// The classes of bad input of issue 13, shared by the Jest suite through the route handlers
// (tests/integration/bad-input.test.ts) and the e2e pass over HTTP (e2e/bad-input.spec.ts).
// Plain data and pure functions: no Jest or Playwright here.

/** 36 characters that look like a uuid to a lax check and are not one. */
export const NOT_UUIDS = ['------------------------------------', '0123456789abcdef0123456789abcdef0123', 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-', 'gggggggg-gggg-gggg-gggg-gggggggggggg'];

/** Dates and instants that do not exist, or that PostgreSQL cannot hold. */
export const IMPOSSIBLE_DATES = ['2024-02-31', '2023-02-29', '0000-01-01', '2024-13-01', '99999-01-01'];
export const IMPOSSIBLE_INSTANTS = ['0000-01-01T00:00:00Z', '0000-01-01T00:30:00+01:00', '9999-12-31T23:59:59-05:00', '2024-02-31T10:00:00Z', '2024-13-45T99:99:99Z'];

/** A JSON number written as is into the body text (JSON.stringify cannot write 1e400). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** Numbers past what an int column, a JavaScript integer or a double can hold, and the usual off-by-ones. */
export const HUGE_NUMBERS: (number | RawNumber)[] = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, new RawNumber('1e400'), new RawNumber('-1e400'), -1, 0, 1.5];

/** Values of the wrong type for any field. */
export const WRONG_TYPES: unknown[] = [null, [], {}, true, ['a'], { $gt: '' }];

/** Half of a surrogate pair without the other (JSON carries it as "\ud800"): no character at all (issue 29). */
export const LONE_SURROGATES = ['\ud800', 'a\udc00b'];

/** Texts no text field takes: lone surrogates, a bidi override, NUL (lib/schemas/primitives.ts). */
export const TEXT_FAULTS = [...LONE_SURROGATES, 'a\u202eb', 'a\u0000b'];

/** Strings no field accepts as they are. */
export const BAD_STRINGS: string[] = ['a\u0000b', '\u0000', '', ' ', 'x'.repeat(10_000), ...LONE_SURROGATES, ...NOT_UUIDS, ...IMPOSSIBLE_DATES, ...IMPOSSIBLE_INSTANTS];

/** Every bad value a field of a valid body is replaced with, one at a time. */
export const BAD_FIELD_VALUES: unknown[] = [...BAD_STRINGS, ...HUGE_NUMBERS, ...WRONG_TYPES];

/** Whole bodies that are not the JSON object an API write takes (sent as application/json). */
export const BAD_BODIES: { name: string; text: string | Uint8Array }[] = [
  { name: 'empty', text: '' },
  { name: 'null', text: 'null' },
  { name: 'empty array', text: '[]' },
  { name: 'array', text: '[1,"a",null]' },
  { name: 'broken JSON', text: '{"a":' },
  { name: 'a JSON string', text: '"text"' },
  { name: 'a JSON number', text: '1e400' },
  { name: 'NUL', text: '\u0000' },
  { name: 'NUL in a key', text: '{"\u0000":1}' },
  { name: 'deep nesting', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { name: 'not UTF-8', text: Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]) },
];

/**
 * Content types an API write does not take, with a body of no consequence: for the writes that read no
 * JSON body (sign-out, removals) and the webhook, which must only never fail on them. The writes that do
 * read one get their real bodies in these types instead (formPosts below) and must refuse them.
 */
export const WRONG_CONTENT_TYPES: { type: string; text: string }[] = [
  { type: 'text/plain', text: '{"email":"not an address","password":""}' },
  { type: 'application/x-www-form-urlencoded', text: 'email=not+an+address&password=' },
  { type: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
  { type: 'application/json; charset=latin1', text: '{"a":"\u00e9"}' },
];

/** A body's fields as an HTML form names them: `seatIds[0]`, `checkIns[0][ticketId]`. */
function formFields(value: unknown, name = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => formFields(item, `${name}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => formFields(inner, name ? `${name}[${key}]` : key));
  return [[name, String(value)]];
}

const BOUNDARY = '----tribuna-form';

/**
 * A real body of a JSON write in each form a page on any site can post without asking (no CORS
 * preflight: text/plain, form-urlencoded, multipart). The first is the known trick of an HTML form with
 * enctype="text/plain" and one field `name='{"email":"…","password":"…","x":"' value='"}'`: the browser
 * joins name and value with `=`, and the body reads as JSON. Each must be refused (415), whatever it carries.
 */
export function formPosts(body: Record<string, unknown>): { name: string; type: string; text: string }[] {
  const fields = formFields(body);
  const multipart = fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${BOUNDARY}--\r\n`;
  return [
    { name: 'an HTML form in text/plain that reads as JSON', type: 'text/plain', text: JSON.stringify({ ...body, x: '=' }) },
    { name: 'JSON sent as text/plain;charset=UTF-8', type: 'text/plain;charset=UTF-8', text: JSON.stringify(body) },
    { name: 'a form-urlencoded form', type: 'application/x-www-form-urlencoded', text: new URLSearchParams(fields).toString() },
    { name: 'a multipart form', type: `multipart/form-data; boundary=${BOUNDARY}`, text: multipart },
  ];
}

/** Path segments no id or slug is. */
export const BAD_PATH_PARAMS: string[] = ['a\u0000b', '\u0000', ...NOT_UUIDS, 'x'.repeat(5000), '..', ' ', '%E0%A4%A', 'ö'.repeat(100)];

/** Query strings an attacker appends to any GET (each route ignores what it does not read). */
export const BAD_QUERIES: string[] = [
  ...IMPOSSIBLE_DATES.flatMap((d) => [`from=${d}`, `to=${d}`]),
  'from=2024-01-01&to=0000-01-01',
  'page=99999999999999999999',
  'page=1e400',
  'page=-1',
  'pageSize=1e9',
  'q=%00',
  'q=a%00b',
  `q=${'x'.repeat(5000)}`,
  'q=%E0%A4%A',
  'category=%00',
  'category[]=sport',
  'include=%00',
  ...NOT_UUIDS.map((id) => `orderId=${id}`),
  'orderId=%00',
  'web=%00',
  'to=%00',
  'lang=%00',
  'batch=%00',
  'organisation=%00',
];

/** Accept-Language headers that match no language, or are malformed. */
export const BAD_LANGUAGES = [';;;q=abc,*', 'x'.repeat(2000), 'sk;q=NaN,en;q=-1', '*'];

/** A body's text with RawNumber values written as number literals. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i) => raws[Number(i)]);
}

/** Every variant of `valid` with one of its text fields (at any depth, every array element) replaced by each of TEXT_FAULTS. */
export function textMutations(valid: Record<string, unknown>): { name: string; body: unknown }[] {
  const out: { name: string; body: unknown }[] = [];
  const visit = (path: (string | number)[], value: unknown) => {
    if (typeof value === 'string') for (const bad of TEXT_FAULTS) out.push({ name: `${path.join('.')} = ${describeValue(bad)}`, body: replaceAt(valid, path, bad) });
    else if (Array.isArray(value)) value.forEach((item, i) => visit([...path, i], item));
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) visit([...path, key], inner);
  };
  for (const [key, value] of Object.entries(valid)) visit([key], value);
  return out;
}

/** Page paths whose parameter decodes to a stray `%` (Next decoded it twice: a 500); the signed-in ones too. */
export const STRAY_PERCENT_PAGES = ['/sk/platba/%25zz', '/cs/permanentky/%25zz', '/en/pay/%25', '/sk/objednavky/%25zz', '/sk/podujatia/dunaj-bratislava-fc-kosice/kosik/%25zz', '/sk/podujatia/%25zz/hodnotenie', '/en/organiser/events/%25zz', '/cs/poradatel/permanentky/%25E0%25A4%25A'];

/** Multipart bodies posted to a page (Next read them as a server action without JavaScript: a 500). */
export const MALFORMED_MULTIPARTS: { name: string; type: string; text: string }[] = [
  { name: 'no multipart at all', type: 'multipart/form-data; boundary=x', text: 'garbage' },
  { name: 'no boundary', type: 'multipart/form-data', text: '--x\r\n' },
  { name: 'an unterminated part', type: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
  { name: 'a part without a disposition', type: 'multipart/form-data; boundary=x', text: '--x\r\n\r\nb\r\n--x--\r\n' },
];

/** Next-Router-State-Tree headers of an RSC request that Next's own check throws on (a 500). */
export const BROKEN_ROUTER_STATES: string[] = ['garbage', '%E0%A4%A', encodeURIComponent('{"children":[]}'), encodeURIComponent('["",{},null,"now"]'), encodeURIComponent('[1,{}]')];

/** Every variant of `valid` with one field (at any depth; the first element of arrays) replaced by each bad value. */
export function mutations(valid: Record<string, unknown>): { name: string; body: unknown }[] {
  const out: { name: string; body: unknown }[] = [];
  const visit = (path: (string | number)[], value: unknown) => {
    for (const bad of BAD_FIELD_VALUES) out.push({ name: `${path.join('.')} = ${describeValue(bad)}`, body: replaceAt(valid, path, bad) });
    if (Array.isArray(value) && value.length) visit([...path, 0], value[0]);
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) visit([...path, key], inner);
  };
  for (const [key, value] of Object.entries(valid)) visit([key], value);
  return out;
}

function replaceAt(root: unknown, path: (string | number)[], bad: unknown): unknown {
  if (!path.length) return bad;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? replaceAt(item, rest, bad) : item));
  return { ...(root as Record<string, unknown>), [head]: replaceAt((root as Record<string, unknown>)[head], rest, bad) };
}

export function describeValue(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}
