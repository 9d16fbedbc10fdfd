import type { ManagedEntityKey } from '@ranwal/core';
import { Form } from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { Dialog, Modal } from '../../components/Dialog.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { EntityFields, type ParentSource, useEntityForm } from './EntityFields.js';
import { formValuesOf, type ManagedInput, type ManagedRow } from './entity-form.js';

export interface EditEntityDialogProps {
  entity: ManagedEntityKey;
  row: ManagedRow;
  parentSource: ParentSource;
  /** Resolves when saved (the dialog closes); rejects to keep it open. */
  onSubmit: (id: string, input: ManagedInput) => unknown;
  onClose: () => void;
  isPending?: boolean;
}

/** The edit dialog of one row: parent, code, name and (programs) the tax checkbox. */
export default function EditEntityDialog({
  entity,
  row,
  parentSource,
  onSubmit,
  onClose,
  isPending = false,
}: EditEntityDialogProps) {
  const messages = useMessages();
  const common = messages.common;
  const form = useEntityForm(entity, formValuesOf(entity, row), 'edit', async (input) => {
    await onSubmit(row.id, input);
    onClose();
  });

  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
    >
      {/* The form holds the whole dialog, so Enter in a field submits it with its footer's
          Perbarui as the default button. */}
      <Form
        validationBehavior="aria"
        onSubmit={form.onSubmit}
        className="flex max-h-[inherit] flex-col"
      >
        <Dialog
          title={messages.levels[entity].editTitle}
          footer={({ close }) => (
            <>
              <Button variant="secondary" onPress={close} isDisabled={isPending}>
                {common.cancel}
              </Button>
              {/* Disabled rather than pending: the dialog closes once saved, and a pending
                  button's announcement would point at a removed element. */}
              <Button type="submit" isDisabled={isPending}>
                {isPending ? common.saving : common.update}
              </Button>
            </>
          )}
        >
          <EntityFields
            entity={entity}
            form={form}
            parentSource={parentSource}
            showTaxFlag
            autoFocus
          />
        </Dialog>
      </Form>
    </Modal>
  );
}
