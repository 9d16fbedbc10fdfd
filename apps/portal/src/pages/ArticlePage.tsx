import { ConnectedPublicHome } from '@ranwal/ui';
import { Link, useNavigate, useParams } from 'react-router';

/** `/artikel/:slug`: one article under the public header, shareable and reloadable. */
export default function ArticlePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  return (
    <ConnectedPublicHome
      articleSlug={slug}
      onCloseArticle={() => navigate('/')}
      signInHref="/login"
      renderLink={({ href, className, children }) => (
        <Link to={href} className={className}>
          {children}
        </Link>
      )}
    />
  );
}
