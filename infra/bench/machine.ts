/** Running a benchmark: its options, the machine it ran on and how busy it was, and its teardown. */
import os from 'node:os';
import { parseArgs } from 'node:util';

export function describeMachine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `machine: ${cpu}, ${os.availableParallelism()} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** The 1, 5 and 15 minute load averages: figures taken above the core count are not a quiet machine's. */
export function describeLoad(): string {
  return `load average ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} (${os.availableParallelism()} cores)`;
}

type Values<T> = { [K in keyof T]: T[K] extends boolean ? boolean : string };

/**
 * The command line: `--name value` for each of `defaults` (a flag `--name` for a boolean, '' for
 * none) and `--rounds` (3 unless given there), printed with the values a run takes.
 */
export function options<T extends Record<string, string | boolean>>(defaults: T, allowPositionals = false): { values: Values<T & { rounds: string }>; positionals: string[] } {
  const all: Record<string, string | boolean> = { rounds: '3', ...defaults };
  const spec = Object.fromEntries(Object.entries(all).map(([name, value]) => [name, { type: typeof value === 'boolean' ? ('boolean' as const) : ('string' as const), default: value }]));
  const { values, positionals } = parseArgs({ options: spec, allowPositionals });
  console.log(`options: ${Object.entries(values).map(([name, value]) => `--${name} ${value}`).join(' ')}`);
  return { values: values as Values<T & { rounds: string }>, positionals };
}

/** What a benchmark hands over to be undone when it ends, however it ends (the last first). */
export type Defer = (undo: () => unknown) => void;

/** Runs a benchmark: the machine and its load before and after, what it deferred undone; exit code 1 on failure. */
export function runBenchmark(main: (defer: Defer) => Promise<void>): void {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  const undos: Array<() => unknown> = [];
  const undoAll = async () => {
    for (const undo of undos.reverse()) await Promise.resolve().then(undo).catch((error: unknown) => (console.error(error), (process.exitCode = 1)));
  };
  main((undo) => void undos.push(undo))
    .finally(undoAll)
    .then(() => {
      console.log(`after: ${describeLoad()}`);
      process.exit(process.exitCode ?? 0); // sockets and pools of the run end with it
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
