// Deep-merges a JSON file of { "sk": {...}, "cs": {...}, "en": {...} } into messages/*.json.
// Usage: node scripts/messages-merge.mjs path/to/additions.json   (existing keys are overwritten)
import { readFileSync, writeFileSync, renameSync } from 'node:fs';

const additions = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

for (const locale of ['sk', 'cs', 'en']) {
  if (!additions[locale]) throw new Error(`missing "${locale}" in ${process.argv[2]}`);
  const file = `messages/${locale}.json`;
  const merged = merge(JSON.parse(readFileSync(file, 'utf8')), additions[locale]);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
console.log('messages merged');
