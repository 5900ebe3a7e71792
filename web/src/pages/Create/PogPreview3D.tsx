import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { BRAND } from '@pog/common';
import { PogDisc, type DiscDesign } from '../../features/pogs/components/PogDisc';

const SIZE = 260;
/** Degrees turned per pixel dragged, and per arrow-key press. */
const DRAG_RATIO = 0.6;
const KEY_STEP = 15;
const MAX_TILT = 60;

const Stage = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  perspective: 900px;
`;

const Spinner = styled.div<{ $dragging: boolean }>`
  position: relative;
  width: ${SIZE}px;
  height: ${SIZE}px;
  border-radius: 50%;
  transform-style: preserve-3d;
  transition: ${({ $dragging }) => ($dragging ? 'none' : 'transform 300ms ease-out')};
  cursor: ${({ $dragging }) => ($dragging ? 'grabbing' : 'grab')};
  touch-action: none;
  user-select: none;
  &:focus-visible { outline-offset: 8px; }
`;

const Side = styled.div<{ $back?: boolean }>`
  position: absolute;
  inset: 0;
  backface-visibility: hidden;
  transform: ${({ $back }) => ($back ? 'rotateY(180deg)' : 'translateZ(1px)')};
`;

const Back = styled.div`
  width: ${SIZE}px;
  height: ${SIZE}px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: repeating-radial-gradient(circle, #1d173f 0 10px, #272052 10px 20px);
  box-shadow: inset 0 0 0 9px rgba(253, 224, 71, 0.8);
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.6rem;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.gold};
  text-align: center;
`;

const Hint = styled.p`
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

interface Rotation {
  x: number;
  y: number;
}

const clampTilt = (value: number) => Math.max(-MAX_TILT, Math.min(MAX_TILT, value));

/**
 * The live preview: the POG as a 3D disc that turns when dragged with a mouse, a finger or a pen
 * (pointer events cover all three), or with the arrow keys; its back shows the federation mark.
 */
export function PogPreview3D({ design }: { design: DiscDesign }) {
  const [rotation, setRotation] = useState<Rotation>({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ px: number; py: number; rotation: Rotation } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { px: event.clientX, py: event.clientY, rotation };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    if (!from) return;
    setRotation({
      x: clampTilt(from.rotation.x - (event.clientY - from.py) * DRAG_RATIO),
      y: from.rotation.y + (event.clientX - from.px) * DRAG_RATIO,
    });
  };
  const endDrag = () => {
    start.current = null;
    setDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const turn: Partial<Record<string, Rotation>> = {
      ArrowLeft: { x: 0, y: -KEY_STEP },
      ArrowRight: { x: 0, y: KEY_STEP },
      ArrowUp: { x: KEY_STEP, y: 0 },
      ArrowDown: { x: -KEY_STEP, y: 0 },
    };
    if (event.key === 'Home') {
      event.preventDefault();
      setRotation({ x: 0, y: 0 });
      return;
    }
    const step = turn[event.key];
    if (!step) return;
    event.preventDefault();
    setRotation((current) => ({ x: clampTilt(current.x + step.x), y: current.y + step.y }));
  };

  return (
    <Stage>
      <Spinner
        role="img"
        aria-roledescription="rotatable preview"
        aria-label={`Preview of ${design.name || 'your POG'}. Drag, or use the arrow keys, to turn it; Home faces it forward.`}
        tabIndex={0}
        data-testid="pog-preview"
        $dragging={dragging}
        style={{ transform: `rotateX(${rotation.x}deg) rotateY(${rotation.y}deg)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        onDoubleClick={() => setRotation({ x: 0, y: 0 })}
      >
        <Side>
          <PogDisc design={design} size={SIZE} eager />
        </Side>
        <Side $back aria-hidden="true">
          <Back>{BRAND}</Back>
        </Side>
      </Spinner>
      <Hint aria-hidden="true">Drag to rotate · double-click to reset</Hint>
    </Stage>
  );
}
