export * from './client.js';
export * from './errors.js';
export * from './format.js';
export * from './hierarchy.js';
export * from './messages/index.js';
export * from './money.js';
export * from './routes.js';
export * from './schemas.js';
