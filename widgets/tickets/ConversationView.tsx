import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect, useId, useMemo, useState } from 'react';
import { useElementHost } from '../../shared/element';
import { ElementTitle } from '../../shared/element/ElementTitle';
import { formatDate } from '../../shared/format';
import { messageOf } from '../../shared/format/messages';
import type { Attachment } from '../../shared/schemas/tickets';
import type { TicketsStore } from '../../shared/stores/tickets';
import { showToast } from '../../shared/stores/toasts';
import { Button, LoadFailure, Skeleton } from '../../shared/ui';
import { ReplyModal } from './ReplyModal';
import { useSanitizer } from './sanitize';
import { ThreadItem } from './ThreadItem';

export interface ConversationViewProps {
  store: TicketsStore;
  id: number;
  /** Shown as 'Back to tickets' when the element can go back to its list. */
  onBack?: (() => void) | undefined;
}

/** Saves a downloaded file under its name, from inside the shadow root (nothing added to the page). */
function saveBlob(parent: ParentNode & Node, blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  parent.appendChild(link);
  link.click();
  link.remove();
  // Revoked a little later: the download starts asynchronously in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Spec §2 Conversation: subject, start date, the threads, and 'New Reply'. */
export function ConversationView({ store, id, onBack }: ConversationViewProps) {
  const conversation = useMemo(() => store.conversation(id), [store, id]);
  const state = useStore(conversation.$conversation);
  const sanitize = useSanitizer();
  const { container } = useElementHost();
  const [replying, setReplying] = useState(false);
  const headingId = useId();

  useEffect(() => {
    void conversation.load();
  }, [conversation]);

  const download = (attachment: Attachment, event: MouseEvent<HTMLAnchorElement>) => {
    // Files served by the API need the token, which a plain link cannot send: fetched, then saved.
    if (!store.attachmentPath(attachment.web)) return;
    event.preventDefault();
    store
      .downloadAttachment(attachment.web)
      .then((file) => {
        if (file) saveBlob(container ?? document.body, file.blob, file.filename ?? attachment.filename);
      })
      .catch((error: unknown) => showToast({ kind: 'error', message: messageOf(error) }));
  };

  const data = state.data;
  const loading = state.state === 'idle' || state.state === 'loading' || !sanitize;

  return (
    <section className="tickets__conversation" aria-labelledby={headingId} aria-busy={loading}>
      {onBack && (
        <Button variant="link" className="tickets__back" onClick={onBack}>
          Back to tickets
        </Button>
      )}
      <div className="tickets__header">
        <div>
          {data ? (
            // The subject is the conversation's own title, under a page's 'Conversation' too.
            <h2 id={headingId} className="tickets__heading">
              {data.conversation.subject}
            </h2>
          ) : (
            <ElementTitle id={headingId} className="tickets__heading">
              {loading ? (
                // The skeleton is hidden from assistive technology; the heading still needs a name.
                <>
                  <span className="vendor-visually-hidden">Conversation</span>
                  <Skeleton width="16em" height="1em" />
                </>
              ) : (
                'Conversation'
              )}
            </ElementTitle>
          )}
          {data && (
            <p className="tickets__started">
              Started on{' '}
              <time dateTime={data.conversation.createdAt}>{formatDate(data.conversation.createdAt)}</time>
            </p>
          )}
        </div>
        {/* Only a conversation that loaded can take a reply: none for one that failed or does not exist. */}
        {state.state !== 'error' && (
          <Button part="new-reply" disabled={state.state !== 'ready'} onClick={() => setReplying(true)}>
            New Reply
          </Button>
        )}
      </div>
      {state.state === 'error' ? (
        <LoadFailure message={state.error} onRetry={() => void conversation.reload()} />
      ) : loading || !data ? (
        <ThreadSkeleton />
      ) : data.threads.length === 0 ? (
        <p className="tickets__empty">No threads found</p>
      ) : (
        <ol className="tickets__threads" part="threads">
          {data.threads.map((thread) => (
            <ThreadItem key={thread.id} thread={thread} sanitize={sanitize} onDownload={download} />
          ))}
        </ol>
      )}
      <ReplyModal
        conversation={conversation}
        conversationId={id}
        open={replying}
        onClose={() => setReplying(false)}
      />
    </section>
  );
}

const skeletonKeys = ['first', 'second', 'third'];

/** Three message-shaped placeholders, so the thread does not jump when it arrives. */
function ThreadSkeleton() {
  return (
    <ol className="tickets__threads" aria-hidden="true" data-state="loading">
      {skeletonKeys.map((key) => (
        <li key={key} className="tickets__thread">
          <Skeleton circle width={40} height={40} />
          <div className="tickets__message">
            <Skeleton width="40%" height="0.9em" />
            <Skeleton width="90%" height="0.9em" />
            <Skeleton width="70%" height="0.9em" />
          </div>
        </li>
      ))}
    </ol>
  );
}
