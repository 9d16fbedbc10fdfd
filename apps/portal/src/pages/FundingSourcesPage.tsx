import { ConnectedFundingSources, ConnectedSubActionFunding } from '@ranwal/ui';

/**
 * `/admin-sumber-dana`: the region's sumber dana, and below them the sources of each sub
 * kegiatan per year (issue 36).
 */
export default function FundingSourcesPage() {
  return (
    <div className="flex flex-col gap-6">
      <ConnectedFundingSources />
      <ConnectedSubActionFunding />
    </div>
  );
}
