import { formatRupiah, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { demoSeed } from '../../testing/sandbox-client.js';
import { setViewport } from '../../testing/viewport.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { ConnectedSp2dImport, Sp2dImportPreview } from './Sp2dImport.js';

const m = messagesId;
const t = m.realisation.upload;
const YEAR = 2025;
const SUB_ACTION = 'Penyediaan Bahan Logistik Kantor';
const CODE = '4.01.01.2.01.0001';
/** The demo's lines of this sub kegiatan (Rp 1.500.000 of office stationery) sit under it. */
const ACCOUNT = '5.1.02.01.01.0024';

/** The demo with its stationery sub kegiatan coded, as the finance system names it. */
const codedSeed = (() => {
  const seed = structuredClone(demoSeed);
  const subAction = seed.entities.sub_action.find((row) => row.name === SUB_ACTION)!;
  (subAction as { code: string | null }).code = CODE;
  return seed;
})();

/** A CSV as Indonesian Excel saves it: semicolons, day-first dates, dotted thousands. */
const csv = (name: string, ...rows: string[]) =>
  new File(
    [
      ['nomor_sp2d;tanggal;kode_sub_kegiatan;kode_rekening;sumber_dana;nilai', ...rows].join(
        '\r\n',
      ),
    ],
    name,
    {
      type: 'text/csv',
    },
  );

const fileInput = (canvas: HTMLElement) =>
  within(canvas)
    .getByRole('button', { name: /Pilih Berkas/ })
    .parentElement!.querySelector('input')!;

const meta = {
  title: 'Screens/Realisation/Sp2dImport',
  component: ConnectedSp2dImport,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: codedSeed } },
  args: { year: YEAR },
} satisfies Meta<typeof ConnectedSp2dImport>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The admin picks March's export: the server checks it without writing and says what loading
 * would do; 'Muat' loads it. The same file again is already stored: nothing to load.
 */
export const ChecksThenLoads: Story = {
  play: async ({ canvasElement, canvas, userEvent }) => {
    const march = () =>
      csv('sp2d-maret.csv', `00012/SP2D/LS/${YEAR};18/03/${YEAR};${CODE};${ACCOUNT};;1.200.000`);
    await userEvent.upload(fileInput(canvasElement), march());
    const ready = await canvas.findByText(t.previewTitle('sp2d-maret.csv'));
    const preview = ready.parentElement!;
    await expect(preview).toHaveTextContent(t.preview('1', '1', formatRupiah(1_200_000), YEAR));
    await expect(preview).toHaveTextContent(t.counts('1', '0', '0'));
    await userEvent.click(canvas.getByRole('button', { name: t.load('1') }));
    await findToast(t.loaded('1', YEAR));
    await waitFor(() => expect(canvas.queryByText(t.previewTitle('sp2d-maret.csv'))).toBeNull());

    await userEvent.upload(fileInput(canvasElement), march());
    await expect(await canvas.findByText(t.nothingNew)).toBeVisible();
    await expect(canvas.getByText(t.counts('0', '0', '1'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Muat / })).toBeNull();
  },
};

/**
 * Every cell the browser cannot read is listed by its row before anything is sent; a file the
 * server refuses (a code no sub kegiatan has) is listed in the server's words, and nothing is
 * loaded.
 */
export const ListsEveryBadRow: Story = {
  play: async ({ canvasElement, canvas, userEvent }) => {
    await userEvent.upload(
      fileInput(canvasElement),
      csv(
        'salah.csv',
        `A;31/02/${YEAR};${CODE};${ACCOUNT};;1.000`,
        `B;01/03/${YEAR};${CODE};${ACCOUNT};;2,500,000`,
      ),
    );
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t.problemsTitle('salah.csv'));
    await expect(alert).toHaveTextContent(
      m.realisation.rowProblem(2, m.realisation.columns.date, t.notADate(`31/02/${YEAR}`)),
    );
    await expect(alert).toHaveTextContent(
      m.realisation.rowProblem(
        3,
        m.realisation.columns.amount,
        `"2,500,000" ${m.numberInput.commaGrouping}`,
      ),
    );

    await userEvent.upload(
      fileInput(canvasElement),
      csv('kode.csv', `C;01/03/${YEAR};9.99.99.9.99.9999;${ACCOUNT};;1.000`),
    );
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        m.realisation.rowProblem(
          2,
          m.realisation.columns.subAction,
          m.realisation.unknownSubAction('9.99.99.9.99.9999'),
        ),
      ),
    );
    await expect(canvas.queryByRole('button', { name: /^Muat / })).toBeNull();
  },
};

/** What the check found, with kode rekening that would exceed their lines; on a phone. */
export const PreviewOnPhone: StoryObj<typeof Sp2dImportPreview> = {
  render: (args) => <Sp2dImportPreview {...args} />,
  args: {
    file: 'sp2d-triwulan-1.xlsx',
    year: YEAR,
    result: {
      dry_run: true,
      sp2d: 1_250,
      rows: 1_310,
      created: 1_200,
      changed: 40,
      unchanged: 10,
      amount: '48250000000',
      overruns: [
        {
          sub_action_id: '00000000-0000-4000-8000-000000000001',
          sub_action_code: CODE,
          account_code: ACCOUNT,
          lines_total: '1500000',
          realised: '1750000',
          reason: null,
        },
      ],
    },
    onLoad: fn(),
    onCancel: fn(),
  },
  play: async ({ canvas, args, userEvent }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      await expect(canvas.getByText(t.overruns('1'))).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: t.load('1.240') }));
      await expect(args.onLoad).toHaveBeenCalledOnce();
      if (resized) {
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      }
    } finally {
      await setViewport(...before);
    }
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
