/** How a screen sweep visits screens and collects what the audit finds on each (./*.test.ts). */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { assertNoFindings, auditPage } from '../audit';

/** A small picture for the crop dialog. */
export function picture(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff6b00' } }).png().toBuffer();
}

/** Nothing on the page still says it is loading. */
async function settled(page: Page): Promise<void> {
  const loading = page.locator('[role="status"]').filter({ hasText: /Loading|Checking/ });
  await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
}

/** Collects the findings of every screen visited, and fails once at the end with all of them. */
export class Sweep {
  readonly findings: string[] = [];
  constructor(
    readonly page: Page,
    private readonly role: string,
  ) {}

  async check(where: string): Promise<void> {
    await settled(this.page);
    this.findings.push(...(await auditPage(this.page, `${this.role} ${where}`)));
  }

  /** Opens a screen, waits for what shows it is there, and checks it. */
  async visit(path: string, ready: (page: Page) => Locator): Promise<void> {
    await this.page.goto(path);
    await ready(this.page).first().waitFor();
    await this.check(path);
  }

  /** Opens a dialog, checks the page with it open, and closes it with Escape. */
  async dialog(where: string, open: () => Promise<unknown>, name: string | RegExp): Promise<Locator> {
    await open();
    const dialog = this.page.getByRole('dialog', { name });
    await dialog.waitFor();
    await this.check(`${where} + dialog ${String(name)}`);
    return dialog;
  }

  async closeDialog(dialog: Locator): Promise<void> {
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  /** The header's popovers and menus, which every signed-in screen has. */
  async headerMenus(where: string, phone: boolean): Promise<void> {
    const page = this.page;
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).waitFor();
    await this.check(`${where} + notifications`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('region', { name: 'User menu' }).waitFor();
    await this.check(`${where} + user menu`);
    await page.keyboard.press('Escape');
    if (phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      await this.check(`${where} + mobile menu`);
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
  }

  /** The game guide: each of its tabs. */
  async gameGuide(where: string): Promise<void> {
    const guide = await this.dialog(where, () => this.page.getByRole('button', { name: 'Help' }).click(), 'Pog Federation Game Guide');
    for (const tab of ['Creation', 'Trading', 'Battles']) {
      await guide.getByRole('tab', { name: tab }).click();
      await this.check(`${where} + game guide ${tab}`);
    }
    await this.closeDialog(guide);
  }

  /** Closes the page (the end-of-test checks need not see it again) and fails with all findings. */
  async finish(): Promise<void> {
    await this.page.close();
    assertNoFindings(this.findings);
  }
}

export const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });
