import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { readPhotoPlace } from '../../lib/photo.js';
import { fieldPhoto } from '../../testing/photo-fixture.js';
import { PhotoPicker, type PhotoPickerProps, type PickedPhoto } from './PhotoPicker.js';
import { fileInputOf, phoneFrame } from './story-helpers.js';

const t = messagesId.fieldUpdate.photos;
/** Monas, Jakarta, on a March morning: what the phone's camera wrote. */
const MONAS = { latitude: -6.175392, longitude: 106.827153, takenAt: '2025-03-14T09:30:05' };

/** PhotoPicker holding its photos, as a form does. */
function Picker({ onChange, ...props }: Omit<PhotoPickerProps, 'photos'>) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  return (
    <PhotoPicker
      {...props}
      photos={photos}
      onChange={(next) => {
        setPhotos(next);
        onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Evidence/PhotoPicker',
  component: Picker,
  decorators: [phoneFrame],
  args: {
    onChange: fn(),
    locate: fn(async () => ({ latitude: 0, longitude: 0, accuracy_m: 0, at: '' })),
  },
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

const camera = (canvas: Pick<ReturnType<typeof within>, 'getByRole'>) =>
  fileInputOf(canvas.getByRole('button', { name: t.camera }));

/**
 * A camera photo taken with the phone held upright (2400×1800 sensor pixels, Orientation 6), with
 * GPS and time: shown with both, and queued resized to 1600 px on its long edge, its pixels turned
 * upright (1200×1600), still carrying its place and time, with Orientation 1.
 */
export const WithPlace: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const input = camera(canvas);
    await expect(input).toHaveAttribute('capture', 'environment');
    await expect(input).toHaveAttribute('accept', 'image/*');
    const photo = await fieldPhoto({
      name: 'IMG_20250314_093005.jpg',
      width: 2400,
      height: 1800,
      exif: { ...MONAS, orientation: 6 },
    });
    await userEvent.upload(input, photo);
    const list = await canvas.findByRole('list', { name: t.label });
    await expect(list).toHaveTextContent(t.takenAt('14 Maret 2025 pukul 09.30'));
    await expect(list).toHaveTextContent(t.place('-6.17539', '106.82715'));
    await expect(canvas.getByText(t.count(1, 3))).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledOnce();
    const calls = (args.onChange as ReturnType<typeof fn>).mock.calls as PickedPhoto[][][];
    const picked = calls[0]?.[0]?.[0];
    await expect(picked?.filename).toBe('IMG_20250314_093005.jpg');
    await expect(picked?.photo.type).toBe('image/jpeg');
    // Decoded upright and scaled: Orientation 6 turned the 2400×1800 pixels to 1200×1600.
    const bitmap = await createImageBitmap(picked!.photo, { imageOrientation: 'none' });
    await expect([bitmap.width, bitmap.height]).toEqual([1200, 1600]);
    await expect(readPhotoPlace(picked!.photo)).resolves.toEqual({
      latitude: MONAS.latitude,
      longitude: MONAS.longitude,
      taken_at: MONAS.takenAt,
    });
    await expect(picked!.photo.size).toBeLessThan(photo.size);
  },
};

/**
 * No GPS in the photo: it says 'tanpa lokasi' and asks before taking the phone's position; given,
 * the position shows with its accuracy.
 */
export const WithoutPlace: Story = {
  args: {
    locate: fn(async () => ({
      latitude: -6.2,
      longitude: 106.816666,
      accuracy_m: 12,
      at: '2025-03-14T02:31:00.000Z',
    })),
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.upload(camera(canvas), await fieldPhoto({ name: 'foto.png', hue: 30 }));
    const list = await canvas.findByRole('list', { name: t.label });
    await expect(within(list).getByText(t.noPlace)).toBeVisible();
    await expect(within(list).getByText(t.phonePlaceConsent)).toBeVisible();
    await expect(args.locate).not.toHaveBeenCalled();
    await userEvent.click(within(list).getByRole('button', { name: t.usePhonePlace }));
    await expect(
      await within(list).findByText(t.phonePlace('-6.20000', '106.81667', '12')),
    ).toBeVisible();
    await expect(args.locate).toHaveBeenCalledOnce();
    const last = (args.onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as PickedPhoto[];
    await expect(last[0]).toMatchObject({
      filename: 'foto.jpg',
      place: null,
      devicePlace: { latitude: -6.2, longitude: 106.816666, accuracy_m: 12 },
    });
  },
};

/** The person refuses the browser's question: the photo goes without a place, and says so. */
export const LocationDenied: Story = {
  args: { locate: fn(async () => Promise.reject({ code: 1, message: 'User denied' })) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.upload(camera(canvas), await fieldPhoto({ name: 'foto.jpg', hue: 30 }));
    const list = await canvas.findByRole('list', { name: t.label });
    await userEvent.click(within(list).getByRole('button', { name: t.usePhonePlace }));
    await expect(await within(list).findByText(t.placeDenied)).toBeVisible();
    await expect(within(list).getByText(t.noPlace)).toBeVisible();
  },
};

/**
 * Four files chosen from the gallery: three are taken, the buttons are off and say why; removing
 * one turns them back on.
 */
export const Full: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const gallery = canvas.getByRole('button', { name: t.files });
    const files = await Promise.all(
      [200, 150, 100, 50].map((hue, index) =>
        fieldPhoto({ name: `foto-${index + 1}.jpg`, hue, exif: { ...MONAS, orientation: 1 } }),
      ),
    );
    await userEvent.upload(fileInputOf(gallery), files);
    const list = await canvas.findByRole('list', { name: t.label });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await expect(canvas.getByText(t.full)).toBeVisible();
    await expect(gallery).toBeDisabled();
    await expect(canvas.getByRole('button', { name: t.camera })).toBeDisabled();
    await userEvent.click(within(list).getByRole('button', { name: t.remove(2) }));
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(gallery).toBeEnabled();
    const last = (args.onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as PickedPhoto[];
    await expect(last.map((photo) => photo.filename)).toEqual(['foto-1.jpg', 'foto-3.jpg']);
  },
};

/** A file that is no photo (a text file named .jpg): refused by name, nothing added. */
export const Unreadable: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const notAPhoto = new File(['bukan foto'], 'catatan.jpg', { type: 'image/jpeg' });
    await userEvent.upload(camera(canvas), notAPhoto);
    await expect(await canvas.findByText(t.unreadable('catatan.jpg'))).toBeVisible();
    await expect(canvas.queryByRole('list', { name: t.label })).not.toBeInTheDocument();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
