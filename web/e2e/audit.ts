/**
 * The checks every browser test gets for free: axe-core finds no
 * serious or critical accessibility violation, the page does not scroll sideways at phone width,
 * and the Content-Security-Policy was never violated.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/** The phone the layout must fit. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 } as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What fails a test; `auditPage` can be asked for more (e.g. to see moderate findings). */
export const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** Moderate rules that fail a test too: skipped heading levels were reported. */
const ALWAYS_BLOCKING_RULES: readonly string[] = ['heading-order'];

/**
 * axe's defaults, plus the experimental rule that the accessible name of a control contains its
 * visible text (WCAG 2.5.3), which a speech user relies on.
 */
const AXE_OPTIONS = {
  resultTypes: ['violations'],
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe-core in the page (through the DevTools protocol, so the page's CSP does not stop it). */
async function axeViolations(page: Page, impacts: readonly string[]): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, options);
    // Only what the report needs: the whole result does not survive serialisation cheaply.
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, AXE_OPTIONS);
  return violations.filter((violation) => impacts.includes(violation.impact ?? '') || ALWAYS_BLOCKING_RULES.includes(violation.id));
}

function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 4)
      .map((node) => `    ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`)
      .join('\n');
    return `axe ${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length} element(s))\n${nodes}`;
  });
}

/** What makes the document wider than the window, if anything: the outermost elements sticking out. */
async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const limit = root.clientWidth + 0.5;
    const sticking = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > limit);
    const outermost = sticking.filter((element) => !sticking.includes(element.parentElement as Element));
    const names = outermost.slice(0, 6).map((element) => {
      const label = element.getAttribute('aria-label') ?? element.getAttribute('role') ?? element.className.toString().split(' ')[0];
      return `<${element.tagName.toLowerCase()}> ${label ?? ''} right=${Math.round(element.getBoundingClientRect().right)}`;
    });
    return `document is ${root.scrollWidth}px wide in a ${root.clientWidth}px window: ${names.join('; ')}`;
  });
}

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
}

/**
 * Records every CSP violation of the context's pages: the page's own `securitypolicyviolation`
 * events (an init script, which the CSP does not govern) and Chromium's console reports.
 */
export async function watchCsp(context: BrowserContext, sink: CspViolation[]): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
    sink.push({ page: page.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: object) => void }).__reportCspViolation;
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber} ${event.sample}` });
    });
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        sink.push({ page: page.url(), directive: 'console', blocked: message.text().slice(0, 300) });
      }
    });
  context.pages().forEach(listen);
  context.on('page', listen);
}

export function describeCsp(violations: CspViolation[]): string[] {
  return violations.map((v) => `CSP ${v.directive} blocked ${v.blocked} on ${v.page}${v.source ? ` (${v.source})` : ''}`);
}

/**
 * The accessibility and layout findings on a page as it is now: axe's serious and critical
 * violations, and sideways scrolling. Animations are switched off first so that contrast is
 * measured on what stays on screen, not on a fading frame.
 */
export async function auditPage(page: Page, where: string, impacts: readonly string[] = BLOCKING_IMPACTS): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const findings = describeViolations(await axeViolations(page, impacts));
  const overflow = await horizontalOverflow(page);
  if (overflow) findings.push(`sideways scroll: ${overflow}`);
  return findings.map((finding) => `[${where} ${page.viewportSize()?.width ?? '?'}px] ${finding}`);
}

/** auditPage at the page's own size, then again at phone size (the size is left at phone). */
export async function auditAtBothSizes(page: Page, where: string, impacts: readonly string[] = BLOCKING_IMPACTS): Promise<string[]> {
  const findings = await auditPage(page, where, impacts);
  if (page.viewportSize()?.width !== PHONE_VIEWPORT.width) {
    await page.setViewportSize(PHONE_VIEWPORT);
    findings.push(...(await auditPage(page, where, impacts)));
  }
  return findings;
}

/** Fails with every finding listed, or does nothing when there are none. */
export function assertNoFindings(findings: string[]): void {
  if (findings.length > 0) throw new Error(`${findings.length} accessibility, layout or CSP finding(s):\n${findings.join('\n')}`);
}
