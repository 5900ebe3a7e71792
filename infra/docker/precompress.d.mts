/** Writes file.gz and/or file.br (default both) beside each compressible file of `dir`; returns the files written. */
export function precompress(dir: string, encodings?: Array<'gz' | 'br'>): string[];
