// The describe-text twins of the YAML fixtures: fixtures/describe/<fixture>.txt is what
// `kubectl describe pod` prints for the fixture's pod and events at the fixture's `now`.
// `node dist/test/describe-twins.js [fixture.yaml…]` (re)writes them; the twin test
// (src/sources/text/describe-twins.test.ts) checks each twin diagnoses like its YAML.

import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { diagnosePod } from '../src/engine/diagnose.js';
import { loadRules } from '../src/catalogue/rule-files.js';
import type { RuleSet } from '../src/rules/plan.js';
import { parseDescribeText } from '../src/sources/text/describe.js';
import { collectDocuments, joinEvents, snapshotFromTexts } from '../src/sources/file.js';
import { parseText } from '../src/sources/reader.js';
import { dropPlaceholders } from '../src/sources/text-input.js';
import type { EventRecord, FixtureHeader, PodInput } from '../src/model/input.js';
import { isObject, time, type JsonObject } from '../src/util/json.js';
import { describePodText } from './describe-printer.js';

export const TWIN_DIR = join('fixtures', 'describe');

/** The pod, events and `now` of a fixture file's text. */
export function fixtureParts(text: string, file: string): { pod: JsonObject; events: JsonObject[]; now: number } {
  let pod: JsonObject | undefined;
  const events: JsonObject[] = [];
  let now: number | undefined;
  const visit = (v: unknown) => {
    if (!isObject(v)) return;
    if (v['kind'] === 'PodwhyFixture') now = time(v['now']);
    else if (v['kind'] === 'Pod') pod = v;
    else if (v['kind'] === 'Event' || (v['kind'] === undefined && (isObject(v['involvedObject']) || isObject(v['regarding'])))) events.push(v);
    else if (Array.isArray(v['items'])) for (const i of v['items']) visit(isObject(i) && i['kind'] === undefined && v['kind'] === 'EventList' ? { ...i, kind: 'Event' } : i);
  };
  for (const d of parseText(text, file)) visit(d.value);
  if (!pod || now === undefined) throw new Error(`${file}: no pod or no now`);
  return { pod, events, now };
}

export function twinText(fixtureText: string, file: string): string {
  const { pod, events, now } = fixtureParts(fixtureText, file);
  return describePodText(pod, events, now);
}

export interface TwinComparison {
  yamlFires: string[];
  textFires: string[];
  yamlRoot: string | null;
  textRoot: string | null;
  /** Fired from the YAML only / from the text only. */
  onlyYaml: string[];
  onlyText: string[];
  warnings: string[];
}

/** The rules a pod input fires, sorted, and its root cause. */
function fires(p: PodInput, rules: RuleSet, now: number): { fires: string[]; root: string | null } {
  const d = diagnosePod(p, rules, { now });
  return { fires: [...new Set(d.findings.map((f) => f.rule))].sort(), root: d.findings.find((f) => f.role === 'root-cause')?.rule ?? null };
}

/** Diagnose a fixture from its YAML and from its describe twin, at the fixture's `now`. */
export function compareTwin(yamlText: string, twin: string, file: string, rules: RuleSet): TwinComparison {
  const { now } = fixtureParts(yamlText, file);
  const ys = snapshotFromTexts([{ file, text: yamlText }]);
  const yp = ys.pods[0];
  if (!yp) throw new Error(`${file}: no pod`);
  const y = fires(yp, rules, now);
  const acc = { pods: [] as PodInput[], events: [] as EventRecord[], nodes: [] as JsonObject[], warnings: [] as string[], fixtures: [] as { file: string; header: FixtureHeader }[] };
  const r = parseDescribeText(twin, file, now);
  collectDocuments(
    r.objects.map((o) => ({ value: o.value, line: o.line })),
    file,
    acc,
  );
  acc.pods = dropPlaceholders(acc.pods);
  joinEvents(acc.pods, acc.events);
  const tp = acc.pods[0];
  if (!tp) throw new Error(`${file}: no pod read from the twin`);
  const t = fires(tp, rules, now);
  return {
    yamlFires: y.fires,
    textFires: t.fires,
    yamlRoot: y.root,
    textRoot: t.root,
    onlyYaml: y.fires.filter((x) => !t.fires.includes(x)),
    onlyText: t.fires.filter((x) => !y.fires.includes(x)),
    warnings: [...r.warnings, ...acc.warnings],
  };
}

if (process.argv[1] && basename(process.argv[1]) === 'describe-twins.js') {
  const args = process.argv.slice(2);
  const compare = args[0] === '--compare';
  const files = (compare ? args.slice(1) : args).length > 0 ? (compare ? args.slice(1) : args) : readdirSync('fixtures').filter((f) => f.endsWith('.yaml')).map((f) => join('fixtures', f));
  if (compare) {
    // twin by twin: the rule sets from the YAML and from the text, and where they differ
    const rules = loadRules();
    let same = 0;
    let sameRoot = 0;
    const twins = readdirSync(TWIN_DIR).filter((f) => f.endsWith('.txt'));
    for (const t of twins) {
      const name = t.replace(/\.txt$/, '');
      const yamlFile = join('fixtures', `${name}.yaml`);
      const c = compareTwin(readFileSync(yamlFile, 'utf8'), readFileSync(join(TWIN_DIR, t), 'utf8'), yamlFile, rules);
      const eq = c.onlyYaml.length === 0 && c.onlyText.length === 0;
      if (eq) same++;
      if (c.yamlRoot === c.textRoot) sameRoot++;
      if (!eq || c.yamlRoot !== c.textRoot) process.stdout.write(`${name}: only from YAML [${c.onlyYaml.join(', ')}], only from text [${c.onlyText.join(', ')}], root ${c.yamlRoot} / ${c.textRoot}\n`);
    }
    process.stdout.write(`${twins.length} twins: ${same} fire exactly the YAML's rules, ${sameRoot} have its root cause\n`);
  } else {
    mkdirSync(TWIN_DIR, { recursive: true });
    for (const f of files) {
      const out = join(TWIN_DIR, basename(f).replace(/\.yaml$/, '.txt'));
      writeFileSync(out, twinText(readFileSync(f, 'utf8'), f));
    }
    process.stdout.write(`${files.length} twins written to ${TWIN_DIR}\n`);
  }
}
