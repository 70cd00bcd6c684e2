import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { authFor, needsClientNode, type AuthContext } from './auth.js';

const tmp = mkdtempSync(join(tmpdir(), 'podwhy-auth-'));
const ctx = (user: Record<string, unknown> | undefined, cluster: Record<string, unknown> = { server: 'https://k:6443' }): AuthContext => ({
  cluster,
  user,
  userName: 'u',
  clusterName: 'c',
  env: { PATH: process.env['PATH'] },
  timeoutMs: 5000,
  interactive: false,
});

/** An exec plugin printing this ExecCredential status (and counting its runs in a file). */
function plugin(status: Record<string, unknown>): { exec: Record<string, unknown>; runs: () => number } {
  const file = join(tmp, `plugin-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, `#!${process.execPath}\nrequire('node:fs').appendFileSync(__filename + '.runs', 'x');\nprocess.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1beta1', kind: 'ExecCredential', status: ${JSON.stringify(status)} }));\n`);
  chmodSync(file, 0o755);
  writeFileSync(`${file}.runs`, '');
  return {
    exec: { apiVersion: 'client.authentication.k8s.io/v1beta1', command: file },
    runs: () => readFileSync(`${file}.runs`, 'utf8').length,
  };
}

describe('authFor', () => {
  test('an inline token wins over a token file, a token file over an exec plugin (client-go order)', async () => {
    const file = join(tmp, 'tok');
    writeFileSync(file, 'from-file\n');
    const p = plugin({ token: 'from-plugin' });
    assert.equal((await authFor(ctx({ token: 'inline', tokenFile: file, exec: p.exec })).source?.get())?.token, 'inline');
    assert.equal((await authFor(ctx({ tokenFile: file, exec: p.exec })).source?.get())?.token, 'from-file');
    assert.equal((await authFor(ctx({ exec: p.exec })).source?.get())?.token, 'from-plugin');
    assert.equal(authFor(ctx({ token: 'inline' })).source?.changes, false, 'an inline token is not read again');
  });

  test('impersonation headers and basic auth', () => {
    const a = authFor(ctx({ as: 'jane', 'as-groups': ['dev', 'ops'], 'as-uid': '42', 'as-user-extra': { 'reason/why': ['debug'] }, username: 'admin', password: 'pw' }));
    assert.deepEqual(a.headers, { 'Impersonate-User': 'jane', 'Impersonate-Group': ['dev', 'ops'], 'Impersonate-Uid': '42', 'Impersonate-Extra-reason%2Fwhy': ['debug'] });
    assert.equal(a.basic, 'admin:pw');
  });

  test('TLS: data wins over files; insecure-skip-tls-verify and tls-server-name', () => {
    const a = authFor(ctx(undefined, { server: 'https://k', 'certificate-authority-data': Buffer.from('CA').toString('base64'), 'certificate-authority': '/nonexistent', 'insecure-skip-tls-verify': true, 'tls-server-name': 'kubernetes' }));
    assert.equal(a.tls.ca?.toString(), 'CA');
    assert.equal(a.tls.rejectUnauthorized, false);
    assert.equal(a.tls.servername, 'kubernetes');
  });

  test('a certificate without its key, and an unreadable CA file, are named', () => {
    assert.throws(() => authFor(ctx({ 'client-certificate-data': 'eA==' })), /user "u" has a client certificate but no client key — add client-key or client-key-data to the kubeconfig$/);
    assert.throws(() => authFor(ctx(undefined, { server: 'https://k', 'certificate-authority': '/nonexistent/ca.crt' })), /cannot read the certificate authority file \/nonexistent\/ca\.crt of cluster "c" \(ENOENT\) — check certificate-authority in your kubeconfig/);
  });

  test('an exec credential is kept until shortly before it expires, and read anew after invalidate()', async () => {
    const long = plugin({ token: 't', expirationTimestamp: new Date(Date.now() + 3600_000).toISOString() });
    const a = authFor(ctx({ exec: long.exec })).source;
    await a?.get();
    await a?.get();
    assert.equal(long.runs(), 1);
    assert.equal(a?.invalidate(), true);
    await a?.get();
    assert.equal(long.runs(), 2);

    // expired already (a clock ahead of the issuer's): asked again each time
    const stale = plugin({ token: 't', expirationTimestamp: '2020-01-01T00:00:00Z' });
    const b = authFor(ctx({ exec: stale.exec })).source;
    await b?.get();
    await b?.get();
    assert.equal(stale.runs(), 2);
  });

  test('what the plugin prints is checked as client-go checks it', async () => {
    const none = plugin({});
    await assert.rejects(authFor(ctx({ exec: none.exec })).source?.get() as Promise<unknown>, /returned neither a token nor a client certificate/);
    const half = plugin({ clientCertificateData: 'x' });
    await assert.rejects(authFor(ctx({ exec: half.exec })).source?.get() as Promise<unknown>, /returned a client certificate or key without the other/);
  });

  test('client-node only for an auth-provider or a proxy', () => {
    assert.equal(needsClientNode({ server: 'https://k' }, { token: 'x' }), false);
    assert.equal(needsClientNode({ server: 'https://k' }, { 'auth-provider': { name: 'oidc' } }), true);
    assert.equal(needsClientNode({ server: 'https://k', 'proxy-url': 'http://proxy:3128' }, undefined), true);
  });
});
