// Kubeconfigs as kubectl, `aws eks update-kubeconfig`, `gcloud container clusters get-credentials`
// and `az aks get-credentials` write them (shapes from their documentation), against the loopback
// API server, with fake credential plugins of the same names on PATH; the errors a broken one
// gives; and credentials that change while podwhy runs: a 2-second exec token through a 10-second
// --watch, a token file rotated under a watch, a plugin token the server stops accepting.

import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import yaml from 'js-yaml';
import { FIXTURES_DIR } from '../../api/rules.js';
import { main } from '../../cli/main.js';
import { FakeApiServer } from '../../../test/apiserver.js';
import { memoryIO } from '../../../test/io.js';
import { issue } from '../../../test/x509.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-creds-'));
const bin = join(tmp, 'bin');
mkdirSync(bin);
const POD = 'orders-api-6f8d9c7b54-q7xkz';

async function podwhy(args: string[], env: Record<string, string>) {
  const io = memoryIO({ HOME: tmp, PATH: bin, ...env });
  const code = await main(['node', 'podwhy', ...args], io);
  return { code, out: io.stdout, err: io.stderr };
}

/**
 * A fake credential plugin named `name` on PATH: `body` is JavaScript that may read `args`,
 * `env` and `info` (KUBERNETES_EXEC_INFO, parsed) and calls `credential(status)` to print an
 * ExecCredential; every run appends a line to name.runs.
 */
function plugin(name: string, body: string, apiVersion = 'client.authentication.k8s.io/v1beta1'): string {
  const file = join(bin, name);
  writeFileSync(
    file,
    `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
const env = process.env;
const info = JSON.parse(env.KUBERNETES_EXEC_INFO || 'null');
fs.appendFileSync(${JSON.stringify(`${file}.runs`)}, JSON.stringify({ args, info }) + '\\n');
const credential = (status) => process.stdout.write(JSON.stringify({ kind: 'ExecCredential', apiVersion: ${JSON.stringify(apiVersion)}, spec: {}, status }));
${body}
`,
  );
  chmodSync(file, 0o755);
  writeFileSync(`${file}.runs`, '');
  return file;
}
const runs = (file: string) => readFileSync(`${file}.runs`, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { args: string[]; info: { spec: { interactive: boolean; cluster?: Record<string, unknown> } } });

/** A kubeconfig for the server with the given user entry (cluster and context as the cloud CLIs name them). */
function kubeconfig(server: FakeApiServer, name: string, user: Record<string, unknown>, extra: { cluster?: Record<string, unknown>; namespace?: string } = {}): string {
  const cfg = {
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [{ name, cluster: { server: server.url, 'certificate-authority-data': Buffer.from(server.ca.certPem).toString('base64'), ...extra.cluster } }],
    contexts: [{ name, context: { cluster: name, user: name, namespace: extra.namespace ?? 'shop' } }],
    'current-context': name,
    users: [{ name, user }],
  };
  const file = join(tmp, `config-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, yaml.dump(cfg));
  return file;
}

const rootCause = (out: string) => (JSON.parse(out) as { pods: { findings: { role: string; rule: string }[] }[] }).pods[0]?.findings.find((f) => f.role === 'root-cause')?.rule;

describe('kubeconfigs as the cloud CLIs and kubectl write them', () => {
  const server = new FakeApiServer();
  before(async () => {
    await server.start();
    server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'));
  });
  after(() => server.stop());

  test('aws eks update-kubeconfig: `aws eks get-token` with its args and AWS_PROFILE', async () => {
    const aws = plugin(
      'aws',
      `if (args.join(' ') !== '--region eu-west-1 eks get-token --cluster-name shop --output json' || env.AWS_PROFILE !== 'prod') { process.stderr.write('unexpected: ' + args.join(' ')); process.exit(2); }
credential({ expirationTimestamp: new Date(Date.now() + 14 * 60_000).toISOString().replace(/\\.\\d+Z$/, 'Z'), token: ${JSON.stringify(server.token)} });`,
    );
    const arn = 'arn:aws:eks:eu-west-1:111122223333:cluster/shop';
    const kc = kubeconfig(server, arn, {
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: 'aws',
        args: ['--region', 'eu-west-1', 'eks', 'get-token', '--cluster-name', 'shop', '--output', 'json'],
        env: [{ name: 'AWS_PROFILE', value: 'prod' }],
      },
    });
    const r = await podwhy([POD, '--kubeconfig', kc, '-o', 'json'], {});
    assert.equal(r.code, 1, r.err);
    assert.equal(rootCause(r.out), 'crashloop-oomkilled');
    assert.equal(runs(aws).length, 1, 'one run serves every request while the token is valid');
    assert.equal(runs(aws)[0]?.info.spec.interactive, false, 'standard input is not a terminal');
    assert.ok(server.requests.every((q) => q.user === server.user));
  });

  test('gcloud: gke-gcloud-auth-plugin with provideClusterInfo gets the cluster in KUBERNETES_EXEC_INFO', async () => {
    const gke = plugin('gke-gcloud-auth-plugin', `credential({ expirationTimestamp: new Date(Date.now() + 3600_000).toISOString(), token: ${JSON.stringify(server.token)} });`);
    const kc = kubeconfig(server, 'gke_shop-prod_europe-west1_shop', {
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        command: 'gke-gcloud-auth-plugin',
        installHint: 'Install gke-gcloud-auth-plugin for use with kubectl by following\n        https://cloud.google.com/kubernetes-engine/docs/how-to/cluster-access-for-kubectl#install_plugin',
        provideClusterInfo: true,
        interactiveMode: 'IfAvailable',
      },
    });
    const r = await podwhy([POD, '--kubeconfig', kc, '-o', 'json'], {});
    assert.equal(r.code, 1, r.err);
    const cluster = runs(gke)[0]?.info.spec.cluster;
    assert.equal(cluster?.['server'], server.url);
    assert.equal(cluster?.['certificate-authority-data'], Buffer.from(server.ca.certPem).toString('base64'));

    // Not installed: its install hint, in one line.
    const missing = await podwhy([POD, '--kubeconfig', kc], { PATH: join(tmp, 'empty') });
    assert.equal(missing.code, 3, missing.err);
    assert.equal(
      missing.err,
      'podwhy: the credential plugin "gke-gcloud-auth-plugin" of user "gke_shop-prod_europe-west1_shop" was not found — Install gke-gcloud-auth-plugin for use with kubectl by following https://cloud.google.com/kubernetes-engine/docs/how-to/cluster-access-for-kubectl#install_plugin\n',
    );
  });

  test('az aks get-credentials on an Entra ID cluster: kubelogin get-token', async () => {
    const kubelogin = plugin('kubelogin', `credential({ expirationTimestamp: new Date(Date.now() + 3600_000).toISOString(), token: ${JSON.stringify(server.token)} });`);
    const kc = kubeconfig(server, 'clusterUser_shop-rg_shop', {
      exec: {
        apiVersion: 'client.authentication.k8s.io/v1beta1',
        args: ['get-token', '--environment', 'AzurePublicCloud', '--server-id', '6dae42f8-4368-4678-94ff-3960e28e3630', '--client-id', '80faf920-1908-4b52-b5ef-a8e7bedfc67a', '--tenant-id', '72f988bf-86f1-41af-91ab-2d7cd011db47', '--login', 'devicecode'],
        command: 'kubelogin',
        env: null,
        installHint: '\nkubelogin is not installed which is required to connect to AAD enabled cluster.\n\nTo learn more, please go to https://aka.ms/aks/kubelogin\n',
        provideClusterInfo: false,
      },
    });
    const r = await podwhy([POD, '--kubeconfig', kc, '-o', 'json'], {});
    assert.equal(r.code, 1, r.err);
    assert.equal(runs(kubelogin)[0]?.args[0], 'get-token');
    assert.equal(runs(kubelogin)[0]?.info.spec.cluster, undefined, 'no cluster without provideClusterInfo');
  });

  test('az aks get-credentials on a local-accounts cluster: client certificate data and a token', async () => {
    const c = issue({ cn: 'masterclient', org: 'system:masters', clientAuth: true }, server.ca);
    const kc = kubeconfig(server, 'clusterAdmin_shop-rg_shop', {
      'client-certificate-data': Buffer.from(c.certPem).toString('base64'),
      'client-key-data': Buffer.from(c.keyPem).toString('base64'),
      token: server.token,
    });
    const r = await podwhy([POD, '--kubeconfig', kc, '-o', 'json'], {});
    assert.equal(r.code, 1, r.err);
  });

  test('kubectl config set-credentials --client-certificate/--client-key: files beside the kubeconfig', async () => {
    const c = issue({ cn: 'jane', org: 'system:masters', clientAuth: true }, server.ca);
    mkdirSync(join(tmp, 'pki'), { recursive: true });
    writeFileSync(join(tmp, 'pki', 'jane.crt'), c.certPem);
    writeFileSync(join(tmp, 'pki', 'jane.key'), c.keyPem);
    const kc = kubeconfig(server, 'jane', { 'client-certificate': 'pki/jane.crt', 'client-key': 'pki/jane.key' });
    server.requests.length = 0;
    const r = await podwhy([POD, '--kubeconfig', kc, '-o', 'json'], {});
    assert.equal(r.code, 1, r.err);
    assert.equal(server.requests[0]?.user, 'jane', 'authenticated by the certificate');

    // The certificate file missing: named, with the field to fix (not "the exec plugin or token").
    const gone = kubeconfig(server, 'jane', { 'client-certificate': 'pki/gone.crt', 'client-key': 'pki/jane.key' });
    const e = await podwhy([POD, '--kubeconfig', gone], {});
    assert.equal(e.code, 3);
    assert.equal(e.err, `podwhy: cannot read the client certificate ${join(tmp, 'pki', 'gone.crt')} of user "jane" (ENOENT) — check client-certificate in your kubeconfig\n`);

    // A key that is not the certificate's.
    const other = issue({ cn: 'other', clientAuth: true }, server.ca);
    writeFileSync(join(tmp, 'pki', 'other.key'), other.keyPem);
    const mixed = await podwhy([POD, '--kubeconfig', kubeconfig(server, 'jane', { 'client-certificate': 'pki/jane.crt', 'client-key': 'pki/other.key' })], {});
    assert.equal(mixed.code, 3);
    assert.match(mixed.err, /^podwhy: the credentials of user "jane" cannot be used: the client certificate and client key do not belong together — check client-certificate, client-key and certificate-authority in your kubeconfig \(context "jane"\)\n$/);
  });

  test('a context naming a user the file does not have: said so, not a TLS or credential problem', async () => {
    const kc = kubeconfig(server, 'prod', { token: server.token });
    const cfg = yaml.load(readFileSync(kc, 'utf8')) as { contexts: { context: { user: string } }[] };
    (cfg.contexts[0] as { context: { user: string } }).context.user = 'prod-admin';
    writeFileSync(kc, yaml.dump(cfg));
    const r = await podwhy([POD, '--kubeconfig', kc], {});
    assert.equal(r.code, 3);
    assert.equal(r.err, `podwhy: context "prod" names user "prod-admin", which is not in the kubeconfig (${kc}) — users: prod — fix the context or add the user\n`);
  });

  test('a plugin that fails: its last line of stderr, in one line; v1alpha1 refused as kubectl refuses it', async () => {
    plugin('aws', `process.stderr.write('\\nAn error occurred (ExpiredToken) when calling the AssumeRole operation: The security token included in the request is expired\\n'); process.exit(255);`);
    const kc = kubeconfig(server, 'eks', { exec: { apiVersion: 'client.authentication.k8s.io/v1beta1', command: 'aws', args: ['eks', 'get-token', '--cluster-name', 'shop'] } });
    const r = await podwhy([POD, '--kubeconfig', kc], {});
    assert.equal(r.code, 3);
    assert.equal(
      r.err,
      'podwhy: the credential plugin "aws" of user "eks" failed (exit code 255): An error occurred (ExpiredToken) when calling the AssumeRole operation: The security token included in the request is expired — run the same command yourself to see why (often an expired login: log in again)\n',
    );

    const old = kubeconfig(server, 'eks', { exec: { apiVersion: 'client.authentication.k8s.io/v1alpha1', command: 'aws', args: ['eks', 'get-token'] } });
    const a = await podwhy([POD, '--kubeconfig', old], {});
    assert.equal(a.code, 3);
    assert.match(a.err, /^podwhy: the exec credential plugin of user "eks" asks for API version client\.authentication\.k8s\.io\/v1alpha1, which kubectl no longer supports/);
  });

  test('a plugin whose token the server stops accepting: run again once, the request repeated', async () => {
    let accepted = 'second-token';
    server.tokenCheck = (t) => t === accepted;
    const p = plugin('rotating', `const n = require('node:fs').readFileSync(__filename + '.runs', 'utf8').trim().split('\\n').length; credential({ token: n === 1 ? 'first-token' : 'second-token' });`, 'client.authentication.k8s.io/v1');
    const kc = kubeconfig(server, 'rot', { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'rotating', interactiveMode: 'Never' } });
    server.requests.length = 0;
    const r = await podwhy([POD, '--kubeconfig', kc, '-o', 'json'], {});
    assert.equal(r.code, 1, r.err);
    assert.equal(rootCause(r.out), 'crashloop-oomkilled');
    assert.equal(runs(p).length, 2);
    const refused = server.requests.filter((q) => q.status === 401);
    assert.ok(refused.length >= 1 && refused.every((q) => q.token === 'first-token'), 'only the first token was refused (by the requests made together with it)');
    assert.ok(server.requests.filter((q) => q.status === 200).every((q) => q.token === 'second-token'));
    accepted = '';
    server.tokenCheck = undefined;
  });
});

describe('credentials that expire during --watch', { timeout: 60_000 }, () => {
  const server = new FakeApiServer();
  const secret = 'test-signing-key';
  /** Tokens as an authenticator with expiry signs them: "exp.<ms>.<hmac>", valid until <ms>. */
  const sign = (exp: number) => `exp.${exp}.${createHmac('sha256', secret).update(String(exp)).digest('hex')}`;
  before(async () => {
    await server.start();
    server.serveFixture(join(FIXTURES_DIR, 'crashloop-oomkilled-jvm.yaml'));
    server.tokenCheck = (t) => {
      const [, exp] = t.split('.');
      return t === sign(Number(exp)) && Number(exp) > Date.now();
    };
    // Watches end every 1.5 s (as load balancers' idle timeouts end them): each new one needs a live token.
    server.maxWatchSeconds = 1.5;
  });
  after(() => server.stop());

  /** Run --watch in-process for ms, then Ctrl-C: the final diagnosis comes after. */
  async function watchFor(kc: string, ms: number, during?: (elapsed: number) => void) {
    const io = memoryIO({ HOME: tmp, PATH: bin, SIGNING_KEY: secret });
    const ac = new AbortController();
    io.interrupt = ac.signal;
    const done = main(['node', 'podwhy', POD, '--kubeconfig', kc, '--watch'], io);
    const t0 = Date.now();
    const tick = setInterval(() => during?.(Date.now() - t0), 250);
    await new Promise((r) => setTimeout(r, ms));
    clearInterval(tick);
    ac.abort();
    const code = await done;
    return { code, out: io.stdout, err: io.stderr };
  }

  test('a 2-second exec token through a 10-second watch: refreshed before it expires, no 401 reaches the user', async () => {
    const p = plugin(
      'short-lived',
      `const { createHmac } = require('node:crypto');
const exp = Date.now() + 2000;
credential({ token: 'exp.' + exp + '.' + createHmac('sha256', env.SIGNING_KEY).update(String(exp)).digest('hex'), expirationTimestamp: new Date(exp).toISOString() });`,
    );
    const kc = kubeconfig(server, 'eks', { exec: { apiVersion: 'client.authentication.k8s.io/v1beta1', command: 'short-lived' } });
    server.requests.length = 0;
    const r = await watchFor(kc, 10_000);
    assert.equal(r.code, 1, r.err);
    assert.doesNotMatch(r.out + r.err, /401|Unauthorized|credentials/i);
    assert.match(r.out, /crashloop-oomkilled/, 'the final diagnosis');
    const watches = server.requests.filter((q) => q.query['watch'] === '1' || q.query['watch'] === 'true');
    assert.ok(watches.length >= 5, `watched again after each end (${watches.length} watches)`);
    assert.ok(runs(p).length >= 4, `the plugin ran again as tokens expired (${runs(p).length} runs)`);
    assert.ok(new Set(server.requests.map((q) => q.token)).size >= 4, 'requests carried successive tokens');
    assert.ok(server.requests.filter((q) => q.status === 200).length > server.requests.filter((q) => q.status === 401).length * 5, 'a refused token is the rare exception');
  });

  test('a token file rotated under a watch, the old token revoked: read again, the watch goes on', async () => {
    const tokenFile = join(tmp, 'sa-token');
    const first = sign(Date.now() + 3_600_000);
    writeFileSync(tokenFile, `${first}\n`);
    const kc = kubeconfig(server, 'in-file', { tokenFile });
    let rotated = false;
    server.requests.length = 0;
    const r = await watchFor(kc, 4000, (elapsed) => {
      if (!rotated && elapsed > 1500) {
        rotated = true;
        const next = sign(Date.now() + 3_600_000);
        writeFileSync(tokenFile, next);
        const check = server.tokenCheck;
        server.tokenCheck = (t) => t !== first && (check?.(t) ?? false);
      }
    });
    assert.equal(r.code, 1, r.err);
    assert.doesNotMatch(r.out + r.err, /401|Unauthorized/i);
    assert.match(r.out, /crashloop-oomkilled/);
    assert.ok(server.requests.some((q) => q.token !== first && q.status === 200), 'the rotated token was used');
  });
});
