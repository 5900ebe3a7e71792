import { useState } from 'react';
import styled from 'styled-components';
import '../fonts';
import { DISPLAY, fontStack, isPogFont, normalizeImageUrl, PLACEHOLDER_IMAGE, POG_DEFAULTS, type ImageStyle } from '@pog/common';
import { useInView } from '../../../hooks/useInView';
import { reportError } from '../../errors/showError';
import { discTextSize, TEXT_BOX_SHARE } from '../discText';

/** The fields that decide how a POG looks. */
export interface DiscDesign {
  name: string;
  textContent: string;
  fontFamily: string;
  textColor: string;
  backgroundColor1: string;
  backgroundColor2: string;
  imageUrl: string;
  imageStyle: ImageStyle;
}

const Face = styled.div<{ $size: number; $from: string; $to: string }>`
  position: relative;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  flex: none;
  border-radius: 50%;
  overflow: hidden;
  display: grid;
  place-items: center;
  background: linear-gradient(135deg, ${({ $from }) => $from}, ${({ $to }) => $to});
  box-shadow:
    inset 0 0 0 ${({ $size }) => Math.max(3, $size * 0.035)}px rgba(255, 255, 255, 0.28),
    inset 0 0 0 ${({ $size }) => Math.max(6, $size * 0.07)}px rgba(0, 0, 0, 0.12),
    0 ${({ $size }) => Math.round($size * 0.06)}px ${({ $size }) => Math.round($size * 0.15)}px rgba(0, 0, 0, 0.45);
  &::after {
    /* The glossy highlight of a printed cardboard disc. */
    content: '';
    position: absolute;
    inset: 0;
    border-radius: 50%;
    background: radial-gradient(circle at 30% 22%, rgba(255, 255, 255, 0.38), transparent 46%);
    pointer-events: none;
  }
`;

const Picture = styled.img<{ $fit: ImageStyle }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: ${({ $fit }) => $fit};
`;

const Text = styled.span<{ $px: number; $breakWords: boolean; $font: string; $color: string }>`
  position: relative;
  z-index: 1;
  max-width: ${TEXT_BOX_SHARE * 100}%;
  font-family: ${({ $font }) => $font};
  font-size: ${({ $px }) => $px}px;
  line-height: 1.05;
  color: ${({ $color }) => $color};
  text-align: center;
  /* Lines break between words only (discText.ts sizes the text so the longest word fits). */
  overflow-wrap: ${({ $breakWords }) => ($breakWords ? 'anywhere' : 'normal')};
  word-break: normal;
  hyphens: none;
  text-shadow: 0 2px 0 rgba(0, 0, 0, 0.35);
`;

interface PogDiscProps {
  design: DiscDesign;
  /** Diameter in pixels. */
  size: number;
  /** Load the picture at once (the editor preview) instead of when it nears the viewport. */
  eager?: boolean;
}

/**
 * A POG's face: the two-colour gradient, the picture and the text. The picture loads when the disc
 * comes within 100 px of the viewport, and a picture that fails to load shows the placeholder.
 */
export function PogDisc({ design, size, eager = false }: PogDiscProps) {
  const { ref, inView } = useInView<HTMLDivElement>(`${DISPLAY.lazyLoadMarginPx}px`);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const wanted = design.imageUrl ? normalizeImageUrl(design.imageUrl) : null;
  const src = wanted && failedUrl === wanted ? PLACEHOLDER_IMAGE : wanted;
  const pogFont = isPogFont(design.fontFamily) ? design.fontFamily : POG_DEFAULTS.fontFamily;
  const font = fontStack(pogFont);
  const text = discTextSize(design.textContent, size, pogFont);

  return (
    <Face ref={ref} $size={size} $from={design.backgroundColor1} $to={design.backgroundColor2}>
      {src && (eager || inView) && (
        <Picture
          src={src}
          alt={`Picture on ${design.name || 'the POG'}`}
          $fit={design.imageStyle}
          decoding="async"
          onError={() => {
            if (src === PLACEHOLDER_IMAGE) return;
            reportError(new Error(`POG image failed to load: ${src}`), 'pog image');
            setFailedUrl(src);
          }}
        />
      )}
      {design.textContent && (
        <Text $px={text.px} $breakWords={text.mayBreakWords} $font={font} $color={design.textColor}>
          {design.textContent}
        </Text>
      )}
    </Face>
  );
}
