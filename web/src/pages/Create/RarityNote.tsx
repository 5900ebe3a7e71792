import styled from 'styled-components';
import { RARITIES } from '@pog/common';

const Note = styled.aside`
  padding: 1rem 1.1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(135deg, rgba(99, 102, 241, 0.14), rgba(236, 72, 153, 0.1));
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  h2 { margin-bottom: 0.35rem; font-size: 0.95rem; color: ${({ theme }) => theme.colors.text}; }
`;

const Rarity = styled.span<{ $rarity: (typeof RARITIES)[number] }>`
  font-weight: 800;
  text-transform: capitalize;
  color: ${({ theme, $rarity }) => theme.colors.rarity[$rarity]};
`;

/** How rarity is decided (product spec: screens, Create; decisions.md, Rarity and points). */
export function RarityNote() {
  return (
    <Note aria-labelledby="rarity-note-title">
      <h2 id="rarity-note-title">How rarity is determined</h2>
      <p>
        The server rates your design on colour harmony (how your two colours relate and how readable the text is on them),
        uniqueness (how different your picture, colours and words are from every other POG) and complexity (detail, text and
        font), each out of 100; the preview above shows them as you design. The total sets the rarity, from{' '}
        {RARITIES.map((rarity, index) => (
          <span key={rarity}>
            <Rarity $rarity={rarity}>{rarity}</Rarity>
            {index < RARITIES.length - 2 ? ', ' : index === RARITIES.length - 2 ? ' to ' : ''}
          </span>
        ))}
        , and the points (PTS) your POG is worth in battles. The saved POG's rarity appears on it within moments.
      </p>
    </Note>
  );
}
