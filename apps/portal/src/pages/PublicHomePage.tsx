import { ConnectedPublicHome } from '@ranwal/ui';
import { Link, useNavigate } from 'react-router';

/** `/`: public articles; an opened article gets its own URL (`/artikel/:slug`). */
export default function PublicHomePage() {
  const navigate = useNavigate();
  return (
    <ConnectedPublicHome
      signInHref="/login"
      renderLink={({ href, className, children }) => (
        <Link to={href} className={className}>
          {children}
        </Link>
      )}
      onOpenArticle={(article) => navigate(`/artikel/${article.slug}`)}
    />
  );
}
