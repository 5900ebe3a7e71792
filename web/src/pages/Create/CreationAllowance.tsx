import styled from 'styled-components';
import { ALLOWANCE_TEXT, type CreationAllowance } from '../../features/pogs/allowance';
import { Muted } from './studioStyles';

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.9rem;
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const Warning = styled(Muted)`
  color: ${({ theme }) => theme.colors.warning};
`;

/**
 * Above the Save button: creations left today and collection slots used, from the player's own
 * limits; a warning when either has run out, and the cooldown while it runs (the Save button
 * counts it down too).
 */
export function CreationAllowanceNote({ allowance, cooldownSeconds, counts }: { allowance: CreationAllowance; cooldownSeconds: number; counts: { slots: boolean } }) {
  const full = counts.slots && allowance.slotsUsed >= allowance.slotsTotal;
  return (
    <div>
      <Facts aria-label="Your creation limits">
        <li>{ALLOWANCE_TEXT.creationsLeft(allowance.creationsLeft, allowance.dailyLimit)}</li>
        <li>{ALLOWANCE_TEXT.slotsUsed(allowance.slotsUsed, allowance.slotsTotal)}</li>
      </Facts>
      {full && <Warning>{ALLOWANCE_TEXT.collectionFull}</Warning>}
      {allowance.creationsLeft === 0 && <Warning>{ALLOWANCE_TEXT.noneLeftToday}</Warning>}
      {cooldownSeconds > 0 && <Muted id="studio-cooldown">{ALLOWANCE_TEXT.cooldown(cooldownSeconds)}</Muted>}
    </div>
  );
}
