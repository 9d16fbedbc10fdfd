// Types of streaming-replica.mjs for the TypeScript suites.
export interface StreamingReplica {
  /** A database `name` on the primary, and the same on the replica. */
  primaryUrl(name?: string): string;
  replicaUrl(name?: string): string;
  /** Stops replaying WAL on the replica (it keeps receiving): its answers stay as they are. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  close(): Promise<void>;
}
export function startStreamingReplica(): Promise<StreamingReplica>;
