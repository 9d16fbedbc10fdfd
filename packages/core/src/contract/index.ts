export * from './route-fetch.js';
export * from './scenarios.js';
