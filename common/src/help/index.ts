export * from './guide';
export * from './retrieval';
