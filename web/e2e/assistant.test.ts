/**
 * PogBot end to end: the chat page offline (answers from the guide) and with the Anthropic API
 * played by a local fake, whose answer the page shows piece by piece as it streams in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHAT_EXAMPLE_QUESTIONS, CHAT_GREETING } from '@pog/common';
import { FAKE_DEFAULT_CHUNKS, startFakeAnthropic, type FakeAnthropic } from '../../gateway/src/testing/fake-anthropic';
import { hasChromium, playerWithPog, registerThroughUi, snapshot, useE2E } from './harness';

const chatLog = (page: Page) => page.getByRole('log', { name: 'Conversation with PogBot' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message PogBot' });
/** The texts of the log's messages, in order ("You: ..." or "PogBot: ..."). */
const messageTexts = (page: Page) => chatLog(page).getByRole('listitem').allTextContents();

describe.skipIf(!hasChromium())('PogBot offline [needs Chromium]', () => {
  const e2e = useE2E();

  it('greets, answers from the guide, takes example and typed questions, and keeps the conversation', async () => {
    const page = await e2e.newPage();
    await registerThroughUi(page, 'guidefan');
    await page.getByRole('link', { name: 'Game Guide' }).first().click();
    await page.getByRole('heading', { name: 'Game Guide', level: 1 }).waitFor();
    expect(await page.title()).toBe('Game Guide · Pog Federation');

    // A new conversation starts itself with a greeting, answered offline from the guide.
    const log = chatLog(page);
    await log.getByText(CHAT_GREETING, { exact: true }).waitFor();
    await log.getByText('PogBot is in offline mode right now', { exact: false }).waitFor();
    await log.getByText('Basics: What are POGs?', { exact: false }).waitFor();
    await log.getByText('Offline guide').waitFor();
    expect(await log.evaluate((element) => element.getBoundingClientRect().height)).toBe(600);

    // The side tabs: the guide, and seven example questions; choosing one asks it.
    const side = page.getByRole('complementary', { name: 'PogBot help' });
    expect(await side.getByRole('tab').allTextContents()).toEqual(['Game Guide', 'Example Questions']);
    await side.getByRole('heading', { name: 'Battles', level: 2 }).waitFor();
    await side.getByRole('table', { name: 'Roll bonus by rarity' }).waitFor();
    await side.getByRole('tab', { name: 'Example Questions' }).click();
    const examples = side.getByRole('tabpanel').getByRole('button');
    expect(await examples.allTextContents()).toEqual([...CHAT_EXAMPLE_QUESTIONS]);
    await examples.filter({ hasText: 'How long is the cooldown after a trade?' }).click();
    await log.getByText('Trade cooldown by rarity', { exact: false }).waitFor();

    // Typing: blank is not sent, Shift+Enter adds a line, Enter sends.
    const box = messageBox(page);
    const send = page.getByRole('button', { name: 'Send' });
    await box.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box.fill('Who wins');
    await box.press('Shift+Enter');
    await box.pressSequentially('a fight?');
    expect(await box.inputValue()).toBe('Who wins\na fight?');
    // Enter sends once the previous answer is complete (Send is enabled again).
    await expect.poll(() => send.isEnabled()).toBe(true);
    await box.press('Enter');
    expect(await box.inputValue()).toBe('');
    await log.getByText('Battles: How battles work', { exact: false }).waitFor();
    await expect.poll(async () => (await messageTexts(page)).length).toBe(6);
    // The streamed bubble becomes the stored answer (with its offline badge) once the POST returns.
    await expect.poll(async () => (await messageTexts(page))[5]).toMatch(/^PogBotOffline guide:/);
    await snapshot(page, 'assistant-offline');

    // The conversation is stored: a reload shows it again, and no second greeting is sent.
    const before = await messageTexts(page);
    await page.reload();
    await chatLog(page).getByText('Battles: How battles work', { exact: false }).waitFor();
    expect(await messageTexts(page)).toEqual(before);
    expect(before[4]).toContain('Who wins\na fight?');
  });
});

describe.skipIf(!hasChromium())('PogBot with the Anthropic API [needs Chromium]', () => {
  let fake: Promise<FakeAnthropic> | undefined;
  const startFake = () => (fake ??= startFakeAnthropic());
  const e2e = useE2E({
    env: async () => {
      const { url, apiKey } = await startFake();
      return { ANTHROPIC_API_KEY: apiKey, ANTHROPIC_BASE_URL: url, ANTHROPIC_MODEL: 'claude-e2e-model' };
    },
  });
  afterAll(async () => {
    await (await fake)?.close();
  });

  it('shows the answer while it is written, grounded in the player, and keeps it', async () => {
    const anthropic = await startFake();
    const context = await e2e.newContext();
    await playerWithPog(context, 'streamfan', { name: 'Nova Disc', textContent: 'NOVA', backgroundColor1: '#0EA5E9', backgroundColor2: '#1E1B4B' });
    // The greeting gets the default answer; the question after it a slow one, in five pieces.
    const pieces = ['Nova Disc ', 'is your ', 'only POG, ', 'so risk it ', 'with care.'];
    anthropic.answerNext({ kind: 'text', chunks: ['Welcome, ', 'streamfan!'], delayMs: 20 }, { kind: 'text', chunks: pieces, delayMs: 400 });

    const page = await context.newPage();
    await page.goto('/assistant');
    const log = chatLog(page);
    await log.getByText('Welcome, streamfan!', { exact: true }).waitFor();
    expect(await log.getByText('Offline guide').count()).toBe(0);

    await messageBox(page).fill('Which POG should I battle with?');
    await page.getByRole('button', { name: 'Send' }).click();
    // Part of the answer is on screen before the rest has been written.
    await log.getByText('Nova Disc is your', { exact: false }).waitFor();
    expect(await log.textContent()).not.toContain('with care.');
    await log.getByText(pieces.join(''), { exact: true }).waitFor();
    await snapshot(page, 'assistant-streamed');

    // PogBot was told about this player's POG, and the conversation so far.
    const asked = anthropic.requests.at(-1)!.body;
    expect(asked.model).toBe('claude-e2e-model');
    expect(asked.system).toContain('Username: streamfan');
    expect(asked.system).toContain('- "Nova Disc":');
    expect(asked.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);

    await page.reload();
    await chatLog(page).getByText(pieces.join(''), { exact: true }).waitFor();
    expect(await messageTexts(page)).toHaveLength(4);
  });

  it('says so when the message could not be answered, and gives the text back', async () => {
    const anthropic = await startFake();
    const context = await e2e.newContext();
    await playerWithPog(context, 'unluckyfan', { name: 'Dud', textContent: 'DUD', backgroundColor1: '#64748B', backgroundColor2: '#0F172A' });
    const page = await context.newPage();
    await page.goto('/assistant');
    // The greeting is answered first (the default answer), before the service starts failing.
    await chatLog(page).getByText(FAKE_DEFAULT_CHUNKS.join(''), { exact: true }).waitFor();

    anthropic.answerNext({ kind: 'http-error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    await messageBox(page).fill('Are you there?');
    // The click waits until the greeting's answer is complete and Send is enabled again.
    await page.getByRole('button', { name: 'Send' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error sending message' });
    await alert.waitFor();
    await alert.getByText('PogBot is very busy right now. Please try again in a minute.').waitFor();
    await expect.poll(() => messageBox(page).inputValue()).toBe('Are you there?');
    expect(await messageTexts(page)).toHaveLength(2);
  });
});
