import { type ManagedEntityKey, managedEntityKeys } from '@ranwal/core';
import { activeAdminNavItem, ConnectedHierarchyManager } from '@ranwal/ui';
import { useLocation } from 'react-router';

const isEntity = (key: string | undefined): key is ManagedEntityKey =>
  (managedEntityKeys as readonly (string | undefined)[]).includes(key);

/** One page for the agencies, the six levels and Pengampu, chosen by the sidebar entry of the path. */
export default function HierarchyPage() {
  const { pathname } = useLocation();
  const key = activeAdminNavItem(pathname)?.key;
  const entity = isEntity(key) ? key : 'program';
  return <ConnectedHierarchyManager key={entity} entity={entity} />;
}
