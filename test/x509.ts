// Test-only: make a CA and certificates signed by it, in pure Node (ECDSA P-256), so the
// loopback API server serves real HTTPS with a CA the kubeconfig names, and client certificates
// can be checked, without openssl or a dependency. DER is written by hand; only what TLS needs.

import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n >>= 8;
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...p: Buffer[]) => tlv(0x30, ...p);
const set = (...p: Buffer[]) => tlv(0x31, ...p);
const int = (b: Buffer) => tlv(0x02, b[0] !== undefined && b[0] & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
const oid = (s: string) => {
  const parts = s.split('.').map(Number);
  const out = [40 * (parts[0] as number) + (parts[1] as number)];
  for (const p of parts.slice(2)) {
    const stack = [p & 0x7f];
    let v = p >> 7;
    while (v > 0) {
      stack.unshift((v & 0x7f) | 0x80);
      v >>= 7;
    }
    out.push(...stack);
  }
  return tlv(0x06, Buffer.from(out));
};
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));
const explicit = (n: number, b: Buffer) => tlv(0xa0 + n, b);

/** A positive serial in minimal DER: a leading zero byte (1 time in 256) would be non-canonical, and TLS stacks reject it. */
function serialNumber(): Buffer {
  const b = randomBytes(8);
  b[0] = ((b[0] as number) & 0x7f) | 0x01;
  return b;
}

function time(d: Date): Buffer {
  // GeneralizedTime for every date keeps it simple and valid after 2049.
  const s = d.toISOString().replace(/[-:T]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return tlv(0x18, Buffer.from(s, 'ascii'));
}

const name = (cn: string, org?: string) =>
  seq(...[set(seq(oid('2.5.4.3'), utf8(cn))), ...(org ? [set(seq(oid('2.5.4.10'), utf8(org)))] : [])]);

export interface Issued {
  certPem: string;
  keyPem: string;
  key: KeyObject;
  /** Subject name DER, to issue further certificates. */
  subject: Buffer;
}

export interface CertOptions {
  cn: string;
  /** Organization: Kubernetes reads it as the user's groups. */
  org?: string;
  ca?: boolean;
  /** Subject alternative names: IP addresses and DNS names. */
  ips?: string[];
  dns?: string[];
  clientAuth?: boolean;
  days?: number;
}

function ipBytes(ip: string): Buffer {
  return Buffer.from(ip.split('.').map(Number));
}

export function issue(opts: CertOptions, issuer?: Issued): Issued {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const subject = name(opts.cn, opts.org);
  const now = Date.now();
  const exts: Buffer[] = [];
  exts.push(seq(oid('2.5.29.19'), bool(true), octets(seq(...(opts.ca ? [bool(true)] : [])))));
  const keyUsage = opts.ca ? Buffer.from([0x01, 0x06]) : Buffer.from([0x05, 0xa0]); // certSign|cRLSign, or digitalSignature|keyEncipherment
  exts.push(seq(oid('2.5.29.15'), bool(true), octets(tlv(0x03, keyUsage))));
  if (!opts.ca) exts.push(seq(oid('2.5.29.37'), octets(seq(oid(opts.clientAuth ? '1.3.6.1.5.5.7.3.2' : '1.3.6.1.5.5.7.3.1')))));
  const sans = [...(opts.ips ?? []).map((ip) => tlv(0x87, ipBytes(ip))), ...(opts.dns ?? []).map((d) => tlv(0x82, Buffer.from(d, 'ascii')))];
  if (sans.length > 0) exts.push(seq(oid('2.5.29.17'), octets(seq(...sans))));
  const sigAlg = seq(oid('1.2.840.10045.4.3.2'));
  const tbs = seq(
    explicit(0, int(Buffer.from([2]))),
    int(serialNumber()),
    sigAlg,
    issuer ? issuer.subject : subject,
    seq(time(new Date(now - 3600_000)), time(new Date(now + (opts.days ?? 30) * 86400_000))),
    subject,
    Buffer.from(spki),
    explicit(3, seq(...exts)),
  );
  const signature = sign('sha256', tbs, issuer ? issuer.key : privateKey);
  const der = seq(tbs, sigAlg, bits(signature));
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n').trim();
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    key: createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    subject,
  };
}
