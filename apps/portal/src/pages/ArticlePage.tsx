import { messagesId } from '@ranwal/core';
import { ConnectedPublicHome, useArticle } from '@ranwal/ui';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

/** `/artikel/:slug`: one article under the public header, shareable and reloadable. */
export default function ArticlePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  // The same read as the page's own (one cached query): the tab is named after the article.
  const title = useArticle(slug).data?.data.title;
  useEffect(() => {
    document.title = messagesId.app.tabTitle(title ?? messagesId.app.pageTitles.home);
  }, [title]);
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
