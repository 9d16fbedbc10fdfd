import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { routerLinks, UnsavedForm, withConfirmAnswers } from '../../testing/navigation.js';
import { setViewport } from '../../testing/viewport.js';
import { UserDashboardFrame } from '../user-dashboard/UserDashboard.js';
import { UnitNavigation, type UnitNavigationProps, unitNavigation } from './UnitNavigation.js';

const m = messagesId;

/** A unit's page under its header; links change `currentPath` as a router would. */
function UnitPage({ unsaved = false, ...args }: UnitNavigationProps & { unsaved?: boolean }) {
  const [path, setPath] = useState(args.currentPath);
  return (
    <UserDashboardFrame
      userName="Siti Rahmawati"
      onLogout={fn()}
      onChangePassword={fn()}
      navigation={<UnitNavigation currentPath={path} renderLink={routerLinks(setPath)} />}
    >
      <p className="text-slate-800">{path}</p>
      {unsaved && <UnsavedForm />}
    </UserDashboardFrame>
  );
}

const meta = {
  title: 'Screens/Shell/UnitNavigation',
  component: UnitNavigation,
  parameters: { layout: 'fullscreen' },
  args: { currentPath: '/anggaran-kas' },
  render: (args) => <UnitPage {...args} />,
} satisfies Meta<typeof UnitNavigation>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const navigation = (canvas: Canvas) =>
  within(canvas.getByRole('navigation', { name: m.app.userNavigation }));

/** Exactly one link is current, `label`, and only it is underlined. */
async function expectOnlyCurrent(canvas: Canvas, label: string) {
  for (const link of navigation(canvas).getAllByRole('link')) {
    const isCurrent = link.textContent === label;
    await expect(link.getAttribute('aria-current')).toBe(isCurrent ? 'page' : null);
    // The underline fades in and out (a colour transition).
    await waitFor(() =>
      expect(getComputedStyle(link).borderBottomColor === 'rgba(0, 0, 0, 0)').toBe(!isCurrent),
    );
  }
}

/** The unit's six pages in the order of its day, on one row; the current one underlined. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const links = navigation(canvas).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Anggaran Kas',
      'Realisasi Anggaran',
      'Laporan Bulanan',
      'Lapor dari Lapangan',
      'Peta Kegiatan',
    ]);
    await expect(new Set(links.map((link) => link.getBoundingClientRect().top)).size).toBe(1);
    await expectOnlyCurrent(canvas, m.cashPlan.title);
  },
};

/** Following every link in turn: each time the one just followed, and only it, is current. */
export const Navigating: Story = {
  play: async ({ canvas }) => {
    for (const item of unitNavigation) {
      await userEvent.click(navigation(canvas).getByRole('link', { name: item.label() }));
      await expect(canvas.getByText(item.href, { selector: 'main p' })).toBeVisible();
      await expectOnlyCurrent(canvas, item.label());
    }
  },
};

/**
 * On a phone: two links a row, every page in sight without scrolling sideways, each link a
 * thumb's height.
 */
export const Phone: Story = {
  args: { currentPath: '/lapor-lapangan' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const links = navigation(canvas).getAllByRole('link');
    const boxes = links.map((link) => link.getBoundingClientRect());
    await expect(new Set(boxes.map((box) => box.top)).size).toBe(3);
    for (const box of boxes) {
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(document.documentElement.clientWidth);
      await expect(box.height).toBeGreaterThanOrEqual(40);
    }
    await expectOnlyCurrent(canvas, m.evidence.field.title);
  },
};

/**
 * At 390 px the header's name, 'Ubah Kata Sandi' and Logout share one line (a size smaller
 * buttons), so the page starts higher on a phone.
 */
export const PhoneHeader: Story = {
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      if (!(await setViewport(390, 844))) return;
      const tops = [
        canvas.getByText('Siti Rahmawati'),
        canvas.getByRole('button', { name: m.users.changePassword }),
        canvas.getByRole('button', { name: m.logout.label }),
      ].map((element) => element.getBoundingClientRect());
      for (const box of tops) {
        await expect(
          Math.abs(box.top + box.height / 2 - (tops[0]!.top + tops[0]!.height / 2)),
        ).toBeLessThan(2);
        await expect(box.right).toBeLessThanOrEqual(390);
      }
    } finally {
      await setViewport(...before);
    }
  },
};

/** Keyboard only: Tab reaches each link after the header's buttons; Enter follows it. */
export const KeyboardOnly: Story = {
  play: async ({ canvas }) => {
    const links = navigation(canvas).getAllByRole('link');
    links[0]!.focus();
    for (const link of links.slice(1, 4)) {
      await userEvent.tab();
      await expect(link).toHaveFocus();
      // Its focus ring shows.
      await expect(getComputedStyle(link).outlineStyle).toBe('solid');
    }
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('/laporan-bulanan', { selector: 'main p' })).toBeVisible();
    await expectOnlyCurrent(canvas, m.monthlyReport.title);
  },
};

/** With input not yet saved, a link asks first (as the admin sidebar's do): 'Batal' stays. */
export const AsksBeforeLeavingUnsaved: Story = {
  render: (args) => <UnitPage {...args} unsaved />,
  play: async ({ canvas }) => {
    await withConfirmAnswers([false, true], async (questions) => {
      const realisation = navigation(canvas).getByRole('link', { name: m.realisation.title });
      await userEvent.click(realisation);
      await expect(questions).toEqual([m.common.leaveUnsaved]);
      await expect(canvas.getByText('/anggaran-kas', { selector: 'main p' })).toBeVisible();
      await userEvent.click(realisation);
      await expect(canvas.getByText('/realisasi', { selector: 'main p' })).toBeVisible();
      await expectOnlyCurrent(canvas, m.realisation.title);
    });
  },
};
