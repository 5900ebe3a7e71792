/** Connection quality rules of the product spec (states). */
export type ConnectionQuality = 'excellent' | 'good' | 'fair' | 'poor' | 'offline';

export interface NetworkQualityRecord {
  online: boolean;
  quality: ConnectionQuality;
  downlink?: number | undefined;
  rtt?: number | undefined;
  effectiveType?: string | undefined;
  saveData: boolean;
}

export const NETWORK_CHECK_INTERVAL_MS = 30_000;
export const NETWORK_DEBOUNCE_MS = 1_000;
export const DOWNLINK_THRESHOLDS = { excellent: 5, good: 2, fair: 0.5 } as const;

export interface ConnectionInfo {
  effectiveType?: string | undefined;
  downlink?: number | undefined;
}

export function connectionQuality(online: boolean, info: ConnectionInfo | null | undefined): ConnectionQuality {
  if (!online) return 'offline';
  if (!info || (info.effectiveType === undefined && info.downlink === undefined)) return 'good';
  return qualityOf(info.effectiveType, typeof info.downlink === 'number' ? info.downlink : undefined);
}

/** The quality an online connection reports through its effective type and its downlink (Mbit/s). */
function qualityOf(type: string | undefined, down: number | undefined): ConnectionQuality {
  if (type === '4g' && down !== undefined && down > DOWNLINK_THRESHOLDS.excellent) return 'excellent';
  if (type === '4g' || (down !== undefined && down > DOWNLINK_THRESHOLDS.good)) return 'good';
  if (type === '3g' || (down !== undefined && down > DOWNLINK_THRESHOLDS.fair)) return 'fair';
  if (type === '2g' || type === 'slow-2g') return 'poor';
  return 'fair';
}
