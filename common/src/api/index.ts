export * from './route';
export * from './routes';
export * from './openapi';
export * from './paths';
export * from './table';
