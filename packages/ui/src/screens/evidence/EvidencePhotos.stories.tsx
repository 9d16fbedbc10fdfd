import { evidenceFlagText, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { EvidencePhotos, EvidenceStages } from './EvidencePhotos.js';
import { marchPhotos, stagePhotos } from './story-photos.js';

const m = messagesId;
const t = m.evidence.view;

const meta = {
  title: 'Screens/Evidence/EvidencePhotos',
  component: EvidencePhotos,
  args: { photos: marchPhotos, year: 2027, month: 3 },
} satisfies Meta<typeof EvidencePhotos>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The verifier's view of March: each photo with when and where it was taken and who says so,
 * the one taken 14 km away and the one from February flagged in words, counted at the top.
 */
export const FlaggedForTheVerifier: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: t.monthPhotos('Maret 2027') })).toBeVisible();
    await expect(canvas.getByText(t.flagged(2))).toBeVisible();
    await expect(canvas.getByText('foto diambil 14 km dari lokasi kegiatan')).toBeVisible();
    await expect(
      canvas.getByText(evidenceFlagText(marchPhotos[2]!.flags[0]!, marchPhotos[2]!)),
    ).toBeVisible();
    const first = canvas.getAllByRole('figure')[0]!;
    await expect(first).toHaveTextContent('Pondasi dan dinding sisi timur');
    await expect(first).toHaveTextContent('Diambil 14 Maret 2027 pukul 10.20 (dari foto)');
    await expect(first).toHaveTextContent(
      'Titik -7.15110, 111.75120 (dari foto), 99 m dari lokasi kegiatan',
    );
    await expect(canvas.getByRole('img', { name: 'Foto bukti 2 Maret 2027' })).toBeVisible();
    // A verifier takes nothing back.
    await expect(canvas.queryByRole('button', { name: t.removeOf(1) })).not.toBeInTheDocument();
  },
};

/** The unit's planner, while the month is open, may take a photo back. */
export const UnitMayRemove: Story = {
  args: { onRemove: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t.removeOf(2) }));
    await expect(args.onRemove).toHaveBeenCalledWith(marchPhotos[1]);
  },
};

export const NoPhotosYet: Story = {
  args: { photos: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.queryByText(/perlu diperiksa/)).not.toBeInTheDocument();
  },
};

/** The year's stages side by side: 0 %, 50 % and 100 %, each month with its progress. */
export const StagesSideBySide: StoryObj<typeof EvidenceStages> = {
  render: () => <EvidenceStages photos={stagePhotos} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stages = within(canvas.getByRole('list'));
    const items = stages.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      t.stageOf('Januari 2027', '0 %'),
      t.stageOf('Juni 2027', '50 %'),
      t.stageOf('November 2027', '100 %'),
    ]);
  },
};

/** At 390 px the photos stack, one to a row. */
export const OnAPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const figures = canvas.getAllByRole('figure');
    await expect(figures).toHaveLength(3);
    const [a, b] = figures.map((figure) => figure.getBoundingClientRect());
    await expect(b!.top).toBeGreaterThan(a!.bottom - 1);
  },
};
