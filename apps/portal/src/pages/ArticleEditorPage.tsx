import { ConnectedArticleEditor } from '@ranwal/ui';
import { useNavigate } from 'react-router';

/** `/admin-artikel`: after saving, the admin article list. */
export default function ArticleEditorPage() {
  const navigate = useNavigate();
  return (
    <ConnectedArticleEditor
      onSaved={() => navigate('/admin-list-artikel')}
      onCancel={() => navigate('/admin-list-artikel')}
    />
  );
}
