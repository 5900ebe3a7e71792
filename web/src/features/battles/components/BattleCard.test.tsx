// @vitest-environment happy-dom
/** A battle card tells how long a pending challenge has left; once answered, it no longer does. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asUserId, type User } from '@pog/common';
import { renderWithApp } from '../../../testing/render';
import { makeBattle } from '../testBattle';
import { BattleCard } from './BattleCard';

const bob: User = { id: asUserId(8), username: 'bob', displayName: 'bob', avatarInitials: 'BO', avatarColor: '#EC4899', role: 'user', pogCount: 1 } as User;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000 - 30_000).toISOString();

function show(status: 'pending' | 'accepted') {
  renderWithApp(<BattleCard battle={makeBattle({ status, expiresAt: inHours(24) })} viewer={bob} flipLabel="Flip and Battle" onAccept={() => undefined} onDetails={() => undefined} />);
  return screen.getByRole('article', { name: 'Battle between alice and bob' });
}

describe('BattleCard', () => {
  it('shows a pending challenge the time it has left', () => {
    expect(within(show('pending')).getByText('Expires in 23h 59m')).toBeTruthy();
  });

  it('shows no expiry once the challenge is accepted', () => {
    expect(within(show('accepted')).queryByText(/^Expires in/)).toBeNull();
  });
});
