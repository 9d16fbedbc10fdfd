export * from './ConnectedNoteThread.js';
export * from './ConnectedOpenNotes.js';
export * from './ConnectedVerificationPage.js';
export * from './NoteThread.js';
export * from './VerificationPage.js';
