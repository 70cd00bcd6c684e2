// The known reasons (src/rules/known-reasons.ts) stay in step with their sources, and the
// near-miss test refuses typos without refusing the reasons fixtures show.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { reasonsFromFixtures, reasonsFromMarkdown, REASONS_MD } from '../../tools/build/known-reasons-gen.js';
import { CONTROLLER_REASONS, FROM_CATALOGUE, FROM_FIXTURES } from './known-reasons.js';
import { editDistance, nearMissReason } from './vocabulary.js';

const KNOWN = new Set([...FROM_CATALOGUE, ...FROM_FIXTURES, ...CONTROLLER_REASONS]);
const REGENERATE = 'run node dist/tools/build/known-reasons-gen.js --write';

describe('known reasons', () => {
  test('FROM_CATALOGUE is what ../shared/design/REASONS.md lists', { skip: existsSync(REASONS_MD) ? false : `${REASONS_MD} is not beside this checkout` }, () => {
    assert.deepEqual([...FROM_CATALOGUE], reasonsFromMarkdown(readFileSync(REASONS_MD, 'utf8')), REGENERATE);
  });

  test('the catalogue parser reads Reason columns and the kubelet constants, not origins', () => {
    const md = [
      '## 1. x',
      '| Reason | Origin | Meaning |',
      '|---|---|---|',
      '| `CrashLoopBackOff` | kubelet `ErrCrashLoopBackOff` | `back-off 5m0s` |',
      '| `OutOf<resource>` (`OutOfcpu`, `OutOfnvidia.com/gpu`) | x | y |',
      '',
      '| Condition | Reason | Origin |',
      '|---|---|---|',
      '| `PodScheduled=False` | `Unschedulable` | core/v1 `PodReasonUnschedulable` |',
      '',
      'Event reason constants for the kubelet live in `pkg/kubelet/events/event.go`: `Created`, `Started`.',
    ].join('\n');
    assert.deepEqual(reasonsFromMarkdown(md), ['CrashLoopBackOff', 'Created', 'OutOfcpu', 'OutOfnvidia.com/gpu', 'Started', 'Unschedulable']);
  });

  test('every reason in the fixtures (pod YAML, describe output, pastes) is known', () => {
    // a reason cut short by describe's column width ("ProvisioningFai") is a prefix of a known one
    const missing = reasonsFromFixtures().filter((r) => !KNOWN.has(r) && ![...KNOWN].some((k) => k !== r && k.startsWith(r)));
    assert.deepEqual(missing, [], REGENERATE);
  });

  test('near misses', () => {
    assert.equal(nearMissReason('OOMKiled'), 'OOMKilled');
    assert.equal(nearMissReason('ImagePullBackof'), 'ImagePullBackOff');
    assert.equal(nearMissReason('FailedSchedulign'), 'FailedScheduling'); // a swap is one edit
    assert.equal(nearMissReason('evicted'), 'Evicted');
    assert.equal(nearMissReason('evicted', true), undefined);
    assert.equal(nearMissReason('Erorr'), 'Error');
    // short words: one edit only, since two reach unrelated words
    assert.equal(nearMissReason('Erro'), 'Error');
    assert.equal(nearMissReason('Fail'), undefined);
    for (const far of ['RuntimeHandlerNotFound', 'OutOfexample.com/fpga', 'KubeletReady', 'Killing', 'Error']) assert.equal(nearMissReason(far), undefined, far);
  });

  test('edit distance', () => {
    assert.equal(editDistance('kitten', 'sitting', 5), 3);
    assert.equal(editDistance('ab', 'ba', 2), 1);
    assert.equal(editDistance('', 'abc', 5), 3);
    assert.equal(editDistance('abcdefgh', 'a', 2), 3); // over max: max + 1
    assert.equal(editDistance('OOMKilled', 'OOMKilled', 2), 0);
  });
});
