import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { retryableLazy } from '../../app/retryableLazy';
import { EMPTY_PRESET, type TradePreset } from './selection';

/** The dialog's code loads the first time a player opens it, never with the screen around it. */
const TradeDialog = retryableLazy(() => import('./components/TradeDialog'));

interface DialogState {
  open: boolean;
  preset: TradePreset;
  /** Once opened, the dialog stays mounted so that its selection outlives a close (product spec: states). */
  mounted: boolean;
}

/**
 * Opens the Trade dialog in place from any screen: `openTrade()` for a new trade, or with a preset
 * (an own POG to offer, another player's POG to request). Render `dialog` somewhere on the screen.
 */
export function useTradeDialog(): { openTrade: (preset?: TradePreset) => void; dialog: ReactNode } {
  const [state, setState] = useState<DialogState>({ open: false, preset: EMPTY_PRESET, mounted: false });
  const openTrade = useCallback((preset: TradePreset = EMPTY_PRESET) => setState({ open: true, preset, mounted: true }), []);
  const onClose = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  const dialog = state.mounted ? (
    <Suspense fallback={null}>
      <TradeDialog open={state.open} preset={state.preset} onClose={onClose} />
    </Suspense>
  ) : null;
  return { openTrade, dialog };
}
