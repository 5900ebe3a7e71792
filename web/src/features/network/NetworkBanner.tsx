import { useRef } from 'react';
import styled, { css } from 'styled-components';
import { useHeightVariable } from '../../hooks/useHeightVariable';
import { useNetworkStore } from '../../stores/network';
import { SignalIcon, WifiOffIcon } from '../../components/icons';
import { BANNER_TEXT, bannerFor, type BannerKind } from './record';

const Bar = styled.div<{ $kind: BannerKind }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.5rem 1rem;
  font-size: 0.9rem;
  font-weight: 600;
  text-align: center;
  svg { width: 1.1rem; height: 1.1rem; flex: none; }
  ${({ $kind, theme }) =>
    $kind === 'offline'
      ? css`background: ${theme.colors.dangerFill}; color: #fff;`
      : $kind === 'poor'
        ? css`background: ${theme.colors.warning}; color: #221400;`
        : css`background: ${theme.colors.surfaceRaised}; color: ${theme.colors.text}; border-bottom: 1px solid ${theme.colors.border};`}
`;

/** Stays at the top of the window however far the page scrolls; the header sticks just below it. */
const Region = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header + 1};
`;

/** The CSS variable that tells sticky elements (the header) how much room the banner takes. */
export const BANNER_HEIGHT_VAR = '--network-banner-height';

/** The global banner above the pages: offline, poor connection or data-saver mode. */
export function NetworkBanner() {
  const record = useNetworkStore((state) => state.record);
  const kind = bannerFor(record);
  const regionRef = useRef<HTMLDivElement>(null);
  // The header sticks below it.
  useHeightVariable(regionRef, BANNER_HEIGHT_VAR);
  // The live region stays mounted so that its text changes are announced.
  return (
    <Region ref={regionRef} role="status" aria-live="polite">
      {kind && (
        <Bar $kind={kind}>
          {kind === 'offline' ? <WifiOffIcon /> : <SignalIcon />}
          <span>{BANNER_TEXT[kind]}</span>
        </Bar>
      )}
    </Region>
  );
}
