import { ConnectedArticleManagement } from '@ranwal/ui';

export default function ArticleManagementPage() {
  return <ConnectedArticleManagement />;
}
