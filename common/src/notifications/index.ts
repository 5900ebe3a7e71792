export * from './links';
export * from './answers';
