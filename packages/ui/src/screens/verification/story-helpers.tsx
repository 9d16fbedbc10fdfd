import type { RanwalClient, Session, User } from '@ranwal/core';
import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { ToastProvider } from '../../components/Toast.js';
import { RanwalProvider } from '../../data/RanwalProvider.js';
import {
  createSandboxClient,
  demoCredentials,
  demoSeed,
  withAgencies,
} from '../../testing/sandbox-client.js';
import { seedSession } from '../user-dashboard/story-data.js';

/*
 * Story support only (not exported by the package): sandbox clients over the demo with two
 * Perangkat Daerah, the admin writing and the demo user answering on one store.
 */

export const storyAdminSession: Session = {
  token: 'story-admin',
  userId: 'admin-1',
  userName: 'Administrator',
  userEmail: 'admin@ranwal.local',
  userRole: 'admin',
};
export const storyUserSession: Session = {
  token: 'story-user',
  userId: 'user-1',
  userName: 'Pengguna Demo',
  userEmail: demoCredentials.user.email,
  userRole: 'user',
};

/** The text of the note the seeded client holds on the demo user's first 2025 line. */
export const seededNote = 'Mohon lampirkan spesifikasi teknis timbangan.';

/** An admin's client, a user's on the same store, and (`withNote`) a note on the user's line. */
export async function verificationClients({ withNote }: { withNote: boolean }) {
  const admin = createSandboxClient({ seed: withAgencies(demoSeed) });
  const users = await admin.user.list({ limit: 100 });
  const person = users.data.find((u) => u.email === demoCredentials.user.email);
  const user = createSandboxClient({ sharedWith: admin, currentUser: person ?? null });
  if (withNote) {
    const lines = await user.budgetLine.list({ year: 2025, limit: 1 });
    const line = lines.data[0];
    if (line) await admin.verification.create({ line_id: line.id, body: seededNote });
  }
  return { admin, user };
}

/**
 * The demo with two Perangkat Daerah read by a verifier of one of them (Bappeda, whose are every
 * programme but the first): the client and its session.
 */
export function verifierOfOneUnit() {
  return verifierOf((unit) => [unit.id]);
}

/** The same demo read by a verifier whom no Perangkat Daerah has been given yet. */
export function verifierWithoutUnit() {
  return verifierOf(() => []);
}

function verifierOf(unitsOf: (bappeda: { id: string }) => string[]) {
  const seed = withAgencies(demoSeed);
  const unit = seed.entities.agency.find((row) => row.code !== null)!;
  const verifier: User = {
    id: crypto.randomUUID(),
    name: 'Verifikator Bappeda',
    email: 'verifikator.bappeda@ranwal.local',
    role: 'verifier',
    agency_ids: unitsOf(unit),
  };
  return {
    client: createSandboxClient({ seed, currentUser: verifier }),
    session: seedSession(verifier),
    unit,
  };
}

/** A screen in the providers, as `loaded.client` and `loaded.session` say. */
export const withLoadedClient: Decorator = (Story, { loaded }) => {
  const { client, session } = loaded as { client: RanwalClient; session: Session };
  return (
    <StoryProviders client={client} session={session}>
      <Story />
    </StoryProviders>
  );
};

function StoryProviders({
  client,
  session,
  children,
}: {
  client: RanwalClient;
  session: Session;
  children: ReactNode;
}) {
  return (
    <RanwalProvider client={client} session={session}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50 p-4">{children}</div>
      </ToastProvider>
    </RanwalProvider>
  );
}
