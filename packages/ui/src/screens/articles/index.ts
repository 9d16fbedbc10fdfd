export {
  ArticleEditor,
  type ArticleEditorProps,
  ConnectedArticleEditor,
  type ConnectedArticleEditorProps,
} from './ArticleEditor.js';
export {
  ArticleManagement,
  type ArticleManagementProps,
  ConnectedArticleManagement,
} from './ArticleManagement.js';
export {
  ArticleView,
  type ArticleViewProps,
  ConnectedArticleView,
  type ConnectedArticleViewProps,
} from './ArticleView.js';
export {
  ConnectedPublicHome,
  type ConnectedPublicHomeProps,
  type LinkRenderer,
  PublicHome,
  type PublicHomeProps,
  prefetchPublicHome,
} from './PublicHome.js';
export { sanitizeArticleHtml, setArticleSanitizerOutsideBrowser } from './sanitize-html.js';
