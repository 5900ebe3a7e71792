import { useEffect } from 'react';
import { NETWORK_CHECK_INTERVAL_MS, NETWORK_DEBOUNCE_MS } from '@pog/common';
import { useNetworkStore } from '../../stores/network';
import { browserConnection, networkRecord } from './record';

/**
 * Keeps the network record current: re-checked on online/offline events, on connection changes
 * and every 30 s, with updates debounced to 1 s so a flapping connection does not flicker.
 */
export function useNetworkMonitor(): void {
  const setRecord = useNetworkStore((state) => state.setRecord);

  useEffect(() => {
    const read = () => setRecord(networkRecord(navigator.onLine, browserConnection()));
    let pending: number | undefined;
    const schedule = () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(read, NETWORK_DEBOUNCE_MS);
    };

    read();
    const connection = browserConnection();
    window.addEventListener('online', schedule);
    window.addEventListener('offline', schedule);
    connection?.addEventListener('change', schedule);
    const interval = window.setInterval(schedule, NETWORK_CHECK_INTERVAL_MS);
    return () => {
      window.clearTimeout(pending);
      window.clearInterval(interval);
      window.removeEventListener('online', schedule);
      window.removeEventListener('offline', schedule);
      connection?.removeEventListener('change', schedule);
    };
  }, [setRecord]);
}
