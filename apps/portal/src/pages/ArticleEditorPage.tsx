import { ConnectedArticleEditor } from '@ranwal/ui';
import { useLocation, useNavigate } from 'react-router';

/** `/admin-artikel`: after saving, the admin article list. */
export default function ArticleEditorPage() {
  const navigate = useNavigate();
  // Every visit starts a new article, even one that comes back before the list has shown.
  const { key } = useLocation();
  return (
    <ConnectedArticleEditor
      key={key}
      onSaved={() => navigate('/admin-list-artikel')}
      onCancel={() => navigate('/admin-list-artikel')}
    />
  );
}
