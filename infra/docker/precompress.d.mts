/** Writes file.gz and file.br beside each compressible file under `dir`; returns the files written. */
export function precompress(dir: string): string[];
