/**
 * How long a player waits for a battle's result on screen (goal: about 3 s at most, issue 13 §5).
 * Starts the real app (production mode, embedded), makes accepted battles of each type between two
 * players, and in headless Chromium presses the flip button on the Battle Arena and times the reveal
 * from the click to the verdict. Also prints the reveal script's own length for 1 to 5 rounds.
 *
 *   npx tsx infra/bench/battle-reveal.ts [--no-build] [--check]
 *
 * --no-build  use the web/dist already there
 * --check     exit 1 when a reveal takes longer than the goal
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';
import type { Battle, BattleType, Pog, User } from '@pog/common';
import { revealBeats, revealDuration } from '../../web/src/features/battles/revealTimeline';
import { describeMachine } from './machine';
import { repoRoot, startApp } from './processes';

const GOAL_MS = 3000;
const TYPES: BattleType[] = ['standard', 'championship', 'flip'];

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});

async function post<T>(context: BrowserContext, path: string, data?: unknown): Promise<T> {
  const response = await context.request.post(path, { data });
  if (response.status() >= 300) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function main(): Promise<void> {
  console.log(describeMachine());
  console.log('reveal script (web/src/features/battles/revealTimeline.ts), count-in to verdict:');
  for (let rounds = 1; rounds <= 5; rounds++) {
    console.log(`  ${rounds} round(s): ${revealDuration(revealBeats(rounds, false))} ms; coin flip with ${rounds} toss(es): ${revealDuration(revealBeats(rounds, true))} ms`);
  }

  if (!values['no-build']) {
    console.log('building the web app (npm run build -w @pog/web)...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@pog/web'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const app = await startApp({ nodeEnv: 'production' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let worst = 0;
  try {
    const [a, b] = [await browser.newContext({ baseURL: app.url }), await browser.newContext({ baseURL: app.url })];
    const [alice, bob] = [await post<User>(a, '/api/register', { username: 'bench_alice', password: 'secret123' }), await post<User>(b, '/api/register', { username: 'bench_bob', password: 'secret123' })];
    const page = await a.newPage();
    for (const [index, battleType] of TYPES.entries()) {
      // One POG each per battle; the first creations have no cooldown, later ones wait for it.
      const pogs: Pog[] = [];
      for (const [context, user] of [[a, alice], [b, bob]] as const) {
        for (;;) {
          const response = await context.request.post('/api/pogs', { data: { userId: user.id, name: `Bench ${battleType} ${user.username}`, textContent: `B${index}` } });
          if (response.status() === 201) {
            pogs.push((await response.json()) as Pog);
            break;
          }
          if (response.status() !== 429) throw new Error(`creating a POG: ${response.status()} ${await response.text()}`);
          await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers()['retry-after'] ?? 5)));
        }
      }
      const battle = await post<Battle>(a, '/api/battles', { challengerId: alice.id, defenderId: bob.id, challengerPogId: pogs[0]!.id, battleType });
      await post(b, `/api/battles/${battle.id}/accept`, { defenderPogId: pogs[1]!.id });

      await page.goto('/battle');
      await page.getByRole('tab', { name: /My Battles/ }).click();
      const flip = page.locator(`[data-battle-id="${battle.id}"]`).getByRole('button', { name: 'Flip and Battle' });
      await flip.waitFor({ timeout: 30_000 });
      const clicked = Date.now();
      await flip.click();
      const reveal = page.getByRole('dialog', { name: 'bench_alice vs bench_bob' });
      await reveal.getByRole('status').filter({ hasText: / wins!/ }).waitFor({ timeout: 20_000 });
      const waited = Date.now() - clicked;
      worst = Math.max(worst, waited);
      const done = (await (await a.request.get(`/api/battles/${battle.id}`)).json()) as Battle;
      console.log(`${battleType.padEnd(12)} ${String(done.rounds?.length ?? 0).padStart(2)} round(s): click to verdict ${waited} ms (goal <= ${GOAL_MS} ms)`);
      await reveal.getByText('Close', { exact: true }).click();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  console.log(`longest wait: ${worst} ms`);
  if (values.check && worst > GOAL_MS) process.exitCode = 1;
}

await main();
