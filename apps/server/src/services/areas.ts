import {
  type Area,
  areaCodePath,
  areaLevelOf,
  issuesRefusal,
  messagesId,
  refusals,
} from '@ranwal/core';
import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';

/**
 * Indonesia's administrative areas with their Kemendagri codes, from the maintained
 * `idn-area-data` package (its CSVs, read once per process on first use: about 91 000 areas,
 * ~0.4 s and ~20 MB). Nothing is copied into the database: a newer package is newer data.
 * Version 3 is used because 4 needs Node 22.
 */
interface AreaIndex {
  byCode: Map<string, Area>;
  children: Map<string, Area[]>;
  all: Area[];
}

const ROOT = '';
const SEARCH_LIMIT = 50;

async function loadAreas(): Promise<AreaIndex> {
  const [provinces, regencies, districts, villages] = await Promise.all([
    getProvinces(),
    getRegencies(),
    getDistricts(),
    getVillages(),
  ]);
  const byCode = new Map<string, Area>();
  const children = new Map<string, Area[]>();
  const all: Area[] = [];
  const add = (code: string, name: string, parent: string) => {
    const area: Area = { code, name, level: areaLevelOf(code) };
    byCode.set(code, area);
    all.push(area);
    const siblings = children.get(parent);
    if (siblings) siblings.push(area);
    else children.set(parent, [area]);
  };
  for (const row of provinces) add(row.code, row.name, ROOT);
  for (const row of regencies) add(row.code, row.name, row.province_code);
  for (const row of districts) add(row.code, row.name, row.regency_code);
  for (const row of villages) add(row.code, row.name, row.district_code);
  for (const list of children.values()) list.sort((a, b) => a.code.localeCompare(b.code));
  return { byCode, children, all };
}

let loaded: Promise<AreaIndex> | undefined;
const areas = () => {
  loaded ??= loadAreas().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
};

const texts = messagesId.location;
const notFound = () => refusals.notFound(texts.area);

export const areaService = {
  /** The areas under `parent` (provinces without one), or up to 50 whose name holds `search`. */
  async list(query: { parent?: string | undefined; search?: string | undefined }): Promise<Area[]> {
    const index = await areas();
    if (query.parent !== undefined && !index.byCode.has(query.parent)) throw notFound();
    const search = query.search?.toLowerCase();
    if (!search) return index.children.get(query.parent ?? ROOT) ?? [];
    const within = query.parent ? `${query.parent}.` : '';
    const found: Area[] = [];
    for (const area of index.all) {
      if (within && !area.code.startsWith(within)) continue;
      if (!area.name.toLowerCase().includes(search)) continue;
      found.push(area);
      if (found.length === SEARCH_LIMIT) break;
    }
    return found;
  },

  /** The areas from the province down to `code`; a 400 on `field` for an unknown code. */
  async path(code: string, field = 'area_code'): Promise<Area[]> {
    const index = await areas();
    const path = areaCodePath(code).map((part) => index.byCode.get(part));
    if (path.some((area) => area === undefined)) {
      throw issuesRefusal([{ path: field, message: texts.unknownArea(code) }]);
    }
    return path as Area[];
  },
};
