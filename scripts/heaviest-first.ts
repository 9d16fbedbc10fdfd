import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type Reporter, type TestModule, type TestSpecification } from 'vitest/node';

/**
 * Seconds each test file took in a whole CI run (`RANWAL_WRITE_TEST_SECONDS=1 npm test` writes
 * them, see TestSecondsRecorder), keyed as Vitest's own cache keys them: `<project>:<path from the repository's root>`.
 */
const SECONDS_FILE = path.join(import.meta.dirname, 'test-file-seconds.json');

function keptSeconds(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(SECONDS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** A project whose files take less than this in all runs before the long ones. */
const SHORT_PROJECT_SECONDS = 60;

/**
 * Within each project, the files that took longest start first, so the two workers end
 * together instead of one running a minute-long file alone at the end of the run. Vitest does
 * this from its cache of the last run's durations; a fresh clone (CI) has none and falls back
 * to file size, which put the slowest server suite, a small file, near the end
 * (docs/performance.md). The kept seconds stand in for the cache where it has no result.
 * Projects keep Vitest's order (by name): a worker reuses its module graph, and the journeys
 * their browser, only from one file of a project to the next. But a project whose files take
 * under a minute in all goes before the long ones: last by name, ui-node's 20 s ran on one
 * worker after every other file had ended, a core idle (docs/performance.md).
 */
export class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const kept = keptSeconds();
    const firstOfProject = new Map<string, number>();
    const entries = base.map((spec, index) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (!firstOfProject.has(spec.project.name)) firstOfProject.set(spec.project.name, index);
      return {
        spec,
        index,
        project: firstOfProject.get(spec.project.name)!,
        // A file never measured goes first, as Vitest's own order has it.
        seconds: cached ? cached.duration / 1000 : (kept[key] ?? Number.POSITIVE_INFINITY),
      };
    });
    const projectSeconds = new Map<number, number>();
    for (const entry of entries) {
      projectSeconds.set(entry.project, (projectSeconds.get(entry.project) ?? 0) + entry.seconds);
    }
    const long = (project: number) =>
      projectSeconds.get(project)! < SHORT_PROJECT_SECONDS ? 0 : 1;
    return entries
      .sort(
        (a, b) =>
          long(a.project) - long(b.project) ||
          a.project - b.project ||
          b.seconds - a.seconds ||
          a.index - b.index,
      )
      .map((entry) => entry.spec);
  }
}

/**
 * Writes each file's seconds into the kept list when RANWAL_WRITE_TEST_SECONDS=1: best from a
 * whole run on a fresh clone (`CI=true`), whose load each file's figure reflects.
 */
export class TestSecondsRecorder implements Reporter {
  private readonly seconds: Record<string, number> = {};
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule) {
    const key = `${module.project.name}:${path.relative(this.root, module.moduleId)}`;
    this.seconds[key] = Math.round(module.diagnostic().duration / 100) / 10;
  }

  onTestRunEnd() {
    if (process.env.RANWAL_WRITE_TEST_SECONDS !== '1') return;
    // This run's files over the kept ones; files that are gone leave the list.
    const merged = Object.entries({ ...keptSeconds(), ...this.seconds }).filter(([key]) =>
      existsSync(path.join(this.root, key.slice(key.indexOf(':') + 1))),
    );
    const sorted = Object.fromEntries(merged.sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(SECONDS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}
