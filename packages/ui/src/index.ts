export * from './components/Button.js';
export * from './lib/cn.js';
