/**
 * Fails when a message id used in src/ or renderers/ (as extracted by @formatjs/cli into
 * .cache/extracted-messages.json) is missing from a catalogue, or when the catalogues' keys differ.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const read = (p: string): Record<string, unknown> =>
  JSON.parse(readFileSync(root + p, 'utf8')) as Record<string, unknown>;

/** Ids written as literals (`messageId`, and screen configs' `titleId`/`labelId`), which formatjs does not see: they must exist too. */
function noticeIds(dir: string): string[] {
  const ids: string[] = [];
  for (const entry of readdirSync(root + dir)) {
    const rel = join(dir, entry);
    if (statSync(root + rel).isDirectory()) ids.push(...noticeIds(rel));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
      for (const m of readFileSync(root + rel, 'utf8').matchAll(
        /(?:messageId|titleId|labelId):\s*'([\w.]+)'/g,
      ))
        ids.push(m[1]!);
    }
  }
  return ids;
}

const extracted = [
  ...new Set([
    ...Object.keys(read('.cache/extracted-messages.json')),
    ...['src', 'renderers', 'engine'].flatMap(noticeIds),
  ]),
];
// both tiers (see src/i18n/tiers.ts): the boot catalogue and the app tier
const catalogues = {
  zh_CN: { ...read('src/i18n/zh_CN.json'), ...read('src/i18n/app/zh_CN.json') },
  en: { ...read('src/i18n/en.json'), ...read('src/i18n/app/en.json') },
};

const problems: string[] = [];
for (const [name, cat] of Object.entries(catalogues)) {
  for (const id of extracted) if (!(id in cat)) problems.push(`${name}.json lacks "${id}" (used in code)`);
  for (const [key, value] of Object.entries(cat)) {
    if (typeof value !== 'string' || value.trim() === '')
      problems.push(`${name}.json: "${key}" is empty or not a string`);
  }
}
const zhKeys = new Set(Object.keys(catalogues.zh_CN));
const enKeys = new Set(Object.keys(catalogues.en));
for (const k of zhKeys) if (!enKeys.has(k)) problems.push(`en.json lacks "${k}" (present in zh_CN.json)`);
for (const k of enKeys) if (!zhKeys.has(k)) problems.push(`zh_CN.json lacks "${k}" (present in en.json)`);

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n check: ${extracted.length} ids used in code, ${zhKeys.size} keys in each catalogue — OK`);
