import { useState } from 'react';
import {
  type MapActivity,
  RegionMap,
} from '../../../packages/ui/src/screens/evidence/RegionMap.js';

/** The map as a page holds it: the selection is the page's. */
export function MapPage({ activities }: { activities: MapActivity[] }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  return (
    <RegionMap
      activities={activities}
      selectedId={selectedId}
      onSelect={setSelectedId}
      height={560}
    />
  );
}
