import styled, { css } from 'styled-components';
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

/** The global banner above the pages: offline, poor connection or data-saver mode. */
export function NetworkBanner() {
  const record = useNetworkStore((state) => state.record);
  const kind = bannerFor(record);
  // The live region stays mounted so that its text changes are announced.
  return (
    <div role="status" aria-live="polite">
      {kind && (
        <Bar $kind={kind}>
          {kind === 'offline' ? <WifiOffIcon /> : <SignalIcon />}
          <span>{BANNER_TEXT[kind]}</span>
        </Bar>
      )}
    </div>
  );
}
