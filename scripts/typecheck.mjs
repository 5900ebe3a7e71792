#!/usr/bin/env node
// Type-checks every package with its own tsconfig (its own libraries and types: the browser's for
// web, Node's for the server side, neither for common), two at a time.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECTS = [
  'common/tsconfig.json',
  'common/tsconfig.test.json',
  'domain/tsconfig.json',
  'gateway/tsconfig.json',
  'worker/tsconfig.json',
  'server/tsconfig.json',
  'web/tsconfig.json',
  'web/e2e/tsconfig.json',
  'infra/tsconfig.json',
  'tsconfig.json',
];
const PARALLEL = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...PROJECTS];
let failed = 0;
await Promise.all(Array.from({ length: PARALLEL }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    if (result.code !== 0) failed++;
    process.stdout.write(`${result.code === 0 ? 'ok  ' : 'FAIL'} ${project}\n${result.output}`);
  }
}));
process.exit(failed > 0 ? 1 : 0);
