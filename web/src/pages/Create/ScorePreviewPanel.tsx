import styled from 'styled-components';
import { AppError, type Rarity, type ScorePreview } from '@pog/common';
import type { ScorePreviewState } from '../../features/pogs/scorePreview';

const Box = styled.section`
  display: grid;
  gap: 0.75rem;
  padding: 1rem 1.1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 0.95rem; }
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 0.75rem;
`;

const Status = styled.span`
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Factors = styled.ul`
  display: grid;
  gap: 0.4rem;
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: grid; grid-template-columns: 6.5rem 1fr 4.5rem; gap: 0.75rem; align-items: center; font-size: 0.9rem; }
  li > span:first-child { font-weight: 700; }
  li > span:last-child { text-align: right; font-variant-numeric: tabular-nums; }
`;

const Bar = styled.div<{ $value: number }>`
  height: 0.5rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  &::after {
    content: '';
    display: block;
    height: 100%;
    width: ${({ $value }) => Math.max(0, Math.min(100, $value))}%;
    background: linear-gradient(90deg, #6366f1, #ec4899);
  }
`;

const Outcome = styled.output`
  display: block;
  font-size: 1rem;
  font-weight: 700;
`;

const RarityName = styled.span<{ $rarity: Rarity }>`
  font-weight: 800;
  text-transform: capitalize;
  color: ${({ theme, $rarity }) => theme.colors.rarity[$rarity]};
`;

const Note = styled.p`
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Shown beside every preview: when the saved POG's rarity may differ from it. */
export const PREVIEW_TEXT = {
  title: 'Rarity preview',
  updating: 'Updating...',
  copied: 'An unchanged template, or a copy of a POG that already exists, is common.',
  legendaryCapped: 'Legendary by its score, but only one POG in fifty of yours may be legendary: this one would be epic.',
  unavailable: 'The preview is not available right now; your POG is still scored when you save it.',
  mayDiffer:
    'Your POG gets this rarity when you save it, unless something changes first: another player saves the same design before you (yours then counts as a copy), your colours or words become more popular, or another POG of yours turns legendary first.',
} as const;

const FACTORS = [
  ['harmony', 'Harmony'],
  ['uniqueness', 'Uniqueness'],
  ['complexity', 'Complexity'],
] as const;

/** The server's own words for a refused preview (how long until it comes back); a plain note otherwise. */
function errorText(error: unknown): string {
  return error instanceof AppError && (error.code === 'RATE_LIMITED' || error.code === 'VALIDATION_ERROR') ? error.message : PREVIEW_TEXT.unavailable;
}

function Scores({ preview }: { preview: ScorePreview }) {
  return (
    <>
      <Factors aria-label="Design factors">
        {FACTORS.map(([key, label]) => (
          <li key={key}>
            <span id={`preview-${key}`}>{label}</span>
            <Bar $value={preview[key]} role="meter" aria-labelledby={`preview-${key}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={preview[key]} aria-valuetext={`${Math.round(preview[key])} of 100`} />
            <span aria-hidden="true">{Math.round(preview[key])} / 100</span>
          </li>
        ))}
      </Factors>
      <Outcome aria-label="Previewed rarity and points">
        <RarityName $rarity={preview.rarity}>{preview.rarity}</RarityName> · {preview.points.toLocaleString('en-US')} PTS
      </Outcome>
      {preview.copied && <Note>{PREVIEW_TEXT.copied}</Note>}
      {preview.legendaryCapped && <Note>{PREVIEW_TEXT.legendaryCapped}</Note>}
    </>
  );
}

/** The three factors of the design on the bench, out of 100 each, and the rarity and points they give. */
export function ScorePreviewPanel({ state }: { state: ScorePreviewState }) {
  const { preview, updating, error } = state;
  return (
    <Box aria-labelledby="score-preview-title" aria-busy={updating}>
      <Head>
        <h2 id="score-preview-title">{PREVIEW_TEXT.title}</h2>
        <Status>{updating ? PREVIEW_TEXT.updating : ''}</Status>
      </Head>
      {preview && <Scores preview={preview} />}
      {error !== null && !updating && <Note role="alert">{errorText(error)}</Note>}
      <Note>{PREVIEW_TEXT.mayDiffer}</Note>
    </Box>
  );
}
