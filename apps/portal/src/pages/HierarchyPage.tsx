import { ConnectedHierarchyManager } from '@ranwal/ui';
import { useLocation } from 'react-router';
import { entityPaths } from '../routes.js';

/** One page for the six hierarchy levels and Pengampu, chosen by the path. */
export default function HierarchyPage() {
  const { pathname } = useLocation();
  const entity = entityPaths[pathname] ?? 'program';
  return <ConnectedHierarchyManager key={entity} entity={entity} />;
}
