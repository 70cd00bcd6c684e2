// Every describe-text twin (fixtures/describe/<fixture>.txt, what `kubectl describe pod` prints
// for the fixture's pod and events) must fire exactly the rules its YAML fixture fires, with the
// same root cause, except where fixtures/describe/differences.json lists a fact describe does not
// print. The list is exact both ways: a twin that starts to agree must be taken off it.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FIXTURES_DIR } from '../../api/rules.js';
import { loadRules } from '../../catalogue/rule-files.js';
import { compareTwin, twinText } from '../../../test/describe-twins.js';

const rules = loadRules();
const DIR = join(FIXTURES_DIR, 'describe');
const twins = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const differences = JSON.parse(readFileSync(join(DIR, 'differences.json'), 'utf8')) as Record<string, { onlyYaml: string[]; onlyText: string[]; why: string } | string>;

describe('describe twins', () => {
  test('there is a twin for every fixture family', () => {
    const families = new Set(readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.split('-')[0]));
    const covered = new Set(twins.map((f) => f.split('-')[0]));
    assert.deepEqual([...families].filter((f) => !covered.has(f)), []);
  });

  test('every listed difference names a twin and says why', () => {
    for (const [name, d] of Object.entries(differences)) {
      if (name === '//') continue;
      assert.ok(twins.includes(`${name}.txt`), `${name}: no such twin`);
      assert.ok(typeof d === 'object' && d.why.length > 10, `${name}: say why`);
    }
  });

  for (const t of twins) {
    const name = t.replace(/\.txt$/, '');
    test(name, () => {
      const yamlFile = join(FIXTURES_DIR, `${name}.yaml`);
      assert.ok(existsSync(yamlFile), `${t} has no fixture ${name}.yaml`);
      const yaml = readFileSync(yamlFile, 'utf8');
      const text = readFileSync(join(DIR, t), 'utf8');
      // the twin is what kubectl prints for the fixture (regenerate with node dist/test/describe-twins.js)
      assert.equal(text, twinText(yaml, yamlFile), `${t} is out of date with ${name}.yaml`);
      const c = compareTwin(yaml, text, yamlFile, rules);
      assert.deepEqual(c.warnings, [], 'a twin reads without warnings');
      const d = differences[name];
      if (typeof d === 'object') {
        assert.deepEqual({ onlyYaml: c.onlyYaml, onlyText: c.onlyText }, { onlyYaml: [...d.onlyYaml].sort(), onlyText: [...d.onlyText].sort() });
      } else {
        assert.deepEqual(c.textFires, c.yamlFires, `from the text: ${c.textFires.join(', ')}; from the YAML: ${c.yamlFires.join(', ')}`);
        assert.equal(c.textRoot, c.yamlRoot);
      }
    });
  }
});
