import { useEffect, useState, type CSSProperties } from 'react';
import styled from 'styled-components';
import { DISPLAY, fontStack, imageSources, isPogFont, normalizeImageUrl, PLACEHOLDER_IMAGE, POG_DEFAULTS, type ImageStyle } from '@pog/common';
import { useInView } from '../../../hooks/useInView';
import { useNetworkStore } from '../../../stores/network';
import { reportError } from '../../errors/showError';
import { loadPogFonts, loadPogFontsSoon } from '../fonts';
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

/**
 * The disc's shape and gloss. What differs from POG to POG (size, colours) is set as inline style
 * (discStyle), not as props: a list of discs then shares one class instead of generating and
 * injecting a stylesheet rule per POG while it renders.
 */
const Face = styled.div`
  position: relative;
  flex: none;
  border-radius: 50%;
  overflow: hidden;
  display: grid;
  place-items: center;
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

function discStyle(size: number, from: string, to: string): CSSProperties {
  return {
    width: size,
    height: size,
    background: `linear-gradient(135deg, ${from}, ${to})`,
    boxShadow: [
      `inset 0 0 0 ${Math.max(3, size * 0.035)}px rgba(255, 255, 255, 0.28)`,
      `inset 0 0 0 ${Math.max(6, size * 0.07)}px rgba(0, 0, 0, 0.12)`,
      `0 ${Math.round(size * 0.06)}px ${Math.round(size * 0.15)}px rgba(0, 0, 0, 0.45)`,
    ].join(', '),
  };
}

const Picture = styled.img<{ $fit: ImageStyle }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: ${({ $fit }) => $fit};
`;

/**
 * Placed by its box's top-left corner (fixed) and centred with a transform, so when the POG font
 * replaces the fallback face and the text's size changes, nothing counts as a layout shift.
 * Per-POG values (font, size, colour) are inline styles, not one generated class per POG.
 */
const Text = styled.span`
  position: absolute;
  z-index: 1;
  top: 50%;
  left: ${((1 - TEXT_BOX_SHARE) / 2) * 100}%;
  width: ${TEXT_BOX_SHARE * 100}%;
  transform: translateY(-50%);
  line-height: 1.05;
  text-align: center;
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
  /**
   * One of the first discs of a list, on screen as the page opens (the page's largest paint is
   * likely its picture): the picture is asked for in the first render, at high priority, instead
   * of a render later, once the viewport check has run.
   */
  prominent?: boolean;
}

/**
 * The picture a disc shows: loaded once the disc nears the viewport (at once when eager or
 * prominent), at the size it shows, and the placeholder in place of a picture that failed.
 */
function useDiscPicture(imageUrl: string, size: number, loadNow: boolean) {
  const { ref, inView } = useInView<HTMLDivElement>(`${DISPLAY.lazyLoadMarginPx}px`);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const wanted = imageUrl ? normalizeImageUrl(imageUrl) : null;
  const src = wanted && failedUrl === wanted ? PLACEHOLDER_IMAGE : wanted;
  const saveData = useNetworkStore((state) => state.record.saveData);
  const sources = src ? imageSources(src, size, saveData) : null;
  const shown = src && sources && (loadNow || inView) ? sources : null;
  const failed = () => {
    loadPogFontsSoon();
    if (src === PLACEHOLDER_IMAGE || !sources) return;
    reportError(new Error(`POG image failed to load: ${sources.src}`), 'pog image');
    setFailedUrl(src);
  };
  return { ref, src, shown, failed };
}

/** The disc's text in its POG font, sized so the longest word fits. */
function DiscText({ design, size }: { design: DiscDesign; size: number }) {
  const pogFont = isPogFont(design.fontFamily) ? design.fontFamily : POG_DEFAULTS.fontFamily;
  const text = discTextSize(design.textContent, size, pogFont);
  return (
    <Text
      style={{
        fontFamily: fontStack(pogFont),
        fontSize: text.px,
        color: design.textColor,
        // Lines break between words only (discText.ts sizes the text so the longest word fits).
        overflowWrap: text.mayBreakWords ? 'anywhere' : 'normal',
      }}
    >
      {design.textContent}
    </Text>
  );
}

/**
 * A POG's face: the two-colour gradient, the picture and the text. The picture loads when the disc
 * comes within 100 px of the viewport, at the size the disc shows (an upload's sized variants, the
 * smallest only in data-saver mode), and a picture that fails to load shows the placeholder.
 */
export function PogDisc({ design, size, eager = false, prominent = false }: PogDiscProps) {
  const { ref, src, shown, failed } = useDiscPicture(design.imageUrl, size, eager || prominent);
  // The preview wants its fonts at once; a list lets its first pictures arrive first (see fonts.ts).
  useEffect(() => {
    if (eager) void loadPogFonts();
    else if (!src && design.textContent) loadPogFontsSoon();
  }, [eager, src, design.textContent]);

  return (
    <Face ref={ref} style={discStyle(size, design.backgroundColor1, design.backgroundColor2)}>
      {shown && (
        <Picture
          src={shown.src}
          srcSet={shown.srcSet}
          sizes={shown.sizes}
          width={size}
          height={size}
          alt={`Picture on ${design.name || 'the POG'}`}
          $fit={design.imageStyle}
          decoding={prominent ? 'auto' : 'async'}
          fetchPriority={prominent ? 'high' : undefined}
          onLoad={loadPogFontsSoon}
          onError={failed}
        />
      )}
      {design.textContent && <DiscText design={design} size={size} />}
    </Face>
  );
}
