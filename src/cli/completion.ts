// Shell completion. One engine answers every shell: the scripts `podwhy completion bash|zsh|fish`
// prints call `podwhy __complete WORD… CURRENT`, and kubectl 1.26+ calls kubectl_complete-podwhy
// the same way for `kubectl podwhy <TAB>`. The answer is cobra's protocol, which kubectl reads
// (pkg/cmd/plugin/plugin_completion.go): candidates one a line (`value\tdescription` allowed),
// then `:<directive>`, a bit set: 1 error, 2 no space after, 4 no file completion, 16 directories
// only. Completion never fails loudly: on any problem it prints what it has and exits 0, with
// nothing on stderr (kubectl passes the plugin's stderr to the terminal mid-line).
//
// What it completes: subcommands; flags (long ones after `--`, long and short after `-`); flag
// values (-o formats, --lang, --fail-on, --context from the kubeconfig, -n from the cluster,
// -c from the named pod, --rule and rule ids, files and directories where a path is wanted);
// `explain` terms and rule ids; `rules` ids; and pod names from the cluster, listed with a short
// deadline (COMPLETE_DEADLINE_MS in all, kubeconfig included).

import type { Command, Option } from 'commander';
import type { IO } from './io.js';
import { createProgram } from './program.js';
import { SHELLS } from './options.js';
import type { ClusterGet } from '../api/cluster.js';

export const DIRECTIVE = { error: 1, noSpace: 2, noFileComp: 4, filterDirs: 16 } as const;

/** The whole budget for reading the kubeconfig and asking the cluster. */
export const COMPLETE_DEADLINE_MS = 2000;

export interface Completion {
  items: string[];
  directive: number;
}

/** A candidate with its description, made safe for one line of the protocol. */
function item(value: string, description?: string): string {
  const d = description?.replace(/[\t\r\n]+/g, ' ').trim();
  return d ? `${value}\t${d}` : value;
}

const valueOf = (i: string) => i.split('\t')[0] as string;

function findLong(cmd: Command, name: string): Option | undefined {
  return cmd.options.find((o) => o.long === name);
}

function findShort(cmd: Command, name: string): Option | undefined {
  return cmd.options.find((o) => o.short === name);
}

const takesValue = (o: Option) => o.required || o.optional;

interface Seen {
  /** Option values given so far, by long name (--namespace → shop). */
  values: Map<string, string>;
  /** Positional words of the command so far. */
  positionals: string[];
}

/**
 * The option a word sets, and whether the next word is its value. Handles --long, --long=v, -s,
 * -s=v, -sVALUE and grouped booleans (-Aw, -Ao json).
 */
function readOptionWord(cmd: Command, w: string, seen: Seen): Option | undefined {
  if (w.startsWith('--')) {
    const eq = w.indexOf('=');
    const opt = findLong(cmd, eq >= 0 ? w.slice(0, eq) : w);
    if (!opt) return undefined;
    if (eq >= 0) {
      seen.values.set(opt.long ?? '', w.slice(eq + 1));
      return undefined;
    }
    return takesValue(opt) ? opt : undefined;
  }
  for (let i = 1; i < w.length; i++) {
    const opt = findShort(cmd, `-${w[i]}`);
    if (!opt) return undefined;
    if (takesValue(opt)) {
      const rest = w.slice(i + 1).replace(/^=/, '');
      if (rest === '') return opt;
      seen.values.set(opt.long ?? '', rest);
      return undefined;
    }
  }
  return undefined;
}

function flagItems(cmd: Command, cur: string): string[] {
  const out: string[] = [];
  const opts = cmd.options.filter((o) => !o.hidden);
  for (const o of opts) {
    if (o.long) out.push(item(o.long, o.description));
    if (o.short && !cur.startsWith('--')) out.push(item(o.short, o.description));
  }
  out.push(item('--help', 'help for this command'));
  if (!cur.startsWith('--')) out.push(item('-h', 'help for this command'));
  return out;
}

function commandItems(program: Command): string[] {
  return [...program.commands.map((c) => item(c.name(), c.description())), item('help', 'help for a command')];
}

async function ruleItems(): Promise<string[]> {
  const { ruleTitles } = await import('../api/rules.js');
  return ruleTitles()
    .map((r) => item(r.id, `rule: ${r.title}`))
    .sort();
}

async function termItems(): Promise<string[]> {
  const { glossaryTerms } = await import('../api/explain.js');
  // a condition is also asked about with its status: PodScheduled=False
  return glossaryTerms().flatMap((t) => [item(t.name, t.category), ...(t.category === 'condition' ? [item(`${t.name}=False`, 'condition')] : [])]);
}

/** Run `fn` against the cluster the flags name, within what is left of the deadline; undefined on any failure. */
async function fromCluster<T>(seen: Seen, io: IO, deadline: number, fn: (get: ClusterGet, namespace: string) => Promise<T>): Promise<T | undefined> {
  const { withCluster } = await import('../api/cluster.js');
  const kubeconfig = seen.values.get('--kubeconfig');
  const context = seen.values.get('--context');
  const namespace = seen.values.get('--namespace');
  const place = { env: io.env, ...(kubeconfig !== undefined ? { kubeconfig } : {}), ...(context !== undefined ? { context } : {}), ...(namespace !== undefined ? { namespace } : {}) };
  return withCluster(place, deadline, fn);
}

const names = (list: Record<string, unknown>): string[] =>
  (Array.isArray(list['items']) ? list['items'] : [])
    .map((o) => (o as { metadata?: { name?: unknown } }).metadata?.name)
    .filter((n): n is string => typeof n === 'string' && n !== '' && !/[\s\t]/.test(n));

async function podItems(seen: Seen, io: IO, deadline: number, cur: string): Promise<string[]> {
  // Offline input, or every namespace: no single namespace to list.
  if (seen.values.has('--file') || seen.values.has('--all-namespaces')) return [];
  const prefix = /^(pods?|po)\//.exec(cur)?.[0] ?? '';
  const pods = await fromCluster(seen, io, deadline, async (get, ns) => names(await get(`/api/v1/namespaces/${encodeURIComponent(ns)}/pods`, { limit: 500 })));
  return (pods ?? []).map((n) => `${prefix}${n}`);
}

async function optionValues(opt: Option, seen: Seen, io: IO, deadline: number): Promise<Completion> {
  const none = DIRECTIVE.noFileComp;
  if (opt.argChoices) return { items: [...opt.argChoices], directive: none };
  switch (opt.long) {
    case '--file':
    case '--kubeconfig':
    case '--config':
      return { items: [], directive: 0 };
    case '--rules':
      return { items: [], directive: DIRECTIVE.filterDirs };
    case '--rule':
      return { items: await ruleItems(), directive: none };
    case '--context':
      return { items: await contextItems(seen, io), directive: none };
    case '--namespace': {
      const ns = await fromCluster(seen, io, deadline, async (get) => names(await get('/api/v1/namespaces')));
      return { items: ns ?? [], directive: none };
    }
    case '--container': {
      const pod = seen.positionals[0]?.replace(/^(pods?|po)\//, '');
      if (pod === undefined || seen.values.has('--file')) return { items: [], directive: none };
      const cs = await fromCluster(seen, io, deadline, async (get, ns) => {
        const p = await get(`/api/v1/namespaces/${encodeURIComponent(ns)}/pods/${encodeURIComponent(pod)}`);
        const spec = (p['spec'] ?? {}) as Record<string, unknown>;
        const list = (k: string, kind: string) => (Array.isArray(spec[k]) ? (spec[k] as { name?: unknown }[]) : []).filter((c) => typeof c.name === 'string').map((c) => item(c.name as string, kind));
        return [...list('containers', 'container'), ...list('initContainers', 'init container'), ...list('ephemeralContainers', 'ephemeral container')];
      });
      return { items: cs ?? [], directive: none };
    }
    default:
      return { items: [], directive: none };
  }
}

/** Context names from the kubeconfig; no network. */
async function contextItems(seen: Seen, io: IO): Promise<string[]> {
  try {
    const { kubeContexts } = await import('../api/cluster.js');
    const kubeconfig = seen.values.get('--kubeconfig');
    return await kubeContexts({ env: io.env, ...(kubeconfig !== undefined ? { kubeconfig } : {}) });
  } catch {
    return [];
  }
}

/** Candidates for the last of `words`, given the ones before it. */
export async function complete(words: string[], io: IO, deadline = Date.now() + COMPLETE_DEADLINE_MS): Promise<Completion> {
  const program = createProgram(io);
  const cur = words.length > 0 ? (words[words.length - 1] as string) : '';
  let cmd: Command = program;
  let helpFor = false;
  const seen: Seen = { values: new Map(), positionals: [] };
  let expecting: Option | undefined;
  let dashdash = false;
  for (const w of words.slice(0, -1)) {
    if (expecting) {
      seen.values.set(expecting.long ?? '', w);
      expecting = undefined;
      continue;
    }
    if (!dashdash && w === '--') {
      dashdash = true;
      continue;
    }
    if (!dashdash && w.startsWith('-') && w !== '-') {
      const opt = w.startsWith('--') ? findLong(cmd, w.split('=')[0] as string) : findShort(cmd, w.slice(0, 2));
      if (opt && !takesValue(opt)) seen.values.set(opt.long ?? '', 'true');
      expecting = readOptionWord(cmd, w, seen);
      continue;
    }
    if (cmd === program && !helpFor && seen.positionals.length === 0) {
      const sub = program.commands.find((c) => c.name() === w || c.aliases().includes(w));
      if (sub) {
        cmd = sub;
        continue;
      }
      if (w === 'help') {
        helpFor = true;
        continue;
      }
    }
    seen.positionals.push(w);
  }

  let result: Completion;
  let prefix = '';
  let word = cur;
  if (expecting) {
    result = await optionValues(expecting, seen, io, deadline);
  } else if (!dashdash && /^(--[^=]+|-[A-Za-z])=/.test(cur)) {
    // --output=js, -o=js: complete the value, keep what precedes it
    const eq = cur.indexOf('=');
    const name = cur.slice(0, eq);
    const opt = name.startsWith('--') ? findLong(cmd, name) : findShort(cmd, name);
    prefix = cur.slice(0, eq + 1);
    word = cur.slice(eq + 1);
    result = opt && takesValue(opt) ? await optionValues(opt, seen, io, deadline) : { items: [], directive: DIRECTIVE.noFileComp };
  } else if (!dashdash && cur.startsWith('-')) {
    result = { items: flagItems(cmd, cur), directive: DIRECTIVE.noFileComp };
  } else if (helpFor) {
    result = { items: seen.positionals.length === 0 ? commandItems(program) : [], directive: DIRECTIVE.noFileComp };
  } else {
    const first = seen.positionals.length === 0;
    const none = DIRECTIVE.noFileComp;
    switch (cmd === program ? '' : cmd.name()) {
      case '':
        result = { items: first ? [...(/^(pods?|po)\//.test(cur) ? [] : commandItems(program)), ...(await podItems(seen, io, deadline, cur))] : [], directive: none };
        break;
      case 'explain':
        result = { items: first ? [...(await termItems()), ...(await ruleItems())] : [], directive: none };
        break;
      case 'rules':
        result = { items: first ? [item('docs', 'the catalogue as Markdown'), ...(await ruleItems())] : [], directive: none };
        break;
      case 'capture':
        result = { items: first ? await podItems(seen, io, deadline, cur) : [], directive: none };
        break;
      case 'completion':
        result = { items: first ? [...SHELLS] : [], directive: none };
        break;
      case 'test':
        result = { items: [], directive: 0 };
        break;
      default:
        result = { items: [], directive: none };
    }
  }
  const seenValues = new Set<string>();
  const items = result.items
    .filter((i) => valueOf(i).startsWith(word))
    .map((i) => prefix + i)
    .filter((i) => !seenValues.has(valueOf(i)) && seenValues.add(valueOf(i)));
  return { items, directive: result.directive };
}

/** `podwhy __complete WORDS…`: print the protocol. Never throws, never writes to stderr. */
export async function runComplete(words: string[], io: IO): Promise<void> {
  let c: Completion;
  try {
    c = await complete(words.length === 0 ? [''] : words, io);
  } catch {
    c = { items: [], directive: DIRECTIVE.noFileComp };
  }
  io.out(`${[...c.items, `:${c.directive}`].join('\n')}\n`);
}
