/** The live-update connection's state, shown in the user menu so players know updates are live. */
import { create } from 'zustand';

export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

interface SocketState {
  status: SocketStatus;
  setStatus: (status: SocketStatus) => void;
}

export const useSocketStore = create<SocketState>((set) => ({
  status: 'disconnected',
  setStatus: (status) => set({ status }),
}));
