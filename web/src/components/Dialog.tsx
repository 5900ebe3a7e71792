import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { focusableWithin } from './focus';
import { HeadingLevel } from './HeadingLevel';
import { CloseButton as Close } from './CloseButton';
import { CloseIcon } from './icons';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const popIn = keyframes`from { opacity: 0; transform: translateY(12px) scale(0.98); } to { opacity: 1; transform: none; }`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: grid;
  place-items: center;
  /* The room at the bottom a toast takes stays free, so a toast never covers the dialog's buttons. */
  padding: 1rem 1rem calc(1rem + var(--toast-space, 0px));
  /* Dimmed, not blurred: a full-screen backdrop blur is redrawn on every frame the dialog changes (see Header). */
  background: rgba(6, 3, 20, 0.8);
  animation: ${fadeIn} 150ms ease-out;
`;

const Panel = styled.div<{ $width: number }>`
  position: relative;
  width: min(${({ $width }) => $width}px, 100%);
  max-height: calc(100vh - 2rem - var(--toast-space, 0px));
  overflow: auto;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.pop};
  animation: ${popIn} 180ms ease-out;
  &:focus { outline: none; }
`;

const Title = styled.h2`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.75rem;
  letter-spacing: 0.03em;
  padding-right: 2.5rem;
`;

const Description = styled.p`
  margin-top: 0.35rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Body = styled.div`
  margin-top: 1.25rem;
`;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
  /** Some dialogs (e.g. a delete confirmation) must not close on a click outside. */
  dismissOnOutsideClick?: boolean;
}

/**
 * A modal dialog: rendered above the page, keeps Tab focus inside itself, closes on Escape and
 * gives focus back to whatever opened it.
 */
export function Dialog({ open, onClose, title, description, children, width = 560, dismissOnOutsideClick = true }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) (focusableWithin(panel).find((el) => !el.dataset.dialogClose) ?? panel).focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = focusableWithin(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Overlay
      onMouseDown={(event) => {
        if (dismissOnOutsideClick && event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $width={width}
        onKeyDown={onKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        {description && <Description id={descriptionId}>{description}</Description>}
        <Close aria-label="Close" data-dialog-close="true" onClick={onClose}>
          <CloseIcon />
        </Close>
        <Body>
          <HeadingLevel level={3}>{children}</HeadingLevel>
        </Body>
      </Panel>
    </Overlay>,
    document.body,
  );
}
