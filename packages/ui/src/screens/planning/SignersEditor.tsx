import { type Signer, SignerInput } from '@ranwal/core';
import { useState } from 'react';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { RowButton } from '../../components/DataTable.js';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { EmptyState } from '../../components/States.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { fieldErrorsFrom } from '../users/field-errors.js';
import { codeName } from './PaguManager.js';

/** A Perangkat Daerah whose RKA is signed. */
export interface SignedUnit {
  id: string;
  code: string | null;
  name: string;
}

/** The list's states; a settings table has no filter bar or pages. */
export interface SignersEditorProps
  extends Pick<AdminListProps, 'isLoading' | 'error' | 'onRetry'> {
  /** The Perangkat Daerah (the region as a whole comes first by itself). */
  agencies: readonly SignedUnit[];
  signers: readonly Signer[];
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
export function SignersEditor({ agencies, signers, onSave, ...list }: SignersEditorProps) {
  const m = useMessages();
  const t = m.planning.settings.signers;
  const c = t.columns;
  const [editing, setEditing] = useState<UnitRow | null>(null);
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
    <AdminTablePage
      {...list}
      level={2}
      title={t.title}
      intro={t.intro}
      rows={rows}
      empty={<EmptyState text={t.notSet} />}
      columns={[
        {
          id: 'unit',
          header: c.unit,
          isRowHeader: true,
          cellClassName: 'min-w-48 break-words font-medium text-slate-900',
          cell: (row) => row.name,
        },
        {
          id: 'place',
          header: c.place,
          cellClassName: 'break-words',
          cell: (row) => row.signer?.place,
        },
        {
          id: 'position',
          header: c.position,
          cellClassName: 'min-w-40 break-words',
          cell: (row) => row.signer?.position,
        },
        {
          id: 'name',
          header: c.name,
          cellClassName: 'min-w-36 break-words',
          cell: (row) =>
            row.signer?.name ?? <span className="italic text-slate-600">{t.notSet}</span>,
        },
        {
          id: 'nip',
          header: c.nip,
          cellClassName: 'whitespace-nowrap font-mono text-xs',
          cell: (row) => row.signer?.nip,
        },
        {
          id: 'actions',
          header: m.common.actions,
          cell: (row) => (
            <RowButton aria-label={t.setFor(row.name)} onPress={() => setEditing(row)}>
              {t.set}
            </RowButton>
          ),
        },
      ]}
      footer={
        <FormModal isOpen={editing !== null} onClose={() => setEditing(null)}>
          {({ isSaving, save }) =>
            editing && (
              <SignerForm
                key={editing.id}
                unit={editing}
                isSaving={isSaving}
                onSubmit={(signer) => save(() => onSave(signer))}
              />
            )
          }
        </FormModal>
      }
    />
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
  const [values, setValues] = useState<Record<SignerField, string>>({
    place: unit.signer?.place ?? '',
    position: unit.signer?.position ?? '',
    name: unit.signer?.name ?? '',
    nip: unit.signer?.nip ?? '',
  });
  const labels: Record<SignerField, string> = t.columns;
  const parsed = SignerInput.safeParse({ agency_id: unit.agencyId, ...values });
  const { attempt, dialog } = useFormSubmit({
    isSaving,
    parsed,
    save: onSubmit,
    failed: t.saveFailed,
  });
  const errors =
    attempt > 0 && !parsed.success ? fieldErrorsFrom(parsed.error.issues, values, labels, m) : {};
  const change = (field: SignerField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

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
    <FormDialog title={t.dialogTitle(unit.name)} {...dialog}>
      {field('place', { placeholder: t.placePlaceholder })}
      {field('position', { placeholder: t.positionPlaceholder })}
      {field('name')}
      {field('nip', { description: t.nipHint })}
    </FormDialog>
  );
}
