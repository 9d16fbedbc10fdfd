import {
  isApiError,
  MAX_PAGE_SIZE,
  type Role,
  roles,
  type User,
  UserCreateInput,
  UserUpdateInput,
} from '@ranwal/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { Checkbox } from '../../components/Checkbox.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Dialog, FormDialogFooter, Modal } from '../../components/Dialog.js';
import { SearchField } from '../../components/FilterBar.js';
import { useFocusFirstInvalid } from '../../components/FormDialog.js';
import { NumberedPagination, type NumberedPaginationProps } from '../../components/Pagination.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { TextField } from '../../components/TextField.js';
import { toastDurations } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import {
  useCreateUser,
  useDeleteUser,
  useEntityList,
  useSetPassword,
  useUpdateUser,
  useUsers,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedValue } from '../../lib/use-debounced.js';
import { type AgencyOption, AgencyPicker } from './AgencyPicker.js';
import { fieldErrorsFrom } from './field-errors.js';
import { PasswordDialog } from './PasswordDialog.js';

export interface UserManagementProps {
  /** The rows of the current page. */
  users: readonly User[];
  /** The first load: one 'Memuat data...' row stands in for the rows. */
  isLoading?: boolean;
  /** Why the list could not be loaded; shown instead of the table. */
  loadError?: string;
  onRetry?: () => void;
  /** Creates a user; resolve when the list shows it, reject with the call's error. */
  onCreate: (body: UserCreateInput) => Promise<unknown>;
  /** Updates a user (never the password); as `onCreate`. */
  onUpdate: (id: string, body: UserUpdateInput) => Promise<unknown>;
  /** Deletes a user; as `onCreate`. */
  onDelete: (id: string) => Promise<unknown>;
  /** Sets a user's new password (ending their sessions); the row action shows only with it. */
  onSetPassword?: (id: string, password: string) => Promise<unknown>;
  /** The search box's text; the box shows only with `onSearchChange`. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /**
   * Only users and verifiers without a Perangkat Daerah (issue 34); the checkbox shows only
   * with `onWithoutAgencyChange`.
   */
  withoutAgency?: boolean;
  onWithoutAgencyChange?: (withoutAgency: boolean) => void;
  /** Page numbers under the table, shown when there is more than one page. */
  pagination?: NumberedPaginationProps;
  /** Every Perangkat Daerah: the form's choice of a person's units, and their names in the table. */
  agencies?: readonly AgencyOption[];
}

type Editing = { mode: 'create' } | { mode: 'edit'; user: User };
type Notice = { id: number; tone: 'success' | 'error'; message: string };
/** What the server refused about a field of the form, in its words. */
type ServerFieldErrors = Partial<Record<'email' | 'agency_ids', string>>;

/**
 * The admin's user list (spec "User management"): add, edit and delete users, with a green
 * 'Berhasil!' or red 'Gagal!' banner for 5 s after each change.
 */
export function UserManagement({
  users,
  isLoading = false,
  loadError,
  onRetry,
  onCreate,
  onUpdate,
  onDelete,
  onSetPassword,
  search,
  onSearchChange,
  withoutAgency = false,
  onWithoutAgencyChange,
  pagination,
  agencies = [],
}: UserManagementProps) {
  const m = useMessages();
  const u = m.users;
  const headingId = useId();
  const noticeCount = useRef(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<Notice | null>(null);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({});
  const [deleting, setDeleting] = useState<User | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [settingPassword, setSettingPassword] = useState<User | null>(null);

  const notify = (tone: Notice['tone'], message: string): Notice => {
    noticeCount.current += 1;
    return { id: noticeCount.current, tone, message };
  };

  const agencyNames = new Map(agencies.map((agency) => [agency.id, agency.name]));
  // The fields a save's refusal can name, by the labels the dialog shows them under.
  const fieldLabels: Record<keyof ServerFieldErrors, string> = {
    email: u.fields.email,
    agency_ids: u.agencies,
  };

  const openEditor = (next: Editing) => {
    setSaveError(null);
    setServerErrors({});
    setEditing(next);
  };
  const closeEditor = () => {
    if (!isSaving) setEditing(null);
  };

  const save = async ({ password, ...details }: UserFormValues) => {
    if (!editing) return;
    setSaving(true);
    setSaveError(null);
    setServerErrors({});
    try {
      if (editing.mode === 'create') {
        await onCreate({ ...details, password });
        setNotice(notify('success', u.created));
      } else {
        // An update never sends a password (spec section 7).
        await onUpdate(editing.user.id, details);
        setNotice(notify('success', u.updated));
      }
      setEditing(null);
    } catch (error) {
      const fallback = editing.mode === 'create' ? u.createFailed : u.updateFailed;
      const issues = (isApiError(error) ? (error.issues ?? []) : []).filter(
        (issue): issue is { path: keyof ServerFieldErrors; message: string } =>
          issue.path in fieldLabels,
      );
      // The API names a field by its key ('Kolom agency_ids tidak valid: …'); the banner names
      // it as the form does ('Kolom Perangkat Daerah tidak valid: …').
      const [first] = issues;
      const message = describeError(error, fallback);
      setSaveError(
        notify(
          'error',
          first && message === m.server.validation(first.path, first.message)
            ? m.server.validation(fieldLabels[first.path], first.message)
            : message,
        ),
      );
      setServerErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await onDelete(deleting.id);
      setNotice(notify('success', u.deleted));
    } catch (error) {
      setNotice(notify('error', describeError(error, u.deleteFailed)));
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {u.title}
        </h1>
        <Button onPress={() => openEditor({ mode: 'create' })}>{u.add}</Button>
      </div>

      {notice && <StatusBanner notice={notice} onDismiss={() => setNotice(null)} />}

      {(onSearchChange || onWithoutAgencyChange) && (
        <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
          {onSearchChange && (
            <SearchField
              label={u.search}
              placeholder={u.searchPlaceholder}
              value={search ?? ''}
              onChange={onSearchChange}
              className="w-full max-w-sm"
            />
          )}
          {onWithoutAgencyChange && (
            <Checkbox
              isSelected={withoutAgency}
              onChange={onWithoutAgencyChange}
              description={u.withoutAgencyFilterHint}
              className="max-w-md sm:pt-8"
            >
              {u.withoutAgencyFilter}
            </Checkbox>
          )}
        </div>
      )}

      {loadError ? (
        <ErrorState message={loadError} onRetry={onRetry} />
      ) : (
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <Column>{u.fields.id}</Column>
            <Column isRowHeader>{u.fields.name}</Column>
            <Column>{u.fields.email}</Column>
            <Column>{u.fields.role}</Column>
            <Column>{u.agencies}</Column>
            <Column>{m.common.actions}</Column>
          </TableHeader>
          <TableBody
            items={users}
            // A row names its units from `agencies`, which may arrive after the rows.
            dependencies={[agencies]}
            isLoading={isLoading}
            renderEmptyState={() => (
              <EmptyState text={withoutAgency ? u.withoutAgencyEmpty : u.empty} />
            )}
          >
            {(user) => (
              <Row id={user.id}>
                <Cell className="min-w-36 max-w-44 break-all font-mono text-xs text-slate-600">
                  {user.id}
                </Cell>
                <Cell className="min-w-32 break-words font-medium text-slate-900">{user.name}</Cell>
                <Cell className="min-w-40 break-all">{user.email}</Cell>
                <Cell>
                  <RoleBadge role={user.role} />
                </Cell>
                <Cell className="min-w-32">
                  {user.agency_ids.length > 0 ? (
                    <ul className="flex flex-col gap-0.5">
                      {user.agency_ids.map((id) => (
                        <li key={id} className="break-words">
                          {/* Names arrive with the unit list: never an id in their place. */}
                          {agencyNames.get(id) ?? (
                            <span className="text-slate-600">{m.common.loading}</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-slate-600">{u.noAgencies}</span>
                  )}
                </Cell>
                <Cell>
                  {/* Wraps rather than pushing Hapus out of sight beside the units column. */}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onPress={() => openEditor({ mode: 'edit', user })}
                    >
                      {m.common.edit}
                    </Button>
                    {onSetPassword && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onPress={() => setSettingPassword(user)}
                      >
                        {u.changePassword}
                      </Button>
                    )}
                    <Button size="sm" variant="danger" onPress={() => setDeleting(user)}>
                      {m.common.delete}
                    </Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}

      {pagination && !loadError && <NumberedPagination {...pagination} />}

      <Modal
        isOpen={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) closeEditor();
        }}
        isKeyboardDismissDisabled={isSaving}
      >
        {editing && (
          <UserFormDialog
            key={editing.mode === 'edit' ? editing.user.id : 'create'}
            editing={editing}
            isSaving={isSaving}
            error={saveError}
            serverErrors={serverErrors}
            agencies={agencies}
            onDismissError={() => setSaveError(null)}
            onSubmit={save}
          />
        )}
      </Modal>

      {onSetPassword && settingPassword && (
        <PasswordDialog
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setSettingPassword(null);
          }}
          user={settingPassword}
          onSubmit={async ({ next }) => {
            await onSetPassword(settingPassword.id, next);
            setNotice(notify('success', u.passwordChanged));
          }}
        />
      )}

      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !isDeleting) setDeleting(null);
        }}
        onConfirm={confirmDelete}
        isPending={isDeleting}
        message={u.confirmDelete}
      />
    </section>
  );
}

function StatusBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const common = useMessages().common;
  return (
    <Banner
      key={notice.id}
      tone={notice.tone}
      title={notice.tone === 'success' ? common.successTitle : common.failureTitle}
      timeout={toastDurations.user}
      onDismiss={onDismiss}
    >
      {notice.message}
    </Banner>
  );
}

function RoleBadge({ role }: { role: Role }) {
  const roles = useMessages().roles;
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        role === 'admin' && 'bg-brand-50 text-brand-800',
        role === 'verifier' && 'bg-amber-50 text-amber-900',
        role === 'user' && 'bg-slate-100 text-slate-700',
      )}
    >
      {roles[role]}
    </span>
  );
}

interface UserFormValues {
  name: string;
  email: string;
  role: Role;
  password: string;
  agency_ids: string[];
}

type UserField = Exclude<keyof UserFormValues, 'agency_ids'>;

interface UserFormDialogProps {
  editing: Editing;
  isSaving: boolean;
  error: Notice | null;
  serverErrors: ServerFieldErrors;
  agencies: readonly AgencyOption[];
  onDismissError: () => void;
  /** The checked values: trimmed, the email in lower case; no password when editing. */
  onSubmit: (values: UserFormValues) => void;
}

/**
 * The create or edit dialog. It is mounted afresh each time it opens, so closing it resets the
 * fields to empty and the role to user (spec section 4).
 */
function UserFormDialog({
  editing,
  isSaving,
  error,
  serverErrors,
  agencies,
  onDismissError,
  onSubmit,
}: UserFormDialogProps) {
  const m = useMessages();
  const u = m.users;
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const isCreate = editing.mode === 'create';
  const [values, setValues] = useState<UserFormValues>(() =>
    editing.mode === 'edit'
      ? {
          name: editing.user.name,
          email: editing.user.email,
          role: editing.user.role,
          password: '',
          agency_ids: [...editing.user.agency_ids],
        }
      : { name: '', email: '', role: 'user', password: '', agency_ids: [] },
  );
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt);
  // The server's refusal of a field (a unit removed meanwhile, an email taken) counts as a tried
  // save too: focus goes to the field it names, as it does for the form's own refusals.
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) setAttempt((n) => n + 1);
  }, [serverErrors]);

  const parsed = isCreate
    ? UserCreateInput.safeParse(values)
    : UserUpdateInput.safeParse({ name: values.name, email: values.email, role: values.role });
  const labels: Record<UserField, string> = {
    name: u.fields.name,
    email: u.fields.email,
    role: u.fields.role,
    password: u.fields.password,
  };
  // Fields are checked once the first save was tried, then again on every change.
  const errors: Partial<Record<UserField, string>> =
    attempt > 0 && !parsed.success
      ? fieldErrorsFrom<UserField>(parsed.error.issues, values, labels, m, {
          password: {
            too_small: u.passwordTooShort,
            invalid_format: u.passwordNeedsLetterAndDigit,
          },
        })
      : {};
  const change = (field: UserField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (!parsed.success) {
      setAttempt((n) => n + 1);
      return;
    }
    const { name, email, role } = parsed.data;
    onSubmit({
      name,
      email,
      role,
      password: isCreate ? values.password : '',
      agency_ids: values.agency_ids,
    });
  };

  return (
    <Dialog
      title={isCreate ? u.createTitle : u.editTitle}
      footer={({ close }) => <FormDialogFooter formId={formId} isSaving={isSaving} close={close} />}
    >
      <form id={formId} ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {error && <StatusBanner notice={error} onDismiss={onDismissError} />}
        <TextField
          label={labels.name}
          name="name"
          autoComplete="off"
          autoFocus
          isRequired
          validationBehavior="aria"
          value={values.name}
          onChange={change('name')}
          errorMessage={errors.name}
        />
        <TextField
          label={labels.email}
          name="email"
          type="email"
          autoComplete="off"
          isRequired
          validationBehavior="aria"
          value={values.email}
          onChange={change('email')}
          errorMessage={errors.email ?? serverErrors.email}
        />
        <Select
          label={labels.role}
          isRequired
          validationBehavior="aria"
          value={values.role}
          onChange={(role) => {
            const chosen = roles.find((known) => known === role);
            if (chosen) setValues((current) => ({ ...current, role: chosen }));
          }}
          errorMessage={errors.role}
        >
          {roles.map((role) => (
            <SelectItem key={role} id={role}>
              {m.roles[role]}
            </SelectItem>
          ))}
        </Select>
        <AgencyPicker
          agencies={agencies}
          value={values.agency_ids}
          onChange={(agency_ids) => setValues((current) => ({ ...current, agency_ids }))}
          errorMessage={serverErrors.agency_ids}
        />
        {isCreate && (
          <TextField
            label={labels.password}
            name="password"
            revealable
            autoComplete="new-password"
            isRequired
            validationBehavior="aria"
            value={values.password}
            onChange={change('password')}
            description={u.passwordRule}
            errorMessage={errors.password}
          />
        )}
      </form>
    </Dialog>
  );
}

export interface ConnectedUserManagementProps {
  /** Users per page; 10 by default. */
  pageSize?: number;
}

/** The user list over the provider's client: paged, searchable, reloaded after every change. */
export function ConnectedUserManagement({ pageSize = 10 }: ConnectedUserManagementProps) {
  const messages = useMessages();
  const [search, setSearch] = useState('');
  const [withoutAgency, setWithoutAgency] = useState(false);
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUsers({
    page,
    limit: pageSize,
    ...(query ? { search: query } : {}),
    ...(withoutAgency ? { without_agency: 'true' } : {}),
  });
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const setPassword = useSetPassword();
  // A region has a few dozen Perangkat Daerah: one page holds them.
  const agencies = useEntityList('agency', { limit: MAX_PAGE_SIZE });
  const filter = list.data?.filter;
  const lastPage = filter?.total_page;

  // Deleting the last row of the last page leaves the user on a page that no longer exists.
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  return (
    <UserManagement
      users={list.data?.data ?? []}
      isLoading={list.isPending}
      loadError={list.isError ? describeError(list.error, messages.users.fetchFailed) : undefined}
      onRetry={() => void list.refetch()}
      onCreate={(body) => create.mutateAsync(body)}
      onUpdate={(id, body) => update.mutateAsync({ id, body })}
      onDelete={(id) => remove.mutateAsync(id)}
      onSetPassword={(id, password) => setPassword.mutateAsync({ id, password })}
      agencies={(agencies.data?.data ?? []).map(({ id, code, name }) => ({ id, code, name }))}
      search={search}
      onSearchChange={(next) => {
        setSearch(next);
        setPage(1);
      }}
      withoutAgency={withoutAgency}
      onWithoutAgencyChange={(next) => {
        setWithoutAgency(next);
        setPage(1);
      }}
      pagination={
        filter && {
          page,
          totalPages: filter.total_page,
          totalItems: filter.filtered_result,
          pageSize,
          onChange: setPage,
        }
      }
    />
  );
}
