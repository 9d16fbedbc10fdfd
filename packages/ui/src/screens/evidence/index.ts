export * from './FieldUpdateForm.js';
export * from './OutboxStatus.js';
export * from './PhotoPicker.js';
