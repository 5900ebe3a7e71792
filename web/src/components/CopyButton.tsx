import { useEffect, useState } from 'react';
import { Button } from './Button';
import { VisuallyHidden } from './VisuallyHidden';

type CopyState = 'idle' | 'copied' | 'failed';

const FAILED = 'Could not copy: select the text and copy it yourself.';

/**
 * Copies a value to the clipboard: 'Copy', then 'Copied' for two seconds. `label` names what is
 * copied, for screen readers; the outcome is announced. A browser that refuses the clipboard (an
 * insecure page, a denied permission) says so, and the value stays on screen to select by hand.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button $size="sm" $variant="outline" aria-label={label} onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Not copied' : 'Copy'}
      </Button>
      <VisuallyHidden role="status">{state === 'copied' ? 'Copied' : state === 'failed' ? FAILED : ''}</VisuallyHidden>
    </>
  );
}
