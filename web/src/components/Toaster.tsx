import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { DISPLAY } from '@pog/common';
import { useHeightVariable } from '../hooks/useHeightVariable';
import { useToastStore, type Toast } from '../stores/toasts';
import { CloseIcon } from './icons';

/** The hotkey that moves focus to the toast (product spec: limits). */
const HOTKEY = 'F8';

const slideIn = keyframes`from { opacity: 0; transform: translateX(24px); } to { opacity: 1; transform: none; }`;

const Viewport = styled.section`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: ${({ theme }) => theme.zIndex.toast};
  width: min(380px, calc(100vw - 2rem));
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 4px; border-radius: ${({ theme }) => theme.radii.lg}; }
`;

const Card = styled.div<{ $variant: Toast['variant']; $dragging: boolean }>`
  position: relative;
  display: grid;
  gap: 0.25rem;
  padding: 1rem 2.75rem 1rem 1.1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.pop};
  touch-action: pan-y;
  user-select: none;
  animation: ${slideIn} 200ms ease-out;
  transition: ${({ $dragging }) => ($dragging ? 'none' : 'transform 180ms ease, opacity 180ms ease')};
  &::before {
    content: '';
    position: absolute;
    inset: 0 auto 0 0;
    width: 4px;
    border-radius: ${({ theme }) => `${theme.radii.lg} 0 0 ${theme.radii.lg}`};
    background: ${({ theme }) => theme.gradients.brand};
  }
  ${({ $variant }) =>
    $variant === 'destructive' &&
    css`
      background: ${({ theme }) => theme.colors.dangerSurface};
      border-color: ${({ theme }) => theme.colors.danger};
      &::before { background: ${({ theme }) => theme.colors.danger}; }
    `}
`;

const Title = styled.p`
  font-weight: 800;
`;

const Description = styled.p`
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Dismiss = styled.button`
  position: absolute;
  top: 0.6rem;
  right: 0.6rem;
  display: grid;
  place-items: center;
  width: 1.9rem;
  height: 1.9rem;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.08); color: ${({ theme }) => theme.colors.text}; }
  svg { width: 1rem; height: 1rem; }
`;

const ActionButton = styled.button`
  justify-self: start;
  margin-top: 0.4rem;
  padding: 0.3rem 0.7rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: transparent;
  font-weight: 700;
  cursor: pointer;
`;

/** Whether a drag of dx pixels to the right dismisses the toast. */
export const isDismissSwipe = (dx: number) => dx >= DISPLAY.toastSwipeThresholdPx;

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef<number>(DISPLAY.toastDurationMs);
  const dragStart = useRef<number | null>(null);

  // Counts down only while nobody is reading or dragging it.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(onDismiss, Math.max(0, remaining.current));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return;
    setOffset(Math.max(0, event.clientX - dragStart.current));
  };
  const onPointerEnd = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    if (isDismissSwipe(offset)) {
      onDismiss();
      return;
    }
    setOffset(0);
    setPaused(false);
  };

  return (
    <Card
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      $variant={toast.variant}
      $dragging={dragStart.current !== null}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.3, 1 - offset / 200) : undefined }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => dragStart.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <Title>{toast.title}</Title>
      {toast.description && <Description>{toast.description}</Description>}
      {toast.action && (
        <ActionButton
          type="button"
          onClick={() => {
            toast.action?.onClick();
            onDismiss();
          }}
        >
          {toast.action.label}
        </ActionButton>
      )}
      <Dismiss type="button" aria-label="Dismiss" onClick={onDismiss}>
        <CloseIcon />
      </Dismiss>
    </Card>
  );
}

/** The room a toast takes at the bottom of the window: an open dialog stays above it (Dialog.tsx). */
export const TOAST_SPACE_VAR = '--toast-space';

/** The room a toast of this height takes: the toast and its margins. */
const toastSpace = (height: number) => `${Math.ceil(height) + 24}px`;

/**
 * Shows the one current toast for 5 s (paused while hovered or focused). Swipe it right by 50 px
 * to dismiss it; F8 moves focus to it.
 */
export function Toaster() {
  const current = useToastStore((state) => state.current);
  const dismiss = useToastStore((state) => state.dismiss);
  const viewportRef = useRef<HTMLElement>(null);
  const currentId = current?.id;
  const onDismiss = useCallback(() => dismiss(currentId), [dismiss, currentId]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY) return;
      event.preventDefault();
      viewportRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useHeightVariable(viewportRef, TOAST_SPACE_VAR, toastSpace);

  return (
    <Viewport ref={viewportRef} tabIndex={-1} aria-label={`Alerts (${HOTKEY})`}>
      {current && <ToastCard key={current.id} toast={current} onDismiss={onDismiss} />}
    </Viewport>
  );
}
