/** The machine a benchmark ran on and how busy it was, printed beside its figures. */
import os from 'node:os';

export function describeMachine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `machine: ${cpu}, ${os.availableParallelism()} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** The 1, 5 and 15 minute load averages: figures taken above the core count are not a quiet machine's. */
export function describeLoad(): string {
  return `load average ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} (${os.availableParallelism()} cores)`;
}

/** Runs a benchmark: the machine and its load before and after; exit code 1 on failure. */
export function runBenchmark(main: () => Promise<void>): void {
  console.log(describeMachine());
  console.log(`before: ${describeLoad()}`);
  main()
    .then(() => {
      console.log(`after: ${describeLoad()}`);
      process.exit(process.exitCode ?? 0); // sockets and pools of the run end with it
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
