import { describe, expect, it } from 'vitest';
import { makePog } from '../pogs/testPog';
import { nextUnblock, RISK_BLOCK_LABELS, riskBlock, riskedPogIds } from './eligibility';
import { makeBattle, makeCompletedBattle } from './testBattle';

const NOW = Date.parse('2024-05-01T12:00:00.000Z');

describe('riskedPogIds', () => {
  it('collects the POGs of pending and accepted battles only', () => {
    const battles = [
      makeBattle({ id: 1, challengerPogId: 1 }),
      makeBattle({ id: 2, status: 'accepted', challengerPogId: 3, defenderPogId: 4 }),
      makeCompletedBattle({ id: 3, challengerPogId: 5, defenderPogId: 6 }),
      makeBattle({ id: 4, status: 'declined', challengerPogId: 7 }),
    ];
    expect([...riskedPogIds(battles)].sort()).toEqual([1, 3, 4]);
  });
});

describe('riskBlock (the server refusals, mirrored)', () => {
  it('lets a free POG be risked', () => {
    expect(riskBlock(makePog(), new Set(), NOW)).toBeNull();
  });

  it('refuses a rejected POG, one out of supply, one on cooldown and one already risked, with a reason', () => {
    expect(riskBlock(makePog({ moderationStatus: 'rejected' }), new Set(), NOW)?.label).toBe(RISK_BLOCK_LABELS.rejected);
    expect(riskBlock(makePog({ tradesRemaining: 0 }), new Set(), NOW)?.label).toBe(RISK_BLOCK_LABELS.exhausted);
    const cooling = riskBlock(makePog({ cooldownUntil: '2024-05-01T12:05:00.000Z', onCooldown: true }), new Set(), NOW);
    expect(cooling).toEqual({ reason: 'cooldown', label: 'This POG is on cooldown for 5 more minutes', until: Date.parse('2024-05-01T12:05:00.000Z') });
    expect(riskBlock(makePog({ id: 4 }), new Set([4]), NOW)?.label).toBe(RISK_BLOCK_LABELS.inBattle);
  });

  it('frees a POG whose cooldown has run out', () => {
    expect(riskBlock(makePog({ cooldownUntil: '2024-05-01T11:59:00.000Z', onCooldown: true, cooldownHours: 0.1 }), new Set(), NOW)).toBeNull();
  });

  it('finds the first cooldown to end', () => {
    const blocks = [null, { reason: 'cooldown', label: '', until: 300 }, { reason: 'cooldown', label: '', until: 200 }, { reason: 'rejected', label: '', until: null }] as const;
    expect(nextUnblock(blocks)).toBe(200);
    expect(nextUnblock([null])).toBeNull();
  });
});
