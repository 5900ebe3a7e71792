/** Writes file.br and file.gz beside each compressible file of `dir`; returns the files written. */
export function precompress(dir: string): string[];
