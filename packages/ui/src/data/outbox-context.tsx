import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useInsertionEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import {
  broadcastOutboxChanges,
  createOutbox,
  indexedDbOutboxStore,
  noOutboxChanges,
  type Outbox,
  type OutboxEntry,
  type OutboxItem,
  type OutboxOptions,
  type OutboxState,
  type OutboxStore,
  type SendOutboxItem,
} from './outbox.js';

const OutboxContext = createContext<Outbox | null>(null);

export interface OutboxProviderProps
  extends Pick<OutboxOptions, 'network' | 'timeoutMs' | 'retryDelaysMs' | 'refusal' | 'exclusive'> {
  /**
   * Sends one item with its id as the Idempotency-Key: the app passes its API client's call (the
   * library makes no HTTP call itself). Rejects with the call's error.
   */
  send: SendOutboxItem;
  /** Whose items these are: each person has a store of their own (`indexedDbOutboxStore`). */
  owner: string;
  /** Where items wait; the owner's IndexedDB store by default. */
  store?: OutboxStore;
  children?: ReactNode;
}

/**
 * One outbox for the screens below: the field report puts submissions in it, `OutboxStatus`
 * lists what still waits. It starts sending when mounted (what an earlier visit left included).
 */
export function OutboxProvider({
  send,
  owner,
  store,
  network,
  timeoutMs,
  retryDelaysMs,
  refusal,
  exclusive,
  children,
}: OutboxProviderProps) {
  // The latest `send` (a new client after signing in again), without a new outbox.
  const latestSend = useRef(send);
  useInsertionEffect(() => {
    latestSend.current = send;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: timings are read once per outbox
  const outbox = useMemo(
    () =>
      createOutbox({
        store: store ?? indexedDbOutboxStore(owner),
        // The person's other tabs hear of each change to their store (not a given test store's).
        changes: store ? noOutboxChanges : broadcastOutboxChanges(`ranwal-outbox-${owner}`),
        send: (item, signal) => latestSend.current(item, signal),
        ...(network ? { network } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(retryDelaysMs ? { retryDelaysMs } : {}),
        ...(refusal ? { refusal } : {}),
        ...(exclusive ? { exclusive } : {}),
      }),
    [owner, store, network],
  );
  useEffect(() => outbox.start(), [outbox]);
  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

export interface UseOutbox extends OutboxState {
  /** Stores submissions (each with its own key) and starts sending them if online. */
  enqueue: (entries: readonly OutboxEntry[]) => Promise<OutboxItem[]>;
  /** Drops an item that is not being sent. */
  discard: (id: string) => Promise<void>;
  /** Tries now instead of waiting for the next retry. */
  sendNow: () => Promise<void>;
}

/** The outbox of the nearest `OutboxProvider`: its items, the connection, and its actions. */
export function useOutbox(): UseOutbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox needs an OutboxProvider above it');
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
  return { ...state, enqueue: outbox.enqueue, discard: outbox.discard, sendNow: outbox.flush };
}
