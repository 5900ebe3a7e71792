// @vitest-environment happy-dom
/** A new player's first steps: progress from their stats, a link to each screen, and a dismissal that lasts. */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { asUserId, newPlayerStats } from '@pog/common';
import { fakeGateway, renderWithApp } from '../../testing/render';
import { FirstStepsChecklist } from './FirstStepsChecklist';

const player = asUserId(41);

function show(stats: Partial<ReturnType<typeof newPlayerStats>>) {
  fakeGateway({ 'GET /api/users/41/stats': { ...newPlayerStats(), ...stats } });
  return renderWithApp(<FirstStepsChecklist userId={player} />);
}

describe('FirstStepsChecklist', () => {
  afterEach(() => window.localStorage.clear());

  it('shows a new player three steps, each pointing to its screen', async () => {
    show({});
    const panel = await screen.findByRole('region', { name: 'Your first steps' });
    within(panel).getByText('0 of 3 done');
    expect(within(panel).getByRole('link', { name: 'Open the studio' }).getAttribute('href')).toBe('/create');
    expect(within(panel).getByRole('link', { name: 'Go to the Trade Center' }).getAttribute('href')).toBe('/trade');
    expect(within(panel).getByRole('link', { name: 'Go to the Battle Arena' }).getAttribute('href')).toBe('/battle');
  });

  it('counts what the stats say is done, and drops the link of a done step', async () => {
    show({ creationCount: 2, offersSent: 1 });
    const panel = await screen.findByRole('region', { name: 'Your first steps' });
    within(panel).getByText('2 of 3 done');
    within(panel).getByText('Design a POG', { exact: false });
    expect(within(panel).queryByRole('link', { name: 'Open the studio' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Go to the Trade Center' })).toBeNull();
    within(panel).getByRole('link', { name: 'Go to the Battle Arena' });
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
  });

  it('says so when all are done, and stays dismissed once dismissed', async () => {
    const { unmount } = show({ creationCount: 1, offersSent: 1, battlesFought: 1 });
    const panel = await screen.findByRole('region', { name: 'Your first steps' });
    within(panel).getByText('You know the ropes!');
    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss your first steps' }));
    expect(screen.queryByRole('region', { name: 'Your first steps' })).toBeNull();
    unmount();
    show({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Your first steps' })).toBeNull();
  });
});
