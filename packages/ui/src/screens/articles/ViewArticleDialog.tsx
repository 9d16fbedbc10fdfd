import type { Article } from '@ranwal/core';
import { Button } from '../../components/Button.js';
import { Dialog, Modal } from '../../components/Dialog.js';
import { LoadingState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn, focusVisibleRing } from '../../lib/cn.js';
import { ArticleView } from './ArticleView.js';

export interface ViewArticleDialogProps {
  /** The loaded detail; null while it loads. */
  article: Article | null;
  onClose: () => void;
}

/** The management page's view action: the article as the public sees it, in a dialog. */
export function ViewArticleDialog({ article, onClose }: ViewArticleDialogProps) {
  const messages = useMessages();
  return (
    <Modal size="lg" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Dialog
        title={messages.articles.management.viewTitle}
        footer={({ close }) => (
          <Button variant="secondary" onPress={close}>
            {messages.common.close}
          </Button>
        )}
      >
        {article ? (
          // Focusable, so the keyboard can scroll an article taller than the dialog.
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the content of a scrolling region
            tabIndex={0}
            className={cn('rounded-md', focusVisibleRing, 'focus-visible:outline-offset-4')}
          >
            <ArticleView
              article={article}
              className="[&_article]:border-0 [&_article]:shadow-none"
            />
          </div>
        ) : (
          <LoadingState />
        )}
      </Dialog>
    </Modal>
  );
}
