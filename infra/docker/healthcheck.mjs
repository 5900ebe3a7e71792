#!/usr/bin/env node
// Container health check for the app image (exit 0 = healthy): asks the process in this container
// for one of its health paths, /readyz unless told otherwise. Gateways and worker-only processes
// alike listen on PORT for /livez, /readyz and /metrics. Plain JavaScript, so it starts fast and
// does not go through tsx.
//   node infra/docker/healthcheck.mjs [/readyz | /livez]
const TIMEOUT_MS = 4000;
const healthPath = process.argv[2] ?? '/readyz';
const port = Number(process.env.PORT || 3000);

try {
  const response = await fetch(`http://127.0.0.1:${port}${healthPath}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${healthPath} answered ${response.status} ${await response.text()}`);
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
}
process.exit(0);
