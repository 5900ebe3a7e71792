export * from './catalogue';
export * from './api';
