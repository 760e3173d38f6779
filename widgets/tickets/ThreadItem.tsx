import { type MouseEvent, useMemo } from 'react';
import { safeHttpUrl } from '../../shared/api/safe-url';
import { formatDate, shortenFileName } from '../../shared/format';
import type { Attachment, Thread } from '../../shared/schemas/tickets';
import { Avatar } from '../../shared/ui/Avatar';
import type { Sanitize } from './sanitize';

export interface ThreadItemProps {
  thread: Thread;
  sanitize: Sanitize;
  onDownload: (attachment: Attachment, event: MouseEvent<HTMLAnchorElement>) => void;
}

const authorName = (thread: Thread) =>
  `${thread.createdBy.first ?? ''} ${thread.createdBy.last ?? ''}`.trim();

/**
 * One entry of a conversation (spec §2 Conversation): a message styled by `source.via` (support or the
 * customer's own), or the closing line 'Thread is marked as closed by {name} in {date}'.
 */
export function ThreadItem({ thread, sanitize, onDownload }: ThreadItemProps) {
  const name = authorName(thread);
  const via = thread.source.via === 'customer' ? 'self' : 'support';
  // Sanitized again here whatever the server did: the body goes into the page as HTML.
  const body = useMemo(() => sanitize(thread.body ?? ''), [sanitize, thread.body]);

  if (thread.status === 'closed') {
    return (
      <li className="tickets__thread tickets__thread--closed" part="thread-closed">
        <p>{`Thread is marked as closed by ${name} in ${formatDate(thread.createdAt)}`}</p>
      </li>
    );
  }

  return (
    <li className="tickets__thread" data-via={via} part={`thread thread-${via}`}>
      <Avatar name={name} src={thread.createdBy.photoUrl} size={40} />
      <article
        className="tickets__message"
        aria-label={`${name}, ${formatDate(thread.createdAt, { withTime: true })}`}
      >
        <header className="tickets__message-head">
          <span className="tickets__author">{name}</span>
          <time dateTime={thread.createdAt}>{formatDate(thread.createdAt, { withTime: true })}</time>
        </header>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list and again by DOMPurify just above. */}
        <div className="tickets__body" dangerouslySetInnerHTML={{ __html: body }} />
        {(thread.attachments?.length ?? 0) > 0 && (
          <ul className="tickets__links" aria-label="Attachments">
            {thread.attachments?.map((attachment) => (
              <AttachmentLink key={attachment.id} attachment={attachment} onDownload={onDownload} />
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

function AttachmentLink({
  attachment,
  onDownload,
}: {
  attachment: Attachment;
  onDownload: ThreadItemProps['onDownload'];
}) {
  const href = safeHttpUrl(attachment.web);
  if (!href) return <li>{shortenFileName(attachment.filename)}</li>;
  return (
    <li>
      <a
        href={href}
        download={attachment.filename}
        title={attachment.filename}
        rel="noopener noreferrer"
        part="attachment"
        onClick={(event) => onDownload(attachment, event)}
      >
        {shortenFileName(attachment.filename)}
      </a>
    </li>
  );
}
