import { ConnectedFundingSources } from '@ranwal/ui';

/** `/admin-sumber-dana`: the region's sumber dana (issue 36). */
export default function FundingSourcesPage() {
  return <ConnectedFundingSources />;
}
