// `node --import tsx --import ./server/src/testing/trace-modules.mjs ...`: with POG_MODULE_TRACE set,
// every module the process resolves is appended to that file, one URL a line (tests read which
// service's code a process loaded).
import { register } from 'node:module';

const file = process.env.POG_MODULE_TRACE;
if (file) register('./module-trace-hooks.mjs', import.meta.url, { data: { file } });
