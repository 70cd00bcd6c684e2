#!/usr/bin/env node
// The bundled CLI (dist/bundle, built by src/build/bundle.ts): one file to load, not hundreds.
import '../dist/bundle/podwhy.js';
