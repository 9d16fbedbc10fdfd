import { formatDateTimeLong, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { routerLinks, UnsavedForm, withConfirmAnswers } from '../../testing/navigation.js';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import { AdminShell, type AdminShellProps } from './AdminShell.js';
import { adminNavigation } from './admin-navigation.js';
import { WelcomeBanner } from './WelcomeBanner.js';

const m = messagesId;
const fixedNow = () => new Date('2025-03-17T02:30:00Z');

const meta = {
  title: 'Screens/Shell/AdminShell',
  component: AdminShell,
  parameters: { layout: 'fullscreen' },
  args: {
    currentPath: '/admin-dashboard',
    userName: 'Siti Rahmawati',
    onLogout: fn(),
    onChangePassword: fn(),
    now: fixedNow,
    children: <WelcomeBanner />,
  },
} satisfies Meta<typeof AdminShell>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** On a narrow screen the sidebar is folded away: open it first, as a person would. */
async function showSidebar(canvas: Canvas) {
  const menu = canvas.queryByRole('button', { name: m.sidebar.menu });
  if (menu && menu.getAttribute('aria-expanded') !== 'true') await userEvent.click(menu);
  return within(canvas.getByRole('navigation', { name: m.sidebar.navigationLabel }));
}

/** Exactly one link is the current page, and it is `label`. */
async function expectOnlyCurrent(nav: Canvas, label: string) {
  const current = nav
    .getAllByRole('link')
    .filter((link: HTMLElement) => link.hasAttribute('aria-current'));
  await expect(current).toHaveLength(1);
  await expect(current[0]).toHaveAccessibleName(label);
  await expect(current[0]).toHaveAttribute('aria-current', 'page');
}

/** The sidebar on `path`, with `label` as the one current entry. */
const activeOn = (path: string, label: string): Story => ({
  args: { currentPath: path },
  play: async ({ canvas }) => expectOnlyCurrent(await showSidebar(canvas), label),
});

/** The admin dashboard: header, sidebar in the spec's order, the welcome banner. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(m.app.name)).toBeVisible();
    await expect(canvas.getByText(m.app.subtitle)).toBeVisible();
    await expect(canvas.getByText(formatDateTimeLong(fixedNow()))).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 1, name: m.adminDashboard.welcomeTitle }),
    ).toBeVisible();

    const nav = await showSidebar(canvas);
    const links = nav.getAllByRole('link');
    await expect(links.map((link: HTMLElement) => link.textContent)).toEqual([
      'Dashboard',
      'User Management',
      'Perangkat Daerah',
      'Program',
      'Kegiatan',
      'Sub Kegiatan',
      'Aktifitas',
      'Subtitle',
      'Kode Rekening',
      'Pengampu',
      'Pagu',
      'Katalog Harga',
      'Sumber Dana',
      'Anggaran Kas',
      'Realisasi Anggaran',
      'Laporan Bulanan',
      'Peta Kegiatan',
      'Lapor dari Lapangan',
      'Pengaturan Perencanaan',
      'Anomali Harga',
      'Laporan',
      'Verifikasi',
      'Riwayat Perubahan',
      'Tahap Anggaran',
      'Kunci Sub Kegiatan',
      'Buat Artikel',
      'List Artikel',
    ]);
    await expect(links.map((link: HTMLElement) => link.getAttribute('href'))).toEqual(
      adminNavigation.map((item) => item.href),
    );
    await expectOnlyCurrent(nav, m.sidebar.dashboard);

    await expect(canvas.getByText('Siti Rahmawati')).toBeVisible();
    await expect(canvas.getByText(m.sidebar.roleFooter, { selector: 'aside p' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: m.users.changePassword }));
    await expect(args.onChangePassword).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: m.logout.label }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const DashboardActive = activeOn('/dashboard', m.sidebar.dashboard);
export const UserManagementActive = activeOn('/admin-user-management', m.sidebar.userManagement);
export const PerangkatDaerahActive = activeOn('/admin-perangkat-daerah', m.sidebar.levels.agency);
export const ProgramActive = activeOn('/admin-program', m.sidebar.levels.program);
export const KegiatanActive = activeOn('/admin-kegiatan', m.sidebar.levels.action);
export const SubKegiatanActive = activeOn('/admin-sub-kegiatan', m.sidebar.levels.sub_action);
export const AktifitasActive = activeOn('/admin-aktifitas', m.sidebar.levels.activity);
export const SubtitleActive = activeOn('/admin-subtitle', m.sidebar.levels.subtitle);
export const KodeRekeningActive = activeOn('/admin-rekening', m.sidebar.levels.account);
export const PengampuActive = activeOn('/admin-pengampu', m.sidebar.levels.supporter);
export const PaguActive = activeOn('/admin-pagu', m.planning.nav.pagu);
export const KatalogHargaActive = activeOn('/admin-katalog-harga', m.planning.nav.catalogue);
export const PengaturanPerencanaanActive = activeOn(
  '/admin-pengaturan-perencanaan',
  m.planning.nav.settings,
);
export const AnomaliHargaActive = activeOn('/admin-anomali-harga', m.planning.nav.anomalies);
export const LaporanActive = activeOn('/admin-laporan', m.sidebar.reports);
export const VerifikasiActive = activeOn('/verifikasi', m.verification.title);
export const RiwayatPerubahanActive = activeOn('/admin-riwayat', m.history.title);

/**
 * A verifier's sidebar: the monthly reports and Verifikasi, with 'Ubah Kata Sandi' and Logout;
 * 'Verifikator' below the name.
 */
export const Verifier: Story = {
  args: { currentPath: '/verifikasi', userName: 'Rina Verifikator' },
  decorators: [
    (Story) => (
      <SandboxRanwalProvider
        session={{
          token: 'story-verifier',
          userId: 'verifier-1',
          userName: 'Rina Verifikator',
          userEmail: 'rina@bappeda.local',
          userRole: 'verifier',
        }}
      >
        <Story />
      </SandboxRanwalProvider>
    ),
  ],
  play: async ({ canvas }) => {
    const nav = await showSidebar(canvas);
    await expect(nav.getAllByRole('link').map((link: HTMLElement) => link.textContent)).toEqual([
      m.monthlyReport.title,
      m.evidence.mapPage.title,
      m.verification.title,
    ]);
    await expectOnlyCurrent(nav, m.verification.title);
    await expect(canvas.getByText(m.roles.verifier, { selector: 'aside p' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: m.users.changePassword })).toBeVisible();
    await expect(canvas.getByRole('button', { name: m.logout.label })).toBeVisible();
  },
};
export const TahapAnggaranActive = activeOn('/admin-tahap', m.stages.title);
export const KunciSubKegiatanActive = activeOn('/admin-kunci', m.locks.title);
export const BuatArtikelActive = activeOn('/admin-artikel', m.sidebar.createArticle);
export const ListArtikelActive = activeOn('/admin-list-artikel', m.sidebar.articleList);

/** A query, a hash or a trailing slash does not change which entry is current. */
export const PathWithQuery = activeOn('/admin-list-artikel/?page=2#top', m.sidebar.articleList);

/** A path outside the table highlights nothing. */
export const UnknownPath: Story = {
  args: { currentPath: '/admin-tidak-ada' },
  play: async ({ canvas }) => {
    const nav = await showSidebar(canvas);
    await expect(
      nav.getAllByRole('link').filter((link: HTMLElement) => link.hasAttribute('aria-current')),
    ).toEqual([]);
  },
};

/** A router stand-in: links change `currentPath` instead of loading a page. */
function RoutedShell({ unsaved = false, ...args }: AdminShellProps & { unsaved?: boolean }) {
  const [path, setPath] = useState(args.currentPath);
  return (
    <AdminShell {...args} currentPath={path} renderLink={routerLinks(setPath)}>
      <p className="text-slate-800">{path}</p>
      {unsaved && <UnsavedForm />}
    </AdminShell>
  );
}

/** Following every link in turn: each time the one just followed, and only it, is current. */
export const Navigating: Story = {
  render: (args) => <RoutedShell {...args} />,
  play: async ({ canvas }) => {
    for (const item of adminNavigation) {
      const nav = await showSidebar(canvas);
      await userEvent.click(nav.getByRole('link', { name: item.label() }));
      await expect(canvas.getByText(item.href, { selector: 'main p' })).toBeVisible();
      await expectOnlyCurrent(await showSidebar(canvas), item.label());
    }
  },
};

/** Keyboard only: Tab to Menu, open it, walk the links, follow one with Enter, Escape folds. */
export const KeyboardNavigation: Story = {
  render: (args) => <RoutedShell {...args} />,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const menu = canvas.getByRole('button', { name: m.sidebar.menu });
    await userEvent.tab();
    await expect(menu).toHaveFocus();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');

    const nav = within(canvas.getByRole('navigation', { name: m.sidebar.navigationLabel }));
    for (const item of adminNavigation.slice(0, 3)) {
      await userEvent.tab();
      await expect(nav.getByRole('link', { name: item.label() })).toHaveFocus();
    }
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('/admin-perangkat-daerah', { selector: 'main p' })).toBeVisible();
    // Following a link folds the menu away.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Escape folds it too, and gives focus back to the Menu button.
    await userEvent.click(menu);
    await userEvent.tab();
    await expect(within(canvas.getByRole('navigation')).getAllByRole('link')[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveFocus();
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await expectOnlyCurrent(await showSidebar(canvas), m.sidebar.levels.agency);
  },
};

/** Without a stored name the sidebar says 'Admin'. */
export const FallbackName: Story = {
  args: { userName: null },
  play: async ({ canvas }) => {
    await showSidebar(canvas);
    await expect(canvas.getByText(m.sidebar.fallbackName, { selector: 'aside p' })).toBeVisible();
  },
};

/** Without a `userName` prop the provider's session names the user. */
export const NameFromSession: Story = {
  args: { userName: undefined },
  render: (args) => (
    <SandboxRanwalProvider
      session={{
        token: 'sandbox-token',
        userId: '00000000-0000-4000-8000-000000000001',
        userName: 'Budi Santoso',
        userEmail: 'budi.santoso@ranwal.local',
        userRole: 'admin',
      }}
    >
      <AdminShell {...args} />
    </SandboxRanwalProvider>
  ),
  play: async ({ canvas }) => {
    await showSidebar(canvas);
    await expect(canvas.getByText('Budi Santoso')).toBeVisible();
  },
};

const longName =
  'Raden Ayu Sekar Kinanthi Kusumawardhani Prameswari Hadiningrat Tjokroadisoerjo Poerbonegoro';

export const LongNames: Story = {
  args: { userName: longName, currentPath: '/admin-sub-kegiatan' },
  play: async ({ canvas }) => {
    await showSidebar(canvas);
    const name = canvas.getByText(longName);
    await expect(name).toBeVisible();
    // The name wraps inside the sidebar instead of widening it.
    const aside = name.closest('aside')!;
    await expect(aside.scrollWidth).toBeLessThanOrEqual(aside.clientWidth);
  },
};

// The clock story catches the shell's one-minute interval instead of waiting a minute for it.
const minuteTicks: Array<() => void> = [];
let clockNow = new Date('2025-08-17T01:59:00Z');

/** The header's clock reads the time again every 60 s (spec section 9). */
export const Clock: Story = {
  args: { now: () => clockNow },
  beforeEach: () => {
    const realSetInterval = globalThis.setInterval;
    minuteTicks.length = 0;
    clockNow = new Date('2025-08-17T01:59:00Z');
    globalThis.setInterval = ((handler: () => void, delay?: number) => {
      if (delay === 60_000) minuteTicks.push(handler);
      return realSetInterval(handler, delay);
    }) as typeof setInterval;
    return () => {
      globalThis.setInterval = realSetInterval;
    };
  },
  play: async ({ canvas }) => {
    const before = formatDateTimeLong(clockNow);
    await expect(canvas.getByText(before)).toBeVisible();
    await expect(before).toBe('17 Agustus 2025 pukul 08.59');
    await expect(minuteTicks).toHaveLength(1);

    clockNow = new Date('2025-08-17T02:00:00Z');
    minuteTicks[0]!();
    await expect(await canvas.findByText('17 Agustus 2025 pukul 09.00')).toBeVisible();
    await expect(canvas.queryByText(before)).not.toBeInTheDocument();
    const time = canvas.getByText('17 Agustus 2025 pukul 09.00');
    await expect(time.tagName).toBe('TIME');
    await waitFor(() => expect(time).toHaveAttribute('datetime', clockNow.toISOString()));
  },
};

/** With input not yet saved, a sidebar link asks first; 'Batal' stays, 'OK' leaves. */
export const AsksBeforeLeavingUnsaved: Story = {
  render: (args) => <RoutedShell {...args} unsaved />,
  play: async ({ canvas }) => {
    await withConfirmAnswers([false, true], async (questions) => {
      const nav = await showSidebar(canvas);
      await userEvent.click(nav.getByRole('link', { name: m.sidebar.reports }));
      await expect(questions).toEqual([m.common.leaveUnsaved]);
      await expect(canvas.getByText('/admin-dashboard')).toBeVisible();
      await userEvent.click(nav.getByRole('link', { name: m.sidebar.reports }));
      await expect(canvas.getByText('/admin-laporan')).toBeVisible();
    });
  },
};
