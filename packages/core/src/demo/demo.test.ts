import { describe, expect, it } from 'vitest';
import { hierarchyLevelKeys } from '../entity-keys.js';
import { HierarchyImportBatch } from '../schemas.js';
import { DEMO_USER_EMAIL, DemoData, type DemoNode, demoData, demoImportBatch } from './index.js';

/** Each node of the tree as `level: parent > name`, in the tree's order. */
function treeEntries(nodes: readonly DemoNode[], depth = 0, parent = ''): string[] {
  return nodes.flatMap((node) => [
    `${hierarchyLevelKeys[depth]}: ${parent} > ${node.code ?? ''}${node.name}`,
    ...treeEntries(node.children ?? [], depth + 1, node.name),
  ]);
}

/** The same entries read back from a bulk import call, parents through their positions. */
function batchEntries(batch: HierarchyImportBatch): string[] {
  const entries: [string, string][] = [];
  const place = (depth: number, position: number, parent: string) => {
    const key = hierarchyLevelKeys[depth]!;
    const level = batch[key];
    const name = level.name[position]!;
    const code = key === 'account' ? batch.account.code[position] : '';
    entries.push([key, `${key}: ${parent} > ${code}${name}`]);
    const below = hierarchyLevelKeys[depth + 1];
    if (!below || below === 'program') return;
    for (const [child, of] of batch[below].parent.entries()) {
      if (of === position) place(depth + 1, child, name);
    }
  };
  for (const position of batch.program.name.keys()) place(0, position, '');
  return entries.map(([, entry]) => entry);
}

describe('the demo', () => {
  it('is one bulk import call holding each node of its tree once, under its parent', () => {
    const batch = demoImportBatch(demoData.hierarchy);
    expect(HierarchyImportBatch.safeParse(batch).success).toBe(true);
    expect(batchEntries(batch)).toEqual(treeEntries(demoData.hierarchy));
    expect(batch.account.code.length).toBeGreaterThan(10);
  });

  it("puts every programme under the demo's Perangkat Daerah when it has one", () => {
    const batch = HierarchyImportBatch.parse(demoImportBatch(demoData.hierarchy, demoData.agency));
    expect(batch.agency).toEqual({ name: [demoData.agency?.name], code: [demoData.agency?.code] });
    expect(batch.program.parent).toEqual(batch.program.name.map(() => 0));
  });

  it('has its own user, signed in to by stories and the printed first-start password', () => {
    expect(demoData.users).toContainEqual(
      expect.objectContaining({ email: DEMO_USER_EMAIL, role: 'user' }),
    );
  });

  const issuePaths = (demo: DemoData) =>
    DemoData.safeParse(demo).error?.issues.map((issue) => issue.path);

  // Where a name is changed to one the demo lacks, and the field its issue names.
  it.each([
    ['lines', 0, 'subtitle', 'Tidak Ada', 'account'],
    ['lines', 1, 'account', '9.9.99.99.99.9999', 'account'],
    ['lines', 2, 'supporter', 'Bidang Lain', 'supporter'],
    ['lines', 3, 'createdBy', 'siapa@ranwal.local', 'createdBy'],
    ['articles', 4, 'author', 'siapa@ranwal.local', 'author'],
  ] as const)('refuses %s[%i].%s = %j', (list, index, field, value, named) => {
    const demo = structuredClone(demoData);
    (demo[list][index] as Record<string, unknown>)[field] = value;
    expect(issuePaths(demo)).toContainEqual([list, index, named]);
  });

  it("refuses an Anggaran Kas whose months' percentages do not make 100", () => {
    const demo = structuredClone(demoData);
    demo.cashPlan!.percentByMonth[0]! += 1;
    expect(issuePaths(demo)).toContainEqual(['cashPlan', 'percentByMonth']);
  });

  it('refuses a subtitle name twice (lines find their place by it)', () => {
    const demo = structuredClone(demoData);
    demo.hierarchy.push(structuredClone(demo.hierarchy[0]!));
    expect(issuePaths(demo)).toContainEqual(['hierarchy']);
  });
});
