export * from './processors/index';
export * from './queue/index';
export * from './processors/images';
export { assertUploadSize } from './images/upload-size';
export { TRADE_EXPIRY_SWEEP_MS } from './processors/trades';
