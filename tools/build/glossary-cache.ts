// `npm run build` step: check src/i18n/glossary/*.yaml and compile it into dist/glossary.json, which
// `podwhy explain` and completion read instead of parsing YAML (src/catalogue/glossary.ts). The
// build fails on a broken glossary, with every problem's file and YAML path.

import { rmSync, writeFileSync } from 'node:fs';
import { GLOSSARY_CACHE_FILE, glossaryStamps, readGlossary, type GlossaryCache } from '../../src/catalogue/glossary.js';

rmSync(GLOSSARY_CACHE_FILE, { force: true });
const files = glossaryStamps();
const terms = readGlossary();
const cache: GlossaryCache = { files, terms };
writeFileSync(GLOSSARY_CACHE_FILE, JSON.stringify(cache));
console.error(`glossary: ${terms.length} terms`);
