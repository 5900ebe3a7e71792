/** The machine a benchmark ran on, printed beside its figures so that numbers are never compared blind. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

export function machineInfo(): MachineInfo {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export function describeMachine(info: MachineInfo = machineInfo()): string {
  return `machine: ${info.cpu}, ${info.cores} cores, ${info.memoryGiB} GiB, Node ${info.node}, ${info.os}`;
}

/**
 * The 1, 5 and 15 minute load averages: on a shared machine, figures taken while other work ran
 * (a load above the core count) are not comparable with quiet ones. Printed before and after.
 */
export function describeLoad(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load average: ${one}, ${five}, ${fifteen} (${os.availableParallelism()} cores)`;
}

/**
 * How fast one core of this machine is, as a yardstick: machines of the same kind differ by a third
 * (benchmark index 2,500 against 3,900), so a wall time alone says little from one session to the next.
 * Best of three rounds of hashing 256 MiB with SHA-256 and of a fixed loop of JavaScript.
 */
export function describeSpeed(): string {
  const block = Buffer.alloc(1024 * 1024, 7);
  let hashMs = Infinity;
  let loopMs = Infinity;
  let sum = 0;
  for (let round = 0; round < 3; round++) {
    let started = performance.now();
    const hash = createHash('sha256');
    for (let i = 0; i < 256; i++) hash.update(block);
    hash.digest();
    hashMs = Math.min(hashMs, performance.now() - started);
    started = performance.now();
    for (let i = 0; i < 50_000_000; i++) sum = (sum + i * 31) % 1_000_003;
    loopMs = Math.min(loopMs, performance.now() - started);
  }
  return `speed probe: SHA-256 ${Math.round(256 / (hashMs / 1000))} MiB/s, loop ${Math.round(loopMs)} ms (higher, lower: faster; checksum ${sum})`;
}

/** Busy and total jiffies of all cores (/proc/stat's first line). */
export function coreTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** Runs a benchmark's main: the machine and its load before and after, and exit code 1 on failure. */
export function runBenchmark(main: () => Promise<void>): void {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  main()
    .then(() => console.log(`after: ${describeLoad()}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
