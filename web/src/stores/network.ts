/** The network quality record (product spec: entities), kept current by features/network/useNetworkMonitor. */
import { create } from 'zustand';
import type { NetworkQualityRecord } from '@pog/common';
import { isBrowserOnline } from '../features/network/browserOnline';
import { currentNetworkRecord } from '../features/network/record';

interface NetworkState {
  record: NetworkQualityRecord;
  setRecord: (record: NetworkQualityRecord) => void;
}

export const useNetworkStore = create<NetworkState>((set) => ({
  // Read from the browser at once, so the first render already asks for the right picture sizes (data
  // saver); where the browser says nothing, online and good, as the spec says.
  record: currentNetworkRecord(),
  setRecord: (record) => set({ record }),
}));

/** Online by the monitor's last reading and by the browser's own word right now. */
export const isOnline = () => useNetworkStore.getState().record.online && isBrowserOnline();
