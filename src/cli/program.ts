// The command-line interface: a commander program built fresh by a factory (one per test), with
// command implementations imported lazily. (`podwhy --help` does not build it at all: the bin prints
// the page the build read off it, src/cli/quick.ts.)

import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import type { IO } from './io.js';
import { FAIL_ON, FORMATS, LANGS, type Format, type Lang, type OutputFormat } from '../model/vocabulary.js';
import { SHELLS, VERSION, type DiagnoseFlags } from './options.js';

/** -o, --output with its formats listed in the help, and kubectl's -o=FORMAT read by main(). */
function outputOption(formats: readonly string[]): Option {
  return new Option('-o, --output <format>', `output format: ${formats.join(', ')}`).choices(formats).default('text');
}

/**
 * The diagnosis's -o, parsed once into its typed value (an OutputFormat): its formats, and
 * kubectl's -o jsonpath=TEMPLATE beside them (the choices stay for help and completion).
 */
function formatOption(): Option {
  return new Option('-o, --output <format>', `output format: ${FORMATS.join(', ')}, jsonpath=TEMPLATE`)
    .choices(FORMATS)
    .default({ kind: 'text' } satisfies OutputFormat, '"text"')
    .argParser((v: string): OutputFormat => {
      if ((FORMATS as readonly string[]).includes(v)) return { kind: v as Format };
      if (v.startsWith('jsonpath=')) return { kind: 'jsonpath', template: v.slice('jsonpath='.length) };
      throw new InvalidArgumentError(`Allowed choices are ${FORMATS.join(', ')}, jsonpath=TEMPLATE.`);
    });
}

/** --lang, one of the languages podwhy writes (a Lang to the command). */
const langOption = (description: string) => new Option('--lang <code>', description).choices(LANGS);

const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];

export function createProgram(io: IO, name = 'podwhy'): Command {
  const program = new Command(name);
  program
    // Options of the diagnosis belong before a subcommand; after it they are the subcommand's
    // (`podwhy explain X --lang ko`).
    .enablePositionalOptions()
    .description('Tell why a Kubernetes pod is in the state it is in, and what to do about it.')
    .version(VERSION, '-V, --version')
    .argument('[pod]', 'pod to diagnose: NAME, pod/NAME or pods/NAME; or a workload: deploy/NAME, rs/, sts/, ds/, job/, cronjob/')
    .argument('[name]', 'with a workload TYPE first: its NAME (podwhy deploy web)')
    .option('-f, --file <path>', 'read pods and events from a YAML or JSON file, a directory (its .json, .yaml, .yml files), a,b, or - for stdin (repeatable)', collect)
    .option('-R, --recursive', 'with -f DIR: its subdirectories too')
    .option('-n, --namespace <ns>', 'namespace of the pod (offline: only pods in this namespace)')
    .option('-A, --all-namespaces', 'every namespace')
    .option('-l, --selector <selector>', 'only pods whose labels match (kubectl syntax: app=web,tier!=db)')
    .option('--field-selector <selector>', 'only pods whose fields match, as the API server selects them (spec.nodeName=node-1,status.phase!=Running)')
    .option('-c, --container <name>', 'only this container: findings about others are left out, only its logs are read')
    .addOption(formatOption())
    .option('--no-headers', 'no header row in tables (-o wide, and the kubectl columns in text)')
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity').choices(FAIL_ON).default('error'))
    .option('--fail-on-unreadable', 'exit 3 when live mode could not read what the diagnosis needs (events, nodes, logs, owners: RBAC, errors)')
    .addOption(langOption('language of explanations (default: from LC_ALL, LC_MESSAGES, LANG)'))
    .option('--now <RFC3339>', 'evaluate ages against this instant, for reproducible output')
    .option('--rules <dir>', 'add a directory of rule files (repeatable)', collect)
    .option('--config <file>', 'configuration file (default: .podwhy.yaml in this directory or a parent)')
    .option('--all', 'multi-pod output: also the healthy pods, and (text) nothing shortened')
    .option('--details', 'many pods, text: every pod in full, not each root cause once')
    .option('--timeline', 'add each pod\'s timeline: where its time went, stage by stage')
    .option('--absolute-time', 'timeline and watch times as timestamps, not relative')
    .option('-w, --watch', 'follow the pod (or every pod -l selects) live and explain each change (live mode)')
    .option('--max-bytes <size>', 'refuse input larger than this (bytes, or with Ki/Mi/Gi)', '256Mi')
    .option('--color', 'colour even when stdout is not a terminal (also FORCE_COLOR=1)')
    .option('--no-color', 'no colour (also NO_COLOR or FORCE_COLOR=0; the default when stdout is not a terminal)')
    .option('--kubeconfig <path>', 'kubeconfig file (live mode)')
    .option('--context <name>', 'kubeconfig context (live mode)')
    .option('--request-timeout <duration>', 'API request timeout, e.g. 5s, 1m (live mode)', '30s')
    .option('--cluster <name>', 'kubeconfig cluster to use instead of the context\'s (live mode)')
    .option('--user <name>', 'kubeconfig user to use instead of the context\'s (live mode)')
    .option('--as <user>', 'impersonate this user (live mode; needs RBAC to impersonate)')
    .option('--as-group <group>', 'impersonate this group, with --as (repeatable)', collect)
    .option('--as-uid <uid>', 'impersonate this UID, with --as')
    .helpCommand('help [command]', 'help for a command')
    .addHelpText(
      'after',
      `
Examples:
  kubectl get pod web-7d4b9c6f5-x2x9q -o yaml | ${name}
  ${name} -f pod.yaml -f events.yaml -o json
  ${name} web-7d4b9c6f5-x2x9q -n shop
  ${name} web-7d4b9c6f5-x2x9q -c app --timeline
  ${name} -n shop -o wide
  ${name} deploy/web -n shop
  kubectl get deploy,rs,pods,events -o yaml | ${name} deploy/web -f -
  ${name} web-7d4b9c6f5-x2x9q -w
  ${name} -l app=web -w -o json
  ${name} explain CrashLoopBackOff

Exit codes: 0 diagnosed, nothing at or above --fail-on; 1 findings at or above --fail-on;
2 bad flags or input, pod not found, invalid rule file; 3 cluster unreachable or forbidden.`,
    )
    .action(async (pod: string | undefined, name: string | undefined, flags: DiagnoseFlags) => {
      // a workload target (deploy/web, sts db) has its own command
      if (name !== undefined || pod?.includes('/')) {
        const { parseWorkloadTarget } = await import('../api/workload.js');
        const target = parseWorkloadTarget(pod, name);
        if (target) {
          const { runWorkload } = await import('./commands/workload.js');
          io.exitCode = await runWorkload(target, flags, io);
          return;
        }
      }
      const { runDiagnose } = await import('./commands/diagnose.js');
      io.exitCode = await runDiagnose(pod, flags, io);
    });

  addSubcommands(program, io);
  return program;
}

/** The commands beside the diagnosis: explain, capture, test, rules, mcp, version, completion. */
function addSubcommands(program: Command, io: IO): void {
  program
    .command('explain')
    .description('explain a reason (CrashLoopBackOff), exit code (137), signal (SIGKILL), condition (PodScheduled=False), event or rule id')
    .argument('<term>', 'what to explain')
    .addOption(langOption('language'))
    .addOption(outputOption(['text', 'json']))
    .action(async (term: string, flags: { lang?: Lang; output: string }) => {
      const { runExplain } = await import('./commands/explain.js');
      io.exitCode = await runExplain(term, flags, io);
    });

  program
    .command('capture')
    .description('save a live pod, its events and log tails as a redacted fixture (print it; redirect to fixtures/<name>.yaml)')
    .argument('<pod>', 'pod: NAME, pod/NAME or pods/NAME')
    .option('-n, --namespace <ns>', 'namespace of the pod (default: the context\'s)')
    .option('--kubeconfig <path>', 'kubeconfig file')
    .option('--context <name>', 'kubeconfig context')
    .option('--request-timeout <duration>', 'API request timeout, e.g. 5s, 1m', '30s')
    .option('--now <RFC3339>', 'the capture instant to record (default: now)')
    .option('--rules <dir>', 'add a directory of rule files (repeatable)', collect)
    .option('--config <file>', 'configuration file (default: .podwhy.yaml in this directory or a parent)')
    .action(async (pod: string, flags: DiagnoseFlags) => {
      const { runCapture } = await import('./commands/capture.js');
      io.exitCode = await runCapture(pod, flags, io);
    });

  program
    .command('test')
    .description('check fixture files against the rule set and root cause their headers declare (CI)')
    .argument('[paths...]', 'fixture files or directories (default: fixtures/)')
    .option('--rules <dir>', 'add a directory of rule files (repeatable)', collect)
    .option('--config <file>', 'configuration file (default: .podwhy.yaml in this directory or a parent)')
    .option('--rule <id>', 'only the fixtures that name this rule')
    .addOption(langOption('also render explanations in this language (default: every language)'))
    .option('--color', 'colour even when stdout is not a terminal (also FORCE_COLOR=1)')
    .option('--no-color', 'no colour (also NO_COLOR or FORCE_COLOR=0)')
    .action(async (paths: string[], flags: { rules?: string[]; config?: string; rule?: string; lang?: Lang; color?: boolean }) => {
      const { runTest } = await import('./commands/test.js');
      io.exitCode = await runTest(paths, flags, io);
    });

  program
    .command('rules')
    .description('list the rules, or show one in full ("rules docs" prints the catalogue as Markdown)')
    .argument('[id]', 'rule id, or "docs"')
    .addOption(langOption('language'))
    .addOption(outputOption(['text', 'json']))
    .option('--rules <dir>', 'add a directory of rule files (repeatable)', collect)
    .option('--config <file>', 'configuration file (default: .podwhy.yaml in this directory or a parent)')
    .option('--write', 'with "docs": rewrite the generated part of rules/README.md')
    .option('--no-color', 'no colour')
    .action(async (id: string | undefined, flags: { lang?: Lang; output: string; rules?: string[]; config?: string; color: boolean; write?: boolean }) => {
      const { runRules } = await import('./commands/rules.js');
      io.exitCode = await runRules(id, flags, io);
    });

  program
    .command('mcp')
    .description('serve the diagnosis to AI assistants over the Model Context Protocol (stdio; read-only tools: diagnose_text, diagnose_pod, diagnose_workload, scan, explain)')
    .option('--kubeconfig <path>', 'kubeconfig file for the live tools (default: KUBECONFIG, ~/.kube/config)')
    .option('--context <name>', 'fix the live tools to this kubeconfig context for the session')
    .option('--rules <dir>', 'add a directory of rule files (repeatable)', collect)
    .option('--config <file>', 'configuration file (default: .podwhy.yaml in this directory or a parent)')
    .option('--max-bytes <size>', 'largest text diagnose_text reads, e.g. 16Mi', '16Mi')
    .addHelpText('after', '\nAn MCP client starts it as a command: {"command": "podwhy", "args": ["mcp"]} (see the README).')
    .action(async (flags: { kubeconfig?: string; context?: string; rules?: string[]; config?: string; maxBytes: string }) => {
      const { runMcp } = await import('./commands/mcp.js');
      io.exitCode = await runMcp(flags, io);
    });

  program
    .command('version')
    .description('print the version (-o json: {"version": …})')
    .addOption(outputOption(['text', 'json', 'yaml']))
    .action((flags: { output: string }) => {
      if (flags.output === 'json') io.out(`${JSON.stringify({ version: VERSION })}\n`);
      else if (flags.output === 'yaml') io.out(`version: ${VERSION}\n`);
      else io.out(`${VERSION}\n`);
    });

  program
    .command('completion')
    .description('print a shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      `
Load it for this shell:
  bash:  source <(podwhy completion bash)
  zsh:   source <(podwhy completion zsh)
  fish:  podwhy completion fish | source
or install it:
  bash:  podwhy completion bash > ~/.local/share/bash-completion/completions/podwhy
  zsh:   podwhy completion zsh > "\${fpath[1]}/_podwhy"
  fish:  podwhy completion fish > ~/.config/fish/completions/podwhy.fish
As a kubectl plugin (kubectl 1.26+), \`kubectl podwhy <TAB>\` completes through the executable
kubectl_complete-podwhy, installed beside kubectl-podwhy: no script is needed.`,
    )
    .action(async (shell: string) => {
      const { completionScript } = await import('./completion-scripts.js');
      io.out(completionScript(shell as (typeof SHELLS)[number]));
    });

}
