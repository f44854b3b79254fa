// Every catalogue complete and nothing in them unused (docs/architecture.md, "Languages"):
// each language has exactly English's keys with the same placeholders and tags; every key the
// code names exists; every key is named somewhere in the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGES } from './languages';
import { NAMESPACES } from './i18n';

const HERE = import.meta.dirname;
const SRC = join(HERE, '../..');

type Flat = Map<string, string>;

function flatten(tree: unknown, prefix = '', out: Flat = new Map()): Flat {
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

const catalogue = (language: string, namespace: string): Flat =>
  flatten(JSON.parse(readFileSync(join(HERE, 'catalogues', language, `${namespace}.json`), 'utf8')));

const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

// Every quoted text of the app's code: keys are always written out whole.
const literals = new Map<string, string>();
for (const file of sourceFiles(SRC)) {
  for (const m of readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) literals.set(m[1] ?? m[2] ?? '', relative(SRC, file));
}

const english = new Map(NAMESPACES.map((ns) => [ns, catalogue('en', ns)]));

describe('the catalogues', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    for (const ns of NAMESPACES) {
      it(`${language}/${ns} has English's keys, placeholders and tags, and no others`, () => {
        const theirs = catalogue(language, ns);
        const en = english.get(ns) ?? new Map<string, string>();
        const missing = [...en.keys()].filter((k) => !theirs.has(k));
        const extra = [...theirs.keys()].filter((k) => !en.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        const differing = [...en].filter(([k, text]) => theirs.has(k) && placeholders(theirs.get(k) ?? '').join() !== placeholders(text).join());
        expect(differing.map(([k]) => k)).toEqual([]);
        expect([...theirs].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
      });
    }
  }

  it('has every key the code names', () => {
    const known = new Set<string>();
    for (const [ns, keys] of english) {
      for (const k of keys.keys()) {
        known.add(baseKey(k));
        known.add(`${ns}:${baseKey(k)}`);
      }
    }
    const named = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'|i18nKey="([^"]+)"|'((?:public|site|console|judge):[\w.]+)'/g)) named.add(m[1] ?? m[2] ?? m[3] ?? '');
    }
    expect([...named].filter((k) => !known.has(k))).toEqual([]);
  });

  it('has no key the code never names', () => {
    const unused: string[] = [];
    for (const [ns, keys] of english) {
      for (const k of keys.keys()) {
        const base = baseKey(k);
        if (!literals.has(base) && !literals.has(`${ns}:${base}`)) unused.push(`${ns}:${k}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
