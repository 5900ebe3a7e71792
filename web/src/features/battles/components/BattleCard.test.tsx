// @vitest-environment happy-dom
/**
 * A battle card tells how long a pending challenge has left (once answered, it no longer does), and
 * shows an open battle's seed hash and the players' seeds.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asUserId, type User } from '@pog/common';
import { renderWithApp } from '../../../testing/render';
import { makeBattle } from '../testBattle';
import { BattleCard } from './BattleCard';

const bob: User = { id: asUserId(8), username: 'bob', displayName: 'bob', avatarInitials: 'BO', avatarColor: '#EC4899', role: 'user', pogCount: 1 } as User;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000 - 30_000).toISOString();

function show(status: 'pending' | 'accepted' | 'completed', overrides: Parameters<typeof makeBattle>[0] = {}) {
  renderWithApp(<BattleCard battle={makeBattle({ status, expiresAt: inHours(24), ...overrides })} viewer={bob} flipLabel="Flip and Battle" onAccept={() => undefined} onDetails={() => undefined} />);
  return screen.getByRole('article', { name: 'Battle between alice and bob' });
}

describe('BattleCard', () => {
  it('shows a pending challenge the time it has left', () => {
    expect(within(show('pending')).getByText('Expires in 23h 59m')).toBeTruthy();
  });

  it('shows no expiry once the challenge is accepted', () => {
    expect(within(show('accepted')).queryByText(/^Expires in/)).toBeNull();
  });

  it('shows the server seed hash with a copy button, and the seeds given so far, before the result', () => {
    const pending = within(show('pending'));
    expect(pending.getByTestId('card-seed-hash').textContent).toBe('a'.repeat(64));
    expect(pending.getByRole('button', { name: 'Copy the server seed hash of battle 1' })).toBeTruthy();
    expect(pending.getByTestId('card-challenger-seed').textContent).toBe('alice-seed');
    expect(pending.getByText(/given on accepting/)).toBeTruthy();
  });

  it('shows both seeds once accepted, and only the hash for a battle of rule 1', () => {
    const accepted = within(show('accepted', { defenderSeed: 'bob-seed' }));
    expect(accepted.getByTestId('card-defender-seed').textContent).toBe('bob-seed');
    cleanup();
    const old = within(show('pending', { rollVersion: 1, challengerSeed: null }));
    expect(old.getByTestId('card-seed-hash')).toBeTruthy();
    expect(old.queryByTestId('card-challenger-seed')).toBeNull();
  });

  it('leaves the commitment to Details once the battle is completed', () => {
    expect(within(show('completed')).queryByTestId('card-seed-hash')).toBeNull();
  });
});
