import { formatNumberId, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { setViewport } from '../../testing/viewport.js';
import { type MapActivity, RegionMap, type RegionMapProps } from './RegionMap.js';
import { regionActivities } from './region-map-data.js';
import { boundsOf, fitView, project, projectGeometry, toScreen } from './region-map-view.js';

const m = messagesId;
const t = m.map;

/** Sixty sub kegiatan of a kabupaten: points, roads and fields of every level, three unplaced. */
const activities = regionActivities(60);
const placed = activities.filter((activity) => activity.geometry !== null);
const unplaced = activities.filter((activity) => activity.geometry === null);
const countOf = (level: MapActivity['level']) =>
  placed.filter((activity) => activity.level === level).length;

/** The map as a page holds it: the selection is the page's, the story's spy hears each one. */
function SelectingMap(props: RegionMapProps) {
  const [selectedId, setSelectedId] = useState(props.selectedId ?? null);
  return (
    <RegionMap
      {...props}
      selectedId={selectedId}
      onSelect={(id) => {
        props.onSelect(id);
        setSelectedId(id);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Evidence/RegionMap',
  component: RegionMap,
  args: { activities, onSelect: fn() },
  render: (args) => <SelectingMap {...args} />,
} satisfies Meta<typeof RegionMap>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An option's name begins with its sub kegiatan (its unit, level and figures follow). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const summaryOf = (list: readonly MapActivity[]) => {
  const drawn = list.filter((activity) => activity.geometry !== null);
  const count = (level: MapActivity['level']) =>
    formatNumberId(drawn.filter((activity) => activity.level === level).length);
  const without = list.length - drawn.length;
  return [
    t.summary(
      formatNumberId(drawn.length),
      count('red'),
      count('yellow'),
      count('green'),
      count('none'),
    ),
    without > 0 ? t.unplacedSummary(formatNumberId(without)) : '',
  ]
    .filter(Boolean)
    .join(' ');
};

/** Where a point activity is on the canvas right after the map fitted its features. */
function screenPointOf(canvasElement: HTMLElement, list: readonly MapActivity[], id: string) {
  const features = list.flatMap((activity, index) =>
    activity.geometry ? [projectGeometry(index, activity.geometry)].filter((f) => f !== null) : [],
  );
  const box = canvasElement.getBoundingClientRect();
  const bounds = boundsOf(features);
  const target = list.find((activity) => activity.id === id)?.geometry;
  if (!bounds || target?.type !== 'Point') throw new Error(`${id} is not a point on the map`);
  const view = fitView(bounds, box.width, box.height);
  const [x, y] = toScreen(view, box.width, box.height, ...project(...target.coordinates));
  return { clientX: box.left + x, clientY: box.top + y };
}

/**
 * The kabupaten fitted in the map, coloured by level; the canvas says what it shows, the legend
 * counts each level, and the list holds all sixty, the unplaced under their own heading.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: summaryOf(activities) })).toBeVisible();
    const legend = within(canvas.getByRole('list', { name: t.legend }));
    for (const level of ['red', 'yellow', 'green', 'none'] as const) {
      const word = m.realisation.summary.levels[level];
      await expect(legend.getByText(word)).toHaveTextContent(`${word}${countOf(level)}`);
    }
    const list = canvas.getByRole('listbox', { name: t.list });
    await expect(within(list).getByText(t.placed(String(placed.length)))).toBeVisible();
    await expect(unplaced.length).toBeGreaterThan(0);
    await expect(canvas.getByText(t.noneSelected)).toBeVisible();
    for (const name of [t.zoomIn, t.zoomOut, t.reset]) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
    // The scale bar reads a round distance.
    await expect(canvas.getByText(/^\d+ (k?m)$/)).toBeVisible();
  },
};

/** A search narrows the list; choosing one selects it, says so under the map, and keeps it chosen. */
export const SelectFromList: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const target = placed.find((activity) => activity.label.includes('Jembatan'));
    if (!target) throw new Error('the story data has no bridge');
    await userEvent.type(canvas.getByRole('searchbox', { name: t.search }), 'Jembatan');
    const list = canvas.getByRole('listbox', { name: t.list });
    const shown = within(list).getAllByRole('option');
    for (const option of shown) await expect(option).toHaveTextContent('Jembatan');
    await userEvent.click(within(list).getByRole('option', { name: startsWith(target.label) }));
    await expect(args.onSelect).toHaveBeenCalledWith(target.id);
    await expect(canvas.getByText(t.selected(target.label))).toBeVisible();
    await expect(
      within(list).getByRole('option', { name: startsWith(target.label) }),
    ).toHaveAttribute('aria-selected', 'true');
  },
};

/** By keyboard: Tab into the list, arrows to the third, Enter selects it. */
export const SelectByKeyboard: Story = {
  play: async ({ args, canvas, userEvent }) => {
    canvas.getByRole('searchbox', { name: t.search }).focus();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const third = placed[2];
    await expect(args.onSelect).toHaveBeenCalledWith(third?.id);
    await expect(canvas.getByText(t.selected(third?.label ?? ''))).toBeVisible();
  },
};

/** A click on a point of the map selects its sub kegiatan. */
export const ClickPointOnMap: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const map = canvas.getByRole('img', { name: summaryOf(activities) });
    // The point nearest the middle of the map, clear of its buttons.
    const target = placed
      .filter((activity) => activity.geometry?.type === 'Point')
      .map((activity) => {
        const at = screenPointOf(map, activities, activity.id);
        const box = map.getBoundingClientRect();
        const away = Math.hypot(
          at.clientX - (box.left + box.width / 2),
          at.clientY - (box.top + box.height / 2),
        );
        return { activity, at, away };
      })
      .sort((a, b) => a.away - b.away)[0];
    if (!target) throw new Error('the story data has no point');
    await userEvent.pointer({ keys: '[MouseLeft]', target: map, coords: target.at });
    await expect(args.onSelect).toHaveBeenCalledWith(target.activity.id);
    await expect(canvas.getByText(t.selected(target.activity.label))).toBeVisible();
  },
};

/** An area chosen beforehand is outlined on the map and named under it. */
export const Selected: Story = {
  args: {
    selectedId: placed.find((activity) => activity.geometry?.type === 'Polygon')?.id ?? null,
  },
  play: async ({ canvas }) => {
    const area = placed.find((activity) => activity.geometry?.type === 'Polygon');
    await expect(canvas.getByText(t.selected(area?.label ?? ''))).toBeVisible();
  },
};

/** Perbesar halves the scale bar's distance; Tampilan Awal brings the fitted view back. */
export const ZoomButtons: Story = {
  play: async ({ canvas, userEvent }) => {
    const scale = () => canvas.getByText(/^\d+ (k?m)$/).textContent;
    const before = scale();
    await userEvent.click(canvas.getByRole('button', { name: t.zoomIn }));
    await waitFor(() => expect(scale()).not.toBe(before));
    await userEvent.click(canvas.getByRole('button', { name: t.reset }));
    await waitFor(() => expect(scale()).toBe(before));
    await userEvent.click(canvas.getByRole('button', { name: t.zoomOut }));
    await waitFor(() => expect(scale()).not.toBe(before));
    await userEvent.click(canvas.getByRole('button', { name: t.reset }));
    await waitFor(() => expect(scale()).toBe(before));
  },
};

/**
 * A keyboard moves the map from its frame: + zooms in (the scale bar's distance changes), -
 * back out, and an arrow moves it a quarter of its width, so the point that was at the middle
 * is found a quarter further left.
 */
export const KeyboardMovesTheMap: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const map = canvas.getByRole('img', { name: summaryOf(activities) });
    const frame = canvas.getByRole('application', { name: t.keyboard });
    const scale = () => canvas.getByText(/^\d+ (k?m)$/).textContent;
    const before = scale();
    frame.focus();
    await userEvent.keyboard('+');
    await waitFor(() => expect(scale()).not.toBe(before));
    await userEvent.keyboard('-');
    await waitFor(() => expect(scale()).toBe(before));
    const box = map.getBoundingClientRect();
    const target = placed
      .filter((activity) => activity.geometry?.type === 'Point')
      .map((activity) => ({ activity, at: screenPointOf(map, activities, activity.id) }))
      .sort(
        (a, b) =>
          Math.hypot(
            a.at.clientX - (box.left + box.width / 2),
            a.at.clientY - (box.top + box.height / 2),
          ) -
          Math.hypot(
            b.at.clientX - (box.left + box.width / 2),
            b.at.clientY - (box.top + box.height / 2),
          ),
      )[0];
    if (!target) throw new Error('the story data has no point');
    await userEvent.keyboard('{ArrowRight}');
    const moved = { clientX: target.at.clientX - box.width / 4, clientY: target.at.clientY };
    await userEvent.pointer({ keys: '[MouseLeft]', target: map, coords: moved });
    await expect(args.onSelect).toHaveBeenCalledWith(target.activity.id);
  },
};

/** Nothing to show yet: the map says so, and so does the list. */
export const Empty: Story = {
  args: { activities: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: summaryOf([]) })).toBeVisible();
    await expect(canvas.getAllByText(t.noActivities)).toHaveLength(2);
  },
};

/** Only the administrative areas are known: nothing is drawn, all are listed as unplaced. */
export const WithoutLocations: Story = {
  args: { activities: activities.slice(0, 8).map((activity) => ({ ...activity, geometry: null })) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(t.noneOnMap)).toBeVisible();
    const list = canvas.getByRole('listbox', { name: t.list });
    await expect(within(list).getByText(t.unplaced('8'))).toBeVisible();
    await expect(within(list).queryByText(t.placed('0'))).toBeNull();
    const first = args.activities[0];
    await userEvent.click(
      within(list).getByRole('option', { name: startsWith(first?.label ?? '') }),
    );
    await expect(args.onSelect).toHaveBeenCalledWith(first?.id);
  },
};

/** The tiles an agency configures are drawn under the features (here made in the page: z/x/y). */
export const WithTiles: Story = {
  args: {
    tileUrl: `data:image/svg+xml,${encodeURIComponent(
      "<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256'>" +
        "<rect width='256' height='256' fill='#ecfdf5' stroke='#a7f3d0'/>" +
        "<text x='128' y='132' font-size='16' text-anchor='middle' fill='#047857'>{z}/{x}/{y}</text></svg>",
    ).replace(/%7B([zxy])%7D/g, '{$1}')}`,
    tileAttribution: '© Peta Contoh',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('© Peta Contoh')).toBeVisible();
    // Busy until every tile on screen has come.
    const map = canvas.getByRole('img', { name: summaryOf(activities) });
    await waitFor(() => expect(map.parentElement).toHaveAttribute('aria-busy', 'false'));
  },
};

/** At 390 px the list sits under the map and nothing is wider than the screen. */
export const Phone: Story = {
  play: async ({ canvas }) => {
    const before = [window.innerWidth, window.innerHeight] as const;
    try {
      const resized = await setViewport(390, 844);
      const map = canvas.getByRole('img', { name: summaryOf(activities) });
      await expect(map).toBeVisible();
      await expect(canvas.getByRole('button', { name: t.zoomIn })).toBeVisible();
      if (resized) {
        const list = canvas.getByRole('listbox', { name: t.list });
        await waitFor(() =>
          expect(list.getBoundingClientRect().top).toBeGreaterThan(
            map.getBoundingClientRect().bottom,
          ),
        );
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      }
    } finally {
      await setViewport(...before);
    }
  },
};
