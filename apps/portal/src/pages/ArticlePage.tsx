import { ConnectedArticleView } from '@ranwal/ui';
import { useNavigate, useParams } from 'react-router';

/** `/artikel/:slug`: one article, shareable and reloadable. */
export default function ArticlePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <ConnectedArticleView slug={slug} onBack={() => navigate('/')} headingLevel={1} />
    </main>
  );
}
