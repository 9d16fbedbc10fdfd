import { type Signer, SignerInput } from '@ranwal/core';
import { type FormEvent, useRef, useState } from 'react';
import { AdminSection } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { Modal } from '../../components/Dialog.js';
import { FormDialog, useFailure, useFocusFirstInvalid } from '../../components/FormDialog.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { TextField } from '../../components/TextField.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { fieldErrorsFrom } from '../users/field-errors.js';
import { codeName } from './PaguManager.js';

/** A Perangkat Daerah whose RKA is signed. */
export interface SignedUnit {
  id: string;
  code: string | null;
  name: string;
}

export interface SignersEditorProps {
  /** The Perangkat Daerah (the region as a whole comes first by itself). */
  agencies: readonly SignedUnit[];
  signers: readonly Signer[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Saves one signatory; resolve when saved, reject with the call's error. */
  onSave: (signer: SignerInput) => Promise<unknown>;
}

/** The table's row of the region (no Perangkat Daerah) and of each agency. */
interface UnitRow {
  id: string;
  agencyId: string | null;
  name: string;
  signer: Signer | undefined;
}

const REGION = 'region';

/**
 * 'Penandatangan RKA': who signs the RKA of the region and of each Perangkat Daerah (Tempat,
 * Jabatan, Nama, NIP), each set in a dialog checked by core's `SignerInput`.
 */
export function SignersEditor({
  agencies,
  signers,
  isLoading = false,
  error = null,
  onRetry,
  onSave,
}: SignersEditorProps) {
  const m = useMessages();
  const t = m.planning.settings.signers;
  const c = t.columns;
  const [editing, setEditing] = useState<UnitRow | null>(null);
  const [isSaving, setSaving] = useState(false);
  const signerOf = (agencyId: string | null) =>
    signers.find((signer) => signer.agency_id === agencyId);
  const rows: UnitRow[] = [
    { id: REGION, agencyId: null, name: t.region, signer: signerOf(null) },
    ...agencies.map((agency) => ({
      id: agency.id,
      agencyId: agency.id,
      name: codeName(agency.code, agency.name),
      signer: signerOf(agency.id),
    })),
  ];

  return (
    <AdminSection level={2} title={t.title} intro={t.intro}>
      {(titleId) => (
        <>
          {error ? (
            <ErrorState message={error} onRetry={onRetry} />
          ) : (
            <Table aria-labelledby={titleId} className="[&_td]:px-3 [&_th]:px-3">
              <TableHeader>
                <Column isRowHeader>{c.unit}</Column>
                <Column>{c.place}</Column>
                <Column>{c.position}</Column>
                <Column>{c.name}</Column>
                <Column>{c.nip}</Column>
                <Column>{m.common.actions}</Column>
              </TableHeader>
              <TableBody
                items={rows}
                isLoading={isLoading}
                renderEmptyState={() => <EmptyState text={t.notSet} />}
              >
                {(row) => (
                  <Row id={row.id}>
                    <Cell className="min-w-48 break-words font-medium text-slate-900">
                      {row.name}
                    </Cell>
                    <Cell className="break-words">{row.signer?.place}</Cell>
                    <Cell className="min-w-40 break-words">{row.signer?.position}</Cell>
                    <Cell className="min-w-36 break-words">
                      {row.signer?.name ?? (
                        <span className="italic text-slate-600">{t.notSet}</span>
                      )}
                    </Cell>
                    <Cell className="whitespace-nowrap font-mono text-xs">{row.signer?.nip}</Cell>
                    <Cell>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t.setFor(row.name)}
                        onPress={() => setEditing(row)}
                      >
                        {t.set}
                      </Button>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          )}
          <Modal
            isOpen={editing !== null}
            onOpenChange={(isOpen) => {
              if (!isOpen && !isSaving) setEditing(null);
            }}
            isKeyboardDismissDisabled={isSaving}
          >
            {editing && (
              <SignerForm
                key={editing.id}
                unit={editing}
                isSaving={isSaving}
                onSubmit={async (signer) => {
                  setSaving(true);
                  try {
                    await onSave(signer);
                    setEditing(null);
                  } finally {
                    setSaving(false);
                  }
                }}
              />
            )}
          </Modal>
        </>
      )}
    </AdminSection>
  );
}

type SignerField = 'place' | 'position' | 'name' | 'nip';

function SignerForm({
  unit,
  isSaving,
  onSubmit,
}: {
  unit: UnitRow;
  isSaving: boolean;
  onSubmit: (signer: SignerInput) => Promise<void>;
}) {
  const m = useMessages();
  const t = m.planning.settings.signers;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<SignerField, string>>({
    place: unit.signer?.place ?? '',
    position: unit.signer?.position ?? '',
    name: unit.signer?.name ?? '',
    nip: unit.signer?.nip ?? '',
  });
  const [attempt, setAttempt] = useState(0);
  const { failure, show: showFailure, clear: clearFailure } = useFailure();
  useFocusFirstInvalid(form, attempt);
  const labels: Record<SignerField, string> = t.columns;
  const parsed = SignerInput.safeParse({ agency_id: unit.agencyId, ...values });
  const errors =
    attempt > 0 && !parsed.success ? fieldErrorsFrom(parsed.error.issues, values, labels, m) : {};
  const change = (field: SignerField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (!parsed.success) {
      setAttempt((n) => n + 1);
      return;
    }
    clearFailure();
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      showFailure(describeError(error, t.saveFailed));
    }
  };

  const field = (name: SignerField, extra: { placeholder?: string; description?: string } = {}) => (
    <TextField
      label={labels[name]}
      name={name}
      autoComplete="off"
      isRequired={name !== 'nip'}
      validationBehavior="aria"
      value={values[name]}
      onChange={change(name)}
      errorMessage={errors[name]}
      {...extra}
    />
  );

  return (
    <FormDialog
      title={t.dialogTitle(unit.name)}
      isSaving={isSaving}
      onSubmit={submit}
      failure={failure}
      formRef={form}
    >
      {field('place', { placeholder: t.placePlaceholder })}
      {field('position', { placeholder: t.positionPlaceholder })}
      {field('name')}
      {field('nip', { description: t.nipHint })}
    </FormDialog>
  );
}
