#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the whole app in one process (gateway + worker).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
buildWebIfStale();
const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
