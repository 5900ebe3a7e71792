/** The machine a benchmark ran on, printed beside its figures so that numbers are never compared blind. */
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
