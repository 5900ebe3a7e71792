import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasChromium, registerThroughUi, snapshot, useE2E, waitUntilLive } from './harness';

/** The /auth page must stay light: the shell plus the Auth screen, code-split from the rest. */
const AUTH_JS_BUDGET_BYTES = 200 * 1024;

describe.skipIf(!hasChromium())('the app shell in a browser [needs Chromium]', () => {
  const e2e = useE2E();

  it('registers a player who sees their initials and the live welcome notification, then logs out', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'alice');

    await page.getByText('Registration successful').waitFor();
    await page.getByText('Welcome to Pog Federation, alice!').waitFor();
    // A signed-in player is sent from /auth to /, and from the landing page to /explore.
    await page.waitForURL('**/explore');

    const userMenu = page.getByRole('button', { name: 'User menu' });
    expect((await userMenu.textContent())?.trim()).toBe('AL');

    const bell = page.getByRole('button', { name: /^Notifications/ });
    const unread = bell.getByTestId('unread-count');
    await unread.waitFor();
    expect(await unread.textContent()).toBe('1');

    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('Welcome to Pog Federation', { exact: true }).waitFor();
    // Opening the panel marks the notification read, on the server too.
    await unread.waitFor({ state: 'detached' });
    await page.reload();
    await waitUntilLive(page);
    expect(await page.getByRole('button', { name: /^Notifications/ }).getByTestId('unread-count').count()).toBe(0);
    await snapshot(page, 'signed-in');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByText('You have been logged out successfully').waitFor();
    await page.getByRole('link', { name: 'Login / Register' }).waitFor();

    await page.goto('/collection');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
  });

  it('logs an existing player in, and refuses a wrong password with the server message', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'bobby');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/auth');

    const form = page.getByRole('tabpanel');
    await form.getByLabel('Username').fill('bobby');
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Login failed', { exact: true }).waitFor();

    await form.getByLabel('Password').fill('secret123');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Welcome back, bobby!').waitFor();
    await page.waitForURL('**/explore');
  });

  it('sends another tab of an ended session to /auth with the reason', async () => {
    const context = await e2e.newContext();
    const first = await context.newPage();
    await registerThroughUi(first, 'carol');
    const second = await context.newPage();
    await second.goto('/explore');
    await second.getByRole('button', { name: 'User menu' }).click();
    await second.getByText('Live updates on').waitFor();

    await first.getByRole('button', { name: 'User menu' }).click();
    await first.getByRole('button', { name: 'Log Out' }).click();
    await first.getByText('You have been logged out successfully').waitFor();

    await second.waitForURL('**/auth');
    await second.getByRole('alert').getByText('You have been logged out.').waitFor();
    await second.getByRole('link', { name: 'Login / Register' }).waitFor();
  });

  it('validates the forms before sending anything', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Username').fill('ab');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm Password').fill('secret124');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Username must be at least 3 characters').waitFor();
    await form.getByText("Passwords don't match").waitFor();
    expect(await form.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the 404 screen for an unknown path', async () => {
    const page = await e2e.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('opens the game guide with its four tabs', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pog Federation Game Guide' });
    await dialog.waitFor();
    const tabs = await dialog.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Basics', 'Creation', 'Trading', 'Battles']);
    await dialog.getByRole('tab', { name: 'Creation' }).click();
    await dialog.getByRole('tabpanel').getByText('6 POGs', { exact: false }).first().waitFor();

    // Focus stays inside the dialog however far you tab, and goes back to the Help button after.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Help');
  });

  it('focuses the toast with F8 and dismisses it with a swipe to the right', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth');
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Username').fill('nobody');
    await form.getByLabel('Password').fill('secret123');
    await form.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await toast.waitFor();

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Alerts (F8)');

    const box = await toast.boundingBox();
    if (!box) throw new Error('The toast has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, y, { steps: 8 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached', timeout: 2_000 });
  });

  it('shows the offline banner when the connection drops', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start playing' }).waitFor();
    await page.context().setOffline(true);
    await page.getByText("You're currently offline. Some features may not be available.").waitFor();
    await page.context().setOffline(false);
    await page.getByText("You're currently offline.", { exact: false }).waitFor({ state: 'detached' });
  });

  it('warns about a poor connection once the connection slows to 2G', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start playing' }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2_000,
      downloadThroughput: (40 * 1024) / 8,
      uploadThroughput: (20 * 1024) / 8,
      connectionType: 'cellular2g',
    });
    await page.getByText('Poor connection detected. Some images may load slowly.').waitFor();
  });

  it('loads at most 200 KB of gzipped JavaScript on /auth', async () => {
    const page = await e2e.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto('/auth', { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    const bodies = await Promise.all(scripts);
    const gzipped = bodies.reduce((total, body) => total + gzipSync(body).length, 0);
    expect(bodies.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(AUTH_JS_BUDGET_BYTES);
  });
});
