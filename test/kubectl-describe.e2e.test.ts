// A real kubectl against the loopback apiserver prints what fixtures/kubectl-describe/ holds: one
// capture is taken again with the build that took it and compared, ages and the capture's dates
// aside (they follow the clock). The fixture has its FailedScheduling event only in the
// events.k8s.io/v1 form, so this also checks that the server serves it to kubectl's core/v1 query.
// Without the kubectl builds (PODWHY_KUBECTL_BIN, default the Cloud SDK's) it is reported skipped.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { captureFile, captureFixture, kubectlBinary, KUBECTL_BIN, readIndex } from './kubectl-describe.js';

const ID = 'pending-failedscheduling-event-only';

/** Ages (97s, 26m, 4d) and kubectl's dates as placeholders. */
const timeless = (t: string) => t.replace(/\b\d+(s|m|h|d)\b/g, 'AGE').replace(/\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}/g, 'DATE');

test(`kubectl describe of ${ID} is the stored capture`, async (t) => {
  const c = readIndex().captures[ID];
  assert.ok(c, `${ID} is captured`);
  const minor = Number(/^v1\.(\d+)\./.exec(c.kubectl)?.[1]);
  if (!kubectlBinary(minor)) {
    t.skip(`no kubectl.1.${minor} in ${KUBECTL_BIN}: set PODWHY_KUBECTL_BIN to the directory of the kubectl builds`);
    return;
  }
  const home = mkdtempSync(join(tmpdir(), 'podwhy-kubectl-e2e-'));
  try {
    const [r] = await captureFixture(c.fixture, () => minor, home);
    assert.equal(r?.refused, undefined, r?.refused?.error);
    assert.equal(r?.capture?.kubectl, c.kubectl);
    assert.match(r?.text ?? '', /Warning {2}FailedScheduling {2}\d+s \(x7 over 26m\) {2}default-scheduler {2}0\/2 nodes are available: 2 Insufficient nvidia\.com\/gpu\./);
    assert.equal(timeless(r?.text ?? ''), timeless(readFileSync(captureFile(ID), 'utf8')));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
