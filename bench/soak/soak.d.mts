// Types of soak.mjs for the reliability suite (TypeScript).
export interface SoakFigures {
  requests: number;
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
export interface SoakResult {
  seconds: number;
  warmup: number;
  rate: number;
  connections: number;
  list: SoakFigures;
  create: SoakFigures;
  warmupErrors: number;
  rss: {
    start: number;
    end: number;
    change: number;
    min: number;
    max: number;
    samples: { at: number; rss: number }[];
  };
  linesStored: number;
  linesAcknowledged: number;
  serverRunning: boolean;
  loadAverage: { start: number[]; end: number[] };
  machine: string;
}
export function runSoak(options?: {
  pgUrl?: string;
  seconds?: number;
  warmup?: number;
  rate?: number;
  connections?: number;
  sampleSeconds?: number;
  log?: (line: string) => void;
}): Promise<SoakResult>;
export function describeSoak(result: SoakResult): string;
export function rssMegabytes(pid: number): number;
