import {
  formatRupiah,
  type ManagedEntityKey,
  managedEntities,
  messagesId,
  type Session,
} from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type FormEvent, useId, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SandboxRanwalProvider } from '../testing/SandboxRanwalProvider.js';
import {
  demoCredentials,
  demoSeed,
  emptySeed,
  httpError,
  longNamesSeed,
} from '../testing/sandbox-client.js';
import { describeError } from './errors.js';
import {
  useArticles,
  useCreateBudgetLine,
  useCreateEntity,
  useDeleteEntity,
  useDownloadReport,
  useEntityList,
  useSignIn,
} from './queries.js';
import { useMessages } from './RanwalProvider.js';
import { clearSession, readSession, sessionKeys, writeSession } from './session.js';

/*
 * Small connected demos over the sandbox client: they show how a screen uses the provider and
 * the hooks, and their play functions check the data layer's behaviour in a real browser.
 */

const m = messagesId;

function EntityListDemo({
  entity,
  uuid,
  limit = 5,
}: {
  entity: ManagedEntityKey;
  uuid?: string;
  limit?: number;
}) {
  const messages = useMessages();
  const level = messages.levels[entity];
  const { parent } = managedEntities[entity];
  // The six levels carry a code, each under its own label; Pengampu has none.
  const codeLabel = entity === 'supporter' ? null : messages.levels[entity].codeLabel;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState('');
  const list = useEntityList(entity, { page, limit, search, uuid });
  const remove = useDeleteEntity(entity);
  const searchId = useId();
  const rows = (list.data?.data ?? []) as Record<string, unknown>[];
  const filter = list.data?.filter;
  const from = (page - 1) * limit + 1;

  return (
    <section>
      <label htmlFor={searchId}>{level.searchPlaceholder}</label>{' '}
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {list.isPending && <p role="status">{messages.common.loading}</p>}
      {list.isError && <p role="alert">{describeError(list.error, level.fetchFailed)}</p>}
      {remove.isError && (
        <p role="alert">{describeError(remove.error, level.deleteFailed(deleting))}</p>
      )}
      {list.isSuccess && rows.length === 0 && <p>{level.emptyList}</p>}
      {rows.length > 0 && (
        <table>
          <caption>{level.listTitle}</caption>
          <thead>
            <tr>
              {codeLabel && <th scope="col">{codeLabel}</th>}
              <th scope="col">{level.nameLabel}</th>
              {parent && <th scope="col">{messages.levels[parent].label}</th>}
              <th scope="col">{messages.common.actions}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.id)}>
                {codeLabel && <td>{String(row.code ?? '')}</td>}
                <td>{String(row.name)}</td>
                {parent && (
                  <td>
                    {messages.levels[parent].rowParent(
                      String(
                        row[`${parent}_name`] ?? messages.levels[parent].unknownParentFallback,
                      ),
                    )}
                  </td>
                )}
                <td>
                  <button
                    type="button"
                    aria-label={`${messages.common.delete} ${String(row.name)}`}
                    onClick={() => {
                      setDeleting(String(row.name));
                      remove.mutate(String(row.id));
                    }}
                  >
                    {messages.common.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {filter && (
        <nav aria-label={messages.pagination.label}>
          <p>{messages.pagination.pageOf(filter.current_page, filter.total_page)}</p>
          <p>
            {messages.pagination.showingRange(from, from + rows.length - 1, filter.filtered_result)}
          </p>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {messages.pagination.previous}
          </button>{' '}
          <button
            type="button"
            disabled={page >= filter.total_page}
            onClick={() => setPage(page + 1)}
          >
            {messages.pagination.next}
          </button>
        </nav>
      )}
    </section>
  );
}

function ArticleListDemo() {
  const text = useMessages().articles.management;
  const list = useArticles({ limit: 20 });
  if (list.isPending) return <p role="status">{m.common.loading}</p>;
  if (list.isError) {
    return <p role="alert">{describeError(list.error, text.listFailed, text.listNetworkError)}</p>;
  }
  return (
    <section>
      <h2>{text.title}</h2>
      <p>{`${list.data.filter.filtered_result} artikel`}</p>
      <ul>
        {list.data.data.map((article) => (
          <li key={article.id}>{article.title}</li>
        ))}
      </ul>
    </section>
  );
}

function CreateSupporterDemo() {
  const level = useMessages().levels.supporter;
  const create = useCreateEntity('supporter');
  const [name, setName] = useState('');
  const nameId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!create.isPending) create.mutate({ name }, { onSuccess: () => setName('') });
  };
  return (
    <>
      <form onSubmit={submit}>
        <label htmlFor={nameId}>{level.nameLabel}</label>{' '}
        <input id={nameId} value={name} onChange={(event) => setName(event.target.value)} />{' '}
        {/* Not `disabled`: a disabled button drops focus, or keeps it when the answer comes
            within a frame, so where focus ends would depend on the server's speed. */}
        <button type="submit" aria-disabled={create.isPending || undefined}>
          {create.isPending ? m.common.saving : m.common.save}
        </button>
      </form>
      {create.isSuccess && <p role="status">{level.created}</p>}
      {create.isError && <p role="alert">{describeError(create.error, level.createFailed)}</p>}
      <EntityListDemo entity="supporter" limit={100} />
    </>
  );
}

/** The ids of one full branch of the demo seed, from its first account up. */
function demoBranch() {
  const { entities } = demoSeed;
  const account = entities.account[0]!;
  const subtitle = entities.subtitle.find((row) => row.id === account.subtitle_id)!;
  const activity = entities.activity.find((row) => row.id === subtitle.activity_id)!;
  const sub_action = entities.sub_action.find((row) => row.id === activity.sub_action_id)!;
  const action = entities.action.find((row) => row.id === sub_action.action_id)!;
  return {
    program_id: action.program_id,
    action_id: action.id,
    sub_action_id: sub_action.id,
    activity_id: activity.id,
    subtitle_id: subtitle.id,
    account_id: account.id,
    supporter_id: entities.supporter[0]!.id,
  };
}

function ReportTotalsDemo() {
  const form = useMessages().reports.form;
  const create = useCreateBudgetLine();
  const [price, setPrice] = useState('0');
  const [volumes, setVolumes] = useState(['1', '1', '1']);
  const [taxed, setTaxed] = useState(false);
  const id = useId();
  const volumeLabels = [form.firstVolume, form.secondVolume, form.thirdVolume];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [first, second, third] = volumes.map(Number);
    create.mutate({
      ...demoBranch(),
      component_name: 'Kertas HVS A4',
      price: Number(price),
      first_volume: first,
      second_volume: second,
      third_volume: third,
      is_taxed: taxed,
      // What the browser computed is ignored: the server's maths is authoritative.
      total_price: 1,
      tax: 1,
      total_after_tax: 1,
    });
  };
  const line = create.data?.data;
  return (
    <form onSubmit={submit}>
      <label htmlFor={`${id}-price`}>{form.price}</label>{' '}
      <input
        id={`${id}-price`}
        inputMode="numeric"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
      />
      {volumeLabels.map((label, index) => (
        <p key={label}>
          <label htmlFor={`${id}-${index}`}>{label}</label>{' '}
          <input
            id={`${id}-${index}`}
            inputMode="decimal"
            value={volumes[index]}
            onChange={(event) =>
              setVolumes(volumes.map((v, i) => (i === index ? event.target.value : v)))
            }
          />
        </p>
      ))}
      <p>
        <input
          id={`${id}-tax`}
          type="checkbox"
          checked={taxed}
          onChange={(event) => setTaxed(event.target.checked)}
        />{' '}
        <label htmlFor={`${id}-tax`}>{form.taxCheckbox}</label>
      </p>
      <button type="submit">{create.isPending ? form.submitting : form.submit}</button>
      {create.isError && <p role="alert">{describeError(create.error, m.reports.createFailed)}</p>}
      {line && (
        <section aria-labelledby={`${id}-line`}>
          <h2 id={`${id}-line`}>{m.reports.list.detailTitle}</h2>
          <dl>
            <dt>{form.totalPrice}</dt>
            <dd>{formatRupiah(line.total_price)}</dd>
            <dt>{m.reports.fields.tax}</dt>
            <dd>{formatRupiah(line.tax)}</dd>
            <dt>{form.totalAfterTax}</dt>
            <dd>{formatRupiah(line.total_after_tax)}</dd>
            <dt>{m.reports.fields.programName}</dt>
            <dd>{line.program_name}</dd>
            <dt>{m.reports.fields.accountCode}</dt>
            <dd>{line.account_code}</dd>
            <dt>{m.reports.fields.supporter}</dt>
            <dd>{line.supporter_name}</dd>
          </dl>
        </section>
      )}
    </form>
  );
}

function DownloadDemo() {
  const download = useDownloadReport();
  return (
    <>
      <button type="button" onClick={() => download.mutate({ year: 2025 })}>
        {m.reports.admin.download}
      </button>
      {download.isSuccess && (
        <p role="status">{`${m.reports.downloaded}: ${download.data.fileName} (${download.data.blob.size} byte)`}</p>
      )}
      {download.isError && (
        <p role="alert">{describeError(download.error, m.reports.downloadFailed)}</p>
      )}
    </>
  );
}

function SessionDemo() {
  const login = useMessages().login;
  const signIn = useSignIn();
  const [session, setSession] = useState<Session | null>(() => readSession());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      { onSuccess: (result) => setSession(writeSession(result.data)) },
    );
  };
  return (
    <>
      <form onSubmit={submit}>
        <label htmlFor={`${id}-email`}>{login.email}</label>{' '}
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />{' '}
        <label htmlFor={`${id}-password`}>{login.password}</label>{' '}
        <input
          id={`${id}-password`}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />{' '}
        <button type="submit">{signIn.isPending ? login.submitting : login.submit}</button>
      </form>
      {signIn.isError && (
        <p role="alert">
          {describeError(signIn.error, login.invalidCredentials, login.networkError)}
        </p>
      )}
      <dl>
        {sessionKeys.map((key) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{session?.[key] ?? '-'}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={() => {
          clearSession();
          setSession(readSession());
        }}
      >
        {m.logout.label}
      </button>
    </>
  );
}

const meta = {
  title: 'Data/RanwalProvider',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const programs = [...demoSeed.entities.program].sort((a, b) => a.name.localeCompare(b.name));
const accountCount = demoSeed.entities.account.length;

export const Loading: Story = {
  render: () => (
    <SandboxRanwalProvider latencyMs={300}>
      <EntityListDemo entity="program" />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(canvas.queryByRole('table')).toBeNull();
    for (const program of programs) {
      await expect(await canvas.findByRole('cell', { name: program.name })).toBeVisible();
    }
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const Search: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <EntityListDemo entity="account" limit={100} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = canvas.getByRole('searchbox', { name: m.levels.account.searchPlaceholder });
    await canvas.findByRole('table');
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + accountCount);

    // By code...
    await userEvent.type(search, '0052');
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(1 + 2));
    for (const cell of canvas.getAllByRole('cell', { name: '5.1.02.01.01.0052' })) {
      await expect(cell).toBeVisible();
    }
    // ...and by name, whatever the case.
    await userEvent.clear(search);
    await userEvent.type(search, 'PERJALANAN DINAS');
    const travel = demoSeed.entities.account.filter((row) =>
      row.name.toLowerCase().includes('perjalanan dinas'),
    );
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(1 + travel.length));
    await expect(
      canvas.getByText(m.pagination.showingRange(1, travel.length, travel.length)),
    ).toBeVisible();
  },
};

export const Pagination: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <EntityListDemo entity="account" limit={5} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pages = Math.ceil(accountCount / 5);
    await expect(await canvas.findByText(m.pagination.pageOf(1, pages))).toBeVisible();
    await expect(canvas.getByText(m.pagination.showingRange(1, 5, accountCount))).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + 5);
    await expect(canvas.getByRole('button', { name: m.pagination.previous })).toBeDisabled();

    for (let page = 2; page <= pages; page++) {
      await userEvent.click(canvas.getByRole('button', { name: m.pagination.next }));
      await expect(await canvas.findByText(m.pagination.pageOf(page, pages))).toBeVisible();
    }
    const last = accountCount - 5 * (pages - 1);
    await expect(
      canvas.getByText(m.pagination.showingRange(5 * (pages - 1) + 1, accountCount, accountCount)),
    ).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + last);
    await expect(canvas.getByRole('button', { name: m.pagination.next })).toBeDisabled();
  },
};

export const ChildrenOfOneParent: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <EntityListDemo entity="action" uuid={programs[2]!.id} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const program = programs[2]!;
    const children = demoSeed.entities.action.filter((row) => row.program_id === program.id);
    await canvas.findByRole('table');
    await expect(canvas.getAllByRole('row')).toHaveLength(1 + children.length);
    await expect(
      canvas.getAllByRole('cell', { name: m.levels.program.rowParent(program.name) }),
    ).toHaveLength(children.length);
    for (const child of children) {
      await expect(canvas.getByRole('cell', { name: child.name })).toBeVisible();
    }
    await expect(
      canvas.getByText(m.pagination.showingRange(1, children.length, children.length)),
    ).toBeVisible();
  },
};

export const ServerMessage: Story = {
  render: () => (
    <SandboxRanwalProvider
      failOn={{ 'program.list': httpError('unavailable', 'Basis data sedang dalam pemeliharaan.') }}
    >
      <EntityListDemo entity="program" />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    // A 5xx is tried twice (about a second apart) before the error shows.
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Basis data sedang dalam pemeliharaan.');
  },
};

export const DefaultMessage: Story = {
  render: () => (
    <SandboxRanwalProvider failOn={{ 'program.list': httpError('not_found') }}>
      <EntityListDemo entity="program" />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    // No server message: the screen's own text (a 4xx is not retried).
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(m.levels.program.fetchFailed);
  },
};

export const NetworkFailure: Story = {
  render: () => (
    <SandboxRanwalProvider failOn={{ 'article.list': 'network' }}>
      <ArticleListDemo />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(m.articles.management.listNetworkError);
  },
};

export const PublishedOnlyForVisitors: Story = {
  render: () => (
    <SandboxRanwalProvider currentUser={null}>
      <ArticleListDemo />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const published = demoSeed.articles.filter((article) => article.status === 'published');
    await expect(await canvas.findByText(`${published.length} artikel`)).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(published.length);
    const draft = demoSeed.articles.find((article) => article.status === 'draft')!;
    await expect(canvas.queryByText(draft.title)).toBeNull();
  },
};

export const CreateThenList: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <CreateSupporterDemo />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const level = m.levels.supporter;
    await canvas.findByRole('table');
    await expect(canvas.queryByRole('cell', { name: 'Bidang Statistik' })).toBeNull();

    await userEvent.type(canvas.getByLabelText(level.nameLabel), 'Bidang Statistik');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(level.created);
    await expect(await canvas.findByRole('cell', { name: 'Bidang Statistik' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(
      1 + demoSeed.entities.supporter.length + 1,
    );
  },
};

export const CreateInvalid: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <CreateSupporterDemo />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByLabelText(m.levels.supporter.nameLabel), '   ');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    // The core schema refuses a blank name; the server's message names the field.
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      m.server.validation('name', 'wajib diisi'),
    );
  },
};

export const DeleteWithChildren: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <EntityListDemo entity="program" />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const program = programs[0]!;
    await userEvent.click(
      await canvas.findByRole('button', { name: `${m.common.delete} ${program.name}` }),
    );
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`Program "${program.name}" tidak dapat dihapus`);
    await expect(canvas.getByRole('cell', { name: program.name })).toBeVisible();
  },
};

export const ReportTotals: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <ReportTotalsDemo />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = m.reports.form;
    const price = canvas.getByLabelText(form.price);
    await userEvent.clear(price);
    await userEvent.type(price, '1001');
    await userEvent.click(canvas.getByLabelText(form.taxCheckbox));
    await userEvent.click(canvas.getByRole('button', { name: form.submit }));

    const line = within(await canvas.findByRole('region', { name: m.reports.list.detailTitle }));
    const shown = (term: string) => line.getByText(term).nextElementSibling?.textContent;
    await expect(shown(form.totalPrice)).toBe(formatRupiah(1001));
    await expect(shown(m.reports.fields.tax)).toBe(formatRupiah(120));
    await expect(shown(form.totalAfterTax)).toBe(formatRupiah(1121));
    // Every name of the chosen branch is filled in by the server.
    const branch = demoBranch();
    const program = demoSeed.entities.program.find((row) => row.id === branch.program_id)!;
    const account = demoSeed.entities.account.find((row) => row.id === branch.account_id)!;
    await expect(shown(m.reports.fields.programName)).toBe(program.name);
    await expect(shown(m.reports.fields.accountCode)).toBe(account.code);
    await expect(shown(m.reports.fields.supporter)).toBe(demoSeed.entities.supporter[0]!.name);
  },
};

export const DownloadReport: Story = {
  render: () => (
    <SandboxRanwalProvider>
      <DownloadDemo />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.reports.admin.download }));
    const status = await canvas.findByRole('status');
    await expect(status).toHaveTextContent(
      `${m.reports.downloaded}: laporan-detail-program-2025.xlsx`,
    );
    await expect(status.textContent).not.toContain('(0 byte)');
  },
};

export const SessionRoundTrip: Story = {
  render: () => (
    <SandboxRanwalProvider currentUser={null}>
      <SessionDemo />
    </SandboxRanwalProvider>
  ),
  beforeEach: () => {
    clearSession();
    localStorage.setItem('theme', 'gelap');
    return () => {
      clearSession();
      localStorage.removeItem('theme');
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const login = m.login;
    const { email, password } = demoCredentials.admin;
    await userEvent.type(canvas.getByLabelText(login.email), email);
    await userEvent.type(canvas.getByLabelText(login.password), 'salah-sandi');
    await userEvent.click(canvas.getByRole('button', { name: login.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.server.signInFailed);
    await expect(readSession()).toBeNull();

    await userEvent.clear(canvas.getByLabelText(login.password));
    await userEvent.type(canvas.getByLabelText(login.password), password);
    await userEvent.click(canvas.getByRole('button', { name: login.submit }));
    const admin = demoSeed.users.find((user) => user.email === email)!;
    await waitFor(() => expect(localStorage.getItem('userId')).toBe(admin.id));
    const stored = Object.fromEntries(sessionKeys.map((key) => [key, localStorage.getItem(key)]));
    await expect(stored).toEqual({
      token: expect.stringMatching(/.+/),
      userId: admin.id,
      userName: admin.name,
      userEmail: admin.email,
      userRole: 'admin',
    });
    await expect(readSession()).toEqual(stored);
    await expect(canvas.getByText(admin.name)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: m.logout.label }));
    for (const key of sessionKeys) await expect(localStorage.getItem(key)).toBeNull();
    await expect(localStorage.getItem('theme')).toBe('gelap');
    await expect(readSession()).toBeNull();
  },
};

export const Empty: Story = {
  render: () => (
    <SandboxRanwalProvider seed={emptySeed}>
      <EntityListDemo entity="program" />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(m.levels.program.emptyList)).toBeVisible();
    await expect(canvas.getByText(m.pagination.pageOf(1, 1))).toBeVisible();
  },
};

export const LongNames: Story = {
  render: () => (
    <SandboxRanwalProvider seed={longNamesSeed}>
      <EntityListDemo entity="account" />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvasElement }) => {
    const [account] = longNamesSeed.entities.account.filter((row) => row.name.length > 150);
    await expect(
      await within(canvasElement).findByRole('cell', { name: account!.name }),
    ).toBeVisible();
  },
};
