/** The network quality record (spec section 3), kept current by features/network/useNetworkMonitor. */
import { create } from 'zustand';
import type { NetworkQualityRecord } from '@pog/common';
import { isBrowserOnline } from '../features/network/browserOnline';

interface NetworkState {
  record: NetworkQualityRecord;
  setRecord: (record: NetworkQualityRecord) => void;
}

export const useNetworkStore = create<NetworkState>((set) => ({
  // No information yet counts as online and good, as the spec says.
  record: { online: true, quality: 'good', saveData: false },
  setRecord: (record) => set({ record }),
}));

/** Online by the monitor's last reading and by the browser's own word right now. */
export const isOnline = () => useNetworkStore.getState().record.online && isBrowserOnline();
