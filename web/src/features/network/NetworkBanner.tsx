import { useEffect, useRef, type RefObject } from 'react';
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

/** Stays at the top of the window however far the page scrolls; the header sticks just below it. */
const Region = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header + 1};
`;

/** The CSS variable that tells sticky elements (the header) how much room the banner takes. */
export const BANNER_HEIGHT_VAR = '--network-banner-height';

/**
 * Keeps BANNER_HEIGHT_VAR equal to the element's height. The size comes from the observer, which
 * reports it after layout: reading it in the effect would force a layout of the whole page while it
 * is first drawn. The variable is set only while the banner shows (the header's fallback is 0),
 * since each change restyles the whole document.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
      if (height > 0) root.style.setProperty(BANNER_HEIGHT_VAR, `${height}px`);
      else root.style.removeProperty(BANNER_HEIGHT_VAR);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, [ref]);
}

/** The global banner above the pages: offline, poor connection or data-saver mode. */
export function NetworkBanner() {
  const record = useNetworkStore((state) => state.record);
  const kind = bannerFor(record);
  const regionRef = useRef<HTMLDivElement>(null);
  usePublishedHeight(regionRef);
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
