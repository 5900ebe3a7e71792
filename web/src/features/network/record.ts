/** Reading the browser's connection into the network quality record (product spec: entities and states). */
import { connectionQuality, type NetworkQualityRecord } from '@pog/common';
import { isBrowserOnline } from './browserOnline';

/** The parts of the Network Information API we read (not in every browser, nor in lib.dom). */
export interface ConnectionLike {
  effectiveType?: string;
  downlink?: number;
  rtt?: number;
  saveData?: boolean;
}

export function networkRecord(online: boolean, connection: ConnectionLike | null | undefined): NetworkQualityRecord {
  return {
    online,
    quality: connectionQuality(online, connection),
    downlink: connection?.downlink,
    rtt: connection?.rtt,
    effectiveType: connection?.effectiveType,
    saveData: connection?.saveData === true,
  };
}

/** The browser's connection (Network Information API), where it has one. */
export function browserConnection(): (ConnectionLike & EventTarget) | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ConnectionLike & EventTarget }).connection;
}

/** The record as the browser reports it now: what the first render must already know (data saver). */
export function currentNetworkRecord(): NetworkQualityRecord {
  return networkRecord(isBrowserOnline(), browserConnection());
}

export const BANNER_TEXT = {
  offline: "You're currently offline. Some features may not be available.",
  poor: 'Poor connection detected. Some images may load slowly.',
  saveData: 'Data saver mode is enabled. Media quality is reduced.',
} as const;

export type BannerKind = keyof typeof BANNER_TEXT;

/** Which banner shows, most urgent first; null when the connection is fine. */
export function bannerFor(record: NetworkQualityRecord): BannerKind | null {
  if (!record.online || record.quality === 'offline') return 'offline';
  if (record.quality === 'poor') return 'poor';
  if (record.saveData) return 'saveData';
  return null;
}
