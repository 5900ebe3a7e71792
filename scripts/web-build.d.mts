import type { ChildProcess } from 'node:child_process';

export function webBuildIsStale(outDir?: string): boolean;
export function buildWebIfStale(options?: { quiet?: boolean; outDir?: string }): void;
export function buildWebIfStaleAsync(started?: (child: ChildProcess) => void, options?: { outDir?: string }): Promise<boolean>;
