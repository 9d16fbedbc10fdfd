import { ConnectedPublicHome } from '@ranwal/ui';
import { Link } from 'react-router';

/**
 * `/`: public articles; each card links to the article's own URL (`/artikel/:slug`), so the
 * server-rendered page works before the app's script has loaded.
 */
export default function PublicHomePage() {
  return (
    <ConnectedPublicHome
      signInHref="/login"
      renderLink={({ href, className, children }) => (
        <Link to={href} className={className}>
          {children}
        </Link>
      )}
      articleHref={(article) => `/artikel/${article.slug}`}
    />
  );
}
