export * from './route-fetch.js';
export * from './scenarios.js';
export * from './stand-in.js';
