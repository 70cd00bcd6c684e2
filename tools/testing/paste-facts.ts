// Does podwhy *read* a paste right? For each case of a score directory (an expected.yaml naming
// the pastes), the paste is read as the CLI reads it and compared with the pod the corpus's YAML
// twin holds (../shared/corpus/real-posts/NNN-slug.yaml): read without an error, the pod's name,
// its containers (names, state and last state: kind, reason, exit code) and its events (reason
// and message). Only what the paste can carry is compared: containers only when the paste is
// describe text, events always.
//
//   node dist/tools/testing/paste-facts.js [--root CHECKOUT] [--yaml DIR] [--mangle HOW] [-v] DIR...
//
// --root reads with another checkout's dist/ (the "before" figure). --mangle pastes the text the
// way people do before reading it: `ticket` (prose, a prompt and a fence around it), `quoted`
// (every line after "> "), `flat` (indentation lost, as in a GitHub body without a fence), `collapsed` (flat, and runs of
// spaces made one, as a web page shows it),
// `from-containers` (a describe copied from its Containers: line on), `events-rows` (a describe's
// event rows alone, without the Events: line and the header).

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import yaml from 'js-yaml';

type Obj = Record<string, unknown>;
interface PodIn {
  pod: Obj;
  events: { reason?: string; message?: string }[];
}

const { values: args, positionals } = parseArgs({
  options: { root: { type: 'string' }, yaml: { type: 'string', default: '/work/shared/corpus/real-posts' }, mangle: { type: 'string' }, v: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const tmp = mkdtempSync(join(tmpdir(), 'paste-facts-'));
const root = resolve(args.root ?? new URL('../../../', import.meta.url).pathname);
// dist/src/ since the workshop left src/ (issue 32); dist/ in a checkout from before
const built = existsSync(join(root, 'dist', 'src')) ? join(root, 'dist', 'src') : join(root, 'dist');
const file = (await import(pathToFileURL(join(built, 'sources/file.js')).href)) as { snapshotFromTexts: (i: { file: string; text: string }[]) => { pods: PodIn[] }; snapshotFromDocs: (i: unknown[]) => { pods: PodIn[] } };
const input = (await import(pathToFileURL(join(built, 'sources/input.js')).href)) as { readFileDocs: (f: string, p: string, max: number, o: object) => Promise<{ docs: unknown[] }> };

const o = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const a = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);
const norm = (s: unknown) => String(s ?? '').replace(/^\(combined from similar events\):\s*/, '').replace(/\s+/g, ' ').trim();

/** kind:reason:exitCode of a state; the exit code only when `withCode` (describe prints 0 for a missing one). */
function state(s: unknown, withCode = true): string {
  const st = o(s);
  for (const k of ['waiting', 'running', 'terminated']) {
    if (st[k] === undefined) continue;
    const x = o(st[k]);
    return [k, x['reason'] ?? '', withCode ? (x['exitCode'] ?? '') : ''].join(':');
  }
  return '';
}

/**
 * What describe shows of the containers: the spec's, each with its status (a status without a
 * spec container is not printed). `ref` is the twin's pod, whose missing exit codes are not
 * asked for.
 */
function containers(pod: Obj, ref?: Obj): string[] {
  const spec = o(pod['spec']);
  const status = o(pod['status']);
  const out: string[] = [];
  for (const [list, sts] of [
    ['initContainers', 'initContainerStatuses'],
    ['containers', 'containerStatuses'],
  ] as const) {
    const refStatus = a(o(ref?.['status'])[sts]);
    for (const c of a(spec[list])) {
      const name = String(c['name']);
      const s = a(status[sts]).find((x) => x['name'] === name);
      const r = refStatus.find((x) => x['name'] === name);
      const code = (k: string) => ref === undefined || o(o(r?.[k])['terminated'])['exitCode'] !== undefined;
      const st = s ? `${state(s['state'], code('state'))}/${state(s['lastState'], code('lastState'))}` : '/';
      out.push(`${list}:${name}=${st}`);
    }
  }
  return out.sort();
}

const events = (p: PodIn) => p.events.map((e) => `${e.reason ?? ''}|${norm(e.message)}`).sort();
const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);

/** The paste as a user would make it of the text kubectl printed. */
function mangle(text: string, how: string | undefined, pod: string): string | undefined {
  const lines = text.replace(/\n$/, '').split('\n');
  switch (how) {
    case undefined:
      return text;
    case 'ticket':
      return `My pod ${pod} does not work, this is what I see:\n\n\`\`\`console\n$ kubectl describe pod ${pod}\n${text}\`\`\`\n\nAny idea what is wrong?\n`;
    case 'quoted':
      return lines.map((l) => `> ${l}`).join('\n');
    case 'flat':
      return lines.map((l) => l.trimStart()).join('\n');
    case 'collapsed':
      // a web page's rendering: no indentation, single spaces
      return lines.map((l) => l.trim().replace(/ {2,}/g, ' ')).join('\n');
    case 'from-containers': {
      const at = lines.findIndex((l) => /^(?:Init )?Containers:/.test(l));
      return at < 0 ? undefined : lines.slice(at).join('\n');
    }
    case 'events-rows': {
      // kubectl events: the rows without the header line
      if (/^LAST SEEN/.test(lines[0] ?? '')) return lines.length > 1 ? lines.slice(1).join('\n') : undefined;
      const at = lines.findIndex((l) => /^Events:/.test(l));
      if (at < 0 || /<none>/.test(lines[at] as string)) return undefined;
      return lines.slice(at + 3).join('\n');
    }
    default:
      throw new Error(`--mangle ${how}: one of ticket, quoted, flat, collapsed, from-containers, events-rows`);
  }
}

let total = 0;
let readOk = 0;
let factsOk = 0;
for (const dir of positionals) {
  const rows = yaml.load(readFileSync(join(dir, 'expected.yaml'), 'utf8')) as { file: string }[];
  for (const r of rows) {
    total++;
    const slug = basename(r.file).replace(/(\.kubectl-events)?\.(txt|yaml)$/, '');
    const isEvents = /kubectl-events/.test(r.file);
    const ref = file.snapshotFromTexts([{ file: 'ref', text: readFileSync(join(args.yaml as string, `${slug}.yaml`), 'utf8') }]).pods[0] as PodIn;
    let got: PodIn | undefined;
    let err = '';
    const text = mangle(readFileSync(join(dir, r.file), 'utf8'), args.mangle, String(o(ref.pod['metadata'])['name']));
    if (text === undefined) {
      total--;
      continue;
    }
    try {
      const path = join(tmp, r.file);
      writeFileSync(path, text);
      const docs = (await input.readFileDocs(r.file, path, 256 << 20, { now: Date.parse('2025-01-01T00:00:00Z') })).docs;
      const snap = file.snapshotFromDocs([{ file: r.file, docs }]);
      got = snap.pods[0];
      if (!got) err = 'no pod';
    } catch (e) {
      err = String((e as Error).message).split('\n')[0] as string;
    }
    const why: string[] = [];
    if (got) {
      readOk++;
      const refEvents = events(ref);
      const name = o(got.pod['metadata'])['name'];
      // an events paste names the pod only when it has rows
      const named = !isEvents || refEvents.length > 0;
      // a paste cut before its Name line, or its event rows alone, cannot name the pod (unless a message does)
      const nameable = named && args.mangle !== 'from-containers' && args.mangle !== 'events-rows';
      if (nameable && name !== o(ref.pod['metadata'])['name']) why.push(`name ${String(name)}`);
      if (!isEvents && args.mangle !== 'events-rows' && !same(containers(got.pod, ref.pod), containers(ref.pod))) why.push(`containers ${JSON.stringify(containers(got.pod, ref.pod))} != ${JSON.stringify(containers(ref.pod))}`);
      if (!same(events(got), refEvents)) why.push(`events ${events(got).length} != ${refEvents.length}${args.v ? ` ${JSON.stringify(events(got))} vs ${JSON.stringify(refEvents)}` : ''}`);
      if (why.length === 0) factsOk++;
    } else why.push(`error: ${err.slice(0, 100)}`);
    if (why.length > 0) console.log(`MISS ${r.file}: ${why.join('; ')}`);
  }
}
console.log(`pastes: ${total}, read without error: ${readOk}, with the paste's facts: ${factsOk}`);
