export * from './ConnectedRealisation.js';
export * from './RealisationView.js';
