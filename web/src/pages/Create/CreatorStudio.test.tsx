// @vitest-environment happy-dom
/** The Creator Studio in a DOM: what a player types is what POST/PATCH /api/pogs receives, and bad input never leaves the page. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asUserId, POG_DEFAULTS, type User } from '@pog/common';
import { makePog } from '../../features/pogs/testPog';
import { currentLocation, currentToast, fakeGateway, renderWithApp } from '../../testing/render';
import { CreatorStudio } from './CreatorStudio';

const alice: User = { id: asUserId(7), username: 'alice', displayName: 'alice', avatarInitials: 'A', avatarColor: '#6366F1', role: 'user' };

/** A score preview as the server answers it: here a function of the text's length, to see it follow the design. */
const previewOf = (body: unknown) => {
  const text = (body as { textContent: string }).textContent;
  const uniqueness = Math.min(100, 10 * text.length);
  return { harmony: 80, uniqueness, complexity: 30, total: 0.35 * 80 + 0.4 * uniqueness + 0.25 * 30, rarity: text.length > 6 ? 'rare' : 'common', points: 100 * text.length, copied: false, legendaryCapped: false };
};

/** The calls every Studio makes beside the form: the player's POGs, pending trades and the score preview. */
const sideReads = { 'GET /api/users/7/pogs': [], 'GET /api/trades/pending/7': [], 'POST /api/pogs/score-preview': previewOf };

/** What the Studio saved: its writes but the score previews, which change nothing. */
const saves = (gateway: ReturnType<typeof fakeGateway>) => gateway.writes().filter((request) => request.path !== '/api/pogs/score-preview');

/** The design fields of the defaults (they also carry a rarity, which no request sends). */
const designOf = ({ rarity: _rarity, ...design }: typeof POG_DEFAULTS) => design;

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** A factor of the score preview, as a screen reader hears it. */
const factor = (name: string) => screen.getByRole('meter', { name }).getAttribute('aria-valuetext');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Pog' }));

describe('Creator Studio', () => {
  it('creates the POG the player designed, then clears the form', async () => {
    const gateway = fakeGateway({ ...sideReads, 'POST /api/pogs': (body: unknown) => makePog({ id: 41, ...(body as object) }) });
    renderWithApp(<CreatorStudio user={alice} />);

    type('Name', '  Sunset  ');
    type('Text on the POG', 'GG');
    save();

    await waitFor(() => expect(currentToast()).toEqual({ title: 'Pog Created', description: 'Your pog has been created successfully!' }));
    expect(saves(gateway)).toEqual([
      {
        method: 'POST',
        path: '/api/pogs',
        // The name trimmed, the text typed, and the rest of the look as the empty form had it.
        body: { ...designOf(POG_DEFAULTS), userId: 7, name: 'Sunset', textContent: 'GG' },
      },
    ]);
    expect(field('Name').value).toBe('');
  });

  it('says what is wrong beside the field and sends nothing while the design is invalid', async () => {
    const gateway = fakeGateway(sideReads);
    renderWithApp(<CreatorStudio user={alice} />);

    save();
    expect(await screen.findByText('Please give your POG a name')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(saves(gateway)).toEqual([]);

    // Typing in the field clears its message.
    type('Name', 'S');
    expect(screen.queryByText('Please give your POG a name')).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('opens ?edit={id} with the saved design, sends only the design fields, then leaves edit mode', async () => {
    const pog = makePog({ id: 12, userId: 7, creatorId: 7, name: 'Old Name', textContent: 'OLD' });
    const gateway = fakeGateway({ ...sideReads, 'GET /api/pogs/12': pog, 'PATCH /api/pogs/12': (body: unknown) => ({ ...pog, ...(body as object) }) });
    renderWithApp(<CreatorStudio user={alice} />, { route: '/create?edit=12' });

    expect(await screen.findByText('Editing Old Name')).toBeTruthy();
    // The saved design fills the form in an effect after the POG arrives: one commit after the heading.
    await waitFor(() => expect(field('Name').value).toBe('Old Name'));
    expect(field('Text on the POG').value).toBe('OLD');

    type('Name', 'New Name');
    save();

    await waitFor(() => expect(currentToast()?.title).toBe('Pog Updated'));
    const [patch] = saves(gateway);
    expect(patch).toMatchObject({ method: 'PATCH', path: '/api/pogs/12', body: { name: 'New Name', textContent: 'OLD' } });
    expect(Object.keys(patch!.body as object)).not.toContain('userId');
    expect(await screen.findByText('Design your POG')).toBeTruthy();
    // currentLocation follows the router in an effect, which can run just after the heading shows.
    await waitFor(() => expect(currentLocation.search).toBe(''));
    expect(field('Name').value).toBe('');
  });

  it("refuses to edit a POG that changed hands, with the server's reason, and keeps Save creating a new one", async () => {
    const traded = makePog({ id: 13, userId: 7, creatorId: 7, name: 'Traded', changedHands: true });
    fakeGateway({ ...sideReads, 'GET /api/pogs/13': traded });
    renderWithApp(<CreatorStudio user={alice} />, { route: '/create?edit=13' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This POG has changed hands, so its design can no longer be edited.');
    expect(screen.getByText('Design your POG')).toBeTruthy();
    expect(field('Name').value).toBe('');
  });

  it('shows the factors, rarity and points of the design as it changes, with what may differ once saved', async () => {
    const gateway = fakeGateway(sideReads);
    renderWithApp(<CreatorStudio user={alice} />);

    // The empty design is scored once it has rested.
    await waitFor(() => expect(factor('Uniqueness')).toBe('0 of 100'));
    expect(factor('Harmony')).toBe('80 of 100');
    expect(screen.getByRole('status', { name: 'Previewed rarity and points' }).textContent).toBe('common · 0 PTS');
    expect(screen.getByText(/unless something changes first/)).toBeTruthy();

    type('Text on the POG', 'DRAGONS');
    await waitFor(() => expect(factor('Uniqueness')).toBe('70 of 100'));
    expect(screen.getByRole('status', { name: 'Previewed rarity and points' }).textContent).toBe('rare · 700 PTS');
    const previews = gateway.requests.filter((request) => request.path === '/api/pogs/score-preview');
    // Debounced: the design as it rested, not a request per change.
    expect(previews.map((request) => (request.body as { textContent: string }).textContent)).toEqual(['', 'DRAGONS']);
    const { textColor, fontFamily, backgroundColor1, backgroundColor2, imageUrl } = POG_DEFAULTS;
    expect(previews[1]!.body).toEqual({ textContent: 'DRAGONS', textColor, fontFamily, backgroundColor1, backgroundColor2, imageUrl });
  });
});
